//! `tome share` as a game master types at it (issue 61), through a pseudo-terminal: what
//! the phones send is announced the moment it comes, above the prompt, and the command
//! half typed meanwhile is still there and runs; names with spaces are quoted as in a
//! shell; a renewed code is one line; with `--json`, each arrival is a JSON line.

use crate::common::client;

use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::path::Path;
use std::time::{Duration, Instant};

use client::{join, request};
use tome::encounters::Event;
use tome::Tome;

/// A MythCraft fight in a database file: Vex (a player's character) acts first, against
/// Goblin 1 and Goblin 2. The fight's id and Vex's.
fn ambush(db: &Path) -> (i64, i64) {
    let mut t = Tome::open(db).unwrap();
    let mut hero = t.create_character("mythcraft", "Vex").unwrap();
    hero.values.insert("max-hp".into(), tome::characters::SheetValue::Int(20));
    let hero = t.save_character(&hero).unwrap();
    let e = t.create_encounter("mythcraft", "Ambush").unwrap().id;
    t.encounter_add_character(e, hero.id).unwrap();
    t.encounter_add_npc(e, "Goblin", 2, BTreeMap::from([("max-hp".to_string(), 12), ("ar".to_string(), 10)])).unwrap();
    let typed: Vec<(String, i64)> =
        [("Vex", 10), ("Goblin 1", 5), ("Goblin 2", 3)].iter().map(|(n, r)| (n.to_string(), *r)).collect();
    t.encounter_start(e, &typed, &[], None).unwrap();
    let _ = t.encounter(e).map(|v| assert_eq!(v.current.as_deref(), Some("Vex")));
    drop(Event::Next);
    (e, hero.id)
}

const ATTACK: &str = r#"{"action": "attack", "inputs": {"target": "Goblin 2", "roll": "18", "amount": "7", "range": "melee", "ap": "2"}}"#;

/// A line typed as a person types it: after the screen has settled from the last reply
/// (keys pasted while a line is being printed above the prompt may be lost).
fn typed(p: &mut rexpect::session::PtySession, line: &str) {
    std::thread::sleep(Duration::from_millis(250));
    for key in line.chars().chain(['\r']) {
        p.send(&key.to_string()).unwrap();
        p.flush().unwrap();
        std::thread::sleep(Duration::from_millis(15));
    }
}

/// `tome share` on `db` (loopback, any port, `more` after) in a pseudo-terminal, at its
/// first prompt: the session, the address and the join code.
fn console(db: &Path, more: &[&str]) -> (rexpect::session::PtySession, SocketAddr, String) {
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_tome"));
    command.arg("--db").arg(db).args(["share", "--address", "127.0.0.1", "--port", "0"]).args(more);
    command.env("TERM", "xterm");
    let mut p = rexpect::session::spawn_command(command, Some(20_000)).unwrap();
    let before = p.exp_string("Join code: ").unwrap();
    let addr = address(&before);
    let code = p.exp_regex("[A-Z2-9]{10}").unwrap().1;
    p.exp_string("share> ").unwrap();
    (p, addr, code)
}

fn address(said: &str) -> SocketAddr {
    let at = said.find("http://").expect("the address is printed") + "http://".len();
    said[at..].split_whitespace().next().unwrap().trim_end_matches(|c: char| !c.is_ascii_digit()).parse().unwrap()
}

/// Waits (at most 5 s) until the phones see what `seen` looks for, as they follow the
/// file another process changed; fails saying what they never saw.
fn phones_see(what: &str, seen: impl Fn() -> bool) {
    let end = Instant::now() + Duration::from_secs(5);
    while !seen() {
        assert!(Instant::now() < end, "the phones never saw {what}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// The number `proposals` lists `actor`'s waiting action under, in its answer `listed`.
fn proposal_number(listed: &str, actor: &str) -> String {
    let before = listed[..listed.rfind(&format!("{actor} (")).unwrap()].trim_end();
    let digits = before.chars().rev().take_while(char::is_ascii_digit).count();
    before[before.len() - digits..].to_string()
}

#[test]
fn the_console_announces_arrivals_above_a_half_typed_command_and_takes_quoted_names() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("tome.db");
    let (_, hero) = ambush(&db);
    let (mut p, addr, code) = console(&db, &["--code-secs", "4"]);

    // A phone joins: announced.
    let ann = join(addr, &code, "Ann").unwrap();
    p.exp_string("Device 1 (Ann) joined").unwrap();
    // A name with spaces, quoted as in a shell; a reply in words.
    typed(&mut p, r#"rename 1 "Ann Smith""#);
    p.exp_string("Device 1 is now Ann Smith.").unwrap();
    typed(&mut p, &format!("assign 1 {hero}"));
    p.exp_string("Device 1 (Ann Smith) now shows Vex.").unwrap();

    // Half a command typed, then a proposal arrives: it is printed above the prompt,
    // and what was typed is still on the line, and runs when finished.
    for key in "devic".chars() {
        p.send(&key.to_string()).unwrap();
        p.flush().unwrap();
        std::thread::sleep(Duration::from_millis(15));
    }
    std::thread::sleep(Duration::from_millis(300));
    let sent =
        request(addr, "POST", "/api/act", &[("Cookie", &ann), ("Content-Type", "application/json")], ATTACK.as_bytes());
    assert_eq!(sent.status, 200, "{}", sent.body);
    p.exp_string("Vex (Ann Smith) proposes ").unwrap();
    p.exp_string("Attack: Goblin 2").unwrap();
    p.exp_string("share> devic").unwrap();
    typed(&mut p, "es");
    p.exp_string("Ann Smith shows Vex, page closed").unwrap();

    // `edit` starts from what the player sent: a quoted target changes the target only.
    typed(&mut p, r#"edit 1 target="Goblin 1""#);
    p.exp_string("Goblin 1").unwrap();

    // The code renews on one line; the QR only when asked. (The pseudo-terminal's reader
    // takes each byte as a character: a block of the QR reads "â\u{96}".)
    p.exp_string("New join code: ").unwrap();
    let rest = p.exp_string("share> ").unwrap();
    assert!(rest.contains("`qr` shows its QR code)") && !rest.contains("\u{e2}\u{96}"), "{rest:?}");
    typed(&mut p, "qr");
    let qr = p.exp_string("Scan it, or open").unwrap();
    assert!(qr.contains("\u{e2}\u{96}"), "the QR: {qr:?}");
    // A line sent in one burst (typeahead, or a paste without bracketed paste) is taken
    // whole: with rustyline 18 only its first key was read until another key came.
    std::thread::sleep(Duration::from_millis(250));
    p.send("devices\r").unwrap();
    p.flush().unwrap();
    p.exp_string("Ann Smith shows Vex").unwrap();
    // A roll from a phone's dice box is announced with who rolled it.
    let body = br#"{"dice": "2d6", "secret": false}"#;
    let rolled = request(addr, "POST", "/api/dice", &[("Cookie", &ann), ("Content-Type", "application/json")], body);
    assert_eq!(rolled.status, 200, "{}", rolled.body);
    p.exp_string("Vex (Ann Smith) rolled 2d6: ").unwrap();
    // An answer to an asked roll, typed on the phone: said once how it came.
    typed(&mut p, "ask all 1d20 Perception");
    p.exp_string("Asked for roll 1").unwrap();
    let body = br#"{"ask": 1, "roll": 11}"#;
    let answered =
        request(addr, "POST", "/api/answer", &[("Cookie", &ann), ("Content-Type", "application/json")], body);
    assert_eq!(answered.status, 200, "{}", answered.body);
    p.exp_string("Vex answered roll 1 (Perception): ").unwrap();
    let said = p.exp_string("\r\n").unwrap();
    assert_eq!(said, "1d20: 11 (typed)", "the arrival's line");
    // Accepting a number nothing waits as says where to look.
    typed(&mut p, "accept 42");
    p.exp_string("nothing waits as number 42").unwrap();
    // Issue 61: newcomers hidden is said of the fight shown, by name.
    typed(&mut p, "newcomers hidden");
    p.exp_string("In encounter 1 (Ambush), newcomers join hidden from the table, player characters shown").unwrap();
    typed(&mut p, "newcomers shown 99");
    p.exp_string("no encounter").unwrap();
    typed(&mut p, "help");
    p.exp_string("ask-field").unwrap();
    typed(&mut p, "stop");
    p.exp_string("Sharing stopped").unwrap();
}

#[test]
fn with_json_each_arrival_is_a_json_line() {
    use std::io::{BufRead, Write};
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("tome.db");
    ambush(&db);
    let mut child = client::share_json(&db);
    let mut lines = std::io::BufReader::new(child.stdout.take().unwrap()).lines();
    let status: serde_json::Value = serde_json::from_str(&lines.next().unwrap().unwrap()).unwrap();
    let addr: SocketAddr = status["url"].as_str().unwrap().trim_start_matches("http://").parse().unwrap();
    join(addr, status["code"].as_str().unwrap(), "Bob").unwrap();
    let started = Instant::now();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || lines.map_while(Result::ok).for_each(|l| drop(tx.send(l))));
    let arrival = loop {
        let left = Duration::from_secs(10).checked_sub(started.elapsed()).expect("the join is announced in time");
        let said: serde_json::Value = serde_json::from_str(&rx.recv_timeout(left).unwrap()).unwrap();
        if let Some(a) = said.get("arrival") {
            break a.clone();
        }
    };
    assert_eq!((arrival["kind"].as_str(), arrival["name"].as_str()), (Some("joined"), Some("Bob")), "{arrival}");
    let mut stdin = child.stdin.take().unwrap();
    writeln!(stdin, "stop").unwrap();
    assert!(child.wait().unwrap().success());
}

/// Issue 74: the game master ran the fight from a second terminal (`tome encounter next`,
/// `act`, `undo`). Every `tome` command runs at `share>` as on the command line, and the
/// fight shown has its short forms; what they change reaches the phones.
#[test]
fn the_console_runs_tomes_own_commands_and_the_fight_shown() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("tome.db");
    let (e, _) = ambush(&db);
    let (mut p, addr, code) = console(&db, &["--quiet"]);
    let tv = join(addr, &code, "TV").unwrap();
    // Names where numbers were: `assign 1 Vex` was refused ("a character id is a number").
    typed(&mut p, "characters");
    p.exp_string("Vex (mythcraft)").unwrap();
    typed(&mut p, "assign tv Vx");
    p.exp_string("did you mean").unwrap();
    typed(&mut p, "assign tv vex");
    p.exp_string("now shows Vex").unwrap();
    typed(&mut p, "next");
    p.exp_string("Goblin 1's turn").unwrap();
    typed(&mut p, r#"damage "Goblin 2" --amount 7"#);
    p.exp_string("Goblin 2 loses 7 HP").unwrap();
    // The phones see it: the command ran on the file the table is shared from.
    phones_see("the blow", || client::get(addr, "/api/view", Some(&tv)).body.contains("Bloodied"));
    typed(&mut p, "undo");
    p.exp_string("Taken back").unwrap();
    typed(&mut p, "search grapple --limit 1");
    p.exp_string("mythcraft/maneuver/grapple").unwrap();
    typed(&mut p, &format!("encounter show {e}"));
    p.exp_string("Ambush (mythcraft fight").unwrap();
    typed(&mut p, "fly");
    p.exp_string("unknown command `fly`").unwrap();
    typed(&mut p, "help");
    p.exp_string("Every `tome` command runs here").unwrap();
    typed(&mut p, "stop");
    p.exp_eof().unwrap();
}

/// Issue 74: a whole MythCraft round run from `share>` alone, with nothing typed anywhere
/// else: the goblins made in the library and added, the phone's initiative called and the
/// fight started on it (encounters and characters by name), the player's attack from her
/// phone accepted, a goblin's stored attack used by name, a roll asked of the player by
/// name and answered from her phone, an undo and a redo, and the turns passed to round 2.
/// The game master's keys for the round are counted (BENCHMARKS.md).
#[test]
fn a_whole_round_runs_from_the_console_alone() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("tome.db");
    {
        let mut t = Tome::open(&db).unwrap();
        let mut hero = t.create_character("mythcraft", "Vex").unwrap();
        for (k, v) in [("max-hp", 20), ("coordination", 2), ("defense.ar", 12)] {
            hero.values.insert(k.into(), tome::characters::SheetValue::Int(v));
        }
        let attack = "Short sword: +5, 1d6+2 sharp, melee, 2 AP";
        hero.values.insert("attack-1".into(), tome::characters::SheetValue::Text(attack.into()));
        t.save_character(&hero).unwrap();
    }
    let (mut p, addr, code) = console(&db, &["--quiet"]);
    let ann = join(addr, &code, "Ann").unwrap();
    let post = |path: &str, body: &str| {
        let got =
            request(addr, "POST", path, &[("Cookie", &ann), ("Content-Type", "application/json")], body.as_bytes());
        assert!(got.status < 300, "{path} {body}: {} {}", got.status, got.body);
        got
    };
    let view =
        || -> serde_json::Value { serde_json::from_str(&client::get(addr, "/api/view", Some(&ann)).body).unwrap() };
    let mut keys = 0;
    let mut at = |p: &mut rexpect::session::PtySession, line: &str, expect: &str, count: bool| -> String {
        if count {
            keys += line.chars().count() + 1;
            println!("# typed: {line}");
        }
        typed(p, line);
        let (before, found) = p.exp_regex(expect).unwrap_or_else(|e| panic!("`{line}`: {e}"));
        before + &found
    };
    // Made at the prompt, before the evening's round.
    at(&mut p, "adversary new --system mythcraft --name Goblin max-hp 12 ar 10", "Goblin \\(#", false);
    at(&mut p, r#"adversary attack Goblin Bite --numbers "+3, 1d4+1 sharp, melee""#, "Bite: \\+3", false);
    at(&mut p, "encounter new --system mythcraft --name Bridge", "not started", false);
    at(&mut p, "encounter add 1 --character vex", "Vex joins", false);
    at(&mut p, "encounter add 1 --adversary Goblin --count 2", "Goblin 2", false);
    at(&mut p, "assign ann vex", "now shows Vex", false);

    // The round.
    at(&mut p, "initiative bridge", "asked for initiative", true);
    post("/api/initiative", r#"{"roll": 19}"#);
    at(&mut p, "start bridge", "Round 1", true);
    phones_see("the start", || view()["round"].as_i64() == Some(1));
    let mut asked = false;
    for _ in 0..8 {
        let now = view();
        if now["round"].as_i64() == Some(2) {
            break;
        }
        let current = now["current"].as_str().unwrap_or_default().to_string();
        if current == "Vex" {
            // Her phone: the sheet's attack by name, Tome rolling; the console accepts it.
            let menu: Vec<serde_json::Value> =
                serde_json::from_str(&client::get(addr, "/api/actions", Some(&ann)).body).unwrap();
            let mut inputs = menu[0]["preset"].as_object().unwrap().clone();
            inputs.insert("target".into(), "Goblin 1".into());
            post("/api/act", &serde_json::json!({ "action": "attack", "inputs": inputs }).to_string());
            let listed = at(&mut p, "proposals", r"Vex \(Ann\): Attack with Short sword", true);
            let number = proposal_number(&listed, "Vex");
            at(&mut p, &format!("accept {number}"), "accepted by the game master", true);
            if !asked {
                let said = at(&mut p, "ask vex d20 Perception", r"Asked for roll \d+", true);
                let id: String =
                    said.rsplit("Asked for roll ").next().unwrap().chars().take_while(char::is_ascii_digit).collect();
                post("/api/answer", &format!(r#"{{"ask": {id}, "roll": null}}"#));
                at(&mut p, "asks", "Perception", true);
                asked = true;
            }
        } else {
            // A goblin's stored attack, by name; taken back and made again.
            at(
                &mut p,
                &format!(r#"act attack "{current}" --with Bite --target Vex"#),
                &format!("{current} attacks Vex"),
                true,
            );
            at(&mut p, "undo", "Taken back", true);
            at(&mut p, "redo", &format!("{current} attacks Vex"), true);
        }
        at(&mut p, "next", "turn|Round 2", true);
        // The phones see the turn pass (the command ran in its own process, on the file).
        phones_see("the turn pass", || view()["current"] != now["current"] || view()["round"] != now["round"]);
    }
    assert_eq!(view()["round"].as_i64(), Some(2), "the round ran to its end");
    assert!(asked, "Vex had her turn");
    let log: Vec<String> =
        view()["log"].as_array().unwrap().iter().filter_map(|l| l.as_str().map(str::to_string)).collect();
    assert!(log.iter().any(|l| l.starts_with("Vex: Attack with Short sword → Goblin 1: a ")), "{log:#?}");
    println!("# keys for a MythCraft round from share> (three combatants): {keys}");
    typed(&mut p, "stop");
    p.exp_eof().unwrap();
}

/// Issue 74's "done when", for MythCraft: three phones (Vex, Ilse and Oren, each with a
/// written attack on the sheet) and two goblins from the library (60 HP: none falls in the
/// round), a whole round run from
/// `share>` alone: initiative from the three phones, each hero's attack sent from her
/// phone by the sheet's name and accepted at the console, each goblin's stored Bite typed
/// there by name with an undo and a redo, and `next` after every turn.
#[test]
fn a_mythcraft_round_with_three_phones_runs_from_the_console_alone() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("tome.db");
    let heroes = ["Vex", "Ilse", "Oren"];
    {
        let mut t = Tome::open(&db).unwrap();
        for name in heroes {
            let mut hero = t.create_character("mythcraft", name).unwrap();
            for (k, v) in [("max-hp", 20), ("coordination", 2), ("defense.ar", 12)] {
                hero.values.insert(k.into(), tome::characters::SheetValue::Int(v));
            }
            let attack = "Short sword: +5, 1d6+2 sharp, melee, 2 AP";
            hero.values.insert("attack-1".into(), tome::characters::SheetValue::Text(attack.into()));
            t.save_character(&hero).unwrap();
        }
    }
    let (mut p, addr, code) = console(&db, &["--quiet"]);
    let phones: Vec<String> = ["Ann", "Bob", "Cid"].iter().map(|n| join(addr, &code, n).unwrap()).collect();
    let post = |cookie: &str, path: &str, body: &str| {
        let got =
            request(addr, "POST", path, &[("Cookie", cookie), ("Content-Type", "application/json")], body.as_bytes());
        assert!(got.status < 300, "{path} {body}: {} {}", got.status, got.body);
        got
    };
    let view = |cookie: &str| -> serde_json::Value {
        serde_json::from_str(&client::get(addr, "/api/view", Some(cookie)).body).unwrap()
    };
    let mut keys = 0;
    let mut at = |p: &mut rexpect::session::PtySession, line: &str, expect: &str, count: bool| -> String {
        if count {
            keys += line.chars().count() + 1;
        }
        typed(p, line);
        let (before, found) = p.exp_regex(expect).unwrap_or_else(|e| panic!("`{line}`: {e}"));
        before + &found
    };
    // Made at the prompt, before the evening's round.
    at(&mut p, "adversary new --system mythcraft --name Goblin max-hp 60 ar 10", "Goblin \\(#", false);
    at(&mut p, r#"adversary attack Goblin Bite --numbers "+3, 1d4+1 sharp, melee""#, "Bite: \\+3", false);
    at(&mut p, "encounter new --system mythcraft --name Bridge", "not started", false);
    for hero in heroes {
        at(&mut p, &format!("encounter add bridge --character {hero}"), &format!("{hero} joins"), false);
    }
    at(&mut p, "encounter add bridge --adversary Goblin --count 2", "Goblin 2", false);
    for (phone, hero) in ["Ann", "Bob", "Cid"].iter().zip(heroes) {
        at(&mut p, &format!("assign {phone} {hero}"), &format!("now shows {hero}"), false);
    }

    // The round.
    at(&mut p, "initiative bridge", "asked for initiative", true);
    for phone in &phones {
        post(phone, "/api/initiative", r#"{"roll": null}"#);
    }
    at(&mut p, "start bridge", "Round 1", true);
    let tv = &phones[0];
    phones_see("the start", || view(tv)["round"].as_i64() == Some(1));
    let mut heroes_acted = 0;
    for _ in 0..10 {
        let now = view(tv);
        if now["round"].as_i64() == Some(2) {
            break;
        }
        let current = now["current"].as_str().unwrap_or_default().to_string();
        if let Some(seat) = heroes.iter().position(|h| *h == current) {
            // Her phone: the sheet's attack by name, Tome rolling; the console accepts it.
            let phone = &phones[seat];
            let menu: Vec<serde_json::Value> =
                serde_json::from_str(&client::get(addr, "/api/actions", Some(phone)).body).unwrap();
            let attack = menu.iter().find(|a| a["action"] == "attack").expect("the sheet's attack on her menu");
            let mut inputs = attack["preset"].as_object().cloned().unwrap_or_default();
            inputs.insert("target".into(), "Goblin 1".into());
            post(phone, "/api/act", &serde_json::json!({ "action": "attack", "inputs": inputs }).to_string());
            let listed = at(&mut p, "proposals", &format!(r"{current} \(\w+\): Attack with Short sword"), true);
            let number = proposal_number(&listed, &current);
            at(&mut p, &format!("accept {number}"), "accepted by the game master", true);
            heroes_acted += 1;
        } else {
            // A goblin's stored Bite, by name, at the first hero; taken back and made again.
            let bite = format!(r#"act attack "{current}" --with Bite --target {}"#, heroes[0]);
            at(&mut p, &bite, &format!("{current} attacks {}", heroes[0]), true);
            at(&mut p, "undo", "Taken back", true);
            at(&mut p, "redo", &format!("{current} attacks {}", heroes[0]), true);
        }
        at(&mut p, "next", "turn|Round 2", true);
        phones_see("the turn pass", || view(tv)["current"] != now["current"] || view(tv)["round"] != now["round"]);
    }
    assert_eq!(view(tv)["round"].as_i64(), Some(2), "the round ran to its end");
    assert_eq!(heroes_acted, 3, "each hero acted from her phone");
    // Every phone reads each hero's blow in the table's words.
    for phone in &phones {
        let log = view(phone)["log"].to_string();
        for hero in heroes {
            let line = format!("{hero}: Attack with Short sword → Goblin 1: a ");
            assert!(log.contains(&line), "{hero}'s line on every phone: {log}");
        }
    }
    println!("# keys for a MythCraft round from share> (three heroes, two goblins): {keys}");
    typed(&mut p, "stop");
    p.exp_eof().unwrap();
}

/// Issue 74: Tab completes at `share>` where the terminal allows: a command's word, a
/// `tome encounter` subcommand, a fight verb's action and its option, and a combatant's
/// name, quoted as the console reads it back.
#[test]
fn tab_completes_commands_actions_options_and_names() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("tome.db");
    ambush(&db);
    let (mut p, _, _) = console(&db, &["--quiet"]);
    typed(&mut p, "boa\t");
    p.exp_string("Ambush (mythcraft fight").unwrap();
    typed(&mut p, "encounter sho\tAmb\t");
    p.exp_string("Ambush (mythcraft fight").unwrap();
    // Two goblins: the first Tab offers the first, quoted.
    typed(&mut p, "damage Gob\t--am\t4");
    p.exp_string("Goblin 1 loses 4 HP").unwrap();
    typed(&mut p, "act att\tVex --tar\tGoblin\t\t--roll 18 --amount 7 --range melee --ap 2");
    p.exp_string("Goblin 2 loses 7 HP").unwrap();
    p.send_control('c').unwrap();
}

/// Issue 74's "done when", for Ars Magica: three phones (three grogs) and two wolves, a
/// whole round run from `share>` alone: initiative from the phones, each grog's attack
/// sent from its phone and accepted at the console, each wolf's attack typed there by
/// name with an undo and a redo, a roll asked by name, `next` after every turn.
#[test]
fn an_ars_magica_round_with_three_phones_runs_from_the_console_alone() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("tome.db");
    drop(Tome::open(&db).unwrap());
    let (mut p, addr, code) = console(&db, &["--quiet"]);
    let grogs = ["Aldo", "Berta", "Cuno"];
    let phones: Vec<String> = ["Ann", "Bob", "Cid"].iter().map(|n| join(addr, &code, n).unwrap()).collect();
    let mut keys = 0;
    let mut at = |p: &mut rexpect::session::PtySession, line: &str, expect: &str, count: bool| -> String {
        if count {
            keys += line.chars().count() + 1;
        }
        typed(p, line);
        let (before, found) = p.exp_regex(expect).unwrap_or_else(|e| panic!("`{line}`: {e}"));
        before + &found
    };
    // Made at the prompt, before the evening's round.
    for grog in grogs {
        at(&mut p, &format!("character new --system ars-magica --name {grog}"), &format!("{grog} \\(#"), false);
        let set = format!("character set {grog} dexterity 2 quickness 1 stamina 2 ability.single-weapon 4");
        at(&mut p, &set, "revision 2", false);
        at(&mut p, &format!(r#"character equip {grog} "Sword, Short""#), "revision 3", false);
    }
    at(&mut p, r#"encounter new --system ars-magica --name "Wolf den""#, "not started", false);
    for grog in grogs {
        at(&mut p, &format!(r#"encounter add "wolf den" --character {grog}"#), &format!("{grog} joins"), false);
    }
    let wolves = r#"encounter add "Wolf den" --npc Wolf --count 2 --stat init=3 --stat atk=9 --stat def=6 --stat dam=4 --stat soak=40"#;
    at(&mut p, wolves, "Wolf 2 joins", false);
    for (phone, grog) in ["Ann", "Bob", "Cid"].iter().zip(grogs) {
        at(&mut p, &format!("assign {phone} {grog}"), &format!("now shows {grog}"), false);
    }
    let post = |cookie: &str, path: &str, body: &str| {
        let got =
            request(addr, "POST", path, &[("Cookie", cookie), ("Content-Type", "application/json")], body.as_bytes());
        assert!(got.status < 300, "{path} {body}: {} {}", got.status, got.body);
        got
    };
    let view = |cookie: &str| -> serde_json::Value {
        serde_json::from_str(&client::get(addr, "/api/view", Some(cookie)).body).unwrap()
    };

    // The round.
    at(&mut p, r#"initiative "wolf den""#, "asked for initiative", true);
    for phone in &phones {
        post(phone, "/api/initiative", r#"{"roll": null}"#);
    }
    at(&mut p, r#"start "wolf den""#, "Round 1", true);
    let tv = &phones[0];
    phones_see("the start", || view(tv)["round"].as_i64() == Some(1));
    let mut asked = false;
    let mut grogs_acted = 0;
    // Whom each grog struck. Tome rolls the grogs' stress dice, and a die that explodes
    // often enough fells even a wolf with Soak 40: a grog strikes the first wolf standing.
    let mut struck: Vec<(String, String)> = Vec::new();
    for _ in 0..10 {
        let now = view(tv);
        if now["round"].as_i64() == Some(2) {
            break;
        }
        let current = now["current"].as_str().unwrap_or_default().to_string();
        if let Some(seat) = grogs.iter().position(|g| *g == current) {
            // The grog's phone: its sword at Wolf 1, Tome rolling; the console accepts it.
            let phone = &phones[seat];
            let menu: Vec<serde_json::Value> =
                serde_json::from_str(&client::get(addr, "/api/actions", Some(phone)).body).unwrap();
            let attack = menu.iter().find(|a| a["action"] == "attack").expect("an attack on the grog's menu");
            let mut inputs = attack["preset"].as_object().cloned().unwrap_or_default();
            let standing = |name: &str| {
                now["combatants"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .any(|c| c["name"] == name && !c["status"].to_string().contains("Dead"))
            };
            let wolf = if standing("Wolf 1") { "Wolf 1" } else { "Wolf 2" };
            struck.push((current.clone(), wolf.to_string()));
            inputs.insert("target".into(), wolf.into());
            post(phone, "/api/act", &serde_json::json!({ "action": "attack", "inputs": inputs }).to_string());
            let listed = at(&mut p, "proposals", &format!(r"{current} \(\w+\): Attack"), true);
            let number = proposal_number(&listed, &current);
            at(&mut p, &format!("accept {number}"), "accepted by the game master", true);
            grogs_acted += 1;
            if !asked {
                let said = at(&mut p, &format!("ask {current} stress Soak"), r"Asked for roll \d+", true);
                let id: String =
                    said.rsplit("Asked for roll ").next().unwrap().chars().take_while(char::is_ascii_digit).collect();
                post(phone, "/api/answer", &format!(r#"{{"ask": {id}, "roll": null}}"#));
                at(&mut p, "asks", "Soak", true);
                asked = true;
            }
        } else {
            // A wolf bites the first grog, typed by name with the dice the game master
            // rolled at the table (Tome's would now and then fell Aldo before his turn);
            // taken back and made again.
            let bite = format!(r#"act attack "{current}" --target {} --attack-die 4 --defense-die 5"#, grogs[0]);
            at(&mut p, &bite, &format!("{current} attacks {}", grogs[0]), true);
            at(&mut p, "undo", "Taken back", true);
            at(&mut p, "redo", &format!("{current} attacks {}", grogs[0]), true);
        }
        at(&mut p, "next", "turn|Round 2", true);
        phones_see("the turn pass", || view(tv)["current"] != now["current"] || view(tv)["round"] != now["round"]);
    }
    assert_eq!(view(tv)["round"].as_i64(), Some(2), "the round ran to its end");
    assert_eq!(grogs_acted, 3, "each grog acted from its phone");
    assert!(asked);
    // Every phone reads each grog's blow in the table's words.
    for phone in &phones {
        let log = view(phone)["log"].to_string();
        for (grog, wolf) in &struck {
            let line = format!("{grog}: Attack with Short sword → {wolf}: a ");
            assert!(log.contains(&line), "{grog}'s line on every phone: {log}");
        }
    }
    println!("# keys for an Ars Magica round from share> (three grogs, two wolves): {keys}");
    typed(&mut p, "stop");
    p.exp_eof().unwrap();
}
