//! The stored tracker as the steps drive it: every change through the API, written to
//! SQLite, held to what is stored.

use super::{first_fields, Change, Fight, COMBATANTS};
use crate::api::EncounterView;
use crate::error::Result;
use crate::Tome;

/// An encounter in the database, the system's saved character once one joins, and what
/// the last change accepted showed.
pub(super) struct Stored {
    e: i64,
    saved: Option<i64>,
    last: EncounterView,
}

/// A checkpoint every this many events, so that the target's inputs of a dozen steps
/// (64 bytes, thousands a second) read, resume from and drop checkpoints around their
/// undos as fights of hundreds of events do: more than half of a run's corpus writes one
/// or more, against none at the app's 50.
const CHECKPOINT_EVERY: usize = 4;

impl Stored {
    pub(super) fn open(tome: &mut Tome, system: &str, mode: &str) -> Option<Box<dyn Fight>> {
        tome.set_checkpoint_interval(CHECKPOINT_EVERY);
        let last = tome.create_encounter_mode(system, "Fuzz", Some(mode)).ok()?;
        Some(Box::new(Stored { e: last.id, saved: None, last }))
    }

    /// The system's saved character, named as one of the combatants the steps pick: made
    /// when the first asks for it (most inputs never do, and making one derives a sheet).
    fn saved(&mut self, tome: &mut Tome) -> i64 {
        let system = &self.last.system;
        *self
            .saved
            .get_or_insert_with(|| tome.create_character(system, COMBATANTS[0]).expect("a new character saves").id)
    }

    /// "Write to the sheets" mid-fight: the sheet now holds what the fight did, and the
    /// fight must not read it back in (a wound dealt twice).
    fn write_to_sheets(&mut self, tome: &mut Tome) -> Result<()> {
        tome.encounter_end(self.e, true)?;
        let now = tome.encounter(self.e).expect("an encounter written to the sheets stays readable");
        assert_eq!(settled(&now), settled(&self.last), "writing to the sheets changed the encounter");
        Ok(())
    }
}

impl Fight for Stored {
    fn make(&mut self, tome: &mut Tome, change: Change) -> Result<()> {
        let e = self.e;
        let before = stored(tome, e);
        let answer = match change {
            Change::AddNpc { name, count, stats } => tome.encounter_add_npc(e, &name, count, stats),
            Change::Start { typed, seed } => tome.encounter_start(e, &typed, &[], Some(seed)),
            Change::Event(event) => tome.encounter_change(e, event),
            Change::Condition { name, condition, duration, custom: true, .. } => {
                tome.encounter_custom_condition(e, &name, &condition, duration)
            }
            Change::Condition { name, condition, duration, remove, .. } => {
                tome.encounter_condition(e, &name, &condition, duration, remove)
            }
            Change::Act { action, who, inputs, seed, sent } => {
                tome.encounter_act_sent(e, action, who.as_deref(), inputs, Some(seed), sent)
            }
            Change::Undo => tome.encounter_undo(e),
            Change::Redo => tome.encounter_redo(e),
            Change::AddCharacter => {
                let saved = self.saved(tome);
                tome.encounter_add_character(e, saved)
            }
            Change::Roll { name, dice, secret, seed } => {
                tome.encounter_roll(e, &name, dice, secret, Some(seed)).map(|(_, v)| v)
            }
            Change::WriteToSheets => return self.write_to_sheets(tome),
        };
        match answer {
            Ok(v) => {
                self.last = v;
                Ok(())
            }
            Err(err) => {
                assert!(!err.to_string().is_empty(), "a refusal says why");
                // What the encounter is read from is as it was: the view, a replay of it
                // (the check in `finish`), cannot have changed. A new read of the view
                // cost more than the change itself.
                assert_eq!(stored(tome, e), before, "a refused change ({err}) changed the stored encounter");
                Err(err)
            }
        }
    }

    fn fields(&self) -> Vec<String> {
        first_fields(&self.last)
    }

    fn finish(self: Box<Self>, tome: &mut Tome) {
        let replayed = tome.encounter_replayed(self.e).expect("the stored log replays");
        assert_eq!(
            settled(&replayed),
            settled(&self.last),
            "a replay of the stored log is what the last answer showed"
        );
        tome.delete_encounter(self.e).expect("and deletes");
        if let Some(saved) = self.saved {
            tome.delete_character(saved).expect("the character deletes");
        }
    }
}

/// What encounter `e` is read from: its row and every stored event's number and checksum.
fn stored(tome: &Tome, e: i64) -> Option<(i64, i64, Option<i64>, Option<String>)> {
    tome.db()
        .connection()
        .prepare_cached(
            "SELECT head, updated, ended,
                    (SELECT group_concat(seq || ':' || check_sum, ',') FROM encounter_event WHERE encounter_id = ?1)
               FROM encounter WHERE id = ?1",
        )
        .and_then(|mut s| s.query_row([e], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?))))
        .ok()
}

/// A view without what depends on the moment it is read (seconds left on a timed
/// condition, which a replay a moment later may show one fewer of, and the States a
/// board read a moment later shows as run out).
fn settled(v: &EncounterView) -> serde_json::Value {
    let mut json = serde_json::to_value(v).unwrap_or_default();
    // Writing to the sheets marks the fight ended; the fight itself is what must not change.
    if let Some(o) = json.as_object_mut() {
        o.remove("ended");
    }
    if let Some(cs) = json.get_mut("combatants").and_then(|c| c.as_array_mut()) {
        for c in cs {
            if let Some(o) = c.as_object_mut() {
                o.remove("expired");
                o.remove("calls");
            }
            if let Some(conds) = c.get_mut("conditions").and_then(|x| x.as_array_mut()) {
                for x in conds {
                    if x.get("duration").and_then(|d| d.get("kind")).and_then(|k| k.as_str()) == Some("seconds") {
                        if let Some(o) = x.as_object_mut() {
                            o.remove("remaining");
                        }
                    }
                }
            }
        }
    }
    json
}
