-- Why: search needs full-text lookup of entry bodies (with typo-corrected words), and
-- bodies link the entries they mention; both are computed when content is loaded.

-- Full-text index of every listed entry: one row per entry, rebuilt with the content.
CREATE VIRTUAL TABLE entry_fts USING fts5(
    id UNINDEXED,
    name,
    aliases,
    summary,
    body,
    tokenize = 'unicode61 remove_diacritics 2'
);

-- The words of the full-text index, so misspelled body words can be corrected.
CREATE VIRTUAL TABLE entry_fts_vocab USING fts5vocab(entry_fts, 'row');

-- A link whose target the text mentions by name records the words that do (its name or
-- one of its aliases); links written only in the seed have none.
ALTER TABLE entry_link ADD COLUMN mention TEXT CHECK (mention IS NULL OR mention <> '');
