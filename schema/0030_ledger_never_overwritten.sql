-- Why (issue 73, attack 82's F1): SQLite gives a new row the id of the highest row there
-- is, plus one; when the rows at the top of a table were lost (a part of the file read as
-- an older copy of itself) a new row took a lost one's id, and its ledger entry was
-- written over the lost row's (`ON CONFLICT DO UPDATE`): the loss vouched for, and `tome
-- db check` said no damage was left. An insert whose row's entry is already in the ledger
-- is a row Tome wrote and never deleted that is not there: the insert is refused (the
-- message's first words are what `Error::sqlite_in` reads as that damage), and nothing of
-- the command is written. (A checkpoint written over another drops the other's entry
-- first, `ledger_encounter_checkpoint_replace`.)

DROP TRIGGER ledger_character_insert;
CREATE TRIGGER ledger_character_insert AFTER INSERT ON character BEGIN
    SELECT RAISE(ABORT, 'tome ledger: a row Tome wrote is not there: character')
        WHERE EXISTS (SELECT 1 FROM row_ledger WHERE tbl = 'character' AND rid = NEW.rowid);
    INSERT INTO row_ledger (tbl, rid, sum) VALUES ('character', NEW.rowid, NEW.check_sum);
END;

DROP TRIGGER ledger_character_revision_insert;
CREATE TRIGGER ledger_character_revision_insert AFTER INSERT ON character_revision BEGIN
    SELECT RAISE(ABORT, 'tome ledger: a row Tome wrote is not there: character_revision')
        WHERE EXISTS (SELECT 1 FROM row_ledger WHERE tbl = 'character_revision' AND rid = NEW.rowid);
    INSERT INTO row_ledger (tbl, rid, sum) VALUES ('character_revision', NEW.rowid, NEW.check_sum);
END;

DROP TRIGGER ledger_adversary_insert;
CREATE TRIGGER ledger_adversary_insert AFTER INSERT ON adversary BEGIN
    SELECT RAISE(ABORT, 'tome ledger: a row Tome wrote is not there: adversary')
        WHERE EXISTS (SELECT 1 FROM row_ledger WHERE tbl = 'adversary' AND rid = NEW.rowid);
    INSERT INTO row_ledger (tbl, rid, sum) VALUES ('adversary', NEW.rowid, NEW.check_sum);
END;

DROP TRIGGER ledger_adversary_revision_insert;
CREATE TRIGGER ledger_adversary_revision_insert AFTER INSERT ON adversary_revision BEGIN
    SELECT RAISE(ABORT, 'tome ledger: a row Tome wrote is not there: adversary_revision')
        WHERE EXISTS (SELECT 1 FROM row_ledger WHERE tbl = 'adversary_revision' AND rid = NEW.rowid);
    INSERT INTO row_ledger (tbl, rid, sum) VALUES ('adversary_revision', NEW.rowid, NEW.check_sum);
END;

DROP TRIGGER ledger_party_insert;
CREATE TRIGGER ledger_party_insert AFTER INSERT ON party BEGIN
    SELECT RAISE(ABORT, 'tome ledger: a row Tome wrote is not there: party')
        WHERE EXISTS (SELECT 1 FROM row_ledger WHERE tbl = 'party' AND rid = NEW.rowid);
    INSERT INTO row_ledger (tbl, rid, sum) VALUES ('party', NEW.rowid, NEW.check_sum);
END;

DROP TRIGGER ledger_party_members_sum_insert;
CREATE TRIGGER ledger_party_members_sum_insert AFTER INSERT ON party BEGIN
    SELECT RAISE(ABORT, 'tome ledger: a row Tome wrote is not there: party.members_sum')
        WHERE EXISTS (SELECT 1 FROM row_ledger WHERE tbl = 'party.members_sum' AND rid = NEW.rowid);
    INSERT INTO row_ledger (tbl, rid, sum) VALUES ('party.members_sum', NEW.rowid, NEW.members_sum);
END;

DROP TRIGGER ledger_party_member_insert;
CREATE TRIGGER ledger_party_member_insert AFTER INSERT ON party_member BEGIN
    SELECT RAISE(ABORT, 'tome ledger: a row Tome wrote is not there: party_member')
        WHERE EXISTS (SELECT 1 FROM row_ledger WHERE tbl = 'party_member' AND rid = NEW.rowid);
    INSERT INTO row_ledger (tbl, rid, sum) VALUES ('party_member', NEW.rowid, NEW.check_sum);
END;

DROP TRIGGER ledger_gm_screen_insert;
CREATE TRIGGER ledger_gm_screen_insert AFTER INSERT ON gm_screen BEGIN
    SELECT RAISE(ABORT, 'tome ledger: a row Tome wrote is not there: gm_screen')
        WHERE EXISTS (SELECT 1 FROM row_ledger WHERE tbl = 'gm_screen' AND rid = NEW.rowid);
    INSERT INTO row_ledger (tbl, rid, sum) VALUES ('gm_screen', NEW.rowid, NEW.check_sum);
END;

DROP TRIGGER ledger_encounter_insert;
CREATE TRIGGER ledger_encounter_insert AFTER INSERT ON encounter BEGIN
    SELECT RAISE(ABORT, 'tome ledger: a row Tome wrote is not there: encounter')
        WHERE EXISTS (SELECT 1 FROM row_ledger WHERE tbl = 'encounter' AND rid = NEW.rowid);
    INSERT INTO row_ledger (tbl, rid, sum) VALUES ('encounter', NEW.rowid, NEW.check_sum);
END;

DROP TRIGGER ledger_encounter_event_insert;
CREATE TRIGGER ledger_encounter_event_insert AFTER INSERT ON encounter_event BEGIN
    SELECT RAISE(ABORT, 'tome ledger: a row Tome wrote is not there: encounter_event')
        WHERE EXISTS (SELECT 1 FROM row_ledger WHERE tbl = 'encounter_event' AND rid = NEW.rowid);
    INSERT INTO row_ledger (tbl, rid, sum) VALUES ('encounter_event', NEW.rowid, NEW.check_sum);
END;

DROP TRIGGER ledger_encounter_party_insert;
CREATE TRIGGER ledger_encounter_party_insert AFTER INSERT ON encounter_party BEGIN
    SELECT RAISE(ABORT, 'tome ledger: a row Tome wrote is not there: encounter_party')
        WHERE EXISTS (SELECT 1 FROM row_ledger WHERE tbl = 'encounter_party' AND rid = NEW.rowid);
    INSERT INTO row_ledger (tbl, rid, sum) VALUES ('encounter_party', NEW.rowid, NEW.check_sum);
END;

DROP TRIGGER ledger_encounter_checkpoint_insert;
CREATE TRIGGER ledger_encounter_checkpoint_insert AFTER INSERT ON encounter_checkpoint BEGIN
    SELECT RAISE(ABORT, 'tome ledger: a row Tome wrote is not there: encounter_checkpoint')
        WHERE EXISTS (SELECT 1 FROM row_ledger WHERE tbl = 'encounter_checkpoint' AND rid = NEW.rowid);
    INSERT INTO row_ledger (tbl, rid, sum) VALUES ('encounter_checkpoint', NEW.rowid, NEW.check_sum);
END;

DROP TRIGGER ledger_starter_adversary_insert;
CREATE TRIGGER ledger_starter_adversary_insert AFTER INSERT ON starter_adversary BEGIN
    SELECT RAISE(ABORT, 'tome ledger: a row Tome wrote is not there: starter_adversary')
        WHERE EXISTS (SELECT 1 FROM row_ledger WHERE tbl = 'starter_adversary' AND rid = NEW.rowid);
    INSERT INTO row_ledger (tbl, rid, sum) VALUES ('starter_adversary', NEW.rowid, NEW.check_sum);
END;

DROP TRIGGER ledger_doc_insert;
CREATE TRIGGER ledger_doc_insert AFTER INSERT ON doc BEGIN
    SELECT RAISE(ABORT, 'tome ledger: a row Tome wrote is not there: doc')
        WHERE EXISTS (SELECT 1 FROM row_ledger WHERE tbl = 'doc' AND rid = NEW.rowid);
    INSERT INTO row_ledger (tbl, rid, sum) VALUES ('doc', NEW.rowid, NEW.check_sum);
END;

DROP TRIGGER ledger_doc_section_insert;
CREATE TRIGGER ledger_doc_section_insert AFTER INSERT ON doc_section BEGIN
    SELECT RAISE(ABORT, 'tome ledger: a row Tome wrote is not there: doc_section')
        WHERE EXISTS (SELECT 1 FROM row_ledger WHERE tbl = 'doc_section' AND rid = NEW.rowid);
    INSERT INTO row_ledger (tbl, rid, sum) VALUES ('doc_section', NEW.rowid, NEW.check_sum);
END;

DROP TRIGGER ledger_foundry_kept_insert;
CREATE TRIGGER ledger_foundry_kept_insert AFTER INSERT ON foundry_kept BEGIN
    SELECT RAISE(ABORT, 'tome ledger: a row Tome wrote is not there: foundry_kept')
        WHERE EXISTS (SELECT 1 FROM row_ledger WHERE tbl = 'foundry_kept' AND rid = NEW.rowid);
    INSERT INTO row_ledger (tbl, rid, sum) VALUES ('foundry_kept', NEW.rowid, NEW.check_sum);
END;
