//! PDF export: one sheet with its reference cards for each system, and twenty
//! characters in one file; besides criterion's figures it prints each file's size.
//! Run with `cargo bench --bench pdf`.
//!
//! Targets (the issue's): one sheet with cards in 50 ms median, twenty characters in
//! 1 s, one sheet's file within 150 kB with the fonts subset.

#[path = "../tests/fixtures/pdf/characters.rs"]
mod characters;

use std::hint::black_box;
use std::time::Duration;

use characters::{character, SYSTEMS};
use criterion::{criterion_group, criterion_main, Criterion};
use tome::pdf::PdfOptions;
use tome::Tome;

fn bench(c: &mut Criterion) {
    let mut tome = Tome::open_in_memory().unwrap();
    let opts = PdfOptions::default();
    // The fonts are parsed once per process, on first use: not part of any sheet.
    let warm = character(&mut tome, "ars-magica", "Warm-up");
    tome.characters_pdf(&[warm.id], &opts).unwrap();

    let mut g = c.benchmark_group("one-sheet-with-cards");
    for system in SYSTEMS {
        let ch = character(&mut tome, system, &format!("Sample {system}"));
        let bytes = tome.characters_pdf(&[ch.id], &opts).unwrap();
        println!("{system}: one sheet with cards, {} bytes", bytes.len());
        g.bench_function(system, |b| b.iter(|| black_box(tome.characters_pdf(&[ch.id], &opts).unwrap())));
    }
    g.finish();

    let ids: Vec<i64> =
        (0..20).map(|i| character(&mut tome, SYSTEMS[i % SYSTEMS.len()], &format!("Character {i}")).id).collect();
    let bytes = tome.characters_pdf(&ids, &opts).unwrap();
    println!("twenty characters in one file: {} bytes", bytes.len());
    let mut g = c.benchmark_group("twenty-characters");
    g.sample_size(10);
    g.measurement_time(Duration::from_secs(10));
    g.bench_function("one file", |b| b.iter(|| black_box(tome.characters_pdf(&ids, &opts).unwrap())));
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
