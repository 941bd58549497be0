//! The console's commands, defined with clap as the rest of the CLI is: their help, their
//! errors and the editor's completion all come from these definitions, and each line is
//! split as a shell splits words (`shlex`), so a quoted name ("Goblin 2") works anywhere.

use std::collections::BTreeMap;

use clap::{Parser, Subcommand};
use tome::share::{self, Share};
use tome::shared::SharedTome;
use tome::text::one_line;
use tome::Error;

use super::screen::Say;
use super::{asks, fight_label, last_lines, newcomers, out, proposals, showing};

#[derive(Parser)]
#[command(
    name = "share",
    no_binary_name = true,
    disable_version_flag = true,
    override_usage = "COMMAND [ARGS]  (names with spaces in quotes: \"Goblin 2\")",
    help_template = "{usage-heading} {usage}\n\n{all-args}{after-help}",
    after_help = "\nEvery `tome` command runs here as on the command line, on the same database:\n  search grapple, show mythcraft/condition/prone, character show 3,\n  encounter act 2 attack \"Goblin 1\" --target Vex, adversary list, calc …\nOn the fight the table sees, without its number:\n  next, undo, redo, board (its order and states), log, act ACTION [NAME] --param value …,\n  damage …, heal …, condition …, roll …, delay …\n(`help` of a `tome` command: `encounter act --help`.)\nTab completes commands, their options, actions and names (the fight's, characters', devices')."
)]
pub struct Line {
    #[command(subcommand)]
    pub command: Console,
}

#[derive(Subcommand)]
pub enum Console {
    /// The devices at the table, each with the character it shows.
    Devices,
    /// Renames device N.
    Rename {
        /// The device's number, as `devices` lists it.
        device: u32,
        /// Its new name (quotes not needed here).
        name: Vec<String>,
    },
    /// Shows a saved character's sheet and numbers on a device (`none`: no character):
    /// `assign Ann Vex`, `assign 2 "Dame Isolde"`, `assign 2 7`.
    Assign {
        /// The device's number or name, as `devices` lists it.
        device: String,
        /// A saved character's name or id (`characters` lists them), or `none`.
        character: String,
        /// Give it even though another device shows it already.
        #[arg(long)]
        also: bool,
    },
    /// Disconnects device N; `idle`: every device without a character; `all`: every one.
    Revoke {
        /// The device's number, `idle` or `all`.
        which: String,
    },
    /// The character files the phones sent.
    Inbox,
    /// The actions the players sent, each with what it would do.
    Proposals,
    /// Accepts action N into its fight, or inbox item N (into encounter E when given).
    Accept {
        /// The action's number (as `proposals` lists it) or the inbox item's.
        number: u32,
        /// For a character from the inbox: the fight to add it to.
        encounter: Option<String>,
    },
    /// Changes action N before accepting it: only what is given (KEY=VALUE, or another
    /// ACTION first) changes; the rest is what the player sent.
    Edit {
        /// The action's number, as `proposals` lists it.
        number: u32,
        /// What to change: KEY=VALUE each (`target="Goblin 2"`, `amount=3`), after another
        /// action's name to send that instead.
        changes: Vec<String>,
    },
    /// Declines action N (with a word back to the phone) or inbox item N.
    Decline {
        /// The action's number (as `proposals` lists it) or the inbox item's.
        number: u32,
        /// A word back to the phone ("not yet: the goblin ducked").
        word: Vec<String>,
    },
    /// Which fight's initiative the phones are asked for (`initiative Bridge` by name or
    /// number, `initiative off`), or what they sent; `initiative use NAME|all` takes a held roll, `initiative
    /// again NAME` asks that phone for a new one.
    Initiative { args: Vec<String> },
    /// Starts encounter E (by name or number) with the initiative the phones sent
    /// (`anyway`: Tome rolls for those held and not taken).
    Start { encounter: String, anyway: Option<String> },
    /// Asks `all` or a character (by name or number) for a roll of DICE, with a LABEL.
    Ask { to: String, dice: String, label: Vec<String> },
    /// Asks for a roll that goes through a calculator: `ask-calc all|ID DICE SYSTEM
    /// CALCULATOR ROLL-PARAM [KEY=VALUE...]`.
    AskCalc { to: String, dice: String, system: String, calculator: String, roll: String, pairs: Vec<String> },
    /// Asks each player's phone the rules give a field of ACTION to (`-`: no one acting).
    AskField { encounter: String, action: String, by: String, pairs: Vec<String> },
    /// Asks a player's phone whether its character reacts.
    AskReact { encounter: String, name: Vec<String> },
    /// The rolls asked, with their answers.
    Asks,
    /// Stops asking roll N.
    Close {
        /// The roll's number, as `asks` lists it.
        number: u32,
    },
    /// Whether the players' rolls in encounter E go to its log (`logged`) or wait (`held`).
    Rolls { encounter: String, how: String },
    /// Shows encounter E to the table (`latest`: the latest started).
    Show { which: String },
    /// A new join code at once.
    Code,
    /// The join page as a QR code.
    Qr,
    /// Sharing's address, code, devices and the fight shown.
    Status,
    /// Whether adversaries and others added to encounter E (the fight shown when left out)
    /// join hidden (`hidden`) or not (`shown`); player characters join shown all the same,
    /// and other fights keep their own setting.
    Newcomers { how: String, encounter: Option<String> },
    /// The saved characters a device can be given, with their ids.
    Characters,
    /// Stops sharing: every phone is told.
    Stop,
    /// Any `tome` command, run as on the command line on the same database, or one of
    /// [`FIGHT_VERBS`] on the fight the table sees (issue 74: the game master ran the
    /// fight from a second terminal).
    #[command(external_subcommand)]
    Tome(Vec<String>),
}

/// The `tome encounter` commands the console takes without the encounter's number, for the
/// fight the table sees (`board` is `encounter show`: `show` here chooses the fight).
pub const FIGHT_VERBS: &[&str] =
    &["next", "undo", "redo", "board", "log", "act", "damage", "heal", "condition", "roll", "delay"];

/// The `tome` commands the console runs as the command line does (sharing itself aside).
fn tome_commands() -> Vec<String> {
    use clap::CommandFactory;
    crate::cli::Cli::command()
        .get_subcommands()
        .map(|c| c.get_name().to_string())
        .filter(|n| n != "share" && n != "help")
        .collect()
}

/// The console's command names, for completion.
pub(super) fn names() -> Vec<String> {
    use clap::CommandFactory;
    let mut names: Vec<String> = Line::command().get_subcommands().map(|c| c.get_name().to_string()).collect();
    names.push("help".into());
    names.extend(FIGHT_VERBS.iter().map(|v| v.to_string()));
    names.extend(tome_commands());
    names
}

/// A line as the game master typed it: `Ok(None)` for an empty line, or when clap has
/// printed help; its words split as a shell splits them.
pub fn read(line: &str) -> Result<Option<Console>, String> {
    // An apostrophe inside a word ("the Brigand's blow", "don't") is a letter, not a quote.
    let Some(words) = shlex::split(line).or_else(|| shlex::split(&apostrophes_kept(line))) else {
        return Err("a quote is not closed: put a name with spaces in quotes, \"Goblin 2\"".into());
    };
    if words.is_empty() {
        return Ok(None);
    }
    match Line::try_parse_from(&words) {
        Ok(Line { command: Console::Tome(words) }) => {
            let first = words.first().map(String::as_str).unwrap_or_default();
            if FIGHT_VERBS.contains(&first) || tome_commands().iter().any(|c| c == first) {
                Ok(Some(Console::Tome(words)))
            } else if matches!(first, "quit" | "exit" | "q" | "bye") {
                // What a game master types to leave, from other consoles.
                Err(format!("`{first}` is not a command here: `stop` stops sharing"))
            } else {
                Err(format!("unknown command `{first}`: `help` lists the commands"))
            }
        }
        Ok(line) => Ok(Some(line.command)),
        Err(e)
            if matches!(
                e.kind(),
                clap::error::ErrorKind::DisplayHelp | clap::error::ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
            ) =>
        {
            Err(format!("\u{0}{}", e.render()))
        }
        Err(e) if e.kind() == clap::error::ErrorKind::InvalidSubcommand => match words[0].as_str() {
            // What a game master types to leave, from other consoles.
            "quit" | "exit" | "q" | "bye" => Err(format!("`{}` is not a command here: `stop` stops sharing", words[0])),
            _ => Err(format!("unknown command `{}`: `help` lists the commands", words[0])),
        },
        Err(e) => {
            let said = e.render().to_string();
            let said = said.trim().trim_start_matches("error: ");
            let more = format!("`help {}` says more.", words[0]);
            Err(said.replace("For more information, try '--help'.", &more).replace("\n\n", "\n"))
        }
    }
}

/// `line` with each apostrophe that follows a letter or digit escaped, so a shell-like
/// split reads it as itself.
fn apostrophes_kept(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut before = ' ';
    for c in line.chars() {
        if c == '\'' && before.is_alphanumeric() {
            out.push('\\');
        }
        out.push(c);
        before = c;
    }
    out
}

fn pairs(what: &str, pairs: &[String]) -> Result<BTreeMap<String, String>, Error> {
    let mut inputs = BTreeMap::new();
    for pair in pairs {
        let (k, v) =
            pair.split_once('=').ok_or_else(|| Error::InvalidInput(format!("`{what}`: `{pair}` is not KEY=VALUE")))?;
        inputs.insert(k.trim_start_matches("--").to_string(), v.to_string());
    }
    Ok(inputs)
}

/// Whom a device shows: its character's name, or "no character".
fn shows(tome: &SharedTome, d: &share::Device) -> String {
    match d.character {
        Some(c) => {
            tome.run("share devices", |t| t.character(c)).map_or(format!("character {c}"), |c| one_line(&c.name))
        }
        None => "no character".into(),
    }
}

/// A device as the game master reads it: its number, its name and its character's.
fn device_words(tome: &SharedTome, d: &share::Device) -> String {
    format!("Device {} ({}) now shows {}", d.id, one_line(&d.name), shows(tome, d))
}

pub fn answer(sharing: &Share, tome: &SharedTome, command: Console, json: bool, say: &Say) -> Result<(), Error> {
    match command {
        Console::Devices => out(json, say, &sharing.devices(), || {
            let devices = sharing.devices();
            if devices.is_empty() {
                return "No device has joined.".into();
            }
            devices
                .iter()
                .map(|d| {
                    let live = if d.connected { "page open" } else { "page closed" };
                    format!("{:>3}  {} shows {}, {live}", d.id, one_line(&d.name), shows(tome, d))
                })
                .collect::<Vec<_>>()
                .join("\n")
        }),
        Console::Rename { device, name } => {
            let d = sharing.rename(device, &name.join(" "))?;
            out(json, say, &d, || format!("Device {} is now {}.", d.id, one_line(&d.name)))
        }
        Console::Assign { device, character, also } => {
            let device = device_named(sharing, &device)?;
            let character = if character == "none" { None } else { Some(character_named(tome, &character)?) };
            if let Some(c) = character {
                let elsewhere: Vec<String> = sharing
                    .devices()
                    .iter()
                    .filter(|d| d.id != device && d.character == Some(c))
                    .map(|d| format!("device {} ({})", d.id, one_line(&d.name)))
                    .collect();
                if !elsewhere.is_empty() && !also {
                    return Err(Error::InvalidInput(format!(
                        "{} shows that character already; give it to this device too with `assign {device} {c} --also`",
                        elsewhere.join(", ")
                    )));
                }
            }
            let d = sharing.assign(device, character)?;
            out(json, say, &d, || format!("{}.", device_words(tome, &d)))
        }
        Console::Revoke { which } if which == "all" => {
            sharing.revoke_all();
            out(json, say, &sharing.devices(), || "Every device is disconnected.".into())
        }
        Console::Revoke { which } if which == "idle" => {
            let gone = sharing.revoke_idle();
            out(json, say, &gone, || match gone.len() {
                0 => "Every device has a character: none disconnected.".into(),
                n => format!(
                    "Disconnected {n} device{} without a character: {}.",
                    if n == 1 { "" } else { "s" },
                    gone.iter().map(|d| format!("{} ({})", d.id, one_line(&d.name))).collect::<Vec<_>>().join(", ")
                ),
            })
        }
        Console::Revoke { which } => {
            let id: u32 = which
                .parse()
                .map_err(|_| Error::InvalidInput(format!("a device number (or `idle` or `all`), not `{which}`")))?;
            let named = sharing.devices().into_iter().find(|d| d.id == id).map(|d| one_line(&d.name));
            sharing.revoke(id)?;
            out(json, say, &sharing.devices(), || {
                format!("Device {id} ({}) is disconnected.", named.unwrap_or_default())
            })
        }
        Console::Inbox => out(json, say, &sharing.inbox(), || {
            let items = sharing.inbox();
            if items.is_empty() {
                return "The inbox is empty.".into();
            }
            items
                .iter()
                .map(|i| format!("{:>3}  {} ({}) from {}", i.id, one_line(&i.name), i.system, one_line(&i.from)))
                .collect::<Vec<_>>()
                .join("\n")
        }),
        Console::Proposals => out(json, say, &sharing.proposals(), || proposals(&sharing.proposals())),
        Console::Accept { number, encounter } if sharing.is_proposal(number) || sharing.was_proposal(number) => {
            if encounter.is_some() {
                return Err(Error::InvalidInput("an action is accepted into its own fight: `accept N`".into()));
            }
            let view = sharing.accept_proposal(number)?;
            out(json, say, &view, || last_lines(&view))
        }
        Console::Accept { number, encounter } => {
            let encounter = encounter.as_deref().map(|e| encounter_named(tome, e)).transpose()?;
            let (character, _) = sharing.accept(number, encounter).map_err(nothing_numbered(number))?;
            out(json, say, &character, || format!("{} is character {} now.", one_line(&character.name), character.id))
        }
        Console::Edit { number, changes } => {
            let (action, given) = match changes.split_first() {
                Some((first, rest)) if !first.contains('=') => (Some(first.as_str()), rest),
                _ => (None, changes.as_slice()),
            };
            let inputs = pairs("edit N [ACTION] KEY=VALUE...", given)?;
            let (view, kept) = sharing.edit_proposal_said(number, action, inputs)?;
            out(json, say, &view, || match &kept {
                Some(kept) => format!("{kept}\n{}", last_lines(&view)),
                None => last_lines(&view),
            })
        }
        Console::Decline { number, word } if sharing.is_proposal(number) || sharing.was_proposal(number) => {
            sharing.decline_proposal(number, Some(&word.join(" ")))?;
            out(json, say, &serde_json::json!({ "declined": number }), || format!("Declined action {number}."))
        }
        Console::Decline { number, .. } => {
            let item = sharing.decline(number).map_err(nothing_numbered(number))?;
            out(json, say, &item, || format!("Declined {} from {}.", one_line(&item.name), one_line(&item.from)))
        }
        Console::Initiative { args } => initiative(sharing, tome, &args, json, say),
        Console::Start { encounter, anyway } => {
            if anyway.as_deref().is_some_and(|w| w != "anyway") {
                return Err(Error::InvalidInput("`start ENCOUNTER [anyway]` (by name or number)".into()));
            }
            let view = sharing.start_fight(encounter_named(tome, &encounter)?, None, anyway.is_some())?;
            out(json, say, &view, || last_lines(&view))
        }
        Console::Ask { to, dice, label } => {
            if label.is_empty() {
                return Err(Error::InvalidInput(
                    "`ask all|CHARACTER DICE LABEL...`: the label says what is rolled".into(),
                ));
            }
            let ask = share::RollAsk {
                label: label.join(" "),
                dice,
                to: whom(tome, &to)?,
                calculator: None,
                form: share::AnswerForm::Dice,
            };
            let item = sharing.ask_roll(ask)?;
            out(json, say, &item, || format!("Asked for roll {}: {} ({}).", item.id, item.ask.label, item.ask.dice))
        }
        Console::AskCalc { to, dice, system, calculator, roll, pairs: given } => {
            let ask = share::RollAsk {
                label: format!("{} ({})", calculator.replace('-', " "), dice),
                dice,
                to: whom(tome, &to)?,
                calculator: Some(share::AskCalculator {
                    system,
                    name: calculator,
                    inputs: pairs("ask-calc", &given)?,
                    roll,
                }),
                form: share::AnswerForm::Dice,
            };
            let item = sharing.ask_roll(ask)?;
            out(json, say, &item, || format!("Asked for roll {}: {} ({}).", item.id, item.ask.label, item.ask.dice))
        }
        // What the app's tracker offers beside a field: each player's phone the rules
        // give a field of this action to is asked for it (a defender's die, where a blow
        // landed, a duelist's pool).
        Console::AskField { encounter, action, by, pairs: given } => {
            let id = encounter_named(tome, &encounter)?;
            let inputs = pairs("ask-field", &given)?;
            let by = (by != "-").then_some(by.as_str());
            let fields = tome.run("share ask-field", |t| t.phone_fields(id, &action, by, &inputs))?;
            if fields.is_empty() {
                return Err(Error::InvalidInput(format!(
                    "no player's phone has a field of `{action}` to answer here (a player's character the table sees must roll or call one)"
                )));
            }
            let mut asked = Vec::new();
            for f in &fields {
                let ask = share::RollAsk {
                    label: f.label.clone(),
                    dice: f.dice.clone(),
                    to: Some(f.character),
                    calculator: None,
                    form: f.form.clone(),
                };
                asked.push((f.param.clone(), sharing.ask_roll(ask)?));
            }
            out(json, say, &asked.iter().map(|(_, item)| item).collect::<Vec<_>>(), || {
                asked
                    .iter()
                    .map(|(param, item)| {
                        format!(
                            "Asked for roll {}: {} of {}'s phone (the answer goes in --{param}).",
                            item.id,
                            item.ask.label,
                            item.to_name.as_deref().unwrap_or("every")
                        )
                    })
                    .collect::<Vec<_>>()
                    .join("\n")
            })
        }
        Console::AskReact { encounter, name } if !name.is_empty() => {
            let id = encounter_named(tome, &encounter)?;
            let f = tome.run("share ask-react", |t| t.reaction_field(id, &name.join(" ")))?;
            let ask =
                share::RollAsk { label: f.label, dice: f.dice, to: Some(f.character), calculator: None, form: f.form };
            let item = sharing.ask_roll(ask)?;
            out(json, say, &item, || {
                format!(
                    "Asked {}'s phone (roll {}): {} Their reaction comes as a proposal.",
                    f.name, item.id, item.ask.label
                )
            })
        }
        Console::AskReact { .. } => Err(Error::InvalidInput("`ask-react ENCOUNTER NAME`".into())),
        Console::Rolls { encounter, how } => {
            let id = encounter_named(tome, &encounter)?;
            let trust = match how.as_str() {
                "logged" => true,
                "held" => false,
                _ => return Err(Error::InvalidInput(format!("`rolls ENCOUNTER held|logged`, not `{how}`"))),
            };
            sharing.trust_rolls(id, trust)?;
            out(json, say, &serde_json::json!({ "encounter": id, "rolls_held": !trust }), || {
                if trust {
                    format!("Players' rolls go to encounter {id}'s log as they come.")
                } else {
                    format!("Players' rolls in encounter {id} wait for you (`proposals`, `accept N`).")
                }
            })
        }
        Console::Asks => out(json, say, &sharing.asks(), || asks(&sharing.asks())),
        Console::Close { number } => {
            let item = sharing.close_ask(number)?;
            out(json, say, &item, || format!("Roll {} ({}) is no longer asked.", item.id, item.ask.label))
        }
        Console::Show { which } => {
            let encounter = if which == "latest" { None } else { Some(encounter_named(tome, &which)?) };
            sharing.show(encounter)?;
            let status = sharing.status()?;
            out(json, say, &status, || showing(&status, tome))
        }
        Console::Code => {
            sharing.renew_code();
            let status = sharing.status()?;
            out(json, say, &status, || format!("New join code: {} (`qr` shows its QR code)", status.code))
        }
        Console::Qr => {
            let status = sharing.status()?;
            out(json, say, &status, || {
                format!(
                    "{}\nScan it, or open {} and type the code {}.",
                    share::qr_text(&status.join_url).unwrap_or_default(),
                    status.url,
                    status.code
                )
            })
        }
        Console::Newcomers { how, encounter } => {
            let hidden = match how.as_str() {
                "hidden" => true,
                "shown" => false,
                _ => return Err(Error::InvalidInput(format!("`newcomers hidden|shown [E]`, not `{how}`"))),
            };
            let id = match encounter {
                Some(word) => encounter_named(tome, &word)?,
                None => sharing.status()?.showing.map(|s| s.id).ok_or_else(|| {
                    Error::InvalidInput("the table sees no fight: name the encounter (`newcomers hidden E`)".into())
                })?,
            };
            let name = tome.run("share newcomers", |t| {
                t.set_newcomers_hidden(id, hidden)?;
                Ok(t.encounter(id)?.name)
            })?;
            out(json, say, &serde_json::json!({ "encounter": id, "newcomers_hidden": hidden }), || {
                format!("{} {}", fight_label(id, &name), newcomers(hidden))
            })
        }
        Console::Status => {
            let status = sharing.status()?;
            out(json, say, &status, || {
                let full = if status.full {
                    "\nThe table is full: a phone could not join (revoke one to make room)."
                } else {
                    ""
                };
                format!(
                    "{} code {} ({} s left), {} devices\n{}{full}",
                    status.url,
                    status.code,
                    status.code_secs,
                    status.devices.len(),
                    showing(&status, tome)
                )
            })
        }
        Console::Stop => Ok(()),
        Console::Characters => {
            let all = tome.run("share characters", |t| t.characters())?;
            let shown: BTreeMap<i64, Vec<String>> = sharing.devices().iter().fold(BTreeMap::new(), |mut m, d| {
                if let Some(c) = d.character {
                    m.entry(c).or_default().push(format!("device {} ({})", d.id, one_line(&d.name)));
                }
                m
            });
            out(json, say, &all, || {
                if all.is_empty() {
                    return "No saved characters yet: a phone can send one (its inbox), or `character new`.".into();
                }
                all.iter()
                    .map(|c| {
                        let on = shown.get(&c.id).map(|d| format!(", on {}", d.join(", "))).unwrap_or_default();
                        format!("{:>3}  {} ({}){on}", c.id, one_line(&c.name), c.system)
                    })
                    .collect::<Vec<_>>()
                    .join("\n")
            })
        }
        Console::Tome(words) => run_tome(sharing, tome, &words, json, say),
    }
}

fn initiative(sharing: &Share, tome: &SharedTome, args: &[String], json: bool, say: &Say) -> Result<(), Error> {
    match args {
        [] => {
            let (asking, rolls) = sharing.initiative();
            out(json, say, &serde_json::json!({ "asking": asking, "rolls": rolls }), || match asking {
                None => {
                    "The phones are not asked for initiative (`initiative ENCOUNTER`, by its name or number).".into()
                }
                Some(e) if rolls.is_empty() => format!("Asking for encounter {e}'s initiative; none sent yet."),
                Some(e) => format!(
                    "Encounter {e}'s initiative from the phones:\n{}",
                    rolls
                        .iter()
                        .map(|r| format!(
                            "  {}: {} (die {}, {})",
                            r.name,
                            r.total,
                            r.roll,
                            if r.rolled { "rolled by Tome" } else { "typed" }
                        ))
                        .collect::<Vec<_>>()
                        .join("\n")
                ),
            })
        }
        // Where the fight holds players' rolls: the game master takes each (or all).
        [first, who @ ..] if first == "use" && !who.is_empty() => {
            let name = who.join(" ");
            let taken = sharing.use_initiative((name != "all").then_some(name.as_str()))?;
            out(json, say, &taken, || format!("Taken for the start: {}.", taken.join(", ")))
        }
        // A new roll from that player's phone: Tome's first roll is otherwise the roll.
        [first, who @ ..] if first == "again" && !who.is_empty() => {
            let name = sharing.ask_initiative_again(&who.join(" "))?;
            out(json, say, &name, || format!("{name}'s phone is asked for initiative once more."))
        }
        words => {
            let which = words.join(" ");
            let encounter = if which == "off" { None } else { Some(encounter_named(tome, &which)?) };
            sharing.ask_initiative(encounter)?;
            out(json, say, &serde_json::json!({ "asking": encounter }), || match encounter {
                Some(e) => {
                    format!("The phones in encounter {e} are asked for initiative; `start {e}` uses what they send.")
                }
                None => "The phones are no longer asked for initiative.".into(),
            })
        }
    }
}

/// `accept N` or `decline N` where nothing waits as N: said of both lists the number could
/// be in, not only the inbox's.
fn nothing_numbered(number: u32) -> impl FnOnce(Error) -> Error {
    move |e| {
        if e.is_not_found() {
            Error::InvalidInput(format!(
                "nothing waits as number {number}: `proposals` lists the actions sent, `inbox` the characters"
            ))
        } else {
            e
        }
    }
}

/// A device by its number or its name (case aside), as `devices` lists it.
fn device_named(sharing: &Share, said: &str) -> Result<u32, Error> {
    let devices = sharing.devices();
    if let Ok(n) = said.parse::<u32>() {
        return Ok(n);
    }
    let named: Vec<_> = devices.iter().filter(|d| d.name.eq_ignore_ascii_case(said.trim())).collect();
    match named.as_slice() {
        [one] => Ok(one.id),
        [] => Err(Error::NotFound {
            what: "device",
            id: said.to_string(),
            suggestions: devices.iter().map(|d| format!("{} ({})", d.id, d.name)).collect(),
        }),
        _ => Err(Error::InvalidInput(format!("several devices are called {said}: give its number (`devices`)"))),
    }
}

/// A saved character by its id or its name (case aside), with "did you mean" on a miss.
fn character_named(tome: &SharedTome, said: &str) -> Result<i64, Error> {
    let Ok(named) = said.parse::<crate::cli::Named>();
    tome.run("share characters", |t| named.character(t))
}

/// An encounter by its id or its name (case aside), with "did you mean" on a miss
/// (issue 74: `start 3` took a number only).
pub(super) fn encounter_named(tome: &SharedTome, said: &str) -> Result<i64, Error> {
    let Ok(named) = said.parse::<crate::cli::Named>();
    tome.run("share encounters", |t| named.encounter(t))
}

/// `all`, or a character by its id or name: whom a roll is asked of.
fn whom(tome: &SharedTome, to: &str) -> Result<Option<i64>, Error> {
    if to == "all" {
        return Ok(None);
    }
    character_named(tome, to).map(Some)
}

/// Runs `tome WORDS` as the command line would, on the database shared, and prints what
/// it says above the prompt; a word of [`FIGHT_VERBS`] first is that `tome encounter`
/// command on the fight the table sees. The change it makes reaches the phones as any
/// other process's does (the shared Tome follows the file).
fn run_tome(sharing: &Share, tome: &SharedTome, words: &[String], json: bool, say: &Say) -> Result<(), Error> {
    let Some((first, rest)) = words.split_first() else { return Ok(()) };
    let args: Vec<String> = if FIGHT_VERBS.contains(&first.as_str()) {
        let shown = sharing.status()?.showing.map(|s| s.id).ok_or_else(|| {
            Error::InvalidInput(format!(
                "`{first}` works on the fight the table sees, and it sees none: `show N` first, or `encounter {first} N …`"
            ))
        })?;
        let verb = if first == "board" { "show" } else { first.as_str() };
        ["encounter".to_string(), verb.to_string(), shown.to_string()].into_iter().chain(rest.iter().cloned()).collect()
    } else {
        words.to_vec()
    };
    let db = tome
        .run("share console", |t| Ok(t.db().path().map(std::path::Path::to_path_buf)))?
        .ok_or_else(|| Error::InvalidInput("this Tome has no database file for a command to open".into()))?;
    let mut command = std::process::Command::new(tome_program()?);
    command.arg("--db").arg(db);
    if json {
        command.arg("--json");
    }
    let ran = command
        .args(&args)
        .stdin(std::process::Stdio::null())
        .output()
        .map_err(|e| Error::Internal(format!("running tome {}: {e}", args.join(" "))))?;
    let said = String::from_utf8_lossy(&ran.stdout);
    if !said.trim().is_empty() {
        say.out(said.trim_end());
    }
    let problem = String::from_utf8_lossy(&ran.stderr);
    if !problem.trim().is_empty() {
        say.problem(problem.trim_end());
    }
    Ok(())
}

/// The `tome` program to run a command with: this one. When it was replaced while
/// sharing (an upgrade installed a new one at its path), Linux names the running one
/// "… (deleted)": the program now at that path runs the command.
fn tome_program() -> Result<std::path::PathBuf, Error> {
    let exe = std::env::current_exe().map_err(|e| Error::Internal(format!("finding tome to run: {e}")))?;
    if exe.exists() {
        return Ok(exe);
    }
    let replaced = exe.to_str().and_then(|p| p.strip_suffix(" (deleted)")).map(std::path::PathBuf::from);
    replaced.filter(|p| p.exists()).ok_or_else(|| {
        Error::InvalidInput(format!(
            "the tome program ({}) was removed while sharing: stop and start `tome share` again",
            exe.display()
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::{read, Console};

    #[test]
    fn a_line_splits_as_a_shell_splits_it_and_an_apostrophe_in_a_word_is_a_letter() {
        let Ok(Some(Console::Ask { label, .. })) = read("ask 2 stress Soak against the Brigand's blow") else {
            panic!("not read")
        };
        assert_eq!(label.join(" "), "Soak against the Brigand's blow");
        let Ok(Some(Console::Edit { changes, .. })) = read(r#"edit 4 target="Goblin 2" 'amount=3'"#) else {
            panic!("not read")
        };
        assert_eq!(changes, ["target=Goblin 2", "amount=3"]);
        assert!(read(r#"rename 1 "Ann"#).is_err(), "an unclosed quote");
        assert!(read("fly").err().is_some_and(|e| e.contains("unknown command `fly`")));
    }

    #[test]
    fn leaving_as_other_consoles_do_says_how_to_stop_and_a_commands_help_says_what_its_words_are() {
        assert!(read("quit").err().is_some_and(|e| e.contains("`stop` stops sharing")), "{:?}", read("quit").err());
        let help = read("help edit").err().unwrap_or_default();
        assert!(help.contains("as `proposals` lists it") && help.contains("KEY=VALUE each"), "{help}");
    }
}
