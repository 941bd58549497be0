-- Why: a one-off `tome search` spent most of its time building the in-memory search
-- index (reading every entry and the full-text vocabulary, stemming it). The built index
-- is kept here, under a key naming the code that built it, and any change to what it is
-- built from empties the table, so a stale index is never read.

CREATE TABLE search_cache (
    key   TEXT PRIMARY KEY CHECK (length(key) <= 128),
    -- A checksum of `blob`, so a damaged copy is rebuilt rather than read.
    check_sum INTEGER NOT NULL,
    blob  BLOB NOT NULL
);

CREATE TRIGGER search_cache_entry_insert AFTER INSERT ON entry BEGIN DELETE FROM search_cache; END;
CREATE TRIGGER search_cache_entry_update AFTER UPDATE ON entry BEGIN DELETE FROM search_cache; END;
CREATE TRIGGER search_cache_entry_delete AFTER DELETE ON entry BEGIN DELETE FROM search_cache; END;
CREATE TRIGGER search_cache_alias_insert AFTER INSERT ON alias BEGIN DELETE FROM search_cache; END;
CREATE TRIGGER search_cache_alias_update AFTER UPDATE ON alias BEGIN DELETE FROM search_cache; END;
CREATE TRIGGER search_cache_alias_delete AFTER DELETE ON alias BEGIN DELETE FROM search_cache; END;
CREATE TRIGGER search_cache_system_insert AFTER INSERT ON game_system BEGIN DELETE FROM search_cache; END;
CREATE TRIGGER search_cache_system_update AFTER UPDATE ON game_system BEGIN DELETE FROM search_cache; END;
CREATE TRIGGER search_cache_system_delete AFTER DELETE ON game_system BEGIN DELETE FROM search_cache; END;
CREATE TRIGGER search_cache_doc_insert AFTER INSERT ON doc BEGIN DELETE FROM search_cache; END;
CREATE TRIGGER search_cache_doc_update AFTER UPDATE ON doc BEGIN DELETE FROM search_cache; END;
CREATE TRIGGER search_cache_doc_delete AFTER DELETE ON doc BEGIN DELETE FROM search_cache; END;
CREATE TRIGGER search_cache_section_insert AFTER INSERT ON doc_section BEGIN DELETE FROM search_cache; END;
CREATE TRIGGER search_cache_section_update AFTER UPDATE ON doc_section BEGIN DELETE FROM search_cache; END;
CREATE TRIGGER search_cache_section_delete AFTER DELETE ON doc_section BEGIN DELETE FROM search_cache; END;
