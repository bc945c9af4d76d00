#!/usr/bin/env python3
"""A scripted inference server that answers /props like llama-server and fails every other
request the way MODE says, for the tests of NoteLedger's server faults (the happy path is always
the real llama-server). Usage: broken_server.py MODE PORT; prints "ready" when listening.

GET /attempts answers the highest X-NoteLedger-Attempt a POST carried: 1 when nothing was tried
again (a test's way to see retries without timing them; identical requests from different steps are
not retries).

MODE: unavailable  503 with Retry-After: 0 (a server that is overloaded or starting)
      reject       400 {"error": {"message": ...}} (a request the server refuses)
      garbage      200 with a body that is not JSON
      hang         no answer at all (a server stuck mid-request)
"""
import http.server
import json
import sys
import threading
import time

MODE, PORT = sys.argv[1], int(sys.argv[2])
highest_attempt = 0
lock = threading.Lock()


class Handler(http.server.BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def answer(self, status, body, headers=()):
        data = body.encode()
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        if self.path == "/attempts":
            with lock:
                self.answer(200, str(highest_attempt))
        elif self.path == "/props":
            self.answer(200, json.dumps({"model_path": "/models/scripted.gguf", "total_slots": 1}))
        else:
            self.answer(404, json.dumps({"error": {"message": "not found"}}))

    def do_POST(self):
        global highest_attempt
        self.rfile.read(int(self.headers.get("Content-Length", "0")))
        with lock:
            highest_attempt = max(highest_attempt, int(self.headers.get("X-NoteLedger-Attempt", "0")))
        if MODE == "hang":
            time.sleep(3600)
        elif MODE == "unavailable":
            self.answer(503, json.dumps({"error": {"message": "Loading model"}}), [("Retry-After", "0")])
        elif MODE == "reject":
            self.answer(400, json.dumps({"error": {"message": "failed to parse grammar"}}))
        else:
            self.answer(200, "<html>not json</html>")


server = http.server.ThreadingHTTPServer(("127.0.0.1", PORT), Handler)
print("ready", flush=True)
server.serve_forever()
