-- Why: Tome's shipped reference content (five rules documents) needs a normalized home
-- with typed columns for every number a calculator reads, a source for every entry,
-- and room for user content later (origin, retired) so refreshing shipped content
-- never touches what users made.

CREATE TABLE game_system (
    id    TEXT PRIMARY KEY CHECK (id <> '' AND id NOT GLOB '*[^a-z0-9-]*'),
    name  TEXT NOT NULL CHECK (name <> ''),
    ord   INTEGER NOT NULL
) STRICT;

-- A rules document (one of shared/rules/*.txt for shipped content).
CREATE TABLE document (
    id         INTEGER PRIMARY KEY,
    system_id  TEXT NOT NULL REFERENCES game_system(id),
    file       TEXT NOT NULL UNIQUE,
    title      TEXT NOT NULL CHECK (title <> '')
) STRICT;

-- A heading inside a document: where an entry's facts come from.
CREATE TABLE section (
    id           INTEGER PRIMARY KEY,
    document_id  INTEGER NOT NULL REFERENCES document(id),
    name         TEXT NOT NULL CHECK (name <> ''),
    UNIQUE (document_id, name)
) STRICT;

CREATE TABLE entry (
    id          TEXT PRIMARY KEY,
    system_id   TEXT NOT NULL REFERENCES game_system(id),
    kind        TEXT NOT NULL CHECK (kind IN ('weapon', 'armor', 'spell', 'condition',
                    'special-effect', 'school', 'maneuver', 'position', 'table', 'rule')),
    slug        TEXT NOT NULL CHECK (slug <> '' AND slug NOT GLOB '*[^a-z0-9-]*'),
    name        TEXT NOT NULL CHECK (name <> ''),
    summary     TEXT NOT NULL CHECK (summary <> ''),
    body        TEXT NOT NULL DEFAULT '',
    section_id  INTEGER NOT NULL REFERENCES section(id),
    -- 'shipped' rows are rewritten when the binary's content changes; others never are.
    origin      TEXT NOT NULL DEFAULT 'shipped' CHECK (origin IN ('shipped', 'pack', 'user')),
    -- A shipped entry that a newer content version dropped stays resolvable (a character
    -- may reference it) but is hidden from lists and search.
    retired     INTEGER NOT NULL DEFAULT 0 CHECK (retired IN (0, 1)),
    ord         INTEGER NOT NULL,
    CHECK (id = system_id || '/' || kind || '/' || slug)
) STRICT;
CREATE INDEX entry_by_system_kind ON entry (system_id, kind, ord);

CREATE TABLE alias (
    entry_id  TEXT NOT NULL REFERENCES entry(id) ON DELETE CASCADE,
    alias     TEXT NOT NULL CHECK (alias <> ''),
    PRIMARY KEY (entry_id, alias)
) STRICT;

-- Cross-references: the entry `from_id` mentions `to_id`.
CREATE TABLE entry_link (
    from_id  TEXT NOT NULL REFERENCES entry(id) ON DELETE CASCADE,
    to_id    TEXT NOT NULL REFERENCES entry(id) ON DELETE CASCADE,
    PRIMARY KEY (from_id, to_id),
    CHECK (from_id <> to_id)
) STRICT;
CREATE INDEX entry_link_to ON entry_link (to_id);

CREATE TABLE weapon (
    entry_id      TEXT PRIMARY KEY REFERENCES entry(id) ON DELETE CASCADE,
    weapon_group  TEXT NOT NULL CHECK (weapon_group IN ('melee', 'missile')),
    ability       TEXT NOT NULL,
    init          INTEGER CHECK (init BETWEEN -10 AND 20),
    atk           INTEGER CHECK (atk BETWEEN -10 AND 20),
    dfn           INTEGER CHECK (dfn BETWEEN -10 AND 20),
    dam           INTEGER CHECK (dam BETWEEN -10 AND 20),
    str           INTEGER CHECK (str BETWEEN -10 AND 20),
    load          INTEGER CHECK (load BETWEEN 0 AND 20),
    range         INTEGER CHECK (range BETWEEN 1 AND 1000),
    cost          TEXT CHECK (cost IN ('inexpensive', 'standard', 'expensive')),
    CHECK (weapon_group = 'missile' OR range IS NULL)
) STRICT;

CREATE TABLE armor (
    entry_id  TEXT PRIMARY KEY REFERENCES entry(id) ON DELETE CASCADE,
    cost      TEXT CHECK (cost IN ('inexpensive', 'standard', 'expensive'))
) STRICT;

-- One row per coverage the armour comes in; a missing row means the table says n/a.
CREATE TABLE armor_coverage (
    entry_id    TEXT NOT NULL REFERENCES armor(entry_id) ON DELETE CASCADE,
    coverage    TEXT NOT NULL CHECK (coverage IN ('partial', 'full')),
    protection  INTEGER NOT NULL CHECK (protection BETWEEN 0 AND 30),
    load        INTEGER NOT NULL CHECK (load BETWEEN 0 AND 30),
    PRIMARY KEY (entry_id, coverage)
) STRICT;

CREATE TABLE spell (
    entry_id        TEXT PRIMARY KEY REFERENCES entry(id) ON DELETE CASCADE,
    list            TEXT NOT NULL CHECK (list IN ('open', 'racial')),
    success         TEXT NOT NULL CHECK (success <> ''),
    success_target  INTEGER CHECK (success_target BETWEEN 1 AND 6),
    when_cast       TEXT,
    range           TEXT,
    duration        TEXT,
    restriction     TEXT,
    failure         TEXT
) STRICT;

-- A compound condition includes others (MythCraft's Broken is Frightened and Shaken).
CREATE TABLE condition_implies (
    entry_id    TEXT NOT NULL REFERENCES entry(id) ON DELETE CASCADE,
    implied_id  TEXT NOT NULL REFERENCES entry(id) ON DELETE CASCADE,
    PRIMARY KEY (entry_id, implied_id),
    CHECK (entry_id <> implied_id)
) STRICT;

CREATE TABLE maneuver (
    entry_id  TEXT PRIMARY KEY REFERENCES entry(id) ON DELETE CASCADE,
    tier      TEXT CHECK (tier IN ('basic', 'advanced'))
) STRICT;

CREATE TABLE maneuver_cost (
    entry_id  TEXT NOT NULL REFERENCES maneuver(entry_id) ON DELETE CASCADE,
    actor     TEXT NOT NULL CHECK (actor IN ('pc', 'creature', 'any')),
    amount    INTEGER CHECK (amount BETWEEN 0 AND 100),
    unit      TEXT NOT NULL CHECK (unit IN ('AP', 'reactive AP', 'creature action',
                  'creature reaction', 'attack advantage')),
    printed   TEXT NOT NULL CHECK (printed <> ''),
    PRIMARY KEY (entry_id, actor)
) STRICT;

CREATE TABLE position (
    entry_id  TEXT PRIMARY KEY REFERENCES entry(id) ON DELETE CASCADE,
    race      TEXT NOT NULL CHECK (race <> ''),
    ma        INTEGER NOT NULL CHECK (ma BETWEEN 1 AND 10),
    st        INTEGER NOT NULL CHECK (st BETWEEN 1 AND 10),
    ag        INTEGER NOT NULL CHECK (ag BETWEEN 1 AND 6),
    av        INTEGER NOT NULL CHECK (av BETWEEN 1 AND 12),
    cost      INTEGER NOT NULL CHECK (cost BETWEEN 0 AND 2000000),
    spell_id  TEXT REFERENCES entry(id)
) STRICT;

CREATE TABLE position_skill (
    entry_id  TEXT NOT NULL REFERENCES position(entry_id) ON DELETE CASCADE,
    ord       INTEGER NOT NULL,
    skill     TEXT NOT NULL CHECK (skill <> ''),
    PRIMARY KEY (entry_id, ord)
) STRICT;

CREATE TABLE position_category (
    entry_id  TEXT NOT NULL REFERENCES position(entry_id) ON DELETE CASCADE,
    ord       INTEGER NOT NULL,
    category  TEXT NOT NULL CHECK (category <> ''),
    PRIMARY KEY (entry_id, ord)
) STRICT;

-- Roll tables (with dice) and lookup tables (without).
CREATE TABLE roll_table (
    entry_id  TEXT PRIMARY KEY REFERENCES entry(id) ON DELETE CASCADE,
    dice      TEXT CHECK (dice IS NULL OR dice GLOB '[1-9]*d[1-9]*')
) STRICT;

CREATE TABLE roll_table_column (
    entry_id  TEXT NOT NULL REFERENCES roll_table(entry_id) ON DELETE CASCADE,
    ord       INTEGER NOT NULL,
    name      TEXT NOT NULL,
    PRIMARY KEY (entry_id, ord)
) STRICT;

CREATE TABLE roll_table_row (
    entry_id  TEXT NOT NULL REFERENCES roll_table(entry_id) ON DELETE CASCADE,
    ord       INTEGER NOT NULL,
    roll_lo   INTEGER,
    roll_hi   INTEGER,
    key_lo    INTEGER,
    key_hi    INTEGER,
    PRIMARY KEY (entry_id, ord),
    CHECK ((roll_lo IS NULL) = (roll_hi IS NULL)),
    CHECK (roll_lo IS NULL OR roll_lo <= roll_hi),
    CHECK (key_lo IS NULL OR key_hi IS NULL OR key_lo <= key_hi),
    CHECK (roll_lo IS NULL OR (key_lo IS NULL AND key_hi IS NULL))
) STRICT;

CREATE TABLE roll_table_cell (
    entry_id  TEXT NOT NULL,
    row_ord   INTEGER NOT NULL,
    col_ord   INTEGER NOT NULL,
    text      TEXT NOT NULL,
    -- The cell as a number when it is a plain signed integer ("+3", "-1", "10").
    value     INTEGER,
    PRIMARY KEY (entry_id, row_ord, col_ord),
    FOREIGN KEY (entry_id, row_ord) REFERENCES roll_table_row(entry_id, ord) ON DELETE CASCADE
) STRICT;

CREATE TABLE rule (
    entry_id  TEXT PRIMARY KEY REFERENCES entry(id) ON DELETE CASCADE,
    formula   TEXT
) STRICT;

-- Which version of the shipped content the database holds.
CREATE TABLE content_meta (
    key    TEXT PRIMARY KEY,
    value  TEXT NOT NULL
) STRICT;
