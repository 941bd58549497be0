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
