#!/usr/bin/env bash
# Times review queries on a large ledger, beside the same SQL run by the sqlite3 shell.
# Usage: Benchmarks/store-bench.sh [DB]   (builds a 1,000,000-draft ledger when DB does not exist)
set -euo pipefail
db=${1:-/tmp/noteledger-bench.sqlite}
bin=${NOTELEDGER_BIN:-.build/release/noteledger}
[ -f "$db" ] || "$(dirname "$0")/make-ledger.sh" "$db" 1000000
export NOTELEDGER_DB=$db

median_ms() {  # runs "$@" 7 times, prints the median wall time in ms
    local times=()
    for _ in 1 2 3 4 5 6 7; do
        local start end
        start=$(date +%s%N); "$@" >/dev/null 2>&1; end=$(date +%s%N)
        times+=($(( (end - start) / 1000000 )))
    done
    printf '%s\n' "${times[@]}" | sort -n | sed -n 4p
}

cols="d.id, d.status, d.date, d.merchant, d.amount, d.currency, d.category, d.purpose, n.path"
q1="SELECT $cols FROM drafts d JOIN notes n ON n.id = d.note_id WHERE d.category = 'food' AND d.amount_e4 > 200000 ORDER BY d.id DESC LIMIT 50;"
q2="SELECT $cols FROM drafts d JOIN notes n ON n.id = d.note_id WHERE d.id IN (SELECT rowid FROM drafts_fts WHERE drafts_fts MATCH '\"lucio\"*') ORDER BY d.id DESC LIMIT 50;"
q3="SELECT $cols, n.text FROM drafts d JOIN notes n ON n.id = d.note_id WHERE d.id = 777777; SELECT * FROM draft_versions WHERE draft_id = 777777;"

printf '%-42s %12s %12s\n' "query (1,000,000 drafts)" "noteledger" "sqlite3"
printf '%-42s %10s ms %10s ms\n' "query category:food amount>20 --limit 50" \
    "$(median_ms "$bin" query category:food 'amount>20' --limit 50)" "$(median_ms sqlite3 "$db" "$q1")"
printf '%-42s %10s ms %10s ms\n' "query lucio (limit 50)" \
    "$(median_ms "$bin" query lucio --limit 50)" "$(median_ms sqlite3 "$db" "$q2")"
printf '%-42s %10s ms %10s ms\n' "show 777777" \
    "$(median_ms "$bin" show 777777)" "$(median_ms sqlite3 "$db" "$q3")"
