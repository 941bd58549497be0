//! Search: one query over every entry of every system, typo-tolerant and fast enough to
//! answer as the user types.
//!
//! Ranking, best first: the whole name typed exactly; an alias typed exactly; the name
//! (then an alias) beginning with what was typed; every word found in the name, then in
//! names and aliases; the name holding the typed letters in order; every word found
//! with the summary; then body text holding every word, from SQLite's FTS5 index; and
//! last, for several words, entries whose titles hold only some of them. Within a tier,
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
//! Function words ("out" in "knocked out") may be missing, at a small cost. Every
//! shipped entry is also found by the words its section of the rules document uses and
//! Tome's text does not ([`vocabulary`]), below its own summary.

mod docs;
mod index;
pub mod kept;
mod packed;
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
