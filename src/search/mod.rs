//! Search: one query over every entry of every system, typo-tolerant and fast enough to
//! answer as the user types.
//!
//! Ranking, best first: the whole name typed exactly; an alias typed exactly; the name
//! (then an alias) beginning with what was typed; every word found in the name, then in
//! names and aliases; the name holding the typed letters in order; every word found
//! with the summary; then body text holding every word, from SQLite's FTS5 index; and
//! last, for several words, entries holding only some of them, first by how many of the
//! words their title or their text holds (a text holding most of a question's words is
//! found though it lacks one; a word said twice counts once). Within a tier,
//! misspelled and prefix words cost a little, shorter names come first, and ties fall
//! back to name and id so the same query always gives the same order.
//!
//! Words are compared by their forms and spellings too ([`root`]): "jumping" finds
//! Jump, "armour" Armor; and by their families, which the index builds from its own
//! words ([`text::relatives`]): "duelling" finds "dueling", "encumbered" Encumbrance;
//! and by their irregular forms from a Wiktionary word list ([`text::irregular_forms`]):
//! "burnt" finds Burning. A word written together that the index holds as two title
//! words is read as those two ("fireballs" finds Fire Ball). A longer query finds an
//! entry whose whole name or alias it holds ("my character is drowning in the river").
//! Function words ("out" in "knocked out") and a question's own words ("how", "can I")
//! may be missing, at a small cost, and count for nothing else: entries holding some of
//! a question's other words rank first by how many they hold, then by how well (a word's
//! own form before its relatives) and where. A word any text holds is never corrected
//! or cut in two; a word of three letters or fewer typed whole finds the names and
//! aliases that are that word before those it only begins; a table's rows are searched
//! with its text; and the library's creatures come after the rules unless their name is
//! what was typed (issue 76). Every
//! shipped entry is also found by the words its section of the rules document uses and
//! Tome's text does not ([`vocabulary`]), below its own summary.

mod docs;
mod index;
pub mod kept;
mod packed;
pub mod plain_words;
mod query;
mod run;
mod snippet;
mod text;
mod typo;
pub mod vocabulary;

pub use index::{Field, How, IndexDoc, SearchIndex, Shown, TitleHit, TitleMatches};
pub use query::{Query, MAX_QUERY_CHARS};
pub use run::{names, run, Bodies, BodyMatch, SearchFilter};
pub use snippet::{around, marked_parts, marks};
pub use text::{is_function_word, normalize, root, words};
