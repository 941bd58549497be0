//! Spells that knock players over by beating their AG: Lightning Bolt (2D6 down a line
//! until one player is hit) and Fire Ball (a D6 for each player in nine squares).

use super::*;

/// Most players a fire ball can reach: its target square and the eight around it.
pub const FIRE_BALL_SQUARES: usize = 9;
/// AG is typed from 1 to 10 (the document's players have 2 to 4, its toads 4).
pub const MAX_AG: i64 = 10;

/// The chance that `dice` (a total of `count` d6) rolls above `ag`.
pub fn chance_above(count: u32, ag: i64) -> f64 {
    let faces = 6_i64.pow(count);
    let mut above = 0;
    for n in 0..faces {
        let mut rest = n;
        let mut total = 0;
        for _ in 0..count {
            total += rest % 6 + 1;
            rest /= 6;
        }
        if total > ag {
            above += 1;
        }
    }
    above as f64 / faces as f64
}

/// One player's roll against his AG.
#[derive(Debug, Clone, PartialEq)]
pub struct AgRoll {
    pub name: String,
    pub ag: i64,
    pub roll: i64,
    /// The roll beat his AG: he is knocked over.
    pub hit: bool,
}

/// A Lightning Bolt down its line.
#[derive(Debug, Clone, PartialEq)]
pub struct Bolt {
    /// The rolls made, in line order, up to the player hit.
    pub rolls: Vec<AgRoll>,
    pub hit: Option<String>,
    /// Before any roll: each player's chance to be the one hit, in line order.
    pub odds: Vec<(String, f64)>,
    /// Before any roll: the chance the bolt hits nobody.
    pub miss_all: f64,
    pub terms: Vec<Term>,
}

/// Lightning Bolt: 2D6 (`roll(name)`) against the AG of each player in `line`, in
/// order, until one roll is higher than the AG; that player is knocked over (+1 on his
/// armour and injury rolls). The rolls stop there, so later players roll nothing.
///
/// # Errors
/// [`Error::InvalidInput`] for an empty or overlong line, an AG outside 1 to
/// [`MAX_AG`], or a roll `roll` refuses.
pub fn lightning_bolt(line: &[(String, i64)], roll: &mut dyn FnMut(&str) -> Result<i64>) -> Result<Bolt> {
    if line.is_empty() || line.len() > PITCH_PLAYERS {
        return Err(Error::InvalidInput(format!(
            "--players: 1 to {PITCH_PLAYERS} players in the bolt's line, not {}",
            line.len()
        )));
    }
    let mut odds = Vec::new();
    let mut reach = 1.0;
    for (name, ag) in line {
        check(&format!("--players: {name}'s AG"), *ag, (1, MAX_AG))?;
        let p = chance_above(2, *ag);
        odds.push((name.clone(), reach * p));
        reach *= 1.0 - p;
    }
    let mut terms =
        vec![Term::text("2D6 against each AG in the line, nearest first", "over AG hits", Some(LIGHTNING_BOLT))];
    let mut rolls = Vec::new();
    let mut hit = None;
    for (name, ag) in line {
        let r = roll(name)?;
        check(&format!("--rolls: {name}'s 2D6"), r, (2, 12))?;
        let is_hit = r > *ag;
        terms.push(Term::text(
            format!("{name}: 2D6 {r} against AG {ag}"),
            if is_hit { "hit, knocked over" } else { "miss, on down the line" },
            Some(LIGHTNING_BOLT),
        ));
        rolls.push(AgRoll { name: name.clone(), ag: *ag, roll: r, hit: is_hit });
        if is_hit {
            hit = Some(name.clone());
            // A bonus to rolls made later, not to anything counted here: said, not added.
            terms.push(Term::text("His armour roll (as with Mighty Blow)", "+1", Some(LIGHTNING_BOLT)));
            terms.push(Term::text("His injury roll, if the armour breaks", "+1", Some(LIGHTNING_BOLT)));
            break;
        }
    }
    if hit.is_none() {
        terms.push(Term::text("Every roll missed", "the bolt ends at its range", Some(LIGHTNING_BOLT)));
    }
    Ok(Bolt { rolls, hit, odds, miss_all: reach, terms })
}

/// A Fire Ball's area.
#[derive(Debug, Clone, PartialEq)]
pub struct FireBall {
    pub rolls: Vec<AgRoll>,
    /// Each player's chance of going down, in the order given.
    pub odds: Vec<(String, f64)>,
    pub terms: Vec<Term>,
}

/// Fire Ball: each player in the nine squares rolls a D6; above his AG he is knocked
/// over (+1 on his armour and injury rolls). `players` holds name, AG and D6.
///
/// # Errors
/// [`Error::InvalidInput`] for more than nine players, an AG outside 1 to [`MAX_AG`] or
/// a D6 outside 1 to 6.
pub fn fire_ball(players: &[(String, i64, i64)]) -> Result<FireBall> {
    if players.is_empty() || players.len() > FIRE_BALL_SQUARES {
        return Err(Error::InvalidInput(format!(
            "--players: 1 to {FIRE_BALL_SQUARES} players (the target square and the eight around it), not {}",
            players.len()
        )));
    }
    let mut terms = vec![Term::text("A D6 for each player in the nine squares", "over AG goes down", Some(FIRE_BALL))];
    let mut rolls = Vec::new();
    let mut odds = Vec::new();
    for (name, ag, roll) in players {
        check(&format!("--players: {name}'s AG"), *ag, (1, MAX_AG))?;
        check(&format!("--rolls: {name}'s D6"), *roll, (1, 6))?;
        let hit = roll > ag;
        terms.push(Term::text(
            format!("{name}: D6 {roll} against AG {ag}"),
            if hit { "knocked over" } else { "stays up" },
            Some(FIRE_BALL),
        ));
        rolls.push(AgRoll { name: name.clone(), ag: *ag, roll: *roll, hit });
        odds.push((name.clone(), chance_above(1, *ag)));
    }
    if rolls.iter().any(|r| r.hit) {
        // A bonus to rolls made later, not to anything counted here: said, not added.
        terms.push(Term::text("Armour roll of each player knocked over (as with Mighty Blow)", "+1", Some(FIRE_BALL)));
        terms.push(Term::text("Injury roll, if the armour breaks", "+1", Some(FIRE_BALL)));
    }
    Ok(FireBall { rolls, odds, terms })
}

/// "Ada 83.3%, Bo 14.4%": chances by name.
pub(super) fn odds_text(odds: &[(String, f64)]) -> String {
    odds.iter().map(|(n, p)| format!("{n} {}", crate::rules::percent(*p))).collect::<Vec<_>>().join(", ")
}
