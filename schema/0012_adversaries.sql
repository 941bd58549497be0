-- Why: a game master keeps a library of adversaries (issue 43): named stat blocks of one
-- system, typed once and added to any fight. The stat block is the core's to read and
-- check, so it is kept whole as JSON (`stat_block`); the columns beside it are what lists,
-- lookups by name and search need without reading it. Every save appends the whole
-- stat block as a revision, as characters do, so history can be listed and restored.

CREATE TABLE adversary (
    id         INTEGER PRIMARY KEY,
    system_id  TEXT NOT NULL REFERENCES game_system(id),
    name       TEXT NOT NULL CHECK (trim(name) <> '' AND length(name) <= 80),
    -- Its tags, separated by char(31), and a line about it: what search indexes.
    tags       TEXT NOT NULL DEFAULT '',
    summary    TEXT NOT NULL DEFAULT '',
    stat_block TEXT NOT NULL CHECK (json_valid(stat_block)),
    -- The homebrew pack that ships it (removed and replaced with the pack); NULL for the
    -- game master's own.
    pack       TEXT REFERENCES pack(name) ON DELETE CASCADE,
    revision   INTEGER NOT NULL CHECK (revision >= 1),
    -- Unix seconds.
    created    INTEGER NOT NULL,
    updated    INTEGER NOT NULL
) STRICT;
-- One name per system: `tome encounter add ENC --adversary Goblin` names one.
CREATE UNIQUE INDEX adversary_name ON adversary (system_id, name COLLATE NOCASE);
CREATE INDEX adversary_pack ON adversary (pack);

CREATE TABLE adversary_revision (
    adversary_id  INTEGER NOT NULL REFERENCES adversary(id) ON DELETE CASCADE,
    number        INTEGER NOT NULL CHECK (number >= 1),
    saved_at      INTEGER NOT NULL,
    summary       TEXT NOT NULL,
    stat_block    TEXT NOT NULL CHECK (json_valid(stat_block)),
    PRIMARY KEY (adversary_id, number)
) STRICT;

-- Search finds adversaries with the entries: any change empties the kept index.
CREATE TRIGGER search_cache_adversary_insert AFTER INSERT ON adversary BEGIN DELETE FROM search_cache; END;
CREATE TRIGGER search_cache_adversary_update AFTER UPDATE ON adversary BEGIN DELETE FROM search_cache; END;
CREATE TRIGGER search_cache_adversary_delete AFTER DELETE ON adversary BEGIN DELETE FROM search_cache; END;
