#!/usr/bin/env python3
"""Pipeline benchmark: notes dropped into a watched inbox, timed to their drafts.

usage: Benchmarks/watch-bench.py [--notes N] [--backend rules|model] [--rate R] [--moved] [--bin PATH]

Prints notes/s from the first drop to the last filled draft, drop-to-queued latency p50/p99
(the time from a file's close to its note row; the settle delay comes after and is excluded),
the watcher's CPU time, and its RSS after the first and the last thousand notes and its peak (VmHWM).

By default each note is written into the inbox. With --moved, the notes are written beside the
inbox first and then renamed into it, as Syncthing and Nextcloud deliver files: the drops then
cost no disk writes, so the result does not depend on how fast this machine creates files
(which varied from 1,300 to 9,000 files/s between runs on the 2-core test machine).
"""
import argparse, os, sqlite3, subprocess, tempfile, time
from datetime import datetime

def rss(pid):
    fields = {}
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            key, _, value = line.partition(":")
            fields[key] = value.strip()
    return int(fields["VmRSS"].split()[0]) // 1024, int(fields["VmHWM"].split()[0]) // 1024

def cpu_seconds(pid, task=None):
    with open(f"/proc/{pid}/task/{task}/stat" if task else f"/proc/{pid}/stat") as f:
        fields = f.read().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

def cpu_by_thread(pid):
    """CPU seconds per thread name (the watcher names its event and recording threads)."""
    totals = {}
    for task in os.listdir(f"/proc/{pid}/task"):
        with open(f"/proc/{pid}/task/{task}/comm") as f:
            name = f.read().strip()
        name = name if name.startswith("inbox-") else "fills and the rest"
        totals[name] = totals.get(name, 0) + cpu_seconds(pid, task)
    return totals

def stamp(text):
    return datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp()

def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--notes", type=int, default=10000)
    parser.add_argument("--backend", default="rules")
    parser.add_argument("--bin", default=".build/release/noteledger")
    parser.add_argument("--rate", type=float, default=0, help="notes per second to drop (0: as fast as possible)")
    parser.add_argument("--moved", action="store_true", help="write the notes beside the inbox, then move them in")
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="noteledger-bench-")
    inbox, db = os.path.join(work, "Inbox"), os.path.join(work, "ledger.sqlite")
    staging = os.path.join(work, "staging")
    os.makedirs(inbox)
    os.makedirs(staging)
    log = open(os.path.join(work, "watch.log"), "w")
    watch = subprocess.Popen([args.bin, "watch", "--inbox", inbox, "--backend", args.backend, "--db", db],
                             stdout=subprocess.DEVNULL, stderr=log)
    time.sleep(2 if args.backend == "rules" else 5)
    merchants = ["Casa Lucio", "Lupa", "Starbucks", "Uber", "Aral", "MediaMarkt", "Pret", "Hertz"]
    def write(folder, i):
        path = os.path.join(folder, f"note-{i}.txt")
        with open(path, "w") as f:
            f.write(f"Lunch at {merchants[i % len(merchants)]} {10 + i % 90}.{i % 100:02d} note {i}")
        return path
    if args.moved:
        for i in range(args.notes):
            write(staging, i)
    dropped = {}
    rss_first = None
    connection = sqlite3.connect(db, timeout=30)
    def filled():
        return connection.execute("SELECT count(*) FROM drafts WHERE current_version > 0").fetchone()[0]
    first_write = time.time()
    for i in range(args.notes):
        if args.moved:
            path = os.path.join(inbox, f"note-{i}.txt")
            os.rename(os.path.join(staging, f"note-{i}.txt"), path)
        else:
            path = write(inbox, i)
        dropped[path] = time.time()
        if args.rate:
            time.sleep(max(0, first_write + (i + 1) / args.rate - time.time()))
        if i == 999:
            while filled() < 1000:
                time.sleep(0.05)
            rss_first = rss(watch.pid)[0]
            # Go on at the given rate from here, rather than catching up the wait at full speed.
            first_write = time.time() - (i + 1) / args.rate if args.rate else first_write
    while filled() < args.notes:
        time.sleep(0.05)
    rss_last, peak = rss(watch.pid)
    cpu = cpu_seconds(watch.pid)
    threads = cpu_by_thread(watch.pid)
    first_drop = min(dropped.values())
    last_fill = max(stamp(row[0]) for row in connection.execute("SELECT created_at FROM draft_versions"))
    latencies = sorted((stamp(created) - dropped[path]) * 1000
                       for path, created in connection.execute("SELECT path, created_at FROM notes"))
    if os.environ.get("WATCH_BENCH_DUMP"):
        with open(os.environ["WATCH_BENCH_DUMP"], "w") as out:
            for path, created in connection.execute("SELECT path, created_at FROM notes"):
                out.write(f"{dropped[path] - first_drop:.4f} {stamp(created) - first_drop:.4f}\n")
            for (created,) in connection.execute("SELECT created_at FROM draft_versions"):
                out.write(f"fill {stamp(created) - first_drop:.4f}\n")
    watch.terminate()
    watch.wait()
    p = lambda q: latencies[min(len(latencies) - 1, int(q * len(latencies)))]
    span = max(dropped.values()) - first_drop
    print(f"backend {args.backend}, {args.notes} notes {'moved' if args.moved else 'written'} into the inbox "
          + (f"at {args.rate:.0f}/s" if args.rate else "at once")
          + f" (the last {span:.2f} s after the first, {args.notes / span:.0f} files/s)")
    rate = args.notes / (last_fill - first_drop)
    shown = f"{rate:.0f}" if rate >= 100 else f"{rate:.1f}"
    print(f"  drop to draft: {shown} notes/s ({last_fill - first_drop:.1f} s from the first drop to the last filled draft)")
    print(f"  drop to queued: p50 {p(0.5):.1f} ms, p99 {p(0.99):.1f} ms")
    print(f"  CPU used by the watcher: {cpu:.2f} s ({cpu * 1000 / args.notes:.2f} ms per note; "
          + ", ".join(f"{name} {seconds:.2f} s" for name, seconds in sorted(threads.items())) + ")")
    first = f"after 1,000 notes {rss_first} MB, " if rss_first is not None else ""
    print(f"  RSS {first}after {args.notes:,} notes {rss_last} MB, peak {peak} MB")

main()
