-- Why (issue 73): a row without a checksum was read as one an older Tome wrote, before
-- the checksums, so a program that changed a sealed row and cleared its checksum made
-- Tome show the change as fact. From this version every row of a sealed table carries a
-- checksum: this migration seals, once, the rows older Tomes left without one (the
-- Rust hook after this SQL, `db::sealed::seal_unsealed`), and from then on a row with
-- none is damage. A character is sealed too (its name, times, and how many revisions it
-- has and the last one's number), so its latest revision deleted with the rows it
-- saved no longer leaves a whole-looking older character.
ALTER TABLE character ADD COLUMN check_sum INTEGER;
