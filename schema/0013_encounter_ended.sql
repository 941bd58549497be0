-- Why: the encounter list says which fights are over. `ended` is when the game master
-- ended the encounter (Unix seconds); any later change to it (an event, an undo) opens it
-- again, so it is NULL while a fight goes on.
ALTER TABLE encounter ADD COLUMN ended INTEGER;
