//! What the command line says of a fight reads true to the game master (issue 72's
//! review): where a match stands, what to do instead of an action Tome makes itself, an
//! adversary's written attack as a sheet writes it, and who counts as a mage.

use crate::common;

use common::Cli;

/// A new encounter of `system` called `name`, its id as the commands take it.
fn encounter(cli: &Cli, system: &str, name: &str) -> String {
    cli.json(&["encounter", "new", "--system", system, "--name", name])["id"].to_string()
}

/// The first line of `encounter show`: its name and where it stands.
fn heading(cli: &Cli, id: &str) -> String {
    cli.text(&["encounter", "show", id]).lines().next().unwrap_or_default().to_string()
}

/// Document 002 has moments before the match (line 72: a spell cast "Before the match";
/// line 327, at its start, before the teams set up) and the team turns after the
/// kick-off. A match `start`ed is set up, not under way, until the first `next` kicks it
/// off; at full time it is over. (It said "under way, no turn order" from the start.)
#[test]
fn an_mlaf_match_is_set_up_until_its_kick_off_and_over_at_full_time() {
    let cli = Cli::new();
    let id = encounter(&cli, "mlaf", "Amazons v Orcs");
    cli.text(&["encounter", "add", &id, "--npc", "Siren", "--stat", "team=1"]);
    cli.text(&["encounter", "add", &id, "--npc", "Shaman", "--stat", "team=2"]);
    let started = cli.text(&["encounter", "start", &id]);
    assert!(started.contains("Set up, not yet kicked off: Siren, Shaman"), "{started}");
    assert!(!started.to_lowercase().contains("under way"), "{started}");
    let before = heading(&cli, &id);
    assert!(before.ends_with(": set up, not yet kicked off (phase before the match)"), "{before}");
    assert_eq!(cli.json(&["encounter", "show", &id])["standing"], "set up, not yet kicked off");
    cli.text(&["encounter", "next", &id]);
    let during = heading(&cli, &id);
    assert!(during.contains(": under way, the teams taking turns (half 1"), "{during}");
    cli.text(&["encounter", "act", &id, "full-time"]);
    let after = heading(&cli, &id);
    assert!(after.contains(": full time, the match is over ("), "{after}");
    // A fight with no turns of its own is under way once started, as before.
    let battle = encounter(&cli, "amtgard", "Field");
    cli.text(&["encounter", "add", &battle, "--npc", "Ann"]);
    assert!(cli.text(&["encounter", "start", &battle]).contains("Under way, with no turn order: Ann"));
    assert!(heading(&cli, &battle).ends_with(": under way, no turn order"), "{}", heading(&cli, &battle));
}

/// The `sheet` action is what Tome does when a caster's saved sheet changes mid-match.
/// Typed by hand there is nothing to bring, and the refusal says what to do: for a
/// combatant with no saved sheet, the actions that change it in the match; for a saved
/// character, that its saves come by themselves. (It said "Tome brings a caster's sheet
/// into the match when it is saved: save the sheet, or use roster and set", whatever the
/// combatant.)
#[test]
fn bringing_a_sheet_in_by_hand_says_what_to_do_instead() {
    let cli = Cli::new();
    let id = encounter(&cli, "mlaf", "Amazons v Orcs");
    cli.text(&["character", "new", "--system", "mlaf", "--name", "Ugg"]);
    cli.text(&["encounter", "add", &id, "--npc", "Siren"]);
    cli.text(&["encounter", "add", &id, "--character", "Ugg"]);
    let (_, err) = cli.fails(&["encounter", "act", &id, "sheet", "Siren"]);
    let said = err["message"].as_str().unwrap();
    assert!(said.contains("Siren has no saved sheet to bring in"), "{said}");
    assert!(said.contains("`roster` for his position and the spells he knows, `set` for his level or SPP"), "{said}");
    let (_, err) = cli.fails(&["encounter", "act", &id, "sheet", "Ugg"]);
    let said = err["message"].as_str().unwrap();
    assert!(said.contains("Ugg's sheet comes into the fight by itself each time it is saved"), "{said}");
    assert!(said.contains("To change Ugg in this fight alone, use `roster`"), "{said}");
    // Amtgard's board says its own.
    let battle = encounter(&cli, "amtgard", "Field");
    cli.text(&["encounter", "add", &battle, "--npc", "Ann"]);
    let (_, err) = cli.fails(&["encounter", "act", &battle, "sheet", "Ann"]);
    let said = err["message"].as_str().unwrap();
    assert!(said.contains("Ann has no saved sheet") && said.contains("`enchant` for an enchantment"), "{said}");
}

/// Document 004's attacks have a bonus, damage dice and types, a range and an AP cost; a
/// MythCraft sheet writes each on one line, "Name: numbers". The library takes its own
/// attack in the same form, reads it as the sheet's is read (the same name, numbers and
/// what they fill in of the attack) and prints it back as written. (It looked the whole
/// line up as a reference entry and refused it.)
#[test]
fn an_adversarys_attack_is_written_as_a_sheets_and_read_the_same() {
    let cli = Cli::new();
    let line = "Short sword: +5, 1d6+2 sharp, melee, 2 AP";
    cli.text(&["adversary", "new", "--system", "mythcraft", "--name", "Bandit", "max-hp", "12", "cor", "4"]);
    let shown = cli.text(&["adversary", "attack", "Bandit", line]);
    assert!(shown.contains(&format!("Attacks and spells\n  {line}\n")), "{shown}");
    let block = cli.json(&["adversary", "show", "Bandit"]);
    let attack = &block["adversary"]["attacks"][0];
    assert_eq!(
        (attack["name"].as_str(), attack["numbers"].as_str()),
        (Some("Short sword"), Some(&line[13..])),
        "{block}"
    );
    // Its numbers given twice are refused; --remove takes it off by the name it was written with.
    let (_, err) = cli.fails(&["adversary", "attack", "Bandit", line, "--numbers", "+4"]);
    assert!(err["message"].as_str().unwrap().contains("give them once"), "{err}");

    cli.text(&["character", "new", "--system", "mythcraft", "--name", "Vera"]);
    cli.text(&["character", "set", "Vera", "attack-1", line]);
    let id = encounter(&cli, "mythcraft", "Road");
    cli.text(&["encounter", "add", &id, "--adversary", "Bandit"]);
    cli.text(&["encounter", "add", &id, "--character", "Vera"]);
    let board = cli.json(&["encounter", "show", &id]);
    let attacks = |name: &str| {
        let c = board["combatants"].as_array().unwrap().iter().find(|c| c["name"] == name).unwrap();
        let a = &c["attacks"][0];
        (a["name"].clone(), a["numbers"].clone(), a["action"].clone(), a["inputs"].clone())
    };
    assert_eq!(attacks("Bandit"), attacks("Vera"), "{board}");
    assert_eq!(attacks("Bandit").3["dice"], "1d6", "{board}");
    cli.text(&["adversary", "attack", "Bandit", "Short sword: anything", "--remove"]);
    assert_eq!(cli.json(&["adversary", "show", "Bandit"])["adversary"]["attacks"], serde_json::json!([]));
}

/// Lines 177 and 199 of document 003: a covert Shaping attack deals at least 2, and a
/// mage's Mage Sight takes one off; so the board says who counts as a mage, in the
/// command line's words and its JSON alike: one marked so, and a saved character whose
/// sheet gives it Gnosis; a mundane thug is none.
#[test]
fn the_board_says_who_counts_as_a_mage() {
    let cli = Cli::new();
    cli.text(&["character", "new", "--system", "primal-wild", "--name", "Ada"]);
    cli.text(&["character", "set", "Ada", "gnosis", "3"]);
    let id = encounter(&cli, "primal-wild", "Alley");
    cli.text(&["encounter", "add", &id, "--npc", "Acanthus", "--stat", "mage=1"]);
    cli.text(&["encounter", "add", &id, "--npc", "Thug"]);
    cli.text(&["encounter", "add", &id, "--character", "Ada"]);
    let shown = cli.text(&["encounter", "show", &id]);
    let line =
        |name: &str| shown.lines().find(|l| l.trim_start().starts_with(&format!("{name}:"))).unwrap().to_string();
    assert!(line("Acanthus").contains(" mage"), "{shown}");
    assert!(line("Ada").contains(" mage"), "{shown}");
    assert!(!line("Thug").contains("mage"), "{shown}");
    let board = cli.json(&["encounter", "show", &id]);
    let mages: Vec<(&str, bool)> = board["combatants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c["name"].as_str().unwrap(), c["mage"].as_bool().unwrap()))
        .collect();
    assert_eq!(mages, [("Acanthus", true), ("Thug", false), ("Ada", true)]);
}
