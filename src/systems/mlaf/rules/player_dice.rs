//! Dice for each named player a spell reaches (a bolt's line, a fire ball's squares, a
//! team): typed per name with `--rolls NAME=N` (`NAME=N/N` where a player rolls more
//! than once), and any die not typed rolled from `--seed`, or at random without one.

use rand::rngs::StdRng;
use rand::SeedableRng;

use super::*;

/// Most players on the pitch at once: eleven a side.
pub const PITCH_PLAYERS: usize = 22;
/// Most players one team has on the pitch.
pub const TEAM_PLAYERS: usize = 11;

/// The `--rolls` param: a d6 (or 2D6) per player, typed or left to `--seed`.
pub(super) const fn rolls_param(help: &'static str, max: i64, many: bool) -> Param {
    Param { name: "rolls", help, kind: ParamKind::Named { min: 1, max, many }, required: false, default: None }
}

/// The dice of one calculation, handed out player by player.
pub(super) struct PlayerDice {
    given: Vec<(String, Vec<i64>)>,
    used: Vec<usize>,
    rng: StdRng,
    /// Players who had at least one die rolled here rather than typed, in turn.
    pub rolled: Vec<String>,
}

impl PlayerDice {
    /// The typed `--rolls` (each name one of `players`) and the `--seed`.
    ///
    /// # Errors
    /// [`Error::InvalidInput`] for a typed roll under a name that is not one of `players`.
    pub fn new(i: &Inputs, players: &[String]) -> Result<PlayerDice> {
        let given = i.named("rolls")?;
        for (name, _) in &given {
            if !players.iter().any(|p| p.eq_ignore_ascii_case(name)) {
                return Err(Error::InvalidInput(format!(
                    "--rolls: {name} is not one of the players ({})",
                    players.join(", ")
                )));
            }
        }
        let rng = match i.opt_int("seed")? {
            Some(s) => StdRng::seed_from_u64(s as u64),
            None => StdRng::from_rng(&mut rand::rng()),
        };
        Ok(PlayerDice { used: vec![0; given.len()], given, rng, rolled: Vec::new() })
    }

    /// `name`'s next roll of `dice` (`what` says which roll, for errors): his next typed
    /// value, else a roll.
    ///
    /// # Errors
    /// [`Error::InvalidInput`] for a typed value the dice cannot show.
    pub fn next(&mut self, name: &str, dice: Dice, what: &str) -> Result<i64> {
        if let Some(k) = self.given.iter().position(|(n, _)| n.eq_ignore_ascii_case(name)) {
            if let Some(&v) = self.given[k].1.get(self.used[k]) {
                self.used[k] += 1;
                return check(&format!("--rolls: {name}'s {what} ({dice})"), v, dice.span());
            }
        }
        if !self.rolled.iter().any(|n| n == name) {
            self.rolled.push(name.to_string());
        }
        Ok(dice.roll(&mut self.rng).total)
    }

    /// A warning naming the typed values that no roll used, if any.
    pub fn unused(&self) -> Option<String> {
        let left: Vec<String> = self
            .given
            .iter()
            .zip(&self.used)
            .filter(|((_, v), &u)| v.len() > u)
            .map(|((n, v), &u)| format!("{n}={}", v[u..].iter().map(i64::to_string).collect::<Vec<_>>().join("/")))
            .collect();
        (!left.is_empty()).then(|| format!("--rolls not needed, so not used: {}", left.join(", ")))
    }

    /// `o` with the field `rolled` (who had dice rolled here) and the unused-rolls warning.
    pub fn report(&self, o: Outcome) -> Outcome {
        let o = o.field("rolled", (!self.rolled.is_empty()).then(|| self.rolled.join(", ")));
        match self.unused() {
            Some(w) => o.warn(w),
            None => o,
        }
    }
}

/// A comma-separated list of player names from `--{param}`: at most `max`, none twice,
/// none holding `=` or `/` (which `--rolls` uses).
///
/// # Errors
/// [`Error::InvalidInput`] naming the parameter and the fault.
pub(super) fn player_names(i: &Inputs, param: &str, max: usize) -> Result<Vec<String>> {
    let names = split_list(i, param)?;
    check_names(param, names.iter().map(String::as_str), max)?;
    Ok(names)
}

/// Named players `--{param} NAME=N,…` (a stat each), at least one and at most `max`.
///
/// # Errors
/// [`Error::InvalidInput`] naming the parameter and the fault.
pub(super) fn named_players(i: &Inputs, param: &str, max: usize) -> Result<Vec<(String, i64)>> {
    let list = i.named(param)?;
    if list.is_empty() {
        return Err(Error::InvalidInput(format!("--{param} is required: give at least one NAME=N")));
    }
    check_names(param, list.iter().map(|(n, _)| n.as_str()), max)?;
    Ok(list.into_iter().map(|(n, v)| (n, v[0])).collect())
}

fn check_names<'a>(param: &str, names: impl Iterator<Item = &'a str>, max: usize) -> Result<()> {
    let mut seen: Vec<String> = Vec::new();
    for n in names {
        if n.contains('=') || n.contains('/') {
            return Err(Error::InvalidInput(format!("--{param}: the name `{n}` may not hold `=` or `/`")));
        }
        if n.chars().count() > crate::rules::named::NAME_LEN_MAX {
            return Err(Error::InvalidInput(format!("--{param}: the name `{n}` is too long")));
        }
        if seen.iter().any(|s| s.eq_ignore_ascii_case(n)) {
            return Err(Error::InvalidInput(format!("--{param}: {n} is named twice")));
        }
        seen.push(n.to_string());
    }
    if seen.len() > max {
        return Err(Error::InvalidInput(format!("--{param}: at most {max} players, not {}", seen.len())));
    }
    Ok(())
}
