#!/usr/bin/env bash
# Builds a ledger with N synthetic drafts (default 1,000,000) for the store and export benchmarks.
# Usage: Benchmarks/make-ledger.sh DB [N]
set -euo pipefail
db=${1:?usage: make-ledger.sh DB [N]}
n=${2:-1000000}
bin=${NOTELEDGER_BIN:-.build/release/noteledger}
rm -f "$db" "$db-wal" "$db-shm"
"$bin" query --db "$db" >/dev/null 2>&1   # creates the file and applies the migrations
sqlite3 "$db" <<SQL
PRAGMA journal_mode = WAL;
PRAGMA synchronous = OFF;
BEGIN;
CREATE TEMP TABLE merchants (k INTEGER PRIMARY KEY, name TEXT, category TEXT, what TEXT);
INSERT INTO merchants (name, category, what) VALUES
  ('Casa Lucio', 'food', 'Team lunch'), ('Lupa', 'food', 'Client dinner'), ('Starbucks', 'food', 'Coffee'),
  ('Uber', 'travel', 'Ride to the airport'), ('Deutsche Bahn', 'travel', 'Train to Hamburg'),
  ('Hotel Adlon', 'travel', 'Two nights'), ('MediaMarkt', 'shopping', 'New laptop'),
  ('Staples', 'shopping', 'Printer paper'), ('Equinox', 'other', 'Gym membership'),
  ('Spotify', 'other', 'Subscription'), ('Aral', 'travel', 'Fuel'), ('Pret', 'food', 'Sandwich');
WITH RECURSIVE seq(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM seq WHERE i < $n)
INSERT INTO notes (id, path, content_hash, text, received_at, created_at, updated_at)
SELECT i, '/inbox/note-' || i || '.txt', printf('%064x', i),
       m.what || ' at ' || m.name || ' ' || printf('%.2f', ((i * 7919) % 30000) / 100.0) || ' #' || i,
       printf('2026-%02d-%02dT12:00:00.000Z', 1 + (i % 11), 1 + (i % 28)), '2026-11-29T00:00:00.000Z', '2026-11-29T00:00:00.000Z'
FROM seq JOIN merchants m ON m.k = 1 + (i % 12);
INSERT INTO drafts (id, note_id, status, current_version, merchant, amount, amount_e4, currency, category, purpose, date, created_at, updated_at)
SELECT n.id, n.id, CASE n.id % 5 WHEN 0 THEN 'review' WHEN 1 THEN 'approved' ELSE 'ready' END, 1, m.name,
       printf('%.2f', ((n.id * 7919) % 30000) / 100.0), ((n.id * 7919) % 30000) * 100, 'EUR', m.category, m.what,
       substr(n.received_at, 1, 10), n.created_at, n.created_at
FROM notes n JOIN merchants m ON m.k = 1 + (n.id % 12);
INSERT INTO draft_versions (draft_id, version, origin, created_at, model_name, model_sha256, merchant, amount, currency, category, purpose, date)
SELECT id, 1, 'fill', created_at, 'gemma-3-270m-q4_k_m.gguf', 'a5fd3b62', merchant, amount, currency, category, purpose, date FROM drafts;
INSERT INTO drafts_fts (rowid, note, merchant, purpose) SELECT d.id, n.text, d.merchant, d.purpose FROM drafts d JOIN notes n ON n.id = d.note_id;
COMMIT;
PRAGMA wal_checkpoint(TRUNCATE);
-- No ANALYZE: the ledger is left as NoteLedger leaves one; `query` analyzes it when it first needs to.
SQL
echo "$db: $(sqlite3 "$db" 'SELECT count(*) FROM drafts') drafts, $(du -h "$db" | cut -f1)"
