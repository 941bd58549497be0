//! Text normalization shared by indexing and querying.

/// Lower-cased words of `text`: letters and digits, apostrophes dropped ("Medusa’s" →
/// "medusas"), everything else a separator.
pub fn words(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split(|c: char| !(c.is_alphanumeric() || c == '\'' || c == '’'))
        .map(|w| w.chars().filter(|c| c.is_alphanumeric()).flat_map(char::to_lowercase).collect::<String>())
        .filter(|w| !w.is_empty())
}

/// The whole text normalized for comparing names: its words joined by single spaces.
pub fn normalize(text: &str) -> String {
    words(text).collect::<Vec<_>>().join(" ")
}

/// British spellings and the American ones Tome's content mostly uses, as word starts:
/// a word beginning with the first is compared as if it began with the second
/// ("armoured" as "armored"). Longer starts come before the shorter ones they contain.
const VARIANTS: &[(&str, &str)] = &[
    ("armour", "armor"),
    ("behaviour", "behavior"),
    ("clamour", "clamor"),
    ("colour", "color"),
    ("favour", "favor"),
    ("harbour", "harbor"),
    ("honour", "honor"),
    ("humour", "humor"),
    ("labour", "labor"),
    ("odour", "odor"),
    ("rumour", "rumor"),
    ("valour", "valor"),
    ("vigour", "vigor"),
    ("defence", "defense"),
    ("offence", "offense"),
    ("licence", "license"),
    ("centre", "center"),
    ("metre", "meter"),
    ("theatre", "theater"),
    ("grey", "gray"),
    ("manoeuvre", "maneuver"),
    ("manoeuvr", "maneuver"),
    ("travell", "travel"),
    ("hypnotis", "hypnotiz"),
    ("mesmeris", "mesmeriz"),
    ("paralys", "paralyz"),
    ("immobilis", "immobiliz"),
    ("neutralis", "neutraliz"),
    ("recognis", "recogniz"),
    ("realis", "realiz"),
    ("organis", "organiz"),
    ("energis", "energiz"),
    ("memoris", "memoriz"),
    ("stabilis", "stabiliz"),
];

/// The root a word is compared by when it is not found as it is: American spelling,
/// then its English (Snowball) stem. "jumping" and "jumps" → "jump", "frightening" and
/// "Frightened" → "frighten", "armour" and "armor" → "armor". `word` is one of
/// [`words`]' (lower-case).
pub fn root(word: &str) -> String {
    static STEMMER: std::sync::OnceLock<rust_stemmers::Stemmer> = std::sync::OnceLock::new();
    let stemmer = STEMMER.get_or_init(|| rust_stemmers::Stemmer::create(rust_stemmers::Algorithm::English));
    let american = VARIANTS
        .iter()
        .find(|(british, _)| word.starts_with(british))
        .map(|(british, american)| format!("{american}{}", &word[british.len()..]));
    stemmer.stem(american.as_deref().unwrap_or(word)).into_owned()
}

/// Endings a Snowball stem keeps that still mark a word derived from a shorter stem:
/// "encumbrance" stems to "encumbr" beside "encumbered"'s "encumb", "competition" to
/// "competit" beside "compete"'s "compet", "illusory" to "illusori" beside "illus".
/// Grammar, not a word list: which stems they join is read from the content.
const DERIVED_ENDINGS: &[&str] =
    &["i", "r", "n", "en", "er", "est", "at", "it", "ion", "or", "iv", "ist", "ori", "ari", "eri", "ti"];
/// The shortest stem that takes a derived ending of three letters ("duel" + "ist"),
/// and one of one or two: shorter stems are too often a different word with a few
/// letters more ("part" and "parti" for party, "heat" and "heater").
const MIN_FAMILY_STEM: usize = 4;
const MIN_FAMILY_STEM_SHORT_ENDING: usize = 5;
/// Prefixes that make a word of the same family ("overexertion", "nonlethal"); "un"
/// and "re" are left out: they change what the word means.
const DERIVED_PREFIXES: &[&str] = &["non", "over", "under"];

/// How two words of one family differ.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Relation {
    /// British and American spelling of one word ("duelling", "dueling").
    Spelling,
    /// One derived from the other ("encumbered", "encumbrance").
    Derived,
}

/// Spellings of `word` that the other side of the Atlantic uses: the l (or s) that
/// British writing doubles before an ending written single ("duelling" → "dueling",
/// "labelled", "duellist", "focussed" → "focused") and -ise/-yse written -ize/-yze
/// ("demoralised" → "demoralized", "analysed"). These are candidates: the index keeps
/// only those whose root its content holds.
pub fn spellings(word: &str) -> Vec<String> {
    let chars: Vec<char> = word.chars().collect();
    let mut out = Vec::new();
    // Not the word's first letters ("llama"), and only before an ending that starts
    // with a vowel: "spell" and "grappled" are spelt so everywhere.
    for i in 2..chars.len().saturating_sub(1) {
        if chars[i] == chars[i - 1] && matches!(chars[i], 'l' | 's') && "aeiouy".contains(chars[i + 1]) {
            out.push(chars[..i].iter().chain(&chars[i + 1..]).collect());
        }
    }
    for ending in ["ise", "ised", "ises", "ising", "isation", "isations", "iser", "isers"] {
        for (from, to) in [("i", "iz"), ("y", "yz")] {
            let british = format!("{from}s{}", &ending[2..]);
            if let Some(stem) = word.strip_suffix(&british).filter(|s| s.chars().count() >= 3) {
                out.push(format!("{stem}{to}{}", &ending[2..]));
            }
        }
    }
    out
}

/// The roots where `word`'s relatives may be: the roots of its other spellings, and its
/// root with a derived ending added or taken off. Candidates: the index keeps the ones
/// its content holds ("encumb" → "encumbr" for Encumbrance).
pub fn relatives(word: &str) -> Vec<(String, Relation)> {
    let r = root(word);
    let mut out: Vec<(String, Relation)> = Vec::new();
    for s in spellings(word) {
        let sr = root(&s);
        if sr != r && !out.iter().any(|(k, _)| *k == sr) {
            out.push((sr, Relation::Spelling));
        }
    }
    let takes = |base: &str, ending: &str| {
        let min = if ending.len() < 3 { MIN_FAMILY_STEM_SHORT_ENDING } else { MIN_FAMILY_STEM };
        base.chars().count() >= min
            // "n" makes a participle of a stem ending in a vowel or w (shaken, thrown),
            // never of one ending in another consonant ("light", "lightning").
            && (ending != "n" || base.ends_with(['a', 'e', 'i', 'o', 'u', 'w']))
    };
    // The word's root and its other spellings' ("duellist" → "duelist" → "duel").
    let stems: Vec<String> = std::iter::once(r.clone()).chain(out.iter().map(|(k, _)| k.clone())).collect();
    for stem in &stems {
        for ending in DERIVED_ENDINGS {
            if takes(stem, ending) {
                out.push((format!("{stem}{ending}"), Relation::Derived));
            }
            if let Some(base) = stem.strip_suffix(ending).filter(|b| takes(b, ending)) {
                out.push((base.to_string(), Relation::Derived));
            }
        }
    }
    for prefix in DERIVED_PREFIXES {
        // What is left must be a word of its own ("lethal"), not "comes" in "overcomes".
        if let Some(rest) = word.strip_prefix(prefix).filter(|r| r.chars().count() >= 6) {
            out.push((root(rest), Relation::Derived));
        }
    }
    out
}

/// The irregular forms of `word` and of the dictionary words it may be a form of (itself,
/// and when the stemmer cut it, its root and its root with the "e" the stemmer takes off:
/// "freezing" → "freeze"): a verb's
/// past tense and participle ("burn" → "burnt", "freeze" → "froze", "frozen") and a
/// noun's plural ("knife" → "knives"), every variant the Wiktionary tables of the
/// `english` crate attest (its `_2` and `_3` keys: "burned" and "burnt"). Only forms the
/// stemmer does not already bring back to the word's root.
pub fn irregular_forms(word: &str) -> Vec<String> {
    use english::{English, Form, Number, Person, Tense};
    // One- and two-letter words are too often a letter or a function word ("b" is no
    // "be", whose forms are "was" and "been").
    if word.chars().count() < 3 {
        return Vec::new();
    }
    let own = root(word);
    let mut lemmas = vec![word.to_string()];
    if own != word {
        for lemma in [own.clone(), format!("{own}e")] {
            if !lemmas.contains(&lemma) {
                lemmas.push(lemma);
            }
        }
    }
    let mut out: Vec<String> = Vec::new();
    for lemma in &lemmas {
        for key in [lemma.clone(), format!("{lemma}_2"), format!("{lemma}_3")] {
            let past = |form: Form| English::verb(&key, &Person::Third, &Number::Singular, &Tense::Past, &form);
            for form in [past(Form::Finite), past(Form::Participle), English::noun(&key, &Number::Plural)] {
                // A key the tables do not hold comes back with its "_2" (or as two words).
                if form.chars().all(char::is_alphabetic)
                    && !regular(lemma, &form)
                    && !out.contains(&form)
                    && root(&form) != own
                {
                    out.push(form);
                }
            }
        }
    }
    out
}

/// [`irregular_forms`] remembered for the words of the last searches: a search looks a
/// word up in each of its tiers.
pub fn irregular_forms_of_query_word(word: &str) -> Vec<String> {
    use std::cell::RefCell;
    thread_local! {
        static KNOWN: RefCell<rustc_hash::FxHashMap<String, Vec<String>>> = RefCell::default();
    }
    KNOWN.with_borrow_mut(|known| {
        if let Some(forms) = known.get(word) {
            return forms.clone();
        }
        if known.len() >= 256 {
            known.clear();
        }
        let forms = irregular_forms(word);
        known.insert(word.to_string(), forms.clone());
        forms
    })
}

/// Whether `form` is `lemma` with a regular ending, which the stemmer takes off anyway
/// (told without stemming it: this runs for every form looked up).
fn regular(lemma: &str, form: &str) -> bool {
    form.strip_prefix(lemma).is_some_and(|ending| ["s", "es", "d", "ed", "ing"].contains(&ending))
}

/// Short words that only tie others together ("knocked out", "length of a round"), and
/// the words of a question ("how", "can I", "what does"): a query of several words
/// finds an entry without them, a little lower, and ranks by its other words (issue 76:
/// "how" is no reason to show How to Cast Spells, nor "I" Immune; nor "happens" in
/// "what happens when", nor a pronoun, a reason to rank one rule above another).
const FUNCTION_WORDS: &[&str] = &[
    "a",
    "am",
    "an",
    "and",
    "any",
    "anybody",
    "anyone",
    "anything",
    "are",
    "arent",
    "as",
    "at",
    "away",
    "back",
    "be",
    "been",
    "being",
    "but",
    "by",
    "can",
    "cannot",
    "cant",
    "could",
    "couldnt",
    "didnt",
    "do",
    "does",
    "doesnt",
    "dont",
    "down",
    "everybody",
    "everyone",
    "for",
    "from",
    "get",
    "gets",
    "got",
    "hadnt",
    "happen",
    "happened",
    "happens",
    "has",
    "hasnt",
    "have",
    "havent",
    "he",
    "hed",
    "her",
    "hes",
    "him",
    "his",
    "how",
    "i",
    "id",
    "if",
    "im",
    "in",
    "into",
    "is",
    "isnt",
    "it",
    "its",
    "ive",
    "just",
    "lets",
    "me",
    "my",
    "myself",
    "nobody",
    "of",
    "off",
    "on",
    "onto",
    "or",
    "other",
    "our",
    "out",
    "over",
    "she",
    "shes",
    "should",
    "shouldnt",
    "so",
    "some",
    "somebody",
    "someone",
    "something",
    "than",
    "that",
    "thats",
    "the",
    "their",
    "them",
    "then",
    "there",
    "theres",
    "they",
    "theyre",
    "theyve",
    "this",
    "to",
    "up",
    "us",
    "want",
    "wants",
    "was",
    "wasnt",
    "we",
    "were",
    "werent",
    "what",
    "whats",
    "when",
    "where",
    "which",
    "who",
    "why",
    "will",
    "with",
    "wont",
    "would",
    "wouldnt",
    "you",
    "your",
    "youre",
    "youve",
];

/// Whether `word` (lower-case) is a function word ([`FUNCTION_WORDS`]), or one's
/// possessive, its apostrophe dropped ([`words`]: "someone's" is "someones").
pub fn is_function_word(word: &str) -> bool {
    let listed = |w: &str| FUNCTION_WORDS.binary_search(&w).is_ok();
    listed(word) || word.len() > 3 && word.strip_suffix('s').is_some_and(listed)
}

/// The whole text with each word as its root, joined by single spaces: names compared
/// whatever form or spelling they are written in.
pub fn rooted(text: &str) -> String {
    words(text).map(|w| root(&w)).collect::<Vec<_>>().join(" ")
}

/// A 26-bit set of the ASCII letters in a normalized text, for cheap subsequence prefilters.
pub fn letter_mask(text: &str) -> u32 {
    text.bytes().filter(u8::is_ascii_lowercase).fold(0, |m, b| m | 1 << (b - b'a'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_fold_case_and_apostrophes() {
        assert_eq!(words("Medusa’s Gaze, Sword-Long!").collect::<Vec<_>>(), ["medusas", "gaze", "sword", "long"]);
        assert_eq!(normalize("  Sword,   Long "), "sword long");
    }

    #[test]
    fn word_forms_and_spellings_share_a_root() {
        for (a, b) in [
            ("jumping", "jump"),
            ("frightening", "frightened"),
            ("chanting", "chant"),
            ("enchanting", "enchantments"),
            ("wounded", "wounds"),
            ("armour", "armor"),
            ("armoured", "armored"),
            ("manoeuvres", "maneuvers"),
            ("hypnotising", "hypnotizing"),
            ("defence", "defense"),
        ] {
            assert_eq!(root(a), root(b), "{a} / {b}");
        }
        for (a, b) in [("grounded", "wounded"), ("armory", "army"), ("four", "for")] {
            assert_ne!(root(a), root(b), "{a} / {b}");
        }
    }

    #[test]
    fn british_doubled_consonants_and_ise_have_american_spellings() {
        assert!(spellings("duelling").contains(&"dueling".to_string()));
        assert!(spellings("labelled").contains(&"labeled".to_string()));
        assert!(spellings("focussed").contains(&"focused".to_string()));
        assert!(spellings("demoralised").contains(&"demoralized".to_string()));
        assert!(spellings("analysed").contains(&"analyzed".to_string()));
        assert!(spellings("llama").is_empty());
        assert!(spellings("grappled").is_empty(), "spelt so on both sides");
        assert!(spellings("spell").is_empty());
        let duel = relatives("duellist");
        assert!(duel.contains(&(root("duelist"), Relation::Spelling)), "{duel:?}");
        assert!(duel.contains(&(root("duel"), Relation::Derived)), "{duel:?}");
    }

    #[test]
    fn derived_endings_join_stems_both_ways() {
        let up = relatives("encumbered");
        assert!(up.contains(&(root("encumbrance"), Relation::Derived)), "{up:?}");
        let down = relatives("competition");
        assert!(down.contains(&(root("compete"), Relation::Derived)), "{down:?}");
        assert!(relatives("duelist").contains(&(root("duel"), Relation::Derived)));
        assert!(relatives("overexertion").contains(&(root("exertion"), Relation::Derived)));
        // Too short a stem, and a consonant before "n", join nothing.
        assert!(!relatives("part").iter().any(|(k, _)| k == "parti"));
        assert!(!relatives("light").iter().any(|(k, _)| k == "lightn"));
        assert!(FUNCTION_WORDS.windows(2).all(|w| w[0] < w[1]), "sorted for binary search");
    }

    #[test]
    fn every_form_of_be_is_glue() {
        for word in ["be", "am", "is", "are", "was", "were", "been", "being"] {
            assert!(is_function_word(word), "{word}");
        }
    }

    #[test]
    fn a_function_words_possessive_is_glue() {
        for word in ["someones", "everyones", "theirs", "yours"] {
            assert!(is_function_word(word), "{word}");
        }
        for word in ["wounds", "ones", "sword", "s", "ss"] {
            assert!(!is_function_word(word), "{word}");
        }
    }

    #[test]
    fn irregular_forms_come_from_the_word_list() {
        let burn = irregular_forms("burn");
        assert!(burn.contains(&"burnt".to_string()), "{burn:?}");
        assert!(!burn.contains(&"burned".to_string()), "the stemmer joins the regular form: {burn:?}");
        let freezing = irregular_forms("freezing");
        assert!(freezing.contains(&"frozen".to_string()) && freezing.contains(&"froze".to_string()), "{freezing:?}");
        assert!(irregular_forms("knife").contains(&"knives".to_string()));
        assert!(irregular_forms("jump").is_empty(), "{:?}", irregular_forms("jump"));
    }

    #[test]
    fn masks_hold_letters() {
        assert_eq!(letter_mask("ab"), 0b11);
        assert_eq!(letter_mask("ba a"), 0b11);
    }
}
