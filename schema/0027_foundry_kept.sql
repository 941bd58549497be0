-- Why (issue 75): a Foundry VTT actor imported and exported again lost what Tome has no
-- home for (Virtues and Flaws, spells, talents, the system's other fields, Foundry's
-- token and folder): the notes listed them as text, but the export wrote the actor anew.
-- A record imported from an actor now keeps that actor's JSON here (its items and effects
-- Tome's export does not write, its data as it came), which the export merges back under
-- what Tome maps (`src/foundry/carry.rs`). One row per record: a character's or an
-- adversary's, never both; it goes with the record. Sealed as every user row is
-- (`src/db/sealed.rs`).
CREATE TABLE foundry_kept (
    character_id  INTEGER UNIQUE REFERENCES character(id) ON DELETE CASCADE,
    adversary_id  INTEGER UNIQUE REFERENCES adversary(id) ON DELETE CASCADE,
    actor         TEXT NOT NULL CHECK (json_valid(actor)),
    check_sum     INTEGER,
    CHECK ((character_id IS NULL) <> (adversary_id IS NULL))
) STRICT;
