-- The same allowed values, checked with OR instead of IN (...). SQLite checks an IN list of
-- three or more values by building a temporary b-tree for every row written, which was about a
-- quarter of the work of recording a new note. SQLite cannot change a constraint in place: each
-- table is rebuilt under a new name, copied with its ids, and put back under its own name
-- (the procedure of https://sqlite.org/lang_altertable.html#otheralter). The migrator runs this
-- with foreign keys off and checks them all before it commits.

CREATE TABLE drafts_rebuilt (
    id               INTEGER PRIMARY KEY,
    note_id          INTEGER NOT NULL UNIQUE REFERENCES notes(id),
    status           TEXT    NOT NULL CHECK (status = 'queued' OR status = 'filling' OR status = 'ready'
                                             OR status = 'review' OR status = 'failed' OR status = 'approved'),
    status_reason    TEXT,
    current_version  INTEGER NOT NULL DEFAULT 0,
    merchant         TEXT,
    amount           TEXT,
    amount_e4        INTEGER,
    currency         TEXT,
    category         TEXT,
    purpose          TEXT,
    date             TEXT,
    created_at       TEXT    NOT NULL,
    updated_at       TEXT    NOT NULL
);
INSERT INTO drafts_rebuilt (id, note_id, status, status_reason, current_version, merchant, amount, amount_e4,
                            currency, category, purpose, date, created_at, updated_at)
    SELECT id, note_id, status, status_reason, current_version, merchant, amount, amount_e4,
           currency, category, purpose, date, created_at, updated_at FROM drafts;
DROP TABLE drafts;
ALTER TABLE drafts_rebuilt RENAME TO drafts;
CREATE INDEX drafts_status ON drafts(status);
CREATE INDEX drafts_category_amount ON drafts(category, amount_e4);
CREATE INDEX drafts_amount ON drafts(amount_e4);
CREATE INDEX drafts_date ON drafts(date);

CREATE TABLE draft_versions_rebuilt (
    draft_id      INTEGER NOT NULL REFERENCES drafts(id),
    version       INTEGER NOT NULL,
    origin        TEXT    NOT NULL CHECK (origin = 'fill' OR origin = 'refill' OR origin = 'edit' OR origin = 'rules'),
    created_at    TEXT    NOT NULL,
    model_name    TEXT,
    model_sha256  TEXT,
    merchant      TEXT,
    amount        TEXT,
    currency      TEXT,
    category      TEXT,
    purpose       TEXT,
    date          TEXT,
    confidence    TEXT    NOT NULL DEFAULT '{}',
    changed       TEXT    NOT NULL DEFAULT '[]',
    PRIMARY KEY (draft_id, version)
) WITHOUT ROWID;
INSERT INTO draft_versions_rebuilt (draft_id, version, origin, created_at, model_name, model_sha256, merchant, amount,
                                    currency, category, purpose, date, confidence, changed)
    SELECT draft_id, version, origin, created_at, model_name, model_sha256, merchant, amount,
           currency, category, purpose, date, confidence, changed FROM draft_versions;
-- Dropping the table drops its append-only triggers; they are created again below.
DROP TABLE draft_versions;
ALTER TABLE draft_versions_rebuilt RENAME TO draft_versions;
CREATE TRIGGER draft_versions_no_update BEFORE UPDATE ON draft_versions
BEGIN SELECT RAISE(ABORT, 'draft_versions is append-only'); END;
CREATE TRIGGER draft_versions_no_delete BEFORE DELETE ON draft_versions
BEGIN SELECT RAISE(ABORT, 'draft_versions is append-only'); END;

CREATE TABLE field_locks_rebuilt (
    draft_id   INTEGER NOT NULL REFERENCES drafts(id),
    field      TEXT    NOT NULL CHECK (field = 'merchant' OR field = 'amount' OR field = 'currency'
                                       OR field = 'category' OR field = 'purpose' OR field = 'date'),
    version    INTEGER NOT NULL,
    locked_at  TEXT    NOT NULL,
    PRIMARY KEY (draft_id, field)
) WITHOUT ROWID;
INSERT INTO field_locks_rebuilt (draft_id, field, version, locked_at)
    SELECT draft_id, field, version, locked_at FROM field_locks;
DROP TABLE field_locks;
ALTER TABLE field_locks_rebuilt RENAME TO field_locks;

CREATE TABLE jobs_rebuilt (
    id            INTEGER PRIMARY KEY,
    draft_id      INTEGER NOT NULL REFERENCES drafts(id),
    kind          TEXT    NOT NULL CHECK (kind = 'fill' OR kind = 'refill'),
    state         TEXT    NOT NULL CHECK (state = 'pending' OR state = 'running' OR state = 'done' OR state = 'failed'),
    attempts      INTEGER NOT NULL DEFAULT 0,
    available_at  TEXT    NOT NULL,
    lease_until   TEXT,
    last_error    TEXT,
    created_at    TEXT    NOT NULL,
    updated_at    TEXT    NOT NULL,
    lease_owner   TEXT
);
INSERT INTO jobs_rebuilt (id, draft_id, kind, state, attempts, available_at, lease_until, last_error,
                          created_at, updated_at, lease_owner)
    SELECT id, draft_id, kind, state, attempts, available_at, lease_until, last_error,
           created_at, updated_at, lease_owner FROM jobs;
DROP TABLE jobs;
ALTER TABLE jobs_rebuilt RENAME TO jobs;
CREATE INDEX jobs_ready ON jobs(state, available_at);
CREATE INDEX jobs_draft ON jobs(draft_id, state);
