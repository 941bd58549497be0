-- Numbered after db-line's 0023 and 0024 (issue 73), which merge before it.
-- Why: some weapons may be used only from horseback (Ars Magica's lance, document 001
-- lines 816-818). The mark is a fact of the weapon's row, so the sheet, the calculators
-- and the fight read it from the content rather than from a list kept in code.
ALTER TABLE weapon ADD COLUMN horseback INTEGER NOT NULL DEFAULT 0 CHECK (horseback IN (0, 1));
