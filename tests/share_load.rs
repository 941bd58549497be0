//! Load on the table's push, over loopback only, bounded in count and time: 30 devices
//! follow the fight while the game master makes 200 changes. Every device must end on the
//! game master's final view; the delay from each change to each device's receipt is
//! measured (p50, p95: target p95 ≤ 100 ms), with the process's memory before and after.
//! Figures in BENCHMARKS.md; run with
//! `cargo test -p tome --test share_load -- --ignored --nocapture`.

#[path = "share/client.rs"]
mod client;

use std::collections::BTreeMap;
use std::net::{IpAddr, Ipv4Addr};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use client::{join, Stream};
use tome::encounters::Event;
use tome::share::{Share, ShareOptions};
use tome::shared::SharedTome;
use tome::Tome;

const DEVICES: usize = 30;
const CHANGES: usize = 200;
/// Between two of the game master's changes: a fast GM clicking, not a flood.
const PACE: Duration = Duration::from_millis(10);

fn rss_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| s.lines().find(|l| l.starts_with("VmRSS:")).map(str::to_string))
        .and_then(|l| l.split_whitespace().nth(1).and_then(|n| n.parse().ok()))
        .unwrap_or(0)
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

#[test]
#[ignore = "a load measurement (about 10 s): run it by name, see BENCHMARKS.md"]
fn thirty_devices_follow_two_hundred_changes() {
    let mut t = Tome::open_in_memory().unwrap();
    let e = t.create_encounter("mythcraft", "Race").unwrap().id;
    // One combatant: each turn passed is a new round, so a view says which change it shows.
    let one: BTreeMap<String, i64> = [("max-hp".to_string(), 10)].into();
    t.encounter_add_npc(e, "Runner", 1, one).unwrap();
    t.encounter_start(e, &[("Runner".to_string(), 10)], &[], None).unwrap();
    let first_round = t.encounter(e).unwrap().round;
    let tome = Arc::new(SharedTome::open(t));
    let before = rss_kib();
    let options = ShareOptions {
        address: Some(IpAddr::V4(Ipv4Addr::LOCALHOST)),
        port: 0,
        encounter: Some(e),
        ..ShareOptions::default()
    };
    let share = Share::start(tome.clone(), options).unwrap();
    let addr = share.address();
    let code = share.code();
    let final_round = first_round + CHANGES as i64;

    let cookies: Vec<String> = (0..DEVICES).map(|i| join(addr, &code, &format!("Phone {i}")).unwrap()).collect();
    let streams: Vec<Stream> = cookies.iter().map(|c| Stream::open(addr, c)).collect();
    let receipts: Arc<Mutex<Vec<(i64, Instant)>>> = Arc::default();
    let readers: Vec<_> = streams
        .into_iter()
        .map(|mut s| {
            let receipts = receipts.clone();
            std::thread::spawn(move || {
                let mut last = String::new();
                let deadline = Instant::now() + Duration::from_secs(60);
                while Instant::now() < deadline {
                    let Some((event, data)) = s.next(Duration::from_secs(10)) else { break };
                    if event != "view" {
                        continue;
                    }
                    let at = Instant::now();
                    let round = serde_json::from_str::<serde_json::Value>(&data).unwrap()["round"].as_i64().unwrap();
                    receipts.lock().unwrap().push((round, at));
                    last = data;
                    if round == final_round {
                        break;
                    }
                }
                last
            })
        })
        .collect();
    // Every device has its first view before the game master starts.
    while receipts.lock().unwrap().len() < DEVICES {
        std::thread::sleep(Duration::from_millis(10));
    }

    let started = Instant::now();
    let mut made: BTreeMap<i64, Instant> = BTreeMap::new();
    for _ in 0..CHANGES {
        let at = Instant::now();
        let v = tome.run("gm", |t| t.encounter_change(e, Event::Next)).unwrap();
        made.insert(v.round, at);
        std::thread::sleep(PACE);
    }
    let finals: Vec<String> = readers.into_iter().map(|r| r.join().unwrap()).collect();
    let took = started.elapsed();
    let after = rss_kib();

    let expected = serde_json::to_string(&tome.run("gm", |t| t.table_view(e)).unwrap()).unwrap();
    for (i, last) in finals.iter().enumerate() {
        assert_eq!(last, &expected, "device {i} ends on the game master's final view");
    }
    let mut delays: Vec<Duration> = receipts
        .lock()
        .unwrap()
        .iter()
        .filter_map(|(round, at)| made.get(round).map(|m| at.saturating_duration_since(*m)))
        .collect();
    delays.sort();
    let (p50, p95, max) = (percentile(&delays, 0.5), percentile(&delays, 0.95), *delays.last().unwrap());
    let possible = DEVICES * CHANGES;
    println!(
        "share load: {DEVICES} devices, {CHANGES} changes every {PACE:?} in {took:.2?}; {} of {possible} views received \
         (a device shown a newer view skips older ones); delay p50 {p50:.1?}, p95 {p95:.1?}, max {max:.1?}; \
         memory {before} KiB before, {after} KiB after",
        delays.len()
    );
    share.stop();
    assert!(p95 <= Duration::from_millis(100), "p95 {p95:?}");
}
