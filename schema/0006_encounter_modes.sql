-- Why: one system may run more than one kind of encounter, each by its own rules
-- (Primal Wild's fights and its Duel Arcane). `mode` names the kind; '' stands for the
-- system's first, its usual one, which every encounter made before this was.

ALTER TABLE encounter ADD COLUMN mode TEXT NOT NULL DEFAULT '' CHECK (length(mode) <= 40);
