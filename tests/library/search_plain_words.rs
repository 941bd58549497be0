//! Everyday words for what the rules govern (`vocabulary/plain-words.toml`, issue 76): a
//! player's "knocked over" finds the rules' Prone. Each mapping is tested twice over:
//! every word a concept means is held by a shipped entry (so the mapping can land), and
//! every phrase, alone and inside a question, puts an entry holding one of those words in
//! the first three. A held-out set of other phrasings, written with their answers before
//! the file's phrases were run, tells whether the concepts reach past their own phrases.

use std::sync::OnceLock;

use tome::search::{plain_words, root, vocabulary, words, SearchFilter};
use tome::Tome;

fn tome() -> std::sync::MutexGuard<'static, Tome> {
    static TOME: OnceLock<std::sync::Mutex<Tome>> = OnceLock::new();
    TOME.get_or_init(|| std::sync::Mutex::new(Tome::open_in_memory().unwrap()))
        .lock()
        .unwrap_or_else(|e| e.into_inner())
}

/// The roots of a shipped entry's name, aliases, summary and the document's words for it:
/// what the title search holds of it (none for a creature of the library, which `show`
/// does not read).
fn title_roots(t: &Tome, id: &str) -> Vec<String> {
    let Ok(e) = t.show(id) else { return Vec::new() };
    let terms = vocabulary::shipped().get(id).cloned().unwrap_or_default();
    let text = format!("{} {} {} {}", e.name, e.aliases.join(" "), e.summary, terms.join(" "));
    words(&text).map(|w| root(&w)).collect()
}

#[test]
fn every_word_a_concept_means_is_held_by_a_shipped_entry() {
    let concepts = plain_words::concepts().expect("plain-words.toml is valid");
    let t = tome();
    let mut missing = Vec::new();
    for c in &concepts {
        for meant in &c.means {
            // The entries found by the word alone, each looked at for the word in its titles.
            let hits = t.search(meant, &SearchFilter::default()).unwrap();
            let held = hits.iter().any(|h| title_roots(&t, &h.id).contains(&root(meant)));
            if !held {
                missing.push(format!("{meant:?} ({})", c.about));
            }
        }
    }
    assert!(missing.is_empty(), "words meant that no entry's name, alias, summary or terms hold: {missing:?}");
}

/// The roots of a phrase's words, space-separated and padded, to find one inside another.
fn rooted(phrase: &str) -> String {
    format!(" {} ", words(phrase).map(|w| root(&w)).collect::<Vec<_>>().join(" "))
}

/// A phrase of `other-games.toml` is another name of its entries, found by its own words;
/// an everyday phrase of several words that is one, holds one or is held in one (in any
/// form: "bleed out" and "bleeding out") would read those words as the concept instead,
/// and lose the name. (A word alone keeps its own form beside the concept's.)
#[test]
fn no_everyday_phrase_is_or_holds_an_other_games_phrase() {
    #[derive(serde::Deserialize)]
    struct Terms {
        term: Vec<Term>,
    }
    #[derive(serde::Deserialize)]
    struct Term {
        say: Vec<String>,
    }
    let other: Terms = toml::from_str(include_str!("../../vocabulary/other-games.toml")).unwrap();
    let other: Vec<String> = other.term.iter().flat_map(|t| &t.say).map(|p| rooted(p)).collect();
    let mut overlaps = Vec::new();
    for c in plain_words::concepts().expect("plain-words.toml is valid") {
        for phrase in &c.say {
            let mine = rooted(phrase);
            if mine.trim().split(' ').count() < 2 {
                continue;
            }
            for theirs in &other {
                if mine.contains(theirs.as_str()) || theirs.contains(mine.as_str()) {
                    overlaps.push(format!("{phrase:?} and{theirs}"));
                }
            }
        }
    }
    assert!(overlaps.is_empty(), "{overlaps:?}");
}

/// Questions a player types around a phrase.
const AROUND: &[&str] = &["{}", "what happens if {}"];

#[test]
fn every_phrase_finds_an_entry_holding_what_it_means() {
    let concepts = plain_words::concepts().expect("plain-words.toml is valid");
    let mut misses = Vec::new();
    let mut tried = 0;
    for c in &concepts {
        let meant: Vec<String> = c.means.iter().map(|m| root(m)).collect();
        for phrase in &c.say {
            for around in AROUND {
                let query = around.replace("{}", phrase);
                tried += 1;
                let t = tome();
                let hits = t.search(&query, &SearchFilter::default()).unwrap();
                let firsts: Vec<&str> = hits.iter().take(3).map(|h| h.id.as_str()).collect();
                if !firsts.iter().any(|id| title_roots(&t, id).iter().any(|r| meant.contains(r))) {
                    misses.push(format!("{query:?} ({:?}): first {firsts:?}", c.means));
                }
            }
        }
    }
    assert!(misses.is_empty(), "{} of {tried} missed:\n{}", misses.len(), misses.join("\n"));
}

/// Everyday phrasings that are not in the file (another form, another order, other small
/// words between, other words around), with the entries the rules documents give for
/// them, fixed before they were run.
const HELD_OUT: &[(&str, &[&str])] = &[
    ("knocks her over", &["mythcraft/condition/prone", "mythcraft/maneuver/trip"]),
    ("getting back up", &["mythcraft/maneuver/stand"]),
    ("firing my crossbow at someone right beside me", &["mythcraft/rule/ranged-attacks-in-melee"]),
    ("running away from combat", &["ars-magica/rule/disengaging"]),
    ("what happens when my character is set on fire", &["mythcraft/condition/burning"]),
    ("fixing a broken shield", &["amtgard/rule/mend", "amtgard/special-effect/shield-crushing"]),
    ("she passed out", &["mythcraft/condition/unconscious", "ars-magica/rule/fatigue"]),
    ("too scared to attack", &["mythcraft/condition/frightened"]),
    ("my guy is stuck and cant move his feet", &["amtgard/condition/stopped"]),
    (
        "he grabbed me",
        &["mythcraft/maneuver/grapple", "mythcraft/condition/grappled-and-grappling", "ars-magica/rule/grappling"],
    ),
    ("punching someone with bare hands", &["ars-magica/weapon/fist"]),
    ("fighting on horseback", &["ars-magica/rule/mounted-combat"]),
    ("ambushed in the woods", &["mythcraft/condition/surprise-complete", "mythcraft/condition/surprise-partial"]),
    ("how much can my character carry", &["ars-magica/rule/encumbrance", "ars-magica/table/encumbrance-table"]),
    ("cant hear anything", &["mythcraft/condition/deafened"]),
    ("my wizard cannot cast anymore", &["amtgard/condition/suppressed", "mlaf/spell/power-drain"]),
    ("pushed him back", &["mythcraft/maneuver/shove"]),
    ("can I bring my friend back to life", &["amtgard/rule/phoenix-tears"]),
    ("need a short rest", &["mythcraft/rule/catching-your-breath", "ars-magica/rule/recovery-from-short-term-fatigue"]),
    ("snowing during the match", &["mlaf/spell/blizzard", "mlaf/spell/weather-control"]),
    ("dodging out of the way", &["mythcraft/maneuver/dodge", "ars-magica/weapon/dodge"]),
    ("thirsty in the desert", &["ars-magica/rule/deprivation", "ars-magica/table/deprivation-table"]),
];

#[test]
fn held_out_everyday_phrasings_land_their_rule_in_the_first_three() {
    let t = tome();
    let mut misses = Vec::new();
    for (query, want) in HELD_OUT {
        for id in *want {
            assert!(t.show(id).is_ok(), "{query:?}: {id} is no shipped entry");
        }
        let hits = t.search(query, &SearchFilter::default()).unwrap();
        let at = hits.iter().position(|h| want.contains(&h.id.as_str()));
        if at.is_none_or(|i| i >= 3) {
            let firsts: Vec<&str> = hits.iter().take(3).map(|h| h.id.as_str()).collect();
            misses.push(format!("{query:?} → {} at {at:?}; first {firsts:?}", want[0]));
        }
    }
    let landed = HELD_OUT.len() - misses.len();
    println!(
        "{landed}/{} held-out everyday phrasings in the first three; missed:\n{}",
        HELD_OUT.len(),
        misses.join("\n")
    );
    // Nine in ten: a phrasing no concept reaches is what the file grows by.
    assert!(10 * landed >= 9 * HELD_OUT.len(), "{landed}/{}:\n{}", HELD_OUT.len(), misses.join("\n"));
}
