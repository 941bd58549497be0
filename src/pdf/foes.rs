//! An encounter's adversaries printed as cards: one stat-block card for each kind of
//! adversary in the fight, then the reference cards for the conditions and spells they
//! bring, packed two columns to a page by the same placing as a character's cards.

use super::canvas::Canvas;
use super::cards::{place, Card};
use super::sheet::{accent, running_header};
use super::{footers, Page, PdfOptions, Prepared};
use crate::error::{Error, Result};
use crate::model::Entry;
use crate::rulebook::Rulebook;

/// One kind of adversary in the fight, as its card prints: its entry (name, summary,
/// source), the stat block's lines, and who in the fight it is ("×3: Goblin 1–3").
pub struct FoeCard {
    pub entry: Entry,
    pub lines: Vec<String>,
    pub who: String,
    /// The reference entries it brings (its spells, weapons and starting conditions),
    /// with why ("Used by Goblin").
    pub references: Vec<(String, String)>,
}

/// The most kinds of adversary one sheet of cards holds (an encounter holds at most 200
/// combatants, so this is never reached by one).
const MAX_FOES: usize = 200;

/// The cards of encounter `title` of `system`: every foe's stat block, then (unless
/// `opts.cards` is off) each reference entry they bring, once.
///
/// # Errors
/// [`Error::InvalidInput`] for no foes to print; [`Error::NotFound`] for a reference the
/// book lacks.
pub fn prepare(
    book: &dyn Rulebook,
    system: &crate::model::System,
    title: &str,
    foes: Vec<FoeCard>,
    opts: &PdfOptions,
) -> Result<Prepared> {
    if foes.is_empty() {
        return Err(Error::InvalidInput(format!("{title} has no adversaries to print")));
    }
    if foes.len() > MAX_FOES {
        return Err(Error::InvalidInput(format!("at most {MAX_FOES} kinds of adversary print at once")));
    }
    let mut references: Vec<(String, String)> = Vec::new();
    let mut cards: Vec<Card> = Vec::new();
    for f in foes {
        for (id, why) in f.references {
            if !references.iter().any(|(r, _)| *r == id) {
                references.push((id, why));
            }
        }
        cards.push(Card { number: cards.len() + 1, entry: f.entry, why: f.who, facts: f.lines, stat_block: true });
    }
    if opts.cards {
        for (id, why) in references {
            let entry = book.show(&id)?;
            let facts = if entry.facts.is_empty() { Vec::new() } else { vec![entry.facts.join(" · ")] };
            cards.push(Card { number: cards.len() + 1, entry, why, facts, stat_block: false });
        }
    }
    let page = Page::new(opts.paper);
    let style = crate::systems::require(&system.id)?.style();
    let accent = accent(&style);
    let what = "Adversary cards";
    let mut first = Canvas::new(page.height);
    let used = running_header(&mut first, title, &system.name, what, &page, accent);
    let mut pages = vec![first];
    place(&cards, &mut pages, used, title, &system.name, what, &page, accent);
    footers(&mut pages, title, &system.name, &page, accent);
    let id = {
        use sha2::{Digest, Sha256};
        let mut h = Sha256::new();
        h.update(env!("CARGO_PKG_VERSION").as_bytes());
        for c in &cards {
            h.update(serde_json::to_vec(&(&c.entry.id, &c.entry.name, &c.why, &c.facts)).expect("plain data"));
        }
        h.update(serde_json::to_vec(opts).expect("plain data"));
        h.finalize()[..16].to_vec()
    };
    Ok(Prepared { pages, title: format!("{title} — adversary cards"), id, opts: opts.clone(), page })
}
