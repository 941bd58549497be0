//! `tome character recover`: Ars Magica wounds healing over time, kept on the sheet as
//! revisions (the document's Recovering From Wounds, lines 1119-1152).

use crate::common;

use common::Cli;
use serde_json::Value;

fn grog(cli: &Cli, wounds: &[(&str, &str)]) -> String {
    let v = cli.json(&["character", "new", "--system", "ars-magica", "--name", "Agnes"]);
    let id = v["character"]["id"].as_i64().unwrap().to_string();
    let mut args = vec!["character", "set", &id, "stamina", "1"];
    for (k, n) in wounds {
        args.extend([*k, *n]);
    }
    cli.json(&args);
    id
}

fn value(cli: &Cli, id: &str, key: &str) -> Value {
    cli.json(&["character", "show", id])["character"]["values"][key].clone()
}

/// A Medium wound (holds at 6, improves at 12; line 1142) with Stamina +1: a 5 holds and
/// carries +3, which the next roll adds; 8 then makes 12 and it becomes Light.
#[test]
fn a_medium_wound_that_holds_carries_its_bonus_then_improves_to_light() {
    let cli = Cli::new();
    let id = grog(&cli, &[("wounds.medium", "1")]);
    let due = cli.json(&["character", "recover", &id]);
    assert_eq!(due["next"], "medium");
    assert_eq!(due["wounds"][0]["interval"], "one month");
    assert_eq!(
        (due["wounds"][0]["stable_ease"].clone(), due["wounds"][0]["improvement_ease"].clone()),
        (6.into(), 12.into())
    );

    let held = cli.json(&["character", "recover", &id, "--wound", "medium", "--roll", "5"]);
    assert_eq!(
        (held["total"].clone(), held["result"].clone(), held["bonus_next"].clone()),
        (6.into(), "stable".into(), 3.into())
    );
    assert_eq!(value(&cli, &id, "recovery.medium"), "+3");

    let better = cli.json(&["character", "recover", &id, "--roll", "8"]);
    assert_eq!((better["bonus"].clone(), better["total"].clone()), (3.into(), 12.into()));
    assert_eq!((better["result"].clone(), better["new_level"].clone()), ("improves".into(), "light".into()));
    assert_eq!(value(&cli, &id, "wounds.medium"), 0);
    assert_eq!(value(&cli, &id, "wounds.light"), 1);
    assert_eq!(value(&cli, &id, "recovery.medium"), Value::Null);

    // Each roll is a revision that says what happened.
    let revs = cli.json(&["character", "revisions", &id]);
    let notes: Vec<&str> = revs.as_array().unwrap().iter().map(|r| r["summary"].as_str().unwrap()).collect();
    assert_eq!(notes.len(), 4);
    assert!(notes[2].starts_with("Recovery roll for a medium wound: die 5, total 6 (stable)"), "{}", notes[2]);
    assert!(notes[3].contains("improves to light"), "{}", notes[3]);

    let text = cli.text(&["character", "recover", &id]);
    assert!(text.contains("light ×1: roll every one week; holds at 4, improves at 10"), "{text}");
}

/// Below the stable Ease Factor infection makes the wound worse (line 1134): a Medium
/// wound rolling 0 + Stamina 1 becomes Heavy, rolled each season.
#[test]
fn a_medium_wound_that_worsens_becomes_heavy() {
    let cli = Cli::new();
    let id = grog(&cli, &[("wounds.medium", "1")]);
    let worse = cli.json(&["character", "recover", &id, "--roll", "0"]);
    assert_eq!((worse["result"].clone(), worse["new_level"].clone()), ("worsens".into(), "heavy".into()));
    assert!(worse["interpretations"][0].as_str().unwrap().starts_with("Interpretation:"));
    assert_eq!(value(&cli, &id, "wounds.heavy"), 1);
    assert_eq!(cli.json(&["character", "recover", &id])["wounds"][0]["interval"], "one season");
}

/// Line 1124: the Recovery Total adds the medic's Chirurgy and magical aid; a Light
/// wound with Stamina 1, a medic of 3 and magic 2 improves on a die of 4 (10, line 1140).
#[test]
fn the_medic_and_healing_magic_add_to_the_roll() {
    let cli = Cli::new();
    let id = grog(&cli, &[("wounds.light", "1")]);
    let r = cli.json(&["character", "recover", &id, "--roll", "4", "--medic", "3", "--magic", "2"]);
    assert_eq!((r["total"].clone(), r["new_level"].clone()), (10.into(), "none".into()));
    assert_eq!(value(&cli, &id, "wounds.light"), 0);
}

/// Tome rolls the stress die when none is typed, the same way for the same seed.
#[test]
fn an_untyped_roll_is_rolled_from_the_seed() {
    let cli = Cli::new();
    let id = grog(&cli, &[("wounds.light", "2")]);
    let a = cli.json(&["character", "recover", &id, "--seed", "7"]);
    let faces = a["rolled"]["faces"].as_array().unwrap();
    assert!(!faces.is_empty());
    assert_eq!(a["die"], a["rolled"]["total"]);
    assert_eq!(a["total"].as_i64().unwrap(), 1 + a["die"].as_i64().unwrap());
    let other = Cli::new();
    let id2 = grog(&other, &[("wounds.light", "2")]);
    assert_eq!(other.json(&["character", "recover", &id2, "--seed", "7"])["die"], a["die"]);
}

/// Unknown wound levels, wounds the character does not have, absurd rolls and other
/// systems' characters are refused with the reason, and nothing is saved.
#[test]
fn bad_recovery_input_is_refused_clearly() {
    let cli = Cli::new();
    let id = grog(&cli, &[("wounds.light", "1")]);
    let (_, e) = cli.fails(&["character", "recover", &id, "--wound", "gash", "--roll", "3"]);
    assert!(e["message"].as_str().unwrap().contains("`gash` is not a wound level"), "{e}");
    assert_eq!(e["code"], "invalid_input");
    let (_, e) = cli.fails(&["character", "recover", &id, "--wound", "heavy", "--roll", "3"]);
    assert!(e["message"].as_str().unwrap().contains("no heavy wound"), "{e}");
    for roll in ["99999", "-3"] {
        let (_, e) = cli.fails(&["character", "recover", &id, "--roll", roll]);
        assert!(e["message"].as_str().unwrap().contains("Stress die roll must be from 0"), "{e}");
    }
    let (_, e) = cli.fails(&["character", "recover", &id, "--medic", "3"]);
    assert!(e["message"].as_str().unwrap().contains("--roll-now"), "{e}");
    let (_, e) = cli.fails(&["character", "recover", &id, "--medic", "31", "--roll", "3"]);
    assert!(e["message"].as_str().unwrap().contains("Medic's Ability"), "{e}");
    let (_, e) = cli.fails(&["character", "recover", "999", "--roll", "3"]);
    assert_eq!(e["code"], "not_found");
    let v = cli.json(&["character", "new", "--system", "mythcraft", "--name", "Vel"]);
    let other = v["character"]["id"].as_i64().unwrap().to_string();
    let (_, e) = cli.fails(&["character", "recover", &other]);
    let msg = e["message"].as_str().unwrap();
    assert!(msg.contains("no recovery track") && msg.contains("ars-magica"), "{e}");
    assert_eq!(cli.json(&["character", "revisions", &id]).as_array().unwrap().len(), 2);
}

/// The sheet (`character show`, the app's character page) carries the track beside the
/// values, so the app shows what is due without asking again; other systems carry none.
#[test]
fn the_sheet_view_carries_the_recovery_track_of_its_system_only() {
    let cli = Cli::new();
    let id = grog(&cli, &[("wounds.heavy", "1"), ("wounds.light", "2")]);
    let view = cli.json(&["character", "show", &id]);
    let wounds = view["recovery"]["wounds"].as_array().expect("an Ars Magica sheet carries its track");
    let levels: Vec<&str> = wounds.iter().map(|w| w["level"].as_str().unwrap()).collect();
    assert_eq!(levels, ["light", "heavy"], "soonest roll first: {view}");
    assert_eq!(wounds[0]["count"], 2);
    let v = cli.json(&["character", "new", "--system", "mythcraft", "--name", "Vel"]);
    let other = v["character"]["id"].as_i64().unwrap().to_string();
    assert_eq!(cli.json(&["character", "show", &other])["recovery"], Value::Null);
}
