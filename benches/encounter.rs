//! An evening's fight: the cost of a change, an undo and a show of an encounter 200,
//! 2,000 and 20,000 events long, on a database file as the app keeps one. Checkpoints
//! (`src/encounters/checkpoint.rs`) should make the three flat across the lengths. Run
//! with `cargo bench --bench encounter`; figures go in BENCHMARKS.md.
//!
//! A change is undone (untimed) after each timed one, and an undo redone, so every
//! sample is taken at the same length.

use std::collections::BTreeMap;
use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use tome::encounters::{ConditionRef, Duration as Lasting, Event};
use tome::Tome;

const LENGTHS: &[usize] = &[200, 2_000, 20_000];

/// A MythCraft fight of four, played for `events` events: turns, blows and healing,
/// conditions gained and lost.
fn fight(t: &mut Tome, events: usize) -> i64 {
    let e = t.create_encounter("mythcraft", &format!("Evening of {events}")).unwrap().id;
    let stats = |hp: i64| -> BTreeMap<String, i64> { [("max-hp".to_string(), hp), ("cor".to_string(), 3)].into() };
    t.encounter_add_npc(e, "Goblin", 2, stats(30)).unwrap();
    t.encounter_add_npc(e, "Ogre", 1, stats(80)).unwrap();
    t.encounter_add_npc(e, "Hero", 1, stats(60)).unwrap();
    t.encounter_start(e, &[], &[], Some(5)).unwrap();
    let names = ["Goblin 1", "Goblin 2", "Ogre", "Hero"];
    // Two adds and the start are the first three events.
    for i in 0..events.saturating_sub(3) {
        // One combatant per six events: hit, healed, marked and unmarked, so no one falls.
        let who = names[(i / 6) % names.len()].to_string();
        let event = match i % 6 {
            0 => Event::Next,
            1 => Event::Damage { name: who, amount: 3, kind: None },
            2 => Event::Heal { name: who, amount: 3 },
            3 => Event::AddCondition {
                name: who,
                condition: ConditionRef { id: None, name: "Marked".into() },
                duration: Lasting::UntilRemoved,
            },
            4 => Event::RemoveCondition { name: who, condition: "Marked".into() },
            _ => Event::Next,
        };
        t.encounter_change(e, event).unwrap();
    }
    e
}

fn timed(iters: u64, mut measured: impl FnMut(), mut after: impl FnMut()) -> Duration {
    let mut total = Duration::ZERO;
    for _ in 0..iters {
        let start = Instant::now();
        measured();
        total += start.elapsed();
        after();
    }
    total
}

fn encounter(c: &mut Criterion) {
    let dir = tempfile::tempdir().unwrap();
    let mut t = Tome::open(&dir.path().join("tome.db")).unwrap();
    let fights: Vec<(usize, i64)> = LENGTHS.iter().map(|&n| (n, fight(&mut t, n))).collect();
    let mut g = c.benchmark_group("encounter");
    g.sample_size(30).measurement_time(Duration::from_secs(4));
    let t = std::cell::RefCell::new(t);
    for &(n, e) in &fights {
        g.bench_with_input(BenchmarkId::new("change", n), &e, |b, &e| {
            b.iter_custom(|iters| {
                timed(
                    iters,
                    || {
                        black_box(
                            t.borrow_mut()
                                .encounter_change(e, Event::Damage { name: "Ogre".into(), amount: 1, kind: None }),
                        )
                        .unwrap();
                    },
                    || {
                        t.borrow_mut().encounter_undo(e).unwrap();
                    },
                )
            })
        });
        g.bench_with_input(BenchmarkId::new("undo", n), &e, |b, &e| {
            b.iter_custom(|iters| {
                timed(
                    iters,
                    || {
                        black_box(t.borrow_mut().encounter_undo(e)).unwrap();
                    },
                    || {
                        t.borrow_mut().encounter_redo(e).unwrap();
                    },
                )
            })
        });
        g.bench_with_input(BenchmarkId::new("show", n), &e, |b, &e| {
            b.iter(|| black_box(t.borrow().encounter(e)).unwrap())
        });
    }
    g.finish();
}

criterion_group!(benches, encounter);
criterion_main!(benches);
