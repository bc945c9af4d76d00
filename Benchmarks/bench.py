#!/usr/bin/env python3
"""`make bench`: NoteLedger's extractor beside llama-server's json_schema anchor.

Starts llama-server (built by scripts/anchor.sh from the same pinned llama.cpp) on
the same GGUF, asks it every note of each labelled set with a 3-shot chat prompt
and a JSON schema for merchant, amount, category and purpose (greedy, prompt
cache on, one slot, --swa-full), then runs `noteledger extract --jsonl` on the
same notes, scores both with score.py and prints one table.

usage: bench.py --server PATH --model GGUF [--bin PATH] [--eval DIR] [--sets train,val,sms_train,sms_val]
                [--anchor-sets val] [--threads N] [--keep DIR]

The anchor is slow (under 1 note/s): by default it runs on the check set `val` only, and the
"× anchor" column is filled where both ran.
"""
import argparse, json, os, shutil, subprocess, sys, tempfile, time, urllib.request

from benchlib import score, start_llama_server

CATEGORIES = ["food", "travel", "shopping", "other"]

SCHEMA = {
    "type": "object",
    "properties": {
        "merchant": {"type": ["string", "null"]},
        "amount": {"type": ["number", "null"]},
        "category": {"enum": CATEGORIES},
        "purpose": {"type": "string"},
    },
    "required": ["merchant", "amount", "category", "purpose"],
    "additionalProperties": False,
}

INSTRUCTIONS = (
    "Extract the expense from the user's note as JSON with keys merchant (the business paid, "
    "copied from the note, or null), amount (the total paid, a number, or null when the note "
    "has no expense), category (food, travel, shopping or other) and purpose (a few words)."
)

# Three invented examples; none is taken from the evaluation sets.
SHOTS = [
    ("Dinner at Trattoria Sole 64.20 with the client",
     {"merchant": "Trattoria Sole", "amount": 64.20, "category": "food", "purpose": "Client dinner"}),
    ("train ticket to Lyon 39 eur, SNCF",
     {"merchant": "SNCF", "amount": 39, "category": "travel", "purpose": "Train to Lyon"}),
    ("remember to renew the passport next month",
     {"merchant": None, "amount": None, "category": "other", "purpose": "Passport reminder"}),
]


def post(url, body, timeout=300):
    req = urllib.request.Request(url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=timeout) as r:
        return json.loads(r.read())


def start_server(server, model, threads, log):
    return start_llama_server(
        [server, "-m", model, "-np", "1", "--swa-full", "-c", "4096", "-t", str(threads), "-tb", str(threads), "--no-webui"],
        "bench", 120, stdout=log, stderr=subprocess.STDOUT, hint=f"; see {log.name}")


def anchor_messages(note):
    messages = [{"role": "system", "content": INSTRUCTIONS}]
    for text, answer in SHOTS:
        messages.append({"role": "user", "content": text})
        messages.append({"role": "assistant", "content": json.dumps(answer)})
    messages.append({"role": "user", "content": note})
    return messages


def run_anchor(port, notes, out_path):
    url = f"http://127.0.0.1:{port}/v1/chat/completions"
    start = time.perf_counter()
    with open(out_path, "w", encoding="utf-8") as out:
        for n in notes:
            body = {"messages": anchor_messages(n["note"]), "temperature": 0, "max_tokens": 96,
                    "cache_prompt": True,
                    "response_format": {"type": "json_schema", "json_schema": {"schema": SCHEMA}}}
            pred = {"id": n["id"]}
            try:
                content = post(url, body)["choices"][0]["message"]["content"]
                got = json.loads(content)
                pred.update({k: got.get(k) for k in ("merchant", "amount", "category", "purpose")})
            except (ValueError, KeyError, OSError) as e:
                print(f"bench: anchor failed on {n['id']}: {e}", file=sys.stderr)
            out.write(json.dumps(pred) + "\n")
    return time.perf_counter() - start


def run_noteledger(binary, gold, out_path):
    start = time.perf_counter()
    with open(out_path, "w", encoding="utf-8") as out:
        subprocess.run([binary, "extract", "--jsonl", gold], stdout=out, stderr=subprocess.DEVNULL, check=True)
    return time.perf_counter() - start


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--server", required=True)
    ap.add_argument("--model", required=True)
    ap.add_argument("--bin", default=".build/release/noteledger")
    ap.add_argument("--eval", default="../shared/eval")
    ap.add_argument("--sets", default="train,val,sms_train,sms_val")
    ap.add_argument("--anchor-sets", default="val", help="sets the anchor runs on (comma-separated, or 'all')")
    ap.add_argument("--threads", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--keep", help="keep predictions in this folder")
    args = ap.parse_args()

    work = args.keep or tempfile.mkdtemp(prefix="noteledger-bench-")
    os.makedirs(work, exist_ok=True)
    score_py = os.path.join(args.eval, "score.py")
    results = []
    sets = []
    for name in args.sets.split(","):
        gold = os.path.join(args.eval, f"{name}.jsonl")
        sets.append((name, gold, [json.loads(l) for l in open(gold, encoding="utf-8") if l.strip()]))
    # The anchor first, then the server is stopped so that NoteLedger has the cores to itself.
    with open(os.path.join(work, "llama-server.log"), "w") as log:
        proc, port = start_server(args.server, args.model, args.threads, log)
        try:
            for name, gold, notes in sets:
                if args.anchor_sets != "all" and name not in args.anchor_sets.split(","):
                    continue
                # One untimed request warms the server's prompt cache with the shared prefix.
                run_anchor(port, notes[:1], os.path.join(work, "warmup.jsonl"))
                pred = os.path.join(work, f"{name}-anchor.jsonl")
                secs = run_anchor(port, notes, pred)
                results.append((name, "llama-server json_schema", len(notes), secs, score(score_py, gold, pred)))
        finally:
            proc.terminate()
            proc.wait(timeout=30)
    for name, gold, notes in sets:
        pred = os.path.join(work, f"{name}-noteledger.jsonl")
        secs = run_noteledger(args.bin, gold, pred)
        results.append((name, "noteledger extract", len(notes), secs, score(score_py, gold, pred)))
    results.sort(key=lambda r: ([s[0] for s in sets].index(r[0]), r[1].startswith("noteledger")))

    fields = ["amount", "merchant", "currency", "category", "date", "non_expense", "grounded"]
    cell = lambda v: "  -  " if v is None else f"{v:.3f}"
    print(f"| set | extractor | notes/s | × anchor | " + " | ".join(fields) + " |")
    print("|---|---|---:|---:|" + "---:|" * len(fields))
    anchor_rate = {}
    for name, who, n, secs, s in results:
        rate = n / secs
        if who.startswith("llama-server"):
            anchor_rate[name] = rate
        ratio = f"{rate / anchor_rate[name]:.2f}×" if name in anchor_rate else "–"
        print(f"| {name} | {who} | {rate:.2f} | {ratio} | " + " | ".join(cell(s.get(f)) for f in fields) + " |")
    print(f"\nnotes/s: wall time over all notes of the set; noteledger's includes loading the model, "
          f"the anchor's excludes server start. Predictions in {work}", file=sys.stderr)
    if not args.keep:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
