-- What the ledger learns from the user's edits. Every edit of a draft's merchant or category is
-- kept here as evidence: the draft, the edit's version, the old and the new value, and the time.
-- Nothing is learned from fills. `merchant_key` is the draft's merchant after the edit, folded
-- (case and accents ignored, so "TIER", "tier" and "Tier" are one); a later merchant edit of the
-- same draft moves its category evidence to the new name. `written_key` is, for a merchant edit,
-- the folded name it replaced (as the note or the model wrote it): an alias to the user's name.
-- `forgotten` rows are kept (nothing of the user's is deleted) but no longer learned from.
CREATE TABLE corrections (
    id            INTEGER PRIMARY KEY,
    draft_id      INTEGER NOT NULL REFERENCES drafts(id),
    version       INTEGER NOT NULL,
    field         TEXT    NOT NULL CHECK (field = 'merchant' OR field = 'category'),
    old_value     TEXT,
    new_value     TEXT,
    merchant      TEXT,
    merchant_key  TEXT,
    written_key   TEXT,
    forgotten     INTEGER NOT NULL DEFAULT 0 CHECK (forgotten = 0 OR forgotten = 1),
    created_at    TEXT    NOT NULL
);
CREATE INDEX corrections_merchant ON corrections(merchant_key, id);
CREATE INDEX corrections_written ON corrections(written_key, id) WHERE written_key IS NOT NULL;
CREATE INDEX corrections_draft ON corrections(draft_id);

-- The ledger's learning switches: `learning` is 'on' (the default, when absent) or 'off'.
CREATE TABLE settings (
    key    TEXT PRIMARY KEY,
    value  TEXT NOT NULL
) WITHOUT ROWID;

-- Counts every change to the evidence, so that what is read from it into memory (the corrected
-- notes naming no merchant) is read again only when it changed: one row to look at per note.
INSERT INTO settings (key, value) VALUES ('evidence_version', '0');
CREATE TRIGGER corrections_added AFTER INSERT ON corrections
BEGIN UPDATE settings SET value = CAST(value AS INTEGER) + 1 WHERE key = 'evidence_version'; END;
CREATE TRIGGER corrections_changed AFTER UPDATE ON corrections
BEGIN UPDATE settings SET value = CAST(value AS INTEGER) + 1 WHERE key = 'evidence_version'; END;

-- Merchants the user asked never to learn about (`learned never`).
CREATE TABLE learning_exclusions (
    merchant_key  TEXT PRIMARY KEY,
    merchant      TEXT NOT NULL,
    created_at    TEXT NOT NULL
) WITHOUT ROWID;

-- Per version, what a learned field was learned from: {"category": "learned from 4 of your edits of Tier, last on 2026-11-18"}.
ALTER TABLE draft_versions ADD COLUMN learned TEXT NOT NULL DEFAULT '{}';
