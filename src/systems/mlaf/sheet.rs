//! The MLAF sheet (a team's spellcaster): the roster position, level and SPP, and the
//! spells known, with how many may be cast in a match and the odds of each.

use super::rules::{self as mlaf, CastOptions, SpellRef};
use crate::characters::{Character, CharacterRef};
use crate::error::Result;
use crate::model::{Detail, Entry, Position};
use crate::rulebook::Rulebook;
use crate::rules::{Term, TermOp};
use crate::sheets::layout::{choice, header, int, list, list_section, notes, section, ListKind, SheetLayout};
use crate::sheets::{sheet_entry, Derived, Reader};
use crate::Kind;

/// The document gives no ceiling for Star Player Points; this generous cap only catches
/// typing mistakes.
const SPP_MAX: i64 = 500;

const SPELLCASTERS: &str = "mlaf/rule/spellcasters";
const CASTING: &str = "mlaf/rule/how-to-cast-spells";
const STAR_PLAYER_ROLLS: &str = "mlaf/rule/star-player-rolls";
const POWER_DRAIN: &str = "mlaf/spell/power-drain";
const COUNTERSPELL: &str = "mlaf/spell/counterspell";

const G_MATCH: &str = "Match";
const G_CASTING: &str = "Casting";

/// The races of the spellcaster roster, in its order.
const RACES: &[&str] = &[
    "Amazon",
    "Araby",
    "Bretonnian",
    "Chaos",
    "Chaos Dwarf",
    "Dark Elf",
    "Dwarf",
    "Feline",
    "Goblin",
    "Halfling",
    "High Elf",
    "Human",
    "Khemri",
    "Lizardman",
    "Nippon",
    "Norse",
    "Orc",
    "Simian",
    "Skaven",
    "Skeleton",
    "Undead",
    "Vampire",
    "Were",
    "Wood Elf",
    "Zombie",
];

pub(crate) fn layout() -> SheetLayout {
    let mut position =
        list(ListKind::Items, &[Kind::Position], false, "The caster's position on the roster: one per team.");
    position.single = true;
    SheetLayout {
        system: super::rules::SYSTEM.into(),
        title: "Spellcaster".into(),
        sections: vec![
            header(vec![choice(
                "team-race",
                "Team race",
                RACES,
                "The race of the team; its caster comes from that row of the roster.",
            )
            .rule(SPELLCASTERS)]),
            list_section("position", "Position", position, vec![]),
            section(
                "career",
                "Career",
                vec![
                    int(
                        "level",
                        "Level",
                        None,
                        (1, mlaf::MAX_LEVEL, 1),
                        "Rookies start at 1; each level is one more spell a match.",
                    )
                    .rule(SPELLCASTERS),
                    int("spp", "SPP", None, (0, SPP_MAX, 0), "Star Player Points; a successful cast earns 1.")
                        .rule(STAR_PLAYER_ROLLS),
                ],
            ),
            section(
                "roster",
                "Team roster",
                vec![
                    int(
                        "spellcasters",
                        "Spellcasters",
                        None,
                        (0, mlaf::ROSTER_MAX, 1),
                        "Spellcasters on the team's roster, this one included: one at most.",
                    )
                    .rule(SPELLCASTERS),
                    int(
                        "special-players",
                        "Other special players",
                        None,
                        (0, mlaf::ROSTER_MAX, 0),
                        "Special players besides the caster; he takes one of the special-player slots.",
                    )
                    .rule(SPELLCASTERS),
                ],
            ),
            list_section(
                "spells",
                "Spells known",
                list(
                    ListKind::Spells,
                    &[Kind::Spell],
                    false,
                    "The position's own racial spell, and open spells from the Spell Table.",
                ),
                vec![],
            ),
            section("notes", "Notes", vec![notes()]),
        ],
    }
}

fn position_stats(out: &mut Derived, e: &Entry, p: &Position, level: i64) {
    let group = format!("{} ({})", e.name, p.race);
    let id = Some(e.id.as_str());
    let num = |label: &str, v: i64| vec![Term::num(format!("Roster: {label}"), v, id)];
    out.push("position.race", "Race", &group, p.race.clone(), vec![Term::text("Roster", p.race.clone(), id)], id);
    out.push("position.ma", "MA", &group, p.ma, num("MA", p.ma), id);
    out.push("position.st", "ST", &group, p.st, num("ST", p.st), id);
    out.push("position.ag", "AG", &group, p.ag, num("AG", p.ag), id);
    out.push("position.av", "AV", &group, p.av, num("AV", p.av), id);
    // The roster's "Level 1" is a rookie's: a caster of another level holds his own.
    let roster = p.skills.join(", ");
    let skills = mlaf::position_at_level(p, level).skills.join(", ");
    let mut terms = vec![Term::text("Roster", roster.clone(), id)];
    if skills != roster {
        terms.push(Term::text(format!("At level {level}"), skills.clone(), id));
    }
    out.push("position.skills", "Skills", &group, skills, terms, id);
    let categories = p.categories.join(", ");
    out.push(
        "position.categories",
        "Skill categories",
        &group,
        categories.clone(),
        vec![Term::text("Roster", categories, id)],
        id,
    );
    out.push("position.cost", "Cost (gp)", &group, p.cost, num("cost", p.cost), id);
}

/// What the rules derive from an MLAF caster's sheet, step by step: spells per match,
/// the team's roster, the position from the roster, and each spell known.
pub(crate) fn derive(tome: &dyn Rulebook, c: &Character, r: &mut Reader, out: &mut Derived) -> Result<()> {
    let level = r.int("level");
    match mlaf::spells_per_match(level) {
        Ok((n, terms)) => out.push("spells-per-match", "Spells per match", G_MATCH, n, terms, Some(SPELLCASTERS)),
        Err(e) => out.warn(Some("level".into()), e.to_string(), Some(SPELLCASTERS)),
    }

    roster(r, out);
    let position = position(tome, c, r, out, level)?;
    for known in racial_unlisted(c, position.as_ref()).iter().chain(&c.spells) {
        spell_known(tome, known, position.as_ref(), level, out)?;
    }
    Ok(())
}

/// The position's racial spell when the sheet's list leaves it off: the position brings
/// it (the roster lists it among his starting skills, as the Warper's Warpfire), so he
/// knows it whether or not it is written down, as the `roster` action of a match has it.
fn racial_unlisted(c: &Character, position: Option<&(Entry, Position)>) -> Option<CharacterRef> {
    let (_, p) = position?;
    let (id, name) = (p.spell_id.as_ref()?, p.spell.as_ref()?);
    (!c.spells.iter().any(|s| &s.entry_id == id)).then(|| CharacterRef {
        entry_id: id.clone(),
        name: name.clone(),
        retired: false,
    })
}

/// The team's roster: one caster, and the special-player slot he takes.
fn roster(r: &mut Reader, out: &mut Derived) {
    match mlaf::roster_check(r.int("spellcasters"), r.int("special-players")) {
        Ok(check) => {
            out.push(
                "special-slots-left",
                "Special-player slots left",
                G_MATCH,
                check.slots_left,
                check.terms,
                Some(SPELLCASTERS),
            );
            for (field, problem) in check.problems {
                let mut text = problem;
                if let Some(first) = text.get_mut(0..1) {
                    first.make_ascii_uppercase();
                }
                out.warn(Some(field.into()), text, Some(SPELLCASTERS));
            }
        }
        Err(e) => out.warn(Some("spellcasters".into()), e.to_string(), Some(SPELLCASTERS)),
    }
}

/// The position from the roster (one a caster), its stats, and whether it fits the
/// team's race and brings its racial spell.
fn position(
    tome: &dyn Rulebook,
    c: &Character,
    r: &mut Reader,
    out: &mut Derived,
    level: i64,
) -> Result<Option<(Entry, Position)>> {
    let mut position: Option<(Entry, Position)> = None;
    for item in &c.items {
        let field = format!("item:{}", item.entry_id);
        let Some(e) = sheet_entry(tome, &item.entry_id, field.clone(), out)? else { continue };
        let Some(Detail::Position(p)) = e.detail.clone() else { continue };
        if let Some((first, _)) = &position {
            out.warn(
                Some(field),
                format!("A caster has one position; {} is used and {} left out", first.name, e.name),
                Some(SPELLCASTERS),
            );
            continue;
        }
        position = Some((e, p));
    }
    if let Some((e, p)) = &position {
        position_stats(out, e, p, level);
        let field = Some(format!("item:{}", e.id));
        if let Some(team) = r.text("team-race").filter(|t| !t.eq_ignore_ascii_case(&p.race)) {
            out.warn(
                field,
                format!("The {} is the {} team's caster, and this team is {team}", e.name, p.race),
                Some(SPELLCASTERS),
            );
        }
        if let (Some(spell), Some(spell_id)) = (&p.spell, &p.spell_id) {
            let id = Some(spell_id.as_str());
            let term = Term::text(format!("Comes with the {}", e.name), spell.clone(), id);
            out.push(
                "position.spell",
                "Racial spell",
                &format!("{} ({})", e.name, p.race),
                spell.clone(),
                vec![term],
                id,
            );
        }
    }
    Ok(position)
}

/// A spell known: who may learn it (a racial spell its position's alone), and the
/// casting roll with its chance (Power Drain and Counterspell against a caster of the
/// same level).
fn spell_known(
    tome: &dyn Rulebook,
    known: &CharacterRef,
    position: Option<&(Entry, Position)>,
    level: i64,
    out: &mut Derived,
) -> Result<()> {
    let field = format!("spell:{}", known.entry_id);
    let Some(e) = sheet_entry(tome, &known.entry_id, field.clone(), out)? else { return Ok(()) };
    let Some(Detail::Spell(s)) = &e.detail else { return Ok(()) };
    if s.list == "racial" {
        let only = s.restriction.clone().unwrap_or_else(|| "one position".into());
        match position {
            Some((_, p)) if p.spell_id.as_deref() == Some(e.id.as_str()) => {}
            Some((pe, _)) => out.warn(
                Some(field.clone()),
                format!("{} is a racial spell ({only}); a {} cannot learn it", e.name, pe.name),
                Some(&e.id),
            ),
            None => out.warn(
                Some(field.clone()),
                format!("{} is a racial spell ({only}); pick the position first", e.name),
                Some(&e.id),
            ),
        }
    }
    let Some(target) = s.success_target else { return Ok(()) };
    // Power Drain and Counterspell pit levels against each other: the sheet shows
    // the roll against a caster of the same level.
    let contest = e.id == POWER_DRAIN || e.id == COUNTERSPELL;
    let opts = if contest {
        CastOptions { level: Some(level), enemy_level: Some(level), ..CastOptions::default() }
    } else {
        CastOptions::default()
    };
    let spell = SpellRef { id: e.id.clone(), name: e.name.clone(), target };
    match mlaf::cast(&spell, &opts) {
        Ok(k) => {
            let mut terms = k.terms;
            if contest {
                terms.push(Term::text(
                    "Enemy caster taken to be",
                    format!("level {level}, like this one"),
                    Some(&e.id),
                ));
            }
            let slug = e.id.rsplit('/').next().unwrap_or(&e.id).to_string();
            out.push(
                format!("spell.{slug}.roll"),
                format!("{}: d6 needed", e.name),
                G_CASTING,
                k.needs,
                terms.clone(),
                Some(CASTING),
            );
            // One way to write a chance, as the calculators write theirs.
            let chance = crate::rules::percent(k.probability);
            // The chance is read from the roll needed; the roll's own terms add up to that.
            let mut chance_terms = vec![Term::note(format!("{}: d6 needed", e.name), k.needs, Some(CASTING))];
            chance_terms.extend(terms.into_iter().filter(|t| t.op == TermOp::Note));
            out.push(
                format!("spell.{slug}.chance"),
                format!("{}: chance", e.name),
                G_CASTING,
                chance,
                chance_terms,
                Some(CASTING),
            );
        }
        Err(err) => out.warn(Some(field), err.to_string(), Some(CASTING)),
    }
    Ok(())
}
