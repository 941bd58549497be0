//! Sharing with the table, over loopback: joining, expiry, 401s, rate limiting,
//! revocation, stopping mid-stream, uploads, and the leak test (every endpoint and the
//! push stream, read byte by byte, never carry a hidden name or a number the game master
//! keeps, nor another player's exact numbers).

use crate::common::{self, client};

use std::collections::BTreeMap;
use std::net::{IpAddr, Ipv4Addr};
use std::sync::Arc;
use std::time::Duration;

use client::{get, join, request, Stream};
use common::fight::stats;
use tome::encounters::Event;
use tome::share::{Share, ShareOptions, WRONG_CODES_BURST};
use tome::shared::SharedTome;
use tome::Tome;

const WAIT: Duration = Duration::from_secs(5);
const LOOPBACK: IpAddr = IpAddr::V4(Ipv4Addr::LOCALHOST);

struct Table {
    tome: Arc<SharedTome>,
    share: Share,
    encounter: i64,
    vex: i64,
}

/// A MythCraft fight: Vex (a player's character, HP 20), two Goblins (HP 12) and a
/// hidden Sneak, who acts first. Vex has taken 5, Goblin 1 has taken 7.
fn table(code_ttl: Duration) -> Table {
    let mut t = Tome::open_in_memory().unwrap();
    let mut hero = t.create_character("mythcraft", "Vex").unwrap();
    hero.values.insert("max-hp".into(), tome::characters::SheetValue::Int(20));
    let hero = t.save_character(&hero).unwrap();
    let e = t.create_encounter("mythcraft", "Ambush").unwrap().id;
    t.encounter_add_character(e, hero.id).unwrap();
    t.encounter_add_npc(e, "Goblin", 2, stats(&[("max-hp", 12)])).unwrap();
    t.encounter_add_npc(e, "Sneak", 1, stats(&[("max-hp", 9)])).unwrap();
    t.encounter_change(e, Event::Hide { name: "Sneak".into(), hidden: true }).unwrap();
    let typed: Vec<(String, i64)> = [("Sneak", 20), ("Vex", 10), ("Goblin 1", 5), ("Goblin 2", 3)]
        .iter()
        .map(|(n, r)| (n.to_string(), *r))
        .collect();
    t.encounter_start(e, &typed, &[], None).unwrap();
    t.encounter_change(e, Event::Damage { name: "Goblin 1".into(), amount: 7, kind: None }).unwrap();
    t.encounter_change(e, Event::Damage { name: "Vex".into(), amount: 5, kind: None }).unwrap();
    let tome = Arc::new(SharedTome::open(t));
    let options = ShareOptions { address: Some(LOOPBACK), port: 0, encounter: Some(e), code_ttl, ..Default::default() };
    let share = Share::start(tome.clone(), options).unwrap();
    Table { tome, share, encounter: e, vex: hero.id }
}

fn gm(t: &Table, event: Event) {
    t.tome.run("test", |tome| tome.encounter_change(t.encounter, event)).unwrap();
}

/// Every endpoint a device may read, with the paths a page uses.
const READS: &[&str] = &[
    "/api/device",
    "/api/view",
    "/api/mine",
    "/api/search?q=prone",
    "/api/entry?id=mythcraft/condition/prone",
    "/api/table?id=mlaf/table/spell-table",
];

/// A page opening asks who it is without a refusal (a phone not yet joined logs no
/// error), and learns nothing but that.
#[test]
fn whoami_answers_the_device_or_null_never_a_refusal() {
    let t = table(Duration::from_secs(60));
    let addr = t.share.address();
    let forged = format!("tome_device={}", "0".repeat(32));
    for cookie in [None, Some("tome_device=junk"), Some(forged.as_str())] {
        let answer = get(addr, "/api/whoami", cookie);
        assert_eq!((answer.status, answer.body.as_str()), (200, "null"), "{cookie:?}");
    }
    let good = join(addr, &t.share.code(), "Ann").unwrap();
    let me = get(addr, "/api/whoami", Some(&good));
    assert_eq!(me.status, 200);
    assert!(me.body.contains("\"Ann\""), "{}", me.body);
    t.share.revoke_all();
    assert_eq!(get(addr, "/api/whoami", Some(&good)).body, "null", "revoked");
}

/// A roll table reads on a phone as in the app: its rows, and a roll of its dice made by
/// the core (nothing written), for a joined device and from these pages only.
#[test]
fn a_joined_phone_reads_a_roll_table_and_rolls_it() {
    let t = table(Duration::from_secs(60));
    let addr = t.share.address();
    let good = join(addr, &t.share.code(), "Ann").unwrap();
    let read = get(addr, "/api/table?id=mlaf/table/spell-table", Some(&good));
    assert_eq!(read.status, 200, "{}", read.body);
    let table: serde_json::Value = serde_json::from_str(&read.body).unwrap();
    let rows = table["rows"].as_array().unwrap().len();
    assert!(rows > 1, "{}", read.body);
    assert!(table["dice"].is_string(), "a table with dice: {}", read.body);
    let roll = |headers: &[(&str, &str)]| request(addr, "POST", "/api/roll?id=mlaf/table/spell-table", headers, b"");
    let rolled = roll(&[("Cookie", &good)]);
    assert_eq!(rolled.status, 200, "{}", rolled.body);
    let rolled: serde_json::Value = serde_json::from_str(&rolled.body).unwrap();
    let row = rolled["row"].as_u64().unwrap() as usize;
    assert!(row < rows, "the roll selects one of the rows");
    assert_eq!(roll(&[]).status, 401, "not joined");
    assert_eq!(roll(&[("Cookie", &good), ("Origin", "http://evil.example")]).status, 403, "another site's page");
    let missing = get(addr, "/api/table?id=mlaf/table/no-such-table", Some(&good));
    assert_eq!(missing.status, 404, "{}", missing.body);
}

/// Issue 39: a `tome` built where the UI's packages are installed serves the real phone
/// pages, whether or not anyone built them first (the build script does).
#[test]
fn every_tome_built_with_the_ui_installed_serves_the_phone_pages() {
    if !std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("ui/node_modules/.bin/vite").exists() {
        eprintln!("the UI's packages are not installed here: nothing to check");
        return;
    }
    let t = table(Duration::from_secs(60));
    assert!(t.share.status().unwrap().pages, "built without the phone pages although npm could build them");
    let page = get(t.share.address(), "/", None);
    assert!(page.body.contains("<meta name=\"viewport\""), "{}", page.body);
}

/// The pages served are the ones built in `ui/dist-table` now, byte for byte: `build.rs`
/// embeds them again whenever they are rebuilt (`make test-share` rebuilds them).
#[test]
fn the_pages_served_are_the_ones_built_now() {
    let built = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("ui/dist-table");
    let on_disk = built.join("table.html").is_file();
    assert_eq!(tome::share::PAGES_BUILT, on_disk, "pages embedded as they are on disk: build.rs ran again");
    if !on_disk {
        return;
    }
    let t = table(Duration::from_secs(60));
    let addr = t.share.address();
    let mut files = vec![built.join("table.html")];
    for entry in std::fs::read_dir(built.join("assets")).unwrap() {
        files.push(entry.unwrap().path());
    }
    for file in files {
        let rel = file.strip_prefix(&built).unwrap().to_string_lossy().replace('\\', "/");
        let served = get(addr, &format!("/{rel}"), None);
        assert_eq!(served.status, 200, "{rel} is served");
        let on_disk = std::fs::read_to_string(&file).unwrap();
        assert!(
            served.body == on_disk,
            "{rel} served is not the one built now: build.rs did not embed the rebuilt pages"
        );
    }
}

/// The desktop's players' window and the table follow a game master who changes the
/// fight from the command line (another process) while the app has the file open.
#[test]
fn a_change_from_another_process_reaches_this_tomes_subscribers() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("tome.db");
    let mut here = Tome::open(&file).unwrap();
    let e = here.create_encounter("mythcraft", "Bridge").unwrap().id;
    here.encounter_add_npc(e, "Goblin", 2, stats(&[("max-hp", 12)])).unwrap();
    here.encounter_start(e, &[("Goblin 1".into(), 10), ("Goblin 2".into(), 5)], &[], None).unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    let tx = std::sync::Mutex::new(tx);
    here.add_change_hook(Arc::new(move || {
        let _ = tx.lock().unwrap().send(());
    }));
    let shared = Arc::new(SharedTome::open(here));
    shared.follow_other_processes(tome::shared::FOLLOW_EVERY);
    let cli = std::process::Command::new(env!("CARGO_BIN_EXE_tome"))
        .args(["--db", file.to_str().unwrap(), "encounter", "next", &e.to_string()])
        .output()
        .unwrap();
    assert!(cli.status.success(), "{}", String::from_utf8_lossy(&cli.stderr));
    rx.recv_timeout(WAIT).expect("the command line's next turn is heard in this process");
    let current = shared.run("view", |t| t.encounter(e)).unwrap().current;
    assert_eq!(current.as_deref(), Some("Goblin 2"));
}

#[test]
fn joining_takes_the_code_for_an_http_only_strict_cookie() {
    let t = table(Duration::from_secs(60));
    let addr = t.share.address();
    let wrong = join(addr, "AAAAAA", "Ann").expect_err("a wrong code is refused");
    assert_eq!(wrong.status, 401, "{}", wrong.body);
    assert!(wrong.body.contains("wrong or has expired"), "{}", wrong.body);

    let a = request(
        addr,
        "POST",
        "/api/join",
        &[("Content-Type", "application/json")],
        format!(r#"{{"code":"{}","name":"Ann"}}"#, t.share.code().to_lowercase()).as_bytes(),
    );
    assert_eq!(a.status, 204, "a code typed in lower case works: {}", a.body);
    let cookie = a.header("set-cookie").unwrap();
    assert!(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"), "{cookie}");
    let token = cookie.split(';').next().unwrap().strip_prefix("tome_device=").unwrap();
    assert_eq!(token.len(), 32, "128 random bits, in hex: {token}");
    assert!(token.chars().all(|c| c.is_ascii_hexdigit()));

    let me = get(addr, "/api/device", Some(&format!("tome_device={token}")));
    assert_eq!(me.status, 200);
    assert!(me.body.contains("\"Ann\""), "{}", me.body);
    assert_eq!(t.share.devices().len(), 1);
}

#[test]
fn every_data_request_without_a_valid_token_is_401() {
    let t = table(Duration::from_secs(60));
    let addr = t.share.address();
    let good = join(addr, &t.share.code(), "Ann").unwrap();
    let forged = format!("tome_device={}", "0".repeat(32));
    for cookie in [None, Some("tome_device=junk"), Some(forged.as_str())] {
        for path in READS.iter().chain(&["/api/events"]) {
            assert_eq!(get(addr, path, cookie).status, 401, "{path} with {cookie:?}");
        }
        let upload = request(addr, "POST", "/api/inbox", cookie.map(|c| ("Cookie", c)).as_slice(), b"{}");
        assert_eq!(upload.status, 401, "upload with {cookie:?}");
    }
    for path in READS {
        assert_eq!(get(addr, path, Some(&good)).status, 200, "{path} with a joined device's cookie");
    }
}

#[test]
fn a_code_expires_after_its_time_and_a_new_one_replaces_it() {
    let t = table(Duration::from_millis(300));
    let addr = t.share.address();
    let old = t.share.code();
    std::thread::sleep(Duration::from_millis(400));
    assert_eq!(join(addr, &old, "Late").unwrap_err().status, 401, "an expired code");
    let renewed = t.share.renew_code();
    assert_ne!(renewed, old);
    assert!(join(addr, &renewed, "On time").is_ok());
}

#[test]
fn wrong_codes_are_rate_limited_per_address() {
    let t = table(Duration::from_secs(60));
    let addr = t.share.address();
    for _ in 0..WRONG_CODES_BURST {
        assert_eq!(join(addr, "ZZZZZZ", "Guess").unwrap_err().status, 401);
    }
    let limited = join(addr, "ZZZZZZ", "Guess").unwrap_err();
    assert_eq!(limited.status, 429, "{}", limited.body);
    assert!(limited.header("retry-after").is_some());
    // While limited, even the right code is not tried: guessing learns nothing.
    assert_eq!(join(addr, &t.share.code(), "Guess").unwrap_err().status, 429);
}

#[test]
fn a_revoked_device_is_told_on_its_stream_and_refused_after() {
    let t = table(Duration::from_secs(60));
    let addr = t.share.address();
    let ann = join(addr, &t.share.code(), "Ann").unwrap();
    let bob = join(addr, &t.share.code(), "Bob").unwrap();
    let mut stream = Stream::open(addr, &ann);
    assert!(stream.until("view", WAIT, |d| d.contains("Ambush")).is_some(), "{}", stream.text());
    let ann_id = t.share.devices().iter().find(|d| d.name == "Ann").unwrap().id;
    t.share.revoke(ann_id).unwrap();
    assert!(stream.until("revoked", WAIT, |_| true).is_some(), "{}", stream.text());
    assert_eq!(stream.next(Duration::from_secs(2)), None, "the stream ends");
    assert_eq!(get(addr, "/api/view", Some(&ann)).status, 401);
    assert_eq!(get(addr, "/api/view", Some(&bob)).status, 200, "other devices stay");
    t.share.revoke_all();
    assert_eq!(get(addr, "/api/view", Some(&bob)).status, 401);
}

#[test]
fn stopping_sharing_mid_stream_ends_every_stream_and_the_server() {
    let t = table(Duration::from_secs(60));
    let addr = t.share.address();
    let ann = join(addr, &t.share.code(), "Ann").unwrap();
    let mut stream = Stream::open(addr, &ann);
    assert!(stream.until("view", WAIT, |_| true).is_some());
    let started = std::time::Instant::now();
    t.share.stop();
    assert!(stream.until("stopped", WAIT, |_| true).is_some(), "{}", stream.text());
    assert_eq!(stream.next(WAIT), None, "the stream ends");
    assert!(started.elapsed() < Duration::from_secs(4), "{:?}", started.elapsed());
    assert!(std::net::TcpStream::connect(addr).is_err(), "nothing listens once sharing stops");
}

#[test]
fn a_change_is_pushed_to_the_stream_without_asking() {
    let t = table(Duration::from_secs(60));
    let addr = t.share.address();
    let ann = join(addr, &t.share.code(), "Ann").unwrap();
    let mut stream = Stream::open(addr, &ann);
    // Sneak (hidden) acts first, so the table is told of nobody's turn.
    let first = stream.until("view", WAIT, |_| true).unwrap();
    assert!(first.contains("\"current\":null"), "{first}");
    gm(&t, Event::Next);
    assert!(stream.until("view", WAIT, |d| d.contains("\"current\":\"Vex\"")).is_some(), "{}", stream.text());
    gm(&t, Event::Damage { name: "Goblin 2".into(), amount: 6, kind: None });
    // Vex and Goblin 2 Bloodied on the board (the log says it too).
    let bloodied = |d: &str| {
        let view: serde_json::Value = serde_json::from_str(d).unwrap_or_default();
        let on = |c: &&serde_json::Value| c["status"].to_string().contains("Bloodied");
        view["combatants"].as_array().map_or(0, |cs| cs.iter().filter(on).count())
    };
    let hurt = stream.until("view", WAIT, |d| bloodied(d) == 2).unwrap();
    assert!(hurt.contains("Goblin 2"));
}

/// The guide's promise on timing: the game master's change to a hidden combatant sends
/// the phones no byte at all, on a stream with a character or without one, so a phone
/// cannot tell that anything it cannot see was touched. A visible change after it still
/// arrives, so the silence is not a stalled stream.
#[test]
fn a_change_to_a_hidden_combatant_sends_the_phones_nothing() {
    let t = table(Duration::from_secs(60));
    let addr = t.share.address();
    let ann = join(addr, &t.share.code(), "Ann").unwrap();
    let bob = join(addr, &t.share.code(), "Bob").unwrap();
    let ann_id = t.share.devices().iter().find(|d| d.name == "Ann").unwrap().id;
    t.share.assign(ann_id, Some(t.vex)).unwrap();
    let mut ann_stream = Stream::open(addr, &ann);
    let mut bob_stream = Stream::open(addr, &bob);
    assert!(ann_stream.until("mine", WAIT, |d| d != "null").is_some());
    assert!(bob_stream.until("view", WAIT, |_| true).is_some());
    // Let whatever the joins and the assignment send arrive first.
    while ann_stream.next(Duration::from_millis(300)).is_some() {}
    while bob_stream.next(Duration::from_millis(300)).is_some() {}
    let (ann_before, bob_before) = (ann_stream.raw.len(), bob_stream.raw.len());

    gm(&t, Event::Damage { name: "Sneak".into(), amount: 3, kind: None });
    gm(&t, Event::Heal { name: "Sneak".into(), amount: 1 });
    let prone = tome::encounters::ConditionRef { id: Some("mythcraft/condition/prone".into()), name: "Prone".into() };
    let lasts = tome::encounters::Duration::UntilRemoved;
    gm(&t, Event::AddCondition { name: "Sneak".into(), condition: prone, duration: lasts });
    gm(&t, Event::Set { name: "Sneak".into(), field: "ar".into(), value: 15 });
    let _ = ann_stream.next(Duration::from_millis(500));
    let _ = bob_stream.next(Duration::from_millis(200));
    let sent = |s: &Stream, from: usize| String::from_utf8_lossy(&s.raw[from..]).to_string();
    assert_eq!(sent(&ann_stream, ann_before), "", "Ann's phone was sent something for a hidden change");
    assert_eq!(sent(&bob_stream, bob_before), "", "Bob's phone was sent something for a hidden change");

    gm(&t, Event::Damage { name: "Goblin 2".into(), amount: 6, kind: None });
    assert!(bob_stream.until("view", WAIT, |d| d.contains("Bloodied")).is_some(), "{}", bob_stream.text());
}

/// The leak test: a device reads every endpoint and its stream while the fight goes on;
/// Sneak (hidden from the start) and Goblin 2 (hidden mid-fight) appear in no byte after
/// they are hidden, no game master's number is sent, and one player's exact numbers reach
/// that player's device alone.
#[test]
fn nothing_hidden_and_no_one_elses_numbers_leave_the_core() {
    let t = table(Duration::from_secs(60));
    let addr = t.share.address();
    let ann = join(addr, &t.share.code(), "Ann").unwrap();
    let bob = join(addr, &t.share.code(), "Bob").unwrap();
    let ann_id = t.share.devices().iter().find(|d| d.name == "Ann").unwrap().id;
    t.share.assign(ann_id, Some(t.vex)).unwrap();
    let mut ann_stream = Stream::open(addr, &ann);
    let mut bob_stream = Stream::open(addr, &bob);
    let mine = ann_stream.until("mine", WAIT, |d| d != "null").unwrap();
    assert!(mine.contains("HP 15 of 20"), "Ann sees Vex's own HP: {mine}");
    // Lists of names (who grapples whom) could name a hidden combatant: numbers only.
    assert!(mine.contains("\"hp\":15") && !mine.contains("grappled_by"), "{mine}");
    assert!(bob_stream.until("view", WAIT, |_| true).is_some());

    gm(&t, Event::Next);
    gm(&t, Event::Damage { name: "Goblin 2".into(), amount: 4, kind: None });
    gm(&t, Event::Hide { name: "Goblin 2".into(), hidden: true });
    let hidden_now = |d: &str| !d.contains("Goblin 2") && d.contains("Goblin 1");
    assert!(bob_stream.until("view", WAIT, hidden_now).is_some(), "{}", bob_stream.text());
    let before_hide = bob_stream.raw.len();
    assert!(ann_stream.until("view", WAIT, hidden_now).is_some());
    gm(&t, Event::Damage { name: "Vex".into(), amount: 2, kind: None });
    assert!(ann_stream.until("mine", WAIT, |d| d.contains("HP 13 of 20")).is_some(), "{}", ann_stream.text());
    // Vex at 13 of 20 looks the same to the table as at 15, so Bob may be sent nothing;
    // let anything that is sent arrive before reading it.
    let _ = bob_stream.next(Duration::from_millis(300));

    let mut bob_sent = bob_stream.text();
    let mut ann_sent = ann_stream.text();
    let after_hide = String::from_utf8_lossy(&bob_stream.raw[before_hide..]).to_string();
    for path in READS {
        bob_sent.push_str(&get(addr, path, Some(&bob)).body);
        ann_sent.push_str(&get(addr, path, Some(&ann)).body);
    }
    for (who, sent) in [("Bob", &bob_sent), ("Ann", &ann_sent)] {
        assert!(!sent.contains("Sneak"), "{who} was sent the hidden Sneak: {sent}");
        assert!(!sent.contains("of 12") && !sent.contains("\"max_hp\":12"), "{who} got a Goblin's HP: {sent}");
    }
    assert!(!after_hide.contains("Goblin 2"), "Goblin 2 after it was hidden: {after_hide}");
    let later: String = READS.iter().map(|p| get(addr, p, Some(&bob)).body).collect();
    assert!(!later.contains("Goblin 2"), "{later}");
    assert!(!bob_sent.contains("HP 13 of 20") && !bob_sent.contains("HP 15 of 20"), "Vex's HP is Ann's: {bob_sent}");
    assert!(!bob_sent.contains("\"hp\""), "{bob_sent}");
    assert!(ann_sent.contains("HP 13 of 20"));
}

/// Issue 39, leaks 1 and 2: a copy of a hidden combatant is hidden, and a combatant added
/// hidden (by the flag, or by the fight's "newcomers hidden" setting) is hidden in the
/// change that adds it, so no frame the phones are pushed ever names it.
#[test]
fn copies_and_newcomers_can_arrive_hidden_and_no_frame_names_them() {
    let t = table(Duration::from_secs(60));
    let addr = t.share.address();
    let bob = cookie_of(&t, "Bob");
    let mut stream = Stream::open(addr, &bob);
    assert!(stream.until("view", WAIT, |d| d.contains("Goblin 1")).is_some());
    t.tome.run("test", |tome| tome.encounter_duplicate(t.encounter, "Sneak")).unwrap();
    t.tome
        .run("test", |tome| {
            tome.encounter_add_npc_with(t.encounter, "Assassin", 2, stats(&[("max-hp", 9)]), Some(true), None)
        })
        .unwrap();
    t.tome.run("test", |tome| tome.set_newcomers_hidden(t.encounter, true)).unwrap();
    t.tome.run("test", |tome| tome.encounter_add_npc(t.encounter, "Shade", 1, stats(&[("max-hp", 5)]))).unwrap();
    // Shown on purpose, in the same change, while the setting hides newcomers.
    t.tome
        .run("test", |tome| tome.encounter_add_npc_with(t.encounter, "Guard", 1, BTreeMap::new(), Some(false), None))
        .unwrap();
    assert!(stream.until("view", WAIT, |d| d.contains("Guard")).is_some(), "{}", stream.text());
    let view = t.tome.run("test", |tome| tome.encounter(t.encounter)).unwrap();
    let hidden: Vec<String> = view
        .combatants
        .iter()
        .filter(|c| c["hidden"] == true)
        .map(|c| c["name"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(hidden, ["Sneak", "Sneak 2", "Assassin 1", "Assassin 2", "Shade"]);
    let mut sent = stream.text();
    sent.push_str(&get(addr, "/api/view", Some(&bob)).body);
    for name in ["Sneak", "Assassin", "Shade"] {
        assert!(!sent.contains(name), "{name} reached a phone: {sent}");
    }
}

/// Issue 61: "newcomers hidden", set for one ambush's reinforcements, belongs to that
/// fight: the next fight's newcomers join shown, and player characters (one by one or as
/// a party) never join hidden unless the add says so, in the fight that has it on too.
#[test]
fn newcomers_hidden_is_the_fights_own_and_player_characters_join_shown() {
    let mut t = Tome::open_in_memory().unwrap();
    let ann = t.create_character("mythcraft", "Ann").unwrap().id;
    let bo = t.create_character("mythcraft", "Bo").unwrap().id;
    t.create_party("mythcraft", "Lanterns").unwrap();
    t.party_add("Lanterns", &[bo]).unwrap();
    let ambush = t.create_encounter("mythcraft", "Ambush").unwrap().id;
    let next = t.create_encounter("mythcraft", "Next day").unwrap().id;
    t.set_newcomers_hidden(ambush, true).unwrap();
    assert!(t.newcomers_hidden(ambush).unwrap());
    assert!(!t.newcomers_hidden(next).unwrap(), "another fight keeps its own setting");

    t.encounter_add_npc(ambush, "Raider", 2, stats(&[("max-hp", 9)])).unwrap();
    t.encounter_add_character(ambush, ann).unwrap();
    t.encounter_add_party(ambush, "Lanterns").unwrap();
    t.encounter_add_npc(next, "Wolf", 1, stats(&[("max-hp", 9)])).unwrap();
    t.encounter_add_character(next, ann).unwrap();
    let hidden = |t: &Tome, e: i64| -> Vec<(String, bool)> {
        let v = t.encounter(e).unwrap();
        v.combatants.iter().map(|c| (c["name"].as_str().unwrap().to_string(), c["hidden"] == true)).collect()
    };
    let pairs = |v: &[(&str, bool)]| -> Vec<(String, bool)> { v.iter().map(|(n, h)| (n.to_string(), *h)).collect() };
    assert_eq!(
        hidden(&t, ambush),
        pairs(&[("Raider 1", true), ("Raider 2", true), ("Ann", false), ("Bo", false)]),
        "the ambush hides its raiders, not the players' own characters"
    );
    assert_eq!(hidden(&t, next), pairs(&[("Wolf", false), ("Ann", false)]), "the next fight hides no one");
    // Said in the add, a player character joins hidden (a traitor's entrance).
    let cy = t.create_character("mythcraft", "Cy").unwrap().id;
    t.encounter_add_character_with(ambush, cy, Some(true)).unwrap();
    assert!(hidden(&t, ambush).contains(&("Cy".to_string(), true)));
    // A fight that is gone has no setting to read or set.
    t.delete_encounter(next).unwrap();
    assert!(t.newcomers_hidden(next).unwrap_err().is_not_found());
    assert!(t.set_newcomers_hidden(next, true).unwrap_err().is_not_found());
}

/// Issue 39, leak 4: a document the game master imported (their adventure notes) is not
/// the table's to read until they share it: a phone's search does not find it, its
/// sections are not found (nor named in "did you mean"); shared, the phones read it.
#[test]
fn an_imported_document_reaches_the_phones_only_once_shared() {
    let t = table(Duration::from_secs(60));
    let addr = t.share.address();
    let bob = cookie_of(&t, "Bob");
    let notes = b"# Secrets of the manor\n\nThe butler is the villain; the gardener saw it.\n";
    let imported =
        t.tome.run("test", |tome| tome.import_text("notes.md", notes, "mythcraft", Some("Manor notes"))).unwrap();
    assert!(!imported.doc.shared, "kept from the table on import");
    let section = imported.first_sections[0].id.clone();
    let gm_finds = t.tome.run("test", |tome| tome.search("butler", &Default::default())).unwrap();
    assert!(gm_finds.iter().any(|h| h.id == section), "the game master's own search finds it");
    let search = |q: &str| get(addr, &format!("/api/search?q={q}"), Some(&bob));
    let entry = |id: &str| get(addr, &format!("/api/entry?id={id}"), Some(&bob));
    for q in ["butler", "villain", "manor", "secrets"] {
        let found = search(q);
        assert_eq!(found.status, 200);
        assert!(!found.body.contains("manor") && !found.body.contains("butler"), "{q}: {}", found.body);
    }
    let missing = entry(&section);
    assert_eq!(missing.status, 404, "{}", missing.body);
    // A near miss of its id asks "did you mean" of what the table may read only.
    let near = entry(&section.replace("secrets", "secret"));
    assert_eq!(near.status, 404);
    assert!(!near.body.contains(&section) && !near.body.contains("did you mean"), "{}", near.body);

    t.tome.run("test", |tome| tome.set_doc_shared(&imported.doc.id, true)).unwrap();
    assert!(search("butler").body.contains(&section));
    let read = entry(&section);
    assert_eq!(read.status, 200);
    assert!(read.body.contains("The butler is the villain"), "{}", read.body);
    t.tome.run("test", |tome| tome.set_doc_shared(&imported.doc.id, false)).unwrap();
    assert_eq!(entry(&section).status, 404, "kept from the table again");
    // Issue 73: its flag turned on behind Tome's back (its seal no longer holds) opens
    // nothing to the table.
    t.tome
        .run("test", |tome| {
            tome.db().connection().execute("UPDATE doc SET shared = 1 WHERE id = ?1", [&imported.doc.id]).unwrap();
            Ok(())
        })
        .unwrap();
    assert_eq!(entry(&section).status, 404, "a flag changed behind Tome's back shares nothing");
    assert!(!search("butler").body.contains(&section));
}

fn upload(addr: std::net::SocketAddr, cookie: &str, body: &[u8]) -> client::Answer {
    request(addr, "POST", "/api/inbox", &[("Cookie", cookie), ("Content-Type", "application/json")], body)
}

/// What `tome character export` writes for a MythCraft character called `name`.
fn character_file(name: &str) -> String {
    let mut t = Tome::open_in_memory().unwrap();
    let c = t.create_character("mythcraft", name).unwrap();
    t.export_character(c.id).unwrap()
}

#[test]
fn an_upload_is_checked_as_an_import_and_waits_for_the_game_master() {
    let t = table(Duration::from_secs(60));
    let addr = t.share.address();
    let ann = join(addr, &t.share.code(), "Ann").unwrap();

    let big = vec![b' '; tome::characters::MAX_FILE_BYTES + 1];
    let a = upload(addr, &ann, &big);
    assert_eq!(a.status, 413, "{}", a.body);
    assert!(a.body.contains("at most 1 MiB"), "{}", a.body);

    let a = upload(addr, &ann, b"not json at all");
    assert_eq!(a.status, 400);
    assert!(a.body.contains("not valid JSON"), "{}", a.body);

    let other = character_file("Nim").replace("\"mythcraft\"", "\"dnd-5e\"");
    let a = upload(addr, &ann, other.as_bytes());
    assert_eq!(a.status, 400, "{}", a.body);
    assert!(a.body.contains("dnd-5e"), "the problem names the system: {}", a.body);

    let hostile = character_file("Nim").replace("\"Nim\"", &format!("\"{}\\u0000<script>\"", "x".repeat(300)));
    let a = upload(addr, &ann, hostile.as_bytes());
    assert_eq!(a.status, 400, "{}", a.body);
    let payload: serde_json::Value = serde_json::from_str(&a.body).unwrap();
    let checked = t.tome.run("test", |tome| tome.check_character_file(hostile.as_bytes())).unwrap();
    assert_eq!(payload["problems"].as_array().unwrap().len(), checked.len(), "the import's own problems");
    assert!(t.share.inbox().is_empty(), "nothing refused is kept");
    let characters = t.tome.run("test", |tome| tome.characters()).unwrap().len();

    let a = upload(addr, &ann, character_file("Nim").as_bytes());
    assert_eq!(a.status, 202, "{}", a.body);
    let waiting = t.share.inbox();
    assert_eq!((waiting.len(), waiting[0].name.as_str(), waiting[0].from.as_str()), (1, "Nim", "Ann"));
    assert_eq!(t.tome.run("test", |tome| tome.characters()).unwrap().len(), characters, "nothing written yet");

    let (nim, view) = t.share.accept(waiting[0].id, Some(t.encounter)).unwrap();
    assert!(view.unwrap().combatants.iter().any(|c| c["name"] == "Nim"));
    let mine = get(addr, "/api/mine", Some(&ann)).body;
    assert!(mine.contains("\"Nim\""), "the sender's device shows the accepted character: {mine}");
    assert_eq!(t.tome.run("test", |tome| tome.character(nim.id)).unwrap().name, "Nim");

    let a = upload(addr, &ann, character_file("Tam").as_bytes());
    assert_eq!(a.status, 202);
    let declined = t.share.decline(t.share.inbox()[0].id).unwrap();
    assert_eq!(declined.name, "Tam");
    assert!(t.share.inbox().is_empty());
}

#[test]
fn the_inbox_is_bounded() {
    let t = table(Duration::from_secs(60));
    let addr = t.share.address();
    let file = character_file("Nim");
    let ann = join(addr, &t.share.code(), "Ann").unwrap();
    // Issue 39: one device has a share of the inbox, not all of it.
    assert_eq!(upload(addr, &ann, file.as_bytes()).status, 202);
    let twice = upload(addr, &ann, file.as_bytes());
    assert!(twice.status == 400 && twice.body.contains("waiting for the game master already"), "{}", twice.body);
    for n in 1..tome::share::MAX_WAITING_PER_DEVICE {
        assert_eq!(upload(addr, &ann, character_file(&format!("Nim {n}")).as_bytes()).status, 202);
    }
    let greedy = upload(addr, &ann, character_file("Nim 9").as_bytes());
    assert_eq!(greedy.status, 400);
    assert!(greedy.body.contains("this device has 3 characters waiting"), "{}", greedy.body);
    // The inbox's bound, and a flood from other addresses, are share_attack.rs's
    // (`a_flood_of_character_files_never_keeps_a_players_sheet_out`): from one address a
    // table holds six devices, whose files go when a newcomer takes one's place.
}

#[test]
fn pages_forbid_framing_inline_script_and_other_origins() {
    let t = table(Duration::from_secs(60));
    let addr = t.share.address();
    let page = get(addr, "/", None);
    assert_eq!(page.status, 200);
    let csp = page.header("content-security-policy").unwrap();
    assert!(csp.contains("script-src 'self'") && !csp.contains("unsafe-inline"), "{csp}");
    assert!(csp.contains("frame-ancestors 'none'"), "{csp}");
    assert_eq!(page.header("x-frame-options").as_deref(), Some("DENY"));
    assert!(page.header("access-control-allow-origin").is_none());
    let body = serde_json::json!({ "code": t.share.code(), "name": "Mallory" }).to_string();
    let cross = request(
        addr,
        "POST",
        "/api/join",
        &[("Origin", "http://evil.example"), ("Content-Type", "application/json")],
        body.as_bytes(),
    );
    assert_eq!(cross.status, 403, "a join from another site's page");
}

fn cookie_of(t: &Table, name: &str) -> String {
    join(t.share.address(), &t.share.code(), name).unwrap()
}

/// A State counted in seconds runs down on every phone with no change made by the game
/// master: the stream is drawn again each second until it reads "time is up".
#[test]
fn a_state_counted_in_seconds_ticks_down_to_time_is_up_without_a_change() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = t.create_encounter("amtgard", "Field").unwrap().id;
    t.encounter_add_npc(e, "Rook", 1, BTreeMap::new()).unwrap();
    t.encounter_start(e, &[], &[], None).unwrap();
    // Three seconds: the table's set-up (a join, the stream) may take a second of them
    // when every test of this file starts at once on two cores.
    t.encounter_condition(e, "Rook", "Stopped", tome::encounters::Duration::Seconds { seconds: 3 }, false).unwrap();
    let tome = Arc::new(SharedTome::open(t));
    let options = ShareOptions { address: Some(LOOPBACK), port: 0, encounter: Some(e), ..ShareOptions::default() };
    let share = Share::start(tome.clone(), options).unwrap();
    let ann = join(share.address(), &share.code(), "Ann").unwrap();
    let mut stream = Stream::open(share.address(), &ann);
    assert!(stream.until("view", WAIT, |d| d.contains(r#""remaining":"2 s""#)).is_some(), "{}", stream.text());
    assert!(stream.until("view", WAIT, |d| d.contains(r#""remaining":"1 s""#)).is_some(), "{}", stream.text());
    assert!(stream.until("view", WAIT, |d| d.contains("time is up")).is_some(), "{}", stream.text());
    // Once the time is up nothing moves: no more frames until something changes.
    assert_eq!(stream.next(Duration::from_millis(1500)), None, "{}", stream.text());
}

/// With no encounter chosen, the table follows the started encounter changed last: one
/// the game master prepares meanwhile never reaches a phone, and `show` moves every
/// phone to another encounter without disconnecting any.
#[test]
fn a_prepared_encounter_never_reaches_the_table_and_show_switches_without_a_drop() {
    let t = table(Duration::from_secs(60));
    t.share.show(None).unwrap();
    let addr = t.share.address();
    let ann = cookie_of(&t, "Ann");
    let mut stream = Stream::open(addr, &ann);
    assert!(stream.until("view", WAIT, |d| d.contains("Ambush")).is_some(), "{}", stream.text());
    let next = t
        .tome
        .run("test", |tome| {
            let id = tome.create_encounter("mythcraft", "Next ambush")?.id;
            tome.encounter_add_npc(id, "Ogre", 1, stats(&[("max-hp", 30)]))?;
            Ok(id)
        })
        .unwrap();
    gm(&t, Event::Next);
    assert!(stream.until("view", WAIT, |d| d.contains("\"current\":\"Vex\"")).is_some(), "{}", stream.text());
    assert!(!stream.text().contains("Ogre") && !stream.text().contains("Next ambush"), "{}", stream.text());
    assert!(!get(addr, "/api/view", Some(&ann)).body.contains("Ogre"));
    let status = t.share.status().unwrap();
    assert_eq!((status.chosen, status.showing.map(|s| s.name)), (None, Some("Ambush".into())));

    // Issue 39: showing it by name is refused while it is being prepared, with the reason.
    let refused = t.share.show(Some(next)).unwrap_err().to_string();
    assert!(refused.contains("has not started"), "{refused}");
    assert_eq!(t.share.status().unwrap().chosen, None, "a refused show changes nothing");
    t.tome.run("test", |tome| tome.encounter_start(next, &[], &[], Some(1))).unwrap();
    t.share.show(Some(next)).unwrap();
    assert!(stream.until("view", WAIT, |d| d.contains("Ogre")).is_some(), "{}", stream.text());
    // Its start undone, it is being prepared again: the table is shown nothing of it.
    t.tome.run("test", |tome| tome.encounter_undo(next)).unwrap();
    assert!(stream.until("view", WAIT, |d| d == "null").is_some(), "{}", stream.text());
    assert_eq!(get(addr, "/api/view", Some(&ann)).body, "null");
    t.tome.run("test", |tome| tome.encounter_redo(next)).unwrap();
    assert!(stream.until("view", WAIT, |d| d.contains("Ogre")).is_some(), "{}", stream.text());
    assert_eq!(t.share.status().unwrap().chosen, Some(next));
    assert_eq!(t.share.devices().len(), 1, "nobody was disconnected");
    assert!(t.share.show(Some(9999)).is_err(), "no such encounter");
    assert_eq!(t.share.status().unwrap().chosen, Some(next), "a refused show changes nothing");
}

/// The game master sees which devices have the page open, a rename reaches the phone's
/// page, and one device cannot open streams without end.
#[test]
fn devices_show_connected_a_rename_reaches_the_phone_and_streams_are_capped() {
    let t = table(Duration::from_secs(60));
    let addr = t.share.address();
    let ann = cookie_of(&t, "Ann");
    assert!(!t.share.devices()[0].connected, "joined, page not open");
    let mut stream = Stream::open(addr, &ann);
    assert!(stream.until("view", WAIT, |_| true).is_some());
    assert!(t.share.devices()[0].connected);
    let id = t.share.devices()[0].id;
    assert_eq!(t.share.rename(id, "  Ann the bard ").unwrap().name, "Ann the bard");
    assert!(stream.until("device", WAIT, |d| d.contains("\"Ann the bard\"")).is_some(), "{}", stream.text());
    assert!(get(addr, "/api/device", Some(&ann)).body.contains("Ann the bard"));
    // The console's own marks are not a device's (issue 71: a name could print as two
    // arrivals).
    assert!(t.share.rename(id, "Ann (the bard)").is_err() && t.share.rename(id, "▸ Bob").is_err());
    assert!(t.share.rename(id, "").is_err() && t.share.rename(99, "Bob").is_err());

    // Without a character, one page (issue 71: idle devices held every stream).
    let second = get(addr, "/api/events", Some(&ann));
    assert_eq!(second.status, 429, "{}", second.body);
    assert!(second.body.contains("until the game master gives it a character"), "{}", second.body);
    t.share.assign(id, Some(t.vex)).unwrap();
    let more: Vec<Stream> = (1..tome::share::MAX_STREAMS)
        .map(|_| {
            let mut s = Stream::open(addr, &ann);
            assert!(s.until("view", WAIT, |_| true).is_some(), "a stream within the limit is served");
            s
        })
        .collect();
    let refused = get(addr, "/api/events", Some(&ann));
    assert_eq!(refused.status, 429, "{}", refused.body);
    drop(more);
    drop(stream);
    let closed = std::time::Instant::now();
    while t.share.devices()[0].connected && closed.elapsed() < WAIT {
        std::thread::sleep(Duration::from_millis(50));
    }
    assert!(!t.share.devices()[0].connected, "every page closed");
}

/// Restoring a revision and a Recovery roll are saves like any other: they reach the
/// device that shows the sheet (and the players' window) through the change hooks.
#[test]
fn a_restore_and_a_recovery_roll_reach_the_device_showing_the_sheet() {
    let t = table(Duration::from_secs(60));
    let ann = cookie_of(&t, "Ann");
    let ann_id = t.share.devices()[0].id;
    t.share.assign(ann_id, Some(t.vex)).unwrap();
    let mut stream = Stream::open(t.share.address(), &ann);
    assert!(stream.until("mine", WAIT, |d| d.contains("\"Vex\"")).is_some(), "{}", stream.text());
    t.tome
        .run("test", |tome| {
            let mut c = tome.character(t.vex)?;
            c.name = "Vex the Bold".into();
            tome.save_character(&c).map(|_| ())
        })
        .unwrap();
    assert!(stream.until("mine", WAIT, |d| d.contains("Vex the Bold")).is_some(), "{}", stream.text());
    t.tome.run("test", |tome| tome.restore_character(t.vex, 2).map(|_| ())).unwrap();
    let back = stream.until("mine", WAIT, |d| !d.contains("Vex the Bold")).unwrap_or_default();
    assert!(back.contains("\"Vex\""), "the restored name reaches the phone: {}", stream.text());

    let (agnes, calls) = t
        .tome
        .run("test", |tome| {
            let mut c = tome.create_character("ars-magica", "Agnes")?;
            c.values.insert("wounds.light".into(), tome::characters::SheetValue::Int(1));
            let c = tome.save_character(&c)?;
            let calls = Arc::new(std::sync::atomic::AtomicUsize::new(0));
            let counted = calls.clone();
            tome.add_change_hook(Arc::new(move || {
                counted.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            }));
            Ok((c.id, calls))
        })
        .unwrap();
    t.share.assign(ann_id, Some(agnes)).unwrap();
    let before = stream.until("mine", WAIT, |d| d.contains("Agnes")).unwrap_or_default();
    assert!(!before.is_empty(), "{}", stream.text());
    let roll = tome::sheets::recovery::RecoveryRoll { roll: Some(9), ..Default::default() };
    let report = t.tome.run("test", |tome| tome.character_recover(agnes, &roll)).unwrap();
    assert!(report.changed, "{report:?}");
    assert_eq!(calls.load(std::sync::atomic::Ordering::SeqCst), 1, "one save, one call");
    assert!(stream.until("mine", WAIT, |d| d != before).is_some(), "the rolled sheet reaches the phone");
}

/// `tome share --json` on loopback: each command line answers one JSON line, and a bad
/// line is a coded error on stderr that leaves sharing running until `stop`.
#[test]
fn the_share_command_answers_each_line_and_refuses_bad_ones_clearly() {
    use std::io::Write;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("tome.db");
    let mut child = client::share_json(&db);
    let lines = "fly away\nshow 999\nshow soon\naccept 1 x\nshow latest\ndevices\nstop\n";
    child.stdin.take().unwrap().write_all(lines.as_bytes()).unwrap();
    let started = std::time::Instant::now();
    let out = loop {
        if let Some(_status) = child.try_wait().unwrap() {
            break child.wait_with_output().unwrap();
        }
        assert!(started.elapsed() < Duration::from_secs(60), "tome share did not stop");
        std::thread::sleep(Duration::from_millis(100));
    };
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let answers: Vec<serde_json::Value> =
        String::from_utf8_lossy(&out.stdout).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let errors: Vec<serde_json::Value> =
        String::from_utf8_lossy(&out.stderr).lines().filter_map(|l| serde_json::from_str(l).ok()).collect();
    // The start, `show latest` and `devices`.
    assert_eq!(answers.len(), 3, "{answers:?}");
    assert!(answers[0]["url"].as_str().unwrap().starts_with("http://127.0.0.1:"), "{}", answers[0]);
    assert_eq!(
        (answers[1]["chosen"].clone(), answers[1]["showing"].clone()),
        (serde_json::Value::Null, serde_json::Value::Null)
    );
    assert_eq!(answers[2], serde_json::json!([]));
    let said: Vec<(&str, &str)> =
        errors.iter().map(|e| (e["code"].as_str().unwrap(), e["message"].as_str().unwrap())).collect();
    assert_eq!(said.len(), 4, "{said:?}");
    assert!(said[0].0 == "invalid_input" && said[0].1.contains("unknown command `fly`"), "{said:?}");
    assert_eq!(said[1].0, "not_found", "{said:?}");
    // An encounter is taken by name or number (issue 74): a word that names none is not found.
    assert!(said[2] == ("not_found", said[2].1) && said[2].1.contains("soon"), "{said:?}");
    assert!(said[3] == ("not_found", said[3].1) && said[3].1.contains("`x`"), "{said:?}");
}

fn roll(addr: std::net::SocketAddr, cookie: &str, body: &str) -> client::Answer {
    request(addr, "POST", "/api/dice", &[("Cookie", cookie), ("Content-Type", "application/json")], body.as_bytes())
}

fn log_lines(t: &Table) -> Vec<String> {
    let log = t.tome.run("test", |tome| tome.encounter_log(t.encounter)).unwrap();
    log.into_iter().flat_map(|e| e.lines).collect()
}

/// Issue 42, "roll anything": a player's roll from the phone is made by Tome, said in the
/// fight's log under the character's name and shown to the table; a secret one reaches
/// the game master alone; bad dice are refused saying what is taken; a flood is bounded;
/// a device with no character in the fight rolls for itself alone.
#[test]
fn a_phone_rolls_any_dice_into_the_log_and_a_secret_roll_stays_with_the_game_master() {
    let t = table(Duration::from_secs(60));
    let addr = t.share.address();
    let ann = join(addr, &t.share.code(), "Ann").unwrap();
    let bob = join(addr, &t.share.code(), "Bob").unwrap();
    let ann_id = t.share.devices().iter().find(|d| d.name == "Ann").unwrap().id;
    t.share.assign(ann_id, Some(t.vex)).unwrap();
    let mut bob_stream = Stream::open(addr, &bob);

    let open = roll(addr, &ann, r#"{"dice": "3d6"}"#);
    assert_eq!(open.status, 200, "{}", open.body);
    let rolled: serde_json::Value = serde_json::from_str(&open.body).unwrap();
    let total = rolled["total"].as_i64().unwrap();
    assert!((3..=18).contains(&total), "{rolled}");
    let text = rolled["text"].as_str().unwrap().to_string();
    assert!(log_lines(&t).contains(&format!("Vex rolled {text}")), "{:?}", log_lines(&t));
    let seen = bob_stream.until("view", WAIT, |d| d.contains("Vex rolled 3d6")).expect("the table sees the open roll");
    assert!(seen.contains(&text), "{seen}");

    let secret = roll(addr, &ann, r#"{"dice": "d20+2", "secret": true}"#);
    assert_eq!(secret.status, 200, "{}", secret.body);
    let secret_text =
        serde_json::from_str::<serde_json::Value>(&secret.body).unwrap()["text"].as_str().unwrap().to_string();
    assert!(log_lines(&t)
        .iter()
        .any(|l| l.starts_with("Vex rolled") && l.contains(&secret_text) && l.contains("secret")));
    let _ = bob_stream.next(Duration::from_millis(300));
    let view = get(addr, "/api/view", Some(&bob)).body;
    assert!(!view.contains("d20+2") && !bob_stream.text().contains("d20+2"), "a secret roll reached the table: {view}");

    let bad = roll(addr, &ann, r#"{"dice": "3x6"}"#);
    assert_eq!(bad.status, 400, "{}", bad.body);
    assert!(bad.body.contains("3d6") && bad.body.contains("stress"), "says what is taken: {}", bad.body);
    let unknown = roll(addr, &ann, r#"{"dice": "d6", "as": "Sneak"}"#);
    assert_eq!(unknown.status, 400, "an unknown field is refused: {}", unknown.body);

    // Bob's device has no character: his roll is his alone, and the log is untouched.
    let before = log_lines(&t).len();
    let own = roll(addr, &bob, r#"{"dice": "2d6"}"#);
    assert_eq!(own.status, 200, "{}", own.body);
    assert_eq!(log_lines(&t).len(), before, "a roll with no character in the fight is not logged");

    // Bounded per device: Bob has rolled once; the rest of his burst, then a wait.
    let mut statuses = Vec::new();
    for _ in 0..tome::share::ROLLS_BURST + 2 {
        statuses.push(roll(addr, &bob, r#"{"dice": "d6"}"#).status);
    }
    assert!(statuses.iter().filter(|s| **s == 200).count() <= tome::share::ROLLS_BURST as usize, "{statuses:?}");
    let refused = roll(addr, &bob, r#"{"dice": "d6"}"#);
    assert_eq!(refused.status, 429, "{}", refused.body);
    assert!(refused.header("retry-after").is_some(), "says how long to wait");
    // Ann's own allowance is hers.
    assert_eq!(roll(addr, &ann, r#"{"dice": "d6"}"#).status, 200);
}

/// A hidden character's roll is the game master's: logged, never shown to the table; a
/// roll never reopens a fight the game master ended.
#[test]
fn a_hidden_characters_roll_is_logged_but_never_shown_and_an_ended_fight_stays_ended() {
    let t = table(Duration::from_secs(60));
    let addr = t.share.address();
    let ann = join(addr, &t.share.code(), "Ann").unwrap();
    let ann_id = t.share.devices().iter().find(|d| d.name == "Ann").unwrap().id;
    t.share.assign(ann_id, Some(t.vex)).unwrap();
    gm(&t, Event::Hide { name: "Vex".into(), hidden: true });
    assert_eq!(roll(addr, &ann, r#"{"dice": "4d8"}"#).status, 200);
    assert!(log_lines(&t).iter().any(|l| l.starts_with("Vex rolled 4d8")), "{:?}", log_lines(&t));
    assert!(!get(addr, "/api/view", Some(&ann)).body.contains("4d8"), "the hidden Vex's roll was shown");
    gm(&t, Event::Hide { name: "Vex".into(), hidden: false });
    assert!(get(addr, "/api/view", Some(&ann)).body.contains("Vex rolled 4d8"), "shown once Vex is");

    t.tome.run("test", |tome| tome.encounter_end(t.encounter, true)).unwrap();
    let before = log_lines(&t).len();
    assert_eq!(roll(addr, &ann, r#"{"dice": "d6"}"#).status, 200, "the roll is the player's all the same");
    assert_eq!(log_lines(&t).len(), before, "not logged");
    let ended = t.tome.run("test", |tome| tome.encounter(t.encounter)).unwrap();
    assert!(ended.ended.is_some(), "the ended fight stays ended");
}
