//! Every number explains itself: folding a result's `add` and `factor` terms in order
//! (start at 0, add each addend, multiply by each factor) gives the number they stand
//! under; anything else (a threshold, a table step, a comparison) must be a `note`.
//!
//! Held over every calculator of every system, with random valid inputs drawn from
//! each parameter's own description, and over every derived stat of random sheets of
//! every system. A stat shown as a range of natural rolls ("16-20") is explained by
//! where the range starts: its terms fold to 16. A calculator added later is held too:
//! it needs no line here. `TERMS_ONLY=mythcraft,ars-magica/soak` holds only the
//! calculators (and the sheets of the systems) whose ids start so, while fixing one.

use std::collections::BTreeMap;

use proptest::prelude::*;
use proptest::test_runner::{Config, RngAlgorithm, TestCaseError, TestRng, TestRunner};
use serde_json::Value;
use tome::characters::{Character, SheetValue};
use tome::rules::{fold, Calculator, Outcome, ParamKind, Term};
use tome::sheets::{FieldKind, ListKind};
use tome::{Kind, Tome};

thread_local! {
    // A Tome is not shared between threads; each test's thread opens one for its run.
    static TOME: &'static Tome = Box::leak(Box::new(Tome::open_in_memory().unwrap()));
}

fn tome() -> &'static Tome {
    TOME.with(|t| *t)
}

fn runner(cases: u32) -> TestRunner {
    let cases = std::env::var("PROPTEST_CASES").ok().and_then(|c| c.parse().ok()).unwrap_or(cases);
    // Shrinking is kept short: a fault's inputs need to be small enough to read, not minimal.
    let config = Config { cases, failure_persistence: None, max_shrink_iters: 256, ..Config::default() };
    // The same inputs every run, so a red build is a change's fault, never the dice's;
    // `PROPTEST_RNG_SEED` (proptest's own) or more `PROPTEST_CASES` explores further.
    match std::env::var("PROPTEST_RNG_SEED") {
        Ok(_) => TestRunner::new(config),
        Err(_) => TestRunner::new_with_rng(config, TestRng::deterministic_rng(RngAlgorithm::ChaCha)),
    }
}

/// The lowest roll of a range of natural rolls written as a stat shows it: "16-20", or
/// "20" alone. Such a range is explained by where it starts (MythCraft's crit range:
/// 20, less each expansion, never below 16).
fn range_start(value: &Value) -> Option<f64> {
    let text = value.as_str()?;
    let (low, high) = text.split_once('-').unwrap_or((text, text));
    let (low, high): (i64, i64) = (low.trim().parse().ok()?, high.trim().parse().ok()?);
    (low <= high).then_some(low as f64)
}

/// Why `terms` do not explain `value`, if they do not.
fn fault(value: &Value, terms: &[Term]) -> Option<String> {
    let folded = fold(terms)?;
    match value.as_f64().or_else(|| range_start(value)) {
        Some(v) if v == folded as f64 => None,
        Some(v) => Some(format!("the terms fold to {folded}, the value is {value} ({v})")),
        None => {
            Some(format!("the terms fold to {folded} but the value is {value}, not a number: they should be notes"))
        }
    }
}

fn lines(terms: &[Term]) -> String {
    terms.iter().map(|t| format!("{} [{:?}]", t.line(), t.op)).collect::<Vec<_>>().join("; ")
}

/// The examples a text parameter's help gives (`8 sharp + 4 fire`, "Stoneskin:2"), and
/// the capitalised words it lists ("Dead, Cursed, Fragile"): what a user would type.
fn text_samples(help: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for quote in ['`', '"'] {
        out.extend(help.split(quote).skip(1).step_by(2).map(str::to_string));
    }
    let words: Vec<&str> = help
        .split(|c: char| !c.is_alphanumeric() && c != '-' && c != '\'')
        .filter(|w| w.chars().next().is_some_and(char::is_uppercase) && w.len() > 2)
        .collect();
    out.extend(words.iter().map(|w| w.to_string()));
    if words.len() > 1 {
        out.push(words.join(", "));
        out.push(words.iter().step_by(2).copied().collect::<Vec<_>>().join(", "));
    }
    if out.is_empty() {
        out.push("Ada, Bram".into());
    }
    out
}

/// A valid value for `param` drawn from its description: a number in its range (often
/// a small one), a list, named values, one of its choices, an entry of its kind.
fn value_strategy(system: &str, param: &tome::rules::Param) -> BoxedStrategy<Option<String>> {
    fn int(min: i64, max: i64) -> BoxedStrategy<i64> {
        let (lo, hi) = (min.max(-12), max.min(24));
        if lo <= hi {
            prop_oneof![3 => lo..=hi, 1 => min..=max].boxed()
        } else {
            (min..=max).boxed()
        }
    }
    let value: BoxedStrategy<String> = match param.kind {
        ParamKind::Int { min, max } => int(min, max).prop_map(|n| n.to_string()).boxed(),
        ParamKind::IntList { min, max } => prop::collection::vec(int(min, max), 1..6)
            .prop_map(|v| v.iter().map(i64::to_string).collect::<Vec<_>>().join(","))
            .boxed(),
        ParamKind::Named { min, max, many } => {
            let values = if many {
                prop::collection::vec(int(min, max), 1..3).boxed()
            } else {
                int(min, max).prop_map(|n| vec![n]).boxed()
            };
            prop::collection::vec(values, 1..5)
                .prop_map(|people| {
                    let names = ["Ada", "Bram", "Cora", "Dov"];
                    people
                        .iter()
                        .zip(names)
                        .map(|(v, n)| format!("{n}={}", v.iter().map(i64::to_string).collect::<Vec<_>>().join("/")))
                        .collect::<Vec<_>>()
                        .join(", ")
                })
                .boxed()
        }
        ParamKind::Flag => Just("true".to_string()).boxed(),
        ParamKind::Choice { options } => prop::sample::select(options.to_vec()).prop_map(str::to_string).boxed(),
        ParamKind::Entry { kind } => {
            let names: Vec<String> =
                tome().list(kind, Some(system)).unwrap().into_iter().map(|i| i.name).collect::<Vec<_>>();
            assert!(!names.is_empty(), "--{} takes a {kind:?} of {system}, and there is none", param.name);
            prop::sample::select(names).boxed()
        }
        ParamKind::Listed { .. } | ParamKind::Text => prop::sample::select(text_samples(param.help)).boxed(),
    };
    if param.required && param.default.is_none() {
        value.prop_map(Some).boxed()
    } else {
        prop::option::weighted(0.35, value).boxed()
    }
}

fn inputs_text(values: &BTreeMap<String, String>) -> String {
    values.iter().map(|(k, v)| format!("--{k} {v:?}")).collect::<Vec<_>>().join(" ")
}

/// Why `outcome`'s terms explain none of its numbers, if they do not. An outcome keeps
/// one list of terms beside several fields (Burden and Encumbrance, a roll and its
/// target), so its addends and factors must fold to one of the numbers it shows; with
/// no number shown, every term must be a note.
fn outcome_fault(outcome: &Outcome) -> Option<String> {
    let folded = fold(&outcome.terms)?;
    let numbers: Vec<f64> = outcome.fields.iter().filter_map(|(_, v)| v.as_f64()).collect();
    if numbers.contains(&(folded as f64)) {
        return None;
    }
    let shown: Vec<String> = outcome.labels.iter().zip(&outcome.shown).map(|(l, v)| format!("{l} = {v}")).collect();
    Some(if numbers.is_empty() {
        format!("the terms fold to {folded} but no result is a number ({}): they should be notes", shown.join(", "))
    } else {
        format!("the terms fold to {folded}, which is none of the results ({})", shown.join(", "))
    })
}

/// Runs `calc` on random valid inputs; the first input whose terms do not add up,
/// and how many inputs it answered (not refused).
fn check_calculator(calc: &Calculator) -> (Option<String>, u32) {
    let strategy: Vec<BoxedStrategy<Option<String>>> =
        calc.params.iter().map(|p| value_strategy(calc.system, p)).collect();
    let names: Vec<&str> = calc.params.iter().map(|p| p.name).collect();
    let answered = std::cell::Cell::new(0u32);
    let result = runner(64).run(&strategy, |drawn| {
        let values: BTreeMap<String, String> =
            names.iter().zip(drawn).filter_map(|(n, v)| v.map(|v| (n.to_string(), v))).collect();
        // A refusal is another test's business (tests/command_line/calc.rs holds every calculator to a
        // clear error); here only answers are judged.
        let Ok(outcome) = tome().calculate(calc.system, calc.name, values.clone()) else { return Ok(()) };
        answered.set(answered.get() + 1);
        match outcome_fault(&outcome) {
            None => Ok(()),
            Some(why) => Err(TestCaseError::fail(format!(
                "{why}\n    tome calc {} {} {}\n    terms: {}",
                calc.system,
                calc.name,
                inputs_text(&values),
                lines(&outcome.terms)
            ))),
        }
    });
    match result {
        Ok(()) => (None, answered.get()),
        Err(e) => (Some(e.to_string()), answered.get()),
    }
}

/// Every calculator of every system: its terms add up to one of its numbers, whatever
/// valid inputs it is given. Every calculator is named that fails, with the inputs
/// that show it.
#[test]
fn every_calculators_terms_add_up_to_its_answer() {
    let mut faults = Vec::new();
    let mut never_answered = Vec::new();
    for calc in tome::systems::calculators() {
        let id = format!("{}/{}", calc.system, calc.name);
        if let Ok(only) = std::env::var("TERMS_ONLY") {
            if !only.split(',').any(|o| id.starts_with(o)) {
                continue;
            }
        }
        let (fault, answered) = check_calculator(&calc);
        if let Some(f) = fault {
            faults.push(format!("{id}: {f}"));
        }
        if answered == 0 {
            never_answered.push(id);
        }
    }
    assert!(faults.is_empty(), "{} calculators' terms do not add up:\n{}", faults.len(), faults.join("\n\n"));
    assert!(
        never_answered.is_empty(),
        "these calculators refused every random valid input, so nothing of them was checked: {never_answered:?}"
    );
}

/// An entry put on a list: its id, whether it is equipped, whether armour covers fully.
type Pick = (String, bool, bool);

/// One random sheet of `system`: every number field and family member the layout
/// suggests at a value in its range, choices among their options, and a few entries
/// of each list (items equipped or not, armour at either coverage).
fn sheet_strategy(system: &'static str) -> BoxedStrategy<Character> {
    let layout = tome::systems::layout(system).unwrap();
    let mut fields: Vec<(String, BoxedStrategy<Option<SheetValue>>)> = Vec::new();
    let some_int = |min: i64, max: i64| prop::option::weighted(0.8, (min..=max).prop_map(SheetValue::Int)).boxed();
    for section in &layout.sections {
        for f in &section.fields {
            let s = match &f.kind {
                FieldKind::Int { min, max, .. } => some_int(*min, *max),
                FieldKind::Track { max } => some_int(0, *max),
                FieldKind::Choice { options } => {
                    let words: Vec<String> = options.iter().map(|o| o.value.clone()).collect();
                    prop::option::of(prop::sample::select(words).prop_map(SheetValue::Text)).boxed()
                }
                FieldKind::Text { .. } => continue,
            };
            fields.push((f.key.clone(), s));
        }
        if let Some(family) = &section.family {
            for (key, _) in &family.suggestions {
                fields.push((format!("{}{key}", family.prefix), some_int(family.min, family.max)));
            }
        }
    }
    let mut lists: Vec<(ListKind, BoxedStrategy<Vec<Pick>>)> = Vec::new();
    for section in &layout.sections {
        let Some(list) = &section.list else { continue };
        let ids: Vec<String> =
            list.kinds.iter().flat_map(|k| tome().list(*k, Some(system)).unwrap()).map(|i| i.id).collect();
        if ids.is_empty() {
            continue;
        }
        let most = if list.single { 2 } else { 5 };
        let picks = prop::collection::vec((prop::sample::select(ids), any::<bool>(), any::<bool>()), 0..most);
        lists.push((list.list, picks.boxed()));
    }
    let (keys, values): (Vec<String>, Vec<_>) = fields.into_iter().unzip();
    let (list_kinds, picks): (Vec<ListKind>, Vec<_>) = lists.into_iter().unzip();
    (values, picks)
        .prop_map(move |(values, picks)| {
            let mut c = Character {
                id: 0,
                system: system.to_string(),
                name: "Sample".into(),
                revision: 0,
                created: 0,
                updated: 0,
                values: keys.iter().cloned().zip(values).filter_map(|(k, v)| v.map(|v| (k, v))).collect(),
                items: Vec::new(),
                conditions: Vec::new(),
                spells: Vec::new(),
            };
            for (list, picked) in list_kinds.iter().zip(picks) {
                for (id, equipped, full) in picked {
                    match list {
                        ListKind::Items => {
                            let mut item = tome().character_item(&id).unwrap();
                            item.equipped = equipped;
                            if item.kind == Kind::Armor {
                                item.coverage = Some(if full {
                                    tome::characters::ItemCoverage::Full
                                } else {
                                    tome::characters::ItemCoverage::Partial
                                });
                            }
                            c.items.push(item);
                        }
                        ListKind::Conditions => c.conditions.push(tome().character_ref(&id).unwrap()),
                        ListKind::Spells => c.spells.push(tome().character_ref(&id).unwrap()),
                    }
                }
            }
            c
        })
        .boxed()
}

/// Every derived stat of random sheets of every system: its terms add up to its value.
/// Every faulty stat is named, with a sheet that shows it.
#[test]
fn every_derived_stats_terms_add_up_to_its_value() {
    let mut faults: BTreeMap<String, String> = BTreeMap::new();
    for system in tome::systems::all() {
        if let Ok(only) = std::env::var("TERMS_ONLY") {
            if !only.split(',').any(|o| system.id().starts_with(o.split('/').next().unwrap())) {
                continue;
            }
        }
        let found = std::cell::RefCell::new(BTreeMap::new());
        runner(64)
            .run(&sheet_strategy(system.id()), |c| {
                let derived = tome().derive_character(&c).unwrap();
                for s in &derived.stats {
                    let id = format!("{}:{}", system.id(), s.key.split('.').next().unwrap_or(""));
                    if found.borrow().contains_key(&id) {
                        continue;
                    }
                    if let Some(why) = fault(&s.value, &s.terms) {
                        found.borrow_mut().insert(
                            id,
                            format!(
                                "{} ({}): {why}\n    terms: {}\n    {}",
                                s.key,
                                s.label,
                                lines(&s.terms),
                                sheet_text(&c)
                            ),
                        );
                    }
                }
                Ok(())
            })
            .unwrap();
        faults.extend(found.into_inner());
    }
    let listed: Vec<String> = faults.iter().map(|(id, why)| format!("{id}: {why}")).collect();
    assert!(faults.is_empty(), "derived stats whose terms do not add up:\n{}", listed.join("\n\n"));
}

fn sheet_text(c: &Character) -> String {
    let values: Vec<String> = c.values.iter().map(|(k, v)| format!("{k}={v:?}")).collect();
    let items: Vec<String> =
        c.items.iter().map(|i| format!("{} (equipped {}, {:?})", i.entry_id, i.equipped, i.coverage)).collect();
    let refs: Vec<&str> = c.conditions.iter().chain(&c.spells).map(|r| r.entry_id.as_str()).collect();
    format!(
        "sheet: {}\n    items: {}\n    conditions and spells: {}",
        values.join(", "),
        items.join(", "),
        refs.join(", ")
    )
}
