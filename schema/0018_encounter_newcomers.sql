-- Why: "newcomers join hidden" was one setting for the whole table (content_meta's
-- `table.newcomers-hidden`). Chosen for one ambush's reinforcements, it made the next
-- fight's player characters join hidden from their own players. It is the fight's own now,
-- kept on its row (off for every fight, old and new), and the table-wide setting is gone.
ALTER TABLE encounter ADD COLUMN newcomers_hidden INTEGER NOT NULL DEFAULT 0 CHECK (newcomers_hidden IN (0, 1));
DELETE FROM content_meta WHERE key = 'table.newcomers-hidden';
