//! Dying.

use super::*;

/// Death Points at which a creature dies.
pub const DEATH_AT: i64 = 8;

/// Something that changes Death Points.
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::IntoStaticStr, strum::EnumString)]
#[strum(serialize_all = "kebab-case", ascii_case_insensitive)]
pub enum DeathEvent {
    /// Ending a turn at 0 HP: +1. (No event gains points while Catching your Breath.)
    EndTurn,
    /// Taking damage at 0 HP: +2.
    Hit,
    /// Massive damage: +4.
    Massive,
    /// Suffering Fatigue: +1 and Fatigued.
    Fatigue,
    /// A turn of Suffocating past the limit: +1.
    Suffocate,
    /// Recoup: -1 (none while Fatigued).
    Recoup,
    /// Rest: all removed (while Fatigued, the Rest ends Fatigued instead).
    Rest,
}

impl DeathEvent {
    pub const ALL: [DeathEvent; 7] = [
        DeathEvent::EndTurn,
        DeathEvent::Hit,
        DeathEvent::Massive,
        DeathEvent::Fatigue,
        DeathEvent::Suffocate,
        DeathEvent::Recoup,
        DeathEvent::Rest,
    ];

    pub fn word(self) -> &'static str {
        self.into()
    }

    /// # Errors
    /// An unknown word, listing the known ones.
    pub fn parse(s: &str) -> Result<DeathEvent> {
        let s = s.trim();
        s.parse().map_err(|_| {
            let all: Vec<&str> = DeathEvent::ALL.iter().map(|e| e.word()).collect();
            Error::InvalidInput(format!("`{s}` is not a Death Point event (one of: {})", all.join(", ")))
        })
    }
}

/// What a gaining event is called in the terms.
fn gain_label(event: DeathEvent) -> &'static str {
    match event {
        DeathEvent::EndTurn => "End of turn at 0 HP",
        DeathEvent::Hit => "Damage taken at 0 HP",
        DeathEvent::Massive => "Massive damage",
        DeathEvent::Fatigue => "Fatigue",
        DeathEvent::Suffocate => "Suffocating, turn past the limit",
        DeathEvent::Recoup => "Recoup",
        DeathEvent::Rest => "Rest",
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct DeathTrack {
    pub points: i64,
    pub dead: bool,
    pub fatigued: bool,
    pub terms: Vec<Term>,
    pub warnings: Vec<String>,
}

/// Runs Death Point events in order from `start` points. Death at 8 is final: later
/// events are ignored (with a warning).
///
/// # Errors
/// `start` outside 0..=8.
pub fn death_points(start: i64, events: &[DeathEvent], catching_breath: bool, fatigued: bool) -> Result<DeathTrack> {
    check("Death Points", start, (0, DEATH_AT))?;
    let mut points = start;
    let mut fatigued = fatigued;
    let mut terms = vec![Term::num("Death Points at the start", start, Some(R_DYING))];
    let mut warnings = Vec::new();
    for (n, &event) in events.iter().enumerate() {
        if points >= DEATH_AT {
            warnings
                .push(format!("dead at {points} Death Points: the last {} event(s) change nothing", events.len() - n));
            break;
        }
        match event {
            // No Death Point is gained while Catching your Breath, whatever the cause.
            DeathEvent::EndTurn | DeathEvent::Hit | DeathEvent::Massive | DeathEvent::Suffocate if catching_breath => {
                terms.push(Term::num(format!("{}, Catching your Breath", gain_label(event)), 0, Some(R_DYING)));
            }
            DeathEvent::Fatigue if catching_breath => {
                fatigued = true;
                terms.push(Term::num("Fatigue (now Fatigued), Catching your Breath: no points", 0, Some(C_FATIGUED)));
            }
            DeathEvent::EndTurn => {
                points += 1;
                terms.push(Term::num("End of turn at 0 HP", 1, Some(R_DYING)));
            }
            DeathEvent::Hit => {
                points += 2;
                terms.push(Term::num("Damage taken at 0 HP", 2, Some(R_DYING)));
            }
            DeathEvent::Massive => {
                points += 4;
                terms.push(Term::num("Massive damage", 4, Some(R_MASSIVE)));
            }
            DeathEvent::Fatigue => {
                points += 1;
                fatigued = true;
                terms.push(Term::num("Fatigue (now Fatigued)", 1, Some(C_FATIGUED)));
            }
            DeathEvent::Suffocate => {
                points += 1;
                terms.push(Term::num("Suffocating, turn past the limit", 1, Some(C_SUFFOCATING)));
            }
            DeathEvent::Recoup if fatigued => {
                terms.push(Term::num("Recoup while Fatigued removes none", 0, Some(C_FATIGUED)));
            }
            DeathEvent::Recoup => {
                let cut = points.min(1);
                points -= cut;
                terms.push(Term::num("Recoup", -cut, Some(R_DYING)));
            }
            DeathEvent::Rest if fatigued => {
                fatigued = false;
                terms.push(Term::num("Rest while Fatigued: ends Fatigued (if fed), removes none", 0, Some(C_FATIGUED)));
            }
            DeathEvent::Rest => {
                terms.push(Term::num("Rest removes all", -points, Some(R_DYING)));
                points = 0;
            }
        }
    }
    if points > DEATH_AT {
        // Death comes at 8 (line 170): a count past it would read "9 of 8".
        terms.push(Term::num(format!("No more than {DEATH_AT}: death comes there"), DEATH_AT - points, Some(R_DYING)));
        points = DEATH_AT;
    }
    let dead = points >= DEATH_AT;
    if dead {
        terms.push(Term::text(format!("{DEATH_AT} or more Death Points"), "dead", Some(R_DYING)));
    }
    Ok(DeathTrack { points, dead, fatigued, terms, warnings })
}
