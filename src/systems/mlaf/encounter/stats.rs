//! What a spellcaster brings to a match: the stats a GM types or the sheet gives, his
//! team, and the values the match tracks from them.

use std::collections::BTreeMap;

use super::super::rules::{spells_per_match, MAX_LEVEL, MAX_MATCH_SPP};
use super::roster::{self, KNOWN, POSITION};
use crate::characters::{Character, SheetValue};
use crate::encounters::{Combatant, Mark, StatSpec, State};
use crate::error::{Error, Result};
use crate::sheets::Derived;
use crate::Kind;

/// The most SPP a sheet holds (as the sheet's own field).
const SPP_MAX: i64 = 500;
pub(super) const CASTS: &str = "casts";
/// A match has two teams.
pub(super) const TEAMS: i64 = 2;

pub(super) static STATS: &[StatSpec] = &[
    StatSpec {
        key: "team",
        label: "Team (1 or 2; team 1 takes the first turn; 0: the team still without a caster)",
        aliases: &["side"],
        min: 0,
        max: TEAMS,
        default: 0,
    },
    StatSpec { key: "level", label: "Spellcaster level", aliases: &["lvl", "l"], min: 1, max: MAX_LEVEL, default: 1 },
    StatSpec {
        key: "spp",
        label: "SPP before the match",
        aliases: &["star-player-points"],
        min: 0,
        max: SPP_MAX,
        default: 0,
    },
];

/// How a match stored before Tome brought a sheet whole (issue 72) kept a sheet's roster
/// position and spells known in its stored stats, on their way to the caster's marks: a
/// key naming the entry (`PREFIX id TAB name`), a spell's number its place on the sheet.
/// `join` still takes them out of such a match's stored stats; a sheet now brings its
/// marks as they are ([`sheet_marks`]).
const SHEET_POSITION: &str = "sheet-position:";
const SHEET_SPELL: &str = "sheet-spell:";
/// A position's skill rode as `PREFIX TAB name`, its number its place in the roster's list.
const SHEET_SKILL: &str = "sheet-skill:";
/// The flag on the marks a sheet gave, so a match stored before Tome read them replays
/// without them.
pub(super) const FROM_SHEET: &str = "sheet";

/// The numbers a sheet gives the match: the caster's level and his SPP before it.
pub(super) fn from_sheet(c: &Character, _derived: &Derived) -> BTreeMap<String, i64> {
    ["level", "spp"]
        .into_iter()
        .filter_map(|key| match c.values.get(key) {
            Some(SheetValue::Int(n)) => Some((key.to_string(), *n)),
            _ => None,
        })
        .collect()
}

/// What a sheet's roster brings as the caster's marks, as the `roster` action makes them:
/// his position (the sheet keeps one: it warns about a second and uses the first), its
/// starting skills, then the spells he knows in the sheet's order, the position's racial
/// spell first when the sheet's list leaves it off (the position brings it).
pub(super) fn sheet_marks(c: &Character, derived: &Derived) -> Vec<Mark> {
    let from_sheet = |list: &str, id: &str, name: &str| Mark {
        list: list.into(),
        name: name.into(),
        id: Some(id.into()),
        flags: vec![FROM_SHEET.into()],
        numbers: BTreeMap::new(),
    };
    let mut out = Vec::new();
    if let Some(p) = c.items.iter().find(|i| i.kind == Kind::Position && !i.retired) {
        let name = match derived.stat("position.race").and_then(|r| r.value.as_str()) {
            Some(race) => format!("{} ({race})", p.name),
            None => p.name.clone(),
        };
        out.push(from_sheet(POSITION, &p.entry_id, &name));
        let skills = derived.stat("position.skills").and_then(|s| s.value.as_str()).unwrap_or_default();
        out.extend(skills.split(", ").filter(|s| !s.is_empty()).map(roster::skill));
    }
    if let Some(racial) = derived.stat("position.spell") {
        let id = racial.rule.clone().unwrap_or_default();
        if !id.is_empty() && !c.spells.iter().any(|s| s.entry_id == id) {
            out.push(from_sheet(KNOWN, &id, racial.value.as_str().unwrap_or_default()));
        }
    }
    out.extend(c.spells.iter().filter(|s| !s.retired).map(|s| from_sheet(KNOWN, &s.entry_id, &s.name)));
    out
}

/// The SPP before the match stay a stat; the match tracks only what it adds, so the
/// caster's SPP are always the two summed and `set` names each value once. A match
/// stored before a sheet brought its marks whole has them in the stats: they become the
/// caster's marks here, as they did then.
pub(super) fn join(c: &mut Combatant) {
    c.set("spp-earned", 0);
    c.set("drained", 0);
    let carried: Vec<(String, i64)> = c
        .stats
        .iter()
        .filter(|(k, _)| [SHEET_POSITION, SHEET_SPELL, SHEET_SKILL].iter().any(|p| k.starts_with(p)))
        .map(|(k, v)| (k.clone(), *v))
        .collect();
    let mut spells = Vec::new();
    let mut skills = Vec::new();
    for (key, at) in carried {
        c.stats.remove(&key);
        if let Some(name) = key.strip_prefix(SHEET_SKILL).and_then(|r| r.strip_prefix('\t')) {
            skills.push((at, roster::skill(name)));
            continue;
        }
        let (list, rest) = match key.strip_prefix(SHEET_POSITION) {
            Some(rest) => (POSITION, rest),
            None => (KNOWN, key.strip_prefix(SHEET_SPELL).unwrap_or_default()),
        };
        let Some((id, name)) = rest.split_once('\t') else { continue };
        let mark = Mark {
            list: list.into(),
            name: name.into(),
            id: Some(id.into()),
            flags: vec![FROM_SHEET.into()],
            numbers: BTreeMap::new(),
        };
        if list == POSITION {
            c.marks.push(mark);
        } else {
            spells.push((at, mark));
        }
    }
    skills.sort_by_key(|(at, _)| *at);
    c.marks.extend(skills.into_iter().map(|(_, m)| m));
    spells.sort_by_key(|(at, _)| *at);
    c.marks.extend(spells.into_iter().map(|(_, m)| m));
}

/// The caster's SPP now: those he came with and those earned this match.
pub(super) fn spp(c: &Combatant) -> i64 {
    c.stat("spp") + c.value("spp-earned")
}

/// Each race recruits one spellcaster (line 5), so a team has one: a caster given no
/// team (or set to 0) joins the one still without a caster.
pub(super) fn admit(s: &State, c: &mut Combatant) -> Result<()> {
    // Set by hand, the caster is already among them: only the others count.
    let taken = |t: i64| s.combatants.iter().find(|o| o.stat("team") == t && o.name != c.name);
    let free = (1..=TEAMS).find(|t| taken(*t).is_none());
    let team = c.stat("team");
    if team == 0 {
        let Some(t) = free else {
            let names: Vec<&str> = s.combatants.iter().map(|o| o.name.as_str()).collect();
            return Err(Error::InvalidInput(format!(
                "both teams have their spellcaster ({}): a match has two teams, each recruiting one at most",
                names.join(", ")
            )));
        };
        c.stats.insert("team".into(), t);
        return Ok(());
    }
    let Some(other) = taken(team) else { return Ok(()) };
    let hint = match free {
        Some(t) => format!("{} can be on team {t} instead", c.name),
        None => "both teams have theirs".to_string(),
    };
    Err(Error::InvalidInput(format!(
        "team {team} already has its spellcaster, {}: a team recruits one at most; {hint}",
        other.name
    )))
}

/// The bounds of the values a GM may set by hand: SPP earned in one match as a player's
/// may be typed (0 to 30), and Power Drained is yes (1) or no (0).
pub(super) fn value_range(field: &str) -> Option<(i64, i64)> {
    match field {
        "spp-earned" => Some((0, MAX_MATCH_SPP)),
        "drained" => Some((0, 1)),
        _ => None,
    }
}

/// The caster on the other team, if he is in the match.
pub(super) fn opponent(s: &State, me: usize) -> Option<usize> {
    let team = s.combatants[me].stat("team");
    s.combatants.iter().position(|o| o.stat("team") != team)
}

pub(super) fn casts(c: &Combatant) -> i64 {
    c.marks(CASTS).count() as i64
}

pub(super) fn limit(c: &Combatant) -> i64 {
    spells_per_match(c.stat("level").clamp(1, MAX_LEVEL)).map_or(1, |(n, _)| n)
}

pub(super) fn spells(n: i64) -> String {
    if n == 1 {
        "1 spell".into()
    } else {
        format!("{n} spells")
    }
}
