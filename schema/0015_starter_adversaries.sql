-- Why: Tome ships a starter library of adversaries with its own content (issue 43,
-- `seed/<system>/adversaries.toml`), so a new user has foes on the first evening. Each
-- starter is given to the game master's library once, as an ordinary adversary of theirs
-- (edited, deleted and revised like any other); this table remembers which starters were
-- given, so none is given twice:
--   - `adversary_id` is the library's copy; deleting it leaves the row with NULL, so a
--     deleted starter stays deleted through every start and upgrade;
--   - NULL from the start when the library already had an adversary of that name (the
--     game master's own keeps it);
--   - `stat_block` is the block Tome last wrote: a copy still holding it is untouched, and
--     a newer Tome may correct it; one the game master changed is never written again.
CREATE TABLE starter_adversary (
    -- The starter's system and the slug of its name: `ars-magica/polandrus`.
    key          TEXT PRIMARY KEY,
    adversary_id INTEGER REFERENCES adversary(id) ON DELETE SET NULL,
    stat_block   TEXT NOT NULL CHECK (json_valid(stat_block)),
    -- Where its numbers come from: the section of its system's document, and the document.
    source       TEXT NOT NULL
) STRICT;
CREATE INDEX starter_adversary_of ON starter_adversary (adversary_id);
