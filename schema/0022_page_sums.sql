-- Why: every page of the file now ends with a checksum of the rest of it, written with
-- the page and checked whenever it is read (`src/db/page_sums.rs`), so damage anywhere in
-- the file is found where it is read. A file gets the reserved bytes once, at the first
-- open that has it to itself (`Db::add_page_sums`: a backup, then `VACUUM`). A Tome
-- without the checksums would write pages without them, which a newer one would then
-- call damaged: this version keeps an older Tome from opening the file at all (it
-- refuses a file written by a newer one).
--
-- Also: the two kinds of the user's rows left without a checksum of their own (issue 58):
-- which parties were added to an encounter in one step, and which of Tome's starters were
-- given to the library (its key, the block Tome last wrote and where its numbers come
-- from; not the adversary it became, which deleting that adversary empties). Each row
-- Tome writes in them is sealed as `src/db/sealed.rs` says; rows stored before have none.
ALTER TABLE encounter_party ADD COLUMN check_sum INTEGER;
ALTER TABLE starter_adversary ADD COLUMN check_sum INTEGER;
