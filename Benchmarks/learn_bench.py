#!/usr/bin/env python3
"""`make bench-learn`: learning from corrections, replayed and timed.

1. Builds the replay stream (learn_stream.py, seeded): the labelled notes of dev, train and val in
   time order, their merchants repeated in new invented wording.
2. Replays it twice with the real model (learn-bench replay), learning off and on; a simulated
   user corrects every wrong category and merchant as the drafts come in.
3. Scores the second half of the stream: merchants the user corrected at least 3 times before,
   merchants seen before, new merchants, and notes naming none; category and merchant (exactly as
   the user writes it), learning off beside on; and the time the look-up adds per note.
4. Times the look-up on a ledger of 1,000,000 drafts with 100,000 edits (learn-bench lookup).

Usage: learn_bench.py [--bin .build/release/learn-bench] [--seed 7] [--reuse]
  --reuse   score the replays already in /tmp/learn-bench-{off,on}.jsonl instead of running them
"""
import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def run(args, out_path=None):
    print("$ " + " ".join(str(a) for a in args), file=sys.stderr)
    if out_path:
        with open(out_path, "w", encoding="utf-8") as out:
            subprocess.run(args, check=True, stdout=out)
    else:
        return subprocess.run(args, check=True, capture_output=True, text=True).stdout


def load(path):
    return [json.loads(line) for line in open(path, encoding="utf-8") if line.strip()]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bin", default=".build/release/learn-bench")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--reuse", action="store_true")
    parser.add_argument("--only", choices=["off", "on"], help="run only this replay, reuse the other")
    parser.add_argument("--drafts", type=int, default=1_000_000)
    parser.add_argument("--edits", type=int, default=100_000)
    args = parser.parse_args()

    stream_path = "/tmp/learn-bench-stream.jsonl"
    run([sys.executable, HERE / "learn_stream.py", "--seed", str(args.seed)], stream_path)
    stream = load(stream_path)
    results = {}
    for learning in ["off", "on"]:
        path = f"/tmp/learn-bench-{learning}.jsonl"
        if not args.reuse and args.only in (None, learning):
            run([args.bin, "replay", stream_path, "--learning", learning], path)
        results[learning] = load(path)
        if len(results[learning]) != len(stream):
            sys.exit(f"the replay with learning {learning} has {len(results[learning])} lines for {len(stream)} notes")

    # Groups, over the second half of the stream.
    half = len(stream) // 2
    appearances = {}
    seen_before = []
    for item in stream:
        key = (item["merchant"] or "").lower()
        seen_before.append(appearances.get(key, 0) if item["merchant"] else None)
        if item["merchant"]:
            appearances[key] = appearances.get(key, 0) + 1

    def group(index, learning):
        if seen_before[index] is None:
            return "names no merchant"
        if seen_before[index] == 0:
            return "new merchant"
        return "seen 3+ times before" if seen_before[index] >= 3 else "seen 1-2 times before"

    order = ["seen 3+ times before", "seen 1-2 times before", "new merchant", "names no merchant"]
    table = {}
    for learning in ["off", "on"]:
        for index in range(half, len(stream)):
            item, got = stream[index], results[learning][index]
            names = [group(index, learning)]
            if seen_before[index] and got["edits_before"] >= 3:
                names.append("corrected 3+ times before (each run's own edits)")
            for name in names:
                cell = table.setdefault((name, learning), {"n": 0, "category": 0, "merchant": 0})
                cell["n"] += 1
                cell["category"] += got["category"] == item["category"]
                cell["merchant"] += got["merchant"] == item["merchant"]
    order.append("corrected 3+ times before (each run's own edits)")
    print(f"Second half of a {len(stream)}-note stream (seed {args.seed}): category and merchant (exactly as the user "
          "writes it), learning off | on; merchants grouped by how often the stream had them before.\n")
    print("| merchants | notes (off / on) | category off | category on | merchant off | merchant on |")
    print("|---|---:|---:|---:|---:|---:|")
    for name in order:
        off, on = table.get((name, "off")), table.get((name, "on"))
        def share(cell, field):
            return f"{cell[field] / cell['n']:.3f}" if cell and cell["n"] else "–"
        print(f"| {name} | {off['n'] if off else 0} / {on['n'] if on else 0} | {share(off, 'category')} | "
              f"{share(on, 'category')} | {share(off, 'merchant')} | {share(on, 'merchant')} |")
    # Whole second half, and how many edits the simulated user made.
    for learning in ["off", "on"]:
        rows = results[learning][half:]
        items = stream[half:]
        category = sum(r["category"] == i["category"] for r, i in zip(rows, items)) / len(rows)
        merchant = sum(r["merchant"] == i["merchant"] for r, i in zip(rows, items)) / len(rows)
        learned = sum(r.get("category_source") == "learned" for r in rows)
        print(f"\nlearning {learning}: second half category {category:.3f}, merchant {merchant:.3f}; "
              f"categories written as learned {learned}; fill {statistics.mean(r['fill_ms'] for r in results[learning]):.0f} ms a note, "
              f"look-up {statistics.mean(r['lookup_us'] for r in results[learning]):.0f} µs a note (mean)")

    lookup = json.loads(run([args.bin, "lookup", stream_path, "--drafts", str(args.drafts), "--edits", str(args.edits)]))
    print(f"\nLook-up on a ledger of {lookup['drafts']:,} drafts with {lookup['corrections']:,} kept edits, "
          f"{lookup['notes']} notes ({lookup['hits']} get a hint): mean {lookup['mean_us']:.0f} µs, "
          f"median {lookup['median_us']:.0f} µs, p99 {lookup['p99_us']:.0f} µs, max {lookup['max_us']:.0f} µs; "
          f"the first look-up, which reads the corrected notes naming no merchant, {lookup['first_ms']:.0f} ms.")


if __name__ == "__main__":
    main()
