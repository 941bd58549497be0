-- Why: an encounter is its events, and a changed digit in one (a blow of 52 for 12) can
-- still replay, into a fight that never happened. Each event Tome writes now carries a
-- checksum of what it wrote (its encounter, number, time and JSON; `src/db/encounters.rs`),
-- so a read and `tome db check` tell an event changed since from Tome's own. Events
-- stored before this have none (NULL) and are read as they are.
ALTER TABLE encounter_event ADD COLUMN check_sum INTEGER;
