//! Finding an Unseen creature, and the contests that follow a complete surprise.

use super::*;

/// Beyond this many feet an attempt to spot an Unseen creature fails by itself.
pub const SPOT_RANGE_FT: i64 = 60;
/// Allies of a downed victim within this many feet contest the hidden attacker.
pub const CONTEST_RANGE_FT: i64 = 30;

#[derive(Debug, Clone, PartialEq)]
pub struct Spot {
    /// The spotter learns which square the Unseen creature is in.
    pub found: bool,
    pub terms: Vec<Term>,
}

/// One try at spotting an Unseen creature: 1 monster action, once a turn, an AWR attack
/// against its ANT. A hit reveals its square (it stays Unseen); past 60 ft it fails.
///
/// Interpretation: like any attack, the AWR total hits when it reaches the ANT.
///
/// # Errors
/// [`Error::InvalidInput`] for values out of range, or a second try in one turn.
pub fn spot_unseen(awr_total: i64, ant: i64, distance_ft: i64, tried_this_turn: bool) -> Result<Spot> {
    check("awr", awr_total, (ROLL_MIN, ROLL_MAX))?;
    check("ant", ant, (ROLL_MIN, ROLL_MAX))?;
    check("distance", distance_ft, (0, DISTANCE_MAX))?;
    if tried_this_turn {
        return Err(Error::InvalidInput(
            "--tried-this-turn: a creature may try to spot an Unseen one only once on its turn".into(),
        ));
    }
    let rule = Some(C_UNSEEN);
    let mut terms = vec![Term::text("Cost", "1 monster action, once on the spotter's turn", rule)];
    terms.push(Term::note("Distance in ft", distance_ft, rule));
    if distance_ft > SPOT_RANGE_FT {
        terms.push(Term::text(format!("Beyond {SPOT_RANGE_FT} ft"), "automatic loss", rule));
        return Ok(Spot { found: false, terms });
    }
    terms.push(Term::note("AWR attack total (interpretation: reaching the ANT finds it)", awr_total, rule));
    terms.push(Term::note("Against its ANT", ant, rule));
    let found = awr_total >= ant;
    terms.push(Term::text("Result", if found { "its square is known; it stays Unseen" } else { "not found" }, rule));
    Ok(Spot { found, terms })
}

#[derive(Debug, Clone, PartialEq)]
pub struct Contests {
    /// The attacker stays Unseen and combat does not begin.
    pub hidden: bool,
    /// Allies who rolled, and whether each beat the attacker.
    pub noticed_by: Vec<String>,
    pub out_of_range: Vec<String>,
    pub terms: Vec<Term>,
}

/// After a complete surprise leaves its victim at 0 HP or unconscious and the attacker
/// Unseen, each of the victim's allies within 30 ft makes an AWR check against the
/// attacker's DEX; if the attacker wins every contest it stays Unseen and no combat
/// begins, otherwise initiative is rolled.
///
/// Interpretation: a tie is not a win for the attacker (it must win each contest).
///
/// # Errors
/// [`Error::InvalidInput`] for values out of range, or an ally without a distance.
pub fn surprise_contests(dex_total: i64, allies: &[(String, i64)], distances: &[(String, i64)]) -> Result<Contests> {
    check("dex", dex_total, (ROLL_MIN, ROLL_MAX))?;
    let rule = Some(C_SURPRISE_COMPLETE);
    let mut terms = vec![Term::note("Attacker's DEX check", dex_total, rule)];
    let (mut noticed_by, mut out_of_range) = (Vec::new(), Vec::new());
    for (name, awr) in allies {
        let Some((_, feet)) = distances.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)) else {
            return Err(Error::InvalidInput(format!("--distances: no distance given for {name}")));
        };
        check("distances", *feet, (0, DISTANCE_MAX))?;
        if *feet > CONTEST_RANGE_FT {
            terms.push(Term::text(format!("{name} ({feet} ft)"), "beyond 30 ft: no check", rule));
            out_of_range.push(name.clone());
            continue;
        }
        let wins = *awr >= dex_total;
        terms.push(Term::text(
            format!("{name}: AWR {awr} against DEX {dex_total} (interpretation: a tie notices)"),
            if wins { "notices the attacker" } else { "the attacker wins" },
            rule,
        ));
        if wins {
            noticed_by.push(name.clone());
        }
    }
    for (name, _) in distances {
        if !allies.iter().any(|(n, _)| n.eq_ignore_ascii_case(name)) {
            return Err(Error::InvalidInput(format!("--distances: {name} has no AWR check in --allies")));
        }
    }
    let hidden = noticed_by.is_empty();
    terms.push(Term::text(
        "Outcome",
        if hidden {
            "the attacker stays Unseen; combat does not begin"
        } else {
            "roll initiative; the surprised are Partially Surprised"
        },
        rule,
    ));
    Ok(Contests { hidden, noticed_by, out_of_range, terms })
}
