#!/usr/bin/env python3
"""`make bench-serve`: server time of the review web app's pages on a large ledger.

Starts `noteledger serve` on a 1,000,000-draft ledger (built by make-ledger.sh when missing) and
asks each page N times over one keep-alive connection, as a browser does; reports p50 and p99
of the time from sending the request to the last byte of the answer (on loopback this is the
server's time plus well under a millisecond).

Usage: Benchmarks/serve-bench.py [--db DB] [--requests N]
"""
import argparse
import http.client
import os
import re
import statistics
import subprocess
import sys
import time
import urllib.parse

PAGES = [
    ("queue, first page", "/"),
    ("queue, status:review", "/?status=review"),
    ("search category:food amount>20", "/?q=" + urllib.parse.quote("category:food amount>20")),
    ("search lucio (full text)", "/?q=lucio"),
    ("queue, a page deep (before=500000)", "/?before=500000"),
    ("draft page", "/drafts/777777"),
]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--db", default="/tmp/noteledger-bench.sqlite")
    parser.add_argument("--requests", type=int, default=200)
    args = parser.parse_args()
    binary = os.environ.get("NOTELEDGER_BIN", ".build/release/noteledger")
    if not os.path.exists(args.db):
        subprocess.run([os.path.join(os.path.dirname(__file__), "make-ledger.sh"), args.db, "1000000"], check=True)
    drafts = subprocess.run(["sqlite3", args.db, "SELECT count(*) FROM drafts"], capture_output=True, text=True,
                            check=True).stdout.strip()
    serve = subprocess.Popen([binary, "serve", "--db", args.db, "--listen", "127.0.0.1:0"], stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL, text=True)
    try:
        line = serve.stdout.readline()
        match = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        if not match:
            sys.exit(f"serve did not start: {line!r}")
        port = int(match.group(1))
        connection = http.client.HTTPConnection("127.0.0.1", port)
        headers = {"Host": f"127.0.0.1:{port}"}
        print(f"noteledger serve on a ledger of {int(drafts):,} drafts; {args.requests} requests per page, "
              f"one keep-alive connection (p50 / p99 / max, ms)")
        for name, path in PAGES:
            times = []
            for _ in range(args.requests):
                start = time.perf_counter()
                connection.request("GET", path, headers=headers)
                response = connection.getresponse()
                body = response.read()
                times.append((time.perf_counter() - start) * 1000)
                if response.status != 200:
                    sys.exit(f"{path}: HTTP {response.status}: {body[:200]!r}")
            times.sort()
            p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
            print(f"  {name:38s} {statistics.median(times):7.2f} {p99:7.2f} {times[-1]:7.2f}   ({len(body):,} bytes)")
    finally:
        serve.terminate()
        serve.wait()


if __name__ == "__main__":
    main()
