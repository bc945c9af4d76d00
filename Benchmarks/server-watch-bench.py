#!/usr/bin/env python3
"""`make bench-server-watch`: `watch` filling a backlog of notes through llama-server.

For each slot count of --slots: starts llama-server (-np S, the cores shared among the slots),
starts `noteledger watch --backend server` on an empty inbox, drops --notes invented notes into
it at once, and waits until every draft is filled. Prints notes/s (first drop to last fill),
drop-to-ready p50/p99 (a file's drop to its draft's first version), and how busy the server's
slots were (GET /slots every 100 ms while notes were waiting: the share of slot samples that
were processing). With --kills K it SIGKILLs the server K times during the backlog (after each
further 1/(K+1) of the notes are filled) and restarts it on the same port 2 s later; every run
then checks: one draft per note, one fill per draft, every fill by the model, none failed.

usage: server-watch-bench.py --server PATH --model GGUF [--bin PATH] [--notes 500] [--slots 1,2] [--kills 0]
"""
import argparse, json, os, sqlite3, subprocess, sys, tempfile, threading, time, urllib.request
from datetime import datetime

from benchlib import free_port, start_llama_server

ITEMS = [("lunch", "Casa Verde", "12.40"), ("taxi to the station", "CityCab", "18.20"), ("printer paper", "Papelaria Sol", "9.99"),
         ("coffee and a croissant", "Kaffebar Nord", "6.10"), ("train ticket", "Rail Ost", "23.50"),
         ("cinema", "Kino Blau", "11.00"), ("groceries", "Markt Eck", "41.37"), ("parking", "Park Plaza", "4.00")]


def note(i):
    what, where, amount = ITEMS[i % len(ITEMS)]
    return f"{what} at {where} {amount} (note {i})"


def stamp(text):
    return datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp()


def run(args, slots):
    threads = max(1, (os.cpu_count() or 2) // slots)
    server_args = [args.server, "-m", args.model, "-np", str(slots), "-t", str(threads), "-c", str(2048 * slots)]
    server, port = start_llama_server(server_args, "bench-server-watch", 60)
    url = f"http://127.0.0.1:{port}"
    work = tempfile.mkdtemp(prefix="noteledger-server-watch-")
    inbox, db = os.path.join(work, "Inbox"), os.path.join(work, "ledger.sqlite")
    os.makedirs(inbox)
    log = open(os.path.join(work, "watch.log"), "w")
    watch = subprocess.Popen([args.bin, "watch", "--inbox", inbox, "--db", db, "--backend", "server", "--server", url]
                             + (["--server-concurrency", str(slots + args.extra)] if args.extra else []),
                             stdout=subprocess.DEVNULL, stderr=log)
    time.sleep(3)
    dropped = {}
    for i in range(args.notes):
        path = os.path.join(inbox, f"note-{i}.txt")
        with open(path, "w") as f:
            f.write(note(i))
        dropped[path] = time.time()
    connection = sqlite3.connect(db, timeout=30)

    def filled():
        return connection.execute("SELECT count(*) FROM drafts WHERE current_version > 0").fetchone()[0]

    busy, samples, stop = [0], [0], threading.Event()

    def sample():
        while not stop.is_set():
            try:
                with urllib.request.urlopen(f"{url}/slots", timeout=1) as r:
                    states = json.load(r)
                busy[0] += sum(1 for s in states if s.get("is_processing"))
                samples[0] += len(states)
            except OSError:
                pass  # the server is down (a kill round): not counted
            stop.wait(0.1)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    kills_left, next_kill = args.kills, args.notes // (args.kills + 1)
    while filled() < args.notes:
        if kills_left and filled() >= next_kill:
            server.kill()
            server.wait()
            time.sleep(2)
            server, _ = start_llama_server(server_args, "bench-server-watch", 60, port=port)
            kills_left -= 1
            next_kill += args.notes // (args.kills + 1)
        if watch.poll() is not None:
            sys.exit(f"watch exited with {watch.returncode}; see {work}/watch.log")
        time.sleep(0.05)
    stop.set()
    first_fill = {}
    for path, created in connection.execute(
            "SELECT n.path, min(v.created_at) FROM notes n JOIN drafts d ON d.note_id = n.id "
            "JOIN draft_versions v ON v.draft_id = d.id GROUP BY n.path"):
        first_fill[path] = stamp(created)
    latencies = sorted((first_fill[p] - dropped[p]) * 1000 for p in dropped if p in first_fill)
    drafts = connection.execute("SELECT count(*), count(DISTINCT note_id) FROM drafts").fetchone()
    versions = connection.execute("SELECT count(*) FROM draft_versions").fetchone()[0]
    by_rules = connection.execute("SELECT count(*) FROM draft_versions WHERE origin = 'rules'").fetchone()[0]
    failed = connection.execute("SELECT count(*) FROM drafts WHERE status = 'failed'").fetchone()[0]
    span = max(first_fill.values()) - min(dropped.values())
    watch.terminate()
    watch.wait()
    server.kill()
    server.wait()
    p = lambda q: latencies[min(len(latencies) - 1, int(q * len(latencies)))] / 1000
    said = open(os.path.join(work, "watch.log")).read().count("notes wait in the queue until it answers")
    print(f"-np {slots} -t {threads}" + (f", {slots + args.extra} in flight" if args.extra else "") + f", {args.notes} notes at once"
          + (f", the server killed and restarted {args.kills} times" if args.kills else ""))
    print(f"  {args.notes / span:.2f} notes/s; drop to ready p50 {p(0.5):.1f} s, p99 {p(0.99):.1f} s; "
          f"slots busy {100 * busy[0] / max(1, samples[0]):.0f}% of {samples[0]} slot samples")
    print(f"  drafts {drafts[0]} for {drafts[1]} notes, {versions} fills, {by_rules} by rules, {failed} failed"
          + (f"; outage said {said} times" if args.kills else ""))
    ok = drafts[0] == drafts[1] == args.notes and versions == args.notes and by_rules == 0 and failed == 0
    print("  nothing lost, nothing doubled" if ok else f"  CHECK FAILED: see {work}")
    return ok


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--server", required=True)
    ap.add_argument("--model", required=True)
    ap.add_argument("--bin", default=".build/release/noteledger")
    ap.add_argument("--notes", type=int, default=500)
    ap.add_argument("--slots", default="1,2")
    ap.add_argument("--kills", type=int, default=0)
    ap.add_argument("--extra", type=int, default=0, help="notes in flight beyond the slots (--server-concurrency)")
    args = ap.parse_args()
    results = [run(args, int(slots)) for slots in args.slots.split(",")]
    sys.exit(0 if all(results) else 1)


main()
