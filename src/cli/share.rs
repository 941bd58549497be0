//! `tome share`: sharing with the table from a terminal. It prints the address, the join
//! code and a QR, then takes the game master's commands (devices, inbox) line by line
//! until `stop`, Ctrl-C or the end of input with no device left to serve.

use std::io::BufRead;
use std::net::IpAddr;
use std::sync::{mpsc, Arc};
use std::time::Duration;

use clap::Args;
use serde::Serialize;
use tome::share::{self, Share, ShareOptions};
use tome::shared::SharedTome;
use tome::{Error, Tome};

use super::{emit, inert};
use tome::text::one_line;

#[derive(Args)]
pub struct ShareArgs {
    /// The address to share on (default: this machine's likeliest local network address,
    /// never a container's, VM's or VPN's). 0.0.0.0 means every network this machine is on.
    #[arg(long)]
    address: Option<IpAddr>,
    /// The port (0: any free one; 7878 falls back to any free one when taken).
    #[arg(long, default_value_t = share::DEFAULT_PORT)]
    port: u16,
    /// The encounter the table sees (default: the started encounter changed most recently;
    /// one still being prepared, not yet started, never reaches the table). `show N`
    /// changes it while sharing.
    #[arg(long)]
    encounter: Option<i64>,
    /// How long each join code works, in seconds (at most the usual five minutes; for
    /// tests and demonstrations).
    #[arg(long, hide = true, value_parser = clap::value_parser!(u64).range(1..=300))]
    code_secs: Option<u64>,
}

const HELP: &str = "Commands: devices | rename N NAME | assign N CHARACTER-ID (or none) | revoke N | revoke all \
                    | inbox | proposals | accept N [ENCOUNTER-ID] | edit N [ACTION] KEY=VALUE... | decline N [WORD...] \
                    | initiative [ENCOUNTER-ID|off] | initiative use NAME|all | start ENCOUNTER-ID [anyway] \
                    | ask all|CHARACTER-ID DICE LABEL... | ask-calc all|CHARACTER-ID DICE SYSTEM CALCULATOR ROLL-PARAM [KEY=VALUE...] \
                    | ask-field ENCOUNTER-ID ACTION BY|- [KEY=VALUE...] | ask-react ENCOUNTER-ID NAME \
                    | asks | close N | rolls ENCOUNTER-ID held|logged | show ENCOUNTER-ID (or latest) | code | status \
                    | newcomers hidden|shown | stop";

pub fn run(tome: Tome, args: ShareArgs, json: bool) -> Result<(), Error> {
    let tome = Arc::new(SharedTome::open(tome));
    let options = ShareOptions {
        address: args.address,
        port: args.port,
        encounter: args.encounter,
        code_ttl: args.code_secs.map_or(share::CODE_TTL, Duration::from_secs),
        ..Default::default()
    };
    let sharing = Share::start(tome.clone(), options)?;
    let status = sharing.status()?;
    if json {
        print_json(&status);
    } else {
        if let Some(caution) = &status.caution {
            eprintln!("tome: {caution}");
        }
        if !status.pages {
            eprintln!("tome: this build has no table pages (npm --prefix ui run build); the API still answers");
        }
        emit(&format!(
            "Sharing with the table at {}\nJoin code: {} (works for {}; a new one is printed then, and `code` makes one now)\n\n{}\nScan it, or open {} and type the code.\n{}\n{}\n{HELP}\n",
            status.url,
            status.code,
            lasts(status.code_secs),
            share::qr_text(&status.join_url)?,
            status.url,
            showing(&status),
            newcomers(tome.run("share", |t| t.newcomers_hidden())?),
        ));
    }
    let lines = commands();
    let mut code = status.code.clone();
    loop {
        // Wake when the code runs out, to print the one that replaces it.
        let left = Duration::from_secs(sharing.status()?.code_secs.max(1));
        let line = match lines.recv_timeout(left) {
            Ok(line) => line,
            Err(mpsc::RecvTimeoutError::Timeout) => {
                let now = sharing.status()?;
                if now.code != code {
                    renewed(&now, json)?;
                    code = now.code;
                }
                continue;
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => break,
        };
        let words: Vec<&str> = line.split_whitespace().collect();
        if words.first() == Some(&"stop") {
            break;
        }
        if let Err(e) = answer(&sharing, &tome, &words, json) {
            if json {
                eprintln!("{}", serde_json::to_string(&tome::ErrorPayload::from(&e)).unwrap_or_default());
            } else {
                eprintln!("tome: {}", inert(&e.to_string()));
            }
        }
    }
    sharing.stop();
    tome.close();
    if !json {
        emit("Sharing stopped: every device is disconnected.\n");
    }
    Ok(())
}

/// The join code expired: the new one, as the start printed it.
fn renewed(status: &share::ShareStatus, json: bool) -> Result<(), Error> {
    if json {
        print_json(status);
    } else {
        emit(&format!(
            "The join code expired. New join code: {} (works for {})\n{}\n",
            status.code,
            lasts(status.code_secs),
            share::qr_text(&status.join_url)?
        ));
    }
    Ok(())
}

/// How long a code works, as the game master reads it.
fn lasts(secs: u64) -> String {
    if secs < 60 {
        format!("{secs} s")
    } else {
        format!("{} min", secs.div_ceil(60))
    }
}

fn newcomers(hidden: bool) -> &'static str {
    if hidden {
        "Newcomers join hidden from the table (`newcomers shown` to change)."
    } else {
        "Newcomers join shown to the table (`newcomers hidden` to hide them as they join)."
    }
}

/// The game master's lines, and `stop` on Ctrl-C, SIGTERM (a system shutting down, `kill`)
/// or SIGHUP (the terminal closed): each phone is told sharing stopped. Once input ends
/// (a script's), sharing goes on until one of those.
fn commands() -> mpsc::Receiver<String> {
    let (tx, rx) = mpsc::channel();
    let typed = tx.clone();
    std::thread::spawn(move || {
        for line in std::io::stdin().lock().lines().map_while(std::result::Result::ok) {
            if typed.send(line).is_err() {
                return;
            }
        }
    });
    std::thread::spawn(move || {
        let Ok(rt) = tokio::runtime::Builder::new_current_thread().enable_io().build() else { return };
        if rt.block_on(ended()) {
            let _ = tx.send("stop".into());
        }
    });
    rx
}

/// Waits for Ctrl-C, SIGTERM or SIGHUP; `false` when none can be listened for.
async fn ended() -> bool {
    use tokio::signal::unix::{signal, SignalKind};
    let (Ok(mut term), Ok(mut hup)) = (signal(SignalKind::terminate()), signal(SignalKind::hangup())) else {
        return tokio::signal::ctrl_c().await.is_ok();
    };
    tokio::select! {
        c = tokio::signal::ctrl_c() => c.is_ok(),
        _ = term.recv() => true,
        _ = hup.recv() => true,
    }
}

fn answer(sharing: &Share, tome: &SharedTome, words: &[&str], json: bool) -> Result<(), Error> {
    let number = |i: usize, what: &str| -> Result<u32, Error> {
        let w = words.get(i).ok_or_else(|| Error::InvalidInput(format!("`{}` needs {what}", words[0])))?;
        w.parse().map_err(|_| Error::InvalidInput(format!("{what} is a number, not `{w}`")))
    };
    match words {
        [] => Ok(()),
        ["devices"] => out(json, &sharing.devices(), || {
            let devices = sharing.devices();
            if devices.is_empty() {
                return "No device has joined.".into();
            }
            devices
                .iter()
                .map(|d| {
                    let who = d.character.map_or(String::new(), |c| format!(" (character {c})"));
                    let live = if d.connected { "connected" } else { "page closed" };
                    format!("{:>3}  {}{who}, {live}", d.id, d.name)
                })
                .collect::<Vec<_>>()
                .join("\n")
        }),
        ["rename", _, rest @ ..] if !rest.is_empty() => {
            let d = sharing.rename(number(1, "a device number")?, &rest.join(" "))?;
            out(json, &d, || format!("Device {} is now {}.", d.id, d.name))
        }
        ["assign", _, who] => {
            let character = if *who == "none" {
                None
            } else {
                Some(
                    who.parse::<i64>()
                        .map_err(|_| Error::InvalidInput(format!("a character id is a number, not `{who}`")))?,
                )
            };
            let d = sharing.assign(number(1, "a device number")?, character)?;
            out(json, &d, || format!("Device {} ({}) now shows character {:?}.", d.id, d.name, d.character))
        }
        ["revoke", "all"] => {
            sharing.revoke_all();
            out(json, &sharing.devices(), || "Every device is disconnected.".into())
        }
        ["revoke", _] => {
            let id = number(1, "a device number")?;
            sharing.revoke(id)?;
            out(json, &sharing.devices(), || format!("Device {id} is disconnected."))
        }
        ["inbox"] => out(json, &sharing.inbox(), || {
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
        ["proposals"] => out(json, &sharing.proposals(), || proposals(&sharing.proposals())),
        ["accept", _, rest @ ..] if sharing.is_proposal(number(1, "a number")?) => {
            if !rest.is_empty() {
                return Err(Error::InvalidInput("an action is accepted into its own fight: `accept N`".into()));
            }
            let view = sharing.accept_proposal(number(1, "a number")?)?;
            out(json, &view, || last_lines(&view))
        }
        ["accept", _, rest @ ..] => {
            let encounter = match rest {
                [] => None,
                [e] => Some(encounter_id(e)?),
                _ => return Err(Error::InvalidInput("`accept N [ENCOUNTER-ID]`".into())),
            };
            let (character, _) = sharing.accept(number(1, "an inbox number")?, encounter)?;
            out(json, &character, || format!("{} is character {} now.", character.name, character.id))
        }
        ["edit", _, rest @ ..] => {
            let (action, pairs) = match rest {
                [first, pairs @ ..] if !first.contains('=') => (Some(*first), pairs),
                pairs => (None, pairs),
            };
            let mut inputs = std::collections::BTreeMap::new();
            for pair in pairs {
                let (k, v) = pair.split_once('=').ok_or_else(|| {
                    Error::InvalidInput(format!("`edit N [ACTION] KEY=VALUE...`: `{pair}` is not KEY=VALUE"))
                })?;
                inputs.insert(k.trim_start_matches("--").to_string(), v.to_string());
            }
            let view = sharing.edit_proposal(number(1, "a waiting action's number")?, action, inputs)?;
            out(json, &view, || last_lines(&view))
        }
        ["decline", _, word @ ..] if sharing.is_proposal(number(1, "a number")?) => {
            let id = number(1, "a number")?;
            let word = word.join(" ");
            sharing.decline_proposal(id, Some(&word))?;
            out(json, &serde_json::json!({ "declined": id }), || format!("Declined action {id}."))
        }
        ["decline", _] => {
            let item = sharing.decline(number(1, "an inbox number")?)?;
            out(json, &item, || format!("Declined {} from {}.", item.name, item.from))
        }
        ["initiative"] => {
            let (asking, rolls) = sharing.initiative();
            out(json, &serde_json::json!({ "asking": asking, "rolls": rolls }), || match asking {
                None => "The phones are not asked for initiative (`initiative ENCOUNTER-ID`).".into(),
                Some(e) if rolls.is_empty() => format!("Asking for encounter {e}'s initiative; none sent yet."),
                Some(e) => format!(
                    "Encounter {e}'s initiative from the phones:\n{}",
                    rolls
                        .iter()
                        .map(|r| format!(
                            "  {}: {} ({} {})",
                            r.name,
                            r.total,
                            if r.rolled { "rolled by Tome" } else { "typed" },
                            r.roll
                        ))
                        .collect::<Vec<_>>()
                        .join("\n")
                ),
            })
        }
        ["initiative", which] => {
            let encounter = if *which == "off" { None } else { Some(encounter_id(which)?) };
            sharing.ask_initiative(encounter)?;
            out(json, &serde_json::json!({ "asking": encounter }), || match encounter {
                Some(e) => {
                    format!("The phones in encounter {e} are asked for initiative; `start {e}` uses what they send.")
                }
                None => "The phones are no longer asked for initiative.".into(),
            })
        }
        ["ask", to, dice, label @ ..] if !label.is_empty() => {
            let ask = share::RollAsk {
                label: label.join(" "),
                dice: (*dice).to_string(),
                to: whom(to)?,
                calculator: None,
                form: share::AnswerForm::Dice,
            };
            let item = sharing.ask_roll(ask)?;
            out(json, &item, || format!("Asked for roll {}: {} ({}).", item.id, item.ask.label, item.ask.dice))
        }
        ["ask-calc", to, dice, system, calculator, roll, pairs @ ..] => {
            let mut inputs = std::collections::BTreeMap::new();
            for pair in pairs {
                let (k, v) = pair
                    .split_once('=')
                    .ok_or_else(|| Error::InvalidInput(format!("`ask-calc`: `{pair}` is not KEY=VALUE")))?;
                inputs.insert(k.trim_start_matches("--").to_string(), v.to_string());
            }
            let ask = share::RollAsk {
                label: format!("{} ({})", calculator.replace('-', " "), dice),
                dice: (*dice).to_string(),
                to: whom(to)?,
                calculator: Some(share::AskCalculator {
                    system: (*system).to_string(),
                    name: (*calculator).to_string(),
                    inputs,
                    roll: (*roll).to_string(),
                }),
                form: share::AnswerForm::Dice,
            };
            let item = sharing.ask_roll(ask)?;
            out(json, &item, || format!("Asked for roll {}: {} ({}).", item.id, item.ask.label, item.ask.dice))
        }
        // What the app's tracker offers beside a field: each player's phone the rules
        // give a field of this action to is asked for it (a defender's die, where a blow
        // landed, a duelist's pool).
        ["ask-field", which, action, by, pairs @ ..] => {
            let id = encounter_id(which)?;
            let mut inputs = std::collections::BTreeMap::new();
            for pair in pairs {
                let (k, v) = pair
                    .split_once('=')
                    .ok_or_else(|| Error::InvalidInput(format!("`ask-field`: `{pair}` is not KEY=VALUE")))?;
                inputs.insert(k.trim_start_matches("--").to_string(), v.to_string());
            }
            let by = (*by != "-").then_some(*by);
            let fields = tome.run("share ask-field", |t| t.phone_fields(id, action, by, &inputs))?;
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
            out(json, &asked.iter().map(|(_, item)| item).collect::<Vec<_>>(), || {
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
        ["ask-react", which, name @ ..] if !name.is_empty() => {
            let id = encounter_id(which)?;
            let f = tome.run("share ask-react", |t| t.reaction_field(id, &name.join(" ")))?;
            let ask =
                share::RollAsk { label: f.label, dice: f.dice, to: Some(f.character), calculator: None, form: f.form };
            let item = sharing.ask_roll(ask)?;
            out(json, &item, || {
                format!(
                    "Asked {}'s phone (roll {}): {} Their reaction comes as a proposal.",
                    f.name, item.id, item.ask.label
                )
            })
        }
        ["rolls", which, how @ ("held" | "logged")] => {
            let id = encounter_id(which)?;
            let trust = *how == "logged";
            sharing.trust_rolls(id, trust)?;
            out(json, &serde_json::json!({ "encounter": id, "rolls_held": !trust }), || {
                if trust {
                    format!("Players' rolls go to encounter {id}'s log as they come.")
                } else {
                    format!("Players' rolls in encounter {id} wait for you (`proposals`, `accept N`).")
                }
            })
        }
        ["asks"] => out(json, &sharing.asks(), || asks(&sharing.asks())),
        ["close", _] => {
            let item = sharing.close_ask(number(1, "a roll asked's number")?)?;
            out(json, &item, || format!("Roll {} ({}) is no longer asked.", item.id, item.ask.label))
        }
        ["start", which, how @ ..] if how.is_empty() || how == ["anyway"] => {
            let id = encounter_id(which)?;
            let view = sharing.start_fight(id, None, !how.is_empty())?;
            out(json, &view, || last_lines(&view))
        }
        // Where the fight holds players' rolls: the game master takes each (or all).
        ["initiative", "use", who @ ..] if !who.is_empty() => {
            let name = who.join(" ");
            let taken = sharing.use_initiative((name != "all").then_some(name.as_str()))?;
            out(json, &taken, || format!("Taken for the start: {}.", taken.join(", ")))
        }
        ["show", which] => {
            let encounter = if *which == "latest" { None } else { Some(encounter_id(which)?) };
            sharing.show(encounter)?;
            let status = sharing.status()?;
            out(json, &status, || showing(&status))
        }
        ["code"] => {
            sharing.renew_code();
            let status = sharing.status()?;
            out(json, &status, || {
                format!("New join code: {}\n{}", status.code, share::qr_text(&status.join_url).unwrap_or_default())
            })
        }
        ["newcomers", how @ ("hidden" | "shown")] => {
            let hidden = *how == "hidden";
            tome.run("share newcomers", |t| t.set_newcomers_hidden(hidden))?;
            out(json, &serde_json::json!({ "newcomers_hidden": hidden }), || newcomers(hidden).into())
        }
        ["status"] => {
            let status = sharing.status()?;
            out(json, &status, || {
                format!(
                    "{} code {} ({} s left), {} devices\n{}",
                    status.url,
                    status.code,
                    status.code_secs,
                    status.devices.len(),
                    showing(&status)
                )
            })
        }
        _ => Err(Error::InvalidInput(format!("unknown command `{}`. {HELP}", words.join(" ")))),
    }
}

/// The actions waiting, each with what it would do.
fn proposals(items: &[share::ProposalItem]) -> String {
    if items.is_empty() {
        return "No action waits.".into();
    }
    items
        .iter()
        .map(|p| {
            let what = match (&p.outcome, &p.problem) {
                (Some(o), _) => o.lines.join("; "),
                (None, Some(problem)) => format!("cannot be accepted now: {problem}"),
                (None, None) => String::new(),
            };
            // What a phone sent is shown on one line, so it can never pass for a line of
            // this list (a line break in it once printed a forged proposal).
            let (actor, from, asked) = (one_line(&p.actor), one_line(&p.from), one_line(&p.asked));
            format!("{:>3}  {actor} ({from}): {asked}\n     {}", p.id, one_line(&what))
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// An encounter named by its id.
fn encounter_id(word: &str) -> Result<i64, Error> {
    word.parse::<i64>().map_err(|_| Error::InvalidInput(format!("an encounter id is a number, not `{word}`")))
}

/// `all` or a character's id.
fn whom(to: &str) -> Result<Option<i64>, Error> {
    if to == "all" {
        return Ok(None);
    }
    to.parse::<i64>()
        .map(Some)
        .map_err(|_| Error::InvalidInput(format!("ask `all` or a character by its id, not `{to}`")))
}

/// The rolls asked, each with its answers and what they come to.
fn asks(items: &[share::AskItem]) -> String {
    if items.is_empty() {
        return "No roll is asked.".into();
    }
    items
        .iter()
        .map(|a| {
            let to = a.to_name.clone().unwrap_or_else(|| "everyone".into());
            let mut lines = vec![format!("{:>3}  {} ({}), of {to}", a.id, a.ask.label, a.ask.dice)];
            lines.extend(a.answers.iter().map(|x| {
                let how = if x.rolled { "rolled by Tome" } else { "typed" };
                let outcome =
                    if x.outcome.is_empty() { String::new() } else { format!(" → {}", x.outcome.join(", ")) };
                let problem = x.problem.as_ref().map(|p| format!(" ({p})")).unwrap_or_default();
                format!("     {}: {} ({how}){outcome}{problem}", x.name, x.text)
            }));
            lines.join("\n")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The log's newest entry, after a change.
fn last_lines(view: &tome::api::EncounterView) -> String {
    view.latest.as_ref().map(|e| e.lines.join("\n")).unwrap_or_default()
}

/// Which encounter the table sees, and why that one.
fn showing(status: &share::ShareStatus) -> String {
    let why = if status.chosen.is_some() { "chosen" } else { "the latest started" };
    match &status.showing {
        Some(e) => format!("The table sees encounter {} ({}, {why}).", e.id, e.name),
        None if status.chosen.is_some() => "The chosen encounter is gone: the table sees no fight.".into(),
        None => "No encounter has started: the table sees no fight yet.".into(),
    }
}

fn out<T: Serialize>(json: bool, value: &T, text: impl FnOnce() -> String) -> Result<(), Error> {
    if json {
        print_json(value);
    } else {
        // Names a player typed (a device's, an uploaded character's) are shown inert.
        emit(&format!("{}\n", inert(&text())));
    }
    Ok(())
}

/// One JSON document per line, so a script reads each answer as it comes.
fn print_json<T: Serialize>(value: &T) {
    use std::io::Write;
    let mut stdout = std::io::stdout().lock();
    let _ = writeln!(stdout, "{}", serde_json::to_string(value).unwrap_or_default());
    let _ = stdout.flush();
}
