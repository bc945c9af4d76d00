-- NoteLedger schema 1: notes, drafts, append-only versions, field locks, jobs, exports.
-- Times are ISO-8601 text in UTC. Amounts are decimal text; amount_e4 is the same amount
-- times 10^4 as an integer, for exact comparisons and ordering in queries.

CREATE TABLE notes (
    id            INTEGER PRIMARY KEY,
    path          TEXT    NOT NULL UNIQUE,
    content_hash  TEXT    NOT NULL,
    text          TEXT    NOT NULL,
    received_at   TEXT    NOT NULL,
    missing       INTEGER NOT NULL DEFAULT 0 CHECK (missing IN (0, 1)),
    duplicate_of  INTEGER REFERENCES notes(id),
    created_at    TEXT    NOT NULL,
    updated_at    TEXT    NOT NULL
);
CREATE INDEX notes_content_hash ON notes(content_hash);

CREATE TABLE drafts (
    id               INTEGER PRIMARY KEY,
    note_id          INTEGER NOT NULL UNIQUE REFERENCES notes(id),
    status           TEXT    NOT NULL CHECK (status IN ('queued', 'filling', 'ready', 'review', 'failed', 'approved')),
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
CREATE INDEX drafts_status ON drafts(status);
CREATE INDEX drafts_category_amount ON drafts(category, amount_e4);
CREATE INDEX drafts_amount ON drafts(amount_e4);
CREATE INDEX drafts_date ON drafts(date);

-- Every fill, refill and edit, never changed or removed.
CREATE TABLE draft_versions (
    draft_id      INTEGER NOT NULL REFERENCES drafts(id),
    version       INTEGER NOT NULL,
    origin        TEXT    NOT NULL CHECK (origin IN ('fill', 'refill', 'edit', 'rules')),
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

CREATE TRIGGER draft_versions_no_update BEFORE UPDATE ON draft_versions
BEGIN SELECT RAISE(ABORT, 'draft_versions is append-only'); END;
CREATE TRIGGER draft_versions_no_delete BEFORE DELETE ON draft_versions
BEGIN SELECT RAISE(ABORT, 'draft_versions is append-only'); END;

-- Fields a person edited: fills never change them again.
CREATE TABLE field_locks (
    draft_id   INTEGER NOT NULL REFERENCES drafts(id),
    field      TEXT    NOT NULL CHECK (field IN ('merchant', 'amount', 'currency', 'category', 'purpose', 'date')),
    version    INTEGER NOT NULL,
    locked_at  TEXT    NOT NULL,
    PRIMARY KEY (draft_id, field)
) WITHOUT ROWID;

-- Full text over the note, merchant and purpose; rowid is the draft id.
CREATE VIRTUAL TABLE drafts_fts USING fts5(note, merchant, purpose, tokenize = 'unicode61 remove_diacritics 2');

-- The durable work queue: a job is claimed with a lease; an expired lease is claimed again.
CREATE TABLE jobs (
    id            INTEGER PRIMARY KEY,
    draft_id      INTEGER NOT NULL REFERENCES drafts(id),
    kind          TEXT    NOT NULL CHECK (kind IN ('fill', 'refill')),
    state         TEXT    NOT NULL CHECK (state IN ('pending', 'running', 'done', 'failed')),
    attempts      INTEGER NOT NULL DEFAULT 0,
    available_at  TEXT    NOT NULL,
    lease_until   TEXT,
    last_error    TEXT,
    created_at    TEXT    NOT NULL,
    updated_at    TEXT    NOT NULL
);
CREATE INDEX jobs_ready ON jobs(state, available_at);

-- Ledger exports: each file, and which draft versions it carried.
CREATE TABLE exports (
    id          INTEGER PRIMARY KEY,
    path        TEXT    NOT NULL,
    rows        INTEGER NOT NULL,
    created_at  TEXT    NOT NULL
);
CREATE TABLE exported_versions (
    draft_id   INTEGER NOT NULL REFERENCES drafts(id),
    version    INTEGER NOT NULL,
    export_id  INTEGER NOT NULL REFERENCES exports(id),
    PRIMARY KEY (draft_id, version)
) WITHOUT ROWID;
