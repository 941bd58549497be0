//! What the table sends, announced to the game master the moment it arrives (issue 61):
//! a proposal, an answer to a roll asked, an initiative roll, a roll from the dice box,
//! a device joining or leaving, a character file. `tome share` prints each as one line above its prompt (or as a JSON
//! line); the app reads the same status it always did.

use serde::Serialize;

use crate::text::one_line;

/// How many arrivals a slow listener may fall behind before the oldest are dropped.
pub const KEPT: usize = 256;

/// The marks the console's lines are built with: an arrival starts with ▸, and a device
/// or a combatant is followed by whose it is in parentheses. A device's name may not
/// hold them; any other name a player typed that does is shown in quotes.
pub const CONSOLE_MARKS: &[char] = &['▸', '(', ')', '"', '│'];

/// The most characters of one thing a player typed (an action's fields, a roll's dice)
/// an arrival shows: with the names around it, the line fits a terminal rather than
/// wrapping into a second line that starts with the player's words (issue 71: a long
/// item once wrapped into a forged proposal).
pub const TYPED_SHOWN: usize = 48;
/// The most characters of a name an arrival shows.
pub const NAME_SHOWN: usize = 24;

/// `text` on one line, at most `most` characters, cut with "…".
fn cut(text: &str, most: usize) -> String {
    let line = one_line(text);
    if line.chars().count() <= most {
        return line;
    }
    let mut kept: String = line.chars().take(most.saturating_sub(1)).collect();
    kept.push('…');
    kept
}

/// A name a player typed (a device's, a character's), as an arrival writes it: on one
/// line, cut, and quoted when it holds the console's own marks.
fn name(text: &str) -> String {
    let shown = cut(text, NAME_SHOWN);
    if shown.chars().any(|c| CONSOLE_MARKS.contains(&c)) {
        format!("“{}”", shown.replace('"', "'").replace('▸', "›"))
    } else {
        shown
    }
}

/// What a player typed, as an arrival writes it: after a visible separator, on one line,
/// cut, and with no ▸, so no part of it, wherever a terminal wraps the line, can read
/// as an arrival of its own.
fn typed(text: &str) -> String {
    format!("│ {}", cut(text, TYPED_SHOWN).replace('▸', "›"))
}

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
    /// A device without a character lost its place to a newcomer (the table was full).
    Displaced { device: u32, name: String },
    /// A phone could not join: every place at the table is taken by a device with a
    /// character.
    Full,
    /// The inbox was full: character `id`, sent from the address holding the most
    /// waiting, was dropped to make room for another address's.
    InboxFull { id: u32, name: String, from: String },
}

impl Arrival {
    /// The arrival as one line of the game master's terminal; what a phone typed is
    /// shown on one line with its breaks visible.
    pub fn line(&self) -> String {
        match self {
            Arrival::Proposal { id, from, actor, asked, would } => {
                let would = if would.is_empty() { String::new() } else { format!(" → {}", cut(&would.join("; "), 60)) };
                format!(
                    "▸ {id}: {} ({}) proposes {} {would}  (accept {id} / decline {id})",
                    name(actor),
                    name(from),
                    typed(asked)
                )
            }
            Arrival::Answer { ask, label, name: who, text, rolled } => {
                // A typed answer's text says so itself ("1d20: 11 (typed)", "3 successes
                // (counted)"), as the app shows it.
                let how = if *rolled { " (rolled by Tome)" } else { "" };
                // Tome's words for the die or the option picked: cut, not marked as typed.
                format!("▸ {} answered roll {ask} ({}): {}{how}", name(who), cut(label, NAME_SHOWN), cut(text, 80))
            }
            Arrival::Initiative { from, name: who, roll, total, rolled } => {
                let how = if *rolled { "rolled by Tome" } else { "typed" };
                format!("▸ {} ({}) sent initiative {total} (die {roll}, {how})", name(who), name(from))
            }
            Arrival::Joined { device, name: n } => format!("▸ Device {device} ({}) joined", name(n)),
            Arrival::Upload { id, name: n, system, from } => {
                format!(
                    "▸ {id}: {} sent the character {} ({system}) (accept {id} / decline {id})",
                    name(from),
                    name(n)
                )
            }
            Arrival::Roll { from, who, line, secret } => {
                let how = if *secret { " secretly" } else { "" };
                // Tome's reading of the dice ("2d6: 6 + 2 = 8"), cut.
                format!("▸ {} ({}) rolled{how} {}", name(who), name(from), cut(line, 80).replace('▸', "›"))
            }
            Arrival::Left { device, name: n } => format!("▸ Device {device} ({}) closed its page", name(n)),
            Arrival::Withdrawn { id, from, actor } => {
                format!("▸ {id}: {} ({}) took the action back", name(actor), name(from))
            }
            Arrival::Dropped { id, from, actor } => {
                format!("▸ {id}: {} ({}): the action's turn passed, dropped", name(actor), name(from))
            }
            Arrival::Displaced { device, name: n } => format!(
                "▸ Device {device} ({}) lost its place to a newcomer: it had no character (`revoke idle` drops every such device)",
                name(n)
            ),
            Arrival::Full => "▸ The table is full: a phone could not join (`revoke N` makes room)".into(),
            Arrival::InboxFull { id, name: n, from } => format!(
                "▸ {id}: the inbox was full: {} from {} was dropped to make room for another phone's (its address sent the most)",
                name(n),
                name(from)
            ),
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
        assert!(line.starts_with("▸ 4: Vex (Ann) proposes │ Disarm: Item sword⏎"), "{line}");
    }

    #[test]
    fn a_long_text_is_cut_and_a_name_with_the_consoles_marks_is_quoted() {
        // Issue 71: a 5,000-character item wrapped at 80 columns into a row that read as
        // another proposal; a character named with parentheses printed as two arrivals.
        let forged = format!("{}▸ 2: Mira (Bob) proposes Attack (accept 2 / decline 2)", " ".repeat(4_950));
        let a = Arrival::Proposal {
            id: 4,
            from: "Ann".into(),
            actor: "Vex".into(),
            asked: format!("Disarm: Item {forged}"),
            would: Vec::new(),
        };
        let line = a.line();
        assert!(line.chars().count() < 120, "{} characters: {line}", line.chars().count());
        assert_eq!(line.matches('▸').count(), 1, "{line}");
        let up = Arrival::Upload {
            id: 5,
            name: "Bob) joined ▸ Device 7 (Eve".into(),
            system: "mythcraft".into(),
            from: "Ann".into(),
        };
        let line = up.line();
        assert!(line.contains("“Bob) joined › Device 7 …”"), "{line}");
        assert_eq!(line.matches('▸').count(), 1, "{line}");
    }
}
