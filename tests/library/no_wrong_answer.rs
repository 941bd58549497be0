//! Issue 73: no read answers wrongly with exit 0. A lookup that fails is the read's
//! failure (or the row it could not read is named), never a fallback to an id or a number.

use crate::common;

use std::path::Path;

use common::Cli;
use tome::Tome;

/// Writes `statement` through SQLite, as another program would: the pages get their
/// checksums, and the file is closed cleanly (so no open checks it).
fn write_behind(db: &Path, statement: &str) {
    let t = Tome::open(db).unwrap();
    let c = t.db().connection();
    c.execute_batch("PRAGMA ignore_check_constraints = ON; PRAGMA foreign_keys = OFF;").unwrap();
    c.execute_batch(statement).unwrap();
}

fn run(cli: &Cli, args: &[&str]) -> (Option<i32>, String, String) {
    let out = cli.cmd(args).output().unwrap();
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    (out.status.code(), text(&out.stdout), text(&out.stderr))
}

/// The trial: a related entry's name that did not read was printed as its id
/// ("See also: Catching your Breath, mythcraft/rule/abbreviations", exit 0).
#[test]
fn a_related_entry_whose_name_does_not_read_is_never_shown_as_its_id() {
    let cli = Cli::new();
    let shown = cli.json(&["show", "mythcraft/condition/bleeding"]);
    let links: Vec<String> =
        shown["links"].as_array().unwrap().iter().map(|l| l.as_str().unwrap().to_string()).collect();
    let related = links.last().expect("Bleeding has related entries").clone();
    let name = cli.json(&["show", &related])["name"].as_str().unwrap().to_string();
    // Text that is not UTF-8, as a failing disk leaves it: the row no longer reads.
    write_behind(&cli.db, &format!("UPDATE entry SET name = CAST(X'427269ff6765' AS TEXT) WHERE id = '{related}'"));
    let (code, out, err) = run(&cli, &["show", "mythcraft/condition/bleeding"]);
    let see_also = out.lines().find(|l| l.starts_with("See also")).unwrap_or_default().to_string();
    assert!(!see_also.contains(&related), "the id in the name's place, exit {code:?}: {see_also}\n{err}");
    if code == Some(0) {
        // The read met the damage, and the open after it made Tome's own content again.
        assert!(see_also.contains(&name), "{see_also}");
        assert!(err.to_lowercase().contains("repaired"), "says what it repaired: {err}");
    } else {
        assert!(err.contains("damaged"), "{err}");
    }
}

/// The trial: `encounter show` said "from stat block #46" when that adversary
/// was changed since Tome wrote it, with exit 0.
#[test]
fn an_encounter_board_never_names_a_damaged_stat_block_by_its_number_as_though_it_read() {
    let cli = Cli::new();
    let goblin = cli.json(&["adversary", "new", "--system", "mythcraft", "--name", "Goblin", "max-hp", "12"]);
    let goblin = goblin["adversary"]["id"].as_i64().unwrap();
    let fight = cli.json(&["encounter", "new", "--system", "mythcraft", "--name", "Reeds"])["id"].to_string();
    cli.json(&["encounter", "add", &fight, "--adversary", "Goblin"]);
    assert!(cli.text(&["encounter", "show", &fight]).contains("from Goblin"));
    write_behind(
        &cli.db,
        &format!("UPDATE adversary SET stat_block = replace(stat_block, '\"max-hp\":12', '\"max-hp\":92') WHERE id = {goblin}"),
    );
    let (code, out, err) = run(&cli, &["encounter", "show", &fight]);
    assert_ne!(code, Some(0), "a board over a damaged stat block answers with exit 0: {out}");
    assert!(out.contains("does not read"), "the board says which stat block does not read: {out}");
    assert!(err.contains(&format!("adversary {goblin}")) && err.contains("damaged"), "{err}");

    // Deleted, it is named by its number, as it was.
    let cli = Cli::new();
    cli.json(&["adversary", "new", "--system", "mythcraft", "--name", "Goblin", "max-hp", "12"]);
    let fight = cli.json(&["encounter", "new", "--system", "mythcraft", "--name", "Reeds"])["id"].to_string();
    cli.json(&["encounter", "add", &fight, "--adversary", "Goblin"]);
    cli.json(&["adversary", "delete", "Goblin", "--system", "mythcraft"]);
    assert!(cli.text(&["encounter", "show", &fight]).contains("deleted since"));
}

/// The trial: a character renamed behind Tome's back was listed as "Evil Brigid"
/// by `character list`, `party list` and `party show` while `character show` refused it.
/// A list shows the rows it can vouch for and names the others; a single read refuses.
#[test]
fn a_list_never_shows_a_changed_character_and_names_it_beside_the_others() {
    let cli = Cli::new();
    let new = |name: &str| {
        cli.json(&["character", "new", "--system", "mythcraft", "--name", name])["character"]["id"].as_i64().unwrap()
    };
    let (brigid, corin) = (new("Brigid"), new("Corin"));
    cli.json(&["character", "set", &brigid.to_string(), "luck", "3"]);
    cli.json(&["party", "new", "--system", "mythcraft", "--name", "Lanterns"]);
    cli.json(&["party", "add", "Lanterns", &brigid.to_string(), &corin.to_string()]);
    cli.json(&["party", "new", "--system", "mythcraft", "--name", "Others"]);
    cli.json(&["party", "add", "Others", &corin.to_string()]);
    write_behind(&cli.db, &format!("UPDATE character SET name = 'Evil Brigid' WHERE id = {brigid}"));
    let record = format!("character {brigid}");
    for args in [&["character", "list"][..], &["party", "list"], &["party", "show", "Lanterns"]] {
        let (code, out, err) = run(&cli, args);
        assert!(!out.contains("Evil Brigid"), "tome {args:?} shows the changed name, exit {code:?}: {out}");
        assert_eq!(code, Some(1), "tome {args:?}: {out}\n{err}");
        assert!(err.contains(&record) && err.contains("damaged"), "tome {args:?} names {record}: {err}");
    }
    // The others are listed all the same.
    let (_, out, _) = run(&cli, &["character", "list"]);
    assert!(out.contains("Corin"), "{out}");
    let (_, out, _) = run(&cli, &["party", "list"]);
    assert!(out.contains("Others"), "{out}");

    // A last revision deleted: the list never shows the revision that is gone.
    let cli = Cli::new();
    let id = new_in(&cli, "Brigid");
    for luck in ["1", "2", "3", "4"] {
        cli.json(&["character", "set", &id.to_string(), "luck", luck]);
    }
    write_behind(&cli.db, &format!("DELETE FROM character_revision WHERE character_id = {id} AND number = 5"));
    let (code, out, err) = run(&cli, &["character", "list"]);
    assert!(!(code == Some(0) && out.contains("rev 5")), "{out}");
    assert!(err.contains(&format!("character {id}")), "{err}");
}

fn new_in(cli: &Cli, name: &str) -> i64 {
    cli.json(&["character", "new", "--system", "mythcraft", "--name", name])["character"]["id"].as_i64().unwrap()
}

/// The trial: one adversary changed behind Tome's back made `adversary list`
/// refuse all sixty.
#[test]
fn one_changed_adversary_does_not_hide_the_others_from_the_list() {
    let cli = Cli::new();
    let ids: Vec<i64> = ["Goblin", "Troll", "Wolf"]
        .iter()
        .map(|name| {
            cli.json(&["adversary", "new", "--system", "mythcraft", "--name", name, "max-hp", "12"])["adversary"]["id"]
                .as_i64()
                .unwrap()
        })
        .collect();
    let all = cli.json(&["adversary", "list"]).as_array().unwrap().len();
    write_behind(
        &cli.db,
        &format!(
            "UPDATE adversary SET stat_block = replace(stat_block, '\"max-hp\":12', '\"max-hp\":92') WHERE id = {}",
            ids[1]
        ),
    );
    let out = cli.cmd(&["adversary", "list", "--json"]).output().unwrap();
    assert_eq!(out.status.code(), Some(1), "the list says it could not read one");
    let listed: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let listed: Vec<i64> = listed.as_array().unwrap().iter().map(|a| a["id"].as_i64().unwrap()).collect();
    assert_eq!(listed.len(), all - 1, "every other adversary is listed: {listed:?}");
    assert!(listed.contains(&ids[0]) && listed.contains(&ids[2]) && !listed.contains(&ids[1]), "{listed:?}");
    let err: serde_json::Value = serde_json::from_slice(&out.stderr).unwrap();
    assert_eq!(err["code"], "database");
    assert!(err["message"].as_str().unwrap().contains(&format!("adversary {}", ids[1])), "{err}");
}
