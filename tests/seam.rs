//! The `GameSystem` seam, proved with a toy system that exists only in this file: once
//! registered, it shows up in the calculators list, gets a sheet layout and derived
//! stats, and prints a PDF, with no edit anywhere else. Its rules read content through a
//! small in-memory `Rulebook`, so nothing here opens a database or loads content.
//!
//! Its own test binary: registering the toy system changes the process's list of systems,
//! which every other test that lists the systems (their calculators, for one) would see.

use std::collections::{BTreeMap, HashMap};
use std::process::Command;

use tome::characters::{Character, SheetValue};
use tome::error::{Error, Result};
use tome::model::{Entry, ListItem, Source, SystemColors, SystemStyle, Table};
use tome::rulebook::Rulebook;
use tome::rules::{Calculator, Inputs, Outcome, Param, ParamKind, Term};
use tome::sheets::layout::{header, int, section, SheetLayout};
use tome::sheets::{Derived, Reader, Tracker};
use tome::systems::{self, GameSystem};
use tome::Kind;

const TOY: &str = "toy";
const MIGHT_RULE: &str = "toy/rule/might";

/// The toy system's one rule: Strike is twice Might, plus one for a sharp weapon.
fn strike(might: i64, sharp: bool) -> (i64, Vec<Term>) {
    let mut terms = vec![Term::num("Might", might, Some(MIGHT_RULE)), Term::factor("Doubled", 2, Some(MIGHT_RULE))];
    let mut total = might * 2;
    if sharp {
        terms.push(Term::num("Sharp weapon", 1, None));
        total += 1;
    }
    (total, terms)
}

const STRIKE_PARAMS: &[Param] = &[
    Param {
        name: "might",
        help: "The striker's Might",
        kind: ParamKind::Int { min: 0, max: 10 },
        required: true,
        default: None,
    },
    Param { name: "sharp", help: "A sharp weapon", kind: ParamKind::Flag, required: false, default: None },
];

fn run_strike(inputs: &Inputs, book: &dyn Rulebook) -> Result<Outcome> {
    // Reading the rule proves the calculator reaches content through the rulebook.
    let rule = book.show(MIGHT_RULE)?;
    let (total, terms) = strike(inputs.int("might")?, inputs.flag("sharp"));
    Ok(Outcome::default().field("strike", total).field("rule", rule.name).terms(terms))
}

struct Toy;

impl GameSystem for Toy {
    fn id(&self) -> &'static str {
        TOY
    }

    fn calculators(&self) -> Vec<Calculator> {
        vec![Calculator {
            system: TOY,
            name: "strike",
            summary: "Strike from Might",
            params: STRIKE_PARAMS,
            rule: Some(MIGHT_RULE),
            run: run_strike,
        }]
    }

    fn sheet_layout(&self) -> SheetLayout {
        SheetLayout {
            system: TOY.into(),
            title: "Hero".into(),
            sections: vec![
                header(Vec::new()),
                section("body", "Body", vec![int("might", "Might", Some("Mgt"), (0, 10, 1), "How strong.")]),
            ],
        }
    }

    fn derive(&self, _book: &dyn Rulebook, _c: &Character, r: &mut Reader, out: &mut Derived) -> Result<()> {
        let (total, terms) = strike(r.int("might"), false);
        out.push("strike", "Strike", "Combat", total, terms, Some(MIGHT_RULE));
        Ok(())
    }

    fn style(&self) -> SystemStyle {
        SystemStyle {
            accent: "#204060".into(),
            dice: vec!["d6".into()],
            kind_names: Vec::new(),
            open_families: Vec::new(),
            colors: SystemColors::new("#204060", "#dde6f0", "#a8c4e0", "#1a2633"),
        }
    }

    fn trackers(&self, _c: &Character, derived: &Derived, _layout: &SheetLayout) -> Vec<Tracker> {
        let strike = derived.int("strike").unwrap_or(0);
        vec![Tracker::stat("strike", strike, "Tick each blow struck:")]
    }
}

/// A rulebook of a few entries in memory: all a rule needs to be tested.
struct Pages(HashMap<String, Entry>);

impl Rulebook for Pages {
    fn show(&self, id: &str) -> Result<Entry> {
        self.0.get(id).cloned().ok_or_else(|| Error::NotFound { what: "entry", id: id.into(), suggestions: Vec::new() })
    }

    fn list(&self, kind: Kind, system: Option<&str>) -> Result<Vec<ListItem>> {
        let _ = (kind, system);
        Ok(Vec::new())
    }

    fn table(&self, id: &str, _roll: Option<i64>) -> Result<Table> {
        Err(Error::NotFound { what: "table", id: id.into(), suggestions: Vec::new() })
    }
}

fn pages() -> Pages {
    let might = Entry {
        id: MIGHT_RULE.into(),
        name: "Might".into(),
        kind: Kind::Rule,
        system: TOY.into(),
        summary: "How hard a hero hits.".into(),
        body: "Strike is twice Might.".into(),
        source: Source { document: "Toy rules".into(), file: "toy.txt".into(), section: "Might".into() },
        aliases: Vec::new(),
        links: Vec::new(),
        mentions: Vec::new(),
        summary_parts: tome::mentions::link_text("How hard a hero hits.", &[]),
        body_linked: "Strike is twice Might.".into(),
        backlinks: Vec::new(),
        detail: None,
        facts: Vec::new(),
        pack: None,
    };
    Pages(HashMap::from([(might.id.clone(), might)]))
}

fn hero(might: i64) -> Character {
    let mut values = BTreeMap::new();
    values.insert("might".to_string(), SheetValue::Int(might));
    Character {
        id: 1,
        system: TOY.into(),
        name: "Toy Hero".into(),
        revision: 1,
        created: 0,
        updated: 0,
        values,
        items: Vec::new(),
        conditions: Vec::new(),
        spells: Vec::new(),
    }
}

fn register() {
    systems::register(&Toy);
}

#[test]
fn a_registered_system_is_in_the_calculators_list_and_its_calculator_runs() {
    register();
    let listed = systems::calculators();
    assert!(listed.iter().any(|c| c.system == TOY && c.name == "strike"), "toy/strike is listed");
    // The shipped systems are all still there, first.
    assert_eq!(listed.first().map(|c| c.system), Some("ars-magica"));

    let values = BTreeMap::from([("might".to_string(), "4".to_string()), ("sharp".to_string(), "true".to_string())]);
    let out = systems::calculate(&pages(), TOY, "strike", values).unwrap();
    assert_eq!(out.to_json()["strike"], 9);
    assert_eq!(out.to_json()["rule"], "Might");
    let lines: Vec<String> = out.terms.iter().map(Term::line).collect();
    assert_eq!(lines, ["Might +4", "Doubled ×2", "Sharp weapon +1"]);

    let err = systems::calculate(&pages(), TOY, "strike", BTreeMap::from([("might".into(), "11".into())])).unwrap_err();
    assert!(err.to_string().contains("from 0 to 10"), "{err}");
}

#[test]
fn a_registered_system_gets_a_sheet_and_derived_stats() {
    register();
    let layout = systems::layout(TOY).unwrap();
    assert_eq!(layout.title, "Hero");
    assert_eq!(layout.spec("might").map(|s| (s.min, s.max)), Some((0, 10)));
    assert_eq!(systems::field_spec(TOY, "might").map(|s| s.max), Some(10), "saves hold Might to its range");

    let derived = systems::derive(&pages(), &hero(3)).unwrap();
    assert_eq!(derived.int("strike"), Some(6));
    assert_eq!(derived.stat("strike").unwrap().breakdown(), "Might +3; Doubled ×2");
    assert_eq!(derived.trackers.len(), 1, "the toy's tracker is part of what the app and the PDF draw");

    // An out-of-range value warns beside its field and derives from the nearest bound.
    let derived = systems::derive(&pages(), &hero(12)).unwrap();
    assert_eq!(derived.int("strike"), Some(20));
    assert!(derived.warnings_for("might").next().is_some());
}

#[test]
fn a_registered_system_prints_a_pdf() {
    register();
    let system = tome::model::System {
        id: TOY.into(),
        name: "Toy System".into(),
        document: "Toy rules".into(),
        entries: 1,
        style: Some(Toy.style()),
        modes: Vec::new(),
        foundry: None,
    };
    let pdf = tome::pdf::render(&pages(), &[system], &[hero(3)], &Default::default()).unwrap();
    assert!(pdf.starts_with(b"%PDF-"));

    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("toy.pdf");
    std::fs::write(&path, &pdf).unwrap();
    let text = Command::new("pdftotext").args(["-layout"]).arg(&path).arg("-").output().expect("pdftotext runs");
    let text = String::from_utf8_lossy(&text.stdout);
    for shown in ["Toy Hero", "Toy System", "Might", "Strike", "Tick each blow struck:"] {
        assert!(text.contains(shown), "the printed sheet shows {shown:?}:\n{text}");
    }
}
