-- Why (issue 73): a page's checksum now binds its place in the file. Each page reserves
-- 16 bytes (its number, then the sum of everything before the sum), where it reserved
-- 8 (the sum of its bytes alone, which a page moved to another place still matched: two
-- swapped pages read as each other's entries with no error). A file gets the new layout
-- once, at the first open that has it to itself (`Db::add_page_sums`: a backup, then
-- `VACUUM`). A Tome of the earlier layout would read such a file as one without
-- checksums and write its pages without them, which this one would then call damaged:
-- this version keeps an older Tome from opening the file at all (it refuses a file
-- written by a newer one). No table changes.
SELECT 1;
