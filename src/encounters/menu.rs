//! A player's actions as their phone lists them (issue 56): named as the player thinks
//! of them ("Attack with Short sword", "Cast Fire Ball", "Dodge"), grouped, with what
//! Tome knows of each filled in from the sheet, and only the player's own choices asked.
//! The rules say the words ([`super::EncounterRules::players_menu`],
//! [`super::EncounterRules::players_option`]) and what the sheet adds
//! ([`super::EncounterRules::sheet_actions`]); `Tome::table_menu` puts them together.

use std::collections::BTreeMap;

use serde::Serialize;
use ts_rs::TS;

/// Where a phone lists an action.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, TS)]
#[serde(rename_all = "kebab-case")]
pub enum MenuGroup {
    Attack,
    Spell,
    Move,
    Other,
}

/// How a player names one of the system's actions, and where their phone lists it.
#[derive(Debug, Clone, Copy)]
pub struct MenuWords {
    pub action: &'static str,
    /// "Dodge", "Stand up", "Cast a spell".
    pub label: &'static str,
    pub group: MenuGroup,
    /// One button per value the player's form offers for this parameter, when they are
    /// few ([`MOST_BUTTONS`]): "Cast Fire Ball" for `spell`, labelled `each` with the
    /// value for `{}`.
    pub each: Option<(&'static str, &'static str)>,
}

/// The most buttons one action becomes (one per spell); with more, it stays one button
/// and the form asks.
pub const MOST_BUTTONS: usize = 6;

impl MenuWords {
    #[must_use]
    pub const fn new(action: &'static str, label: &'static str, group: MenuGroup) -> MenuWords {
        MenuWords { action, label, group, each: None }
    }

    /// One button per value of `param`, labelled `each` with `{}` for the value.
    #[must_use]
    pub const fn each(self, param: &'static str, each: &'static str) -> MenuWords {
        MenuWords { each: Some((param, each)), ..self }
    }
}

/// One of a player's optional choices, in their words: "Two-handed weapon" with a
/// one-line hint.
#[derive(Debug, Clone, Copy)]
pub struct OptionWords {
    pub label: &'static str,
    pub hint: &'static str,
    /// The phone asks it with the required fields, first: the choice an optional
    /// parameter makes for a player, where the other way of giving it is the game
    /// master's (an Ars Magica stunt's row, where the storyguide may set the advantage).
    pub asked: bool,
}

/// An action as the character's sheet makes it: "Attack with Short sword", with the
/// inputs the sheet gives (the weapon's dice, its bonus, its AP).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SheetAction {
    pub label: String,
    pub action: &'static str,
    pub group: MenuGroup,
    pub preset: BTreeMap<String, String>,
    /// One line: where the numbers come from ("+5, 1d6+2 sharp, melee, 2 AP").
    pub hint: String,
}

/// What a player's phone offers to do now: one button, and the form behind it.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct PlayerAction {
    /// Says which of the list it is, for the phone to keep the player's pick across
    /// updates: the label is unique in the list.
    pub label: String,
    pub group: MenuGroup,
    /// The system's action it sends.
    pub action: &'static str,
    /// One line: what it does, or the numbers the sheet gives it.
    pub hint: String,
    /// Sent with the action as Tome filled it in from the sheet; not asked.
    pub preset: BTreeMap<String, String>,
    /// What the player decides: the required fields (a target, the die), then the
    /// optional ones ("More options"), each labelled in the player's words.
    pub params: Vec<crate::rules::ParamInfo>,
}

/// A player's words for an option, as the systems' `players_option` tables write them.
#[must_use]
pub const fn words(label: &'static str, hint: &'static str) -> Option<OptionWords> {
    Some(OptionWords { label, hint, asked: false })
}

/// As [`words`], for the choice the player's form asks first, as if it were required.
#[must_use]
pub const fn asked_words(label: &'static str, hint: &'static str) -> Option<OptionWords> {
    Some(OptionWords { label, hint, asked: true })
}
