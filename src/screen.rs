//! A game master's screen: the panels a fight needs in front of the GM, printed landscape
//! and folded. What a system's shipped screen holds is the system's knowledge
//! ([`GameSystem::screen`](crate::systems::GameSystem::screen)); a GM's own screen starts
//! from it and is changed here (pin, unpin, move) and kept by `db/screens.rs`.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::error::{Error, Result};
use crate::rulebook::Rulebook;
use crate::Kind;

/// One panel of a game master's screen.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct ScreenPanel {
    /// Its heading; `None` for the name of its one entry, or of the kind it lists.
    pub title: Option<String>,
    /// What it holds, in order: entry ids (`ars-magica/table/damage-table`), or
    /// `system/kind` for every entry of that kind (`mythcraft/condition`).
    pub items: Vec<String>,
    /// Each entry's whole text under its summary (Amtgard's calls and durations are
    /// there), not the summary alone.
    #[serde(default)]
    pub full: bool,
}

impl ScreenPanel {
    /// A panel of several entries under one heading.
    pub fn group(title: &str, items: &[&str]) -> ScreenPanel {
        ScreenPanel {
            title: Some(title.to_string()),
            items: items.iter().map(|s| s.to_string()).collect(),
            full: false,
        }
    }

    /// This panel with each entry's whole text.
    pub fn full(self) -> ScreenPanel {
        ScreenPanel { full: true, ..self }
    }

    /// A panel of one entry (or one kind's list), headed by its name.
    pub fn one(item: &str) -> ScreenPanel {
        ScreenPanel { title: None, items: vec![item.to_string()], full: false }
    }
}

/// A system's screen as a GM has it: the shipped one until they change it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct Screen {
    pub system: String,
    pub panels: Vec<ScreenPanel>,
    /// True while it is the system's shipped screen (never changed, or reset).
    pub shipped: bool,
}

/// What one item of a panel names: an entry, or every entry of a kind of a system.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Item {
    Entry(String),
    Kind { system: String, kind: Kind },
}

impl Item {
    /// Reads `s` as an entry id (three parts) or a `system/kind` list.
    ///
    /// # Errors
    /// [`Error::InvalidInput`] for anything else.
    pub fn parse(s: &str) -> Result<Item> {
        let parts: Vec<&str> = s.split('/').collect();
        match parts.as_slice() {
            [system, kind] if !system.is_empty() => {
                let kind: Kind = kind
                    .parse()
                    .map_err(|_| Error::InvalidInput(format!("screen item {s:?}: {kind:?} is not a kind of entry")))?;
                Ok(Item::Kind { system: system.to_string(), kind })
            }
            [a, b, c] if !a.is_empty() && !b.is_empty() && !c.is_empty() => Ok(Item::Entry(s.to_string())),
            _ => Err(Error::InvalidInput(format!(
                "screen item {s:?}: give an entry id (system/kind/name) or system/kind for a whole list"
            ))),
        }
    }
}

/// The most panels one screen holds: far more than a screen has room for, and a bound on
/// what a stored screen may ask to print.
pub const MAX_PANELS: usize = 60;

/// Checks that `item` names something of `system` that `book` has: its id, and how it
/// reads (an entry's name, or "All conditions and states").
///
/// # Errors
/// [`Error::NotFound`] for an unknown entry; [`Error::InvalidInput`] for an item of
/// another system or a kind the system has nothing of.
pub fn check_item(book: &dyn Rulebook, system: &str, item: &str) -> Result<(String, String)> {
    match Item::parse(item)? {
        Item::Entry(id) => {
            let e = book.show(&id)?;
            if e.system != system {
                return Err(Error::InvalidInput(format!("{} is a {} entry, not one of {system}'s", e.name, e.system)));
            }
            Ok((e.id, e.name))
        }
        Item::Kind { system: s, kind } => {
            if s != system {
                return Err(Error::InvalidInput(format!("{item} is a list of {s}, not of {system}")));
            }
            if book.list(kind, Some(system))?.is_empty() {
                return Err(Error::InvalidInput(format!("{system} has no entries of kind {kind} to list")));
            }
            Ok((format!("{system}/{}", kind.as_str()), format!("All {}", kind.plural_label().to_lowercase())))
        }
    }
}

/// Adds `item` as a panel of its own at the end, unless a panel holds it already.
///
/// # Errors
/// [`Error::Conflict`] when it is on the screen already; [`Error::InvalidInput`] when
/// the screen is full.
/// `title` is how the refusal names it ("Monster Diseases", "All conditions").
pub fn pin(panels: &mut Vec<ScreenPanel>, item: String, title: &str) -> Result<()> {
    if let Some(n) = panels.iter().position(|p| p.items.contains(&item)) {
        return Err(Error::Conflict(format!("{title} is on the screen already, in panel {}", n + 1)));
    }
    if panels.len() >= MAX_PANELS {
        return Err(Error::InvalidInput(format!("a screen holds at most {MAX_PANELS} panels; unpin one first")));
    }
    panels.push(ScreenPanel { title: None, items: vec![item], full: false });
    Ok(())
}

/// Takes `what` off the screen: a panel by its number (from 1), or an item by its id
/// (its panel goes when it was the panel's last item).
///
/// # Errors
/// [`Error::NotFound`] when no panel has that number or holds that item.
pub fn unpin(panels: &mut Vec<ScreenPanel>, what: &str) -> Result<()> {
    if let Ok(n) = what.trim().parse::<usize>() {
        let at = panel_index(panels, n)?;
        panels.remove(at);
        return Ok(());
    }
    let at = panels.iter().position(|p| p.items.iter().any(|i| i == what)).ok_or_else(|| Error::NotFound {
        what: "panel holding",
        id: what.to_string(),
        suggestions: panels.iter().flat_map(|p| p.items.iter().cloned()).collect(),
    })?;
    panels[at].items.retain(|i| i != what);
    if panels[at].items.is_empty() {
        panels.remove(at);
    }
    Ok(())
}

/// Moves panel `from` to place `to` (both counted from 1).
///
/// # Errors
/// [`Error::NotFound`] for a panel number the screen does not have.
pub fn move_panel(panels: &mut Vec<ScreenPanel>, from: usize, to: usize) -> Result<()> {
    let a = panel_index(panels, from)?;
    let b = panel_index(panels, to)?;
    let p = panels.remove(a);
    panels.insert(b, p);
    Ok(())
}

fn panel_index(panels: &[ScreenPanel], n: usize) -> Result<usize> {
    if n == 0 || n > panels.len() {
        return Err(Error::NotFound {
            what: "panel",
            id: n.to_string(),
            suggestions: vec![format!("the screen has panels 1 to {}", panels.len())],
        });
    }
    Ok(n - 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn screen() -> Vec<ScreenPanel> {
        vec![ScreenPanel::group("Totals", &["s/rule/a", "s/rule/b"]), ScreenPanel::one("s/table/t")]
    }

    #[test]
    fn items_are_entry_ids_or_kind_lists() {
        assert_eq!(Item::parse("s/rule/a").unwrap(), Item::Entry("s/rule/a".into()));
        assert_eq!(
            Item::parse("mythcraft/conditions").unwrap(),
            Item::Kind { system: "mythcraft".into(), kind: Kind::Condition }
        );
        for bad in ["", "s", "s/nonsense", "/rule/a", "a/b/c/d", "s//a"] {
            let e = Item::parse(bad).unwrap_err();
            assert_eq!(e.code(), crate::ErrorCode::InvalidInput, "{bad:?}");
        }
    }

    #[test]
    fn pinning_twice_is_refused_and_unpinning_the_last_item_drops_its_panel() {
        let mut p = screen();
        pin(&mut p, "s/rule/c".into(), "C").unwrap();
        assert_eq!(p.len(), 3);
        assert_eq!(pin(&mut p, "s/rule/a".into(), "A").unwrap_err().code(), crate::ErrorCode::Conflict);
        unpin(&mut p, "s/rule/a").unwrap();
        assert_eq!(p[0].items, ["s/rule/b"]);
        unpin(&mut p, "s/rule/b").unwrap();
        assert_eq!(p.len(), 2, "an empty panel goes");
        unpin(&mut p, "1").unwrap();
        assert_eq!(p, [ScreenPanel::one("s/rule/c")]);
        assert_eq!(unpin(&mut p, "2").unwrap_err().code(), crate::ErrorCode::NotFound);
        assert_eq!(unpin(&mut p, "s/rule/zzz").unwrap_err().code(), crate::ErrorCode::NotFound);
    }

    #[test]
    fn moving_puts_a_panel_at_the_place_asked() {
        let mut p = screen();
        p.push(ScreenPanel::one("s/rule/c"));
        move_panel(&mut p, 3, 1).unwrap();
        assert_eq!(p[0].items, ["s/rule/c"]);
        assert_eq!(p[1].title.as_deref(), Some("Totals"));
        assert_eq!(move_panel(&mut p, 0, 1).unwrap_err().code(), crate::ErrorCode::NotFound);
        assert_eq!(move_panel(&mut p, 1, 4).unwrap_err().code(), crate::ErrorCode::NotFound);
    }
}
