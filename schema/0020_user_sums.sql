-- Why: adversaries, parties and the game master's own screens are the user's own data
-- with no second copy, like characters, and a changed digit in them (a maximum HP of 12
-- read as 92, a member turned into another character) decodes as well as the right one,
-- so it was shown as fact. Each row Tome writes in them now carries a checksum of what it
-- wrote (`src/db/sealed.rs`), so a read and `tome db check` tell a row changed since from
-- Tome's own. Rows stored before this have none (NULL) and are read as they are.
ALTER TABLE adversary ADD COLUMN check_sum INTEGER;
ALTER TABLE adversary_revision ADD COLUMN check_sum INTEGER;
ALTER TABLE party ADD COLUMN check_sum INTEGER;
ALTER TABLE party_member ADD COLUMN check_sum INTEGER;
ALTER TABLE gm_screen ADD COLUMN check_sum INTEGER;
