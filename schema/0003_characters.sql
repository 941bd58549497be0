-- Why: character sheets are the first data Tome keeps that users write themselves. A
-- sheet lives in normalized rows, so every weapon, armour, spell and condition it names
-- is held by a foreign key to the content (a referenced entry can never vanish from
-- under it), and every save also appends a whole-character snapshot as a revision, so
-- history can be listed, compared and restored without replaying edits.
--
-- What happens to a character when the shipped content changes:
--   * Shipped entries are never deleted: a refresh marks dropped ones `retired`. A
--     character keeps its reference, and the sheet reports the item as retired so the
--     player can replace it when they choose.
--   * A renamed entry keeps its id (the seed pins the slug), and names are always read
--     from `entry`, never copied here, so the sheet shows the new name.
--   * Deleting an entry that a character references is refused by the database (the
--     references below have no ON DELETE action), so no delete can corrupt a sheet.

CREATE TABLE character (
    id         INTEGER PRIMARY KEY,
    system_id  TEXT NOT NULL REFERENCES game_system(id),
    name       TEXT NOT NULL CHECK (trim(name) <> '' AND length(name) <= 200),
    -- Unix seconds.
    created    INTEGER NOT NULL,
    updated    INTEGER NOT NULL
) STRICT;

-- What the player wrote in one field of the sheet: a whole number or text, never both.
CREATE TABLE character_value (
    character_id  INTEGER NOT NULL REFERENCES character(id) ON DELETE CASCADE,
    field         TEXT NOT NULL CHECK (field <> '' AND length(field) <= 64),
    int_value     INTEGER,
    text_value    TEXT,
    PRIMARY KEY (character_id, field),
    CHECK ((int_value IS NULL) <> (text_value IS NULL))
) STRICT;

-- Equipment: weapons, armour and other entries the character carries. One row per
-- entry (more of the same is a quantity); `ord` keeps the player's order.
CREATE TABLE character_item (
    character_id  INTEGER NOT NULL REFERENCES character(id) ON DELETE CASCADE,
    entry_id      TEXT NOT NULL REFERENCES entry(id),
    ord           INTEGER NOT NULL,
    quantity      INTEGER NOT NULL DEFAULT 1 CHECK (quantity BETWEEN 1 AND 1000000),
    equipped      INTEGER NOT NULL DEFAULT 0 CHECK (equipped IN (0, 1)),
    -- How much of the body the armour covers; NULL for anything that is not worn armour.
    coverage      TEXT CHECK (coverage IN ('partial', 'full')),
    PRIMARY KEY (character_id, entry_id),
    UNIQUE (character_id, ord)
) STRICT;
-- Foreign-key checks on `entry` look children up by entry id; without these indexes each
-- check would scan every character's rows.
CREATE INDEX character_item_entry ON character_item (entry_id);

CREATE TABLE character_condition (
    character_id  INTEGER NOT NULL REFERENCES character(id) ON DELETE CASCADE,
    entry_id      TEXT NOT NULL REFERENCES entry(id),
    ord           INTEGER NOT NULL,
    PRIMARY KEY (character_id, entry_id),
    UNIQUE (character_id, ord)
) STRICT;
CREATE INDEX character_condition_entry ON character_condition (entry_id);

CREATE TABLE character_spell (
    character_id  INTEGER NOT NULL REFERENCES character(id) ON DELETE CASCADE,
    entry_id      TEXT NOT NULL REFERENCES entry(id),
    ord           INTEGER NOT NULL,
    PRIMARY KEY (character_id, entry_id),
    UNIQUE (character_id, ord)
) STRICT;
CREATE INDEX character_spell_entry ON character_spell (entry_id);

-- Every save: the whole character in the export format (so a revision can be shown,
-- compared, restored or exported on its own), numbered from 1 per character. The
-- primary key is the unique (character, number) pair.
CREATE TABLE character_revision (
    character_id  INTEGER NOT NULL REFERENCES character(id) ON DELETE CASCADE,
    number        INTEGER NOT NULL CHECK (number >= 1),
    saved_at      INTEGER NOT NULL,
    -- A short account of what this save changed, for the revision list.
    summary       TEXT NOT NULL,
    snapshot      TEXT NOT NULL CHECK (json_valid(snapshot)),
    PRIMARY KEY (character_id, number)
) STRICT;
