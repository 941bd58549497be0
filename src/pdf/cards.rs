//! Reference cards: after a character's sheet, one card for each condition, spell,
//! maneuver or special effect on the character or usable by them, with the entry's
//! summary (Tome's own words), its numbers and its source. Cards are measured before
//! they are placed and packed down two columns, never split across a page or column.

use std::collections::{HashMap, HashSet};

use crate::characters::Character;
use crate::error::Result;
use crate::model::{Detail, Entry};
use crate::rulebook::Rulebook;
use crate::Kind;

use super::canvas::{Canvas, Rgb8, Style};
use super::flow::GUTTER;
use super::fonts::Weight;
use super::sheet::{has_card, running_header, BODY, RUNNING_HEADER_H, SMALL, TINY};
use super::Page;

/// One card to print.
pub(crate) struct Card {
    pub number: usize,
    pub entry: Entry,
    /// Why it is on the character's cards ("Condition on the character").
    pub why: String,
    /// Extra lines of numbers: a spell's roll and range, a maneuver's cost.
    pub facts: Vec<String>,
    /// Its facts are a stat block to read at the table, printed as large as the summary
    /// and before it (an adversary's card); a reference card's are small print after it.
    pub stat_block: bool,
}

/// The cards of `c`, numbered from 1: conditions, spells, then carried special effects,
/// then what the character can use (an MLAF position's racial spell, the system's
/// maneuvers). `entries` holds the entries the sheet references.
pub(crate) fn collect(tome: &dyn Rulebook, c: &Character, entries: &HashMap<String, Entry>) -> Result<Vec<Card>> {
    let mut picked: Vec<(String, &'static str)> = Vec::new();
    for r in &c.conditions {
        picked.push((r.entry_id.clone(), "On the character"));
    }
    for r in &c.spells {
        picked.push((r.entry_id.clone(), "Known"));
    }
    for i in &c.items {
        if has_card(i.kind) {
            picked.push((i.entry_id.clone(), "Carried"));
        }
        if let Some(Some(Detail::Position(p))) = entries.get(&i.entry_id).map(|e| &e.detail) {
            if let Some(spell) = &p.spell_id {
                picked.push((spell.clone(), "Racial spell"));
            }
        }
    }
    // Maneuvers any character of the system can attempt (a handful per system).
    for m in tome.list(Kind::Maneuver, Some(&c.system))? {
        picked.push((m.id, "Usable by anyone"));
    }

    let mut seen = HashSet::new();
    let mut cards = Vec::new();
    for (id, why) in picked {
        if !seen.insert(id.clone()) {
            continue;
        }
        let entry = match entries.get(&id) {
            Some(e) => e.clone(),
            None => tome.show(&id)?,
        };
        // The entry's facts run on as one paragraph: a card has no room for a line each.
        let facts = if entry.facts.is_empty() { Vec::new() } else { vec![entry.facts.join(" · ")] };
        cards.push(Card { number: cards.len() + 1, entry, why: why.to_string(), facts, stat_block: false });
    }
    Ok(cards)
}

const NAME: Style = Style::new(10.5, Weight::Bold, Rgb8::BLACK);
const CARD_PAD: f32 = 7.0;
const CARD_GAP: f32 = 8.0;

/// A card laid out for a width: its lines and total height.
struct Laid {
    stat_block: bool,
    tag: String,
    why: String,
    name: Vec<String>,
    summary: Vec<String>,
    facts: Vec<String>,
    source: Vec<String>,
    height: f32,
}

fn lay_out(card: &Card, width: f32, max_height: f32) -> Laid {
    let inner = width - 2.0 * CARD_PAD;
    let e = &card.entry;
    let name = NAME.wrap(&e.name, inner);
    // An adversary typed for the fight may have no summary: no blank line for it.
    let mut summary = if e.summary.is_empty() { Vec::new() } else { BODY.wrap(&e.summary, inner) };
    let fact_style = facts_style(card.stat_block);
    let mut facts: Vec<String> = card.facts.iter().flat_map(|f| fact_style.wrap(f, inner)).collect();
    let source = TINY.wrap(&format!("Source: {}, “{}”", e.source.document, e.source.section), inner);
    let fixed = |summary_lines: usize, fact_lines: usize| {
        2.0 * CARD_PAD
            + 10.0
            + name.len() as f32 * NAME.line()
            + 2.0
            + summary_lines as f32 * BODY.line()
            + if fact_lines == 0 { 0.0 } else { 3.0 + fact_lines as f32 * fact_style.line() }
            + 4.0
            + source.len() as f32 * TINY.line()
    };
    // A card never breaks; one too tall for a whole column (no summary is near that
    // long) is shortened rather than split: its summary first, then a stat block's last
    // lines (an adversary with dozens of attacks).
    let shorten = |lines: &mut Vec<String>| {
        lines.pop();
        if let Some(last) = lines.last_mut() {
            last.push('…');
        }
    };
    while fixed(summary.len(), facts.len()) > max_height && summary.len() > 1 {
        shorten(&mut summary);
    }
    while fixed(summary.len(), facts.len()) > max_height && facts.len() > 1 {
        shorten(&mut facts);
    }
    Laid {
        stat_block: card.stat_block,
        tag: format!("#{}  {}", card.number, kind_label(e.kind).to_uppercase()),
        why: card.why.clone(),
        height: fixed(summary.len(), facts.len()),
        name,
        summary,
        facts,
        source,
    }
}

/// How a card's facts print: a stat block as large as the summary, reference numbers small.
fn facts_style(stat_block: bool) -> Style {
    if stat_block {
        BODY
    } else {
        SMALL.with(Rgb8::INK)
    }
}

/// The kind as a card's tag names it: "special-effect" → "special effect".
fn kind_label(k: Kind) -> String {
    k.as_str().replace('-', " ")
}

fn draw(c: &mut Canvas, l: &Laid, x: f32, y: f32, w: f32, accent: Rgb8) {
    c.dashed_rect(x, y, w, l.height, Rgb8::LIGHT, 0.6);
    c.fill_rect(x, y, w, 3.0, accent);
    let ix = x + CARD_PAD;
    let mut cy = y + CARD_PAD;
    c.text(ix, cy, Style::new(6.0, Weight::Bold, accent), &l.tag);
    c.text_right(x + w - CARD_PAD, cy, TINY, &l.why);
    cy += 10.0;
    cy += c.lines(ix, cy, NAME, &l.name) + 2.0;
    let facts_style = facts_style(l.stat_block);
    if l.stat_block {
        cy += c.lines(ix, cy, facts_style, &l.facts) + 3.0;
        cy += c.lines(ix, cy, BODY.with(Rgb8::GREY), &l.summary);
    } else {
        cy += c.lines(ix, cy, BODY, &l.summary);
        if !l.facts.is_empty() {
            cy += 3.0;
            cy += c.lines(ix, cy, facts_style, &l.facts);
        }
    }
    cy += 4.0;
    c.lines(ix, cy, TINY, &l.source);
}

const HEADING_H: f32 = 22.0;

/// Where a card went: its page (index into the character's pages), column, top and
/// height.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Placed {
    pub page: usize,
    pub col: usize,
    pub top: f32,
    pub height: f32,
}

/// Places the cards after the sheet: under it on its last page when the heading and
/// the first card fit there (`used` is how far down that page is used), then on new
/// pages, down the left column and then the right. `what` heads them ("Reference
/// cards") and names their pages.
#[allow(clippy::too_many_arguments)] // each is one part of where the cards go
pub(crate) fn place(
    cards: &[Card],
    pages: &mut Vec<Canvas>,
    used: f32,
    name: &str,
    system: &str,
    what: &str,
    page: &Page,
    accent: Rgb8,
) -> Vec<Placed> {
    let mut placed = Vec::new();
    if cards.is_empty() {
        return placed;
    }
    let col_w = (page.content_width() - GUTTER) / 2.0;
    let bottom = page.body_bottom();
    let new_page = |pages: &mut Vec<Canvas>| {
        let mut c = Canvas::new(page.height);
        let top = running_header(&mut c, name, system, what, page, accent);
        pages.push(c);
        top
    };
    let fresh_top = page.margin + RUNNING_HEADER_H;
    let max_h = bottom - fresh_top;
    let laid: Vec<Laid> = cards.iter().map(|c| lay_out(c, col_w, max_h)).collect();

    let mut top = if used + HEADING_H + laid[0].height <= bottom {
        let c = pages.last_mut().expect("the sheet has a page");
        heading(c, page, used, what, accent);
        used + HEADING_H
    } else {
        new_page(pages)
    };
    // Down the left column, then down the right, then a new page: the cards read in
    // order down each column, as a printed reference does.
    let (mut col, mut y) = (0, top);
    for l in &laid {
        let fits = |y: f32| y + l.height <= bottom + 0.01;
        if !fits(y) && col == 0 {
            (col, y) = (1, top);
        }
        if !fits(y) {
            top = new_page(pages);
            (col, y) = (0, top);
        }
        let x = page.margin + col as f32 * (col_w + GUTTER);
        draw(pages.last_mut().expect("a page was started"), l, x, y, col_w, accent);
        placed.push(Placed { page: pages.len() - 1, col, top: y, height: l.height });
        y += l.height + CARD_GAP;
    }
    placed
}

/// The band that starts the cards under a sheet.
fn heading(c: &mut Canvas, page: &Page, y: f32, what: &str, accent: Rgb8) {
    let left = page.margin;
    let right = page.width - page.margin;
    c.line(left, y + 2.0, right, y + 2.0, accent, 1.2);
    c.text(left, y + 5.0, Style::new(8.0, Weight::Bold, accent), &what.to_uppercase());
    c.text_right(right, y + 6.0, TINY, "Cut along the dashed lines");
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pdf::Paper;
    use crate::Tome;

    /// Every MythCraft condition on one character: enough cards for several pages.
    fn many_cards(tome: &mut Tome) -> (Character, Vec<Card>) {
        let mut c = tome.create_character("mythcraft", "Everything at once").unwrap();
        for cond in tome.list(Kind::Condition, Some("mythcraft")).unwrap() {
            c.conditions.push(tome.character_ref(&cond.id).unwrap());
        }
        let entries = c.conditions.iter().map(|r| (r.entry_id.clone(), tome.show(&r.entry_id).unwrap())).collect();
        let cards = collect(tome, &c, &entries).unwrap();
        (c, cards)
    }

    #[test]
    fn cards_are_numbered_once_each_in_order() {
        let mut tome = Tome::open_in_memory().unwrap();
        let (c, cards) = many_cards(&mut tome);
        assert_eq!(cards[0].entry.id, c.conditions[0].entry_id);
        assert!(cards.iter().enumerate().all(|(i, k)| k.number == i + 1));
        let ids: HashSet<&str> = cards.iter().map(|k| k.entry.id.as_str()).collect();
        assert_eq!(ids.len(), cards.len(), "a card twice");
        // The maneuvers every adventurer may use come after what is on the character.
        assert_eq!(cards.last().unwrap().entry.kind, Kind::Maneuver);
    }

    #[test]
    fn no_card_crosses_a_page_or_column_end() {
        let mut tome = Tome::open_in_memory().unwrap();
        let (_, cards) = many_cards(&mut tome);
        for paper in [Paper::A4, Paper::Letter] {
            let page = Page::new(paper);
            for used in [page.margin + 40.0, page.body_bottom() - 150.0, page.body_bottom()] {
                let mut pages = vec![Canvas::new(page.height)];
                let placed = place(&cards, &mut pages, used, "N", "S", "Reference cards", &page, Rgb8::BLACK);
                assert_eq!(placed.len(), cards.len());
                assert!(pages.len() >= 3, "{} cards on {} pages", cards.len(), pages.len());
                for p in &placed {
                    assert!(p.top + p.height <= page.body_bottom() + 0.01, "{p:?} runs past the page's end");
                    let start = if p.page == 0 { used } else { page.margin + RUNNING_HEADER_H };
                    assert!(p.top >= start - 0.01, "{p:?} starts above the free space");
                }
                // They read in order: down the left column of a page, then the right.
                for w in placed.windows(2) {
                    let (a, b) = (w[0], w[1]);
                    let next = (b.page, b.col, b.top) > (a.page, a.col, a.top);
                    assert!(next, "{b:?} comes before {a:?} in reading order");
                }
                // Cards in one column of one page never overlap.
                for a in &placed {
                    for b in &placed {
                        if a != b && a.page == b.page && a.col == b.col {
                            assert!(a.top + a.height <= b.top || b.top + b.height <= a.top, "{a:?} overlaps {b:?}");
                        }
                    }
                }
            }
        }
    }
}
