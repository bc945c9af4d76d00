#!/usr/bin/env python3
"""A scripted inference server that answers /props like llama-server and fails every other
request the way MODE says, for the tests of NoteLedger's server faults (the happy path is always
the real llama-server). Usage: broken_server.py MODE PORT; prints "ready PORT" when listening
(PORT 0: a free port the system picks).

GET /attempts answers the highest X-NoteLedger-Attempt a POST carried: 1 when nothing was tried
again (a test's way to see retries without timing them; identical requests from different steps are
not retries).

GET /in-flight answers the most POSTs that were being answered at once.

MODE: unavailable  503 with Retry-After: 0 (a server that is overloaded or starting)
      reject       400 {"error": {"message": ...}} (a request the server refuses)
      garbage      200 with a body that is not JSON
      hang         no answer at all (a server stuck mid-request)
      slow         3 slots; each POST answered after 0.5 s, with a body that is not JSON (to count
                   how many requests a client keeps in flight)
      truncated    /tokenize answers; a streamed /completion sends two tokens and closes the
                   connection without the final event (a server or proxy cut off mid-answer)
      endless      a streamed /completion sends ` Fer`, `ry`, `"`, then `x` every 20 ms for 10 s
                   without ending; GET /closed says "yes" once a client closed such a stream early
"""
import http.server
import json
import sys
import threading
import time

MODE, PORT = sys.argv[1], int(sys.argv[2])
highest_attempt = 0
in_flight = 0
most_in_flight = 0
closed_early = False
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
        elif self.path == "/closed":
            with lock:
                self.answer(200, "yes" if closed_early else "no")
        elif self.path == "/in-flight":
            with lock:
                self.answer(200, str(most_in_flight))
        elif self.path == "/props":
            slots = 3 if MODE == "slow" else 1
            self.answer(200, json.dumps({"model_path": "/models/scripted.gguf", "total_slots": slots}))
        else:
            self.answer(404, json.dumps({"error": {"message": "not found"}}))

    def do_POST(self):
        global highest_attempt, in_flight, most_in_flight
        self.rfile.read(int(self.headers.get("Content-Length", "0")))
        with lock:
            highest_attempt = max(highest_attempt, int(self.headers.get("X-NoteLedger-Attempt", "0")))
            in_flight += 1
            most_in_flight = max(most_in_flight, in_flight)
        try:
            self.respond()
        finally:
            with lock:
                in_flight -= 1

    def respond(self):
        if MODE == "truncated" and self.path == "/tokenize":
            self.answer(200, json.dumps({"tokens": [1, 2]}))
        elif MODE == "truncated":
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Connection", "close")
            self.end_headers()
            for text, token in (("Fer", 14512), ("ry", 844)):
                event = {"content": text, "stop": False, "completion_probabilities": [
                    {"id": token, "token": text, "bytes": list(text.encode()), "logprob": -0.1, "top_logprobs": []}]}
                self.wfile.write(b"data: " + json.dumps(event).encode() + b"\n\n")
                self.wfile.flush()
            self.close_connection = True
        elif MODE == "endless":
            global closed_early
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Connection", "close")
            self.end_headers()
            texts = [" Fer", "ry", "\""] + ["x"] * 500
            try:
                for index, text in enumerate(texts):
                    event = {"content": text, "stop": False, "completion_probabilities": [
                        {"id": 100 + index, "token": text, "bytes": list(text.encode()), "logprob": -0.1, "top_logprobs": []}]}
                    self.wfile.write(b"data: " + json.dumps(event).encode() + b"\n\n")
                    self.wfile.flush()
                    time.sleep(0.02)
            except (BrokenPipeError, ConnectionResetError):
                with lock:
                    closed_early = True
            self.close_connection = True
        elif MODE == "hang":
            time.sleep(3600)
        elif MODE == "unavailable":
            self.answer(503, json.dumps({"error": {"message": "Loading model"}}), [("Retry-After", "0")])
        elif MODE == "slow":
            time.sleep(0.5)
            self.answer(200, "<html>not json</html>")
        elif MODE == "reject":
            self.answer(400, json.dumps({"error": {"message": "failed to parse grammar"}}))
        else:
            self.answer(200, "<html>not json</html>")


server = http.server.ThreadingHTTPServer(("127.0.0.1", PORT), Handler)
print("ready", server.server_address[1], flush=True)
server.serve_forever()
