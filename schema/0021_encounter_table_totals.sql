-- Why: a player's phone tells them what their accepted action came to (issue 56). Whether
-- that says the defender's totals ("Attack 19 against AR 15: a hit") or only the result
-- ("A hit") is the game master's choice for each fight: some tables keep their monsters'
-- numbers secret. Off until chosen.
ALTER TABLE encounter ADD COLUMN table_totals INTEGER NOT NULL DEFAULT 0 CHECK (table_totals IN (0, 1));
