#!/usr/bin/env bash
# `export --all` on a large ledger beside `sqlite3 -csv` writing the same columns from the same
# file, alternated in one run (5 rounds, medians), with noteledger's peak RSS. Each round times a
# first export (the ledger's export records cleared beforehand, untimed) and a repeated one.
# Usage: Benchmarks/export-bench.sh [DB]   (builds a 1,000,000-draft ledger when DB does not exist)
set -euo pipefail
db=${1:-/tmp/noteledger-bench.sqlite}
bin=${NOTELEDGER_BIN:-.build/release/noteledger}
[ -f "$db" ] || "$(dirname "$0")/make-ledger.sh" "$db" 1000000
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
query="SELECT coalesce(d.date, substr(n.received_at, 1, 10)), d.merchant, d.amount, d.currency, d.category,
    d.purpose, d.id, d.current_version, d.status, n.path FROM drafts d JOIN notes n ON n.id = d.note_id
    WHERE d.current_version > 0 AND d.status IN ('ready', 'approved', 'review') ORDER BY d.id"

ours=() again=() shell=() rss=()
for _ in 1 2 3 4 5; do
    rm -f "$out"/*.csv
    sqlite3 "$db" "DELETE FROM draft_exports"
    for run in first again; do
        /usr/bin/time -f '%e %M' -o "$out/time" "$bin" export --all --status ready,approved,review --db "$db" --to "$out" >/dev/null
        read -r seconds kb < "$out/time"
        if [ "$run" = first ]; then ours+=("$seconds"); else again+=("$seconds"); fi
        rss+=("$kb")
    done
    /usr/bin/time -f '%e' -o "$out/time" sqlite3 -csv "$db" "$query" > "$out/shell.csv"
    shell+=("$(cat "$out/time")")
done
median() { printf '%s\n' "$@" | sort -n | sed -n 3p; }
rows=$(sqlite3 "$db" "SELECT count(*) FROM drafts WHERE current_version > 0 AND status IN ('ready', 'approved', 'review')")
o=$(median "${ours[@]}") a=$(median "${again[@]}") s=$(median "${shell[@]}")
printf 'export --all, %s rows (median of 5, alternated)\n' "$rows"
printf '  sqlite3 -csv                     %6s s            (runs: %s)\n' "$s" "${shell[*]}"
printf '  noteledger export, first time    %6s s  %4s x     (runs: %s)\n' "$o" "$(echo "scale=2; $o / $s" | bc)" "${ours[*]}"
printf '  noteledger export, repeated      %6s s  %4s x     (runs: %s)\n' "$a" "$(echo "scale=2; $a / $s" | bc)" "${again[*]}"
printf '  noteledger peak RSS              %6s MB (max of 10 runs)\n' "$(( $(printf '%s\n' "${rss[@]}" | sort -n | tail -1) / 1024 ))"
