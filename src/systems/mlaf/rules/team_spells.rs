//! Spells that roll a d6 for every player of a team: Siren Song (the opponents within
//! three squares) and Cry of Jyhad's end-of-turn roll (your own players).

use super::*;

/// Siren Song's d6 for each opposing player in range: 3 or less and he is hypnotised.
#[derive(Debug, Clone, PartialEq)]
pub struct SirenSong {
    pub hypnotised: Vec<String>,
    /// Before the rolls: the chance at least one of them is hypnotised.
    pub any: f64,
    pub terms: Vec<Term>,
}

/// Siren Song for `rolls` (name, d6) of the opposing players within three squares.
///
/// # Errors
/// [`Error::InvalidInput`] for more than [`TEAM_PLAYERS`] players or a d6 outside 1 to 6.
pub fn siren_song(rolls: &[(String, i64)]) -> Result<SirenSong> {
    if rolls.len() > TEAM_PLAYERS {
        return Err(Error::InvalidInput(format!(
            "--players: at most {TEAM_PLAYERS} opposing players, not {}",
            rolls.len()
        )));
    }
    let mut terms = vec![Term::text("A d6 for each opposing player within 3 squares", "3 or less", Some(SIREN_SONG))];
    let mut hypnotised = Vec::new();
    for (name, roll) in rolls {
        check(&format!("--rolls: {name}'s d6"), *roll, (1, 6))?;
        let caught = *roll <= 3;
        terms.push(Term::text(
            format!("{name}: d6 {roll}"),
            if caught { "hypnotised (as by Mind Blow)" } else { "resists" },
            Some(SIREN_SONG),
        ));
        if caught {
            hypnotised.push(name.clone());
        }
    }
    terms.push(Term::text("Cast in the opponents' turn", "no turnover", Some(SIREN_SONG)));
    let any = 1.0 - 0.5_f64.powi(rolls.len() as i32);
    Ok(SirenSong { hypnotised, any, terms })
}

/// Where a total lands on the Blood Bowl injury table. Interpretation: the document
/// sends players to "the injury table" without printing it; this is the rulebook's
/// 2D6 table (2-7 Stunned, 8-9 KO'd, 10-12 Casualty), without any skill.
pub fn injury_reading(total: i64) -> &'static str {
    match total {
        ..=7 => "Stunned",
        8 | 9 => "KO'd",
        _ => "Casualty",
    }
}

/// One of your players at the end of a Cry of Jyhad turn.
#[derive(Debug, Clone, PartialEq)]
pub struct JyhadRoll {
    pub name: String,
    pub d6: i64,
    /// On a 1: the injury d6 and the total with +6 (7 to 12).
    pub injury: Option<(i64, i64)>,
}

/// The end of a Cry of Jyhad turn.
#[derive(Debug, Clone, PartialEq)]
pub struct Jyhad {
    pub rolls: Vec<JyhadRoll>,
    /// Players Stunned when the spell was cast: they roll nothing.
    pub exempt: Vec<String>,
    /// Before the rolls: the chance that at least one player must roll for injury.
    pub any_injury_roll: f64,
    /// Before the rolls: the chance that at least one player ends a Casualty
    /// (Interpretation: [`injury_reading`]).
    pub any_casualty: f64,
    pub terms: Vec<Term>,
}

/// Cry of Jyhad's end-of-turn roll for `rolls` (name, d6, and the injury d6 when the
/// first is a 1); `exempt` were Stunned when it was cast.
///
/// # Errors
/// [`Error::InvalidInput`] for more than [`TEAM_PLAYERS`] players on the pitch, a die
/// outside 1 to 6, or a 1 without its injury d6.
pub fn cry_of_jyhad(rolls: &[(String, i64, Option<i64>)], exempt: &[String]) -> Result<Jyhad> {
    if rolls.len() + exempt.len() > TEAM_PLAYERS {
        return Err(Error::InvalidInput(format!(
            "--players: at most {TEAM_PLAYERS} players on the pitch, not {}",
            rolls.len() + exempt.len()
        )));
    }
    let mut terms = vec![
        Term::num("Every player's ST this turn", 1, Some(CRY_OF_JYHAD)),
        Term::text("Skills this turn", "Mighty Blow, Frenzy", Some(CRY_OF_JYHAD)),
        Term::text("At the turn's end, a d6 for each player on the pitch", "1: injury roll", Some(CRY_OF_JYHAD)),
    ];
    for name in exempt {
        terms.push(Term::text(format!("{name}: Stunned when the spell was cast"), "no roll", Some(CRY_OF_JYHAD)));
    }
    let mut out = Vec::new();
    for (name, d6, injury) in rolls {
        check(&format!("--rolls: {name}'s d6"), *d6, (1, 6))?;
        let injury = if *d6 == 1 {
            let die = injury.ok_or_else(|| {
                Error::InvalidInput(format!("--rolls: {name} rolled a 1, so give his injury d6 too ({name}=1/N)"))
            })?;
            check(&format!("--rolls: {name}'s injury d6"), die, (1, 6))?;
            let total = die + 6;
            terms.push(Term::text(
                format!("{name}: d6 1, injury d6 {die} + 6 = {total}"),
                format!("{} (Interpretation: the rulebook's injury table)", injury_reading(total)),
                Some(CRY_OF_JYHAD),
            ));
            Some((die, total))
        } else {
            terms.push(Term::text(format!("{name}: d6 {d6}"), "safe", Some(CRY_OF_JYHAD)));
            None
        };
        out.push(JyhadRoll { name: name.clone(), d6: *d6, injury });
    }
    let n = rolls.len() as i32;
    // A 1 in six sends a player to the table; 10 or more on 7 to 12 is half of those.
    let any_injury_roll = 1.0 - (5.0_f64 / 6.0).powi(n);
    let any_casualty = 1.0 - (11.0_f64 / 12.0).powi(n);
    Ok(Jyhad { rolls: out, exempt: exempt.to_vec(), any_injury_roll, any_casualty, terms })
}
