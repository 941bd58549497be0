//! The entries as the index keeps them, laid end to end as `packed.rs` lays out words
//! and lists. Kept one struct apiece, each with seven strings and two lists of them, the
//! entries were most of what a one-off `tome search` spent reading the index back (an
//! allocation per string, 40% of the decoding); end to end, they are a few buffers,
//! read where they lie.

use serde::{Deserialize, Serialize};

use super::packed::{Nums, Words};
use crate::Kind;

/// An entry's texts in [`Docs`]: `TEXTS` apiece, in this order.
const ID: usize = 0;
const NAME: usize = 1;
const SUMMARY: usize = 2;
const NAME_NORM: usize = 3;
const NAME_ROOT: usize = 4;
const TEXTS: usize = 5;

#[derive(Debug, Default, Serialize, Deserialize)]
pub(super) struct Docs<'a> {
    /// Each entry's texts: id, name, summary, the name as matched and as roots.
    #[serde(borrow)]
    text: Words<'a>,
    /// Each entry's aliases, two texts apiece: as matched, and as roots.
    #[serde(borrow)]
    aliases: Words<'a>,
    /// Where each entry's aliases end, counted in aliases.
    #[serde(borrow)]
    alias_ends: Nums<'a, u32>,
    facts: Vec<Facts>,
    /// The homebrew packs entries come from, by the position [`Facts::pack`] holds.
    packs: Vec<String>,
}

/// What an entry has besides texts.
#[derive(Debug, Clone, Copy, Serialize, Deserialize)]
struct Facts {
    kind: Kind,
    /// Its system's position in the index's list of systems.
    system: u16,
    pack: Option<u16>,
    /// Letters of the name, for the subsequence prefilter.
    mask: u32,
}

/// An entry to add, as [`Docs::push`] takes it.
pub(super) struct NewDoc {
    pub id: String,
    pub name: String,
    pub summary: String,
    pub kind: Kind,
    pub system: u16,
    pub pack: Option<String>,
    pub name_norm: String,
    pub name_root: String,
    pub aliases_norm: Vec<String>,
    pub aliases_root: Vec<String>,
    pub mask: u32,
}

impl Docs<'static> {
    pub fn push(&mut self, d: NewDoc) {
        for text in [&d.id, &d.name, &d.summary, &d.name_norm, &d.name_root] {
            self.text.push(text);
        }
        for (norm, root) in d.aliases_norm.iter().zip(&d.aliases_root) {
            self.aliases.push(norm);
            self.aliases.push(root);
        }
        self.alias_ends.push(u32::try_from(self.aliases.len() / 2).expect("under 4 billion aliases"));
        let pack = d.pack.map(|p| match self.packs.iter().position(|q| *q == p) {
            Some(at) => at,
            None => {
                self.packs.push(p);
                self.packs.len() - 1
            }
        });
        let pack = pack.map(|at| u16::try_from(at).expect("under 65,536 packs"));
        self.facts.push(Facts { kind: d.kind, system: d.system, pack, mask: d.mask });
    }
}

impl Docs<'_> {
    pub fn len(&self) -> usize {
        self.facts.len()
    }

    pub fn is_empty(&self) -> bool {
        self.facts.is_empty()
    }

    /// The entry at `i` (its texts are read as they are asked for).
    ///
    /// # Panics
    /// `i` is past the end, when a fact is asked for (the positions an index keeps are
    /// checked when it is read back).
    pub fn get(&self, i: usize) -> Doc<'_, '_> {
        Doc { docs: self, i }
    }

    /// Whether every entry has its texts, and its system among the first `systems` and
    /// its pack among the packs (what [`Docs::get`] needs not to panic).
    pub fn whole(&self, systems: usize) -> bool {
        let n = self.facts.len();
        self.text.len() == n * TEXTS
            && self.alias_ends.len() == n
            && self
                .facts
                .iter()
                .all(|f| usize::from(f.system) < systems && f.pack.is_none_or(|p| usize::from(p) < self.packs.len()))
    }
}

/// An entry of [`Docs`]. (Not `Debug`: derived, it would print the whole index it points
/// into.)
#[derive(Clone, Copy)]
pub(super) struct Doc<'a, 'k> {
    docs: &'a Docs<'k>,
    i: usize,
}

impl<'a> Doc<'a, '_> {
    fn text(self, field: usize) -> &'a str {
        self.docs.text.get(self.i * TEXTS + field)
    }

    fn facts(self) -> Facts {
        self.docs.facts[self.i]
    }

    pub fn id(self) -> &'a str {
        self.text(ID)
    }

    pub fn name(self) -> &'a str {
        self.text(NAME)
    }

    pub fn summary(self) -> &'a str {
        self.text(SUMMARY)
    }

    /// The name as query words are matched against it ([`super::text::normalize`]).
    pub fn name_norm(self) -> &'a str {
        self.text(NAME_NORM)
    }

    /// The name with each word as its root ([`super::text::root`]).
    pub fn name_root(self) -> &'a str {
        self.text(NAME_ROOT)
    }

    pub fn kind(self) -> Kind {
        self.facts().kind
    }

    /// Its system's position in the index's list of systems.
    pub fn system(self) -> u16 {
        self.facts().system
    }

    pub fn pack(self) -> Option<&'a str> {
        self.facts().pack.map(|p| self.docs.packs[usize::from(p)].as_str())
    }

    /// Letters of the name, for the subsequence prefilter.
    pub fn mask(self) -> u32 {
        self.facts().mask
    }

    /// Its aliases' positions in [`Docs::aliases`], counted in aliases (none past the
    /// end; an alias past the aliases reads as empty).
    fn alias_range(self) -> std::ops::Range<usize> {
        let held = self.docs.aliases.len() / 2;
        self.docs.alias_ends.span(self.i).map_or(0..0, |at| at.start..at.end.min(held))
    }

    /// The aliases as query words are matched against them.
    pub fn aliases_norm(self) -> impl Iterator<Item = &'a str> {
        let aliases = &self.docs.aliases;
        self.alias_range().map(move |a| aliases.get(2 * a))
    }

    /// The aliases with each word as its root.
    pub fn aliases_root(self) -> impl Iterator<Item = &'a str> {
        let aliases = &self.docs.aliases;
        self.alias_range().map(move |a| aliases.get(2 * a + 1))
    }

    /// Whether `text` (rooted words) holds the entry's whole name or one of its aliases of
    /// at least `words` words, as a run of its words.
    pub fn named_within(self, text: &str, words: usize) -> bool {
        std::iter::once(self.name_root())
            .chain(self.aliases_root())
            .any(|title| title.split(' ').count() >= words && holds_run(text, title))
    }
}

/// Whether `words` (single-spaced) are in `text` (single-spaced) as whole words, in a run.
fn holds_run(text: &str, words: &str) -> bool {
    let bytes = text.as_bytes();
    !words.is_empty()
        && words.len() <= text.len()
        && text
            .match_indices(words)
            .any(|(at, _)| (at == 0 || bytes[at - 1] == b' ') && bytes.get(at + words.len()).is_none_or(|&b| b == b' '))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn doc(id: &str, aliases: &[&str], pack: Option<&str>) -> NewDoc {
        NewDoc {
            id: id.into(),
            name: format!("Name of {id}"),
            summary: format!("About {id}"),
            kind: Kind::Rule,
            system: 0,
            pack: pack.map(Into::into),
            name_norm: format!("name of {id}"),
            name_root: format!("nam of {id}"),
            aliases_norm: aliases.iter().map(|a| a.to_string()).collect(),
            aliases_root: aliases.iter().map(|a| format!("{a}-root")).collect(),
            mask: 7,
        }
    }

    #[test]
    fn entries_read_back_as_written_with_their_own_aliases_and_pack() {
        let mut docs = Docs::default();
        docs.push(doc("a", &["x", "y"], None));
        docs.push(doc("b", &[], Some("brew")));
        docs.push(doc("c", &["z"], Some("brew")));
        let bytes = postcard::to_allocvec(&docs).unwrap();
        let back: Docs = postcard::from_bytes(&bytes).unwrap();
        assert!(back.whole(1));
        assert_eq!(back.len(), 3);
        let a = back.get(0);
        assert_eq!(
            (a.id(), a.name(), a.summary(), a.name_norm(), a.name_root()),
            ("a", "Name of a", "About a", "name of a", "nam of a")
        );
        assert_eq!(a.aliases_norm().collect::<Vec<_>>(), ["x", "y"]);
        assert_eq!(a.aliases_root().collect::<Vec<_>>(), ["x-root", "y-root"]);
        assert_eq!(a.pack(), None);
        assert_eq!(back.get(1).aliases_norm().count(), 0);
        assert_eq!(back.get(1).pack(), Some("brew"));
        assert_eq!(back.get(2).aliases_norm().collect::<Vec<_>>(), ["z"]);
        assert_eq!(back.get(2).pack(), Some("brew"));
        assert_eq!(back.packs.len(), 1, "a pack is kept once");
    }

    #[test]
    fn positions_out_of_range_are_not_whole() {
        let mut docs = Docs::default();
        docs.push(doc("a", &["x"], Some("brew")));
        assert!(docs.whole(1));
        assert!(!docs.whole(0), "its system is not in the index");
        let mut bad = Docs { alias_ends: [2].into_iter().collect(), ..Docs::default() };
        bad.push(doc("b", &[], None));
        assert!(!bad.whole(1), "an entry without its aliases");
        let mut bad = Docs::default();
        bad.push(doc("c", &[], Some("brew")));
        bad.packs.clear();
        assert!(!bad.whole(1), "a pack not kept");
    }

    #[test]
    fn a_name_or_alias_is_found_within_text_as_whole_words() {
        let mut docs = Docs::default();
        docs.push(NewDoc { name_root: "drown".into(), ..doc("a", &[], None) });
        let d = docs.get(0);
        assert!(d.named_within("my charact is drown in the river", 1));
        assert!(!d.named_within("my charact is drowned", 1));
        assert!(!d.named_within("drown", 2), "a name of one word where two are wanted");
    }
}
