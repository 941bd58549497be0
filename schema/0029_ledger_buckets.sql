-- Why (issue 73): the ledger's head held one digest of the whole ledger, so the first read
-- of a sealed row at each open summed every entry of the ledger (47 ms of a 5.7 ms
-- `character show` on a 100 MB file). The entries are now summed in buckets of 256 row
-- ids of one table, each bucket's digest kept here by the triggers below; the head's digest
-- is the exclusive or of the buckets'. An open checks the buckets against the head (one
-- small row per 256 entries), and a read checks only the buckets of the rows it reads
-- (`src/db/ledger.rs`). The buckets of the rows already there are filled by the upgrade's
-- hook (`ledger::fill_buckets`).

CREATE TABLE ledger_bucket (
    tbl     TEXT NOT NULL,
    -- The entries' row id shifted right by 8.
    bucket  INTEGER NOT NULL,
    -- The exclusive or of the bucket's entries' mixes (as the head's digest was made).
    digest  INTEGER NOT NULL,
    PRIMARY KEY (tbl, bucket)
) STRICT, WITHOUT ROWID;

DROP TRIGGER row_ledger_insert;
DROP TRIGGER row_ledger_delete;
DROP TRIGGER row_ledger_update;

-- x XOR y is (x | y) - (x & y) in SQL; an entry's mix is its rowid (24 bits), its checksum
-- (32 bits) and the length of its table's name, side by side. A bucket's row is made by its
-- first entry and kept (at digest 0) when its last goes.
CREATE TRIGGER row_ledger_insert AFTER INSERT ON row_ledger BEGIN
    UPDATE ledger_head SET generation = generation + 1,
        digest = (digest | (((NEW.rid & 16777215) << 32) | (coalesce(NEW.sum, 0) & 4294967295) | (length(NEW.tbl) << 56)))
               - (digest & (((NEW.rid & 16777215) << 32) | (coalesce(NEW.sum, 0) & 4294967295) | (length(NEW.tbl) << 56)));
    INSERT INTO ledger_bucket (tbl, bucket, digest)
        VALUES (NEW.tbl, NEW.rid >> 8, ((NEW.rid & 16777215) << 32) | (coalesce(NEW.sum, 0) & 4294967295) | (length(NEW.tbl) << 56))
        ON CONFLICT (tbl, bucket) DO UPDATE SET digest = (digest | excluded.digest) - (digest & excluded.digest);
END;
CREATE TRIGGER row_ledger_delete AFTER DELETE ON row_ledger BEGIN
    UPDATE ledger_head SET generation = generation + 1,
        digest = (digest | (((OLD.rid & 16777215) << 32) | (coalesce(OLD.sum, 0) & 4294967295) | (length(OLD.tbl) << 56)))
               - (digest & (((OLD.rid & 16777215) << 32) | (coalesce(OLD.sum, 0) & 4294967295) | (length(OLD.tbl) << 56)));
    INSERT INTO ledger_bucket (tbl, bucket, digest)
        VALUES (OLD.tbl, OLD.rid >> 8, ((OLD.rid & 16777215) << 32) | (coalesce(OLD.sum, 0) & 4294967295) | (length(OLD.tbl) << 56))
        ON CONFLICT (tbl, bucket) DO UPDATE SET digest = (digest | excluded.digest) - (digest & excluded.digest);
END;
CREATE TRIGGER row_ledger_update AFTER UPDATE ON row_ledger BEGIN
    UPDATE ledger_head SET
        digest = (digest | (((OLD.rid & 16777215) << 32) | (coalesce(OLD.sum, 0) & 4294967295) | (length(OLD.tbl) << 56)))
               - (digest & (((OLD.rid & 16777215) << 32) | (coalesce(OLD.sum, 0) & 4294967295) | (length(OLD.tbl) << 56)));
    UPDATE ledger_head SET generation = generation + 1,
        digest = (digest | (((NEW.rid & 16777215) << 32) | (coalesce(NEW.sum, 0) & 4294967295) | (length(NEW.tbl) << 56)))
               - (digest & (((NEW.rid & 16777215) << 32) | (coalesce(NEW.sum, 0) & 4294967295) | (length(NEW.tbl) << 56)));
    INSERT INTO ledger_bucket (tbl, bucket, digest)
        VALUES (OLD.tbl, OLD.rid >> 8, ((OLD.rid & 16777215) << 32) | (coalesce(OLD.sum, 0) & 4294967295) | (length(OLD.tbl) << 56))
        ON CONFLICT (tbl, bucket) DO UPDATE SET digest = (digest | excluded.digest) - (digest & excluded.digest);
    INSERT INTO ledger_bucket (tbl, bucket, digest)
        VALUES (NEW.tbl, NEW.rid >> 8, ((NEW.rid & 16777215) << 32) | (coalesce(NEW.sum, 0) & 4294967295) | (length(NEW.tbl) << 56))
        ON CONFLICT (tbl, bucket) DO UPDATE SET digest = (digest | excluded.digest) - (digest & excluded.digest);
END;
