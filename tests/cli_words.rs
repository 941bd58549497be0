//! The command line's refusals say what is wrong in words (issue 58, "clear words").

mod common;

use common::Cli;

/// A repeated `--seed` on an action is "given more than once", as every other repeated
/// flag of an action is, not "this takes no parameters".
#[test]
fn a_repeated_seed_on_an_action_is_given_more_than_once() {
    let cli = Cli::new();
    let id = cli.json(&["encounter", "new", "--system", "mythcraft", "--name", "Yard"])["id"].to_string();
    cli.text(&["encounter", "add", &id, "--npc", "Hero", "--stat", "max-hp=10"]);
    cli.text(&["encounter", "start", &id]);
    let (code, err) = cli.fails(&["encounter", "act", &id, "spend", "Hero", "--ap", "1", "--seed", "1", "--seed", "2"]);
    assert_eq!(code, 2, "{err}");
    assert!(err["message"].as_str().unwrap().contains("--seed is given more than once"), "{err}");
}

/// A name of only zero-width spaces shows nothing in a list, and one with a direction
/// override turns what follows it around: a character and a party refuse both.
#[test]
fn names_that_show_nothing_or_turn_text_around_are_refused_for_characters_and_parties() {
    let mut t = tome::Tome::open_in_memory().unwrap();
    let mut c = t.create_character("mythcraft", "Aldo").unwrap();
    for name in ["\u{200B}\u{200B}\u{200B}", "\u{3164}", "Al\u{202E}do"] {
        c.name = name.into();
        let err = t.save_character(&c).unwrap_err();
        assert_eq!(err.code(), tome::ErrorCode::InvalidInput, "{name:?}: {err}");
        let err = t.create_party("mythcraft", name).unwrap_err();
        assert_eq!(err.code(), tome::ErrorCode::InvalidInput, "{name:?}: {err}");
    }
    assert_eq!(t.character(c.id).unwrap().name, "Aldo");
    assert!(t.parties().unwrap().is_empty());
}
