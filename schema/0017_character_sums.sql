-- Why: a character is the user's own data with no second copy, and a changed digit in it
-- (a Strength of 2 read as 7) decodes as well as the right one, so it was shown as fact.
-- Each revision Tome writes now carries a checksum of what it wrote (its character,
-- number, time, summary and snapshot; `src/db/characters.rs`), so a read, a restore and
-- `tome db check` tell a revision changed since from Tome's own; and a character's current
-- rows must be what its latest such revision saved, so a changed value in them is found
-- too. Revisions stored before this have none (NULL) and are read as they are.
ALTER TABLE character_revision ADD COLUMN check_sum INTEGER;
