//! The Duel Arcane: psychic damage.

use super::*;

/// The clash loser's capacity to soak psychic damage this round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct DuelistState {
    /// Dots of the Arcanum currently serving as Shield, 0 to 5.
    pub shield: i64,
    /// Psychic damage already marked on that Arcanum this round.
    pub shield_damage: i64,
    /// Gnosis, 1 to 10.
    pub gnosis: i64,
    /// Psychic damage already absorbed by Gnosis this round.
    pub gnosis_damage: i64,
}

/// Who took a clash.
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::IntoStaticStr, strum::EnumString)]
#[strum(serialize_all = "lowercase", ascii_case_insensitive)]
pub enum ClashWinner {
    Attacker,
    Defender,
    Stalemate,
}

impl ClashWinner {
    pub fn as_str(self) -> &'static str {
        self.into()
    }
}

/// Where the psychic damage went.
#[derive(Debug, Clone, PartialEq)]
pub struct Absorption {
    pub damage: i64,
    pub shield_absorbed: i64,
    /// Room left on the Shield afterwards.
    pub shield_after: i64,
    /// Damage marked on the Shield Arcanum afterwards.
    pub shield_damage_after: i64,
    pub gnosis_absorbed: i64,
    /// Room left in Gnosis afterwards.
    pub gnosis_after: i64,
    pub gnosis_damage_after: i64,
    /// Damage neither could hold.
    pub overflow: i64,
    /// More damage than Shield and Gnosis could hold: the round is lost.
    pub round_lost: bool,
    pub terms: Vec<Term>,
}

/// Marks `damage` points of psychic damage: the Shield first (one point per dot, less
/// what is already marked), then Gnosis; anything past both loses the round. The document
/// doesn't say how much Gnosis holds; one point per dot, like the Shield, is our reading.
pub fn absorb_psychic(damage: i64, s: DuelistState) -> Result<Absorption> {
    check("damage", damage, SUCCESSES)?;
    check("shield (Arcanum dots)", s.shield, ARCANUM)?;
    check("gnosis", s.gnosis, GNOSIS)?;
    check("shield-damage", s.shield_damage, (0, s.shield))?;
    check("gnosis-damage", s.gnosis_damage, (0, s.gnosis))?;
    let shield_room = s.shield - s.shield_damage;
    let gnosis_room = s.gnosis - s.gnosis_damage;
    let shield_absorbed = damage.min(shield_room);
    let gnosis_absorbed = (damage - shield_absorbed).min(gnosis_room);
    let overflow = damage - shield_absorbed - gnosis_absorbed;
    let round_lost = overflow > 0;
    // The terms add up to the damage beyond Shield and Gnosis: each takes its share.
    let mut terms = vec![Term::num("Psychic damage (net successes)", damage, Some(R_CLASH_RESULTS))];
    terms.push(Term::num(
        format!("Marked on the Shield ({shield_room} room of {})", crate::rules::plural(s.shield, "dot")),
        -shield_absorbed,
        Some(R_CLASH_RESULTS),
    ));
    terms.push(Term::num(
        format!("Absorbed by Gnosis ({gnosis_room} room of {}; interpretation: one point per dot)", s.gnosis),
        -gnosis_absorbed,
        Some(R_CLASH_RESULTS),
    ));
    if round_lost {
        terms.push(Term::note("Beyond Shield and Gnosis: the round is lost", overflow, Some(R_CLASH_RESULTS)));
    }
    Ok(Absorption {
        damage,
        shield_absorbed,
        shield_after: shield_room - shield_absorbed,
        shield_damage_after: s.shield_damage + shield_absorbed,
        gnosis_absorbed,
        gnosis_after: gnosis_room - gnosis_absorbed,
        gnosis_damage_after: s.gnosis_damage + gnosis_absorbed,
        overflow,
        round_lost,
        terms,
    })
}

#[derive(Debug, Clone, PartialEq)]
pub struct ClashResult {
    pub winner: ClashWinner,
    /// The winner's margin (0 on a stalemate).
    pub net_successes: i64,
    /// What happened to the defender's Shield and Gnosis (no damage unless the attacker won).
    pub defender: Absorption,
}

/// Compares both duelists' successes; when the attacker wins, the margin is psychic
/// damage to the defender described by `defender`.
pub fn clash_result(attacker_successes: i64, defender_successes: i64, defender: DuelistState) -> Result<ClashResult> {
    check("attacker-successes", attacker_successes, SUCCESSES)?;
    check("defender-successes", defender_successes, SUCCESSES)?;
    let net = attacker_successes - defender_successes;
    let winner = match net {
        n if n > 0 => ClashWinner::Attacker,
        0 => ClashWinner::Stalemate,
        _ => ClashWinner::Defender,
    };
    let mut absorption = absorb_psychic(net.max(0), defender)?;
    let outcome_label = match winner {
        ClashWinner::Attacker => "Attacker wins the clash by",
        ClashWinner::Stalemate => "Equal successes: stalemate, go on to the next clash",
        ClashWinner::Defender => "Defender wins the clash by (the attacker takes this damage)",
    };
    absorption.terms.insert(0, Term::note(outcome_label, net.abs(), Some(R_CLASH_RESULTS)));
    Ok(ClashResult { winner, net_successes: net.abs(), defender: absorption })
}
