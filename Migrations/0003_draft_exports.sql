-- Exports remember, per draft, the newest version written to a ledger file and the first export
-- that carried it: one narrow row per draft instead of one per exported version, so recording a
-- full export of a large ledger costs a fraction of writing it. Versions only grow, so "this
-- version was exported" is "version <= the draft's exported version".
-- No foreign keys: rows are only ever written from drafts and exports in the same transaction,
-- and checking them would double the cost of recording an export.
CREATE TABLE draft_exports (
    draft_id   INTEGER PRIMARY KEY,
    version    INTEGER NOT NULL,
    export_id  INTEGER NOT NULL
);
INSERT INTO draft_exports (draft_id, version, export_id)
    SELECT draft_id, max(version), export_id FROM exported_versions GROUP BY draft_id;
DROP TABLE exported_versions;
