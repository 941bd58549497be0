-- Why: a hidden adversary that attacks a combatant the players can see, or is struck by
-- one, is no longer hidden in the fiction; the game master may want the tracker to offer
-- to show it (issue 59). Each fight chooses, and a fight offers nothing until told to.
ALTER TABLE encounter ADD COLUMN offer_reveal INTEGER NOT NULL DEFAULT 0 CHECK (offer_reveal IN (0, 1));
