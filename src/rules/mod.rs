//! Rules calculators: the mechanics of each system as pure functions that return their
//! result and the terms that made it ("Soak 11 = Stamina 2 + Chain Mail, full 9").
//!
//! This module is the engine every system's calculators share: terms, outcomes,
//! described parameters and their checked inputs. The calculators themselves live in
//! each game system's folder (`crate::systems::ars_magica::rules`, …): typed functions
//! tested against the documents' worked examples and tables, registered as
//! [`Calculator`]s (a name, described parameters and a `run` adapter). The CLI
//! (`tome calc SYSTEM NAME --param value`) and the app's calculator forms are both built
//! from that registry, so a calculator is written once.

use std::collections::BTreeMap;

use rand::SeedableRng;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

mod form;
mod label;
pub mod list;
pub mod named;
pub mod order;
pub use form::{for_form, help_for_form, not_found_in_form};
pub use label::{key_label, plural, possessive, spoken_name, verb};

use crate::error::{Error, Result};
use crate::rulebook::Rulebook;
use crate::Kind;

/// One contribution to a result: "Stamina +2", "Chain Mail, full +9", "Wound penalty -3",
/// "Hurry: walk ×2".
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct Term {
    pub label: String,
    /// A number (an addend, a multiplier's factor…) or, rarely, a word ("halved").
    #[ts(type = "number | string")]
    pub value: serde_json::Value,
    /// What the value does to the result, so every front end writes it the same way.
    pub op: TermOp,
    /// The entry of the rule or item this term comes from, to link to.
    pub rule: Option<String>,
}

/// How a term's value takes part in the result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum TermOp {
    /// Added (or, when negative, taken away): written with its sign, "+2", "−3".
    Add,
    /// Multiplies: written "×2".
    Factor,
    /// Said, not added: a threshold, a count or a word, written as it is.
    Note,
}

impl Term {
    /// An addend: "Stamina +2".
    pub fn num(label: impl Into<String>, value: i64, rule: Option<&str>) -> Term {
        Term { label: label.into(), value: value.into(), op: TermOp::Add, rule: rule.map(str::to_string) }
    }

    /// A multiplier: "Hurry: walk ×2".
    pub fn factor(label: impl Into<String>, value: i64, rule: Option<&str>) -> Term {
        Term { label: label.into(), value: value.into(), op: TermOp::Factor, rule: rule.map(str::to_string) }
    }

    /// A number that is said rather than added: "Death comes at 8".
    pub fn note(label: impl Into<String>, value: i64, rule: Option<&str>) -> Term {
        Term { label: label.into(), value: value.into(), op: TermOp::Note, rule: rule.map(str::to_string) }
    }

    /// A word: "Exposure: halved".
    pub fn text(label: impl Into<String>, value: impl Into<String>, rule: Option<&str>) -> Term {
        Term {
            label: label.into(),
            value: serde_json::Value::String(value.into()),
            op: TermOp::Note,
            rule: rule.map(str::to_string),
        }
    }

    /// The same term said rather than counted: a step of another number shown beside
    /// the one the terms add up to (a crit range inside a damage roll, HP after it).
    #[must_use]
    pub fn as_note(self) -> Term {
        Term { op: TermOp::Note, ..self }
    }

    /// The value as every front end writes it: "+2", "−3", "0", "×2", "8", "halved".
    pub fn value_text(&self) -> String {
        match (self.op, self.value.as_i64()) {
            (TermOp::Factor, Some(n)) => format!("×{n}"),
            (TermOp::Add, Some(n)) if n > 0 => format!("+{n}"),
            (TermOp::Add, Some(n)) if n < 0 => format!("−{}", -n),
            (_, Some(n)) => n.to_string(),
            (_, None) => value_text(&self.value),
        }
    }

    /// The term on one line: "Stamina +2", "Hurry: walk ×2", "Exposure: halved".
    pub fn line(&self) -> String {
        match (self.op, self.value.as_i64()) {
            (_, None) => format!("{}: {}", self.label, self.value_text()),
            _ => format!("{} {}", self.label, self.value_text()),
        }
    }
}

/// What `terms` add up to: from 0, each addend added and each factor multiplied in, in
/// order; notes take no part. `None` when every term is a note. The terms under a
/// number must fold to it (`tests/rules_and_fights/terms_add_up.rs` holds every calculator and derived
/// stat to that), so a threshold or a table step is a note, never an addend.
pub fn fold(terms: &[Term]) -> Option<i64> {
    terms.iter().filter(|t| t.op != TermOp::Note).fold(None, |total, t| {
        let v = t.value.as_i64().unwrap_or(0);
        let acc = total.unwrap_or(0);
        Some(if t.op == TermOp::Factor { acc.saturating_mul(v) } else { acc.saturating_add(v) })
    })
}

/// A derived or term value as a sheet shows it: text as written, `yes`/`no`, numbers
/// as digits.
pub fn value_text(v: &serde_json::Value) -> String {
    match v {
        serde_json::Value::String(s) => s.clone(),
        serde_json::Value::Bool(true) => "yes".into(),
        serde_json::Value::Bool(false) => "no".into(),
        serde_json::Value::Null => "—".into(),
        serde_json::Value::Array(items) if items.is_empty() => "—".into(),
        serde_json::Value::Array(items) => items.iter().map(value_text).collect::<Vec<_>>().join(", "),
        other => other.to_string(),
    }
}

/// A probability as a percentage, to a tenth where that matters: 0.8333 is "83.3%",
/// 0.5 is "50%", 1/216 is "0.5%". A real chance never reads as "0%" or a certainty as a
/// chance short of it: below a twentieth of a percent it is "<0.1%", just short of
/// certain ">99.9%".
pub fn percent(p: f64) -> String {
    if p > 0.0 && p < 0.0005 {
        return "<0.1%".into();
    }
    if p < 1.0 && p > 0.9995 {
        return ">99.9%".into();
    }
    let tenths = (p * 1000.0).round() / 10.0;
    if tenths.fract() == 0.0 {
        format!("{tenths:.0}%")
    } else {
        format!("{tenths:.1}%")
    }
}

/// What a calculator found: named result fields, the terms behind them, and warnings
/// (rules a user may break knowingly, such as a weapon below its minimum Strength).
#[derive(Debug, Clone, Default, PartialEq, Serialize, TS)]
pub struct Outcome {
    /// Result fields in order, e.g. `burden`, `encumbrance`.
    #[ts(type = "Array<[string, number | string | boolean | null | Array<number>]>")]
    pub fields: Vec<(String, serde_json::Value)>,
    /// How each field reads to a person ([`key_label`]), in the same order.
    pub labels: Vec<String>,
    /// How each field's value reads to a person ([`value_text`]; a probability as a
    /// percentage), in the same order.
    pub shown: Vec<String>,
    pub terms: Vec<Term>,
    pub warnings: Vec<String>,
}

impl Outcome {
    /// Adds a field. Each system's `run_*` adapters name their outcome's fields one call
    /// at a time, so their chains look alike from system to system (the duplicate finder
    /// pairs them); they are left apart on purpose: each names its own rule's results in
    /// the words its CLI and form print, and a shared builder would hide which rule says
    /// what.
    pub fn field(mut self, key: &str, value: impl Into<serde_json::Value>) -> Outcome {
        let value = value.into();
        self.shown.push(value_text(&value));
        self.fields.push((key.to_string(), value));
        self.labels.push(key_label(key));
        self
    }

    /// A probability (0 to 1): the number in the JSON, a percentage to read ("83.3%").
    pub fn probability(mut self, key: &str, p: f64) -> Outcome {
        self = self.field(key, (p * 10_000.0).round() / 10_000.0);
        *self.shown.last_mut().expect("pushed by field") = percent(p);
        self
    }

    pub fn terms(mut self, terms: impl IntoIterator<Item = Term>) -> Outcome {
        self.terms.extend(terms);
        self
    }

    pub fn warn(mut self, warning: impl Into<String>) -> Outcome {
        self.warnings.push(warning.into());
        self
    }

    /// Every warning of a rule's result, in order.
    pub fn warn_all(mut self, warnings: impl IntoIterator<Item = impl Into<String>>) -> Outcome {
        self.warnings.extend(warnings.into_iter().map(Into::into));
        self
    }

    /// The result as the CLI's JSON: the fields at the top level, then `terms` and
    /// `warnings`.
    pub fn to_json(&self) -> serde_json::Value {
        let mut map = serde_json::Map::new();
        for (k, v) in &self.fields {
            map.insert(k.clone(), v.clone());
        }
        map.insert("terms".into(), serde_json::to_value(&self.terms).expect("plain data"));
        map.insert("warnings".into(), serde_json::to_value(&self.warnings).expect("plain data"));
        serde_json::Value::Object(map)
    }
}

/// The kind of value a parameter takes.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, TS)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum ParamKind {
    /// A whole number in `min..=max`.
    Int { min: i64, max: i64 },
    /// A comma-separated list of whole numbers, each in `min..=max`.
    IntList { min: i64, max: i64 },
    /// Named whole numbers, `Ada=12, Bram=9`, each in `min..=max`; with `many`, a name
    /// may carry several values in turn, `Ada=4/7` (a re-roll after a tie, an injury die after a 1).
    Named { min: i64, max: i64, many: bool },
    /// Present or absent.
    Flag,
    /// One of a fixed set of words.
    Choice { options: &'static [&'static str] },
    /// The name or id of an entry of this kind in this calculator's system.
    Entry { kind: Kind },
    /// A value from a closed list the rules or the content hold ([`Listed`]: a system's
    /// damage types, the rows of a table, the combatants), which a form offers as a
    /// choice; it is read as text, and the rules refuse what is not in the list.
    Listed { list: Listed },
    /// Free text.
    Text,
}

/// Where the values of a [`ParamKind::Listed`] parameter come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(tag = "from", rename_all = "kebab-case")]
pub enum Listed {
    /// The kinds damage takes in the encounter (`EncounterRules::damage_kinds`: damage
    /// types, hit locations).
    DamageKinds,
    /// The first cell of each row of the content's table with this id.
    TableRows { table: &'static str },
    /// The combatants of the encounter, by name (the form has them from the encounter).
    Combatants,
    /// Several of the encounter's combatants, by name, comma-separated (whom a defender
    /// guards, the duelists who take a wound): the form offers each to tick.
    SomeCombatants,
}

/// The values a form offers for a parameter of `kind` in `system`, in order: a choice's
/// options, the names of the entries of an entry's kind, a listed parameter's list
/// (`damage_kinds` being the encounter's own, empty outside one); empty for the rest,
/// and for the combatants, which the form reads from the encounter as it changes.
///
/// # Errors
/// A table or list the content cannot give.
pub fn choices(kind: ParamKind, book: &dyn Rulebook, system: &str, damage_kinds: &[String]) -> Result<Vec<String>> {
    Ok(match kind {
        ParamKind::Choice { options } => options.iter().map(|o| (*o).to_string()).collect(),
        ParamKind::Entry { kind } => {
            let mut names: Vec<String> = book.list(kind, Some(system))?.into_iter().map(|i| i.name).collect();
            names.sort_by_key(|n| crate::search::normalize(n));
            names.dedup();
            names
        }
        ParamKind::Listed { list: Listed::DamageKinds } => damage_kinds.to_vec(),
        ParamKind::Listed { list: Listed::TableRows { table } } => {
            book.table(table, None)?.rows.into_iter().filter_map(|r| r.cells.into_iter().next()).collect()
        }
        _ => Vec::new(),
    })
}

/// A described parameter: `--name value`.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(into = "ParamInfo")]
#[ts(as = "ParamInfo")]
pub struct Param {
    /// The flag's name, kebab-case (`--enemy-tz`).
    pub name: &'static str,
    pub help: &'static str,
    pub kind: ParamKind,
    pub required: bool,
    /// Shown as the default and used when the parameter is absent.
    pub default: Option<&'static str>,
}

/// A parameter as the CLI's JSON and the app see it: its fields, with labels.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[ts(rename = "Param")]
pub struct ParamInfo {
    /// The flag's name, kebab-case (`--enemy-tz`).
    pub name: &'static str,
    /// How the name reads ("Enemy TZ").
    pub label: String,
    pub help: String,
    pub kind: ParamKind,
    /// For a choice, how each option reads, in order; empty otherwise.
    pub option_labels: Vec<String>,
    /// The values a form offers ([`choices`]): a choice's options; where the form is
    /// built with the content at hand (an encounter's actions, `Tome::encounter_kit`),
    /// also the entries of an entry's kind and a listed parameter's values.
    pub choices: Vec<String>,
    pub required: bool,
    /// Shown as the default and used when the parameter is absent.
    pub default: Option<&'static str>,
    /// Tome rolls this value when it is left out (a die, a pool's successes), so a form
    /// may say so in the empty field; other optional values are simply not counted.
    pub rolled: bool,
    /// The one die a player rolls for it ("1d20", "stress"), where Tome rolls it when
    /// left out and it is a single die's reading: a player's phone may be asked for it.
    pub die: Option<String>,
    /// Shown on the game master's form before "More" though optional: a number Tome
    /// rolls only from what the combatant's numbers say (a MythCraft attack's total and
    /// damage), which a quick combatant's do not ([`crate::encounters::EncounterRules::asked_first`]).
    pub first: bool,
}

impl Param {
    /// The die behind a parameter Tome rolls when left out, read from its range: the
    /// stress die's, or a single die of a usual size.
    #[must_use]
    pub fn die(&self) -> Option<String> {
        match (self.rolled(), self.kind) {
            (true, ParamKind::Int { min: 0, max: crate::dice::STRESS_MAX }) => Some("stress".into()),
            (true, ParamKind::Int { min: 1, max }) if [4, 6, 8, 10, 12, 20, 100].contains(&max) => {
                Some(format!("1d{max}"))
            }
            _ => None,
        }
    }

    /// Whether Tome rolls this value when it is left out. A parameter's help says so in
    /// one of three set phrases ("Tome rolls it when left out", "Tome rolls them when
    /// left out", "Tome rolls the pools not given"), which the CLI's help shows as they
    /// are; the app reads the same words.
    #[must_use]
    pub fn rolled(&self) -> bool {
        !self.required
            && ["Tome rolls it when", "Tome rolls them when", "Tome rolls the "].iter().any(|w| self.help.contains(w))
    }
}

impl From<Param> for ParamInfo {
    fn from(p: Param) -> ParamInfo {
        let (option_labels, choices) = match p.kind {
            ParamKind::Choice { options } => {
                (options.iter().map(|o| key_label(o)).collect(), options.iter().map(|o| (*o).to_string()).collect())
            }
            _ => (Vec::new(), Vec::new()),
        };
        ParamInfo {
            name: p.name,
            label: key_label(p.name),
            help: p.help.to_string(),
            kind: p.kind,
            option_labels,
            choices,
            required: p.required,
            default: p.default,
            rolled: p.rolled(),
            die: p.die(),
            first: false,
        }
    }
}

/// A calculator of one system.
#[derive(Clone, Serialize, TS)]
#[serde(into = "CalculatorInfo")]
#[ts(as = "CalculatorInfo")]
pub struct Calculator {
    pub system: &'static str,
    pub name: &'static str,
    /// One line saying what it works out.
    pub summary: &'static str,
    pub params: &'static [Param],
    /// The rule entry the calculator follows, to link to.
    pub rule: Option<&'static str>,
    #[serde(skip)]
    #[ts(skip)]
    pub run: fn(&Inputs, &dyn Rulebook) -> Result<Outcome>,
}

/// A calculator as the CLI's JSON and the app see it: its description, with labels.
#[derive(Clone, Serialize, TS)]
#[ts(rename = "Calculator")]
pub struct CalculatorInfo {
    pub system: &'static str,
    pub name: &'static str,
    /// How the name reads ("Soak").
    pub title: String,
    /// One line saying what it works out.
    pub summary: &'static str,
    pub params: Vec<ParamInfo>,
    /// The rule entry the calculator follows, to link to.
    pub rule: Option<&'static str>,
}

impl From<Calculator> for CalculatorInfo {
    fn from(c: Calculator) -> CalculatorInfo {
        CalculatorInfo {
            system: c.system,
            name: c.name,
            title: key_label(c.name),
            summary: c.summary,
            params: c.params.iter().cloned().map(ParamInfo::from).collect(),
            rule: c.rule,
        }
    }
}

impl CalculatorInfo {
    /// `c` as a form shows it: each help names the other fields by their labels, not
    /// their flags.
    pub fn for_form(c: Calculator) -> CalculatorInfo {
        let mut info = CalculatorInfo::from(c.clone());
        for p in &mut info.params {
            p.help = help_for_form(&p.help, c.params);
        }
        info
    }
}

impl std::fmt::Debug for Calculator {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Calculator({}/{})", self.system, self.name)
    }
}

/// `value` if it lies in `min..=max`, else [`Error::InvalidInput`] naming the range: the
/// one range check every system's calculators use.
pub(crate) fn check(name: &str, value: i64, (min, max): (i64, i64)) -> Result<i64> {
    if (min..=max).contains(&value) {
        Ok(value)
    } else {
        Err(Error::InvalidInput(format!("{name} must be from {min} to {max}, not {value}")))
    }
}

/// Raw parameter values by name, with typed getters that check them against the
/// calculator's declared ranges and say what is allowed when they are not.
#[derive(Debug, Clone, Default)]
pub struct Inputs {
    params: &'static [Param],
    values: BTreeMap<String, String>,
}

impl Inputs {
    /// Checks every value against `params` (unknown names, missing required ones, ranges).
    ///
    /// # Errors
    /// [`Error::InvalidInput`] naming the parameter and what it accepts.
    pub fn new(params: &'static [Param], values: BTreeMap<String, String>) -> Result<Inputs> {
        for name in values.keys() {
            if !params.iter().any(|p| p.name == name) {
                if params.is_empty() {
                    return Err(Error::InvalidInput(format!("unknown parameter --{name}: this takes no parameters")));
                }
                let known: Vec<&str> = params.iter().map(|p| p.name).collect();
                return Err(Error::InvalidInput(format!(
                    "unknown parameter --{name} (this takes: --{})",
                    known.join(", --")
                )));
            }
        }
        let inputs = Inputs { params, values };
        for p in params {
            if p.required && !inputs.values.contains_key(p.name) && p.default.is_none() {
                return Err(Error::InvalidInput(format!("--{} is required: {}", p.name, p.help)));
            }
            if inputs.raw(p.name).is_some() {
                match p.kind {
                    ParamKind::Int { .. } => {
                        inputs.int(p.name)?;
                    }
                    ParamKind::IntList { .. } => {
                        inputs.ints(p.name)?;
                    }
                    ParamKind::Named { .. } => {
                        inputs.named(p.name)?;
                    }
                    ParamKind::Choice { .. } => {
                        inputs.choice(p.name)?;
                    }
                    _ => {}
                }
            }
        }
        Ok(inputs)
    }

    fn param(&self, name: &str) -> &Param {
        self.params.iter().find(|p| p.name == name).unwrap_or_else(|| panic!("calculator asks for undeclared --{name}"))
    }

    /// The value given, or the parameter's default.
    pub fn raw(&self, name: &str) -> Option<&str> {
        self.values.get(name).map(String::as_str).or(self.param(name).default)
    }

    /// A whole number in the declared range; `None` when absent and without default.
    pub fn opt_int(&self, name: &str) -> Result<Option<i64>> {
        let Some(raw) = self.raw(name) else { return Ok(None) };
        let ParamKind::Int { min, max } = self.param(name).kind else {
            panic!("--{name} is not declared as a number");
        };
        let n: i64 = raw.trim().trim_start_matches('+').parse().map_err(|_| {
            Error::InvalidInput(format!("--{name} must be a whole number from {min} to {max}, not `{raw}`"))
        })?;
        if !(min..=max).contains(&n) {
            return Err(Error::InvalidInput(format!("--{name} must be from {min} to {max}, not {n}")));
        }
        Ok(Some(n))
    }

    pub fn int(&self, name: &str) -> Result<i64> {
        self.opt_int(name)?
            .ok_or_else(|| Error::InvalidInput(format!("--{name} is required: {}", self.param(name).help)))
    }

    pub fn ints(&self, name: &str) -> Result<Vec<i64>> {
        let Some(raw) = self.raw(name) else { return Ok(Vec::new()) };
        let ParamKind::IntList { min, max } = self.param(name).kind else {
            panic!("--{name} is not declared as a list");
        };
        list::items(name, raw)?
            .into_iter()
            .map(|s| {
                let n: i64 = s.trim_start_matches('+').parse().map_err(|_| {
                    Error::InvalidInput(format!(
                        "--{name} takes whole numbers from {min} to {max}, separated by commas; `{s}` is not one"
                    ))
                })?;
                if (min..=max).contains(&n) {
                    Ok(n)
                } else {
                    Err(Error::InvalidInput(format!("--{name}: each value must be from {min} to {max}, not {n}")))
                }
            })
            .collect()
    }

    /// Named values (`Ada=12, Bram=9`) in the order given; empty when absent. Where the
    /// parameter allows one value per name, each name's list holds exactly one.
    pub fn named(&self, name: &str) -> Result<Vec<(String, Vec<i64>)>> {
        let Some(raw) = self.raw(name) else { return Ok(Vec::new()) };
        let ParamKind::Named { min, max, many } = self.param(name).kind else {
            panic!("--{name} is not declared as named values");
        };
        named::parse_named(name, raw, (min, max), many)
    }

    pub fn flag(&self, name: &str) -> bool {
        self.raw(name).is_some_and(|v| !matches!(v, "false" | "0" | "no"))
    }

    pub fn choice(&self, name: &str) -> Result<Option<&str>> {
        let Some(raw) = self.raw(name) else { return Ok(None) };
        let ParamKind::Choice { options } = self.param(name).kind else {
            panic!("--{name} is not declared as a choice");
        };
        options
            .iter()
            .find(|o| o.eq_ignore_ascii_case(raw))
            .map(|o| Some(*o))
            .ok_or_else(|| Error::InvalidInput(format!("--{name} must be one of {}, not `{raw}`", options.join(", "))))
    }

    pub fn text(&self, name: &str) -> Option<&str> {
        self.raw(name).map(str::trim).filter(|s| !s.is_empty())
    }

    /// A comma-separated list of names (free text), in order; empty when absent.
    ///
    /// # Errors
    /// [`Error::InvalidInput`] for an empty item, as every list (see [`list::items`]).
    pub fn names(&self, name: &str) -> Result<Vec<&str>> {
        match self.raw(name) {
            None => Ok(Vec::new()),
            Some(raw) => list::items(name, raw),
        }
    }

    /// The entry a name-or-id parameter names, within `system`.
    ///
    /// # Errors
    /// [`Error::NotFound`] with the close names when nothing of that kind matches.
    pub fn entry(&self, name: &str, system: &str, tome: &dyn Rulebook) -> Result<crate::model::Entry> {
        let ParamKind::Entry { kind } = self.param(name).kind else {
            panic!("--{name} is not declared as an entry");
        };
        let raw = self
            .text(name)
            .ok_or_else(|| Error::InvalidInput(format!("--{name} is required: {}", self.param(name).help)))?;
        resolve_entry(tome, system, kind, raw)
    }
}

/// The number from `--roll`, or `dice` rolled with `--seed` (or at random): the one way
/// a calculator that rolls takes a roll typed at the table or makes its own. The faces
/// come back when the dice were rolled.
///
/// # Errors
/// [`Error::InvalidInput`] when both are given.
pub fn roll_or_seed(i: &Inputs, dice: crate::dice::Dice) -> Result<(i64, Option<Vec<i64>>)> {
    match (i.opt_int("roll")?, i.opt_int("seed")?) {
        (Some(_), Some(_)) => Err(Error::InvalidInput("give --roll or --seed, not both".into())),
        (Some(n), None) => Ok((n, None)),
        (None, seed) => {
            let roll = match seed {
                Some(s) => dice.roll(&mut rand::rngs::StdRng::seed_from_u64(s as u64)),
                None => dice.roll(&mut rand::rng()),
            };
            Ok((roll.total, Some(roll.faces)))
        }
    }
}

/// `o` with the faces rolled, when Tome rolled them, as the field `dice`.
pub fn with_dice(o: Outcome, faces: Option<Vec<i64>>) -> Outcome {
    match faces {
        Some(f) => o.field("dice", f),
        None => o,
    }
}

/// Most names an unknown name is answered with when none is close.
pub const LIST_ALL_MAX: usize = 40;

/// Finds an entry by id, or by name (case-insensitive, also an alias) within a system.
pub fn resolve_entry(tome: &dyn Rulebook, system: &str, kind: Kind, raw: &str) -> Result<crate::model::Entry> {
    // An id is `system/kind/slug`; a name may hold a slash too ("Quilted/Fur").
    if raw.matches('/').count() == 2 {
        match tome.show(raw) {
            Err(e) if e.is_not_found() => {}
            found => return found,
        }
    }
    let wanted = crate::search::normalize(raw);
    let items = tome.list(kind, Some(system))?;
    let named: Vec<&crate::model::ListItem> =
        items.iter().filter(|i| crate::search::normalize(&i.name) == wanted).collect();
    match named[..] {
        [] => {}
        [one] => return tome.show(&one.id),
        // Two entries share the name. The one whose id is the name itself is the plain
        // one (the melee Knife beside "Knife (thrown)"); where neither is (MLAF's Khemri
        // and Undead Black Mage, each a roster's own), Tome asks which rather than take
        // the first (issue 72's review: an Undead Black Mage became the Khemri one).
        [..] => {
            let slug = crate::slug::slugify(raw);
            if let Some(plain) = named.iter().find(|i| i.id.rsplit('/').next() == Some(slug.as_str())) {
                return tome.show(&plain.id);
            }
            // Each by what its id adds to the name ("Black Mage (Undead)"), which finds it.
            let choices: Vec<String> = named
                .iter()
                .map(|i| {
                    let own = i.id.rsplit('/').next().unwrap_or(&i.id);
                    match own.strip_prefix(&format!("{slug}-")) {
                        Some(more) => format!("{} ({})", i.name, key_label(more)),
                        None => i.id.clone(),
                    }
                })
                .collect();
            return Err(Error::InvalidInput(format!(
                "`{raw}` names {} {}s: {}; give the one you mean",
                choices.len(),
                kind.as_str(),
                choices.join(", ")
            )));
        }
    }
    // Two entries may share a name (the melee and the thrown Knife); the slug tells them
    // apart, and the seed's own text names the second by it: "Knife (thrown)".
    if let Some(item) = items.iter().find(|i| crate::search::normalize(i.id.rsplit('/').next().unwrap_or("")) == wanted)
    {
        return tome.show(&item.id);
    }
    for item in &items {
        let e = tome.show(&item.id)?;
        if e.aliases.iter().any(|a| crate::search::normalize(a) == wanted) {
            return Ok(e);
        }
    }
    // As forgiving as search: the name's words run together ("fireball" for Fire Ball),
    // or some of its words in any order ("round" for "Shield, Round"), when one entry alone
    // answers; several that answer are the suggestions.
    let compact = |s: &str| s.replace(' ', "");
    let words: Vec<&str> = wanted.split(' ').filter(|w| !w.is_empty()).collect();
    let answering: Vec<&crate::model::ListItem> = items
        .iter()
        .filter(|i| {
            let name = crate::search::normalize(&i.name);
            compact(&name) == compact(&wanted)
                || (!words.is_empty() && words.iter().all(|w| name.split(' ').any(|n| n == *w)))
        })
        .collect();
    if let [one] = answering[..] {
        return tome.show(&one.id);
    }
    let mut suggestions = if answering.is_empty() {
        tome.close_names(system, kind, raw)
    } else {
        answering.iter().map(|i| i.name.clone()).collect()
    };
    // A name like nothing Tome knows ("Mithril") still gets an answer: the names there
    // are, when they are few enough to read.
    if suggestions.is_empty() && items.len() <= LIST_ALL_MAX {
        suggestions = items.iter().map(|i| i.name.clone()).collect();
    }
    Err(Error::NotFound { what: kind.as_str(), id: raw.to_string(), suggestions })
}
