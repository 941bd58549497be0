//! What the table has seen happen since sharing began (issue 56, the phone's log): a line
//! for each change its board showed, worked out from the boards the table was shown one
//! after the other. It can hold nothing the board did not show: a hidden combatant's
//! doings change no board, so they leave no line.

use std::collections::VecDeque;

use crate::api::{PlayerCombatant, PlayerView};

/// How many lines the phones are sent, the newest kept.
pub const KEPT: usize = 60;

/// The boards' changes so far, and the board last seen.
#[derive(Default)]
pub struct Feed {
    last: Option<PlayerView>,
    /// Each line, with the combatants it names.
    lines: VecDeque<(Vec<String>, String)>,
    /// A player's action the game master is accepting, said before the board's changes
    /// it makes (with the combatants it names), at the next board drawn.
    coming: Option<(Vec<String>, String)>,
}

impl Feed {
    /// The table is shown `now` (`None`: no fight): its changes from the board before
    /// join the feed.
    pub fn saw(&mut self, now: Option<&PlayerView>) {
        let Some(now) = now else {
            self.last = None;
            return;
        };
        // While a hidden combatant takes its turn the log waits: what the board shows
        // then joins it with the next turn the table sees, so the log reads the same
        // however many hidden turns came between and whenever the board was drawn.
        if now.hidden_turn && self.last.as_ref().is_some_and(|l| l.id == now.id && l.name == now.name) {
            return;
        }
        let said = match &self.last {
            Some(before) if before.id == now.id && before.name == now.name => changes(before, now),
            // Another fight: its log starts afresh.
            _ => {
                self.lines.clear();
                vec![(Vec::new(), format!("The table follows {}", now.name))]
            }
        };
        self.lines.extend(self.coming.take());
        self.lines.extend(said);
        while self.lines.len() > KEPT {
            self.lines.pop_front();
        }
        self.last = Some(now.clone());
    }

    /// A player's accepted action, said at the next board (before what it changed):
    /// `line`, naming the combatants `names`. `None` takes back one not applied after all.
    pub fn accepting(&mut self, said: Option<(Vec<String>, String)>) {
        // Said only while the board shows every combatant it names: one hidden since it
        // was sent (the actor, a target) keeps it from every phone.
        let shown = |n: &String| self.last.as_ref().is_some_and(|v| v.combatants.iter().any(|c| &c.name == n));
        self.coming = said.filter(|(names, _)| names.iter().all(shown));
    }

    /// The lines, oldest first, for board `now`: those naming a combatant it no longer
    /// shows are left out, so one the game master hides again is in no byte the phones
    /// are sent (as on the board).
    pub fn lines(&self, now: &PlayerView) -> Vec<String> {
        self.lines
            .iter()
            .filter(|(names, _)| names.iter().all(|n| now.combatants.iter().any(|c| &c.name == n)))
            .map(|(_, line)| line.clone())
            .collect()
    }
}

/// What changed from board `before` to board `after` of the same fight, as the table saw it.
/// Each line comes with the combatant it is about, if one. A combatant that leaves the
/// board says nothing: its lines go with it.
fn changes(before: &PlayerView, after: &PlayerView) -> Vec<(Vec<String>, String)> {
    let mut said = Vec::new();
    let turn = |v: &PlayerView| (v.round, v.current.clone(), v.hidden_turn);
    // Whose turn it is, when the table sees whose: a hidden turn leaves no line, so the log
    // reads the same whether hidden combatants took turns between (the board said
    // "someone else's turn" for a moment; the log keeps what lasts).
    if turn(before) != turn(after) && after.round > 0 && !after.hidden_turn {
        said.push(match &after.whose {
            Some(whose) => {
                (after.current.clone().into_iter().collect(), format!("Round {}: {whose} turn", after.round))
            }
            None => (Vec::new(), format!("Round {}", after.round)),
        });
    }
    for c in &after.combatants {
        let about = vec![c.name.clone()];
        match before.combatants.iter().find(|b| b.name == c.name) {
            None => said.push((about, format!("{} joins the fight", c.name))),
            Some(b) => said.extend(combatant_change(b, c).map(|line| (about, line))),
        }
    }
    // The open rolls shown are the latest few: those not shown before are new.
    let mut old = before.rolls.clone();
    for roll in &after.rolls {
        match old.iter().position(|r| r == roll) {
            Some(at) => {
                old.remove(at);
            }
            None => {
                let who = after.combatants.iter().find(|c| roll.starts_with(&format!("{} rolled", c.name)));
                said.push((who.map(|c| c.name.clone()).into_iter().collect(), roll.clone()));
            }
        }
    }
    said
}

/// How one combatant's line on the board changed ("Goblin 1: Bloodied, +Prone").
fn combatant_change(before: &PlayerCombatant, after: &PlayerCombatant) -> Option<String> {
    let names = |c: &PlayerCombatant| c.conditions.iter().map(|x| x.name.clone()).collect::<Vec<_>>();
    let (had, has) = (names(before), names(after));
    let mut parts = Vec::new();
    if before.status != after.status {
        parts.push(if after.status.is_empty() { "unharmed".to_string() } else { after.status.join(", ") });
    }
    parts.extend(has.iter().filter(|x| !had.contains(x)).map(|x| format!("+{x}")));
    parts.extend(had.iter().filter(|x| !has.contains(x)).map(|x| format!("−{x}")));
    (!parts.is_empty()).then(|| format!("{}: {}", after.name, parts.join(", ")))
}
