//! Issue 71, the table keeps its word, over loopback: each failure the issue found,
//! as a player who wants to learn what is hidden or get a better roll would try it. Each
//! of these failed on the code before the fix.

use crate::common::{self, client};

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use client::{get, join, join_from, request, Answer, Stream};
use common::fight::stats;
use tome::encounters::Event;
use tome::share::arrivals::Arrival;
use tome::share::{Share, ShareOptions};
use tome::shared::SharedTome;
use tome::Tome;

const LOOPBACK: IpAddr = IpAddr::V4(Ipv4Addr::LOCALHOST);
const WAIT: Duration = Duration::from_secs(5);

struct Table {
    tome: Arc<SharedTome>,
    share: Share,
    encounter: i64,
    /// Ann's phone shows Vex.
    ann: String,
}

/// A MythCraft fight, Vex's turn: Vex (Ann's character, a written short sword), two
/// Goblins (HP 12, AR 10) and, when `hidden` names one, a hidden combatant.
fn table(hidden: Option<&str>) -> Table {
    dealt(hidden, None)
}

/// As [`table`], with the share's dice from `seed` (`None`: the system's randomness).
fn dealt(hidden: Option<&str>, seed: Option<u64>) -> Table {
    let mut t = Tome::open_in_memory().unwrap();
    let mut hero = t.create_character("mythcraft", "Vex").unwrap();
    hero.values.insert("max-hp".into(), tome::characters::SheetValue::Int(20));
    hero.values.insert("attack-1".into(), "Short sword: +5, 1d6+2 sharp, melee, 2 AP".into());
    let hero = t.save_character(&hero).unwrap();
    let e = t.create_encounter("mythcraft", "Ambush").unwrap().id;
    t.encounter_add_character(e, hero.id).unwrap();
    t.encounter_add_npc(e, "Goblin", 2, stats(&[("max-hp", 12), ("ar", 10), ("ref", 10), ("fort", 10)])).unwrap();
    let mut order = vec![("Vex".to_string(), 10), ("Goblin 1".to_string(), 5), ("Goblin 2".to_string(), 3)];
    if let Some(name) = hidden {
        t.encounter_add_npc(e, name, 1, stats(&[("max-hp", 9), ("ar", 14)])).unwrap();
        t.encounter_change(e, Event::Hide { name: name.into(), hidden: true }).unwrap();
        order.push((name.to_string(), 1));
    }
    t.encounter_start(e, &order, &[], None).unwrap();
    seated(t, e, hero.id, seed)
}

/// Fight `e` of `t` shared (its dice from `seed`), with Ann's phone seated as character
/// `character`.
fn seated(t: Tome, e: i64, character: i64, seed: Option<u64>) -> Table {
    let tome = Arc::new(SharedTome::open(t));
    let options = ShareOptions {
        address: Some(LOOPBACK),
        port: 0,
        encounter: Some(e),
        code_ttl: Duration::from_secs(600),
        limits: tome::share::conn::Limits { roll_period: Duration::from_millis(1), ..Default::default() },
        dice_seed: seed,
    };
    let share = Share::start(tome.clone(), options).unwrap();
    let ann = join(share.address(), &share.code(), "Ann").unwrap();
    let id = share.devices()[0].id;
    share.assign(id, Some(character)).unwrap();
    Table { tome, share, encounter: e, ann }
}

impl Table {
    fn addr(&self) -> SocketAddr {
        self.share.address()
    }

    fn send(&self, path: &str, body: &str) -> Answer {
        let headers = [("Cookie", self.ann.as_str()), ("Content-Type", "application/json")];
        request(self.addr(), "POST", path, &headers, body.as_bytes())
    }

    fn mine(&self) -> serde_json::Value {
        serde_json::from_str(&get(self.addr(), "/api/mine", Some(&self.ann)).body).unwrap()
    }

    fn log(&self) -> Vec<String> {
        let log = self.tome.run("test", |tome| tome.encounter_log(self.encounter)).unwrap();
        log.into_iter().flat_map(|e| e.lines).collect()
    }
}

/// Item 1: `{"action":"Morwenna"}` was refused as "the rules do not allow this now" when a
/// combatant named Morwenna was hidden and as "no action named" when not; a hidden name
/// in a dice field the same. A binary search over 64 KiB bodies read the name in 13
/// previews. Every shape of request is now answered the same at both tables, and a body
/// holds what a form needs, not thousands of names.
#[test]
fn a_hidden_name_is_answered_as_a_name_of_no_one() {
    let (hidden, open) = (table(Some("Morwenna")), table(None));
    let bodies = [
        r#"{"action": "Morwenna", "inputs": {}}"#.to_string(),
        r#"{"action": "morwenna ", "inputs": {}}"#.to_string(),
        r#"{"action": "attack", "inputs": {"target": "Goblin 1", "dice": "2d6+Morwenna"}}"#.to_string(),
        r#"{"action": "attack", "inputs": {"target": "Morwenna"}}"#.to_string(),
        r#"{"action": "attack", "inputs": {"target": "Goblin 1, Morwenna"}}"#.to_string(),
        r#"{"action": "attack", "inputs": {"Morwenna": "1"}}"#.to_string(),
        r#"{"action": "disarm", "inputs": {"target": "Goblin 1", "item": "Morwenna's sword"}}"#.to_string(),
    ];
    for path in ["/api/preview", "/api/act"] {
        for body in &bodies {
            let (a, b) = (hidden.send(path, body), open.send(path, body));
            assert_eq!((a.status, &a.body), (b.status, &b.body), "{path} {body}");
            for p in hidden.share.proposals() {
                hidden.share.decline_proposal(p.id, None).unwrap();
            }
            for p in open.share.proposals() {
                open.share.decline_proposal(p.id, None).unwrap();
            }
        }
    }
    // 2,048 names in one request: refused by its size, before any name is looked at.
    let names: Vec<String> = (0..2_048).map(|n| format!("Name{n:05}")).collect();
    let many = serde_json::json!({ "action": names.join("|"), "inputs": {} }).to_string();
    let refused = hidden.send("/api/preview", &many);
    assert_eq!(refused.status, 413, "{}", refused.body);
    let long = serde_json::json!({ "action": "disarm", "inputs": { "target": "Goblin 1", "item": "x".repeat(500) } });
    let refused = hidden.send("/api/preview", &long.to_string());
    assert_eq!(refused.status, 400, "{}", refused.body);
    assert!(refused.body.contains("at most 200 characters"), "{}", refused.body);
    // A field the action does not have is named, with the player's own fields (the fresh-
    // eyes attack found "Unknown parameter --zz (this takes: the game master has to set it
    // first": the game master's flags listed, then cut).
    let body = r#"{"action": "attack", "inputs": {"target": "Goblin 1", "range": "melee", "zz": "1"}}"#;
    let refused = hidden.send("/api/preview", body);
    assert_eq!(refused.status, 400, "{}", refused.body);
    assert!(refused.body.contains("Zz is not a field of this action (it takes "), "{}", refused.body);
    assert!(!refused.body.contains("--") && !refused.body.contains("game master has to set"), "{}", refused.body);
}

/// Item 2: with the defenders' totals kept from the table, previews with typed d20s
/// said "A miss" below 8 and "A hit" from 8, so AR 13, in five previews. Whatever the
/// die, a preview now says the same; with the totals shown it says all.
#[test]
fn a_preview_with_the_totals_off_does_not_read_the_defense() {
    let t = table(None);
    let preview = |d20: i64| -> String {
        let body = format!(
            r#"{{"action": "attack", "inputs": {{"target": "Goblin 1", "roll": "{d20}", "amount": "3", "range": "melee", "ap": "2"}}}}"#
        );
        let a = t.send("/api/preview", &body);
        assert_eq!(a.status, 200, "{}", a.body);
        serde_json::from_str::<serde_json::Value>(&a.body).unwrap()["table"].to_string()
    };
    let said: std::collections::BTreeSet<String> = (1..=20).map(preview).collect();
    assert_eq!(said.len(), 1, "the previews part by the die, reading the goblin's AR: {said:?}");
    assert!(!said.iter().any(|s| s.contains("hit") || s.contains("miss") || s.contains("Bloodied")), "{said:?}");
    // Sent and waiting, its line on the phone says no more.
    let sent = t.send(
        "/api/act",
        r#"{"action": "attack", "inputs": {"target": "Goblin 1", "roll": "12", "amount": "3", "range": "melee", "ap": "2"}}"#,
    );
    assert_eq!(sent.status, 200, "{}", sent.body);
    let waiting = t.mine()["proposals"][0]["table"].to_string();
    assert!(!waiting.contains("hit") && !waiting.contains("miss"), "{waiting}");
    t.tome.run("test", |tome| tome.encounter_table_totals(t.encounter, true)).unwrap();
    assert!(preview(12).contains("a hit") && preview(3).contains("a miss"), "with the totals shown, all of it");
}

/// Item 3: a player sent an attack with Roll for me (d20 8), took it back, and sent it
/// again with "I rolled it" and a 20: accepted as a critical hit. Tome's roll binds the
/// action for its turn, and a sending again without a typed die rolls the same.
#[test]
fn tomes_roll_binds_the_action_for_its_turn() {
    let t = table(None);
    let rolled = r#"{"action": "attack", "inputs": {"target": "Goblin 1", "bonus": "5", "dice": "1d6", "modifier": "2", "type": "sharp", "range": "melee", "ap": "2"}}"#;
    let first = t.send("/api/act", rolled);
    assert_eq!(first.status, 200, "{}", first.body);
    let first: serde_json::Value = serde_json::from_str(&first.body).unwrap();
    // The game master reads Tome's dice; the phone, only once the action is taken.
    let dice = t.share.proposals()[0].rolled.clone();
    assert!(dice.iter().any(|d| d.contains("d20")), "Tome rolled her d20: {dice:?}");
    assert_eq!(first["dice"], serde_json::json!([]), "the phone is told the dice before they are taken: {first}");
    let back = t.send("/api/withdraw", &format!(r#"{{"id": {}}}"#, first["id"]));
    assert_eq!(back.status, 200, "{}", back.body);
    let typed = rolled.replace(r#""ap": "2""#, r#""ap": "2", "natural": "20""#);
    let again = t.send("/api/act", &typed);
    assert_eq!(again.status, 400, "a typed 20 replaced Tome's roll: {}", again.body);
    assert!(again.body.contains("that roll stands"), "{}", again.body);
    let same = t.send("/api/act", rolled);
    assert_eq!(same.status, 200, "{}", same.body);
    assert_eq!(t.share.proposals()[0].rolled, dice, "sent again, the same dice");
}

/// Item 3: the game master's `edit N target="Goblin 1"` (the same target) rolled the
/// attack again, a miss becoming a kill, and the phone kept the old dice and no outcome.
/// The edit rolls from the seed the player's action was rolled from, says so, and the
/// phone reads what the table saw it do.
#[test]
fn an_edit_keeps_the_dice_the_player_was_dealt() {
    let t = table(None);
    let rolled = r#"{"action": "attack", "inputs": {"target": "Goblin 1", "bonus": "5", "dice": "1d6", "modifier": "2", "type": "sharp", "range": "melee", "ap": "2"}}"#;
    let sent = t.send("/api/act", rolled);
    assert_eq!(sent.status, 200, "{}", sent.body);
    let rolled = t.share.proposals()[0].rolled.clone();
    let d20 = rolled
        .iter()
        .find_map(|d| d.split_once("d20 "))
        .and_then(|(_, rest)| rest.split_whitespace().next())
        .map(str::to_string)
        .unwrap_or_else(|| panic!("her d20: {rolled:?}"));
    let id = t.share.proposals()[0].id;
    let inputs = [("target".to_string(), "Goblin 1".to_string())].into();
    let would = t.share.proposals()[0].outcome.clone().expect("it fits now").lines;
    let (_, said) = t.share.edit_proposal_said(id, None, inputs).unwrap();
    assert!(said.is_some_and(|s| s.contains(&d20)), "the game master is told the dice stand");
    // What it did is what it would have done as sent: the same dice.
    let log = t.log();
    // (The attack's line adds whose it was.)
    let unmarked = |x: &str| match x.find(" (sent from Ann") {
        Some(at) => format!("{}{}", &x[..at], x[at..].split_once(')').map_or("", |(_, rest)| rest)),
        None => x.to_string(),
    };
    let same = |l: &String| log.iter().any(|x| unmarked(x) == *l);
    assert!(would.iter().all(same), "rolled again: {log:?} against {would:?}");
    let mine = t.mine();
    let shown = &mine["proposals"][0];
    assert_eq!(shown["state"], "changed", "{mine}");
    assert!(shown["table"].as_array().is_some_and(|a| !a.is_empty()), "the phone reads what it did: {mine}");
}

/// Item 5: 66 joins from 11 addresses, each keeping its page open, took every place,
/// and honest phones found none for the code's five minutes; the game master's only
/// way out was `revoke all`. Devices without a character make room, page open or not,
/// each announced; one command drops them all.
#[test]
fn a_code_holder_with_open_pages_cannot_keep_the_players_out() {
    let t = table(None);
    let mut arrivals = t.share.arrivals();
    let code = t.share.code();
    let mut pages = Vec::new();
    for n in 0..66u8 {
        let from = 10 + n % 11;
        if let Ok(cookie) = join_from(from, t.addr(), &code, &format!("Spam {n}")) {
            let mut page = Stream::open_from(from, t.addr(), &cookie);
            assert!(page.until("view", WAIT, |_| true).is_some());
            pages.push(page);
        }
    }
    assert_eq!(t.share.devices().len(), tome::share::MAX_DEVICES);
    for n in 0..9u8 {
        let joined = join_from(40 + n, t.addr(), &code, &format!("Player {n}"));
        assert!(joined.is_ok(), "an honest phone found no place: {:?}", joined.err().map(|a| a.body));
    }
    let devices = t.share.devices();
    assert_eq!(devices.iter().filter(|d| d.name.starts_with("Player")).count(), 9);
    assert!(devices.iter().any(|d| d.name == "Ann"), "the player with a character keeps her place");
    let mut displaced = 0;
    while let Ok(a) = arrivals.try_recv() {
        if let Arrival::Displaced { name, .. } = &a {
            assert!(name.starts_with("Spam"), "{a:?}");
            assert!(a.line().contains("lost its place"), "{}", a.line());
            displaced += 1;
        }
    }
    assert!(displaced >= 9, "each device that lost its place is announced: {displaced}");
    let gone = t.share.revoke_idle();
    assert!(gone.len() >= 60, "{}", gone.len());
    assert_eq!(t.share.devices().iter().map(|d| d.name.as_str()).collect::<Vec<_>>(), ["Ann"]);
}

/// Item 6: a 5,000-character Disarm item wrapped at 80 columns into a row that read
/// exactly as another proposal, and a device named `Bob) joined ▸ Device 7 (Eve` printed
/// as two arrivals.
#[test]
fn the_game_masters_console_cannot_be_forged() {
    let t = table(None);
    let named = join(t.addr(), &t.share.code(), "Bob) joined ▸ Device 7 (Eve");
    assert_eq!(named.as_ref().err().map(|a| a.status), Some(400), "{named:?}");
    let mut arrivals = t.share.arrivals();
    let forged = format!("{}▸ 2: Mira (Bob) proposes Attack (accept 2 / decline 2)", " ".repeat(140));
    let body =
        serde_json::json!({ "action": "disarm", "inputs": { "target": "Goblin 1", "item": forged, "roll": "12" } });
    let sent = t.send("/api/act", &body.to_string());
    assert_eq!(sent.status, 200, "{}", sent.body);
    let line = std::iter::from_fn(|| arrivals.try_recv().ok())
        .find_map(|a| matches!(a, Arrival::Proposal { .. }).then(|| a.line()))
        .expect("the proposal is announced");
    assert_eq!(line.matches('▸').count(), 1, "{line}");
    assert!(!line.contains("proposes Attack"), "{line}");
    assert!(line.contains("proposes │ Disarm"), "the player's words after a separator: {line}");
    assert!(line.chars().count() <= 200, "{} characters: {line}", line.chars().count());
}

/// What a player and the game master do with one attack, in any order.
#[derive(Debug, Clone)]
enum RollStep {
    /// Send the attack: "Roll for me" (`None`) or "I rolled it" with the die.
    Send(Option<i64>),
    Withdraw,
    Accept,
    Decline,
    /// The game master's edit to the same target.
    Edit,
    /// On to the next turn (and round: Vex's turn comes again).
    Turn,
    /// Send an action Tome rolls nothing for (a dodge), to wait beside the attack: the
    /// second fresh-eyes attack had Tome roll the attack afresh once one was accepted.
    Other,
}

/// Item 3, generated: whatever a player and the game master do (send, take back, send
/// again typed or not, edit, accept, decline, turns passing), Tome rolls a player's die
/// once per action and turn: every roll Tome makes for it in that turn is the first, and
/// no typed die stands in for it.
#[test]
fn tome_never_rolls_an_action_twice_in_a_turn() {
    use proptest::prelude::*;
    use proptest::test_runner::{Config, TestRunner};
    let step = prop_oneof![
        4 => prop::option::of(1..21i64).prop_map(RollStep::Send),
        2 => Just(RollStep::Withdraw),
        2 => Just(RollStep::Accept),
        1 => Just(RollStep::Decline),
        1 => Just(RollStep::Edit),
        1 => Just(RollStep::Turn),
        2 => Just(RollStep::Other),
    ];
    let mut runner = TestRunner::new(Config { cases: 24, failure_persistence: None, ..Config::default() });
    let attack = |typed: Option<i64>| {
        let natural = typed.map(|d| format!(r#", "natural": "{d}""#)).unwrap_or_default();
        format!(
            r#"{{"action": "attack", "inputs": {{"target": "Goblin 1", "bonus": "5", "dice": "1d6", "modifier": "2", "type": "sharp", "range": "melee", "ap": "1"{natural}}}}}"#
        )
    };
    // Tome's d20 for the attack just sent, as the game master reads it (its phone is
    // not told it while it waits).
    let d20 = |t: &Table| -> Option<i64> {
        t.share.proposals().last()?.rolled.iter().find_map(|d| {
            let (_, rest) = d.split_once("d20 ")?;
            rest.split_whitespace().next()?.parse().ok()
        })
    };
    let result = runner.run(&prop::collection::vec(step, 1..20), |steps| {
        let t = table(None);
        // Tome's roll of this turn's action (Vex's accepted actions start a new one).
        let mut bound: Option<i64> = None;
        for step in &steps {
            match step {
                RollStep::Send(typed) => {
                    let a = t.send("/api/act", &attack(*typed));
                    // Any typed die is refused while Tome's stands, even its own value:
                    // one let through would tell the player the die by trying them all.
                    if typed.is_some() && bound.is_some() {
                        prop_assert_ne!(a.status, 200, "typed {:?} over Tome's {:?}: {:?}", typed, bound, steps);
                    }
                    if a.status != 200 {
                        continue;
                    }
                    let answer: serde_json::Value = serde_json::from_str(&a.body).unwrap();
                    prop_assert_eq!(&answer["dice"], &serde_json::json!([]), "the phone told the dice: {:?}", steps);
                    match (typed, d20(&t)) {
                        (None, Some(rolled)) => {
                            prop_assert!(
                                bound.is_none_or(|b| b == rolled),
                                "rolled {rolled} after {bound:?}: {steps:?}"
                            );
                            bound = Some(rolled);
                        }
                        (Some(typed), _) => {
                            prop_assert!(
                                bound.is_none_or(|b| b == *typed),
                                "typed {typed} over Tome's {bound:?}: {steps:?}"
                            );
                        }
                        (None, None) => prop_assert!(false, "Tome rolled no d20: {answer}"),
                    }
                }
                RollStep::Withdraw => {
                    let _ = t.send("/api/withdraw", r#"{"id": 1}"#);
                    for n in 2..12 {
                        let _ = t.send("/api/withdraw", &format!(r#"{{"id": {n}}}"#));
                    }
                }
                RollStep::Other => {
                    let _ = t.send("/api/act", r#"{"action": "dodge", "inputs": {}}"#);
                }
                RollStep::Accept | RollStep::Edit | RollStep::Decline => {
                    let Some(p) = t.share.proposals().into_iter().next() else { continue };
                    // Only an action Tome rolled for uses the turn's dice up.
                    let rolled_for = p.action == "attack";
                    let taken = match step {
                        RollStep::Accept => t.share.accept_proposal(p.id).is_ok(),
                        RollStep::Edit => {
                            let inputs = [("target".to_string(), "Goblin 1".to_string())].into();
                            t.share.edit_proposal(p.id, None, inputs).is_ok()
                        }
                        _ => {
                            // A turn passed just before may drop it as the game master
                            // declines it (the drop is drawn after the change): an answer
                            // too, and the one the game master is told.
                            if let Err(e) = t.share.decline_proposal(p.id, None) {
                                prop_assert!(e.to_string().contains("dropped already"), "{e}: {steps:?}");
                            }
                            false
                        }
                    };
                    if taken && rolled_for {
                        bound = None;
                    }
                }
                RollStep::Turn => {
                    for _ in 0..3 {
                        t.tome.run("test", |tome| tome.encounter_change(t.encounter, Event::Next)).unwrap();
                    }
                    bound = None;
                }
            }
        }
        Ok(())
    });
    result.unwrap();
}

/// The second fresh-eyes attack: Tome's die seen, the attack taken back, an action Tome
/// rolls nothing for accepted, and the attack sent again came with a fresh die (or took a
/// typed one). The die stands, and under another action's name too; and the phone is not
/// told it until the game master takes the attack (the third attack: a poor die seen
/// while it waited let the player take it back for an action that suited it).
#[test]
fn an_accepted_action_without_dice_does_not_deal_the_attack_fresh_ones() {
    let t = table(None);
    let attack = r#"{"action": "attack", "inputs": {"target": "Goblin 1", "bonus": "5", "dice": "1d6", "modifier": "2", "type": "sharp", "range": "melee", "ap": "1"}}"#;
    let first = t.send("/api/act", attack);
    assert_eq!(first.status, 200, "{}", first.body);
    let seen = t.share.proposals()[0].rolled.clone();
    assert!(!seen.is_empty(), "Tome rolled the attack's dice");
    let told = |what: &str| {
        let mine = t.mine();
        let shown = mine["proposals"].as_array().unwrap().last().unwrap().clone();
        assert_eq!(shown["dice"], serde_json::json!([]), "{what}: the phone is told Tome's dice: {mine}");
        for d in &seen {
            assert!(!mine.to_string().contains(d.as_str()), "{what}: the phone reads {d}: {mine}");
        }
        let table = shown["table"].to_string();
        assert!(!table.contains("hit") && !table.contains("miss"), "{what}: what the dice would do: {table}");
    };
    told("waiting");
    assert_eq!(t.send("/api/withdraw", r#"{"id": 1}"#).status, 200);
    told("taken back");
    let dodge = t.send("/api/act", r#"{"action": "dodge", "inputs": {}}"#);
    assert_eq!(dodge.status, 200, "{}", dodge.body);
    let id = t.share.proposals()[0].id;
    t.share.accept_proposal(id).unwrap();
    let again = t.send("/api/act", attack);
    assert_eq!(again.status, 200, "{}", again.body);
    assert_eq!(t.share.proposals()[0].rolled, seen, "the attack's dice once a dodge was accepted");
    assert_eq!(t.send("/api/withdraw", r#"{"id": 3}"#).status, 200);
    // Typed, even as the die Tome rolled: refused, naming no number.
    for natural in 1..=20 {
        let typed =
            t.send("/api/act", &attack.replace(r#""ap": "1""#, &format!(r#""ap": "1", "natural": "{natural}""#)));
        assert_eq!(typed.status, 400, "a typed {natural} over Tome's {seen:?}: {}", typed.body);
        assert!(typed.body.contains("that roll stands"), "{}", typed.body);
        // It names the field ("your d20"), never a number.
        let named = typed.body.replace("d20", "");
        assert!(!named.chars().any(|c| c.is_ascii_digit()), "the refusal tells a number: {}", typed.body);
    }
    // Sent and taken, the phone reads the dice it was dealt.
    assert_eq!(t.send("/api/act", attack).status, 200);
    let id = t.share.proposals()[0].id;
    t.share.accept_proposal(id).unwrap();
    let mine = t.mine();
    let shown = mine["proposals"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(shown["state"], "accepted", "{mine}");
    assert_eq!(shown["dice"], serde_json::json!(seen), "{mine}");
}

/// A fresh-eyes attack on MLAF (review 77): a hidden caster's Toad or Power Drain on the
/// player's caster. Before, every cast the phone tried was refused with "(cast by
/// Witch)" in it, while the board showed nothing. Now the phone is told the same whether
/// the opposing caster is hidden or seen, naming no one, and the board shows what it is
/// told ("Toad", "Power Drained").
#[test]
fn a_hidden_casters_spell_on_a_players_caster_names_no_one_and_shows_on_the_board() {
    for spell in ["Toad", "Power Drain"] {
        let said = [true, false].map(|hidden| {
            let mut t = Tome::open_in_memory().unwrap();
            let mut merlin = t.create_character("mlaf", "Merlin").unwrap();
            merlin.items.push(t.character_item("mlaf/position/mage").unwrap());
            merlin.spells.push(t.character_ref("mlaf/spell/fire-ball").unwrap());
            let merlin = t.save_character(&merlin).unwrap();
            let e = t.create_encounter("mlaf", "Match").unwrap().id;
            t.encounter_add_character(e, merlin.id).unwrap();
            t.encounter_add_npc(e, "Witch", 1, stats(&[("team", 2), ("level", 3)])).unwrap();
            t.encounter_change(e, Event::Hide { name: "Witch".into(), hidden }).unwrap();
            t.encounter_start(e, &[], &[], None).unwrap();
            let roster = [("position", "Botcher"), ("spells", "Toad, Power Drain")];
            common::fight::act(&mut t, e, "roster", "Witch", &roster).unwrap();
            t.encounter_change(e, Event::Next).unwrap();
            t.encounter_change(e, Event::Next).unwrap();
            let cast = [("spell", spell), ("target", "Merlin"), ("roll", "6")];
            common::fight::act(&mut t, e, "cast", "Witch", &cast).unwrap();
            let inputs = [("spell", "Fire Ball"), ("roll", "2")].map(|(k, v)| (k.to_string(), v.to_string()));
            let told = match t.preview_proposal(e, merlin.id, "Ann", "cast", inputs.into_iter().collect()) {
                Ok(p) => format!("{} {:?} {:?}", p.asked, p.rolled, p.table),
                Err(e) => e.to_string(),
            };
            let board = t.table_view(e).unwrap();
            let status = board.combatants.iter().find(|c| c.name == "Merlin").unwrap().status.join(", ");
            (told, status)
        });
        let ((hidden_told, hidden_status), (seen_told, seen_status)) = (&said[0], &said[1]);
        assert!(!hidden_told.contains("Witch"), "{spell}: the phone is told the hidden caster's name: {hidden_told}");
        assert_eq!(hidden_told, seen_told, "{spell}: the phone is told otherwise when the caster is hidden");
        let shown = if spell == "Toad" { "Toad" } else { "Power Drained" };
        assert!(hidden_status.contains(shown), "{spell}: the board does not show it: {hidden_status:?}");
        assert_eq!(hidden_status, seen_status);
    }
}

/// A fresh-eyes attack on Amtgard (review 77): a State the game master records on a
/// player "by" a hidden combatant took its action line off the phones' log and left its
/// board change, so the log told of someone hidden. Now the line reads as one naming
/// no one.
#[test]
fn a_state_cast_by_a_hidden_combatant_reads_on_the_phones_as_one_by_no_one() {
    let log = |by: Option<&str>| {
        let mut t = Tome::open_in_memory().unwrap();
        let ilse = t.create_character("amtgard", "Ilse").unwrap();
        let ilse = t.save_character(&ilse).unwrap();
        let e = t.create_encounter("amtgard", "Skirmish").unwrap().id;
        t.encounter_add_character(e, ilse.id).unwrap();
        t.encounter_add_npc(e, "Assassin", 1, stats(&[])).unwrap();
        t.encounter_change(e, Event::Hide { name: "Assassin".into(), hidden: true }).unwrap();
        t.encounter_start(e, &[], &[], None).unwrap();
        let mut inputs = vec![("state", "Suppressed"), ("school", "sorcery"), ("seconds", "600")];
        inputs.extend(by.map(|b| ("by", b)));
        common::fight::act(&mut t, e, "state", "Ilse", &inputs).unwrap();
        t.table_log(e, &mut tome::api::TableLog::default()).unwrap()
    };
    let (unnamed, hidden) = (log(None), log(Some("Assassin")));
    assert!(unnamed.iter().any(|l| l.contains("+Suppressed")), "{unnamed:?}");
    assert_eq!(hidden, unnamed, "the phones' log tells of a hidden caster");
}

/// A fresh-eyes attack (review 77): a copy of a shown Raider, with a hidden "Raider 2" in
/// the fight, was named "Raider 3", so the table learnt of a Raider 2. A shown newcomer is
/// numbered by the names the table sees, and where that number is a hidden one's the game
/// master is asked to name it; with no one hidden the copy is "Raider 2" as before.
#[test]
fn a_shown_copy_is_never_numbered_past_a_hidden_one() {
    let fight = |hidden: bool| {
        let mut t = Tome::open_in_memory().unwrap();
        let e = t.create_encounter("amtgard", "Skirmish").unwrap().id;
        t.encounter_add_npc(e, "Raider", 1, stats(&[])).unwrap();
        t.encounter_add_npc(e, "Raider 4", 1, stats(&[])).unwrap();
        if hidden {
            t.encounter_add_npc(e, "Raider 2", 1, stats(&[])).unwrap();
            t.encounter_change(e, Event::Hide { name: "Raider 2".into(), hidden: true }).unwrap();
        }
        (t, e)
    };
    let (mut t, e) = fight(false);
    let v = t.encounter_duplicate(e, "Raider").unwrap();
    assert!(v.combatants.iter().any(|c| c["name"] == "Raider 2"), "{:?}", v.combatants);
    let (mut t, e) = fight(true);
    let err = t.encounter_duplicate(e, "Raider").unwrap_err().to_string();
    assert!(err.contains("hidden combatant's") && err.contains("name of its own"), "{err}");
    let names: Vec<String> = t.table_view(e).unwrap().combatants.iter().map(|c| c.name.clone()).collect();
    assert_eq!(names, ["Raider", "Raider 4"], "nothing joined");
    // A copy of the hidden one is hidden, and numbered past every name.
    let v = t.encounter_duplicate(e, "Raider 2").unwrap();
    assert!(v.combatants.iter().any(|c| c["name"] == "Raider 3" && c["hidden"] == true), "{:?}", v.combatants);
}

/// What a phone sends in [`no_answer_to_a_phone_depends_on_tomes_unseen_dice`]: an
/// attack with some of its dice typed (each field with its value), a preview of one, a
/// taking back, or another action.
#[derive(Debug, Clone)]
enum Unseen {
    Send(Vec<(&'static str, String)>),
    Preview(Vec<(&'static str, String)>),
    Withdraw(u8),
    Dodge,
}

/// The fourth fresh-eyes attack: Tome's roll bound the turn, and a phone typing the crit
/// dice was refused only after Tome's d20 came up 20 (the damage only after any other),
/// so one refusal told a crit from a miss before the game master took the action; and a
/// typed total or crit took the place of Tome's d20. Generated: two tables alike but for
/// Tome's dice, the first d20 a 20 at one and not at the other, answer every request a
/// phone makes (its sends, previews, takings back, and what it then reads) the same until
/// the game master takes an action.
#[test]
fn no_answer_to_a_phone_depends_on_tomes_unseen_dice() {
    use proptest::prelude::*;
    use proptest::test_runner::{Config, TestRunner};
    const ATTACK: &str = r#""target": "Goblin 1", "bonus": "5", "dice": "1d6", "modifier": "2", "type": "sharp", "range": "melee", "ap": "1""#;
    let body = |action: &str, typed: &[(&str, String)]| {
        let typed: String = typed.iter().map(|(k, v)| format!(r#", "{k}": "{v}""#)).collect();
        let inputs = if action == "attack" { ATTACK } else { "" };
        format!(r#"{{"action": "{action}", "inputs": {{{inputs}{typed}}}}}"#)
    };
    let first_d20 = |seed: u64| {
        let t = dealt(None, Some(seed));
        assert_eq!(t.send("/api/act", &body("attack", &[])).status, 200);
        t.share.proposals()[0].rolled.iter().find_map(|d| {
            let (_, rest) = d.split_once("d20 ")?;
            rest.split_whitespace().next()?.parse::<i64>().ok()
        })
    };
    let crit = (0..2000).find(|s| first_d20(*s) == Some(20)).expect("a seed whose first d20 is a 20");
    let plain = (0..2000).find(|s| first_d20(*s).is_some_and(|d| d < 20)).expect("one whose is not");
    let typed = prop::collection::vec(
        prop_oneof![
            (1..21i64).prop_map(|d| ("natural", d.to_string())),
            (0..13i64).prop_map(|d| ("amount", d.to_string())),
            (1..7i64).prop_map(|d| ("crit-roll", d.to_string())),
            (1..30i64).prop_map(|d| ("roll", d.to_string())),
            Just(("crit", "true".to_string())),
        ],
        0..3,
    );
    let step = prop_oneof![
        5 => typed.clone().prop_map(Unseen::Send),
        2 => typed.prop_map(Unseen::Preview),
        2 => (1..4u8).prop_map(Unseen::Withdraw),
        1 => Just(Unseen::Dodge),
    ];
    let mut runner = TestRunner::new(Config { cases: 16, failure_persistence: None, ..Config::default() });
    // Tome's roll first: what follows is sent over it.
    let steps = prop::collection::vec(step, 1..10).prop_map(|mut steps| {
        steps.insert(0, Unseen::Send(Vec::new()));
        steps
    });
    let result = runner.run(&steps, |steps| {
        let tables = [dealt(None, Some(crit)), dealt(None, Some(plain))];
        for (n, step) in steps.iter().enumerate() {
            let answers: Vec<(u16, String, String, String)> = tables
                .iter()
                .map(|t| {
                    let a = match step {
                        Unseen::Send(typed) => t.send("/api/act", &body("attack", typed)),
                        Unseen::Preview(typed) => t.send("/api/preview", &body("attack", typed)),
                        Unseen::Withdraw(id) => t.send("/api/withdraw", &format!(r#"{{"id": {id}}}"#)),
                        Unseen::Dodge => t.send("/api/act", &body("dodge", &[])),
                    };
                    let view = get(t.addr(), "/api/view", Some(&t.ann)).body;
                    (a.status, a.body, unstamped(t.mine()), view)
                })
                .collect();
            prop_assert_eq!(&answers[0], &answers[1], "step {} of {:?}", n, steps);
        }
        Ok(())
    });
    result.unwrap();
}

/// The fourth fresh-eyes attack, Ars Magica with the defenders' totals shown: an attack
/// with the player's die typed waited with its outcome on the phone ("Attack Total 13
/// against Defense Total 21"), which told the wolf's die Tome rolled from the turn's
/// dice; and taken back and sent with Roll for me, Tome's attack die was that number. A
/// waiting action any of whose dice Tome rolled, either side's, says only that Tome has
/// rolled.
#[test]
fn a_waiting_action_on_the_other_sides_dice_tome_rolled_tells_none_of_them() {
    let mut t = Tome::open_in_memory().unwrap();
    let aldo = t.create_character("ars-magica", "Aldo").unwrap();
    let aldo = t.save_character(&aldo).unwrap();
    let e = t.create_encounter("ars-magica", "Den").unwrap().id;
    t.encounter_add_character(e, aldo.id).unwrap();
    t.encounter_add_npc(e, "Wolf", 1, stats(&[("atk", 5), ("def", 11), ("dam", 5), ("soak", 11)])).unwrap();
    t.encounter_start(e, &common::fight::typed(&[("Aldo", 20), ("Wolf", 1)]), &[], None).unwrap();
    t.encounter_table_totals(e, true).unwrap();
    let table = seated(t, e, aldo.id, None);
    let sent = table.send("/api/act", r#"{"action": "attack", "inputs": {"target": "Wolf", "attack-die": "1"}}"#);
    assert_eq!(sent.status, 200, "{}", sent.body);
    let mine = table.mine().to_string();
    assert!(!mine.contains("Defense Total"), "the phone reads the wolf's die: {mine}");
    assert!(mine.contains(tome::share::DICE_UNSEEN), "{mine}");
}

/// `value` without the times a record was made and changed (two tables are made a moment
/// apart).
fn unstamped(mut value: serde_json::Value) -> String {
    fn strip(v: &mut serde_json::Value) {
        match v {
            serde_json::Value::Object(map) => {
                map.retain(|k, _| k != "created" && k != "updated");
                map.values_mut().for_each(strip);
            }
            serde_json::Value::Array(items) => items.iter_mut().for_each(strip),
            _ => {}
        }
    }
    strip(&mut value);
    value.to_string()
}

/// What a phone sends in [`no_answer_to_a_phone_depends_on_the_other_sides_unseen_numbers`]:
/// an action and its fields (their values drawn), as a send or a preview; or its taking
/// back.
#[derive(Debug, Clone)]
enum Probe {
    Send(&'static str, Vec<(&'static str, String)>),
    Preview(&'static str, Vec<(&'static str, String)>),
    Withdraw(u8),
}

/// An Ars Magica den (Aldo against a Wolf whose Attack and Defense the table does not
/// see: `numbers`) or an MLAF match (Siren against the other team's caster, the Shaman,
/// at level `numbers`), shared with Tome's dice from `seed`.
fn unseen_table(system: &str, numbers: i64, seed: u64) -> Table {
    let mut t = Tome::open_in_memory().unwrap();
    if system == "ars-magica" {
        let aldo = t.create_character("ars-magica", "Aldo").unwrap();
        let aldo = t.save_character(&aldo).unwrap();
        let e = t.create_encounter("ars-magica", "Den").unwrap().id;
        t.encounter_add_character(e, aldo.id).unwrap();
        let wolf = stats(&[("atk", numbers), ("def", numbers), ("dam", 5), ("soak", 40)]);
        t.encounter_add_npc(e, "Wolf", 1, wolf).unwrap();
        t.encounter_start(e, &common::fight::typed(&[("Aldo", 20), ("Wolf", 1)]), &[], None).unwrap();
        return seated(t, e, aldo.id, Some(seed));
    }
    if system == "mythcraft" {
        // Ann held by the Orc, whose FORT and REF her escape meets (`numbers`).
        let ann = t.create_character("mythcraft", "Ann").unwrap();
        let ann = t.save_character(&ann).unwrap();
        let e = t.create_encounter("mythcraft", "Hold").unwrap().id;
        t.encounter_add_character(e, ann.id).unwrap();
        let orc = stats(&[("fort", numbers), ("ref", numbers + 2), ("max-hp", 30)]);
        t.encounter_add_npc(e, "Orc", 1, orc).unwrap();
        t.encounter_start(e, &common::fight::typed(&[("Orc", 20), ("Ann", 1)]), &[], None).unwrap();
        let grapple =
            [("target", "Ann"), ("roll", "40"), ("defense", "5")].map(|(k, v)| (k.to_string(), v.to_string()));
        t.encounter_act(e, "grapple", Some("Orc"), grapple.into(), None).unwrap();
        t.encounter_change(e, Event::Next).unwrap();
        return seated(t, e, ann.id, Some(seed));
    }
    let siren = t.create_character("mlaf", "Siren").unwrap();
    let siren = t.save_character(&siren).unwrap();
    let e = t.create_encounter("mlaf", "Match").unwrap().id;
    t.encounter_add_character(e, siren.id).unwrap();
    for (field, value) in [("team", 1), ("level", 3)] {
        t.encounter_change(e, Event::Set { name: "Siren".into(), field: field.into(), value }).unwrap();
    }
    t.encounter_add_npc(e, "Shaman", 1, stats(&[("team", 2), ("level", numbers)])).unwrap();
    let roster = [("position".to_string(), "Siren".to_string()), ("spells".into(), "Power Drain, Fire Ball".into())];
    t.encounter_act(e, "roster", Some("Siren"), roster.into(), None).unwrap();
    t.encounter_start(e, &[], &[], None).unwrap();
    t.encounter_change(e, Event::Next).unwrap();
    seated(t, e, siren.id, Some(seed))
}

/// The fifth and sixth fresh-eyes attacks: with the defenders' totals off, an Ars Magica disengage
/// whose die the player typed waited with its outcome on the phone, which hung on the
/// attacker's Attack and the stress die Tome rolled for it (kept under no field of the
/// form, so nothing counted it as Tome's roll); `against` took the attacker's die typed
/// by the player ("Wolf=0/3"); an MLAF Power Drain left without a target said whether it
/// worked, which hangs on the other caster's level the board does not show, and a typed
/// enemy level was refused naming that level; a MythCraft escape said whether it broke the
/// hold, which hangs on the grappler's FORT or REF, and was refused only where neither was
/// set. Generated: two tables alike but for those
/// numbers (and Tome's dice the same) answer every request a phone makes the same.
#[test]
fn no_answer_to_a_phone_depends_on_the_other_sides_unseen_numbers() {
    use proptest::prelude::*;
    use proptest::test_runner::{Config, TestRunner};
    let die = || prop::option::of(0..13i64).prop_map(|d| d.map(|d| d.to_string()));
    let field = |name: &'static str, v: Option<String>| v.map(|v| (name, v));
    let ars = prop_oneof![
        (prop::sample::select(vec!["Wolf", "Wolf=0/3", "Wolf=12", ""]), die()).prop_map(move |(against, d)| {
            (
                "disengage",
                [field("against", Some(against.to_string())), field("die", d)].into_iter().flatten().collect(),
            )
        }),
        die().prop_map(move |d| {
            ("attack", [Some(("target", "Wolf".to_string())), field("attack-die", d)].into_iter().flatten().collect())
        }),
        die().prop_map(move |d| ("fatigue-roll", field("die", d).into_iter().collect())),
    ];
    let mlaf = (
        prop::sample::select(vec!["Power Drain", "Fire Ball"]),
        prop::option::of(1..7i64),
        any::<bool>(),
        prop::option::of(1..7i64),
    )
        .prop_map(|(spell, roll, target, level)| {
            let fields = [
                Some(("spell", spell.to_string())),
                roll.map(|r| ("roll", r.to_string())),
                target.then(|| ("target", "Shaman".to_string())),
                level.map(|l| ("enemy-level", l.to_string())),
            ];
            ("cast", fields.into_iter().flatten().collect::<Vec<_>>())
        });
    // Breaking free of the Orc's hold: the typed total against its FORT or REF.
    let escape = (6..22i64, prop::option::of(prop::sample::select(vec!["fort", "ref"]))).prop_map(|(roll, against)| {
        let fields = [Some(("roll", roll.to_string())), against.map(|a| ("against", a.to_string()))];
        ("escape", fields.into_iter().flatten().collect::<Vec<_>>())
    });
    let steps = |actions: BoxedStrategy<(&'static str, Vec<(&'static str, String)>)>| {
        prop::collection::vec(
            prop_oneof![
                4 => actions.clone().prop_map(|(a, f)| Probe::Send(a, f)),
                3 => actions.prop_map(|(a, f)| Probe::Preview(a, f)),
                2 => (1..4u8).prop_map(Probe::Withdraw),
            ],
            1..10,
        )
    };
    let cases = prop_oneof![
        (Just("ars-magica"), (0..25i64, 0..25i64), steps(ars.boxed())),
        (Just("mlaf"), (1..7i64, 1..7i64), steps(mlaf.boxed())),
        (Just("mythcraft"), (0..20i64, 0..20i64), steps(escape.boxed())),
    ];
    let body = |action: &str, fields: &[(&str, String)]| {
        let inputs: serde_json::Map<String, serde_json::Value> =
            fields.iter().map(|(k, v)| (k.to_string(), v.clone().into())).collect();
        serde_json::json!({ "action": action, "inputs": inputs }).to_string()
    };
    let mut runner = TestRunner::new(Config { cases: 24, failure_persistence: None, ..Config::default() });
    let result = runner.run(&(cases, 0..1000u64), |((system, (a, b), steps), seed)| {
        let tables = [unseen_table(system, a, seed), unseen_table(system, b, seed)];
        for (n, step) in steps.iter().enumerate() {
            let answers: Vec<(u16, String, String, String)> = tables
                .iter()
                .map(|t| {
                    let answer = match step {
                        Probe::Send(action, fields) => t.send("/api/act", &body(action, fields)),
                        Probe::Preview(action, fields) => t.send("/api/preview", &body(action, fields)),
                        Probe::Withdraw(id) => t.send("/api/withdraw", &format!(r#"{{"id": {id}}}"#)),
                    };
                    let view = get(t.addr(), "/api/view", Some(&t.ann)).body;
                    (answer.status, answer.body, unstamped(t.mine()), view)
                })
                .collect();
            prop_assert_eq!(&answers[0], &answers[1], "{} at {} and {}: step {} of {:?}", system, a, b, n, steps);
        }
        Ok(())
    });
    result.unwrap();
}

/// The fifth fresh-eyes attack: an accepted Ars Magica disengage whose die the player
/// typed did not count as an action Tome rolled for (the attacker's die is kept under no
/// field of the form), so the player's next action that round was dealt from the same
/// dice as the disengage: its die was the attacker's. It now counts: the next action is
/// dealt what follows an accepted roll, as after a fatigue roll Tome made.
#[test]
fn an_action_on_dice_tome_rolled_for_the_other_side_uses_the_turns_dice_up() {
    let fatigue = r#"{"action": "fatigue-roll", "inputs": {}}"#;
    // What Tome rolls for a fatigue roll sent first (`after`: once `after` was accepted).
    let dealt = |seed: u64, after: Option<&str>| {
        let t = unseen_table("ars-magica", 5, seed);
        if let Some(first) = after {
            let sent = t.send("/api/act", first);
            assert_eq!(sent.status, 200, "{}", sent.body);
            let p = t.share.proposals().remove(0);
            t.share.accept_proposal(p.id).unwrap();
        }
        let sent = t.send("/api/act", fatigue);
        assert_eq!(sent.status, 200, "{}", sent.body);
        t.share.proposals().remove(0).rolled.join("; ")
    };
    // A seed whose first and second dice differ, so the two are told apart.
    let seed = (0..50).find(|&s| dealt(s, None) != dealt(s, Some(fatigue))).expect("a seed");
    let disengage = r#"{"action": "disengage", "inputs": {"against": "Wolf", "die": "3"}}"#;
    assert_eq!(dealt(seed, Some(disengage)), dealt(seed, Some(fatigue)), "the disengage used the turn's dice up");
}

/// The fifth fresh-eyes attack: an action sent with the player's die typed (Tome rolling
/// the other side's), taken back and sent with that die left to Tome, was dealt other
/// dice after it (Tome's die came first and moved the rest: an MLAF Fire Ball's scatter).
/// A die the player typed for this turn is theirs to type again, not Tome's to roll.
#[test]
fn a_die_the_player_typed_is_not_left_to_tome_once_tome_has_rolled() {
    let t = unseen_table("ars-magica", 5, 3);
    let typed = r#"{"action": "attack", "inputs": {"target": "Wolf", "attack-die": "4"}}"#;
    assert_eq!(t.send("/api/act", typed).status, 200);
    assert_eq!(t.send("/api/withdraw", r#"{"id": 1}"#).status, 200);
    let left = t.send("/api/act", r#"{"action": "attack", "inputs": {"target": "Wolf"}}"#);
    assert_ne!(left.status, 200, "{}", left.body);
    assert!(left.body.contains("type it again"), "{}", left.body);
    let again = t.send("/api/act", &typed.replace("\"4\"", "\"6\""));
    assert_eq!(again.status, 200, "the player's own die, typed again: {}", again.body);
}
