//! Rolls the game master asks of the players' phones (issue 42, "answer when asked"): a
//! defender's Soak or Defense while an attack waits, or, outside a fight, a roll of a
//! calculator's die (an Ars Magica Fatigue roll, a MythCraft save). A phone whose
//! character is asked answers with Tome's roll or the die as it landed; the game master
//! reads each answer with what the calculator makes of it. Kept in memory, like the inbox.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::{Device, Hub, Share};
use crate::encounters::{AnswerForm, MOST_SUCCESSES};
use crate::error::{Error, Result};

/// The turn a roll was asked in: the fight (number and name), its round and whose turn
/// it was.
type Turn = (i64, String, i64, Option<String>);

/// Rolls asked at once.
pub const MAX_ASKS: usize = 20;
/// The longest label the game master gives a roll asked.
const MAX_LABEL: usize = 120;

/// A calculator a roll asked goes through: its inputs from the game master, and the
/// parameter the player's roll fills.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct AskCalculator {
    pub system: String,
    pub name: String,
    #[serde(default)]
    pub inputs: BTreeMap<String, String>,
    /// The parameter the roll goes into (`roll`, `die`).
    pub roll: String,
}

/// What the game master asks for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct RollAsk {
    /// What the phone says is asked ("Soak against Brigand's blow", "Fatigue roll").
    pub label: String,
    /// The dice, as the dice box reads them ("stress", "1d20"), for an answer in dice;
    /// empty for another form.
    #[serde(default)]
    pub dice: String,
    /// The character asked; `null`: every phone with a character.
    #[serde(default)]
    pub to: Option<i64>,
    #[serde(default)]
    pub calculator: Option<AskCalculator>,
    /// How the phone answers: a roll of `dice` (the default), one of some options, or a
    /// pool's successes.
    #[serde(default)]
    pub form: AnswerForm,
}

/// One player's answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct AskAnswer {
    pub character: i64,
    pub name: String,
    pub roll: i64,
    /// The answer as the field it is asked for takes it: the roll's total, a pool's
    /// successes, or the option chosen.
    pub value: String,
    /// Tome rolled it (rather than the player typing the die as it landed).
    pub rolled: bool,
    /// The roll in words ("stress: 1 → 4 = 8").
    pub text: String,
    /// What the calculator makes of it, field by field ("Result: 14"); the game
    /// master's alone.
    pub outcome: Vec<String>,
    /// Why the calculator could not work it out.
    pub problem: Option<String>,
}

/// A roll asked, as the game master's screen shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct AskItem {
    pub id: u32,
    pub ask: RollAsk,
    /// The character asked, by name (`null`: everyone).
    pub to_name: Option<String>,
    pub answers: Vec<AskAnswer>,
    /// The turn it was asked in (the fight shown, by number and name, its round and
    /// whose turn it was), when a fight was under way: it ends with that turn.
    #[serde(skip)]
    #[ts(skip)]
    pub during: Option<Turn>,
    /// The combatants the table saw when it was asked: the only names its label may
    /// have from the tracker, and so the only ones taken out of it once hidden.
    #[serde(skip)]
    #[ts(skip)]
    pub seen: Vec<String>,
}

/// A roll asked of this device's character, as its phone shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct MyAsk {
    pub id: u32,
    pub label: String,
    pub dice: String,
    pub form: AnswerForm,
    /// What a die read off the table (or a pool's successes counted) may show.
    pub min: i64,
    pub max: i64,
    /// Its answer, when sent: the roll in words.
    pub answered: Option<String>,
}

#[derive(Default)]
pub struct Asks {
    items: Vec<AskItem>,
    /// The last number given to a roll asked: their own count, not the table's (which
    /// counts what every phone sent, and a phone reads the numbers of what it is asked).
    numbered: u32,
}

impl Asks {
    fn put(&mut self, mut item: AskItem) -> Result<AskItem> {
        if self.items.len() >= MAX_ASKS {
            return Err(Error::InvalidInput(format!(
                "{MAX_ASKS} rolls are asked already: close some (`close N`) before asking more"
            )));
        }
        self.numbered += 1;
        item.id = self.numbered;
        self.items.push(item.clone());
        Ok(item)
    }

    fn find(&mut self, id: u32) -> Result<&mut AskItem> {
        self.items.iter_mut().find(|a| a.id == id).ok_or_else(|| Error::not_found("roll asked", &id.to_string()))
    }

    /// What device character `character` is asked, with its answers, each with the
    /// combatants the table saw when it was asked.
    fn mine(&self, character: i64) -> Vec<(MyAsk, Vec<String>)> {
        self.items
            .iter()
            .filter(|a| a.ask.to.is_none_or(|to| to == character))
            .map(|a| {
                let answered = a.answers.iter().find(|x| x.character == character).map(|x| x.text.clone());
                (my_ask(a.id, &a.ask, answered), a.seen.clone())
            })
            .collect()
    }
}

/// Roll `id` as the phone asked shows it.
fn my_ask(id: u32, ask: &RollAsk, answered: Option<String>) -> MyAsk {
    let (min, max) = span(ask).unwrap_or((0, 0));
    MyAsk { id, label: ask.label.clone(), dice: ask.dice.clone(), form: ask.form.clone(), min, max, answered }
}

/// What a number typed in answer may be: a die's faces, or a pool's successes.
fn span(ask: &RollAsk) -> Result<(i64, i64)> {
    match &ask.form {
        AnswerForm::Dice => crate::dice::spec_span(&ask.dice).map_err(Error::InvalidInput),
        AnswerForm::Pool { .. } => Ok((0, MOST_SUCCESSES)),
        AnswerForm::Choice { .. } | AnswerForm::React => Ok((0, 0)),
    }
}

fn successes(n: i64) -> String {
    crate::rules::plural(n, "success")
}

/// The most options a choice asked offers, and the longest of them.
const MAX_OPTIONS: usize = 20;
const MAX_OPTION: usize = 60;

/// Why `form` cannot be asked, if it cannot.
fn check_form(ask: &RollAsk) -> Result<()> {
    let plain = |t: &str| {
        !t.trim().is_empty()
            && t.chars().count() <= MAX_OPTION
            && !t.chars().any(|c| c.is_control() || crate::text::reorders(c))
    };
    match &ask.form {
        AnswerForm::Dice => crate::dice::spec_span(&ask.dice).map(drop).map_err(Error::InvalidInput),
        AnswerForm::Choice { options, labels } => {
            if options.is_empty() || options.len() > MAX_OPTIONS || !options.iter().chain(labels).all(|o| plain(o)) {
                return Err(Error::InvalidInput(format!(
                    "a choice asked offers 1 to {MAX_OPTIONS} options, each in plain words of at most {MAX_OPTION} characters"
                )));
            }
            if !labels.is_empty() && labels.len() != options.len() {
                return Err(Error::InvalidInput(format!(
                    "a choice asked has {} options but {} labels: give one label per option, or none",
                    options.len(),
                    labels.len()
                )));
            }
            Ok(())
        }
        AnswerForm::React => Ok(()),
        AnswerForm::Pool { dice, chance } => {
            if *chance || (1..=MOST_SUCCESSES).contains(dice) {
                Ok(())
            } else {
                Err(Error::InvalidInput(format!(
                    "a pool asked is 1 to {MOST_SUCCESSES} dice, or a chance die, not {dice} dice"
                )))
            }
        }
    }
}

/// The player's answer to `ask`: its value, its roll, whether Tome rolled it, and how
/// it reads.
fn answer_value(
    ask: &RollAsk,
    typed: Option<i64>,
    choice: Option<&str>,
    mut rng: rand::rngs::StdRng,
) -> Result<(String, i64, bool, String)> {
    if let Some((options, labels)) = ask.form.options() {
        let picked = choice.map(str::trim).unwrap_or_default();
        let at = options
            .iter()
            .position(|o| o == picked)
            .ok_or_else(|| Error::InvalidInput(format!("answer with one of: {}", options.join(", "))))?;
        let label = labels.get(at).unwrap_or(&options[at]).clone();
        return Ok((options[at].clone(), 0, false, label));
    }
    if choice.is_some() {
        return Err(Error::InvalidInput("this roll is answered with a number, not a choice".into()));
    }
    let (min, max) = span(ask)?;
    let what = match &ask.form {
        AnswerForm::Pool { .. } => "successes counted",
        _ => ask.dice.as_str(),
    };
    let (roll, rolled, text) = match (typed, &ask.form) {
        (Some(v), _) => {
            if !(min..=max).contains(&v) {
                let shows = if matches!(ask.form, AnswerForm::Pool { .. }) { "are" } else { "a die shows" };
                return Err(Error::InvalidInput(format!("{what}: {shows} {min} to {max}, not {v}")));
            }
            let text = match &ask.form {
                AnswerForm::Pool { .. } => format!("{} (counted)", successes(v)),
                _ => format!("{}: {v} (typed)", ask.dice),
            };
            (v, false, text)
        }
        (None, AnswerForm::Pool { dice, chance }) => {
            let (n, faces) = crate::dice::roll_pool(*dice, *chance, &mut rng);
            let faces: Vec<String> = faces.iter().map(i64::to_string).collect();
            let pool = if *chance { "chance die".to_string() } else { format!("{dice} dice") };
            (n, true, format!("{pool}: {} → {}", faces.join(" "), successes(n)))
        }
        (None, _) => {
            let r = crate::dice::roll_spec(&ask.dice, &mut rng, 1).map_err(Error::InvalidInput)?;
            (r.total, true, r.text)
        }
    };
    Ok((roll.to_string(), roll, rolled, text))
}

/// Closes every roll asked during a turn that has passed, or in a fight no longer
/// shown or ended (issue 56: an ask no longer lingers into the next fight). Whether any
/// was closed.
pub(crate) fn close_stale(hub: &Hub) -> bool {
    let during: Vec<(u32, Turn)> =
        hub.asks().items.iter().filter_map(|a| a.during.clone().map(|d| (a.id, d))).collect();
    if during.is_empty() {
        return false;
    }
    let shown = hub.tome.run("share asks", |t| hub.encounter_id(t)).ok().flatten();
    let stale: Vec<u32> = during
        .into_iter()
        .filter(|(_, (fight, name, round, turn))| {
            shown != Some(*fight)
                || hub
                    .tome
                    .run("share asks", |t| super::acting::still_fits(t, (*fight, name), turn.as_deref(), *round, false))
                    .is_err()
        })
        .map(|(id, _)| id)
        .collect();
    hub.asks().items.retain(|a| !stale.contains(&a.id));
    !stale.is_empty()
}

/// The rolls asked of device `device`'s character.
pub(crate) fn mine(hub: &Hub, device: &Device) -> Vec<MyAsk> {
    let Some(character) = device.character else { return Vec::new() };
    let asks = hub.asks().mine(character);
    // A label names whoever was acting when the roll was asked; one the table saw then
    // and is hidden from it since is no more named on a phone than on the board. (A
    // name hidden all along stays as the game master wrote it: taking it out would tell
    // the phone that someone hidden bears it.)
    let hidden = if asks.iter().any(|(_, seen)| !seen.is_empty()) {
        hub.tome
            .run("share asks", |t| hub.encounter_id(t)?.map_or(Ok(Vec::new()), |fight| t.hidden_names(fight)))
            .unwrap_or_default()
    } else {
        Vec::new()
    };
    asks.into_iter()
        .map(|(mut ask, seen)| {
            if seen.iter().any(|n| hidden.contains(n)) {
                let names: Vec<(String, bool)> = seen.into_iter().map(|n| (n.clone(), hidden.contains(&n))).collect();
                ask.label = unnamed(&ask.label, &names);
            }
            ask
        })
        .collect()
}

/// `label` with no hidden combatant named, of `names` (each with whether it is hidden now):
/// the tracker's "(Stunt by Zorblax)" loses "by Zorblax", and any other mention reads
/// "someone". Where names overlap, the longest whole name at a place is the one meant
/// ("Zorblax 12" is not "Zorblax 1", nor a hidden "Zorblax" followed by "12").
fn unnamed(label: &str, names: &[(String, bool)]) -> String {
    let whole_word_at = |at: usize, len: usize| {
        let before = label[..at].chars().next_back();
        let after = label[at + len..].chars().next();
        !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
    };
    let mut out = String::with_capacity(label.len());
    let mut at = 0;
    while at < label.len() {
        let found = names
            .iter()
            .filter(|(name, _)| {
                !name.is_empty() && label[at..].starts_with(name.as_str()) && whole_word_at(at, name.len())
            })
            .max_by_key(|(name, _)| name.len());
        match found {
            Some((name, true)) => {
                if out.ends_with(" by ") && label[at + name.len()..].starts_with(')') {
                    out.truncate(out.len() - " by ".len());
                } else {
                    out.push_str("someone");
                }
                at += name.len();
            }
            Some((name, false)) => {
                out.push_str(name);
                at += name.len();
            }
            None => {
                let c = label[at..].chars().next().expect("inside the label");
                out.push(c);
                at += c.len_utf8();
            }
        }
    }
    out
}

/// Device `device`'s answer to roll `id`: `typed` as the die landed (or the successes
/// counted), `choice` for a choice, or Tome's roll.
///
/// # Errors
/// No character; no such roll asked of it; answered already; a die the dice cannot
/// show; a choice not offered.
pub(crate) fn answer(hub: &Hub, device: &Device, id: u32, typed: Option<i64>, choice: Option<&str>) -> Result<MyAsk> {
    let character = device
        .character
        .ok_or_else(|| Error::InvalidInput("the game master has not given this device a character".into()))?;
    let ask = {
        let mut asks = hub.asks();
        let item = asks.find(id)?;
        if item.ask.to.is_some_and(|to| to != character) {
            return Err(Error::not_found("roll asked", &id.to_string()));
        }
        if let Some(sent) = item.answers.iter().find(|a| a.character == character) {
            // Tome's first roll is the roll (issue 56): Roll for me again shows it again.
            if typed.is_none() && choice.is_none() && sent.rolled {
                return Ok(my_ask(id, &item.ask, Some(sent.text.clone())));
            }
            return Err(Error::InvalidInput("you answered this roll already".into()));
        }
        item.ask.clone()
    };
    let (value, roll, rolled, text) = answer_value(&ask, typed, choice, hub.dice())?;
    let (name, outcome, problem) = hub.tome.run("share answer", |t| {
        let name = t.character(character)?.name;
        let (outcome, problem) = match &ask.calculator {
            None => (Vec::new(), None),
            Some(c) => {
                let mut inputs = c.inputs.clone();
                inputs.insert(c.roll.clone(), value.clone());
                match t.calculate(&c.system, &c.name, inputs) {
                    Ok(o) => (o.labels.iter().zip(&o.shown).map(|(l, v)| format!("{l}: {v}")).collect(), None),
                    Err(e) => (Vec::new(), Some(e.to_string())),
                }
            }
        };
        Ok((name, outcome, problem))
    })?;
    let answer = AskAnswer { character, name, roll, value, rolled, text: text.clone(), outcome, problem };
    {
        // Two taps at once both got this far: the first answer stands, and the second
        // is told it, so a player never gets two rolls.
        let mut asks = hub.asks();
        let item = asks.find(id)?;
        if let Some(first) = item.answers.iter().find(|a| a.character == character) {
            return Ok(my_ask(id, &ask, Some(first.text.clone())));
        }
        item.answers.push(answer.clone());
    }
    hub.arrived(super::arrivals::Arrival::Answer {
        ask: id,
        label: ask.label.clone(),
        name: answer.name.clone(),
        text: text.clone(),
        rolled,
    });
    hub.poke();
    Ok(my_ask(id, &ask, Some(text)))
}

impl Share {
    /// Asks the phones for a roll: of character `ask.to` alone, or of every phone with a
    /// character. With a calculator, each answer is worked out by it.
    ///
    /// # Errors
    /// An empty or over-long label; dice Tome cannot roll; an unknown character,
    /// calculator or input (checked now, with the calculator's own die filled in);
    /// too many rolls asked at once.
    pub fn ask_roll(&self, ask: RollAsk) -> Result<AskItem> {
        let label = ask.label.trim();
        if label.is_empty()
            || label.chars().count() > MAX_LABEL
            || label.chars().any(|c| c.is_control() || crate::text::reorders(c))
        {
            return Err(Error::InvalidInput(format!(
                "say what is asked in plain words on one line, at most {MAX_LABEL} characters"
            )));
        }
        check_form(&ask)?;
        let (min, _) = span(&ask)?;
        let first = match ask.form.options() {
            Some((options, _)) => options[0].clone(),
            None => min.to_string(),
        };
        let (to_name, during, seen) = self.hub.tome.run("share ask", |t| {
            if let Some(c) = &ask.calculator {
                let mut inputs = c.inputs.clone();
                inputs.insert(c.roll.clone(), first.clone());
                t.calculate(&c.system, &c.name, inputs)?;
            }
            let during = match self.hub.encounter_id(t)? {
                Some(fight) => {
                    let e = t.encounter(fight)?;
                    (e.round > 0 && e.ended.is_none()).then_some((fight, e.name, e.round, e.current))
                }
                None => None,
            };
            let seen = match &during {
                Some((fight, ..)) => t.shown_names(*fight)?,
                None => Vec::new(),
            };
            Ok((ask.to.map(|id| t.character(id).map(|c| c.name)).transpose()?, during, seen))
        })?;
        let item = AskItem {
            id: 0,
            ask: RollAsk { label: label.to_string(), ..ask },
            to_name,
            answers: Vec::new(),
            during,
            seen,
        };
        let item = self.hub.asks().put(item)?;
        self.hub.poke();
        Ok(item)
    }

    /// The rolls asked, with their answers.
    pub fn asks(&self) -> Vec<AskItem> {
        self.hub.asks().items.clone()
    }

    /// Stops asking roll `id`; the phones no longer show it.
    ///
    /// # Errors
    /// No such roll asked.
    pub fn close_ask(&self, id: u32) -> Result<AskItem> {
        let mut asks = self.hub.asks();
        let at = asks
            .items
            .iter()
            .position(|a| a.id == id)
            .ok_or_else(|| Error::not_found("roll asked", &id.to_string()))?;
        let item = asks.items.remove(at);
        drop(asks);
        self.hub.poke();
        Ok(item)
    }
}

#[cfg(test)]
mod tests {
    use super::unnamed;

    fn names(list: &[(&str, bool)]) -> Vec<(String, bool)> {
        list.iter().map(|(n, h)| (n.to_string(), *h)).collect()
    }

    #[test]
    fn a_label_names_no_one_hidden_since_it_was_asked() {
        let fight = names(&[("Zorblax 1", true), ("Quimby", false)]);
        assert_eq!(unnamed("Defense die (Stunt by Zorblax 1)", &fight), "Defense die (Stunt)");
        assert_eq!(unnamed("Soak against Zorblax 1's blow", &fight), "Soak against someone's blow");
        assert_eq!(unnamed("Defense die (Stunt by Quimby)", &fight), "Defense die (Stunt by Quimby)");
    }

    #[test]
    fn a_visible_name_holding_a_hidden_one_is_left_whole() {
        let fight = names(&[("Zorblax", true), ("Zorblax 12", false), ("Vex", true)]);
        assert_eq!(unnamed("Soak (Blow by Zorblax 12)", &fight), "Soak (Blow by Zorblax 12)");
        assert_eq!(unnamed("Vexhorn's Fatigue roll", &fight), "Vexhorn's Fatigue roll", "a word, not the name");
        assert_eq!(unnamed("Zorblax, then Vex", &fight), "someone, then someone");
        assert_eq!(unnamed("Élan by Zorblax)", &fight), "Élan)");
    }
}
