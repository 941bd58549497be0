-- Why (issue 73, attack 77): a page read as an older copy of itself (a write the disk lost,
-- a page put back from a backup, a `-wal` file lost) carries a matching page sum, and every
-- sealed row on it its matching seal, so Tome showed the older row as the current one. The
-- seals say a row is one Tome wrote, not that it is the row Tome wrote last. This ledger
-- keeps, apart from the rows, the checksum each sealed row holds now (one small row per
-- sealed row, kept by the triggers below whatever program writes), and its head a count of
-- every change (the generation) and a digest of the whole ledger. A read compares the row
-- with its ledger entry and the ledger with its head (`src/db/ledger.rs`); the generation
-- is also kept beside the file, so a whole file older than the last one Tome wrote is told.

CREATE TABLE row_ledger (
    -- The table, or `table.column` for a second checksum of a row (a party's members).
    tbl  TEXT NOT NULL,
    rid  INTEGER NOT NULL,
    -- The checksum the row holds now (NULL between its write and its seal).
    sum  INTEGER,
    PRIMARY KEY (tbl, rid)
) STRICT, WITHOUT ROWID;

CREATE TABLE ledger_head (
    only        INTEGER PRIMARY KEY CHECK (only = 1),
    -- One more at every change of the ledger: never goes back while Tome writes.
    generation  INTEGER NOT NULL,
    -- The exclusive or of every entry's mix (its rowid, checksum and table's name length).
    digest      INTEGER NOT NULL
) STRICT;

INSERT INTO ledger_head (only, generation, digest) VALUES (1, 0, 0);

-- x XOR y is (x | y) - (x & y) in SQL; an entry's mix is its rowid (24 bits), its checksum
-- (32 bits) and the length of its table's name, side by side.
CREATE TRIGGER row_ledger_insert AFTER INSERT ON row_ledger BEGIN
    UPDATE ledger_head SET generation = generation + 1,
        digest = (digest | (((NEW.rid & 16777215) << 32) | (coalesce(NEW.sum, 0) & 4294967295) | (length(NEW.tbl) << 56)))
               - (digest & (((NEW.rid & 16777215) << 32) | (coalesce(NEW.sum, 0) & 4294967295) | (length(NEW.tbl) << 56)));
END;
CREATE TRIGGER row_ledger_delete AFTER DELETE ON row_ledger BEGIN
    UPDATE ledger_head SET generation = generation + 1,
        digest = (digest | (((OLD.rid & 16777215) << 32) | (coalesce(OLD.sum, 0) & 4294967295) | (length(OLD.tbl) << 56)))
               - (digest & (((OLD.rid & 16777215) << 32) | (coalesce(OLD.sum, 0) & 4294967295) | (length(OLD.tbl) << 56)));
END;
CREATE TRIGGER row_ledger_update AFTER UPDATE ON row_ledger BEGIN
    UPDATE ledger_head SET
        digest = (digest | (((OLD.rid & 16777215) << 32) | (coalesce(OLD.sum, 0) & 4294967295) | (length(OLD.tbl) << 56)))
               - (digest & (((OLD.rid & 16777215) << 32) | (coalesce(OLD.sum, 0) & 4294967295) | (length(OLD.tbl) << 56)));
    UPDATE ledger_head SET generation = generation + 1,
        digest = (digest | (((NEW.rid & 16777215) << 32) | (coalesce(NEW.sum, 0) & 4294967295) | (length(NEW.tbl) << 56)))
               - (digest & (((NEW.rid & 16777215) << 32) | (coalesce(NEW.sum, 0) & 4294967295) | (length(NEW.tbl) << 56)));
END;

-- Each sealed table's rows, as they are written, changed and deleted.

CREATE TRIGGER ledger_character_insert AFTER INSERT ON character BEGIN
    INSERT INTO row_ledger (tbl, rid, sum) VALUES ('character', NEW.rowid, NEW.check_sum) ON CONFLICT (tbl, rid) DO UPDATE SET sum = excluded.sum;
END;
CREATE TRIGGER ledger_character_update AFTER UPDATE ON character BEGIN
    DELETE FROM row_ledger WHERE tbl = 'character' AND rid = OLD.rowid AND OLD.rowid <> NEW.rowid;
    INSERT INTO row_ledger (tbl, rid, sum) VALUES ('character', NEW.rowid, NEW.check_sum) ON CONFLICT (tbl, rid) DO UPDATE SET sum = excluded.sum;
END;
CREATE TRIGGER ledger_character_delete AFTER DELETE ON character BEGIN
    DELETE FROM row_ledger WHERE tbl = 'character' AND rid = OLD.rowid;
END;
CREATE TRIGGER ledger_character_revision_insert AFTER INSERT ON character_revision BEGIN
    INSERT INTO row_ledger (tbl, rid, sum) VALUES ('character_revision', NEW.rowid, NEW.check_sum) ON CONFLICT (tbl, rid) DO UPDATE SET sum = excluded.sum;
END;
CREATE TRIGGER ledger_character_revision_update AFTER UPDATE ON character_revision BEGIN
    DELETE FROM row_ledger WHERE tbl = 'character_revision' AND rid = OLD.rowid AND OLD.rowid <> NEW.rowid;
    INSERT INTO row_ledger (tbl, rid, sum) VALUES ('character_revision', NEW.rowid, NEW.check_sum) ON CONFLICT (tbl, rid) DO UPDATE SET sum = excluded.sum;
END;
CREATE TRIGGER ledger_character_revision_delete AFTER DELETE ON character_revision BEGIN
    DELETE FROM row_ledger WHERE tbl = 'character_revision' AND rid = OLD.rowid;
END;
CREATE TRIGGER ledger_adversary_insert AFTER INSERT ON adversary BEGIN
    INSERT INTO row_ledger (tbl, rid, sum) VALUES ('adversary', NEW.rowid, NEW.check_sum) ON CONFLICT (tbl, rid) DO UPDATE SET sum = excluded.sum;
END;
CREATE TRIGGER ledger_adversary_update AFTER UPDATE ON adversary BEGIN
    DELETE FROM row_ledger WHERE tbl = 'adversary' AND rid = OLD.rowid AND OLD.rowid <> NEW.rowid;
    INSERT INTO row_ledger (tbl, rid, sum) VALUES ('adversary', NEW.rowid, NEW.check_sum) ON CONFLICT (tbl, rid) DO UPDATE SET sum = excluded.sum;
END;
CREATE TRIGGER ledger_adversary_delete AFTER DELETE ON adversary BEGIN
    DELETE FROM row_ledger WHERE tbl = 'adversary' AND rid = OLD.rowid;
END;
CREATE TRIGGER ledger_adversary_revision_insert AFTER INSERT ON adversary_revision BEGIN
    INSERT INTO row_ledger (tbl, rid, sum) VALUES ('adversary_revision', NEW.rowid, NEW.check_sum) ON CONFLICT (tbl, rid) DO UPDATE SET sum = excluded.sum;
END;
CREATE TRIGGER ledger_adversary_revision_update AFTER UPDATE ON adversary_revision BEGIN
    DELETE FROM row_ledger WHERE tbl = 'adversary_revision' AND rid = OLD.rowid AND OLD.rowid <> NEW.rowid;
    INSERT INTO row_ledger (tbl, rid, sum) VALUES ('adversary_revision', NEW.rowid, NEW.check_sum) ON CONFLICT (tbl, rid) DO UPDATE SET sum = excluded.sum;
END;
CREATE TRIGGER ledger_adversary_revision_delete AFTER DELETE ON adversary_revision BEGIN
    DELETE FROM row_ledger WHERE tbl = 'adversary_revision' AND rid = OLD.rowid;
END;
CREATE TRIGGER ledger_party_insert AFTER INSERT ON party BEGIN
    INSERT INTO row_ledger (tbl, rid, sum) VALUES ('party', NEW.rowid, NEW.check_sum) ON CONFLICT (tbl, rid) DO UPDATE SET sum = excluded.sum;
END;
CREATE TRIGGER ledger_party_update AFTER UPDATE ON party BEGIN
    DELETE FROM row_ledger WHERE tbl = 'party' AND rid = OLD.rowid AND OLD.rowid <> NEW.rowid;
    INSERT INTO row_ledger (tbl, rid, sum) VALUES ('party', NEW.rowid, NEW.check_sum) ON CONFLICT (tbl, rid) DO UPDATE SET sum = excluded.sum;
END;
CREATE TRIGGER ledger_party_delete AFTER DELETE ON party BEGIN
    DELETE FROM row_ledger WHERE tbl = 'party' AND rid = OLD.rowid;
END;
CREATE TRIGGER ledger_party_members_sum_insert AFTER INSERT ON party BEGIN
    INSERT INTO row_ledger (tbl, rid, sum) VALUES ('party.members_sum', NEW.rowid, NEW.members_sum) ON CONFLICT (tbl, rid) DO UPDATE SET sum = excluded.sum;
END;
CREATE TRIGGER ledger_party_members_sum_update AFTER UPDATE ON party BEGIN
    DELETE FROM row_ledger WHERE tbl = 'party.members_sum' AND rid = OLD.rowid AND OLD.rowid <> NEW.rowid;
    INSERT INTO row_ledger (tbl, rid, sum) VALUES ('party.members_sum', NEW.rowid, NEW.members_sum) ON CONFLICT (tbl, rid) DO UPDATE SET sum = excluded.sum;
END;
CREATE TRIGGER ledger_party_members_sum_delete AFTER DELETE ON party BEGIN
    DELETE FROM row_ledger WHERE tbl = 'party.members_sum' AND rid = OLD.rowid;
END;
CREATE TRIGGER ledger_party_member_insert AFTER INSERT ON party_member BEGIN
    INSERT INTO row_ledger (tbl, rid, sum) VALUES ('party_member', NEW.rowid, NEW.check_sum) ON CONFLICT (tbl, rid) DO UPDATE SET sum = excluded.sum;
END;
CREATE TRIGGER ledger_party_member_update AFTER UPDATE ON party_member BEGIN
    DELETE FROM row_ledger WHERE tbl = 'party_member' AND rid = OLD.rowid AND OLD.rowid <> NEW.rowid;
    INSERT INTO row_ledger (tbl, rid, sum) VALUES ('party_member', NEW.rowid, NEW.check_sum) ON CONFLICT (tbl, rid) DO UPDATE SET sum = excluded.sum;
END;
CREATE TRIGGER ledger_party_member_delete AFTER DELETE ON party_member BEGIN
    DELETE FROM row_ledger WHERE tbl = 'party_member' AND rid = OLD.rowid;
END;
CREATE TRIGGER ledger_gm_screen_insert AFTER INSERT ON gm_screen BEGIN
    INSERT INTO row_ledger (tbl, rid, sum) VALUES ('gm_screen', NEW.rowid, NEW.check_sum) ON CONFLICT (tbl, rid) DO UPDATE SET sum = excluded.sum;
END;
CREATE TRIGGER ledger_gm_screen_update AFTER UPDATE ON gm_screen BEGIN
    DELETE FROM row_ledger WHERE tbl = 'gm_screen' AND rid = OLD.rowid AND OLD.rowid <> NEW.rowid;
    INSERT INTO row_ledger (tbl, rid, sum) VALUES ('gm_screen', NEW.rowid, NEW.check_sum) ON CONFLICT (tbl, rid) DO UPDATE SET sum = excluded.sum;
END;
CREATE TRIGGER ledger_gm_screen_delete AFTER DELETE ON gm_screen BEGIN
    DELETE FROM row_ledger WHERE tbl = 'gm_screen' AND rid = OLD.rowid;
END;
CREATE TRIGGER ledger_encounter_insert AFTER INSERT ON encounter BEGIN
    INSERT INTO row_ledger (tbl, rid, sum) VALUES ('encounter', NEW.rowid, NEW.check_sum) ON CONFLICT (tbl, rid) DO UPDATE SET sum = excluded.sum;
END;
CREATE TRIGGER ledger_encounter_update AFTER UPDATE ON encounter BEGIN
    DELETE FROM row_ledger WHERE tbl = 'encounter' AND rid = OLD.rowid AND OLD.rowid <> NEW.rowid;
    INSERT INTO row_ledger (tbl, rid, sum) VALUES ('encounter', NEW.rowid, NEW.check_sum) ON CONFLICT (tbl, rid) DO UPDATE SET sum = excluded.sum;
END;
CREATE TRIGGER ledger_encounter_delete AFTER DELETE ON encounter BEGIN
    DELETE FROM row_ledger WHERE tbl = 'encounter' AND rid = OLD.rowid;
END;
CREATE TRIGGER ledger_encounter_event_insert AFTER INSERT ON encounter_event BEGIN
    INSERT INTO row_ledger (tbl, rid, sum) VALUES ('encounter_event', NEW.rowid, NEW.check_sum) ON CONFLICT (tbl, rid) DO UPDATE SET sum = excluded.sum;
END;
CREATE TRIGGER ledger_encounter_event_update AFTER UPDATE ON encounter_event BEGIN
    DELETE FROM row_ledger WHERE tbl = 'encounter_event' AND rid = OLD.rowid AND OLD.rowid <> NEW.rowid;
    INSERT INTO row_ledger (tbl, rid, sum) VALUES ('encounter_event', NEW.rowid, NEW.check_sum) ON CONFLICT (tbl, rid) DO UPDATE SET sum = excluded.sum;
END;
CREATE TRIGGER ledger_encounter_event_delete AFTER DELETE ON encounter_event BEGIN
    DELETE FROM row_ledger WHERE tbl = 'encounter_event' AND rid = OLD.rowid;
END;
CREATE TRIGGER ledger_encounter_party_insert AFTER INSERT ON encounter_party BEGIN
    INSERT INTO row_ledger (tbl, rid, sum) VALUES ('encounter_party', NEW.rowid, NEW.check_sum) ON CONFLICT (tbl, rid) DO UPDATE SET sum = excluded.sum;
END;
CREATE TRIGGER ledger_encounter_party_update AFTER UPDATE ON encounter_party BEGIN
    DELETE FROM row_ledger WHERE tbl = 'encounter_party' AND rid = OLD.rowid AND OLD.rowid <> NEW.rowid;
    INSERT INTO row_ledger (tbl, rid, sum) VALUES ('encounter_party', NEW.rowid, NEW.check_sum) ON CONFLICT (tbl, rid) DO UPDATE SET sum = excluded.sum;
END;
CREATE TRIGGER ledger_encounter_party_delete AFTER DELETE ON encounter_party BEGIN
    DELETE FROM row_ledger WHERE tbl = 'encounter_party' AND rid = OLD.rowid;
END;
CREATE TRIGGER ledger_encounter_checkpoint_insert AFTER INSERT ON encounter_checkpoint BEGIN
    INSERT INTO row_ledger (tbl, rid, sum) VALUES ('encounter_checkpoint', NEW.rowid, NEW.check_sum) ON CONFLICT (tbl, rid) DO UPDATE SET sum = excluded.sum;
END;
CREATE TRIGGER ledger_encounter_checkpoint_update AFTER UPDATE ON encounter_checkpoint BEGIN
    DELETE FROM row_ledger WHERE tbl = 'encounter_checkpoint' AND rid = OLD.rowid AND OLD.rowid <> NEW.rowid;
    INSERT INTO row_ledger (tbl, rid, sum) VALUES ('encounter_checkpoint', NEW.rowid, NEW.check_sum) ON CONFLICT (tbl, rid) DO UPDATE SET sum = excluded.sum;
END;
CREATE TRIGGER ledger_encounter_checkpoint_delete AFTER DELETE ON encounter_checkpoint BEGIN
    DELETE FROM row_ledger WHERE tbl = 'encounter_checkpoint' AND rid = OLD.rowid;
END;
CREATE TRIGGER ledger_starter_adversary_insert AFTER INSERT ON starter_adversary BEGIN
    INSERT INTO row_ledger (tbl, rid, sum) VALUES ('starter_adversary', NEW.rowid, NEW.check_sum) ON CONFLICT (tbl, rid) DO UPDATE SET sum = excluded.sum;
END;
CREATE TRIGGER ledger_starter_adversary_update AFTER UPDATE ON starter_adversary BEGIN
    DELETE FROM row_ledger WHERE tbl = 'starter_adversary' AND rid = OLD.rowid AND OLD.rowid <> NEW.rowid;
    INSERT INTO row_ledger (tbl, rid, sum) VALUES ('starter_adversary', NEW.rowid, NEW.check_sum) ON CONFLICT (tbl, rid) DO UPDATE SET sum = excluded.sum;
END;
CREATE TRIGGER ledger_starter_adversary_delete AFTER DELETE ON starter_adversary BEGIN
    DELETE FROM row_ledger WHERE tbl = 'starter_adversary' AND rid = OLD.rowid;
END;
CREATE TRIGGER ledger_doc_insert AFTER INSERT ON doc BEGIN
    INSERT INTO row_ledger (tbl, rid, sum) VALUES ('doc', NEW.rowid, NEW.check_sum) ON CONFLICT (tbl, rid) DO UPDATE SET sum = excluded.sum;
END;
CREATE TRIGGER ledger_doc_update AFTER UPDATE ON doc BEGIN
    DELETE FROM row_ledger WHERE tbl = 'doc' AND rid = OLD.rowid AND OLD.rowid <> NEW.rowid;
    INSERT INTO row_ledger (tbl, rid, sum) VALUES ('doc', NEW.rowid, NEW.check_sum) ON CONFLICT (tbl, rid) DO UPDATE SET sum = excluded.sum;
END;
CREATE TRIGGER ledger_doc_delete AFTER DELETE ON doc BEGIN
    DELETE FROM row_ledger WHERE tbl = 'doc' AND rid = OLD.rowid;
END;
CREATE TRIGGER ledger_doc_section_insert AFTER INSERT ON doc_section BEGIN
    INSERT INTO row_ledger (tbl, rid, sum) VALUES ('doc_section', NEW.rowid, NEW.check_sum) ON CONFLICT (tbl, rid) DO UPDATE SET sum = excluded.sum;
END;
CREATE TRIGGER ledger_doc_section_update AFTER UPDATE ON doc_section BEGIN
    DELETE FROM row_ledger WHERE tbl = 'doc_section' AND rid = OLD.rowid AND OLD.rowid <> NEW.rowid;
    INSERT INTO row_ledger (tbl, rid, sum) VALUES ('doc_section', NEW.rowid, NEW.check_sum) ON CONFLICT (tbl, rid) DO UPDATE SET sum = excluded.sum;
END;
CREATE TRIGGER ledger_doc_section_delete AFTER DELETE ON doc_section BEGIN
    DELETE FROM row_ledger WHERE tbl = 'doc_section' AND rid = OLD.rowid;
END;
CREATE TRIGGER ledger_foundry_kept_insert AFTER INSERT ON foundry_kept BEGIN
    INSERT INTO row_ledger (tbl, rid, sum) VALUES ('foundry_kept', NEW.rowid, NEW.check_sum) ON CONFLICT (tbl, rid) DO UPDATE SET sum = excluded.sum;
END;
CREATE TRIGGER ledger_foundry_kept_update AFTER UPDATE ON foundry_kept BEGIN
    DELETE FROM row_ledger WHERE tbl = 'foundry_kept' AND rid = OLD.rowid AND OLD.rowid <> NEW.rowid;
    INSERT INTO row_ledger (tbl, rid, sum) VALUES ('foundry_kept', NEW.rowid, NEW.check_sum) ON CONFLICT (tbl, rid) DO UPDATE SET sum = excluded.sum;
END;
CREATE TRIGGER ledger_foundry_kept_delete AFTER DELETE ON foundry_kept BEGIN
    DELETE FROM row_ledger WHERE tbl = 'foundry_kept' AND rid = OLD.rowid;
END;
-- A checkpoint written over another (INSERT OR REPLACE) removes the row it replaces
-- without its delete trigger.
CREATE TRIGGER ledger_encounter_checkpoint_replace BEFORE INSERT ON encounter_checkpoint BEGIN
    DELETE FROM row_ledger WHERE tbl = 'encounter_checkpoint' AND rid IN
        (SELECT rowid FROM encounter_checkpoint WHERE encounter_id = NEW.encounter_id AND seq = NEW.seq);
END;

-- The rows there are now.
INSERT INTO row_ledger (tbl, rid, sum) SELECT 'character', rowid, check_sum FROM character;
INSERT INTO row_ledger (tbl, rid, sum) SELECT 'character_revision', rowid, check_sum FROM character_revision;
INSERT INTO row_ledger (tbl, rid, sum) SELECT 'adversary', rowid, check_sum FROM adversary;
INSERT INTO row_ledger (tbl, rid, sum) SELECT 'adversary_revision', rowid, check_sum FROM adversary_revision;
INSERT INTO row_ledger (tbl, rid, sum) SELECT 'party', rowid, check_sum FROM party;
INSERT INTO row_ledger (tbl, rid, sum) SELECT 'party.members_sum', rowid, members_sum FROM party;
INSERT INTO row_ledger (tbl, rid, sum) SELECT 'party_member', rowid, check_sum FROM party_member;
INSERT INTO row_ledger (tbl, rid, sum) SELECT 'gm_screen', rowid, check_sum FROM gm_screen;
INSERT INTO row_ledger (tbl, rid, sum) SELECT 'encounter', rowid, check_sum FROM encounter;
INSERT INTO row_ledger (tbl, rid, sum) SELECT 'encounter_event', rowid, check_sum FROM encounter_event;
INSERT INTO row_ledger (tbl, rid, sum) SELECT 'encounter_party', rowid, check_sum FROM encounter_party;
INSERT INTO row_ledger (tbl, rid, sum) SELECT 'encounter_checkpoint', rowid, check_sum FROM encounter_checkpoint;
INSERT INTO row_ledger (tbl, rid, sum) SELECT 'starter_adversary', rowid, check_sum FROM starter_adversary;
INSERT INTO row_ledger (tbl, rid, sum) SELECT 'doc', rowid, check_sum FROM doc;
INSERT INTO row_ledger (tbl, rid, sum) SELECT 'doc_section', rowid, check_sum FROM doc_section;
INSERT INTO row_ledger (tbl, rid, sum) SELECT 'foundry_kept', rowid, check_sum FROM foundry_kept;
