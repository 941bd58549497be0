-- Why: an encounter's state is a replay of its events, and replaying the whole log on
-- every change made a long fight slower with every blow. A checkpoint keeps the state
-- after the first `seq` events, so a change, an undo or a show replays only the events
-- after the newest checkpoint at or below the head. It is a cache, never the truth: it
-- is read only under the key of the code that wrote it (`key`) with an intact checksum,
-- and triggers drop every checkpoint an event change could make stale, whatever program
-- changes the events.

CREATE TABLE encounter_checkpoint (
    encounter_id  INTEGER NOT NULL REFERENCES encounter(id) ON DELETE CASCADE,
    -- The state after events 1..seq.
    seq           INTEGER NOT NULL CHECK (seq >= 1),
    -- The code that made it: a checkpoint from other rules is replayed again, not read.
    key           TEXT NOT NULL CHECK (length(key) <= 128),
    -- A checksum of `state`, so a damaged copy is rebuilt rather than read.
    check_sum     INTEGER NOT NULL,
    -- The state as JSON (`src/encounters/checkpoint.rs`).
    state         BLOB NOT NULL,
    PRIMARY KEY (encounter_id, seq)
) STRICT;

-- An event stored at or deleted from `seq` changes every state from `seq` on.
CREATE TRIGGER encounter_checkpoint_event_insert AFTER INSERT ON encounter_event BEGIN
    DELETE FROM encounter_checkpoint WHERE encounter_id = NEW.encounter_id AND seq >= NEW.seq;
END;
CREATE TRIGGER encounter_checkpoint_event_delete AFTER DELETE ON encounter_event BEGIN
    DELETE FROM encounter_checkpoint WHERE encounter_id = OLD.encounter_id AND seq >= OLD.seq;
END;
CREATE TRIGGER encounter_checkpoint_event_update AFTER UPDATE ON encounter_event BEGIN
    DELETE FROM encounter_checkpoint WHERE encounter_id = OLD.encounter_id AND seq >= min(OLD.seq, NEW.seq);
END;
