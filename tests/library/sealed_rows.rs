//! Issue 73: every user row is sealed. Changes made through SQLite with every page's sum
//! valid (as a tool with SQLite's checksum VFS writes them) went unseen in an encounter's
//! name and flags, a party's members, an imported document's text, headings and
//! sections, and a fight's last event deleted with its counter: `tome db check` called
//! the file clean. Each is now named. A fight's checkpoints vouch for themselves: one
//! changed or moved is passed over by every read for a replay
//! (`rules_and_fights/encounter_checkpoints.rs`), and named and dropped by the check.

use crate::common;

use std::collections::BTreeMap;
use std::path::Path;

use common::Cli;
use tome::Tome;

/// Writes `statement` through SQLite in Tome's process (so every page gets its sum and
/// place), constraints off as a tool would have them, and closes the file cleanly.
fn write_behind(db: &Path, statement: &str) {
    let t = Tome::open(db).unwrap();
    let c = t.db().connection();
    c.execute_batch(
        "PRAGMA ignore_check_constraints = ON; PRAGMA foreign_keys = OFF; PRAGMA recursive_triggers = OFF;",
    )
    .unwrap();
    c.execute_batch(statement).unwrap();
}

/// `tome db check` on the clean file `clean` with `statement` written behind Tome's back:
/// its exit code and all it said.
fn checked_after(cli: &Cli, clean: &[u8], statement: &str) -> (Option<i32>, String) {
    std::fs::write(&cli.db, clean).unwrap();
    let _ = std::fs::remove_file(cli.db.with_extension("db-checked"));
    // The clean copy put back on purpose: Tome takes it as it is (`db::ledger::witness`).
    let _ = std::fs::remove_file(cli.db.with_extension("db-written"));
    write_behind(&cli.db, statement);
    let o = cli.cmd(&["db", "check"]).output().unwrap();
    (o.status.code(), format!("{}{}", String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr)))
}

/// A file with one of each: a fight with a checkpoint and events after it, a party of
/// two, an imported document. Answers the fight's id.
fn filled(cli: &Cli) -> i64 {
    let fight = {
        let mut t = Tome::open(&cli.db).unwrap();
        let e = t.create_encounter("mythcraft", "Long road").unwrap().id;
        for i in 0..tome::encounters::checkpoint::INTERVAL + 3 {
            t.encounter_add_npc(e, &format!("Goblin {i}"), 1, BTreeMap::from([("max-hp".to_string(), 10)])).unwrap();
        }
        t.encounter(e).unwrap();
        e
    };
    let ann = cli.json(&["character", "new", "--system", "mythcraft", "--name", "Ann"])["character"]["id"].to_string();
    let bo = cli.json(&["character", "new", "--system", "mythcraft", "--name", "Bo"])["character"]["id"].to_string();
    cli.json(&["party", "new", "--system", "mythcraft", "--name", "Wardens"]);
    cli.json(&["party", "add", "Wardens", &ann, &bo]);
    let doc = cli.dir.path().join("lanterns.txt");
    std::fs::write(&doc, "# Stalls\n\nWares and prices.\n\n# Lanterns\n\nViolet flames hum at night.\n").unwrap();
    cli.cmd(&["import-text", doc.to_str().unwrap(), "--system", "mlaf"]).assert().success();
    let fight_s = fight.to_string();
    cli.json(&["encounter", "end", &fight_s, "--apply"]);
    fight
}

#[test]
fn db_check_names_each_change_to_a_user_row_made_with_valid_page_sums() {
    let cli = Cli::new();
    let fight = filled(&cli);
    let (code, out, err) = {
        let o = cli.cmd(&["db", "check"]).output().unwrap();
        (
            o.status.code(),
            String::from_utf8_lossy(&o.stdout).into_owned(),
            String::from_utf8_lossy(&o.stderr).into_owned(),
        )
    };
    assert_eq!(code, Some(0), "clean before: {out}{err}");
    let clean = std::fs::read(&cli.db).unwrap();
    let changes: &[(&str, String, &str)] = &[
        ("a fight's name", format!("UPDATE encounter SET name = 'Short road' WHERE id = {fight}"), "encounter"),
        ("a fight's end", format!("UPDATE encounter SET ended = NULL WHERE id = {fight}"), "encounter"),
        ("a fight's table totals", format!("UPDATE encounter SET table_totals = 1 WHERE id = {fight}"), "encounter"),
        ("a fight's newcomers", format!("UPDATE encounter SET newcomers_hidden = 1 WHERE id = {fight}"), "encounter"),
        (
            "a fight's last event with its counter",
            format!(
                "DELETE FROM encounter_event WHERE encounter_id = {fight} AND seq = (SELECT max(seq) FROM encounter_event WHERE encounter_id = {fight});
                 UPDATE encounter SET head = head - 1 WHERE id = {fight}"
            ),
            "encounter",
        ),
        ("a party's member", "DELETE FROM party_member WHERE position = 2".into(), "party"),
        ("a party's order", "UPDATE party_member SET position = 3 - position".into(), "party"),
        ("a document's title", "UPDATE doc SET title = 'Stolen'".into(), "imported document"),
        ("a document's shared flag", "UPDATE doc SET shared = 1 - shared".into(), "imported document"),
        ("a section's text", "UPDATE doc_section SET body = replace(body, 'Violet', 'Golden')".into(), "imported section"),
        ("a section's heading", "UPDATE doc_section SET heading = 'Stools' WHERE heading = 'Stalls'".into(), "imported section"),
        ("a section deleted", "DELETE FROM doc_section WHERE heading = 'Stalls'".into(), "imported document"),
    ];
    // A fight's checkpoint moved or changed: a cache, passed over by every read; the
    // check names it and drops it, and the fight is whole.
    for (what, sql) in [
        ("moved", format!("UPDATE encounter_checkpoint SET seq = seq + 1 WHERE encounter_id = {fight}")),
        ("changed", format!("UPDATE encounter_checkpoint SET state = CAST(replace(CAST(state AS TEXT), '\"hp\":1', '\"hp\":9') AS BLOB) WHERE encounter_id = {fight}")),
    ] {
        let (code, said) = checked_after(&cli, &clean, &sql);
        assert_eq!(code, Some(0), "a checkpoint {what}: {said}");
        assert!(said.contains("Dropped 1 kept fight state") && said.contains(&format!("encounter {fight}")), "a checkpoint {what}: {said}");
        let again = cli.cmd(&["db", "check"]).output().unwrap();
        assert!(!String::from_utf8_lossy(&again.stderr).contains("Dropped"), "dropped once");
    }
    for (what, sql, named) in changes {
        let (code, said) = checked_after(&cli, &clean, sql);
        assert_ne!(code, Some(0), "{what}: db check calls it clean: {said}");
        assert!(said.contains(named) && said.contains("changed since Tome wrote it"), "{what}: {said}");
        if named.starts_with("imported") {
            // The reads refuse it too: the list of documents, and the section itself.
            let o = cli.cmd(&["docs", "list"]).output().unwrap();
            let listed = String::from_utf8_lossy(&o.stdout).into_owned();
            let refused = o.status.code() != Some(0) && String::from_utf8_lossy(&o.stderr).contains("changed since");
            assert!(refused || *named != "imported document", "{what}: docs list answers: {listed}");
            let o = cli.cmd(&["list", "section"]).output().unwrap();
            let said = String::from_utf8_lossy(&o.stderr);
            assert!(
                o.status.code() != Some(0) && said.contains("changed since Tome wrote it"),
                "{what}: the sections are listed: {}{said}",
                String::from_utf8_lossy(&o.stdout)
            );
            if *named == "imported document" || what.contains("text") {
                let o = cli.cmd(&["show", "mlaf/section/lanterns--lanterns"]).output().unwrap();
                let said = String::from_utf8_lossy(&o.stderr);
                assert!(
                    o.status.code() != Some(0) && said.contains("changed since Tome wrote it"),
                    "{what}: the section is shown: {}{said}",
                    String::from_utf8_lossy(&o.stdout)
                );
            }
        }
        if *named == "encounter" {
            // The list of fights refuses it too, naming it, rather than list the change
            // (issue 73's fresh-eyes attack: a renamed fight was listed with exit 0).
            let o = cli.cmd(&["encounter", "list"]).output().unwrap();
            let (listed, said) = (String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr));
            assert_ne!(o.status.code(), Some(0), "{what}: encounter list answers: {listed}");
            assert!(
                said.contains("changed since Tome wrote it") && !listed.contains("Short road"),
                "{what}: {listed}{said}"
            );
        }
        if *named == "party" {
            // The party's own read refuses it too, rather than show the list changed.
            let o = cli.cmd(&["party", "show", "Wardens"]).output().unwrap();
            let said = String::from_utf8_lossy(&o.stderr);
            assert_ne!(o.status.code(), Some(0), "{what}: party show answers: {}", String::from_utf8_lossy(&o.stdout));
            assert!(said.contains("changed since Tome wrote it"), "{what}: {said}");
        }
    }
}

/// Issue 73's fresh-eyes attack: a change written with the row's checksum cleared (read
/// as an older Tome's row, which carried none) passed every read and `db check`, and so
/// did a character's latest revision deleted with the rows it saved. Since every row was
/// sealed at the upgrade, a row without a checksum is damage, and a character's own row
/// vouches for how many revisions it has.
#[test]
fn a_cleared_checksum_or_a_lost_latest_revision_is_damage() {
    let cli = Cli::new();
    let fight = filled(&cli);
    let fight_s = fight.to_string();
    let ann = cli.json(&["character", "list"])[0]["id"].to_string();
    cli.text(&["character", "set", &ann, "max-hp", "20"]);
    cli.text(&["character", "set", &ann, "hp", "12", "notes", "Scar"]);
    cli.json(&["adversary", "new", "--system", "mythcraft", "--name", "Goblin", "max-hp", "12"]);
    let (code, said) = checked_after(&cli, &std::fs::read(&cli.db).unwrap(), "SELECT 1");
    assert_eq!(code, Some(0), "clean before: {said}");
    let clean = std::fs::read(&cli.db).unwrap();
    let cleared = "no checksum";
    let changed = "changed since Tome wrote it";
    let changes: Vec<(&str, String, String, &str, Vec<&str>)> = vec![
        (
            "an adversary's number",
            "UPDATE adversary SET stat_block = replace(stat_block, '\"max-hp\":12', '\"max-hp\":92'), check_sum = NULL WHERE name = 'Goblin'".into(),
            "adversary".into(),
            cleared,
            vec!["adversary", "show", "Goblin"],
        ),
        (
            "a fight's name",
            format!("UPDATE encounter SET name = 'Tunnel', check_sum = NULL WHERE id = {fight}"),
            format!("encounter {fight}"),
            cleared,
            vec!["encounter", "show", &fight_s],
        ),
        (
            "a fight's event",
            format!("UPDATE encounter_event SET event = replace(event, 'Goblin 1', 'Goblin 9'), check_sum = NULL WHERE encounter_id = {fight} AND seq = 2"),
            format!("encounter {fight}"),
            cleared,
            vec!["encounter", "show", &fight_s],
        ),
        (
            "a fight's last event with its counter",
            format!(
                "DELETE FROM encounter_event WHERE encounter_id = {fight} AND seq = (SELECT max(seq) FROM encounter_event WHERE encounter_id = {fight});
                 UPDATE encounter SET head = head - 1, check_sum = NULL WHERE id = {fight}"
            ),
            format!("encounter {fight}"),
            cleared,
            vec!["encounter", "show", &fight_s],
        ),
        (
            "a section's text",
            "UPDATE doc_section SET body = replace(body, 'Violet', 'Golden'), check_sum = NULL".into(),
            "imported section".into(),
            cleared,
            vec!["show", "mlaf/section/lanterns--lanterns"],
        ),
        (
            "a party's member, its list and its own sums cleared",
            "UPDATE party_member SET check_sum = NULL WHERE position = 2; DELETE FROM party_member WHERE position = 2; UPDATE party SET members_sum = NULL, check_sum = NULL".into(),
            "party".into(),
            cleared,
            vec!["party", "show", "Wardens"],
        ),
        (
            "a revision's summary",
            format!("UPDATE character_revision SET summary = 'HP set to 99', check_sum = NULL WHERE character_id = {ann} AND number = 2"),
            format!("character {ann}, revision 2"),
            cleared,
            vec!["character", "revisions", &ann],
        ),
        (
            "a character's value and its latest revision both",
            format!(
                "UPDATE character_value SET int_value = 40 WHERE character_id = {ann} AND field = 'max-hp';
                 UPDATE character_revision SET snapshot = replace(snapshot, '\"max-hp\":20', '\"max-hp\":40'), check_sum = NULL
                  WHERE character_id = {ann} AND number = 3"
            ),
            format!("character {ann}"),
            cleared,
            vec!["character", "show", &ann],
        ),
        (
            "a character's latest revision deleted with the rows it saved",
            format!(
                "DELETE FROM character_revision WHERE character_id = {ann} AND number = 3;
                 DELETE FROM character_value WHERE character_id = {ann} AND field IN ('hp', 'notes')"
            ),
            format!("character {ann}"),
            changed,
            vec!["character", "show", &ann],
        ),
        (
            "a character renamed",
            format!("UPDATE character SET name = 'Evil Ann' WHERE id = {ann}"),
            format!("character {ann}"),
            changed,
            vec!["character", "show", &ann],
        ),
    ];
    // Nor is a row changed behind Tome's back found under what it now says: not a
    // renamed adversary, not an imported section's changed heading.
    for (sql, query) in [
        ("UPDATE adversary SET name = 'Betamax' WHERE name = 'Goblin'", "Betamax"),
        ("UPDATE doc_section SET heading = 'Lampposts' WHERE heading = 'Lanterns'", "Lampposts"),
    ] {
        std::fs::write(&cli.db, &clean).unwrap();
        let _ = std::fs::remove_file(cli.db.with_extension("db-checked"));
        // The clean copy put back on purpose: Tome takes it as it is (`db::ledger::witness`).
        let _ = std::fs::remove_file(cli.db.with_extension("db-written"));
        write_behind(&cli.db, sql);
        let o = cli.cmd(&["search", query]).output().unwrap();
        let found = String::from_utf8_lossy(&o.stdout);
        assert!(!found.lines().any(|l| l.starts_with(query)), "`search {query}` finds the changed row: {found}");
    }
    for (what, sql, named, why, read) in &changes {
        let (code, said) = checked_after(&cli, &clean, sql);
        assert_ne!(code, Some(0), "{what}: db check calls it clean: {said}");
        assert!(said.contains(named.as_str()) && said.contains(why), "{what}: {said}");
        // The read refuses it too, rather than show the change as fact.
        std::fs::write(&cli.db, &clean).unwrap();
        let _ = std::fs::remove_file(cli.db.with_extension("db-checked"));
        // The clean copy put back on purpose: Tome takes it as it is (`db::ledger::witness`).
        let _ = std::fs::remove_file(cli.db.with_extension("db-written"));
        write_behind(&cli.db, sql);
        let o = cli.cmd(read).output().unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(
            o.status.code() != Some(0) && (err.contains(why) || err.contains(changed)),
            "{what}: `{}` answers: {}{err}",
            read.join(" "),
            String::from_utf8_lossy(&o.stdout)
        );
    }
}
