//! `tome adversary …`: the game master's library of stat blocks, checked by each
//! system's rules and added to fights with `tome encounter add ENC --adversary NAME`.

use std::fmt::Write;
use std::path::PathBuf;

use clap::Subcommand;
use tome::adversaries::{Adversary, AdversaryAttack, AdversaryView};
use tome::encounters::ConditionRef;
use tome::{Error, Found, Kind, Tome};

use super::{lines, output};

#[derive(Subcommand)]
pub enum AdversaryCommand {
    /// Create an adversary: `tome adversary new --system mythcraft --name Goblin max-hp 12 cor 4`.
    New {
        #[arg(long, short)]
        system: String,
        #[arg(long, short)]
        name: String,
        /// The kind of encounter it fights in, where the system has several (Primal Wild's
        /// `duel`); its usual one when left out.
        #[arg(long)]
        mode: Option<String>,
        /// FIELD VALUE pairs, as `set` takes them.
        #[arg(value_names = ["FIELD", "VALUE"], allow_hyphen_values = true)]
        pairs: Vec<String>,
    },
    /// List the library, by system and name.
    List {
        /// Only this system's.
        #[arg(long, short)]
        system: Option<String>,
        /// Only those with this tag.
        #[arg(long, short)]
        tag: Option<String>,
    },
    /// Show a stat block: every stat its tracker uses, what the rules derive (with the
    /// reasons), its attacks, starting conditions, tags and notes.
    Show {
        /// Its name or number.
        adversary: String,
        #[arg(long, short)]
        system: Option<String>,
    },
    /// Set fields: a stat by its key or abbreviation (`max-hp 12`, `cor 4`; "" for its
    /// default), `name`, `notes`, `tags` (comma-separated), `mode`, or `position` (an MLAF
    /// roster position by name or id, bringing its skills and racial spell; "" for none).
    Set {
        adversary: String,
        #[arg(long, short)]
        system: Option<String>,
        /// FIELD VALUE pairs.
        #[arg(num_args = 2.., value_names = ["FIELD", "VALUE"], allow_hyphen_values = true)]
        pairs: Vec<String>,
    },
    /// Add an attack or spell: an entry of the reference by name or id (a weapon, a
    /// spell), or one of your own with its numbers, written as a sheet writes it
    /// (`"Short sword: +5, 1d6+2 sharp, melee, 2 AP"`) or with --numbers; with --remove,
    /// take it off.
    Attack {
        adversary: String,
        attack: String,
        /// Its numbers as you write them ("+4, 1d6+2 sharp").
        #[arg(long, allow_hyphen_values = true)]
        numbers: Option<String>,
        #[arg(long)]
        remove: bool,
        #[arg(long, short)]
        system: Option<String>,
    },
    /// Add a condition it starts every fight with (an entry by name, or your own
    /// words); with --remove, take it off.
    Condition {
        adversary: String,
        condition: String,
        #[arg(long)]
        remove: bool,
        #[arg(long, short)]
        system: Option<String>,
    },
    /// List an adversary's revisions.
    Revisions {
        adversary: String,
        #[arg(long, short)]
        system: Option<String>,
    },
    /// Make an earlier revision current again (as a new revision).
    Restore {
        adversary: String,
        revision: i64,
        #[arg(long, short)]
        system: Option<String>,
    },
    /// Write an adversary to a JSON file: Tome's own, or with `--format foundry` an actor
    /// for Foundry VTT's "Import Data".
    Export {
        adversary: String,
        #[arg(long, short)]
        out: PathBuf,
        #[arg(long, short)]
        system: Option<String>,
        /// `tome` (Tome's adversary file) or `foundry` (a Foundry VTT actor).
        #[arg(long, default_value = "tome", value_parser = clap::builder::PossibleValuesParser::new(<tome::api::ExportFormat as strum::VariantNames>::VARIANTS.iter().copied()))]
        format: String,
    },
    /// Read an adversary from a JSON file (Tome's own, or a Foundry VTT actor of the arm5e
    /// or MythCraft system): checked whole first, then saved or not at all. A Foundry
    /// import reports what it made of the actor.
    Import { file: PathBuf },
    /// Delete an adversary and its revisions (fights it joined keep their copies).
    Delete {
        adversary: String,
        #[arg(long, short)]
        system: Option<String>,
    },
}

pub fn run(tome: &mut Tome, cmd: AdversaryCommand, json: bool) -> Result<(), Error> {
    match cmd {
        AdversaryCommand::New { system, name, mode, pairs } => {
            let json = json || pairs.iter().any(|p| p == "--json");
            let mut a = Adversary::new(&system, &name);
            a.mode = mode.unwrap_or_default();
            set_all(&mut a, pairs)?;
            let view = tome.create_adversary(&a)?;
            show(&view, json)
        }
        AdversaryCommand::List { system, tag } => list(tome, system.as_deref(), tag.as_deref(), json),
        AdversaryCommand::Show { adversary, system } => {
            let a = tome.find_adversary(&adversary, system.as_deref())?;
            show(&tome.adversary_view(a.id)?, json)
        }
        AdversaryCommand::Set { adversary, system, pairs } => {
            let json = json || pairs.iter().any(|p| p == "--json");
            let mut a = tome.find_adversary(&adversary, system.as_deref())?;
            set_all(&mut a, pairs)?;
            show(&tome.save_adversary(&a)?, json)
        }
        AdversaryCommand::Attack { adversary, attack, numbers, remove, system } => {
            let mut a = tome.find_adversary(&adversary, system.as_deref())?;
            attack_on(tome, &mut a, &attack, numbers, remove)?;
            show(&tome.save_adversary(&a)?, json)
        }
        AdversaryCommand::Condition { adversary, condition, remove, system } => {
            let mut a = tome.find_adversary(&adversary, system.as_deref())?;
            condition_on(tome, &mut a, &condition, remove)?;
            show(&tome.save_adversary(&a)?, json)
        }
        AdversaryCommand::Revisions { adversary, system } => {
            let a = tome.find_adversary(&adversary, system.as_deref())?;
            revisions(tome, a.id, json)
        }
        AdversaryCommand::Restore { adversary, revision, system } => {
            let a = tome.find_adversary(&adversary, system.as_deref())?;
            show(&tome.restore_adversary(a.id, revision)?, json)
        }
        AdversaryCommand::Export { adversary, out, system, format } => {
            let a = tome.find_adversary(&adversary, system.as_deref())?;
            let said = if format == "foundry" {
                tome.export_adversary_foundry_file(a.id, &out)?
            } else {
                tome.export_adversary_file(a.id, &out)?;
                Vec::new()
            };
            let value = serde_json::json!({ "id": a.id, "file": super::shown(&out), "format": format, "said": said });
            output(json, &value, || {
                let what = if format == "foundry" { " as a Foundry VTT actor" } else { "" };
                format!("Wrote {}{what} to {}\n", a.name, out.display()) + &super::render::export_said(&said)
            })
        }
        AdversaryCommand::Import { file } => {
            let imported = tome.import_adversary_file_reported(&file)?;
            match imported.foundry {
                None => show(&imported.adversary, json),
                Some(report) => {
                    let mut value = serde_json::to_value(&imported.adversary).expect("plain data");
                    value["foundry"] = serde_json::to_value(&report).expect("plain data");
                    output(json, &value, || block_text(&imported.adversary) + &super::render::foundry_report(&report))
                }
            }
        }
        AdversaryCommand::Delete { adversary, system } => {
            let a = tome.find_adversary(&adversary, system.as_deref())?;
            tome.delete_adversary(a.id)?;
            output(json, &serde_json::json!({ "deleted": a.id }), || {
                format!("Deleted {} ({}) and its revisions.\n", a.name, a.id)
            })
        }
    }
}

/// `tome adversary list [--system S] [--tag T]`.
fn list(tome: &Tome, system: Option<&str>, tag: Option<&str>, json: bool) -> Result<(), Error> {
    let wanted = tag.map(str::to_lowercase);
    let mut all = tome.adversaries_vouched()?;
    all.rows.retain(|a| {
        system.is_none_or(|s| s == a.system)
            && wanted.as_ref().is_none_or(|t| a.tags.iter().any(|x| x.to_lowercase() == *t))
    });
    let empty = "No adversaries yet. Create one with `tome adversary new --system SYSTEM --name NAME`.\n";
    super::vouched_lines(json, all, empty, |a| format!("{:>4}  {:<28} {:<12} {}", a.id, a.name, a.system, a.summary))
}

/// `tome adversary attack`: an attack from the reference or typed, added, its numbers
/// changed, or taken off (`--remove`).
fn attack_on(tome: &Tome, a: &mut Adversary, attack: &str, numbers: Option<String>, remove: bool) -> Result<(), Error> {
    // "Short sword: +5, 1d6+2 sharp", as a sheet writes a written attack: its name, then
    // its numbers, read as the sheet's are.
    let (attack, numbers) = match AdversaryAttack::split_written(attack) {
        Some((name, written)) if !name.is_empty() => match numbers {
            Some(_) if !remove => {
                return Err(Error::InvalidInput(format!(
                    "`{}` holds its numbers after the colon, and --numbers gives them again: give them once",
                    attack.trim()
                )))
            }
            _ => (name, Some(written.to_string())),
        },
        _ => (attack, numbers),
    };
    let entry = reference(tome, &a.system, &[Kind::Weapon, Kind::Spell, Kind::Maneuver], attack)?;
    let is_it =
        |x: &AdversaryAttack| x.name.eq_ignore_ascii_case(attack.trim()) || (entry.is_some() && x.entry == entry);
    if remove {
        let before = a.attacks.len();
        a.attacks.retain(|x| !is_it(x));
        if a.attacks.len() == before {
            return Err(not_on("attack", attack, a.attacks.iter().map(|x| x.name.clone()).collect()));
        }
    } else if let Some(x) = a.attacks.iter_mut().find(|x| is_it(x)) {
        x.numbers = numbers.unwrap_or_default();
    } else {
        if entry.is_none() && numbers.as_deref().is_none_or(|n| n.trim().is_empty()) {
            return Err(not_an_entry(tome, &a.system, attack));
        }
        let name = if entry.is_some() { String::new() } else { attack.trim().to_string() };
        a.attacks.push(AdversaryAttack { name, entry, numbers: numbers.unwrap_or_default() });
    }
    Ok(())
}

/// `tome adversary condition`: a starting condition added, or taken off (`--remove`).
fn condition_on(tome: &Tome, a: &mut Adversary, condition: &str, remove: bool) -> Result<(), Error> {
    let entry = reference(tome, &a.system, &[Kind::Condition], condition)?;
    let is_it = |c: &ConditionRef| c.name.eq_ignore_ascii_case(condition.trim()) || (entry.is_some() && c.id == entry);
    if remove {
        let before = a.conditions.len();
        a.conditions.retain(|c| !is_it(c));
        if a.conditions.len() == before {
            let held = a.conditions.iter().map(|c| c.name.clone()).collect();
            return Err(not_on("starting condition", condition, held));
        }
    } else if !a.conditions.iter().any(is_it) {
        a.conditions.push(ConditionRef { id: entry, name: condition.trim().to_string() });
    }
    Ok(())
}

/// `tome adversary revisions`.
fn revisions(tome: &Tome, id: i64, json: bool) -> Result<(), Error> {
    let revs = tome.adversary_revisions(id)?;
    lines(json, &revs, "", |r| format!("{:>4}  {}  {}", r.number, super::character::when(r.saved_at), r.summary))
}

/// Applies FIELD VALUE pairs: `name`, `notes`, `tags`, `mode`, `position`, or a stat (checked by the
/// system's tracker when saved; "" takes it back to its default).
fn set_all(a: &mut Adversary, mut pairs: Vec<String>) -> Result<(), Error> {
    // Values may start with `-` (COR -1), so `--json` after them is taken as a value.
    pairs.retain(|p| p != "--json");
    if !pairs.len().is_multiple_of(2) {
        return Err(Error::InvalidInput(format!(
            "`set` takes FIELD VALUE pairs; `{}` has no value",
            pairs.last().expect("odd means at least one")
        )));
    }
    // A field given twice: which value was meant is unknown, so neither is taken.
    let mut seen = std::collections::BTreeSet::new();
    if let Some(twice) = pairs.chunks(2).map(|p| p[0].trim().to_lowercase()).find(|f| !seen.insert(f.clone())) {
        return Err(Error::InvalidInput(format!("{twice} is given twice: give it once")));
    }
    for pair in pairs.chunks(2) {
        let (field, raw) = (pair[0].trim(), pair[1].as_str());
        match field.to_ascii_lowercase().as_str() {
            "name" => a.name = raw.to_string(),
            "notes" => a.notes = raw.to_string(),
            "mode" => a.mode = raw.trim().to_string(),
            "position" => a.position = Some(raw.trim().to_string()).filter(|p| !p.is_empty()),
            "tags" | "tag" => a.tags = raw.split(',').map(|t| t.trim().to_string()).filter(|t| !t.is_empty()).collect(),
            _ if raw.trim().is_empty() => {
                a.stats.remove(field);
            }
            _ => {
                let n = raw
                    .trim()
                    .trim_start_matches('+')
                    .parse::<i64>()
                    .map_err(|_| Error::InvalidInput(format!("{field} takes a whole number, not `{raw}`")))?;
                a.stats.insert(field.to_string(), n);
            }
        }
    }
    Ok(())
}

/// The id of the entry of one of `kinds` in `system` that `raw` names, if any.
///
/// # Errors
/// A read of the reference that fails (damage), which is not "no such entry".
fn reference(tome: &Tome, system: &str, kinds: &[Kind], raw: &str) -> Result<Option<String>, Error> {
    for &kind in kinds {
        if let Some(e) = tome::rules::resolve_entry(tome, system, kind, raw).found()? {
            if e.system == system {
                return Ok(Some(e.id));
            }
        }
    }
    Ok(None)
}

/// An attack named without its numbers that is no weapon, spell or maneuver of the
/// reference: refused, with the entries its name is nearest (a typo such as "Sword, Shrot"
/// would otherwise be saved as an attack of the game master's own, with no numbers).
fn not_an_entry(tome: &Tome, system: &str, raw: &str) -> Error {
    let mut suggestions: Vec<String> = Vec::new();
    for kind in [Kind::Weapon, Kind::Spell, Kind::Maneuver] {
        for name in tome::rulebook::Rulebook::close_names(tome, system, kind, raw) {
            if !suggestions.contains(&name) {
                suggestions.push(name);
            }
        }
    }
    Error::NotFound {
        what: "weapon, spell or maneuver of the reference (give --numbers for an attack of your own)",
        id: raw.trim().to_string(),
        suggestions,
    }
}

fn not_on(what: &'static str, raw: &str, held: Vec<String>) -> Error {
    Error::NotFound { what, id: raw.to_string(), suggestions: held }
}

pub(super) fn show(view: &AdversaryView, json: bool) -> Result<(), Error> {
    output(json, view, || block_text(view))
}

/// The stat block as text: the stats given, what the rules derive with their reasons,
/// then attacks, starting conditions, tags and notes.
fn block_text(view: &AdversaryView) -> String {
    let a = &view.adversary;
    let mode = if a.mode.is_empty() { String::new() } else { format!(" ({})", a.mode) };
    let mut out = format!("{} (#{}) — {} adversary{mode}, revision {}\n", a.name, a.id, a.system, a.revision);
    if !a.tags.is_empty() {
        let _ = writeln!(out, "tags: {}", a.tags.join(", "));
    }
    out.push_str("\nStats\n");
    for s in view.stats.iter().filter(|s| s.given) {
        let _ = writeln!(out, "  {:<40} {:>6}", s.label, s.value);
    }
    let defaults = view.stats.iter().filter(|s| !s.given).count();
    if defaults > 0 {
        let _ = writeln!(out, "  ({defaults} other stats at the tracker's defaults; --json lists them)");
    }
    if !view.derived.is_empty() {
        out.push_str("\nWhat the rules make of it\n");
        for d in &view.derived {
            let _ = writeln!(out, "  {:<40} {:>6}   {}", d.label, d.value_text(), d.breakdown());
        }
    }
    if let Some(p) = &view.position {
        let _ = writeln!(out, "\nRoster position\n  {}: {}", p.name, p.facts.join("; "));
    }
    if !a.attacks.is_empty() {
        out.push_str("\nAttacks and spells\n");
        for x in &a.attacks {
            let _ = writeln!(out, "  {}", x.written(&x.name));
        }
    }
    if !a.conditions.is_empty() {
        out.push_str("\nStarts every fight with\n");
        for c in &a.conditions {
            let _ = writeln!(out, "  {}", c.name);
        }
    }
    if !a.notes.is_empty() {
        let _ = writeln!(out, "\nNotes\n  {}", a.notes.replace('\n', "\n  "));
    }
    if let Some(source) = &a.source {
        let _ = writeln!(out, "\nOne of Tome's starters, from {source}");
    }
    out
}

#[cfg(test)]
mod tests {
    /// A field given twice in one `new` or `set` is refused, not "the last one wins".
    #[test]
    fn a_field_given_twice_is_refused() {
        let mut a = super::Adversary::new("mythcraft", "Ogre");
        let pairs = ["cor", "2", "max-hp", "30", "COR", "4"].map(String::from).to_vec();
        let err = super::set_all(&mut a, pairs).unwrap_err().to_string();
        assert!(err.contains("twice"), "{err}");
    }

    /// An attack that is no entry of the reference and comes without its numbers is
    /// refused, naming the entry meant ("Sword, Shrot": "Sword, Short"); typed with its
    /// numbers, it is the game master's own.
    #[test]
    fn an_attack_that_is_no_entry_and_has_no_numbers_is_refused_naming_the_entry() {
        let mut t = tome::Tome::open_in_memory().unwrap();
        t.create_adversary(&super::Adversary::new("ars-magica", "Brigand")).unwrap();
        let attack = |attack: &str, numbers: Option<&str>| super::AdversaryCommand::Attack {
            adversary: "Brigand".into(),
            attack: attack.into(),
            numbers: numbers.map(str::to_string),
            remove: false,
            system: None,
        };
        let err = super::run(&mut t, attack("Sword, Shrot", None), true).unwrap_err();
        assert!(err.suggestions().iter().any(|s| s == "Sword, Short"), "{err} {:?}", err.suggestions());
        assert!(t.find_adversary("Brigand", None).unwrap().attacks.is_empty());
        super::run(&mut t, attack("Sword, Short", None), true).unwrap();
        super::run(&mut t, attack("Bite", Some("+4, 1d6")), true).unwrap();
        assert_eq!(t.find_adversary("Brigand", None).unwrap().attacks.len(), 2);
    }
}
