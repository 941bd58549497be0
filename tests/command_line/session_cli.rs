//! An evening prepared at the command line: the GM's screen printed and made their own,
//! a party that joins a fight in one step, the next fight, and the session log.

use crate::common;

use common::Cli;

#[test]
fn a_gm_makes_the_screen_their_own_and_prints_it() {
    let cli = Cli::new();
    let out = cli.dir.path().join("screen.pdf");
    let v = cli.json(&["screen", "mlaf", "--paper", "letter", "--out", out.to_str().unwrap()]);
    assert_eq!(v["system"], "mlaf");
    assert!(std::fs::read(&out).unwrap().starts_with(b"%PDF-"));

    let shipped = cli.json(&["screen", "mlaf", "show"]);
    assert_eq!(shipped["shipped"], true);
    let n = shipped["panels"].as_array().unwrap().len();
    let v = cli.json(&["screen", "mlaf", "pin", "Mutation Table"]);
    assert_eq!(v["shipped"], false);
    assert_eq!(v["panels"][n]["items"][0], "mlaf/table/mutation-table");
    // A panel without a heading reads as what it holds.
    let pinned = cli.json(&["screen", "mlaf", "pin", "mlaf/position"])["panels"][n + 1]["title"].clone();
    assert!(pinned.is_null(), "{pinned}");
    let text = cli.text(&["screen", "mlaf", "show"]);
    assert!(text.contains(&format!("{:>3}. Mutation Table\n", n + 1)), "{text}");
    assert!(text.contains(&format!("{:>3}. All positions\n", n + 2)), "{text}");
    cli.json(&["screen", "mlaf", "unpin", &(n + 2).to_string()]);
    let v = cli.json(&["screen", "mlaf", "move", &(n + 1).to_string(), "1"]);
    assert_eq!(v["panels"][0]["items"][0], "mlaf/table/mutation-table");
    let v = cli.json(&["screen", "mlaf", "unpin", "mlaf/table/mutation-table"]);
    assert_eq!(v["panels"].as_array().unwrap().len(), n);
    let (code, err) = cli.fails(&["screen", "mlaf", "move", "1", "99"]);
    assert_eq!((code, err["code"].as_str()), (3, Some("not_found")));
    let (code, _) = cli.fails(&["screen", "mlaf", "pin", "nothing by this name"]);
    assert_eq!(code, 3);
    assert_eq!(cli.json(&["screen", "mlaf", "reset"]), shipped);
}

#[test]
fn a_party_joins_a_fight_in_one_step_and_the_evening_is_logged() {
    let cli = Cli::new();
    let vex = cli.json(&["character", "new", "--system", "mythcraft", "--name", "Vex"])["character"]["id"].to_string();
    let oru = cli.json(&["character", "new", "--system", "mythcraft", "--name", "Oru"])["character"]["id"].to_string();
    let p = cli.json(&["party", "new", "--system", "mythcraft", "--name", "The Lanterns"]);
    assert_eq!(p["members"].as_array().unwrap().len(), 0);
    let p = cli.json(&["party", "add", "The Lanterns", &vex, &oru]);
    assert_eq!(p["members"][1]["name"], "Oru");
    assert!(cli.text(&["party", "list"]).contains("The Lanterns"));
    let shown = cli.text(&["party", "show", "The Lanterns"]);
    assert!(shown.contains("Vex") && shown.contains("Oru"), "{shown}");
    let p = cli.json(&["party", "remove", "The Lanterns", &oru]);
    assert_eq!(p["members"].as_array().unwrap().len(), 1, "{p}");
    assert!(!cli.text(&["party", "show", "The Lanterns"]).contains("Oru"));
    cli.json(&["party", "add", "The Lanterns", &oru]);

    let e = cli.json(&["encounter", "new", "--system", "mythcraft", "--name", "Bridge", "--party", "The Lanterns"]);
    assert_eq!(e["combatants"].as_array().unwrap().len(), 2);
    let id = e["id"].to_string();
    let e = cli.json(&["encounter", "new", "--system", "mythcraft", "--name", "Ford"]);
    let joined = cli.text(&["encounter", "add-party", &e["id"].to_string(), "The Lanterns"]);
    assert!(joined.contains("Vex joins") && joined.contains("Oru joins"), "{joined}");

    let next = cli.json(&["encounter", "next-fight", &id]);
    assert_eq!(next["name"], "Bridge (next)");
    assert_eq!(next["combatants"].as_array().unwrap().len(), 2);

    let log = cli.dir.path().join("evening.md");
    cli.text(&["encounter", "session-log", &id, &next["id"].to_string(), "--out", log.to_str().unwrap()]);
    let md = std::fs::read_to_string(&log).unwrap();
    assert!(md.contains("## Bridge\n") && md.contains("## Bridge (next)"), "{md}");

    let pdf = cli.dir.path().join("party.pdf");
    cli.text(&["party", "pdf", "The Lanterns", "--out", pdf.to_str().unwrap()]);
    assert!(std::fs::read(&pdf).unwrap().starts_with(b"%PDF-"));
    let (code, _) = cli.fails(&["encounter", "session-log", "--date", "24/11/2026"]);
    assert_eq!(code, 2);
}
