//! Movement, groups and combat options.

use super::*;

/// Feet in a pace.
pub const FEET_PER_PACE: i64 = 3;

/// Combat speeds in paces per round, and in feet.
#[derive(Debug, Clone, PartialEq)]
pub struct Movement {
    pub walk: i64,
    pub hurry: i64,
    pub run: i64,
    pub terms: Vec<Term>,
}

/// Walk is 10 + Quickness − Encumbrance paces a round (never below 0); hurry doubles
/// it and run quadruples it.
///
/// # Errors
/// Quickness or Encumbrance out of range.
pub fn movement(quickness: i64, encumbrance: i64) -> Result<Movement> {
    check("Quickness", quickness, CHAR)?;
    check("Encumbrance", encumbrance, ENC)?;
    let walk = (10 + quickness - encumbrance).max(0);
    let mut terms = vec![
        Term::num("Base walk", 10, Some(T_MOVEMENT)),
        Term::num("Quickness", quickness, Some(R_MOVING)),
        Term::num("Encumbrance", -encumbrance, Some(R_ENCUMBRANCE)),
    ];
    if 10 + quickness - encumbrance < 0 {
        terms.push(Term::num("Walk cannot go below 0", -(10 + quickness - encumbrance), Some(R_MOVING)));
    }
    // In a chain, so the terms fold to the run: walk ×2 is a hurry, a hurry ×2 a run.
    terms.push(Term::factor("Hurry: walk", 2, Some(T_MOVEMENT)));
    terms.push(Term::factor("Run: hurry", 2, Some(T_MOVEMENT)));
    Ok(Movement { walk, hurry: 2 * walk, run: 4 * walk, terms })
}

/// The most members a group may have, whatever the leader's Leadership.
pub const MAX_GROUP: i64 = 6;

/// A trained group's bonus.
#[derive(Debug, Clone, PartialEq)]
pub struct GroupBonus {
    /// The bonus the group gets (0 when the leader cannot coordinate it).
    pub bonus: i64,
    /// The other members' combat Abilities added up.
    pub sum: i64,
    /// Three times the leader's Leadership.
    pub cap: i64,
    /// The vanguard plus the others.
    pub members: i64,
    /// How many fighters the leader can coordinate: Leadership, at most six.
    pub max_members: i64,
    pub coordinated: bool,
    pub terms: Vec<Term>,
    pub warnings: Vec<String>,
}

/// A trained group's bonus to Attack or Defense: the combat Abilities of the members
/// other than the vanguard, summed and capped at 3 × the leader's Leadership. A group
/// bigger than the leader's Leadership fights as an untrained group (no bonus).
///
/// # Errors
/// Leadership or an Ability out of range; more than six members.
pub fn group_bonus(leadership: i64, others: &[i64]) -> Result<GroupBonus> {
    for &a in others {
        check("Each member's combat Ability", a, ABILITY)?;
    }
    let members = others.len() as i64 + 1;
    if members > MAX_GROUP {
        return Err(Error::InvalidInput(format!(
            "a group has at most {MAX_GROUP} members, the vanguard and up to {} others; {} others were given",
            MAX_GROUP - 1,
            others.len()
        )));
    }
    group_bonus_from_sum(leadership, others.iter().sum(), members)
}

/// [`group_bonus`] from the other members' combat Abilities already added up, for a
/// group of `members` (vanguard included): what an encounter's quick group gives.
///
/// # Errors
/// Leadership or the sum out of range; a group size outside 1 to 6.
pub fn group_bonus_from_sum(leadership: i64, sum: i64, members: i64) -> Result<GroupBonus> {
    check("Leadership", leadership, ABILITY)?;
    check("Group size", members, (1, MAX_GROUP))?;
    check("The other members' combat Abilities together", sum, (0, ABILITY.1 * (MAX_GROUP - 1)))?;
    let others = members - 1;
    let cap = 3 * leadership;
    let max_members = leadership.min(MAX_GROUP);
    let coordinated = members <= max_members;
    let capped = sum.min(cap);
    // The sum is the bonus; the cap and the too-large group take away what they stop.
    let mut terms = vec![
        Term::num(format!("Combat Abilities of the {others} others"), sum, Some(R_TRAINED)),
        Term::note("Cap: 3 × Leadership", cap, Some(R_TRAINED)),
        Term::note("Fighters the leader can coordinate", max_members, Some(R_TRAINED)),
    ];
    if capped < sum {
        terms.push(Term::num("Past the cap", capped - sum, Some(R_TRAINED)));
    }
    let mut warnings = Vec::new();
    let bonus = if coordinated {
        capped
    } else {
        terms.push(Term::num("Too many to coordinate: fights as an untrained group", -capped, Some(R_UNTRAINED)));
        warnings.push(format!(
            "{members} members (vanguard included) is more than the {max_members} a leader with Leadership {leadership} can coordinate: the group fights untrained, with no bonus (it would be {capped})"
        ));
        0
    };
    Ok(GroupBonus { bonus, sum, cap, members, max_members, coordinated, terms, warnings })
}

/// How a group's blows fall on the members of the group it hits.
#[derive(Debug, Clone, PartialEq)]
pub struct Blows {
    /// One blow per attacking member.
    pub blows: i64,
    /// Blows on each defender, the vanguard first.
    pub each: Vec<i64>,
    pub terms: Vec<Term>,
}

/// A group strikes once per member; the blows are shared out as evenly as they go, and
/// the vanguard never takes fewer than anyone else.
///
/// # Errors
/// A group size outside 1 to 6.
pub fn group_blows(attackers: i64, defenders: i64) -> Result<Blows> {
    check("Attacking group size", attackers, (1, MAX_GROUP))?;
    check("Defending group size", defenders, (1, MAX_GROUP))?;
    let (base, extra) = (attackers / defenders, attackers % defenders);
    let each: Vec<i64> = (0..defenders).map(|i| base + i64::from(i < extra)).collect();
    let terms = vec![
        Term::note("Blows: one per attacking member", attackers, Some(R_GROUP_DAMAGE)),
        Term::note("Defenders sharing them", defenders, Some(R_GROUP_DAMAGE)),
        Term::num("Blows on the vanguard", each[0], Some(R_GROUP_DAMAGE)),
    ];
    Ok(Blows { blows: attackers, each, terms })
}

/// The Attack penalty at range.
#[derive(Debug, Clone, PartialEq)]
pub struct RangePenalty {
    /// Range increments beyond the first.
    pub increments: i64,
    pub penalty: i64,
    pub terms: Vec<Term>,
}

/// −3 to Attack for each range increment beyond the first: a target within one
/// increment takes no penalty, one up to two increments away −3, and so on.
///
/// # Errors
/// A distance or increment out of range.
pub fn range_penalty(distance: i64, increment: i64) -> Result<RangePenalty> {
    check("Distance in paces", distance, (0, 100_000))?;
    check("Range increment in paces", increment, (1, 1_000))?;
    let increments = if distance <= 0 { 0 } else { (distance + increment - 1) / increment - 1 };
    let terms = vec![
        Term::note("Distance (paces)", distance, Some(R_MISSILE)),
        Term::note("Range increment (paces)", increment, Some(R_MISSILE)),
        Term::num("Increments beyond the first", increments, Some(R_MISSILE)),
        Term::factor("Penalty per increment", -3, Some(R_MISSILE)),
    ];
    Ok(RangePenalty { increments, penalty: -3 * increments, terms })
}

/// Mounted: Ride added to Attack and Defense, at most +3.
///
/// # Errors
/// Ride out of range.
pub fn mounted_bonus(ride: i64) -> Result<(i64, Vec<Term>)> {
    check("Ride", ride, ABILITY)?;
    let bonus = ride.min(3);
    Ok((bonus, vec![Term::num("Ride (at most +3), to Attack and Defense", bonus, Some(R_MOUNTED))]))
}

/// Disengaging: +3 for each attempt after the first, in a row (attacking resets it).
///
/// # Errors
/// An attempt number below 1 or too large.
pub fn disengage_bonus(attempt: i64) -> Result<(i64, Vec<Term>)> {
    check("Attempt", attempt, (1, 100))?;
    let bonus = 3 * (attempt - 1);
    Ok((bonus, vec![Term::num(format!("Attempt {attempt}: +3 for each earlier attempt"), bonus, Some(R_DISENGAGING))]))
}

/// Exertion: the combat Ability (the vanguard's, for a group) added to Attack or
/// Defense for a round, paid for with one Fatigue level by every member.
#[derive(Debug, Clone, PartialEq)]
pub struct Exertion {
    pub bonus: i64,
    /// Fatigue levels spent by the whole party: one each.
    pub fatigue_levels: i64,
    pub terms: Vec<Term>,
}

/// See [`Exertion`].
///
/// # Errors
/// The Ability or the number of members out of range.
pub fn exertion(ability: i64, members: i64) -> Result<Exertion> {
    check("Combat Ability", ability, ABILITY)?;
    check("Members", members, (1, MAX_GROUP))?;
    let terms = vec![
        Term::num("Combat Ability, to Attack or Defense this round", ability, Some(R_EXERTION)),
        Term::note("Fatigue levels spent (one per member)", members, Some(R_EXERTION)),
    ];
    Ok(Exertion { bonus: ability, fatigue_levels: members, terms })
}

/// The widest spread of any one combat total among a group's members when it forms.
pub const GROUP_SPREAD: i64 = 5;

/// Whether characters may form a group.
#[derive(Debug, Clone, PartialEq)]
pub struct Formation {
    pub can_form: bool,
    /// Each total's name and spread (best minus worst).
    pub spreads: Vec<(&'static str, i64)>,
    /// The totals whose spread is too wide.
    pub too_wide: Vec<&'static str>,
    pub terms: Vec<Term>,
}

/// One to six characters may form a group when, for every combat total, the best of
/// them is at most five points above the worst. Only forming is checked: wounds taken
/// later do not split a group.
///
/// # Errors
/// No member or more than six, or totals lists of different lengths.
pub fn group_formation(totals: &[(&'static str, Vec<i64>)]) -> Result<Formation> {
    let members = totals.iter().map(|(_, v)| v.len()).max().unwrap_or(0);
    if members == 0 {
        return Err(Error::InvalidInput("give each member's combat totals, one list per total".into()));
    }
    check("Members of a group", members as i64, (1, MAX_GROUP))?;
    let mut terms = vec![Term::note("Members", members as i64, Some(R_GROUPS))];
    let mut spreads = Vec::new();
    let mut too_wide = Vec::new();
    for (name, values) in totals {
        if values.is_empty() {
            continue;
        }
        if values.len() != members {
            return Err(Error::InvalidInput(format!(
                "--{name}: {} values for {members} members; give one per member, in the same order",
                values.len()
            )));
        }
        let spread = values.iter().max().unwrap_or(&0) - values.iter().min().unwrap_or(&0);
        terms.push(Term::note(format!("{name}: best minus worst"), spread, Some(R_GROUPS)));
        if spread > GROUP_SPREAD {
            too_wide.push(*name);
        }
        spreads.push((*name, spread));
    }
    terms.push(Term::note("Widest spread allowed", GROUP_SPREAD, Some(R_GROUPS)));
    Ok(Formation { can_form: too_wide.is_empty(), spreads, too_wide, terms })
}

/// A defending group split by attacking groups.
#[derive(Debug, Clone, PartialEq)]
pub struct Split {
    /// Attackers whose Attack Advantage was 0 or more.
    pub successes: i64,
    /// How many groups the defenders become (1: not split).
    pub parts: i64,
    /// Members in each new group, as even as possible.
    pub sizes: Vec<i64>,
    pub terms: Vec<Term>,
}

/// Two or more groups in melee with one group of several members may try to split it
/// instead of dealing damage: each attack with an Attack Advantage of 0 or more
/// succeeds. The defenders divide evenly into one more part than there were successes,
/// but never more parts than attacking groups (or members).
///
/// # Errors
/// Fewer than two attacking groups, a defending group of one, or out-of-range values.
pub fn split_group(members: i64, advantages: &[i64]) -> Result<Split> {
    check("Members of the defending group", members, (2, MAX_GROUP))?;
    let attackers = advantages.len() as i64;
    if attackers < 2 {
        return Err(Error::InvalidInput(
            "--advantages: splitting needs two or more attacking groups, one Attack Advantage each".into(),
        ));
    }
    check("Attacking groups", attackers, (2, 100))?;
    let successes = advantages.iter().filter(|&&a| a >= 0).count() as i64;
    let parts = if successes == 0 { 1 } else { (successes + 1).min(attackers).min(members) };
    let sizes: Vec<i64> = (0..parts).map(|i| members / parts + i64::from(i < members % parts)).collect();
    let terms = vec![
        Term::note("Attacking groups", attackers, Some(R_SPLITTING)),
        Term::note("Attacks with an Attack Advantage of 0 or more", successes, Some(R_SPLITTING)),
        Term::note("Parts: one more than the successes, at most one per attacking group", parts, Some(R_SPLITTING)),
    ];
    Ok(Split { successes, parts, sizes, terms })
}
