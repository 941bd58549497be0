-- Why: the phones at the table read the rules through `tome share`, and an imported
-- document is the game master's own text (it may be adventure notes). What the table may
-- read is the game master's choice: an imported document is kept off the table until it
-- is marked shared. Every document imported before this is kept off too.
ALTER TABLE doc ADD COLUMN shared INTEGER NOT NULL DEFAULT 0 CHECK (shared IN (0, 1));
