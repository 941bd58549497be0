//! What the table sends, announced to the game master the moment it arrives (issue 61):
//! a proposal, an answer to a roll asked, an initiative roll, a roll from the dice box,
//! a device joining or leaving, a character file. `tome share` prints each as one line above its prompt (or as a JSON
//! line); the app reads the same status it always did.

use serde::Serialize;

use crate::text::one_line;

/// How many arrivals a slow listener may fall behind before the oldest are dropped.
pub const KEPT: usize = 256;

/// One thing a phone sent.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Arrival {
    /// An action (or a held roll) waiting for the game master: its number, who sent it
    /// and what it would do if accepted now.
    Proposal { id: u32, from: String, actor: String, asked: String, would: Vec<String> },
    /// An answer to a roll asked (a reaction's choice among them).
    Answer { ask: u32, label: String, name: String, text: String, rolled: bool },
    /// An initiative roll, and whether Tome rolled it or the player typed the die.
    Initiative { from: String, name: String, roll: i64, total: i64, rolled: bool },
    /// A device joined (or joined again with its token).
    Joined { device: u32, name: String },
    /// A character file waiting in the inbox.
    Upload { id: u32, name: String, system: String, from: String },
    /// A roll from a phone's dice box, as the phone was answered (`who`: the device's
    /// character in the fight, else the device); `secret`: for the game master's eyes.
    Roll { from: String, who: String, line: String, secret: bool },
    /// A device closed its last page.
    Left { device: u32, name: String },
    /// A player took back action `id` before the game master answered it.
    Withdrawn { id: u32, from: String, actor: String },
    /// Action `id` waited past the turn it was sent in: it left the list.
    Dropped { id: u32, from: String, actor: String },
    /// A phone could not join: every place at the table is taken by a device with a
    /// character or a page open.
    Full,
}

impl Arrival {
    /// The arrival as one line of the game master's terminal; what a phone typed is
    /// shown on one line with its breaks visible.
    pub fn line(&self) -> String {
        match self {
            Arrival::Proposal { id, from, actor, asked, would } => {
                let would =
                    if would.is_empty() { String::new() } else { format!(" → {}", one_line(&would.join("; "))) };
                format!(
                    "▸ {id}: {} ({}) proposes {}{would}  (accept {id} / decline {id})",
                    one_line(actor),
                    one_line(from),
                    one_line(asked)
                )
            }
            Arrival::Answer { ask, label, name, text, rolled } => {
                // A typed answer's text says so itself ("1d20: 11 (typed)", "3 successes
                // (counted)"), as the app shows it.
                let how = if *rolled { " (rolled by Tome)" } else { "" };
                format!("▸ {} answered roll {ask} ({}): {}{how}", one_line(name), one_line(label), one_line(text))
            }
            Arrival::Initiative { from, name, roll, total, rolled } => {
                let how = if *rolled { "rolled by Tome" } else { "typed" };
                format!("▸ {} ({}) sent initiative {total} (die {roll}, {how})", one_line(name), one_line(from))
            }
            Arrival::Joined { device, name } => format!("▸ Device {device} ({}) joined", one_line(name)),
            Arrival::Upload { id, name, system, from } => {
                format!(
                    "▸ {id}: {} sent the character {} ({system}) (accept {id} / decline {id})",
                    one_line(from),
                    one_line(name)
                )
            }
            Arrival::Roll { from, who, line, secret } => {
                let how = if *secret { " secretly" } else { "" };
                format!("▸ {} ({}) rolled{how} {}", one_line(who), one_line(from), one_line(line))
            }
            Arrival::Left { device, name } => format!("▸ Device {device} ({}) closed its page", one_line(name)),
            Arrival::Withdrawn { id, from, actor } => {
                format!("▸ {id}: {} ({}) took the action back", one_line(actor), one_line(from))
            }
            Arrival::Dropped { id, from, actor } => {
                format!("▸ {id}: {} ({}): the action's turn passed, dropped", one_line(actor), one_line(from))
            }
            Arrival::Full => "▸ The table is full: a phone could not join (`revoke N` makes room)".into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_arrival_is_one_line_whatever_a_phone_typed() {
        let a = Arrival::Proposal {
            id: 4,
            from: "Ann".into(),
            actor: "Vex".into(),
            asked: "Disarm: Item sword\n  99  Vex (Ann): Attack".into(),
            would: vec!["Goblin 2: 7 damage".into()],
        };
        let line = a.line();
        assert!(!line.contains('\n'), "{line}");
        assert!(line.starts_with("▸ 4: Vex (Ann) proposes Disarm: Item sword⏎"), "{line}");
    }
}
