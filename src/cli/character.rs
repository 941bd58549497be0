//! `tome character …`: build, revise, move and print characters from the command line.

use std::fmt::Write;
use std::path::PathBuf;

use clap::builder::PossibleValuesParser;
use clap::Subcommand;
use strum::VariantNames;
use tome::characters::{Character, ItemCoverage, SheetValue};
use tome::rules::value_text;
use tome::sheets::{CharacterView, FieldKind, ListKind, SheetLayout};
use tome::{Error, Kind, Tome};

use super::{lines, output, Named};

#[derive(Subcommand)]
pub enum CharacterCommand {
    /// Create a character: `tome character new --system ars-magica --name "Brother Aldo"`.
    New {
        #[arg(long, short)]
        system: String,
        #[arg(long, short)]
        name: String,
    },
    /// List the characters.
    List,
    /// Show a character's sheet with its derived stats, their reasons and warnings.
    Show {
        /// The character, by its number or its name (quoted when spaced).
        #[arg(value_name = "CHARACTER")]
        id: Named,
    },
    /// Set fields: `tome character set 1 strength 2 ability.single-weapon 5`. A MythCraft
    /// sheet's written attacks are `attack-1` to `attack-4`, each as on paper:
    /// `attack-1 "Short sword: +5, 1d6+2 sharp, melee, 2 AP"`, used in fights by name
    /// (`encounter act … --with "Short sword"`). `name` renames; an empty value ("")
    /// clears a field.
    Set {
        /// The character, by its number or its name (quoted when spaced).
        #[arg(value_name = "CHARACTER")]
        id: Named,
        /// FIELD VALUE pairs.
        #[arg(num_args = 2.., value_names = ["FIELD", "VALUE"], allow_hyphen_values = true)]
        pairs: Vec<String>,
    },
    /// Equip an item (a weapon, armour, special effect or MLAF position) by name or id,
    /// adding it when the character does not carry it yet.
    Equip {
        /// The character, by its number or its name (quoted when spaced).
        #[arg(value_name = "CHARACTER")]
        id: Named,
        item: String,
        /// How much of the body armour covers.
        #[arg(long, value_parser = PossibleValuesParser::new(ItemCoverage::VARIANTS.iter().copied()))]
        coverage: Option<String>,
        /// How many to carry.
        #[arg(long)]
        quantity: Option<i64>,
        /// Carry it without using it (a spare weapon, armour in a pack).
        #[arg(long)]
        carried: bool,
    },
    /// Stop using an item; with --drop, take it off the sheet.
    Unequip {
        /// The character, by its number or its name (quoted when spaced).
        #[arg(value_name = "CHARACTER")]
        id: Named,
        item: String,
        #[arg(long)]
        drop: bool,
    },
    /// Add a condition (state) or a spell known, by name or id.
    Add {
        /// The character, by its number or its name (quoted when spaced).
        #[arg(value_name = "CHARACTER")]
        id: Named,
        entry: String,
    },
    /// Remove a condition, a spell or an item, by name or id.
    Remove {
        /// The character, by its number or its name (quoted when spaced).
        #[arg(value_name = "CHARACTER")]
        id: Named,
        entry: String,
    },
    /// Ars Magica wounds healing over time. Without --wound or --roll, lists the
    /// Recovery rolls due; otherwise makes one (Tome rolls the stress die unless --roll
    /// gives it) and saves the sheet as a revision.
    Recover {
        /// The character, by its number or its name (quoted when spaced).
        #[arg(value_name = "CHARACTER")]
        id: Named,
        /// The wound level rolling: light, medium, heavy, incapacitating (the soonest
        /// due when left out).
        #[arg(long)]
        wound: Option<String>,
        /// The stress die as rolled at the table. Interpretation: Recovery rolls have no
        /// botch dice, so a 0 counts as 0.
        #[arg(long, allow_hyphen_values = true)]
        roll: Option<i64>,
        /// Seed Tome's roll, for a repeatable one.
        #[arg(long)]
        seed: Option<u64>,
        /// The attending medic's Chirurgy (injuries) or Medicine (poison, disease).
        #[arg(long, default_value_t = 0, allow_hyphen_values = true)]
        medic: i64,
        /// Healing magic's bonus.
        #[arg(long, default_value_t = 0, allow_hyphen_values = true)]
        magic: i64,
        /// The roll for doing more than the wounds allow: it can hold or worsen the most
        /// serious wound, never heal it.
        #[arg(long)]
        overexertion: bool,
        /// Make a roll even with nothing typed (Tome rolls the die for the soonest due).
        #[arg(long)]
        roll_now: bool,
    },
    /// List a character's revisions.
    Revisions {
        /// The character, by its number or its name (quoted when spaced).
        #[arg(value_name = "CHARACTER")]
        id: Named,
    },
    /// What changed between two revisions.
    Diff {
        /// The character, by its number or its name (quoted when spaced).
        #[arg(value_name = "CHARACTER")]
        id: Named,
        from: i64,
        to: i64,
    },
    /// Make an earlier revision current again (as a new revision).
    Restore {
        /// The character, by its number or its name (quoted when spaced).
        #[arg(value_name = "CHARACTER")]
        id: Named,
        revision: i64,
    },
    /// Write a character to a JSON file: Tome's own, or with `--format foundry` an actor
    /// for Foundry VTT's "Import Data" (Ars Magica: arm5e; MythCraft: mythcraft).
    Export {
        /// The character, by its number or its name (quoted when spaced).
        #[arg(value_name = "CHARACTER")]
        id: Named,
        #[arg(long, short)]
        out: PathBuf,
        /// `tome` (Tome's character file) or `foundry` (a Foundry VTT actor).
        #[arg(long, default_value = "tome", value_parser = PossibleValuesParser::new(tome::api::ExportFormat::VARIANTS.iter().copied()))]
        format: String,
    },
    /// Read a character from a JSON file (Tome's own, or a Foundry VTT actor exported from
    /// the arm5e or MythCraft system): everything is checked first, and either all of it
    /// is imported or nothing. A Foundry import reports what each item became, what was
    /// kept in the notes, and the numbers both Foundry and Tome compute.
    Import { file: PathBuf },
    /// Delete a character and its revisions.
    Delete {
        /// The character, by its number or its name (quoted when spaced).
        #[arg(value_name = "CHARACTER")]
        id: Named,
    },
    /// Print characters to one PDF: each sheet starts a new page, followed by reference
    /// cards for its conditions, spells, maneuvers and special effects.
    Pdf {
        /// The characters, each by its number or its name.
        #[arg(required = true, value_name = "CHARACTER")]
        ids: Vec<Named>,
        #[command(flatten)]
        print: super::PrintArgs,
        /// Stamp today's date in each header and in the file (otherwise the same
        /// characters always give the same bytes).
        #[arg(long)]
        dated: bool,
    },
}

impl CharacterCommand {
    /// The character this command names, for those that name one.
    fn character(&self) -> Option<&Named> {
        use CharacterCommand as C;
        match self {
            C::Show { id, .. }
            | C::Set { id, .. }
            | C::Equip { id, .. }
            | C::Unequip { id, .. }
            | C::Add { id, .. }
            | C::Remove { id, .. }
            | C::Recover { id, .. }
            | C::Revisions { id, .. }
            | C::Diff { id, .. }
            | C::Restore { id, .. }
            | C::Export { id, .. }
            | C::Delete { id, .. } => Some(id),
            _ => None,
        }
    }
}

pub fn run(tome: &mut Tome, cmd: CharacterCommand, json: bool) -> Result<(), Error> {
    use CharacterCommand as C;
    // The character named, by number or name, found once for every command that takes one
    // (0 for those that take none, which never read it).
    let id = cmd.character().map(|c| c.character(tome)).transpose()?.unwrap_or_default();
    match cmd {
        C::New { system, name } => {
            let c = tome.create_character(&system, &name)?;
            show(tome, c.id, json)
        }
        C::List => list(tome, json),
        C::Show { .. } => show(tome, id, json),
        C::Set { pairs, .. } => set_pairs(tome, id, pairs, json),
        C::Equip { item, coverage, quantity, carried, .. } => {
            edit(tome, id, json, |tome, c| equip(tome, c, &item, coverage.as_deref(), quantity, carried))
        }
        C::Unequip { item, drop, .. } => edit(tome, id, json, |_, c| unequip(c, &item, drop)),
        C::Add { entry, .. } => edit(tome, id, json, |tome, c| add(tome, c, &entry)),
        C::Remove { entry, .. } => edit(tome, id, json, |_, c| remove(c, &entry)),
        C::Recover { wound, roll, seed, medic, magic, overexertion, roll_now, .. } => {
            let req = tome::api::RecoveryRoll { wound, roll, medic, magic, overexertion, seed };
            recover(tome, id, req, roll_now, json)
        }
        C::Revisions { .. } => revisions(tome, id, json),
        C::Diff { from, to, .. } => diff(tome, id, from, to, json),
        C::Restore { revision, .. } => {
            tome.restore_character(id, revision)?;
            show(tome, id, json)
        }
        C::Export { out, format, .. } => export(tome, id, &out, &format, json),
        C::Import { file } => import(tome, &file, json),
        C::Pdf { ids, print, dated } => {
            let ids = ids.iter().map(|c| c.character(tome)).collect::<Result<Vec<_>, _>>()?;
            pdf(tome, &ids, &print, dated, json)
        }
        C::Delete { .. } => delete(tome, id, json),
    }
}

/// A change to a character's sheet: read it, change it, save it as a new revision, and
/// show it as saved.
fn edit(
    tome: &mut Tome,
    id: i64,
    json: bool,
    change: impl FnOnce(&Tome, &mut Character) -> Result<(), Error>,
) -> Result<(), Error> {
    let mut c = tome.character(id)?;
    change(tome, &mut c)?;
    tome.save_character(&c)?;
    show(tome, id, json)
}

/// `tome character list`.
fn list(tome: &Tome, json: bool) -> Result<(), Error> {
    let empty = "No characters yet. Create one with `tome character new --system SYSTEM --name NAME`.\n";
    super::vouched_lines(json, tome.characters_vouched()?, empty, |c| {
        format!("{:>4}  {:<28} {:<12} rev {:<4} {}", c.id, c.name, c.system, c.revision, when(c.updated))
    })
}

/// `tome character set ID FIELD VALUE…`.
fn set_pairs(tome: &mut Tome, id: i64, mut pairs: Vec<String>, json: bool) -> Result<(), Error> {
    // Values may start with `-` (Strength -2), so `--json` after them is taken as
    // a value; read it as the flag it is.
    let json = json || pairs.iter().any(|p| p == "--json");
    pairs.retain(|p| p != "--json");
    if !pairs.len().is_multiple_of(2) {
        return Err(Error::InvalidInput(format!(
            "`set` takes FIELD VALUE pairs; `{}` has no value",
            pairs.last().expect("odd means at least one")
        )));
    }
    edit(tome, id, json, |tome, c| {
        let layout = tome.sheet_layout(&c.system)?;
        for pair in pairs.chunks(2) {
            set(c, &layout, &pair[0], &pair[1])?;
        }
        Ok(())
    })
}

/// `tome character equip`: an item found in the reference, in hand (or carried), with
/// its coverage and quantity.
fn equip(
    tome: &Tome,
    c: &mut Character,
    item: &str,
    coverage: Option<&str>,
    quantity: Option<i64>,
    carried: bool,
) -> Result<(), Error> {
    let layout = tome.sheet_layout(&c.system)?;
    let kinds = layout.list(ListKind::Items).map(|l| l.kinds.clone()).unwrap_or_default();
    let entry_id = find(tome, &c.system, &kinds, item)?;
    if c.item(&entry_id).is_none() {
        let new = tome.character_item(&entry_id)?;
        c.items.push(new);
    }
    let it = c.item_mut(&entry_id).expect("just added");
    it.equipped = !carried;
    if let Some(cv) = coverage {
        it.coverage = ItemCoverage::parse(cv);
    }
    if let Some(q) = quantity {
        it.quantity = q;
    }
    Ok(())
}

/// `tome character unequip [--drop]`.
fn unequip(c: &mut Character, item: &str, drop: bool) -> Result<(), Error> {
    let entry_id = on_sheet(c, item, c.items.iter().map(|i| (i.entry_id.as_str(), i.name.as_str())))?;
    if drop {
        c.items.retain(|i| i.entry_id != entry_id);
    } else {
        c.item_mut(&entry_id).expect("found above").equipped = false;
    }
    Ok(())
}

/// `tome character add`: a condition or a spell.
fn add(tome: &Tome, c: &mut Character, entry: &str) -> Result<(), Error> {
    let entry_id = find(tome, &c.system, &[Kind::Condition, Kind::Spell], entry)?;
    let r = tome.character_ref(&entry_id)?;
    let list = if tome.show(&entry_id)?.kind == Kind::Spell { &mut c.spells } else { &mut c.conditions };
    if !list.iter().any(|x| x.entry_id == entry_id) {
        list.push(r);
    }
    Ok(())
}

/// `tome character remove`: an item, a condition or a spell.
fn remove(c: &mut Character, entry: &str) -> Result<(), Error> {
    let named = c
        .items
        .iter()
        .map(|i| (i.entry_id.as_str(), i.name.as_str()))
        .chain(c.conditions.iter().chain(&c.spells).map(|r| (r.entry_id.as_str(), r.name.as_str())));
    let entry_id = on_sheet(c, entry, named)?;
    c.items.retain(|i| i.entry_id != entry_id);
    c.conditions.retain(|r| r.entry_id != entry_id);
    c.spells.retain(|r| r.entry_id != entry_id);
    Ok(())
}

/// `tome character recover`: what is due, or one roll.
fn recover(tome: &mut Tome, id: i64, req: tome::api::RecoveryRoll, roll_now: bool, json: bool) -> Result<(), Error> {
    if req.wound.is_none() && req.roll.is_none() && req.seed.is_none() && !req.overexertion && !roll_now {
        if req.medic != 0 || req.magic != 0 {
            return Err(Error::InvalidInput(
                "recover: --medic and --magic add to a roll: give --roll N (the die rolled) or --roll-now (Tome rolls it)"
                    .into(),
            ));
        }
        let due = tome.character_recovery(id)?;
        return output(json, &due, || super::recovery::due_text(&due));
    }
    let report = tome.character_recover(id, &req)?;
    output(json, &report, || super::recovery::report_text(&report))
}

/// `tome character revisions`.
fn revisions(tome: &Tome, id: i64, json: bool) -> Result<(), Error> {
    lines(json, &tome.character_revisions(id)?, "", |r| format!("{:>4}  {}  {}", r.number, when(r.saved_at), r.summary))
}

/// `tome character diff ID FROM TO`.
fn diff(tome: &Tome, id: i64, from: i64, to: i64, json: bool) -> Result<(), Error> {
    let changes = tome.character_diff(id, from, to)?;
    output(json, &changes, || {
        if changes.is_empty() {
            return format!("Revisions {from} and {to} hold the same sheet.\n");
        }
        let mut out = String::new();
        for ch in &changes {
            let v = |v: &Option<serde_json::Value>| v.as_ref().map_or("—".to_string(), value_text);
            let _ = writeln!(out, "{}: {} → {}", ch.field, v(&ch.before), v(&ch.after));
        }
        out
    })
}

/// `tome character export [--format foundry]`.
fn export(tome: &Tome, id: i64, out: &std::path::Path, format: &str, json: bool) -> Result<(), Error> {
    let c = tome.character(id)?;
    let said = if format == "foundry" {
        tome.export_character_foundry_file(id, out)?
    } else {
        tome.export_character_file(id, out)?;
        Vec::new()
    };
    let value = serde_json::json!({ "id": id, "file": super::shown(out), "format": format, "said": said });
    output(json, &value, || {
        let what = if format == "foundry" { " as a Foundry VTT actor" } else { "" };
        format!("Wrote {}{what} to {}\n", c.name, out.display()) + &super::render::export_said(&said)
    })
}

/// `tome character import FILE`: the sheet as imported, and a Foundry import's report.
fn import(tome: &mut Tome, file: &std::path::Path, json: bool) -> Result<(), Error> {
    let imported = tome.import_character_file_reported(file)?;
    let Some(report) = imported.foundry else { return show(tome, imported.character.id, json) };
    let view = tome.character_view(imported.character.id)?;
    let layout = tome.sheet_layout(&view.character.system)?;
    let system = tome.system_name(&view.character.system)?.unwrap_or_default();
    let mut value = serde_json::to_value(&view).expect("plain data");
    value["foundry"] = serde_json::to_value(&report).expect("plain data");
    output(json, &value, || sheet_text(&view, &layout, &system) + &super::render::foundry_report(&report))
}

/// `tome character pdf`.
fn pdf(tome: &Tome, ids: &[i64], print: &super::PrintArgs, dated: bool, json: bool) -> Result<(), Error> {
    let opts = print.options(dated.then(|| jiff::Timestamp::now().as_second()))?;
    let out = &print.out;
    let bytes = tome.characters_pdf(ids, &opts)?;
    tome::files::write_atomic(out, &bytes)?;
    let summary = serde_json::json!({ "file": super::shown(out), "characters": ids, "bytes": bytes.len() });
    output(json, &summary, || {
        format!("Wrote {} character(s) to {} ({} kB)\n", ids.len(), out.display(), bytes.len().div_ceil(1024))
    })
}

/// `tome character delete`.
fn delete(tome: &mut Tome, id: i64, json: bool) -> Result<(), Error> {
    let c = tome.character(id)?;
    tome.delete_character(id)?;
    output(json, &serde_json::json!({ "deleted": id }), || format!("Deleted {} ({id}) and its revisions.\n", c.name))
}

/// Sets one field from the command line: the layout says whether it holds a number or
/// text, so `set 1 player 42` keeps "42" as text and `set 1 strength two` is refused.
fn set(c: &mut Character, layout: &SheetLayout, field: &str, raw: &str) -> Result<(), Error> {
    if field == "name" {
        c.name = raw.to_string();
        return Ok(());
    }
    // A field the sheet does not have would be kept and do nothing: refuse it, and take
    // the documents' abbreviations (COR, Sta) for the field they name.
    let key = layout.resolve_key(field)?;
    let field = key.as_str();
    if raw.is_empty() {
        c.values.remove(field);
        return Ok(());
    }
    let number = || raw.trim().trim_start_matches('+').parse::<i64>().ok();
    let value = match layout.field(field).map(|f| &f.kind) {
        Some(FieldKind::Text { .. }) => SheetValue::Text(raw.to_string()),
        Some(FieldKind::Choice { options }) => {
            let Some(o) = options.iter().find(|o| o.value.eq_ignore_ascii_case(raw.trim())) else {
                let words: Vec<&str> = options.iter().map(|o| o.value.as_str()).collect();
                return Err(Error::InvalidInput(format!("{field} must be one of {}, not `{raw}`", words.join(", "))));
            };
            SheetValue::Text(o.value.clone())
        }
        Some(FieldKind::Int { .. } | FieldKind::Track { .. }) => SheetValue::Int(
            number().ok_or_else(|| Error::InvalidInput(format!("{field} takes a whole number, not `{raw}`")))?,
        ),
        None if layout.family(field).is_some() => SheetValue::Int(
            number().ok_or_else(|| Error::InvalidInput(format!("{field} takes a whole number, not `{raw}`")))?,
        ),
        None => number().map_or_else(|| SheetValue::Text(raw.to_string()), SheetValue::Int),
    };
    c.values.insert(field.to_string(), value);
    Ok(())
}

/// The id of the entry of one of `kinds` in `system` that `raw` names (an id, a name or
/// an alias, any case).
fn find(tome: &Tome, system: &str, kinds: &[Kind], raw: &str) -> Result<String, Error> {
    for &kind in kinds {
        match tome::rules::resolve_entry(tome, system, kind, raw) {
            Ok(e) if e.system == system => return Ok(e.id),
            Ok(_) => {}
            Err(e) if e.is_not_found() => {}
            Err(e) => return Err(e),
        }
    }
    let filter = tome::search::SearchFilter { system: Some(system.to_string()), kind: None, limit: Some(20) };
    let suggestions =
        tome.search(raw, &filter)?.into_iter().filter(|h| kinds.contains(&h.kind)).take(5).map(|h| h.name).collect();
    let what = if kinds.contains(&Kind::Spell) { "condition or spell" } else { "item" };
    Err(Error::NotFound { what, id: raw.to_string(), suggestions })
}

/// The id of the entry on the sheet that `raw` names.
fn on_sheet<'a>(c: &Character, raw: &str, on: impl Iterator<Item = (&'a str, &'a str)>) -> Result<String, Error> {
    let wanted = tome::search::normalize(raw);
    let on: Vec<(&str, &str)> = on.collect();
    on.iter()
        .find(|(id, name)| *id == raw || tome::search::normalize(name) == wanted)
        .map(|(id, _)| id.to_string())
        .ok_or_else(|| Error::NotFound {
            what: "entry on this sheet",
            id: raw.to_string(),
            suggestions: on.iter().map(|(_, n)| format!("{n} (on {})", c.name)).collect(),
        })
}

fn show(tome: &Tome, id: i64, json: bool) -> Result<(), Error> {
    let view = tome.character_view(id)?;
    let layout = tome.sheet_layout(&view.character.system)?;
    let system = tome.system_name(&view.character.system)?.unwrap_or_default();
    output(json, &view, || sheet_text(&view, &layout, &system))
}

pub(super) fn when(unix: i64) -> String {
    jiff::Timestamp::from_second(unix)
        .map(|t| t.to_zoned(tome::local_zone::local_zone()).strftime("%Y-%m-%d %H:%M").to_string())
        .unwrap_or_else(|_| unix.to_string())
}

/// The sheet as text: the layout's sections with what is filled in, then the derived
/// stats with their reasons, then the warnings.
fn sheet_text(view: &CharacterView, layout: &SheetLayout, system: &str) -> String {
    let c = &view.character;
    let mut out = format!("{} (#{}) — {system}, {}\n", c.name, c.id, layout.title.to_lowercase());
    let _ = writeln!(out, "revision {} · saved {}", c.revision, when(c.updated));
    let warn_mark = |field: &str| if view.derived.warnings_for(field).next().is_some() { " ⚠" } else { "" };
    for section in &layout.sections {
        let mut lines = Vec::new();
        for f in &section.fields {
            if let Some(v) = c.values.get(&f.key) {
                let shown = match v {
                    SheetValue::Int(n) => n.to_string(),
                    SheetValue::Text(t) => t.clone(),
                };
                lines.push(format!("{}: {shown}{}", f.label, warn_mark(&f.key)));
            }
        }
        if let Some(fam) = &section.family {
            for (k, v) in c.values.range(fam.prefix.clone()..) {
                if !k.starts_with(&fam.prefix) {
                    break;
                }
                lines.push(format!("{}: {v}{}", layout.label(k), warn_mark(k)));
            }
        }
        if let Some(list) = &section.list {
            match list.list {
                ListKind::Items => {
                    for i in &c.items {
                        let mut line = format!("[{}] {}", if i.equipped { "x" } else { " " }, i.name);
                        if let Some(cv) = i.coverage {
                            let _ = write!(line, " ({})", cv.as_str());
                        }
                        if i.quantity > 1 {
                            let _ = write!(line, " ×{}", i.quantity);
                        }
                        if i.retired {
                            line.push_str(" (no longer in Tome's content)");
                        }
                        line.push_str(warn_mark(&format!("item:{}", i.entry_id)));
                        lines.push(line);
                    }
                }
                ListKind::Conditions => lines.extend(
                    c.conditions
                        .iter()
                        .map(|r| format!("{}{}", r.name, warn_mark(&format!("condition:{}", r.entry_id)))),
                ),
                ListKind::Spells => lines.extend(
                    c.spells.iter().map(|r| format!("{}{}", r.name, warn_mark(&format!("spell:{}", r.entry_id)))),
                ),
            }
        }
        if !lines.is_empty() {
            let _ = writeln!(out, "\n{}", section.title);
            for l in lines {
                let _ = writeln!(out, "  {l}");
            }
        }
    }
    let mut group = "";
    for s in &view.derived.stats {
        if s.group != group {
            group = &s.group;
            let _ = writeln!(out, "\n{group}");
        }
        let _ = writeln!(out, "  {:<26} {:>6}   {}", s.label, s.value_text(), s.breakdown());
    }
    if let Some(due) = view.recovery.as_ref().filter(|d| !d.wounds.is_empty()) {
        out.push_str("\nRecovery\n");
        for line in super::recovery::due_text(due).lines().skip(1) {
            let _ = writeln!(out, "{line}");
        }
    }
    if !view.derived.warnings.is_empty() {
        out.push_str("\nWarnings\n");
        for w in &view.derived.warnings {
            let about = w.field.as_deref().map(|f| format!("{}: ", layout_label(layout, c, f))).unwrap_or_default();
            let _ = writeln!(out, "  ⚠ {about}{}", w.message);
        }
    }
    out
}

/// What a warning's field is called on the sheet.
fn layout_label(layout: &SheetLayout, c: &Character, field: &str) -> String {
    if let Some((_, id)) = field.split_once(':') {
        let named = c
            .items
            .iter()
            .map(|i| (&i.entry_id, &i.name))
            .chain(c.conditions.iter().chain(&c.spells).map(|r| (&r.entry_id, &r.name)))
            .find(|(e, _)| e.as_str() == id);
        return named.map_or_else(|| id.to_string(), |(_, n)| n.clone());
    }
    layout.label(field)
}
