//! The desktop shell's IPC surface, written down once: every command's name, the
//! arguments the page sends and what it answers ([`ipc_commands!`]).
//!
//! Two things are made from that one list, so neither can drift from it:
//! - the shell's `invoke_handler` (src-tauri passes its own macro to
//!   [`ipc_commands!`]), so the shell registers exactly these commands;
//! - the UI's typed command map, `ui/src/lib/bindings/commands.ts`, which
//!   `tests/bindings.rs` writes (and fails on when it is stale), with the argument and
//!   answer types ts-rs exports. The same test reads the shell's command functions and
//!   checks that each takes and answers what the list says.
//!
//! Every command that fails answers [`crate::ErrorPayload`].

use serde::Deserialize;
use ts_rs::TS;

use crate::characters::Character;

/// What a PDF is printed from: saved characters by id (each starts on a new page, in
/// this order), sheets as they are on screen, saved or not, a game master's screen or a
/// party, or an encounter's adversaries as cards. From the page: `{"ids": [1, 2]}`,
/// `{"characters": [...]}`, `{"screen": "mythcraft"}`, `{"party": 3}` or `{"encounter": 5}`.
#[derive(Debug, Clone, PartialEq, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum PdfSource {
    Ids(Vec<i64>),
    Characters(Vec<Character>),
    /// A system's game master's screen (the GM's own, or the shipped one), landscape.
    Screen(String),
    /// A party's sheets, each with its reference cards.
    Party(i64),
    /// An encounter's adversaries as stat block cards, several to a page, with the
    /// reference cards of their conditions and spells ([`crate::Tome::prepare_encounter_cards`]).
    Encounter(i64),
}

/// An answer of raw bytes, sent as they are (the shell's `tauri::ipc::Response`, not
/// JSON): an `ArrayBuffer` in the page.
pub struct Bytes;

impl TS for Bytes {
    type WithoutGenerics = Self;
    type OptionInnerType = Self;

    fn name(_: &ts_rs::Config) -> String {
        "ArrayBuffer".into()
    }

    fn inline(cfg: &ts_rs::Config) -> String {
        Self::name(cfg)
    }
}

/// Every IPC command of the desktop shell, in the order it registers them, as
/// `name(argument: Type, …) -> Answer;` with its documentation. Arguments are named as
/// the shell's functions name them (the page sends them in camelCase, as Tauri expects);
/// the shell's own parameters (its state, the window) are not listed.
///
/// `ipc_commands!(then)` calls the macro `then!` with the list: the shell's makes its
/// `invoke_handler` of the names, `tests/bindings.rs`'s describes the commands.
#[macro_export]
macro_rules! ipc_commands {
    ($then:ident) => {
        $then! {
            /// Every game system, in Tome's order.
            systems() -> Vec<$crate::model::System>;
            /// The entries of one kind, of one system or all.
            list_entries(kind: $crate::Kind, system: Option<String>) -> Vec<$crate::model::ListItem>;
            /// One entry; `not_found` with the ids of entries named like it as `suggestions`.
            show_entry(id: String) -> $crate::model::Entry;
            /// A roll or lookup table.
            get_table(id: String) -> $crate::model::Table;
            /// Rolls a table's dice; `invalid_input` for a lookup table.
            roll_table(id: String) -> $crate::model::TableRoll;
            /// Search over names, aliases and text.
            search(
                query: String,
                system: Option<String>,
                kind: Option<$crate::Kind>,
                limit: Option<usize>
            ) -> Vec<$crate::model::SearchHit>;
            /// Every rules calculator of every system, with its parameters described.
            calculators() -> Vec<$crate::rules::CalculatorInfo>;
            /// Runs one calculator on raw values by parameter name; `invalid_input` names the
            /// parameter and what it accepts.
            calculate(
                system: String,
                name: String,
                values: std::collections::BTreeMap<String, String>
            ) -> $crate::rules::Outcome;
            /// Rolls dice: "NdM", "dM", or Ars Magica's "stress" or "simple" die.
            roll_dice(dice: String) -> $crate::dice::DiceRoll;
            /// Every character, by name.
            characters() -> Vec<$crate::characters::CharacterSummary>;
            /// A saved character with its derived stats.
            character_view(id: i64) -> $crate::sheets::CharacterView;
            /// A new, empty character; `not_found` for an unknown system (with the known ones).
            create_character(system: String, name: String) -> $crate::characters::Character;
            /// Saves a character made from its `revision`; `invalid_input` with every problem
            /// (by field) when it breaks the sheet's rules, `conflict` when it was saved
            /// elsewhere since.
            save_character(character: $crate::characters::Character) -> $crate::sheets::CharacterView;
            /// Deletes a character with its history.
            delete_character(id: i64) -> ();
            /// A character's revisions, oldest first.
            character_revisions(id: i64) -> Vec<$crate::characters::CharacterRevision>;
            /// What changed from revision `from` to revision `to`.
            character_diff(id: i64, from: i64, to: i64) -> Vec<$crate::characters::CharacterChange>;
            /// Makes revision `number` current again, as a new revision.
            restore_character(id: i64, number: i64) -> $crate::sheets::CharacterView;
            /// Makes one Recovery roll for a wounded character and saves its sheet as a
            /// revision; `invalid_input` for a system without a recovery track or a value
            /// out of range.
            character_recover(id: i64, roll: $crate::sheets::recovery::RecoveryRoll) -> $crate::sheets::recovery::RecoveryReport;
            /// The sheet of a game system.
            sheet_layout(system: String) -> $crate::sheets::SheetLayout;
            /// The field key of a family member a player names (`ability.area-lore`).
            member_key(system: String, prefix: String, name: String) -> $crate::sheets::NamedMember;
            /// What the rules derive from a sheet, saved or not.
            derive_character(character: $crate::characters::Character) -> $crate::sheets::Derived;
            /// A new item for a sheet: one of the entry, not equipped.
            character_item(entry_id: String) -> $crate::characters::CharacterItem;
            /// A new condition or spell reference for a sheet.
            character_ref(entry_id: String) -> $crate::characters::CharacterRef;
            /// Asks where to save the character file (the native dialog) and writes it there:
            /// the path, or `null` when the user cancelled.
            export_character_file(id: i64, file_name: String) -> Option<String>;
            /// Asks where to save the character as an actor of its system's Foundry VTT
            /// system (the native dialog) and writes it there: the path with how the export
            /// wrote it, or `null` when the user cancelled; `invalid_input` for a system with
            /// no Foundry system.
            export_character_foundry_file(id: i64, file_name: String) -> Option<$crate::api::FoundrySaved>;
            /// Every problem an import of `text` would report; empty when it would succeed.
            check_character_file(text: String) -> Vec<$crate::error::Problem>;
            /// Imports a character file's text (Tome's own, or a Foundry VTT actor) as a new
            /// character, with what a Foundry import made of the actor; `invalid_input` with
            /// every problem (by field).
            import_character(text: String) -> $crate::api::CharacterImport;
            /// The whole PDF, for the print preview.
            pdf_preview(source: $crate::ipc::PdfSource, options: $crate::pdf::PdfOptions) -> $crate::ipc::Bytes;
            /// Makes the PDF, asks where to save it (the native dialog) and writes it there:
            /// the path, or `null` when the user cancelled.
            export_pdf(
                source: $crate::ipc::PdfSource,
                options: $crate::pdf::PdfOptions,
                file_name: String
            ) -> Option<String>;
            /// Every installed pack.
            packs() -> Vec<$crate::packs::PackInfo>;
            /// Asks for a pack (a folder when `folder`, else one `.toml` file) and imports it:
            /// what the import did, or `null` when the user cancelled; `content_invalid` with
            /// every problem (by file and line, from the folder the pack was picked in).
            import_pack(folder: bool) -> Option<$crate::packs::PackImport>;
            /// Removes a pack and its entries; `invalid_input` while a character uses one.
            remove_pack(name: String) -> $crate::packs::PackInfo;
            /// Every imported rules document.
            docs() -> Vec<$crate::textdocs::DocInfo>;
            /// Asks for a rules document (`.txt`, `.md`) and imports it for `system` under
            /// `title` (or one made from its file name); `null` when the user cancelled.
            import_text(system: String, title: Option<String>) -> Option<$crate::textdocs::DocImport>;
            /// Removes an imported document and its sections.
            remove_doc(id: String) -> $crate::textdocs::DocInfo;
            /// Lets the table's phones read an imported document, or keeps it from them.
            set_doc_shared(id: String, shared: bool) -> $crate::textdocs::DocInfo;
            /// Every encounter, the last changed first.
            encounters() -> Vec<$crate::encounters::Summary>;
            /// A new encounter of `system`: its usual kind, or `mode` (Primal Wild's `duel`).
            create_encounter(system: String, name: String, mode: Option<String>) -> $crate::api::EncounterView;
            /// Deletes an encounter and its log.
            delete_encounter(id: i64) -> ();
            /// An encounter as its events leave it.
            encounter(id: i64) -> $crate::api::EncounterView;
            /// What an encounter's forms are built from: stats, actions, pace.
            encounter_kit(id: i64) -> $crate::api::EncounterKit;
            /// Quick combatants: `count` of them ("Goblin 1…4" for more than one).
            encounter_add_npc(
                id: i64,
                name: String,
                count: i64,
                stats: std::collections::BTreeMap<String, i64>,
                hidden: Option<bool>
            ) -> $crate::api::EncounterView;
            /// A copy of a combatant joins as a quick one with the same stats ("Goblin 3").
            encounter_duplicate(id: i64, name: String) -> $crate::api::EncounterView;
            /// A saved character joins, its stats from its sheet.
            encounter_add_character(id: i64, character: i64, hidden: Option<bool>) -> $crate::api::EncounterView;
            /// Whether newcomers to encounter `id` join hidden from the players unless the
            /// add says (the fight's own setting, chosen in the share panel; player
            /// characters join shown all the same).
            newcomers_hidden(id: i64) -> bool;
            set_newcomers_hidden(id: i64, hidden: bool) -> ();
            /// Whether encounter `id` offers to show a hidden combatant that attacks one the
            /// players see, or is struck by one (off until turned on).
            encounter_offer_reveal(id: i64, on: bool) -> $crate::api::EncounterView;
            /// Whether a player's phone is told the totals their accepted action was
            /// compared with, the defender's among them (off until turned on).
            encounter_table_totals(id: i64, on: bool) -> $crate::api::EncounterView;
            /// Rolls initiative: the rolls typed (by name) are used, Tome rolls the rest and
            /// any tie re-roll not typed.
            encounter_start(
                id: i64,
                rolls: Vec<(String, i64)>,
                tie_rolls: Vec<(String, i64)>
            ) -> $crate::api::EncounterView;
            /// One change (next turn, damage, healing, a value set, hiding, removing, delay…);
            /// `invalid_input` or `not_found` says why it does not fit, and nothing changes.
            encounter_change(id: i64, event: $crate::encounters::Event) -> $crate::api::EncounterView;
            /// Adds a condition (an entry by name or id; a name the reference does not know
            /// answers `not_found` with suggestions, unless `custom` keeps it as the game
            /// master's own), or removes it.
            encounter_condition(
                id: i64,
                name: String,
                condition: String,
                duration: $crate::encounters::Duration,
                remove: bool,
                custom: Option<bool>
            ) -> $crate::api::EncounterView;
            /// One of the system's own actions, with its inputs by parameter name.
            encounter_act(
                id: i64,
                action: String,
                name: Option<String>,
                inputs: std::collections::BTreeMap<String, String>
            ) -> $crate::api::EncounterView;
            /// The fields of an action (with its inputs so far) a player's phone may be
            /// asked to fill, with whose phone and how it answers.
            encounter_phone_fields(
                id: i64,
                action: String,
                name: Option<String>,
                inputs: std::collections::BTreeMap<String, String>
            ) -> Vec<$crate::encounters::PhoneField>;
            /// Asking a player's phone whether their character reacts now, out of turn.
            encounter_reaction_field(id: i64, name: String) -> $crate::encounters::PhoneField;
            /// Takes back the last change; `invalid_input` when there is none.
            encounter_undo(id: i64) -> $crate::api::EncounterView;
            /// Brings back the last change taken back; `invalid_input` when there is none.
            encounter_redo(id: i64) -> $crate::api::EncounterView;
            /// What happened, event by event, with the terms of every number: the whole log,
            /// or with `last` only its last entries (what a screen shows on opening, at the
            /// same cost however long the fight has run).
            encounter_log(id: i64, last: Option<usize>) -> Vec<$crate::encounters::LogEntry>;
            /// What lasts for each linked character; with `apply`, written as new revisions.
            encounter_end(id: i64, apply: bool) -> Vec<$crate::api::Lasting>;
            /// Next fight, same party: a new encounter of the same system and kind with the
            /// parties that joined encounter `id` as they are saved now, and its other saved
            /// characters, named `name` or after the old one.
            encounter_next_fight(id: i64, name: Option<String>) -> $crate::api::EncounterView;
            /// Run this fight again: a new prepared (not started) encounter with encounter
            /// `id`'s combatants, their stats, hidden state and starting conditions, and its
            /// parties, with fresh HP, conditions and log; named `name` or after the old one.
            encounter_again(id: i64, name: Option<String>) -> $crate::api::EncounterView;
            /// Every character of a party joins, in one change.
            encounter_add_party(id: i64, party: i64, hidden: Option<bool>) -> $crate::api::EncounterView;
            /// `count` copies of a library adversary (its name, any case, or its number) join,
            /// numbered, each with its own stats, hidden or not (`null`: as the table's setting
            /// says), in one change; `not_found` with the close names.
            encounter_add_adversary(id: i64, adversary: String, count: i64, hidden: Option<bool>) -> $crate::api::EncounterView;
            /// The game master's library of adversaries, by system and name.
            adversaries() -> Vec<$crate::adversaries::AdversarySummary>;
            /// An adversary's stat block with what its system's rules derive from it.
            adversary_view(id: i64) -> $crate::adversaries::AdversaryView;
            /// Checks a stat block as a save would, saving nothing; `invalid_input` with every
            /// problem, each naming its field.
            check_adversary(adversary: $crate::adversaries::Adversary) -> $crate::adversaries::AdversaryView;
            /// Saves a new adversary; `invalid_input` with every problem.
            create_adversary(adversary: $crate::adversaries::Adversary) -> $crate::adversaries::AdversaryView;
            /// Saves an adversary as a new revision; `conflict` when it was saved elsewhere since.
            save_adversary(adversary: $crate::adversaries::Adversary) -> $crate::adversaries::AdversaryView;
            /// Deletes an adversary and its revisions (fights keep their copies).
            delete_adversary(id: i64) -> ();
            /// Saves combatant `name` of encounter `id` to the library with its stats, named
            /// `adversary_name` or after it without its number.
            encounter_save_adversary(id: i64, name: String, adversary_name: Option<String>) -> $crate::adversaries::AdversaryView;
            /// An adversary as the entry view shows a search hit on it (`SYSTEM/adversary/N`).
            adversary_entry(id: String) -> $crate::model::Entry;
            /// The stats an adversary of `system` holds for the kind of encounter `mode`
            /// (empty: the usual one), with their ranges and defaults: those its tracker uses.
            adversary_stats(system: String, mode: String) -> Vec<$crate::encounters::StatSpec>;
            /// An adversary's revisions, oldest first, each with what it changed.
            adversary_revisions(id: i64) -> Vec<$crate::adversaries::AdversaryRevision>;
            /// Makes revision `number` current again, as a new revision checked as a save is.
            restore_adversary(id: i64, number: i64) -> $crate::adversaries::AdversaryView;
            /// Asks where to save the adversary file (the native dialog) and writes it there:
            /// the path, or `null` when the user cancelled.
            export_adversary_file(id: i64, file_name: String) -> Option<String>;
            /// Asks where to save the adversary as a Foundry VTT actor and writes it there:
            /// the path with how the export wrote it, or `null` when the user cancelled.
            export_adversary_foundry_file(id: i64, file_name: String) -> Option<$crate::api::FoundrySaved>;
            /// Imports an adversary file's text (Tome's own, or a Foundry VTT actor) as a new
            /// adversary, whole or not at all, with what a Foundry import made of the actor;
            /// `invalid_input` with every problem (by field).
            import_adversary(text: String) -> $crate::api::AdversaryImport;
            /// Every party, by name.
            parties() -> Vec<$crate::db::parties::Party>;
            /// A new, empty party; `conflict` when the name is taken.
            create_party(system: String, name: String) -> $crate::db::parties::Party;
            /// Adds saved characters to a party, all or none.
            party_add(party: i64, characters: Vec<i64>) -> $crate::db::parties::Party;
            /// Takes characters out of a party (they stay saved).
            party_remove(party: i64, characters: Vec<i64>) -> $crate::db::parties::Party;
            /// Deletes a party; its characters stay saved.
            delete_party(party: i64) -> ();
            /// Writes an evening's encounters as one Markdown session log, asking where (the
            /// native dialog): the path, or `null` when the user cancelled.
            export_session_log(pick: $crate::api::SessionPick, file_name: String) -> Option<String>;
            /// The game master's screen of a system: their own, or the shipped one.
            screen(system: String) -> $crate::screen::Screen;
            /// Pins an entry (by id or name) or a `system/kind` list as a new panel.
            screen_pin(system: String, item: String) -> $crate::screen::Screen;
            /// Takes a panel (by number, from 1) or an item (by id) off the screen.
            screen_unpin(system: String, what: String) -> $crate::screen::Screen;
            /// Moves panel `from` to place `to` (from 1).
            screen_move(system: String, from: usize, to: usize) -> $crate::screen::Screen;
            /// Back to the system's shipped screen.
            screen_reset(system: String) -> $crate::screen::Screen;
            /// The players' screen of an encounter: no hidden combatant, no number the game
            /// master keeps (the one command the player view's window may call).
            player_view(id: i64) -> $crate::api::PlayerView;
            /// Opens the player view of encounter `id` in its own window (or shows it there,
            /// if that window is open), for a second screen.
            open_player_view(id: i64) -> ();
            /// This machine's local network addresses, to share on one (the likeliest first).
            share_addresses() -> Vec<$crate::share::LocalAddress>;
            /// Starts sharing with the table (`address` empty: the first local one; `port`
            /// absent: 7878 or any free one; `encounter` absent: the one changed last), or
            /// answers the running share's status.
            share_start(address: Option<String>, port: Option<u16>, encounter: Option<i64>) -> $crate::share::ShareStatus;
            /// Shows encounter `encounter` to the table from now on (`null`: the started
            /// encounter changed most recently), without disconnecting anyone.
            share_show(encounter: Option<i64>) -> $crate::share::ShareStatus;
            /// The running share's status (address, code, QR, devices, inbox); `null` when
            /// not sharing.
            share_status() -> Option<$crate::share::ShareStatus>;
            /// Stops sharing: every device is disconnected and the inbox emptied.
            share_stop() -> ();
            /// A new join code at once (the old one stops working).
            share_new_code() -> $crate::share::ShareStatus;
            share_rename(device: u32, name: String) -> $crate::share::Device;
            /// Shows a saved character's sheet and exact numbers on one device (`null`: none).
            share_assign(device: u32, character: Option<i64>) -> $crate::share::Device;
            share_revoke(device: u32) -> ();
            share_revoke_all() -> ();
            /// Imports a character from the inbox, added to `encounter` when given.
            share_accept(item: u32, encounter: Option<i64>) -> $crate::characters::Character;
            share_decline(item: u32) -> $crate::share::InboxItem;
            /// Accepts an action a player sent from their phone, as prepared.
            share_accept_proposal(id: u32) -> $crate::api::EncounterView;
            /// Accepts a player's action as the game master changed it (`action`: its own
            /// when `null`).
            share_edit_proposal(
                id: u32,
                action: Option<String>,
                inputs: std::collections::BTreeMap<String, String>
            ) -> $crate::api::EncounterView;
            /// Declines a player's action, with an optional word back to their phone.
            share_decline_proposal(id: u32, word: Option<String>) -> ();
            /// Asks the phones in an encounter not yet started for their initiative
            /// (`null`: stops asking).
            share_ask_initiative(encounter: Option<i64>) -> ();
            /// Asks one player's phone for its initiative once more, forgetting what it sent.
            share_ask_initiative_again(name: String) -> String;
            /// Starts an encounter with the initiative the phones sent; Tome rolls the rest.
            share_start_fight(encounter: i64) -> $crate::api::EncounterView;
            /// Asks the phones for a roll (one character's, or everyone's), through a
            /// calculator when given.
            share_ask_roll(ask: $crate::share::RollAsk) -> $crate::share::AskItem;
            /// Stops asking a roll.
            share_close_ask(id: u32) -> $crate::share::AskItem;
            /// Whether players' free rolls in an encounter go to its log as they come
            /// (`true`) or wait for the game master like actions.
            share_trust_rolls(encounter: i64, trust: bool) -> ();
            /// Why the database could not be opened at start-up, with the ways out; `null`
            /// when it is open (the page asks this first).
            startup_problem() -> Option<$crate::api::StartupProblem>;
            /// What the checks Tome ran by itself repaired since the page last asked (at
            /// open, and the weekly check, after which the shell sends `tome://checked`),
            /// each once; empty when nothing was. Damage they left closes the file: this
            /// then answers `database`, as every command does.
            repair_notice() -> Vec<$crate::api::Repair>;
            /// Tries again to open the database (another program held it locked…).
            retry_open() -> ();
            /// Replaces the unusable database with its newest backup (the file it replaces
            /// is kept) and opens it; `not_found` when there is no backup.
            restore_newest_backup() -> ();
            /// Asks for another Tome database file (the native dialog) and opens it for this
            /// session: `false` when the user cancelled.
            open_other_database() -> bool;
            /// Ends the app.
            quit() -> ();
            /// The page has saved what was pending: the window may close now (it asked for
            /// that with the `tome://before-close` event).
            close_ready() -> ();
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    macro_rules! names {
        ($($(#[$doc:meta])* $name:ident($($arg:ident: $ty:ty),* $(,)?) -> $ret:ty;)*) => {
            [$(stringify!($name)),*]
        };
    }

    #[test]
    fn every_command_is_listed_once() {
        let names = crate::ipc_commands!(names);
        let mut unique = names.to_vec();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), names.len(), "{names:?}");
    }

    #[test]
    fn a_pdf_source_reads_as_the_page_sends_it() {
        let ids: PdfSource = serde_json::from_str(r#"{"ids": [2, 1]}"#).unwrap();
        assert_eq!(ids, PdfSource::Ids(vec![2, 1]));
        let fight: PdfSource = serde_json::from_str(r#"{"encounter": 5}"#).unwrap();
        assert_eq!(fight, PdfSource::Encounter(5));
        assert!(serde_json::from_str::<PdfSource>(r#"{"names": []}"#).is_err());
    }
}
