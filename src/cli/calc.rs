//! `tome calc SYSTEM NAME --param value …`: parameters come from each calculator's own
//! description, so every calculator gets parsing, validation and `--help` for free.

use std::collections::BTreeMap;
use std::fmt::Write;

use tome::rules::{Calculator, Listed, Param, ParamKind};
use tome::{Error, Tome};

use super::emit;

pub fn run(
    tome: &Tome,
    system: Option<String>,
    name: Option<String>,
    args: &[String],
    json: bool,
) -> Result<(), Error> {
    let asks_help = |a: &String| a == "--help" || a == "-h";
    let system = system.filter(|s| !asks_help(s));
    let name = name.filter(|n| !asks_help(n));
    let Some(system) = system else { return list(None, json) };
    let Some(name) = name else { return list(Some(&system), json) };
    let calc = tome::systems::calculator(&system, &name)?;
    if args.iter().any(|a| a == "--help" || a == "-h") {
        emit(&help(&calc));
        return Ok(());
    }
    let values = parse_args(calc.params, args)?;
    let outcome = tome.calculate(&system, &name, values)?;
    if json {
        emit(&format!("{}\n", serde_json::to_string_pretty(&outcome.to_json()).expect("plain data")));
        return Ok(());
    }
    let mut out = String::new();
    for ((k, _), shown) in outcome.fields.iter().zip(&outcome.shown) {
        let _ = writeln!(out, "{k}: {shown}");
    }
    if !outcome.terms.is_empty() {
        out.push_str("because:\n");
        for t in &outcome.terms {
            let _ = writeln!(out, "  {:>6}  {}", t.value_text(), t.label);
        }
    }
    for w in &outcome.warnings {
        let _ = writeln!(out, "warning: {w}");
    }
    emit(&out);
    Ok(())
}

/// The calculators of one system (refusing an unknown one by name), or of every system.
fn list(system: Option<&str>, json: bool) -> Result<(), Error> {
    let mut all = tome::systems::calculators();
    if let Some(system) = system {
        let known = tome::systems::get(system).ok_or_else(|| Error::NotFound {
            what: "system",
            id: system.to_string(),
            suggestions: tome::systems::all().iter().map(|s| s.id().to_string()).collect(),
        })?;
        all.retain(|c| c.system == known.id());
    }
    if json {
        emit(&format!("{}\n", serde_json::to_string_pretty(&all).expect("plain data")));
        return Ok(());
    }
    let mut out = String::from("Calculators (tome calc SYSTEM NAME --help for one):\n");
    for c in &all {
        let _ = writeln!(out, "  {:<12} {:<18} {}", c.system, c.name, c.summary);
    }
    emit(&out);
    Ok(())
}

fn help(c: &Calculator) -> String {
    let mut out = format!("tome calc {} {} — {}\n\n", c.system, c.name, c.summary);
    out.push_str(&params_help(c.params));
    if let Some(rule) = c.rule {
        let _ = writeln!(out, "\nRule: tome show {rule}");
    }
    out
}

/// Each parameter as `--name`, what it takes, and its help.
pub(super) fn params_help(params: &[Param]) -> String {
    let mut out = String::new();
    for p in params {
        let kind = match p.kind {
            ParamKind::Int { min, max } => format!("{min}..{max}"),
            ParamKind::IntList { min, max } => format!("list of {min}..{max}, comma-separated"),
            ParamKind::Named { min, max, many: false } => format!("NAME=N list, each {min}..{max}"),
            ParamKind::Named { min, max, many: true } => {
                format!("NAME=N list (NAME=N/N for several values in turn), each {min}..{max}")
            }
            ParamKind::Flag => "flag".to_string(),
            ParamKind::Choice { options } => options.join("|"),
            ParamKind::Entry { kind } => format!("{kind} name or id"),
            ParamKind::Listed { list: Listed::DamageKinds } => "damage type".to_string(),
            ParamKind::Listed { list: Listed::TableRows { table } } => format!("a row of {table}"),
            ParamKind::Listed { list: Listed::Combatants } => "combatant name".to_string(),
            ParamKind::Listed { list: Listed::SomeCombatants } => "combatant names, comma-separated".to_string(),
            ParamKind::Text => "text".to_string(),
        };
        let req = if p.required { " (required)" } else { "" };
        let def = p.default.map(|d| format!(" [default: {d}]")).unwrap_or_default();
        let _ = writeln!(out, "  --{:<14} {}{req}{def}\n  {:16} {}", p.name, kind, "", p.help);
    }
    out
}

/// `--name value`, `--name=value` and bare `--flag`.
pub(super) fn parse_args(params: &[Param], args: &[String]) -> Result<BTreeMap<String, String>, Error> {
    let mut values = BTreeMap::new();
    let mut it = args.iter().peekable();
    while let Some(arg) = it.next() {
        let Some(body) = arg.strip_prefix("--") else {
            return Err(Error::InvalidInput(format!("unexpected `{arg}`: parameters look like --name value")));
        };
        let (name, inline) = match body.split_once('=') {
            Some((n, v)) => (n.to_string(), Some(v.to_string())),
            None => (body.to_string(), None),
        };
        let is_flag = params.iter().any(|p| p.name == name && matches!(p.kind, ParamKind::Flag));
        let value = match inline {
            Some(v) => v,
            None if is_flag => "true".to_string(),
            None => match it.next() {
                Some(v) => v.clone(),
                None => return Err(Error::InvalidInput(format!("--{name} needs a value"))),
            },
        };
        // As the core flags are: the last of two values is not silently the one meant.
        if values.insert(name.clone(), value).is_some() {
            return Err(Error::InvalidInput(format!("--{name} is given more than once; give it once")));
        }
    }
    Ok(values)
}
