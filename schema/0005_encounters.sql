-- Why: a game master runs a fight with Tome. An encounter's state is what its events add
-- up to, so undo, redo, the readable log and resuming after a crash come from one
-- mechanism: every change appends one event in one transaction, and the state is
-- replayed from them. `head` counts the events in force: undo lowers it (the events
-- above it are what redo brings back); a new change drops the events above `head`
-- first, as an editor's redo list does.

CREATE TABLE encounter (
    id         INTEGER PRIMARY KEY,
    system_id  TEXT NOT NULL REFERENCES game_system(id),
    name       TEXT NOT NULL CHECK (trim(name) <> '' AND length(name) <= 200),
    head       INTEGER NOT NULL DEFAULT 0 CHECK (head >= 0),
    -- Unix seconds.
    created    INTEGER NOT NULL,
    updated    INTEGER NOT NULL
) STRICT;

-- One change, as JSON (see `src/encounters/event.rs`), numbered from 1 in the order made.
CREATE TABLE encounter_event (
    encounter_id  INTEGER NOT NULL REFERENCES encounter(id) ON DELETE CASCADE,
    seq           INTEGER NOT NULL CHECK (seq >= 1),
    event         TEXT NOT NULL CHECK (json_valid(event)),
    -- Unix seconds.
    at            INTEGER NOT NULL,
    PRIMARY KEY (encounter_id, seq)
) STRICT;
