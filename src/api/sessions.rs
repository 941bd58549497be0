//! An evening's encounters as one Markdown session log, for the GM's notes: for each
//! fight, who was there, its log, and what lasts after it.

use std::fmt::Write;

use serde::Deserialize;
use ts_rs::TS;

use crate::error::{Error, Result};
use crate::Tome;

/// Which encounters a session log holds.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum SessionPick {
    /// Every encounter created on this day (`2026-11-24`), in the computer's time zone.
    Date(String),
    /// These encounters, in this order.
    Ids(Vec<i64>),
}

impl Tome {
    /// The encounters `pick` names, oldest first for a date, as one Markdown document.
    ///
    /// # Errors
    /// A date that is not `YYYY-MM-DD`, a day without encounters, an empty or unknown id.
    pub fn session_log(&self, pick: &SessionPick) -> Result<String> {
        let (ids, heading) = match pick {
            SessionPick::Ids(ids) if ids.is_empty() => {
                return Err(Error::InvalidInput("a session log needs at least one encounter".into()))
            }
            SessionPick::Ids(ids) => (ids.clone(), "Session log".to_string()),
            SessionPick::Date(day) => {
                let (from, to) = local_day(day)?;
                let ids = self.db.encounters_created(from, to)?;
                if ids.is_empty() {
                    return Err(Error::InvalidInput(format!("no encounter was started on {}", day.trim())));
                }
                (ids, format!("Session log, {}", day.trim()))
            }
        };
        let names: std::collections::HashMap<String, String> =
            self.systems()?.into_iter().map(|s| (s.id, s.name)).collect();
        let mut md = format!("# {heading}\n");
        for id in ids {
            let e = self.encounter(id)?;
            let log = self.encounter_log(id)?;
            // Measured from each character's values as it joined, not from its sheet, which
            // holds what "write to the sheets" (or a later fight) left there.
            let lasting = self.encounter_lasted(id)?;
            let system = names.get(&e.system).unwrap_or(&e.system);
            let round = if e.round == 0 { "not started".to_string() } else { format!("round {}", e.round) };
            let _ = writeln!(md, "\n## {}\n\n{system}, {} · {round} · encounter {id}\n", escape(&e.name), e.mode);
            md.push_str("### Who was there\n\n");
            if e.combatants.is_empty() {
                md.push_str("Nobody joined.\n");
            }
            for c in &e.combatants {
                let name = c.get("name").and_then(serde_json::Value::as_str).unwrap_or("?");
                let who = match c.get("character").and_then(serde_json::Value::as_i64) {
                    Some(n) => format!(" (character {n})"),
                    None => String::new(),
                };
                let _ = writeln!(md, "- {}{who}", escape(name));
            }
            md.push_str("\n### Log\n\n");
            if log.is_empty() {
                md.push_str("Nothing happened.\n");
            }
            for entry in &log {
                let round = if entry.round > 0 { format!("Round {}: ", entry.round) } else { String::new() };
                let _ = writeln!(md, "{}. {round}{}", entry.seq, escape(&entry.lines.join("; ")));
            }
            md.push_str("\n### What lasted\n\n");
            let changed: Vec<_> = lasting.iter().filter(|l| !l.changes.is_empty()).collect();
            if changed.is_empty() {
                md.push_str("Nothing carries over to a character sheet.\n");
            }
            for l in changed {
                let fields: Vec<String> = l
                    .changes
                    .iter()
                    .map(|(field, (before, after))| {
                        let label = crate::systems::field_label(&e.system, field);
                        let before = before.map_or_else(|| "—".to_string(), |b| b.to_string());
                        format!("{label} {before} → {after}")
                    })
                    .collect();
                let _ = writeln!(md, "- {}: {}", escape(&l.combatant), fields.join(", "));
            }
        }
        Ok(md)
    }
}

/// The first and last second (exclusive) of `day` in the computer's time zone.
fn local_day(day: &str) -> Result<(i64, i64)> {
    let bad = || Error::InvalidInput(format!("session date {day:?}: write it as YYYY-MM-DD, e.g. 2026-11-24"));
    let date: jiff::civil::Date = day.trim().parse().map_err(|_| bad())?;
    let tz = crate::local_zone::local_zone();
    let start = date.to_zoned(tz.clone()).map_err(|_| bad())?;
    let end = date.tomorrow().map_err(|_| bad())?.to_zoned(tz).map_err(|_| bad())?;
    Ok((start.timestamp().as_second(), end.timestamp().as_second()))
}

/// Names and log lines as plain text in Markdown: what would start a list, a heading or
/// emphasis is escaped.
fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if matches!(c, '\\' | '`' | '*' | '_' | '[' | ']' | '#' | '<' | '>' | '|') {
            out.push('\\');
        }
        out.push(if c == '\n' { ' ' } else { c });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_day_is_read_as_a_date_or_refused() {
        let (from, to) = local_day("2026-11-24").unwrap();
        assert!((82_800..=90_000).contains(&(to - from)), "a day is about 24 hours, not {}", to - from);
        for bad in ["24/11/2026", "2026-13-01", "", "tomorrow"] {
            assert_eq!(local_day(bad).unwrap_err().code(), crate::ErrorCode::InvalidInput, "{bad:?}");
        }
    }

    #[test]
    fn markdown_in_names_is_kept_as_text() {
        assert_eq!(escape("*Vex* [the] #1"), "\\*Vex\\* \\[the\\] \\#1");
    }
}
