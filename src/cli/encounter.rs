//! `tome encounter …`: run a fight by its system's rules from the command line.

use std::collections::BTreeMap;
use std::fmt::Write;
use std::path::PathBuf;

use clap::Subcommand;
use tome::api::EncounterView;
use tome::encounters::{Duration, Event};
use tome::{Error, Found, Tome};

use super::{output, output_then, Named};

/// Whether newcomers join hidden from the players, said in the same change as the
/// joining (neither flag: as the fight's own setting says, `newcomers` in `tome share`,
/// which player characters do not follow: they join shown).
#[derive(clap::Args, Clone, Copy)]
pub struct Arrival {
    /// Join hidden from the player view and the table's phones.
    #[arg(long, conflicts_with = "shown")]
    hidden: bool,
    /// Join shown, even while the fight's setting hides newcomers.
    #[arg(long)]
    shown: bool,
}

impl Arrival {
    fn hidden(self) -> Option<bool> {
        match (self.hidden, self.shown) {
            (true, _) => Some(true),
            (_, true) => Some(false),
            _ => None,
        }
    }
}

#[derive(Subcommand)]
pub enum EncounterCommand {
    /// Start a new encounter: `tome encounter new --system mythcraft --name "Bridge"`.
    New {
        #[arg(long, short)]
        system: String,
        #[arg(long, short)]
        name: String,
        /// The kind of encounter, for a system that runs more than one (Primal Wild:
        /// `fight` or `duel`); the system's usual one when left out.
        #[arg(long, short)]
        mode: Option<String>,
        /// Start with a party (by number or name) already in it.
        #[arg(long, short)]
        party: Option<String>,
    },
    /// Add every character of a party (by number or name) in one step.
    AddParty {
        /// The encounter, by its number or its name (quoted when spaced).
        #[arg(value_name = "ENCOUNTER")]
        id: Named,
        party: String,
        #[command(flatten)]
        arrival: Arrival,
    },
    /// Next fight, same party: a new encounter of the same system and kind with the parties
    /// that joined encounter ID (as they are saved now) and its other saved characters in it.
    NextFight {
        /// The encounter, by its number or its name (quoted when spaced).
        #[arg(value_name = "ENCOUNTER")]
        id: Named,
        /// The new encounter's name (default: the old one's with "(next)").
        #[arg(long, short)]
        name: Option<String>,
    },
    /// Run this fight again: a new prepared (not started) encounter with encounter ID's
    /// combatants (their stats, hidden state, starting conditions and attacks; saved
    /// characters as their sheets are now) and parties, with fresh HP, conditions and log.
    Again {
        /// The encounter, by its number or its name (quoted when spaced).
        #[arg(value_name = "ENCOUNTER")]
        id: Named,
        /// The new encounter's name (default: the old one's with "(again)").
        #[arg(long, short)]
        name: Option<String>,
    },
    /// Print the encounter's adversaries as cards to cut out, several to a page: one
    /// stat block per kind, then the reference cards of their conditions and spells
    /// (--no-cards leaves those out; the stat blocks still print).
    Pdf {
        /// The encounter, by its number or its name (quoted when spaced).
        #[arg(value_name = "ENCOUNTER")]
        id: Named,
        #[command(flatten)]
        print: super::PrintArgs,
    },
    /// Write an evening's encounters as one Markdown session log: those created on --date
    /// (YYYY-MM-DD, this computer's time zone) or the IDs given, each with who was there,
    /// its log and what lasted.
    SessionLog {
        #[arg(required_unless_present = "date", conflicts_with = "date")]
        /// The encounters, each by its number or its name.
        #[arg(value_name = "ENCOUNTER")]
        ids: Vec<Named>,
        #[arg(long)]
        date: Option<String>,
        /// Where to write it (default: print it).
        #[arg(long, short)]
        out: Option<PathBuf>,
    },
    /// List the encounters.
    List,
    /// Delete an encounter and its log.
    Delete {
        /// The encounter, by its number or its name (quoted when spaced).
        #[arg(value_name = "ENCOUNTER")]
        id: Named,
    },
    /// Show the order, whose turn it is and each combatant's state.
    Show {
        /// The encounter, by its number or its name (quoted when spaced).
        #[arg(value_name = "ENCOUNTER")]
        id: Named,
    },
    /// Add a saved character (--character ID), adversaries from the library (--adversary
    /// NAME [--count N]: numbered copies, each with its own stats) or quick combatants
    /// (--npc NAME [--count N] [--stat KEY=VALUE …]).
    Add {
        /// The encounter, by its number or its name (quoted when spaced).
        #[arg(value_name = "ENCOUNTER")]
        id: Named,
        /// A saved character, by name or number (`tome character list`).
        #[arg(long, conflicts_with_all = ["npc", "count", "stat", "adversary"])]
        character: Option<Named>,
        /// An adversary of the library, by name or number (`tome adversary list`).
        #[arg(long, conflicts_with_all = ["npc", "stat"])]
        adversary: Option<String>,
        #[arg(long, required_unless_present_any = ["character", "adversary"])]
        npc: Option<String>,
        #[arg(long, default_value_t = 1)]
        count: i64,
        /// A stat the system's tracker needs, by its key or abbreviation (`awr=2`).
        #[arg(long, value_name = "KEY=VALUE", allow_hyphen_values = true)]
        stat: Vec<String>,
        #[command(flatten)]
        arrival: Arrival,
    },
    /// Add a copy of a combatant with the same stats, named as the next of its kind.
    Duplicate {
        /// The encounter, by its number or its name (quoted when spaced).
        #[arg(value_name = "ENCOUNTER")]
        id: Named,
        name: String,
    },
    /// Save a combatant (one typed mid-fight) to the adversaries library, with its stats,
    /// named after it without its number or --as NAME.
    SaveAdversary {
        /// The encounter, by its number or its name (quoted when spaced).
        #[arg(value_name = "ENCOUNTER")]
        id: Named,
        name: String,
        #[arg(long = "as", value_name = "NAME")]
        as_name: Option<String>,
    },
    /// Roll initiative: rolls given with --roll NAME=N are used, the rest are rolled.
    Start {
        /// The encounter, by its number or its name (quoted when spaced).
        #[arg(value_name = "ENCOUNTER")]
        id: Named,
        #[arg(long, value_name = "NAME=N")]
        roll: Vec<String>,
        /// A tie re-roll (repeat a name for its second re-roll).
        #[arg(long, value_name = "NAME=N")]
        tie_roll: Vec<String>,
        #[arg(long)]
        seed: Option<u64>,
    },
    /// End the acting combatant's turn and begin the next one's.
    Next {
        /// The encounter, by its number or its name (quoted when spaced).
        #[arg(value_name = "ENCOUNTER")]
        id: Named,
    },
    /// The acting combatant holds its action until after NAME has acted, this round only
    /// (Ars Magica).
    Delay {
        /// The encounter, by its number or its name (quoted when spaced).
        #[arg(value_name = "ENCOUNTER")]
        id: Named,
        #[arg(long, value_name = "NAME")]
        after: String,
    },
    /// Damage a combatant.
    Damage {
        /// The encounter, by its number or its name (quoted when spaced).
        #[arg(value_name = "ENCOUNTER")]
        id: Named,
        name: String,
        #[arg(long, allow_hyphen_values = true)]
        amount: i64,
        /// The damage type, where the system has them (MythCraft: fire, sharp, …).
        #[arg(long = "type")]
        kind: Option<String>,
    },
    /// Heal a combatant.
    Heal {
        /// The encounter, by its number or its name (quoted when spaced).
        #[arg(value_name = "ENCOUNTER")]
        id: Named,
        name: String,
        #[arg(long, allow_hyphen_values = true)]
        amount: i64,
    },
    /// Add a condition from the system's reference (by name or id; a name it does not know
    /// is refused with suggestions unless --custom), or take one off with --remove.
    Condition {
        /// The encounter, by its number or its name (quoted when spaced).
        #[arg(value_name = "ENCOUNTER")]
        id: Named,
        name: String,
        condition: String,
        #[arg(long, allow_hyphen_values = true, conflicts_with_all = ["seconds", "until_end_of_turn_of"])]
        rounds: Option<i64>,
        #[arg(long, allow_hyphen_values = true, conflicts_with = "until_end_of_turn_of")]
        seconds: Option<i64>,
        #[arg(long, value_name = "NAME")]
        until_end_of_turn_of: Option<String>,
        #[arg(long, conflicts_with = "custom")]
        remove: bool,
        /// Keep a name the reference does not know as your own condition (inert: Tome
        /// applies no rule for it).
        #[arg(long)]
        custom: bool,
    },
    /// Set a value or stat by hand (`hp 12`, `awr 3`), or `hidden true|false`. A word naming
    /// both a stat and a value the board shows sets the value (an Amtgard `torso 1`: the armour
    /// points left there; its rating is `worn-torso`).
    Set {
        /// The encounter, by its number or its name (quoted when spaced).
        #[arg(value_name = "ENCOUNTER")]
        id: Named,
        name: String,
        field: String,
        #[arg(allow_hyphen_values = true)]
        value: String,
    },
    /// Let seconds pass on the encounter's clock beyond the real ones (durations in
    /// seconds run down by that much; 0 just brings the board up to now).
    Elapse {
        /// The encounter, by its number or its name (quoted when spaced).
        #[arg(value_name = "ENCOUNTER")]
        id: Named,
        #[arg(allow_hyphen_values = true)]
        seconds: i64,
    },
    /// A player's roll of any dice for combatant NAME ("3d6", "d20+2", "stress"): said in
    /// the log, and shown to the table unless --secret. `--seed S` makes it repeatable.
    Roll {
        /// The encounter, by its number or its name (quoted when spaced).
        #[arg(value_name = "ENCOUNTER")]
        id: Named,
        name: String,
        dice: String,
        /// For the game master alone: never shown to the table.
        #[arg(long)]
        secret: bool,
        #[arg(long)]
        seed: Option<u64>,
    },
    /// One of the system's own actions (an Amtgard respawn, an MLAF cast, a Duel Arcane
    /// clash): `act ENC` lists them, `act ENC ACTION --help` shows one's parameters, and
    /// `act ENC ACTION [NAME] --param value …` does it. `--seed S` makes the dice Tome
    /// rolls for it repeatable.
    ///
    /// A written attack is an attack's numbers as a sheet or an adversary's stat block
    /// writes them, under a name: "Short sword: +5, 1d6+2 sharp, melee, 2 AP" (MythCraft:
    /// a sheet's Attacks lines, an adversary's attacks). `act ENC attack NAME --with
    /// "Short sword" --target X` fills the attack in from the one of NAME's written attacks
    /// so called (case aside); without --with, and with no damage typed, NAME's only one is
    /// used. What is typed wins over what is written.
    Act {
        /// The encounter, by its number or its name (quoted when spaced).
        #[arg(value_name = "ENCOUNTER")]
        id: Named,
        /// The action's name (leave it out to list them), the combatant for an action
        /// about one, then the action's parameters (`cast Siren --spell "Fire Ball" --roll 4`).
        #[arg(trailing_var_arg = true, allow_hyphen_values = true, value_name = "ACTION [NAME] [--PARAM VALUE]")]
        args: Vec<String>,
    },
    /// Whether this fight offers to show a hidden combatant that attacks one the players
    /// see, or is struck by one: after such an attack the tracker says so and how (off
    /// until turned on).
    OfferReveal {
        /// The encounter, by its number or its name (quoted when spaced).
        #[arg(value_name = "ENCOUNTER")]
        id: Named,
        #[arg(value_parser = ["on", "off"])]
        setting: String,
    },
    /// Whether a player's phone is told the totals their accepted action was compared
    /// with ("Attack 19 against AR 15: a hit"), the defender's among them, or only what
    /// it came to ("A hit"); off until turned on.
    TableTotals {
        /// The encounter, by its number or its name (quoted when spaced).
        #[arg(value_name = "ENCOUNTER")]
        id: Named,
        #[arg(value_parser = ["on", "off"])]
        setting: String,
    },
    /// Take back the last change.
    Undo {
        /// The encounter, by its number or its name (quoted when spaced).
        #[arg(value_name = "ENCOUNTER")]
        id: Named,
    },
    /// Bring back the last change taken back.
    Redo {
        /// The encounter, by its number or its name (quoted when spaced).
        #[arg(value_name = "ENCOUNTER")]
        id: Named,
    },
    /// What happened, event by event, with the terms of every number.
    Log {
        /// The encounter, by its number or its name (quoted when spaced).
        #[arg(value_name = "ENCOUNTER")]
        id: Named,
    },
    /// Show what lasts for each linked character; with --apply, write it to their sheets.
    End {
        /// The encounter, by its number or its name (quoted when spaced).
        #[arg(value_name = "ENCOUNTER")]
        id: Named,
        #[arg(long)]
        apply: bool,
    },
}

impl EncounterCommand {
    /// The encounter this command names, for those that name one.
    fn encounter(&self) -> Option<&Named> {
        use EncounterCommand as C;
        match self {
            C::AddParty { id, .. }
            | C::NextFight { id, .. }
            | C::Again { id, .. }
            | C::Pdf { id, .. }
            | C::Delete { id, .. }
            | C::Show { id, .. }
            | C::Add { id, .. }
            | C::Duplicate { id, .. }
            | C::SaveAdversary { id, .. }
            | C::Start { id, .. }
            | C::Next { id, .. }
            | C::OfferReveal { id, .. }
            | C::TableTotals { id, .. }
            | C::Delay { id, .. }
            | C::Damage { id, .. }
            | C::Heal { id, .. }
            | C::Condition { id, .. }
            | C::Set { id, .. }
            | C::Elapse { id, .. }
            | C::Roll { id, .. }
            | C::Act { id, .. }
            | C::Undo { id, .. }
            | C::Redo { id, .. }
            | C::Log { id, .. }
            | C::End { id, .. } => Some(id),
            _ => None,
        }
    }
}

pub fn run(tome: &mut Tome, cmd: EncounterCommand, json: bool) -> Result<(), Error> {
    use EncounterCommand as C;
    // The encounter named, by number or name, found once for every command that takes one
    // (0 for those that take none, which never read it).
    let id = cmd.encounter().map(|e| e.encounter(tome)).transpose()?.unwrap_or_default();
    // What a command shows after its change: the board, led by what the change did or by
    // a line of its own. (The board is written once the change is made: it names the
    // stat blocks combatants came from, read from the library then.)
    let (shown, lead) = match cmd {
        C::New { system, name, mode, party } => {
            let made = tome.create_encounter_mode(&system, &name, mode.as_deref())?;
            match party {
                Some(p) => (tome.encounter_add_party(made.id, &p)?, Lead::Happened),
                None => (made, Lead::Nothing),
            }
        }
        C::AddParty { party, arrival, .. } => {
            (tome.encounter_add_party_with(id, &party, arrival.hidden())?, Lead::Happened)
        }
        C::NextFight { name, .. } => (tome.encounter_next_fight(id, name.as_deref())?, Lead::Nothing),
        C::Again { name, .. } => (tome.encounter_again(id, name.as_deref())?, Lead::Nothing),
        C::Pdf { print, .. } => return pdf(tome, id, &print, json),
        C::SessionLog { ids, date, out } => {
            let ids = ids.iter().map(|e| e.encounter(tome)).collect::<Result<Vec<_>, _>>()?;
            return session_log(tome, ids, date, out, json);
        }
        C::List => return list(tome, json),
        C::Delete { .. } => {
            tome.delete_encounter(id)?;
            return output(json, &serde_json::json!({ "deleted": id }), || format!("Encounter {id} deleted.\n"));
        }
        C::Show { .. } => (tome.encounter(id)?, Lead::Nothing),
        C::Add { character: Some(c), arrival, .. } => {
            let c = c.character(tome)?;
            (tome.encounter_add_character_with(id, c, arrival.hidden())?, Lead::Happened)
        }
        C::Add { adversary: Some(a), count, arrival, .. } => {
            (tome.encounter_add_adversary_named(id, &a, count, arrival.hidden(), None)?, Lead::Happened)
        }
        C::Add { npc, count, stat, arrival, .. } => {
            let stats = pairs("--stat", &stat)?.into_iter().collect::<BTreeMap<_, _>>();
            let name = npc.as_deref().unwrap_or_default();
            (tome.encounter_add_npc_with(id, name, count, stats, arrival.hidden(), None)?, Lead::Happened)
        }
        C::Duplicate { name, .. } => (tome.encounter_duplicate(id, &name)?, Lead::Happened),
        C::SaveAdversary { name, as_name, .. } => {
            let view = tome.adversary_from_combatant(id, &name, as_name.as_deref())?;
            return super::adversary::show(&view, json);
        }
        C::Start { roll, tie_roll, seed, .. } => (
            tome.encounter_start(id, &pairs("--roll", &roll)?, &pairs("--tie-roll", &tie_roll)?, seed)?,
            Lead::Happened,
        ),
        C::Next { .. } => (tome.encounter_change(id, Event::Next)?, Lead::Happened),
        C::OfferReveal { setting, .. } => {
            let v = tome.encounter_offer_reveal(id, setting == "on")?;
            let said = if v.offer_reveal {
                "It offers to show a hidden combatant that attacks one the players see, or is struck by one."
            } else {
                "It offers to show no hidden combatant."
            };
            (v, Lead::Said(said))
        }
        C::TableTotals { setting, .. } => {
            let v = tome.encounter_table_totals(id, setting == "on")?;
            let said = if v.table_totals {
                "A player's phone is told the totals their action was compared with."
            } else {
                "A player's phone is told only what their action came to, no defender's total."
            };
            (v, Lead::Said(said))
        }
        C::Delay { after, .. } => (tome.encounter_change(id, Event::Delay { after })?, Lead::Happened),
        C::Damage { name, amount, kind, .. } => {
            (tome.encounter_change(id, Event::Damage { name, amount, kind })?, Lead::Happened)
        }
        C::Heal { name, amount, .. } => (tome.encounter_change(id, Event::Heal { name, amount })?, Lead::Happened),
        C::Condition { name, condition: what, rounds, seconds, until_end_of_turn_of, remove, custom, .. } => {
            let duration = match (rounds, seconds, until_end_of_turn_of) {
                (Some(rounds), _, _) => Duration::Rounds { rounds },
                (_, Some(seconds), _) => Duration::Seconds { seconds },
                (_, _, Some(name)) => Duration::EndOfTurnOf { name },
                _ => Duration::UntilRemoved,
            };
            let shown = if custom {
                tome.encounter_custom_condition(id, &name, &what, duration)?
            } else {
                tome.encounter_condition(id, &name, &what, duration, remove)?
            };
            (shown, Lead::Happened)
        }
        C::Set { name, field, value, .. } => {
            (tome.encounter_change(id, set_event(name, field, &value)?)?, Lead::Happened)
        }
        C::Elapse { seconds, .. } => (tome.encounter_change(id, Event::Elapse { seconds })?, Lead::Happened),
        C::Roll { name, dice, secret, seed, .. } => {
            (tome.encounter_roll(id, &name, &dice, secret, seed)?.1, Lead::Happened)
        }
        C::Act { args, .. } => return act(tome, id, args, json),
        C::Undo { .. } => return undo(tome, id, json),
        C::Redo { .. } => (tome.encounter_redo(id)?, Lead::Happened),
        C::Log { .. } => return log(tome, id, json),
        C::End { apply, .. } => return end(tome, id, apply, json),
    };
    output_then(json, &shown, |unread| {
        let board = text(tome, &shown, unread);
        match lead {
            Lead::Nothing => board,
            Lead::Happened => happened(&shown) + &board,
            Lead::Said(said) => format!("  {said}\n\n{board}"),
        }
    })
}

/// What comes before an encounter's board.
enum Lead {
    Nothing,
    /// What the change did (the new log entry).
    Happened,
    /// A line of the command's own.
    Said(&'static str),
}

/// How the board names the library's stat blocks `v`'s combatants came from, by number:
/// only theirs are read (a game master's library may hold a thousand), each checked as
/// every read of one is. One deleted since is named by its number; one that does not read
/// (damaged, or changed since Tome wrote it) is said to be so, never by its number alone
/// as though it were there, and its failure is kept in `unread` (issue 73).
fn stat_blocks(tome: &Tome, v: &EncounterView, unread: &mut Option<Error>) -> BTreeMap<i64, String> {
    let ids: std::collections::BTreeSet<i64> = v.combatants.iter().filter_map(|c| c["adversary"].as_i64()).collect();
    ids.into_iter()
        .map(|id| {
            let said = match tome.adversary(id).found() {
                Ok(Some(a)) => format!("from {}", a.name),
                Ok(None) => format!("from stat block #{id}, deleted since"),
                Err(e) => {
                    unread.get_or_insert(e);
                    format!("from stat block #{id}, which does not read (see below)")
                }
            };
            (id, said)
        })
        .collect()
}

/// A combatant's attacks by name, each with its numbers when it has them.
fn attacks_text(attacks: &serde_json::Value) -> Option<String> {
    let named: Vec<String> = attacks
        .as_array()?
        .iter()
        .map(|a| {
            let name = a["name"].as_str().filter(|n| !n.is_empty()).map(str::to_string).unwrap_or_else(|| {
                a["entry"].as_str().and_then(|e| e.rsplit('/').next()).unwrap_or("?").replace('-', " ")
            });
            match a["numbers"].as_str().filter(|n| !n.is_empty()) {
                Some(numbers) => format!("{name} ({numbers})"),
                None => name,
            }
        })
        .collect();
    (!named.is_empty()).then(|| format!("attacks {}", named.join(", ")))
}

/// `tome encounter pdf`: the adversary cards of a prepared fight.
fn pdf(tome: &Tome, id: i64, print: &super::PrintArgs, json: bool) -> Result<(), Error> {
    let (opts, out) = (print.options(None)?, &print.out);
    let bytes = tome.encounter_cards_pdf(id, &opts)?;
    tome::files::write_atomic(out, &bytes)?;
    let summary = serde_json::json!({ "file": super::shown(out), "encounter": id, "bytes": bytes.len() });
    output(json, &summary, || {
        format!(
            "Wrote the adversary cards of encounter {id} to {} ({} kB)\n",
            out.display(),
            bytes.len().div_ceil(1024)
        )
    })
}

/// `tome encounter session-log`: the evening (a date's fights, or those named) as Markdown.
fn session_log(
    tome: &Tome,
    ids: Vec<i64>,
    date: Option<String>,
    out: Option<PathBuf>,
    json: bool,
) -> Result<(), Error> {
    let pick = match date {
        Some(d) => tome::api::SessionPick::Date(d),
        None => tome::api::SessionPick::Ids(ids),
    };
    let md = tome.session_log(&pick)?;
    match out {
        None => output(json, &serde_json::json!({ "markdown": md }), || md.clone()),
        Some(path) => {
            tome::files::write_atomic(&path, md.as_bytes())?;
            output(json, &serde_json::json!({ "written": super::shown(&path) }), || {
                format!("Wrote {}\n", path.display())
            })
        }
    }
}

/// `tome encounter list`.
fn list(tome: &Tome, json: bool) -> Result<(), Error> {
    let empty = "No encounters yet. Start one with `tome encounter new --system SYSTEM --name NAME`.\n";
    super::vouched_lines(json, tome.encounters_vouched()?, empty, |e| {
        let round = match (e.ended, e.round) {
            (Some(_), r) => format!("ended in round {r}"),
            (None, 0) => "not started".to_string(),
            (None, r) => format!("round {r}"),
        };
        format!("{:>4}  {:<28} {:<12} {:<10} {round}", e.id, e.name, e.system, e.mode)
    })
}

/// `tome encounter set ENC NAME FIELD VALUE`: `hidden` true or false, or a stat's number.
fn set_event(name: String, field: String, value: &str) -> Result<Event, Error> {
    Ok(if field.eq_ignore_ascii_case("hidden") {
        let hidden = match value.to_ascii_lowercase().as_str() {
            "true" | "yes" | "1" => true,
            "false" | "no" | "0" => false,
            _ => return Err(Error::InvalidInput(format!("hidden is true or false, not `{value}`"))),
        };
        Event::Hide { name, hidden }
    } else {
        // The field first: an empty one is the mistake to name, whatever the value.
        if field.trim().is_empty() {
            return Err(Error::InvalidInput(
                "the field to set is empty: name a stat (`hp`) or a value the combatant shows".into(),
            ));
        }
        let value = value
            .trim()
            .parse()
            .map_err(|_| Error::InvalidInput(format!("{field} takes a whole number, not `{value}`")))?;
        Event::Set { name, field, value }
    })
}

/// `tome encounter act`: the system's actions listed, one described (`--help`), or done.
fn act(tome: &mut Tome, id: i64, mut args: Vec<String>, json: bool) -> Result<(), Error> {
    let json = json || args.iter().any(|a| a == "--json");
    args.retain(|a| a != "--json");
    let action = (!args.is_empty()).then(|| args.remove(0));
    let actions = tome.encounter_actions(id)?;
    let Some(action) = action else {
        return output(json, &actions, || {
            if actions.is_empty() {
                return "This system has no actions of its own: use damage, heal, condition and set.\n".into();
            }
            let mut out = String::from("Actions (tome encounter act ENC ACTION --help for one):\n");
            for a in actions {
                let who = if a.combatant { " NAME" } else { "" };
                let _ = writeln!(out, "  {:<22} {}", format!("{}{who}", a.name), a.summary);
            }
            out
        });
    };
    let spec = actions.iter().find(|a| a.name.eq_ignore_ascii_case(&action)).ok_or_else(|| Error::NotFound {
        what: "action",
        id: action.clone(),
        suggestions: actions.iter().map(|a| a.name.to_string()).collect(),
    })?;
    if args.iter().any(|a| a == "--help" || a == "-h") {
        let who = if spec.combatant { " NAME" } else { "" };
        let mut out = format!("tome encounter act ENC {}{who} — {}\n\n", spec.name, spec.summary);
        out.push_str(&super::calc::params_help(spec.params));
        out.push_str("  --seed          number\n                   Makes the dice Tome rolls for this repeatable.\n");
        if tome.encounter_written_action(id)? == Some(spec.name) {
            out.push_str(WITH_HELP);
        }
        if let Some(rule) = spec.rule {
            let _ = writeln!(out, "\nRule: tome show {rule}");
        }
        super::emit(&out);
        return Ok(());
    }
    let name =
        if spec.combatant && args.first().is_some_and(|a| !a.starts_with("--")) { Some(args.remove(0)) } else { None };
    // As every flag of an action: the second value is not silently the one meant.
    let seed = take_value(&mut args, "--seed")?
        .map(|raw| {
            raw.parse::<u64>().map_err(|_| Error::InvalidInput(format!("--seed takes a whole number, not `{raw}`")))
        })
        .transpose()?;
    let with = take_value(&mut args, "--with")?;
    let typed = super::calc::parse_args(spec.params, &args)?;
    let (used, inputs) = tome.written_inputs(id, spec.name, name.as_deref(), with.as_deref(), typed)?;
    let shown = tome.encounter_act(id, spec.name, name.as_deref(), inputs, seed)?;
    output_then(json, &shown, |unread| {
        let with = used.map(|a| format!("  With {}: {}\n", a.name, a.numbers)).unwrap_or_default();
        with + &happened(&shown) + &text(tome, &shown, unread)
    })
}

/// What `act ENC attack --help` says of `--with`, where written attacks fill the action in.
const WITH_HELP: &str = "  --with          name\n                   A written attack of NAME's, by its name: the numbers its sheet or its adversary's stat block writes under that name (\"Short sword: +5, 1d6+2 sharp, melee, 2 AP\") fill in --bonus, --dice, --modifier, --type, --also, --range and --ap. Left out with no damage typed, NAME's only written attack is used. What is typed wins.\n";

/// Takes `--flag VALUE` (or `--flag=VALUE`) out of `args`: its value, given once.
fn take_value(args: &mut Vec<String>, flag: &str) -> Result<Option<String>, Error> {
    let eq = format!("{flag}=");
    let Some(pos) = args.iter().position(|a| a == flag || a.starts_with(&eq)) else { return Ok(None) };
    let raw = match args[pos].split_once('=') {
        Some((_, v)) => v.to_string(),
        None if pos + 1 < args.len() => args.remove(pos + 1),
        None => return Err(Error::InvalidInput(format!("{flag} needs a value"))),
    };
    args.remove(pos);
    if args.iter().any(|a| a == flag || a.starts_with(&eq)) {
        return Err(Error::InvalidInput(format!("{flag} is given more than once; give it once")));
    }
    Ok(Some(raw))
}

/// `tome encounter undo`: what was taken back, then the board.
fn undo(tome: &mut Tome, id: i64, json: bool) -> Result<(), Error> {
    // The entry being taken back, read from the log's end (a long log is not replayed).
    let undone = tome.encounter_log_tail(id, 1)?.pop();
    let shown = tome.encounter_undo(id)?;
    output_then(json, &shown, |unread| {
        let mut out = String::new();
        if let Some(e) = &undone {
            // What the real clock ended as the change came stays ended (time does not go back).
            let (clock, change) = e.lines.split_at(e.clock.unwrap_or(0).min(e.lines.len()));
            let _ = writeln!(out, "  Taken back: {}", change.join("; "));
            if !clock.is_empty() {
                let _ = writeln!(out, "  Still over, its time was up: {}", clock.join("; "));
            }
            out.push('\n');
        }
        out + &text(tome, &shown, unread)
    })
}

/// `tome encounter log`.
fn log(tome: &Tome, id: i64, json: bool) -> Result<(), Error> {
    let log = tome.encounter_log(id)?;
    output(json, &log, || {
        let mut out = String::new();
        for e in &log {
            let _ = writeln!(out, "{:>3}. [round {}] {}", e.seq, e.round, e.lines.join("; "));
            for t in &e.terms {
                let _ = writeln!(out, "       {}", t.line());
            }
        }
        out
    })
}

/// `tome encounter end [--apply]`: what lasts for each linked character.
fn end(tome: &mut Tome, id: i64, apply: bool, json: bool) -> Result<(), Error> {
    let lasting = tome.encounter_end(id, apply)?;
    output(json, &lasting, || {
        let mut out = String::new();
        for l in &lasting {
            let _ = write!(out, "{} (character {}): ", l.combatant, l.character);
            let changes: Vec<String> = l
                .changes
                .iter()
                .map(|(f, (before, after))| {
                    let label = l.labels.get(f).unwrap_or(f);
                    format!("{label} {} → {after}", before.map_or("–".into(), |b| b.to_string()))
                })
                .collect();
            out.push_str(if changes.is_empty() { "nothing changes" } else { "" });
            out.push_str(&changes.join(", "));
            if l.deleted {
                out.push_str(" (the character was deleted: no sheet to write)");
            } else if let Some(r) = l.revision {
                let _ = write!(out, " (saved as revision {r})");
            }
            out.push('\n');
        }
        if lasting.is_empty() {
            out.push_str("No saved characters took part: nothing to keep.\n");
        } else if !apply {
            out.push_str("Nothing written yet: `--apply` saves these to the sheets.\n");
        }
        out
    })
}

/// The newest log entry's lines, indented, then a blank line.
fn happened(v: &EncounterView) -> String {
    let Some(last) = &v.latest else { return String::new() };
    let mut out = String::new();
    for line in &last.lines {
        let _ = writeln!(out, "  {line}");
    }
    // The fight offers to show a hidden combatant seen at work (`offer-reveal on`).
    for offer in &v.reveal {
        let _ = writeln!(
            out,
            "  Reveal {}? {}: `tome encounter set {} \"{}\" hidden false` shows it",
            offer.name, offer.why, v.id, offer.name
        );
    }
    out.push('\n');
    out
}

/// A nested value as the text view writes it, leaving out what is zero, false or empty.
fn compact(val: &serde_json::Value) -> Option<String> {
    match val {
        serde_json::Value::Null | serde_json::Value::Bool(false) => None,
        serde_json::Value::Number(n) if n.as_i64() == Some(0) => None,
        serde_json::Value::String(s) if s.is_empty() => None,
        serde_json::Value::Bool(true) => Some(String::new()),
        serde_json::Value::Object(m) => {
            let parts: Vec<String> = m
                .iter()
                .filter_map(|(k, v)| {
                    compact(v).map(|t| {
                        if t.is_empty() {
                            k.replace('_', " ")
                        } else {
                            format!("{} {t}", k.replace('_', " "))
                        }
                    })
                })
                .collect();
            (!parts.is_empty()).then(|| format!("({})", parts.join(", ")))
        }
        serde_json::Value::Array(items) => {
            let parts: Vec<String> = items.iter().filter_map(compact).collect();
            (!parts.is_empty()).then(|| parts.join("; "))
        }
        serde_json::Value::String(s) => Some(s.clone()),
        other => Some(other.to_string()),
    }
}

/// `NAME=N` pairs, each named in errors by its flag.
fn pairs(flag: &str, raw: &[String]) -> Result<Vec<(String, i64)>, Error> {
    let pairs: Vec<(String, i64)> = raw
        .iter()
        .flat_map(|r| r.split(','))
        .filter(|p| !p.trim().is_empty())
        .map(|p| {
            let (name, value) =
                p.rsplit_once('=').ok_or_else(|| Error::InvalidInput(format!("{flag} takes NAME=N, not `{p}`")))?;
            let value = value
                .trim()
                .parse()
                .map_err(|_| Error::InvalidInput(format!("{flag} {name}: `{value}` is not a whole number")))?;
            Ok((name.trim().to_string(), value))
        })
        .collect::<Result<_, Error>>()?;
    // A name given twice: which value was meant is unknown, so neither is taken.
    let mut seen = std::collections::BTreeSet::new();
    if let Some((name, _)) = pairs.iter().find(|(name, _)| !seen.insert(name.to_lowercase())) {
        return Err(Error::InvalidInput(format!("{flag} {name} is given twice: give it once")));
    }
    Ok(pairs)
}

fn text(tome: &Tome, v: &EncounterView, unread: &mut Option<Error>) -> String {
    let stat_blocks = stat_blocks(tome, v, unread);
    let mut out = format!("{} ({} {}, encounter {})", v.name, v.system, v.mode, v.id);
    if v.round == 0 {
        out.push_str(": not started\n");
    } else if v.pace == tome::encounters::Pace::Together {
        let values: Vec<String> =
            v.values.iter().filter_map(|(k, val)| Some(format!("{} {}", k.replace('_', " "), compact(val)?))).collect();
        let _ = writeln!(
            out,
            ": {}{}",
            v.standing.as_deref().unwrap_or("under way, no turn order"),
            if values.is_empty() { String::new() } else { format!(" ({})", values.join(", ")) }
        );
    } else {
        let _ = writeln!(out, ": round {}, {} turn", v.round, v.whose.as_deref().unwrap_or("nobody's"));
    }
    if v.clock != 0 {
        let _ = writeln!(out, "Clock: {} s added by elapse", v.clock);
    }
    let order: Vec<&str> = if v.order.is_empty() {
        v.combatants.iter().filter_map(|c| c["name"].as_str()).collect()
    } else {
        v.order.iter().map(String::as_str).collect()
    };
    for name in order {
        let Some(c) = v.combatants.iter().find(|c| c["name"] == name) else { continue };
        let mark = if v.current.as_deref() == Some(name) { "▶" } else { " " };
        let mut facts = Vec::new();
        if let Some(i) = c["initiative"].as_i64() {
            facts.push(format!("init {i}"));
        }
        // The stat block it came from and its attacks, by name (not as stats).
        if let Some(id) = c["adversary"].as_i64() {
            facts.extend(stat_blocks.get(&id).cloned());
        }
        facts.extend(attacks_text(&c["attacks"]));
        for (k, val) in c.as_object().into_iter().flatten() {
            // `pools` feeds the app's clash pool builder; the text has `clash_pool` in words.
            if ["name", "hidden", "initiative", "conditions", "character", "pools", "adversary", "attacks"]
                .contains(&k.as_str())
                || val.is_null()
            {
                continue;
            }
            let label = k.replace('_', " ");
            // Counters that say nothing at zero; other zeros (0 HP, penalty 0) are news.
            let quiet_zero = ["disengage_attempts", "fatigue_levels_lost", "reactive_ap", "shield_hp"];
            match val {
                // What conditions do, already said in words.
                serde_json::Value::Object(m) if k == "effects" => {
                    facts.extend(
                        m["lines"]
                            .as_array()
                            .into_iter()
                            .flatten()
                            .filter_map(|l| l.as_str())
                            .map(|l| format!("[{l}]")),
                    );
                }
                serde_json::Value::Number(n) if n.as_i64() == Some(0) && quiet_zero.contains(&k.as_str()) => {}
                serde_json::Value::Number(n) => facts.push(format!("{label} {n}")),
                serde_json::Value::String(text) => facts.push(format!("{label} {text}")),
                other => match compact(other) {
                    Some(t) if t.is_empty() => facts.push(label),
                    Some(t) => facts.push(format!("{label} {t}")),
                    None => {}
                },
            }
        }
        for cond in c["conditions"].as_array().into_iter().flatten() {
            let left = cond["remaining"].as_i64().map(|n| format!(" ({n} left)")).unwrap_or_default();
            facts.push(format!("{}{left}", cond["name"].as_str().unwrap_or("?")));
        }
        let hidden = if c["hidden"] == true { " [hidden]" } else { "" };
        let _ = writeln!(out, "{mark} {name}{hidden}: {}", facts.join(" · "));
    }
    out
}

#[cfg(test)]
mod tests {
    /// A stat given twice is refused, not "the last one wins".
    #[test]
    fn a_repeated_stat_is_refused() {
        let raw = vec!["cor=2".to_string(), "max-hp=30".to_string(), "COR=4".to_string()];
        let err = super::pairs("--stat", &raw).unwrap_err().to_string();
        assert!(err.contains("twice"), "{err}");
        let raw = vec!["cor=2,cor=3".to_string()];
        assert!(super::pairs("--stat", &raw).is_err());
    }
}
