#!/usr/bin/env bash
# Accuracy and speed of `noteledger extract --jsonl` on the labelled sets (SETS="dev val" to choose).
# Usage: Benchmarks/extract-bench.sh [EVAL_DIR]   (default ../shared/eval)
set -euo pipefail
eval_dir=${1:-../shared/eval}
bin=${NOTELEDGER_BIN:-.build/release/noteledger}
out=$(mktemp -d)
for set in ${SETS:-dev train val sms_dev sms_train sms_val}; do
    for backend in model rules; do
        start=$(date +%s%N)
        "$bin" extract --backend "$backend" --jsonl "$eval_dir/$set.jsonl" > "$out/$set-$backend.jsonl" 2>/dev/null
        end=$(date +%s%N)
        notes=$(wc -l < "$eval_dir/$set.jsonl")
        seconds=$(echo "scale=2; ($end - $start) / 1000000000" | bc)
        rate=$(echo "scale=2; $notes / $seconds" | bc)
        score=$("$eval_dir/score.py" "$eval_dir/$set.jsonl" "$out/$set-$backend.jsonl" | tail -1)
        printf '%-8s %-6s %6s notes/s (%s s, load included)  %s\n' "$set" "$backend" "$rate" "$seconds" "$score"
    done
done
rm -rf "$out"
