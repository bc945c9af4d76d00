#!/usr/bin/env python3
"""`make bench-server`: the same notes through the in-process model and through llama-server.

Runs `noteledger extract --jsonl` on a labelled set (default: the check set `val`) in-process,
then through llama-server (built by scripts/anchor.sh from the same pinned llama.cpp, on the same
GGUF) at each slot count of --slots (threads = the cores over the slots, at least one each),
scores every run with score.py, and prints notes/s, each field's score and how many notes have
another merchant, category or purpose than in-process (greedy decoding on both sides). A second
in-process run, one note at a time on all cores (the numeric set-up of `-np 1`), shows how many
differ by the thread count alone.

usage: server-bench.py --server PATH --model GGUF [--bin PATH] [--eval DIR] [--set val] [--slots 1,2]
"""
import argparse, json, os, subprocess, tempfile, time

from benchlib import score, start_llama_server

FIELDS = ["amount", "merchant", "currency", "category", "date", "non_expense"]
COMPARED = ["merchant", "category", "purpose"]


def start_server(path, model, slots, threads):
    proc, port = start_llama_server([path, "-m", model, "-np", str(slots), "-t", str(threads), "-c", str(2048 * slots)],
                                    "bench-server", 60)
    return proc, f"http://127.0.0.1:{port}"


def extract(binary, gold, out, extra, env=None):
    started = time.monotonic()
    with open(out, "w") as f:
        subprocess.run([binary, "extract", "--jsonl", gold] + extra, stdout=f, stderr=subprocess.DEVNULL, check=True,
                       env=dict(os.environ, **(env or {})))
    return time.monotonic() - started


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--server", required=True)
    ap.add_argument("--model", required=True)
    ap.add_argument("--bin", default=".build/release/noteledger")
    ap.add_argument("--eval", default="../shared/eval")
    ap.add_argument("--set", default="val")
    ap.add_argument("--slots", default="1,2")
    args = ap.parse_args()
    gold = os.path.join(args.eval, args.set + ".jsonl")
    notes = sum(1 for line in open(gold) if line.strip())
    cores = os.cpu_count() or 1
    work = tempfile.mkdtemp(prefix="noteledger-bench-server-")
    one_at_a_time = {"NOTELEDGER_PARALLEL": "1", "NOTELEDGER_THREADS": str(cores)}
    runs = [("in-process", None), (f"in-process, 1 note at a time on {cores} threads", 0)] + [
        (f"llama-server -np {n} -t {max(1, cores // n)}", n) for n in map(int, args.slots.split(","))]
    rows, predictions = [], {}
    for name, slots in runs:
        out = os.path.join(work, f"{args.set}.{'base' if slots is None else slots}.pred")
        if not slots:
            seconds = extract(args.bin, gold, out, [], env=one_at_a_time if slots == 0 else None)
        else:
            proc, url = start_server(args.server, args.model, slots, max(1, cores // slots))
            try:
                seconds = extract(args.bin, gold, out, ["--backend", "server", "--server", url])
            finally:
                proc.kill()
                proc.wait()
        predictions[name] = [json.loads(l) for l in open(out)]
        rows.append((name, notes / seconds, score(os.path.join(args.eval, "score.py"), gold, out)))
    base = predictions["in-process"]
    print(f"| {args.set} ({notes} notes) | notes/s | " + " | ".join(FIELDS) + " | other merchant/category/purpose than in-process |")
    print("|---|---:|" + "---:|" * len(FIELDS) + "---:|")
    for name, rate, scores in rows:
        summary = scores.get("summary", scores)
        cells = [f"{summary[f]:.3f}" if isinstance(summary.get(f), (int, float)) else "-" for f in FIELDS]
        differ = [sum(1 for a, b in zip(base, predictions[name]) if a.get(f) != b.get(f)) for f in COMPARED]
        print(f"| {name} | {rate:.2f} | " + " | ".join(cells) + " | " + "/".join(map(str, differ)) + " |")
    print(f"\nnotes/s: wall time over all notes, loading and calibration included. Predictions in {work}")


if __name__ == "__main__":
    main()
