-- Why: a game master prepares an evening. Their own game master's screen for a system is
-- kept whole as one row (the panels as JSON, see `src/screen.rs`); no row means the
-- system's shipped screen, so resetting is deleting the row. A party is a named group of
-- saved characters of one system, in the order they were added, that an encounter takes
-- in one step.

CREATE TABLE gm_screen (
    system_id  TEXT PRIMARY KEY REFERENCES game_system(id),
    panels     TEXT NOT NULL CHECK (json_valid(panels) AND json_type(panels) = 'array'),
    -- Unix seconds.
    updated    INTEGER NOT NULL
) STRICT;

CREATE TABLE party (
    id         INTEGER PRIMARY KEY,
    system_id  TEXT NOT NULL REFERENCES game_system(id),
    name       TEXT NOT NULL CHECK (trim(name) <> '' AND length(name) <= 200),
    -- Unix seconds.
    created    INTEGER NOT NULL,
    updated    INTEGER NOT NULL
) STRICT;

CREATE UNIQUE INDEX party_name ON party (lower(name));

CREATE TABLE party_member (
    party_id      INTEGER NOT NULL REFERENCES party(id) ON DELETE CASCADE,
    character_id  INTEGER NOT NULL REFERENCES character(id) ON DELETE CASCADE,
    position      INTEGER NOT NULL,
    PRIMARY KEY (party_id, character_id)
) STRICT;
