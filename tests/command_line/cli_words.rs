//! The command line's refusals say what is wrong in words (issue 58, "clear words").

use crate::common;

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

/// Every file a command reads is refused in words when it is no file to read: a missing
/// one is "no such file", `/dev/null` and `/dev/zero` "not a regular file" (never a
/// JSON parser's complaint about an empty file, nor a device read without end), a folder
/// "a folder", and no message carries the system's error number.
#[cfg(unix)]
#[test]
fn every_file_a_command_reads_is_refused_in_words() {
    let cli = Cli::new();
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("missing.json");
    let commands: &[&[&str]] = &[
        &["character", "import"],
        &["adversary", "import"],
        &["pack", "import"],
        &["pack", "check"],
        &["import-text", "--system", "mythcraft"],
        &["db", "restore"],
    ];
    for cmd in commands {
        for (file, words) in [
            (missing.to_str().unwrap(), "no such file"),
            ("/dev/null", "not a regular file"),
            ("/dev/zero", "not a regular file"),
        ] {
            let mut args: Vec<&str> = cmd.to_vec();
            args.push(file);
            let out = cli.cmd(&args).timeout(std::time::Duration::from_secs(20)).output().unwrap();
            let err = String::from_utf8_lossy(&out.stderr);
            assert!(!out.status.success(), "tome {args:?} must refuse");
            assert!(err.contains(words), "tome {args:?} says {words:?}: {err}");
            assert!(!err.contains("os error") && !err.contains("EOF while parsing"), "tome {args:?}: {err}");
        }
    }
}
