//! Turning parsed seed files into [`Content`], collecting every problem with its place.

use std::collections::{HashMap, HashSet};

use toml::Spanned;

use super::raw::{self, Common, ContentFile, OrNa, SystemsFile};
use super::{Content, ContentEntry, Problem, Problems, SeedDetail, SeedFiles, SystemDef};
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
            problems.push(Problem::file(
                &file,
                format!("folder `{system}` is not a system declared in {SYSTEMS_FILE}"),
            ));
            continue;
        }
        let parsed: ContentFile = match toml::from_str(&f.text) {
            Ok(p) => p,
            Err(e) => {
                problems.push(toml_problem(&file, &f.text, &e));
                continue;
            }
        };
        let mut cx = FileCx { file: &file, text: &f.text, system, problems: &mut problems, out: &mut entries };
        cx.convert(parsed);
    }

    check_unique_ids(&entries, &mut problems);
    check_references(&mut entries, &mut problems);
    let mentions = super::mentions::find(&entries);
    for (e, found) in entries.iter_mut().zip(mentions) {
        e.mentions = found;
    }

    if problems.is_empty() {
        Ok(Content { systems, entries })
    } else {
        problems.0.sort();
        Err(problems)
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
            problems.push(Problem::at(file, line, format!("system id `{}` must be lower-case letters, digits and dashes", s.id)));
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

fn toml_problem(file: &str, text: &str, e: &toml::de::Error) -> Problem {
    let message = e.message().trim().to_string();
    match e.span() {
        Some(span) => Problem::at(file, line_of(text, span.start), message),
        None => Problem::file(file, message),
    }
}

/// 1-based line of a byte offset.
fn line_of(text: &str, offset: usize) -> usize {
    text.as_bytes()[..offset.min(text.len())].iter().filter(|&&b| b == b'\n').count() + 1
}

struct FileCx<'a> {
    file: &'a str,
    text: &'a str,
    system: &'a str,
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
        let line = line_of(self.text, item.span().start);
        let item = item.into_inner();
        let c = item.common();
        let what = format!("{} `{}`", kind, c.name);

        for (field, value) in [("name", c.name), ("section", c.section), ("summary", c.summary)] {
            if value.trim().is_empty() {
                self.problem(line, format!("{what}: `{field}` is required and must not be empty"));
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
                if !is_slug(&s) {
                    self.problem(line, format!("{what}: the name gives the slug `{s}`, which is not plain ASCII; add an explicit `slug`"));
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
        let group = match w.group {
            raw::WeaponGroup::Melee => "melee",
            raw::WeaponGroup::Missile => "missile",
        };
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
            list: match s.list {
                raw::SpellList::Open => "open".into(),
                raw::SpellList::Racial => "racial".into(),
            },
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
            let actor = match c.actor {
                raw::Actor::Pc => "pc",
                raw::Actor::Creature => "creature",
                raw::Actor::Any => "any",
            };
            if !actors.insert(actor) {
                self.problem(line, format!("maneuver `{}`: two costs for actor `{actor}`", m.name));
            }
            if c.printed.trim().is_empty() {
                self.problem(line, format!("maneuver `{}`: a cost's `printed` is empty", m.name));
            }
            let unit = match c.unit {
                raw::CostUnit::Ap => "AP",
                raw::CostUnit::ReactiveAp => "reactive AP",
                raw::CostUnit::CreatureAction => "creature action",
                raw::CostUnit::CreatureReaction => "creature reaction",
                raw::CostUnit::AttackAdvantage => "attack advantage",
            };
            costs.push(model::ManeuverCost {
                actor: actor.into(),
                amount: c.amount.map(|a| a.0),
                unit: unit.into(),
                printed: c.printed.trim().to_string(),
            });
        }
        let tier = m.tier.map(|t| match t {
            raw::Tier::Basic => "basic".to_string(),
            raw::Tier::Advanced => "advanced".to_string(),
        });
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
                self.problem(line, format!(
                    "table `{name}`, row {n}: {} cells for {} columns", r.cells.len(), t.columns.len()
                ));
            }
            if r.roll.is_some() && r.key.is_some() {
                self.problem(line, format!("table `{name}`, row {n}: a row has `roll` or `key`, not both"));
            }
            if let Some([lo, hi]) = r.roll {
                if lo > hi {
                    self.problem(line, format!("table `{name}`, row {n}: roll [{lo}, {hi}] is backwards"));
                }
                match span {
                    Some((min, max)) if lo < min || hi > max => self.problem(line, format!(
                        "table `{name}`, row {n}: roll [{lo}, {hi}] is outside what {} can roll ({min}-{max})",
                        t.dice.as_deref().unwrap_or_default()
                    )),
                    None if t.dice.is_none() => self.problem(line, format!(
                        "table `{name}`, row {n}: a roll range needs the table's `dice`"
                    )),
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
            });
        }
        if let Some((min, max)) = span {
            let covered: i64 = rolls.iter().map(|(lo, hi)| hi - lo + 1).sum();
            if rolls.len() == t.rows.len() && covered != max - min + 1 {
                self.problem(line, format!(
                    "table `{name}`: rows cover {covered} of the {} results of {}",
                    max - min + 1,
                    t.dice.as_deref().unwrap_or_default()
                ));
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
    raw::WeaponSeed, raw::ArmorSeed, raw::SpellSeed, raw::ConditionSeed, raw::PlainSeed,
    raw::ManeuverSeed, raw::PositionSeed, raw::TableSeed, raw::RuleSeed
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

fn check_references(entries: &mut [ContentEntry], problems: &mut Problems) {
    let index: HashMap<String, (Kind, String, String)> =
        entries.iter().map(|e| (e.id.clone(), (e.kind, e.system.clone(), e.name.clone()))).collect();
    for e in entries.iter_mut() {
        let (file, line) = (e.file.clone(), e.line);
        let mut report = |message: String| problems.push(Problem::at(&file, line, message));
        let mut seen = HashSet::new();
        for link in &e.links {
            if link == &e.id {
                report(format!("{} `{}`: links to itself", e.kind, e.name));
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
                        Some((Kind::Condition, sys, _)) if *sys == e.system && *id != e.id => {}
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
                Some((_, Some((Kind::Spell, _, name)))) => p.spell = Some(name.clone()),
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
