//! Turning parsed seed files into [`Content`], collecting every problem with its place.

use std::collections::{HashMap, HashSet};
use std::ops::Range;

use toml::de::{DeTable, DeValue, ValueDeserializer};
use toml::Spanned;

use super::raw::{self, Common, ContentFile, OrNa, SystemsFile};
use super::{
    Content, ContentEntry, Known, PackContent, PackManifest, Problem, Problems, SeedDetail, SeedFile, SeedFiles,
    SystemDef,
};
use crate::dice::Dice;
use crate::model::{self, CostTier, KeyRange};
use crate::slug::{is_slug, slugify};
use crate::Kind;

const SYSTEMS_FILE: &str = "systems.toml";

pub(super) fn load(files: &SeedFiles) -> Result<Content, Problems> {
    let mut problems = Problems::default();
    let shown = |path: &str| format!("{}/{}", files.root, path);

    let systems = match files.files.iter().find(|f| f.path == SYSTEMS_FILE) {
        None => {
            problems.push(Problem::file(&shown(SYSTEMS_FILE), "missing: it declares the game systems"));
            Vec::new()
        }
        Some(f) => parse_systems(&shown(&f.path), &f.text, &mut problems),
    };
    let system_ids: HashSet<&str> = systems.iter().map(|s| s.id.as_str()).collect();

    let mut entries = Vec::new();
    let mut adversaries = Vec::new();
    for f in &files.files {
        if f.path == SYSTEMS_FILE {
            continue;
        }
        let file = shown(&f.path);
        let Some((system, _)) = f.path.split_once('/') else {
            problems.push(Problem::file(&file, "content files belong in a system folder (seed/<system>/<file>.toml)"));
            continue;
        };
        if !system_ids.contains(system) {
            problems
                .push(Problem::file(&file, format!("folder `{system}` is not a system declared in {SYSTEMS_FILE}")));
            continue;
        }
        let Some(parsed) = parse_content(&file, &f.text, &mut problems) else { continue };
        if let Some(m) = &parsed.pack {
            problems.push(Problem::at(
                &file,
                line_of(&f.text, m.span().start),
                "a `[pack]` manifest belongs in a homebrew pack, not in the shipped content",
            ));
        }
        for a in &parsed.adversary {
            let line = line_of(&f.text, a.span().start);
            let seed = a.get_ref();
            let said = |m: &str| format!("adversary `{}`: {m}", seed.name.trim());
            if seed.section.as_deref().is_none_or(|s| s.trim().is_empty()) {
                let why = said("a starter names the `section` of the document its numbers come from");
                problems.push(Problem::at(&file, line, why));
            }
            let twin = adversaries
                .iter()
                .any(|o: &super::SeedAdversary| o.system == system && slugify(&o.seed.name) == slugify(&seed.name));
            if twin {
                problems.push(Problem::at(&file, line, said("the shipped content has another starter of this name")));
            }
            let seed = seed.clone();
            adversaries.push(super::SeedAdversary { system: system.to_string(), file: file.clone(), line, seed });
        }
        let mut cx = FileCx {
            file: &file,
            lines: Lines::of(&f.text),
            system,
            namespace: None,
            problems: &mut problems,
            out: &mut entries,
        };
        cx.convert(parsed);
    }

    finish(&mut entries, None, &mut problems);
    if problems.is_empty() {
        Ok(Content { systems, entries, adversaries })
    } else {
        problems.0.sort();
        Err(problems)
    }
}

fn parse_content(file: &str, text: &str, problems: &mut Problems) -> Option<ContentFile> {
    match toml::from_str(text) {
        Ok(p) => Some(p),
        Err(e) => {
            // The first error stops serde; check each entry on its own so that every
            // entry's problem is reported, not only the first one's.
            match DeTable::parse(text) {
                Err(syntax) => problems.push(toml_problem(file, text, &syntax)),
                Ok(table) => {
                    // The first problem, at the exact place of the value; then each
                    // other entry's, at its entry.
                    problems.push(toml_problem(file, text, &e));
                    let reported = e.span().map(|s| s.start);
                    entry_problems(file, text, table.into_inner(), reported, problems);
                }
            }
            None
        }
    }
}

/// The problems of each entry of a file that parses as TOML but not as content, each
/// at the line of its entry (of the field, for a field the entry may not have), except
/// the entry holding the byte offset `reported` (its first problem is already
/// reported, more precisely).
fn entry_problems(file: &str, text: &str, table: DeTable<'_>, reported: Option<usize>, problems: &mut Problems) {
    type Check = fn(&Spanned<DeValue<'_>>) -> Result<(), toml::de::Error>;
    fn check<T: serde::de::DeserializeOwned>(v: &Spanned<DeValue<'_>>) -> Result<(), toml::de::Error> {
        T::deserialize(ValueDeserializer::from(v.clone())).map(|_| ())
    }
    let holds_reported = |extent: Range<usize>| reported.is_some_and(|r| extent.contains(&r));
    let line = |offset: usize| line_of(text, offset);
    for (spanned_key, value) in &table {
        let key: &str = spanned_key.get_ref();
        let key_span = spanned_key.span();
        let key_extent = key_span.start.min(value.span().start)..extent(value).end.max(key_span.end);
        let kind_check: Option<Check> = match key {
            "weapon" => Some(check::<raw::WeaponSeed>),
            "armor" => Some(check::<raw::ArmorSeed>),
            "spell" => Some(check::<raw::SpellSeed>),
            "condition" => Some(check::<raw::ConditionSeed>),
            "special_effect" | "school" => Some(check::<raw::PlainSeed>),
            "maneuver" => Some(check::<raw::ManeuverSeed>),
            "position" => Some(check::<raw::PositionSeed>),
            "table" => Some(check::<raw::TableSeed>),
            "rule" => Some(check::<raw::RuleSeed>),
            "adversary" => Some(check::<raw::AdversarySeed>),
            _ => None,
        };
        if key == "pack" {
            if holds_reported(key_extent) {
                continue;
            }
            if let Err(e) = check::<raw::ManifestSeed>(value) {
                let m = said(&e);
                problems.push(Problem::at(file, line(problem_at(&e, value)), format!("[pack]: {m}")));
            }
            continue;
        }
        let key_line = line(key_extent.start);
        let Some(kind_check) = kind_check else {
            if holds_reported(key_extent) {
                continue;
            }
            let kinds =
                "weapon, armor, spell, condition, special_effect, school, maneuver, position, table, rule, adversary";
            problems.push(Problem::at(file, key_line, format!("unknown kind `{key}` (kinds: {kinds})")));
            continue;
        };
        let Some(items) = value.get_ref().as_array() else {
            if holds_reported(key_extent) {
                continue;
            }
            problems.push(Problem::at(file, key_line, format!("`{key}` must be an array of entries ([[{key}]])")));
            continue;
        };
        for item in items.iter() {
            if holds_reported(extent(item)) {
                continue;
            }
            let name = item
                .get_ref()
                .get("name")
                .and_then(|n| n.get_ref().as_str())
                .map(|n| format!(" `{n}`"))
                .unwrap_or_default();
            if let Err(e) = kind_check(item) {
                let what = key.replace('_', "-");
                let m = said(&e);
                problems.push(Problem::at(file, line(problem_at(&e, item)), format!("{what}{name}: {m}")));
            }
        }
    }
}

/// Where to report a problem of an entry: at the field the error points to when it is
/// one of the entry's own keys (a field the entry may not have), else at the entry.
fn problem_at(e: &toml::de::Error, entry: &Spanned<DeValue<'_>>) -> usize {
    let at_key = e.span().filter(|s| entry.get_ref().as_table().is_some_and(|t| t.keys().any(|k| k.span() == *s)));
    at_key.map_or(entry.span().start, |s| s.start)
}

/// The bytes a value covers: its own span and those of everything in it (the span of a
/// `[[table]]` entry is its header alone).
fn extent(v: &Spanned<DeValue<'_>>) -> Range<usize> {
    let mut out = v.span();
    let mut widen = |r: Range<usize>| {
        out.start = out.start.min(r.start);
        out.end = out.end.max(r.end);
    };
    match v.get_ref() {
        DeValue::Array(items) => items.iter().for_each(|i| widen(extent(i))),
        DeValue::Table(t) => t.iter().for_each(|(k, v)| {
            widen(k.span());
            widen(extent(v));
        }),
        _ => {}
    }
    out
}

/// Checks ids and references, then finds mentions: the last steps of every load.
fn finish(entries: &mut [ContentEntry], known: Option<&Known>, problems: &mut Problems) {
    check_unique_ids(entries, problems);
    check_references(entries, known, problems);
    let extra: Vec<(&str, &str, &str)> = match known {
        Some(k) => {
            let systems: HashSet<&str> = entries.iter().map(|e| e.system.as_str()).collect();
            k.entries
                .iter()
                .filter(|(_, e)| e.pack.is_none() && systems.contains(e.system.as_str()))
                .flat_map(|(id, e)| {
                    std::iter::once(e.name.as_str())
                        .chain(e.aliases.iter().map(String::as_str).filter(|a| a.starts_with(char::is_uppercase)))
                        .map(move |name| (e.system.as_str(), name, id.as_str()))
                })
                .collect()
        }
        None => Vec::new(),
    };
    let mentions = super::mentions::find(entries, &extra);
    for (e, found) in entries.iter_mut().zip(mentions) {
        e.mentions = found;
    }
}

/// The file of a pack folder that holds its manifest.
pub const PACK_FILE: &str = "pack.toml";
/// The most entries one pack may hold.
pub const MAX_PACK_ENTRIES: usize = 5_000;

/// Loads a homebrew pack: its manifest and entries, namespaced under the pack's name,
/// checked against `known` (the systems and entries already in the database). Every
/// problem is reported, not just the first.
pub(super) fn load_pack(files: &SeedFiles, single_file: bool, known: &Known) -> Result<PackContent, Problems> {
    let mut problems = Problems::default();
    let shown = |path: &str| {
        if files.root.is_empty() {
            path.to_string()
        } else {
            format!("{}/{}", files.root, path)
        }
    };
    if files.files.is_empty() {
        problems.push(Problem::file(&shown(""), "no .toml files: a pack is a pack.toml manifest and content files"));
        return Err(problems);
    }

    let mut parsed: Vec<(String, &SeedFile, ContentFile)> = Vec::new();
    for f in &files.files {
        let file = shown(&f.path);
        if let Some(p) = parse_content(&file, &f.text, &mut problems) {
            parsed.push((file, f, p));
        }
    }

    let manifest = manifest_of(&mut parsed, single_file, known, &mut problems);
    if !single_file && !files.files.iter().any(|f| f.path == PACK_FILE) {
        problems.push(Problem::file(&shown(PACK_FILE), "missing: a pack folder keeps its manifest here"));
    }

    let namespace = manifest.as_ref().map_or("pack", |m: &PackManifest| m.name.as_str()).to_string();
    let pack_systems: Vec<String> = manifest.as_ref().map(|m| m.systems.clone()).unwrap_or_default();
    if single_file && pack_systems.len() > 1 {
        problems.push(Problem::file(
            &shown(&files.files[0].path),
            "a single-file pack adds to one system; for several, make a pack folder with one folder per system",
        ));
    }
    let mut entries = Vec::new();
    let mut adversaries = Vec::new();
    for (file, f, mut p) in parsed {
        let Some(system) = file_system(&file, f, &p, single_file, manifest.is_some(), &pack_systems, &mut problems)
        else {
            continue;
        };
        for a in std::mem::take(&mut p.adversary) {
            let line = line_of(&f.text, a.span().start);
            adversaries.push(super::SeedAdversary {
                system: system.clone(),
                file: file.clone(),
                line,
                seed: a.into_inner(),
            });
        }
        let mut cx = FileCx {
            file: &file,
            lines: Lines::of(&f.text),
            system: &system,
            namespace: Some(&namespace),
            problems: &mut problems,
            out: &mut entries,
        };
        cx.convert(p);
    }
    if adversaries.len() > MAX_PACK_ENTRIES {
        problems.push(Problem::file(
            &shown(""),
            format!("{} adversaries; a pack holds at most {MAX_PACK_ENTRIES}", adversaries.len()),
        ));
    }

    if entries.len() > MAX_PACK_ENTRIES {
        problems.push(Problem::file(
            &shown(""),
            format!("{} entries; a pack holds at most {MAX_PACK_ENTRIES}", entries.len()),
        ));
    }
    check_limits(&entries, &mut problems);
    resolve_own_links(&mut entries, &namespace);
    finish(&mut entries, Some(known), &mut problems);

    match manifest {
        Some(manifest) if problems.is_empty() => Ok(PackContent { manifest, entries, adversaries }),
        _ => {
            problems.0.sort();
            problems.0.dedup();
            Err(problems)
        }
    }
}

/// The pack's manifest: the `[pack]` table of the single file, or of the folder's
/// pack.toml (one elsewhere, or none where it belongs, is a problem).
fn manifest_of(
    parsed: &mut [(String, &SeedFile, ContentFile)],
    single_file: bool,
    known: &Known,
    problems: &mut Problems,
) -> Option<PackManifest> {
    let mut manifest = None;
    for (file, f, p) in parsed.iter_mut() {
        let is_home = single_file || f.path == PACK_FILE;
        match (p.pack.take(), is_home) {
            (Some(m), true) => {
                let line = line_of(&f.text, m.span().start);
                manifest = Some(check_manifest(file, line, m.into_inner(), known, problems));
            }
            (None, true) => problems.push(Problem::file(
                file,
                "no `[pack]` table: a pack starts with its manifest (name, version, author, systems)",
            )),
            (Some(m), false) => problems.push(Problem::at(
                file,
                line_of(&f.text, m.span().start),
                format!("the `[pack]` manifest belongs in {PACK_FILE} at the top of the pack folder"),
            )),
            (None, false) => {}
        }
    }
    manifest
}

/// The system a pack file's content is for: the single file's one system, or the folder
/// it stands in, which the manifest must list. `None` (with the problem, where there is
/// one) for the manifest's own file and a file outside any system's folder.
fn file_system(
    file: &str,
    f: &SeedFile,
    p: &ContentFile,
    single_file: bool,
    has_manifest: bool,
    pack_systems: &[String],
    problems: &mut Problems,
) -> Option<String> {
    Some(if single_file {
        match pack_systems.first() {
            Some(s) => s.clone(),
            None => return None,
        }
    } else if f.path == PACK_FILE {
        if has_entries(p) {
            problems.push(Problem::file(
                file,
                format!(
                    "{PACK_FILE} holds only the `[pack]` manifest; entries go in a folder named after their system"
                ),
            ));
        }
        return None;
    } else {
        let Some((system, _)) = f.path.split_once('/') else {
            problems.push(Problem::file(
                file,
                "content files belong in a folder named after their system (<pack>/<system>/<file>.toml)",
            ));
            return None;
        };
        if has_manifest && !pack_systems.iter().any(|s| s == system) {
            problems.push(Problem::file(
                file,
                format!("folder `{system}` is not one of the systems {PACK_FILE} lists ({})", pack_systems.join(", ")),
            ));
            return None;
        }
        system.to_string()
    })
}

fn has_entries(f: &ContentFile) -> bool {
    !(f.weapon.is_empty()
        && f.armor.is_empty()
        && f.spell.is_empty()
        && f.condition.is_empty()
        && f.special_effect.is_empty()
        && f.school.is_empty()
        && f.maneuver.is_empty()
        && f.position.is_empty()
        && f.table.is_empty()
        && f.rule.is_empty()
        && f.adversary.is_empty())
}

fn check_manifest(
    file: &str,
    line: usize,
    m: raw::ManifestSeed,
    known: &Known,
    problems: &mut Problems,
) -> PackManifest {
    let mut report = |message: String| problems.push(Problem::at(file, line, message));
    if !is_slug(&m.name) || m.name.len() > 40 {
        report(format!(
            "pack name `{}` must be 1 to 40 lower-case letters, digits and single dashes (it goes into entry ids)",
            m.name
        ));
    }
    for (field, value, max) in [("version", &m.version, 40), ("author", &m.author, 200)] {
        if value.trim().is_empty() {
            report(format!("`{field}` is required and must not be empty"));
        } else if value.chars().count() > max {
            report(format!("`{field}` is longer than {max} characters"));
        }
    }
    for (field, value, max) in [("title", &m.title, 200), ("description", &m.description, 4000)] {
        match value {
            Some(v) if v.trim().is_empty() => report(format!("`{field}` is empty; leave it out instead")),
            Some(v) if v.chars().count() > max => report(format!("`{field}` is longer than {max} characters")),
            _ => {}
        }
    }
    if let Some(why) = m.title.as_deref().filter(|t| !t.trim().is_empty()).and_then(|t| {
        // Control characters are said below, with their code.
        let t: String = t.chars().filter(|c| !c.is_control()).collect();
        crate::text::named_problem("`title`", &t)
    }) {
        report(why);
    }
    for (field, value) in [
        ("name", Some(&m.name)),
        ("version", Some(&m.version)),
        ("author", Some(&m.author)),
        ("title", m.title.as_ref()),
    ] {
        if let Some(c) = value.and_then(|v| v.chars().find(|c| c.is_control())) {
            report(format!("`{field}` contains the control character U+{:04X}", c as u32));
        }
    }
    if m.systems.is_empty() {
        report("`systems` must list at least one game system".to_string());
    }
    let mut seen = HashSet::new();
    for s in &m.systems {
        if !known.systems.contains(s) {
            let mut have: Vec<&str> = known.systems.iter().map(String::as_str).collect();
            have.sort_unstable();
            report(format!("system `{s}` is not one Tome has (it has: {})", have.join(", ")));
        } else if !seen.insert(s) {
            report(format!("system `{s}` is listed twice"));
        }
    }
    PackManifest {
        title: m.title.as_deref().map(str::trim).filter(|t| !t.is_empty()).unwrap_or(&m.name).to_string(),
        name: m.name,
        version: m.version.trim().to_string(),
        author: m.author.trim().to_string(),
        systems: m.systems,
        description: m.description.map(|d| d.trim().to_string()).unwrap_or_default(),
    }
}

/// Sizes a pack entry may not exceed, and characters its text may not hold: limits far
/// above any real entry, so that a broken or hostile file is turned away whole.
fn check_limits(entries: &[ContentEntry], problems: &mut Problems) {
    for e in entries {
        let mut report = |message: String| {
            problems.push(Problem::at(&e.file, e.line, format!("{} `{}`: {message}", e.kind, short(&e.name))))
        };
        for (field, value, max) in [
            ("name", &e.name, 200),
            ("section", &e.section, 200),
            ("summary", &e.summary, 2_000),
            ("body", &e.body, 100_000),
        ] {
            if value.chars().count() > max {
                report(format!("`{field}` is longer than {max} characters"));
            }
            let allowed = |c: char| field == "body" && (c == '\n' || c == '\t');
            if let Some(c) = value.chars().find(|&c| c.is_control() && !allowed(c)) {
                report(format!("`{field}` contains the control character U+{:04X}", c as u32));
            }
        }
        if e.aliases.len() > 50 || e.aliases.iter().any(|a| a.chars().count() > 200 || a.chars().any(char::is_control))
        {
            report("at most 50 `aliases`, each at most 200 characters of text".to_string());
        }
        if e.links.len() > 200 {
            report("at most 200 `links`".to_string());
        }
        if let SeedDetail::Table { columns, rows, .. } = &e.detail {
            if columns.len() > 20 || rows.len() > 1_000 {
                report("a table has at most 20 columns and 1000 rows".to_string());
            }
            if columns.iter().chain(rows.iter().flat_map(|r| r.cells.iter())).any(|c| c.chars().count() > 500) {
                report("a table cell or column name is longer than 500 characters".to_string());
            }
        }
    }
}

fn short(name: &str) -> String {
    let mut s: String = name.chars().filter(|c| !c.is_control()).take(60).collect();
    if name.chars().count() > 60 {
        s.push('…');
    }
    s
}

/// A pack may write links to its own entries without its namespace
/// (`ars-magica/weapon/boar-spear`); they resolve to its own entry first.
fn resolve_own_links(entries: &mut [ContentEntry], namespace: &str) {
    let prefix = format!("{namespace}--");
    let own: HashMap<String, String> = entries
        .iter()
        .filter_map(|e| {
            let plain = e.slug.strip_prefix(&prefix)?;
            Some((format!("{}/{}/{}", e.system, e.kind, plain), e.id.clone()))
        })
        .collect();
    let fix = |id: &mut String| {
        if let Some(full) = own.get(id.as_str()) {
            *id = full.clone();
        }
    };
    for e in entries.iter_mut() {
        e.links.iter_mut().for_each(fix);
        match &mut e.detail {
            SeedDetail::Condition(c) => c.implies.iter_mut().for_each(fix),
            SeedDetail::Position(p) => {
                if let Some(id) = &mut p.spell_id {
                    fix(id);
                }
            }
            _ => {}
        }
    }
}

fn parse_systems(file: &str, text: &str, problems: &mut Problems) -> Vec<SystemDef> {
    let parsed: SystemsFile = match toml::from_str(text) {
        Ok(p) => p,
        Err(e) => {
            problems.push(toml_problem(file, text, &e));
            return Vec::new();
        }
    };
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for s in parsed.system {
        let line = line_of(text, s.span().start);
        let s = s.into_inner();
        if !is_slug(&s.id) {
            problems.push(Problem::at(
                file,
                line,
                format!("system id `{}` must be lower-case letters, digits and dashes", s.id),
            ));
        }
        if !seen.insert(s.id.clone()) {
            problems.push(Problem::at(file, line, format!("system `{}` is declared twice", s.id)));
        }
        for (field, value) in [("name", &s.name), ("document", &s.document), ("title", &s.title)] {
            if value.trim().is_empty() {
                problems.push(Problem::at(file, line, format!("system `{}`: `{field}` is empty", s.id)));
            }
        }
        out.push(SystemDef { id: s.id, name: s.name, document: s.document, title: s.title });
    }
    out
}

/// The parser's message in an author's words: a number no whole number can hold is said
/// to be too large (or small), not as the parser's types (`as i128, expected i64`).
fn said(e: &toml::de::Error) -> String {
    let m = e.message().trim();
    let number = m.strip_prefix("invalid type: integer `").and_then(|rest| rest.split_once("` as i128"));
    match number {
        Some((n, _)) if n.starts_with('-') => format!("the number {n} is too small for a whole number here"),
        Some((n, _)) => format!("the number {n} is too large for a whole number here"),
        None => m.to_string(),
    }
}

fn toml_problem(file: &str, text: &str, e: &toml::de::Error) -> Problem {
    let message = said(e);
    match e.span() {
        Some(span) => Problem::at(file, line_of(text, span.start), message),
        None => Problem::file(file, message),
    }
}

/// 1-based line of a byte offset.
fn line_of(text: &str, offset: usize) -> usize {
    text.as_bytes()[..offset.min(text.len())].iter().filter(|&&b| b == b'\n').count() + 1
}

/// Where a file's lines break, to find the line of each of its entries without counting
/// from the top every time (a file of hundreds of entries, at each open that checks the
/// shipped content, made that most of the loading).
struct Lines(Vec<usize>);

impl Lines {
    fn of(text: &str) -> Lines {
        Lines(text.match_indices('\n').map(|(i, _)| i).collect())
    }

    /// 1-based line of a byte offset ([`line_of`]'s answer).
    fn line(&self, offset: usize) -> usize {
        self.0.partition_point(|&n| n < offset) + 1
    }
}

struct FileCx<'a> {
    file: &'a str,
    lines: Lines,
    system: &'a str,
    /// A pack's name: its entries' slugs start with it and `--`.
    namespace: Option<&'a str>,
    problems: &'a mut Problems,
    out: &'a mut Vec<ContentEntry>,
}

impl FileCx<'_> {
    fn convert(&mut self, f: ContentFile) {
        for w in f.weapon {
            self.add(w, Kind::Weapon, |cx, w, line| cx.weapon(w, line));
        }
        for a in f.armor {
            self.add(a, Kind::Armor, |_, a, _| SeedDetail::Armor(armor(a)));
        }
        for s in f.spell {
            self.add(s, Kind::Spell, |cx, s, line| cx.spell(s, line));
        }
        for c in f.condition {
            self.add(c, Kind::Condition, |_, c, _| {
                SeedDetail::Condition(model::Condition { implies: c.implies.clone() })
            });
        }
        for e in f.special_effect {
            self.add(e, Kind::SpecialEffect, |_, _, _| SeedDetail::None);
        }
        for s in f.school {
            self.add(s, Kind::School, |_, _, _| SeedDetail::None);
        }
        for m in f.maneuver {
            self.add(m, Kind::Maneuver, |cx, m, line| cx.maneuver(m, line));
        }
        for p in f.position {
            self.add(p, Kind::Position, |cx, p, line| cx.position(p, line));
        }
        for t in f.table {
            self.add(t, Kind::Table, |cx, t, line| cx.table(t, line));
        }
        for r in f.rule {
            self.add(r, Kind::Rule, |_, r, _| SeedDetail::Rule(model::Rule { formula: r.formula.clone() }));
        }
    }

    fn add<T: HasCommon>(
        &mut self,
        item: Spanned<T>,
        kind: Kind,
        detail: impl FnOnce(&mut Self, &T, usize) -> SeedDetail,
    ) {
        let line = self.lines.line(item.span().start);
        let item = item.into_inner();
        let c = item.common();
        let what = format!("{} `{}`", kind, c.name);

        for (field, value) in [("name", c.name), ("section", c.section), ("summary", c.summary)] {
            if value.trim().is_empty() {
                self.problem(line, format!("{what}: `{field}` is required and must not be empty"));
            }
        }
        // The name rule of characters, adversaries and parties (`text::name_problem`):
        // an entry's name and aliases are shown in lists, on sheets and on the phones.
        // (Control characters are said by the check of every text field, with their code.)
        let said_elsewhere = |t: &str| t.trim().is_empty() || t.chars().any(char::is_control);
        if !said_elsewhere(c.name) {
            if let Some(why) = crate::text::named_problem("the name", c.name) {
                self.problem(line, format!("{kind}: {why}"));
            }
        }
        for a in c.aliases.iter().filter(|a| !said_elsewhere(a)) {
            if let Some(why) = crate::text::named_problem(&format!("alias {a:?}"), a) {
                self.problem(line, format!("{what}: {why}"));
            }
        }
        let slug = match c.slug {
            Some(s) if !is_slug(s) => {
                self.problem(line, format!("{what}: slug `{s}` must be lower-case letters, digits and single dashes"));
                s.to_string()
            }
            Some(s) => s.to_string(),
            None => {
                let s = slugify(c.name);
                // Letters beyond ASCII need an explicit slug: an id must never change,
                // and a transliteration is a table's guess that a later one may revise.
                if c.name.chars().any(|ch| ch.is_alphanumeric() && !ch.is_ascii()) {
                    let hint = if is_slug(&s) { format!(" (such as `{s}`)") } else { String::new() };
                    self.problem(line, format!("{what}: the name is not plain ASCII; add an explicit `slug`{hint}"));
                } else if !is_slug(&s) {
                    self.problem(line, format!("{what}: the name gives no slug; add an explicit `slug`"));
                }
                s
            }
        };
        let mut seen = HashSet::new();
        for a in c.aliases {
            if a.trim().is_empty() {
                self.problem(line, format!("{what}: an alias is empty"));
            } else if !seen.insert(a.to_lowercase()) {
                self.problem(line, format!("{what}: alias `{a}` is listed twice"));
            }
        }
        let detail = detail(self, &item, line);
        // A condition that includes another refers to it: implied ids are links too.
        let mut links = c.links.to_vec();
        if let SeedDetail::Condition(cond) = &detail {
            links.extend(cond.implies.iter().filter(|id| !c.links.contains(id)).cloned());
        }
        let slug = match self.namespace {
            Some(ns) => format!("{ns}--{slug}"),
            None => slug,
        };
        self.out.push(ContentEntry {
            id: format!("{}/{}/{}", self.system, kind, slug),
            system: self.system.to_string(),
            kind,
            slug,
            name: c.name.trim().to_string(),
            section: c.section.trim().to_string(),
            summary: c.summary.trim().to_string(),
            body: c.body.trim().to_string(),
            aliases: c.aliases.iter().map(|a| a.trim().to_string()).collect(),
            links,
            mentions: Vec::new(),
            detail,
            file: self.file.to_string(),
            line,
        });
    }

    fn problem(&mut self, line: usize, message: String) {
        self.problems.push(Problem::at(self.file, line, message));
    }

    fn weapon(&mut self, w: &raw::WeaponSeed, line: usize) -> SeedDetail {
        let group: &str = w.group.into();
        let range = match (w.group, w.range) {
            (raw::WeaponGroup::Melee, Some(_)) => {
                self.problem(line, format!("weapon `{}`: a melee weapon has no `range`", w.name));
                None
            }
            (raw::WeaponGroup::Missile, None) => {
                self.problem(line, format!("weapon `{}`: a missile weapon needs `range` (paces, or \"n/a\")", w.name));
                None
            }
            (_, r) => r.and_then(|r| r.value()).map(|b| b.0),
        };
        let stat = |s: OrNa<raw::Bounded<-10, 20>>| s.value().map(|b| b.0);
        SeedDetail::Weapon(model::Weapon {
            group: group.into(),
            ability: w.ability.trim().to_string(),
            init: stat(w.init),
            atk: stat(w.atk),
            dfn: stat(w.dfn),
            dam: stat(w.dam),
            str: stat(w.str),
            load: w.load.value().map(|b| b.0),
            range,
            cost: w.cost.value().map(cost_tier),
            horseback: w.horseback,
        })
    }

    fn spell(&mut self, s: &raw::SpellSeed, line: usize) -> SeedDetail {
        let success = s.success.trim().to_string();
        let success_target = if success == "auto" {
            None
        } else {
            match success_target(&success) {
                Some(t) => Some(t),
                None => {
                    self.problem(line, format!("spell `{}`: success `{success}` must start with a d6 target such as \"3+\", or be \"auto\"", s.name));
                    None
                }
            }
        };
        let opt = |v: &Option<String>| v.as_ref().map(|s| s.trim().to_string()).filter(|s| !s.is_empty());
        SeedDetail::Spell(model::Spell {
            list: <&str>::from(s.list).into(),
            success,
            success_target,
            when: opt(&s.when),
            range: opt(&s.range),
            duration: opt(&s.duration),
            restriction: opt(&s.restriction),
            failure: opt(&s.failure),
        })
    }

    fn maneuver(&mut self, m: &raw::ManeuverSeed, line: usize) -> SeedDetail {
        if m.costs.is_empty() {
            self.problem(line, format!("maneuver `{}`: `costs` needs at least one cost", m.name));
        }
        let mut actors = HashSet::new();
        let mut costs = Vec::new();
        for c in &m.costs {
            let actor: &str = c.actor.into();
            if !actors.insert(actor) {
                self.problem(line, format!("maneuver `{}`: two costs for actor `{actor}`", m.name));
            }
            if c.printed.trim().is_empty() {
                self.problem(line, format!("maneuver `{}`: a cost's `printed` is empty", m.name));
            }
            let unit: &str = c.unit.into();
            costs.push(model::ManeuverCost {
                actor: actor.into(),
                amount: c.amount.map(|a| a.0),
                unit: unit.into(),
                printed: c.printed.trim().to_string(),
            });
        }
        let tier = m.tier.map(|t| <&str>::from(t).to_string());
        SeedDetail::Maneuver(model::Maneuver { tier, costs })
    }

    fn position(&mut self, p: &raw::PositionSeed, line: usize) -> SeedDetail {
        for (field, list) in [("skills", &p.skills), ("categories", &p.categories)] {
            if list.is_empty() || list.iter().any(|s| s.trim().is_empty()) {
                self.problem(line, format!("position `{}`: `{field}` must list non-empty names", p.name));
            }
        }
        if p.race.trim().is_empty() {
            self.problem(line, format!("position `{}`: `race` is empty", p.name));
        }
        SeedDetail::Position(model::Position {
            race: p.race.trim().to_string(),
            ma: p.ma.0,
            st: p.st.0,
            ag: p.ag.0,
            av: p.av.0,
            skills: p.skills.iter().map(|s| s.trim().to_string()).collect(),
            categories: p.categories.iter().map(|s| s.trim().to_string()).collect(),
            cost: p.cost.0,
            spell: None, // the spell's name is filled in once every entry is known
            spell_id: p.spell.clone(),
        })
    }

    fn table(&mut self, t: &raw::TableSeed, line: usize) -> SeedDetail {
        let name = &t.name;
        let span = match &t.dice {
            None => None,
            Some(d) => match d.parse::<Dice>() {
                Ok(dice) => Some(dice.span()),
                Err(e) => {
                    self.problem(line, format!("table `{name}`: {e}"));
                    None
                }
            },
        };
        if t.columns.is_empty() {
            self.problem(line, format!("table `{name}`: `columns` is empty"));
        }
        if t.rows.is_empty() {
            self.problem(line, format!("table `{name}`: `rows` is empty"));
        }
        let mut rows = Vec::new();
        let mut rolls: Vec<(i64, i64)> = Vec::new();
        for (i, r) in t.rows.iter().enumerate() {
            let n = i + 1;
            if r.cells.len() != t.columns.len() {
                self.problem(
                    line,
                    format!("table `{name}`, row {n}: {} cells for {} columns", r.cells.len(), t.columns.len()),
                );
            }
            if r.roll.is_some() && r.key.is_some() {
                self.problem(line, format!("table `{name}`, row {n}: a row has `roll` or `key`, not both"));
            }
            if let Some([lo, hi]) = r.roll {
                if lo > hi {
                    self.problem(line, format!("table `{name}`, row {n}: roll [{lo}, {hi}] is backwards"));
                }
                match span {
                    Some((min, max)) if lo < min || hi > max => self.problem(
                        line,
                        format!(
                            "table `{name}`, row {n}: roll [{lo}, {hi}] is outside what {} can roll ({min}-{max})",
                            t.dice.as_deref().unwrap_or_default()
                        ),
                    ),
                    None if t.dice.is_none() => {
                        self.problem(line, format!("table `{name}`, row {n}: a roll range needs the table's `dice`"))
                    }
                    _ => {}
                }
                if let Some(&(plo, phi)) = rolls.iter().find(|&&(plo, phi)| lo <= phi && plo <= hi) {
                    self.problem(line, format!("table `{name}`, row {n}: roll [{lo}, {hi}] overlaps [{plo}, {phi}]"));
                }
                rolls.push((lo, hi));
            } else if t.dice.is_some() {
                self.problem(line, format!("table `{name}`, row {n}: every row of a dice table needs `roll`"));
            }
            if let Some(k) = r.key {
                if let (Some(a), Some(b)) = (k.from, k.to) {
                    if a > b {
                        self.problem(line, format!("table `{name}`, row {n}: key from {a} to {b} is backwards"));
                    }
                }
                if k.from.is_none() && k.to.is_none() {
                    self.problem(line, format!("table `{name}`, row {n}: a key needs `from`, `to` or both"));
                }
            }
            rows.push(model::TableRow {
                roll: r.roll,
                key: r.key.map(|k| KeyRange { from: k.from, to: k.to }),
                cells: r.cells.clone(),
                parts: Vec::new(),
            });
        }
        if let Some((min, max)) = span {
            // Wide enough for any pair of i64s a file may hold.
            let covered: i128 = rolls.iter().map(|&(lo, hi)| i128::from(hi) - i128::from(lo) + 1).sum();
            if rolls.len() == t.rows.len() && covered != i128::from(max - min + 1) {
                self.problem(
                    line,
                    format!(
                        "table `{name}`: rows cover {covered} of the {} results of {}",
                        max - min + 1,
                        t.dice.as_deref().unwrap_or_default()
                    ),
                );
            }
        }
        SeedDetail::Table { dice: t.dice.clone(), columns: t.columns.clone(), rows }
    }
}

fn armor(a: &raw::ArmorSeed) -> model::Armor {
    let cov = |c: OrNa<raw::CoverageSeed>| c.value().map(|c| model::Coverage { prot: c.prot.0, load: c.load.0 });
    model::Armor { cost: a.cost.value().map(cost_tier), partial: cov(a.partial), full: cov(a.full) }
}

fn cost_tier(c: raw::Cost) -> CostTier {
    match c {
        raw::Cost::Inexpensive => CostTier::Inexpensive,
        raw::Cost::Standard => CostTier::Standard,
        raw::Cost::Expensive => CostTier::Expensive,
    }
}

/// The d6 target at the start of a success roll: "3+" and "3+ (4+ if …)" give 3.
pub(crate) fn success_target(s: &str) -> Option<i64> {
    let digits: String = s.chars().take_while(|c| c.is_ascii_digit()).collect();
    let rest = &s[digits.len()..];
    let n: i64 = digits.parse().ok()?;
    ((1..=6).contains(&n) && rest.starts_with('+')).then_some(n)
}

trait HasCommon {
    fn common(&self) -> Common<'_>;
}

macro_rules! has_common {
    ($($t:ty),*) => { $(impl HasCommon for $t { fn common(&self) -> Common<'_> { <$t>::common(self) } })* };
}
has_common!(
    raw::WeaponSeed,
    raw::ArmorSeed,
    raw::SpellSeed,
    raw::ConditionSeed,
    raw::PlainSeed,
    raw::ManeuverSeed,
    raw::PositionSeed,
    raw::TableSeed,
    raw::RuleSeed
);

fn check_unique_ids(entries: &[ContentEntry], problems: &mut Problems) {
    let mut first: HashMap<&str, &ContentEntry> = HashMap::new();
    for e in entries {
        match first.get(e.id.as_str()) {
            Some(prev) => problems.push(Problem::at(
                &e.file,
                e.line,
                format!("duplicate id `{}` (first defined at {}:{}); give one a `slug`", e.id, prev.file, prev.line),
            )),
            None => {
                first.insert(&e.id, e);
            }
        }
    }
}

fn check_references(entries: &mut [ContentEntry], known: Option<&Known>, problems: &mut Problems) {
    // What each id is: (kind, system, name, the pack of an entry outside these files).
    let mut index: HashMap<String, (Kind, String, String, Option<String>)> =
        entries.iter().map(|e| (e.id.clone(), (e.kind, e.system.clone(), e.name.clone(), None))).collect();
    if let Some(k) = known {
        for (id, e) in &k.entries {
            index.entry(id.clone()).or_insert_with(|| (e.kind, e.system.clone(), e.name.clone(), e.pack.clone()));
        }
    }
    for e in entries.iter_mut() {
        let (file, line) = (e.file.clone(), e.line);
        let mut report = |message: String| problems.push(Problem::at(&file, line, message));
        let foreign = |id: &str| -> Option<String> {
            let pack = index.get(id)?.3.as_ref()?;
            Some(format!(
                "`{id}` is an entry of the pack `{pack}`; a pack may refer only to shipped entries and its own"
            ))
        };
        let mut seen = HashSet::new();
        for link in &e.links {
            if link == &e.id {
                report(format!("{} `{}`: links to itself", e.kind, e.name));
            } else if let Some(why) = foreign(link) {
                report(format!("{} `{}`: link {why}", e.kind, e.name));
            } else if !index.contains_key(link) {
                report(format!("{} `{}`: link `{link}` does not resolve to any entry", e.kind, e.name));
            } else if !seen.insert(link) {
                report(format!("{} `{}`: link `{link}` is listed twice", e.kind, e.name));
            }
        }
        match &mut e.detail {
            SeedDetail::Condition(c) => {
                for id in &c.implies {
                    match index.get(id) {
                        Some((_, _, _, Some(_))) => {
                            report(format!("condition `{}`: implies {}", e.name, foreign(id).unwrap_or_default()))
                        }
                        Some((Kind::Condition, sys, _, _)) if *sys == e.system && *id != e.id => {}
                        Some(_) => report(format!(
                            "condition `{}`: implies `{id}`, which is not another {} condition",
                            e.name, e.system
                        )),
                        None => report(format!("condition `{}`: implies `{id}`, which does not resolve", e.name)),
                    }
                }
            }
            SeedDetail::Position(p) => match p.spell_id.as_ref().map(|id| (id, index.get(id))) {
                None => {}
                Some((id, Some((_, _, _, Some(_))))) => {
                    report(format!("position `{}`: `spell` {}", e.name, foreign(id).unwrap_or_default()))
                }
                Some((_, Some((Kind::Spell, _, name, _)))) => p.spell = Some(name.clone()),
                Some((id, Some(_))) => report(format!("position `{}`: `spell` `{id}` is not a spell", e.name)),
                Some((id, None)) => report(format!("position `{}`: `spell` `{id}` does not resolve", e.name)),
            },
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn success_targets() {
        assert_eq!(success_target("2+"), Some(2));
        assert_eq!(success_target("3+ (4+ if cast on opposing player)"), Some(3));
        assert_eq!(success_target("auto"), None);
        assert_eq!(success_target("7+"), None);
    }
}
