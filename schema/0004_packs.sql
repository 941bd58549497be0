-- Why: users bring content of their own. Homebrew packs add entries of every kind to
-- the systems Tome has; those entries must be told apart from the shipped content,
-- removed as a whole, and never touched by a refresh of the shipped content. Rules
-- documents imported as plain text or Markdown are split into sections that search
-- finds alongside the entries (through the same full-text index, `entry_fts`).
--
-- Pack entries live in `entry` like shipped ones (so sheets, links, lists and search
-- treat them alike), with `origin = 'pack'` and the pack's name. Their slug starts with
-- the pack's name and `--` (`ars-magica/weapon/hearth-and-blade--boar-spear`): shipped
-- slugs never contain `--`, and pack names cannot, so no pack can take the id of a
-- shipped entry or of another pack's entry.

CREATE TABLE pack (
    name         TEXT PRIMARY KEY CHECK (name <> '' AND name NOT GLOB '*[^a-z0-9-]*'
                     AND instr(name, '--') = 0 AND length(name) <= 40),
    title        TEXT NOT NULL CHECK (title <> ''),
    version      TEXT NOT NULL CHECK (version <> ''),
    author       TEXT NOT NULL CHECK (author <> ''),
    -- The systems the pack adds to, as a JSON array of system ids.
    systems      TEXT NOT NULL CHECK (json_valid(systems) AND json_type(systems) = 'array'),
    description  TEXT NOT NULL DEFAULT '',
    -- Unix seconds.
    imported_at  INTEGER NOT NULL,
    -- SHA-256 of the pack's files.
    digest       TEXT NOT NULL
) STRICT;

-- Which pack an entry came from; NULL for shipped entries.
ALTER TABLE entry ADD COLUMN pack TEXT REFERENCES pack(name)
    CHECK ((pack IS NULL) = (origin <> 'pack')
           AND (pack IS NULL OR substr(slug, 1, length(pack) + 2) = pack || '--'));
CREATE INDEX entry_by_pack ON entry (pack) WHERE pack IS NOT NULL;

-- A pack's entries cite the pack itself as their document (one per system it adds to).
ALTER TABLE document ADD COLUMN pack TEXT REFERENCES pack(name);

-- A rules document imported as text, for one game system.
CREATE TABLE doc (
    id           TEXT PRIMARY KEY CHECK (id <> '' AND id NOT GLOB '*[^a-z0-9-]*'
                     AND instr(id, '--') = 0 AND length(id) <= 40),
    system_id    TEXT NOT NULL REFERENCES game_system(id),
    title        TEXT NOT NULL CHECK (title <> ''),
    -- The name of the file it was imported from.
    file_name    TEXT NOT NULL,
    format       TEXT NOT NULL CHECK (format IN ('markdown', 'text')),
    bytes        INTEGER NOT NULL CHECK (bytes >= 0),
    digest       TEXT NOT NULL,
    imported_at  INTEGER NOT NULL
) STRICT;

-- One section of an imported document: a heading and the text up to the next one.
-- Its id has the shape of an entry id (`system/section/doc--heading`), so it is shown,
-- searched and linked like an entry.
CREATE TABLE doc_section (
    id       TEXT PRIMARY KEY CHECK (id GLOB '*/section/*--*'),
    doc_id   TEXT NOT NULL REFERENCES doc(id) ON DELETE CASCADE,
    ord      INTEGER NOT NULL,
    level    INTEGER NOT NULL CHECK (level BETWEEN 0 AND 6),
    heading  TEXT NOT NULL CHECK (heading <> ''),
    -- The headings above it ("Combat › Wounds"), for context.
    trail    TEXT NOT NULL DEFAULT '',
    -- The start of the text, for search results and lists.
    summary  TEXT NOT NULL,
    body     TEXT NOT NULL,
    -- The line of the document the heading is on.
    line     INTEGER NOT NULL CHECK (line >= 1),
    UNIQUE (doc_id, ord)
) STRICT;
