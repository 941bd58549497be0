//! Casting a spell.

use super::*;

/// Where a Blizzard is cast: the spell's text shifts its roll in two regions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stadium {
    /// +1 to the success roll.
    Northmarks,
    /// -2 to the success roll.
    SouthernProvinces,
}

/// The spell being cast: its entry id, name and printed d6 target.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SpellRef {
    pub id: String,
    pub name: String,
    pub target: i64,
}

/// The circumstances of one casting roll.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CastOptions {
    /// Enemy tackle zones the caster stands in (0 to 8); each is -1 on the roll.
    pub enemy_tz: i64,
    /// The caster's level (Power Drain and Counterspell add it to the roll).
    pub level: Option<i64>,
    /// The enemy caster's level (Power Drain and Counterspell subtract it). For a
    /// Counterspell, leaving it out means the target is a Magic Item card.
    pub enemy_level: Option<i64>,
    /// Form of Mist aimed at an opposing player (-1 to the roll, so 4+).
    pub opposing: bool,
    /// Blizzard's stadium region, if it is one the spell names.
    pub stadium: Option<Stadium>,
}

/// The odds of one casting roll.
#[derive(Debug, Clone, PartialEq)]
pub struct Casting {
    /// The d6 face needed once every modifier is folded into the target (may fall below
    /// 2 or rise above 6).
    pub needs: i64,
    /// The natural faces that succeed.
    pub faces: Vec<i64>,
    /// Chance of success, 0 to 1, rounded to four decimals.
    pub probability: f64,
    /// Whether a natural 6 always succeeds and a natural 1 always fails for this spell.
    pub naturals: bool,
    /// When the natural-6 and natural-1 rules both cover one face, which was applied.
    pub natural_rule: Option<String>,
    pub terms: Vec<Term>,
    pub warnings: Vec<String>,
}

/// The natural d6 faces that succeed when `needs` is required, and their chance. With
/// `naturals`, a 6 succeeds and a 1 fails whatever `needs` is.
///
/// The casting rules themselves have no "a 1 always fails" rule; only Power Drain and
/// Counterspell add one (and the matching "a 6 always succeeds").
pub fn d6_odds(needs: i64, naturals: bool) -> (Vec<i64>, f64) {
    let faces: Vec<i64> =
        (1..=6).filter(|&f| if naturals { f == 6 || (f != 1 && f >= needs) } else { f >= needs }).collect();
    let p = round4(faces.len() as f64 / 6.0);
    (faces, p)
}

/// The casting roll for `spell`: its target, +1 per enemy tackle zone, and the spell's
/// own modifiers (levels for Power Drain and Counterspell, the opposing-player penalty
/// for Form of Mist, the stadium for Blizzard).
///
/// # Errors
/// [`Error::InvalidInput`] for a count or level outside the rules' range, or a Power
/// Drain or Counterspell without the levels it needs.
pub fn cast(spell: &SpellRef, opts: &CastOptions) -> Result<Casting> {
    check("the success target", spell.target, (2, 6))?;
    check("--enemy-tz (enemy tackle zones the caster stands in)", opts.enemy_tz, (0, MAX_ENEMY_TZ))?;
    if let Some(l) = opts.level {
        check("--level (the caster's level)", l, (1, MAX_LEVEL))?;
    }
    if let Some(l) = opts.enemy_level {
        check("--enemy-level (the enemy caster's level)", l, (1, MAX_LEVEL))?;
    }
    let id = spell.id.as_str();
    let mut terms = vec![Term::num(format!("{} succeeds on {}+", spell.name, spell.target), spell.target, Some(id))];
    let mut warnings = Vec::new();
    let mut needs = spell.target;

    if opts.enemy_tz > 0 {
        let s = if opts.enemy_tz == 1 { "" } else { "s" };
        terms.push(Term::num(
            format!("{} enemy tackle zone{s} on the caster (each -1 on the roll)", opts.enemy_tz),
            opts.enemy_tz,
            Some(CASTING),
        ));
        needs += opts.enemy_tz;
    }

    let contest = id == POWER_DRAIN || id == COUNTERSPELL;
    if contest {
        needs += contest_levels(spell, opts, &mut terms, &mut warnings)?;
    } else if opts.level.is_some() || opts.enemy_level.is_some() {
        warnings.push(format!("levels only change Power Drain and Counterspell rolls; ignored for {}", spell.name));
    }

    if opts.opposing {
        if id == FORM_OF_MIST {
            terms.push(Term::num("Cast on an opposing player (-1 on the roll)", 1, Some(id)));
            needs += 1;
        } else {
            warnings.push(format!("--opposing only changes Form of Mist; ignored for {}", spell.name));
        }
    }

    match (opts.stadium, id == BLIZZARD) {
        (Some(Stadium::Northmarks), true) => {
            terms.push(Term::num("Stadium in the Northmarks (+1 on the roll)", -1, Some(id)));
            needs -= 1;
        }
        (Some(Stadium::SouthernProvinces), true) => {
            terms.push(Term::num("Stadium in the Southern Provinces (-2 on the roll)", 2, Some(id)));
            needs += 2;
        }
        (Some(_), false) => warnings.push(format!("--stadium only changes Blizzard; ignored for {}", spell.name)),
        (None, _) => {}
    }

    if id == WEATHER_CONTROL {
        terms.push(Term::text("A 6 on the roll lets the caster pick any weather", "6", Some(id)));
    }

    let natural_rule = if contest { natural_collision(spell, needs) } else { None };
    if let Some(rule) = &natural_rule {
        terms.push(Term::text(rule.clone(), if needs > spell.target { "6 succeeds" } else { "1 fails" }, Some(id)));
    }
    let (faces, probability) = d6_odds(needs, contest);
    if faces.is_empty() {
        warnings.push(format!("{} cannot succeed: it would need {needs} on a d6", spell.name));
    }
    Ok(Casting { needs, faces, probability, naturals: contest, natural_rule, terms, warnings })
}

/// A level contest (Power Drain, Counterspell): the caster's level against the enemy
/// caster's, and the naturals that always succeed and fail. What it adds to the face
/// needed.
fn contest_levels(
    spell: &SpellRef,
    opts: &CastOptions,
    terms: &mut Vec<Term>,
    warnings: &mut Vec<String>,
) -> Result<i64> {
    let id = spell.id.as_str();
    let need_level = || {
        opts.level.ok_or_else(|| {
            Error::InvalidInput(format!(
                "{} adds the caster's level to the roll: give --level (1 to {MAX_LEVEL})",
                spell.name
            ))
        })
    };
    let shift = match opts.enemy_level {
        Some(enemy) => {
            let level = need_level()?;
            terms.push(Term::num(format!("Caster's level {level} (added to the roll)"), -level, Some(id)));
            terms.push(Term::num(format!("Enemy caster's level {enemy} (taken off the roll)"), enemy, Some(id)));
            enemy - level
        }
        None if id == POWER_DRAIN => {
            need_level()?;
            return Err(Error::InvalidInput(format!(
                "Power Drain is aimed at the enemy spellcaster: give --enemy-level (1 to {MAX_LEVEL})"
            )));
        }
        None => {
            // Counterspell against a Magic Item card: the levels only count against a spell.
            terms.push(Term::num("Countering a Magic Item card: no levels count", 0, Some(id)));
            let note = match opts.level {
                Some(level) => format!("your level {level} does not change the roll"),
                None => "no level is needed".to_string(),
            };
            warnings.push(format!("no --enemy-level, so this is a Counterspell against a Magic Item card and {note}"));
            0
        }
    };
    terms.push(Term::text("A natural 6 always succeeds", "6", Some(id)));
    terms.push(Term::text("A natural 1 always fails", "1", Some(id)));
    if id == POWER_DRAIN && opts.enemy_tz == 0 {
        warnings.push(
            "Power Drain needs the enemy caster next to yours, so the caster usually stands in at least one enemy tackle zone".into(),
        );
    }
    Ok(shift)
}

/// Where the 6-always-succeeds and 1-always-fails rules of a level contest disagree
/// about one face, which one this calculator applied. The rules count a 6 or a 1 both
/// before and after modification, so a natural 6 modified down to 1 or less (`needs` 5
/// or more above the target), or a natural 1 modified up to 6 or more (`needs` 5 or
/// more below it), falls under both.
///
/// Interpretation: the unmodified die decides (a natural 6 succeeds, a natural 1 fails).
fn natural_collision(spell: &SpellRef, needs: i64) -> Option<String> {
    let shift = spell.target - needs;
    if shift <= -5 {
        Some(format!(
            "A natural 6 is modified to {}, a 1 or less: both rules apply; Interpretation: the unmodified 6 wins, so it succeeds",
            6 + shift
        ))
    } else if shift >= 5 {
        Some(format!(
            "A natural 1 is modified to {}, a 6 or more: both rules apply; Interpretation: the unmodified 1 wins, so it fails",
            1 + shift
        ))
    } else {
        None
    }
}

/// The spell entry a name or id names, with its d6 target.
#[cfg(test)]
pub(crate) fn spell_ref(tome: &dyn Rulebook, raw: &str) -> Result<SpellRef> {
    spell_detail(tome, raw).map(|(s, _)| s)
}

/// The spell entry a name or id names, with its d6 target, and what the entry says of it
/// (when, range, restriction, failure).
pub(crate) fn spell_detail(tome: &dyn Rulebook, raw: &str) -> Result<(SpellRef, crate::model::Spell)> {
    let e = resolve_entry(tome, SYSTEM, Kind::Spell, raw)?;
    if e.system != SYSTEM || e.kind != Kind::Spell {
        return Err(Error::InvalidInput(format!("`{raw}` is not an MLAF spell (it is {})", e.id)));
    }
    let detail = match e.detail {
        Some(Detail::Spell(s)) => s,
        _ => return Err(Error::InvalidInput(format!("{} has no casting roll", e.name))),
    };
    let target = detail.success_target.ok_or_else(|| Error::InvalidInput(format!("{} has no casting roll", e.name)))?;
    Ok((SpellRef { id: e.id, name: e.name, target }, detail))
}
