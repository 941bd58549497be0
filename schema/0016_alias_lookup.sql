-- Why: the tracker finds a condition by what the game master typed, an id, a name or an
-- alias, case aside (`Db::entry_named`), with every condition it adds or removes. The
-- alias table was scanned whole for each; this index finds an alias as typed.
CREATE INDEX alias_by_alias ON alias (alias COLLATE NOCASE);
