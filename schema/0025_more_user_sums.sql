-- Why (issue 73): changes made through SQLite with valid page sums went unseen in the
-- user's rows that carried no checksum of their own: an encounter's name, its ended and
-- table-visibility flags, a party's members (a row deleted matches no member's sum), an
-- imported document's text, headings and sections, and an encounter's last event
-- deleted together with its counter. Each such row Tome writes now carries a
-- checksum (`src/db/sealed.rs`): an encounter's covers its own columns, the count and
-- last number of its events (not its checkpoints, whose own sums bind their fight and
-- place); a party's `members_sum` covers its
-- members in order; a document's covers its sections in order, and each section its
-- own text. Rows stored before have none (NULL) and are read as they are.
ALTER TABLE encounter ADD COLUMN check_sum INTEGER;
ALTER TABLE party ADD COLUMN members_sum INTEGER;
ALTER TABLE doc ADD COLUMN check_sum INTEGER;
ALTER TABLE doc_section ADD COLUMN check_sum INTEGER;
