#!/usr/bin/env python3
"""Plays an OpenAI-compatible inference server in front of a real llama-server, for the dialect
tests. Usage: openai_dialects.py MODE PORT UPSTREAM. Prints "ready PORT" once it listens
(PORT 0: a free port the system picks).

MODE:
  vllm     /v1/models owned by "vllm"; /v1/completions must carry the grammar as
           structured_outputs.grammar (vLLM >= 0.12) and an integer logprobs; answers in vLLM's
           completions form (tokens, token_logprobs, top_logprobs as {text: logprob}).
  sglang   the same, owned by "sglang", the grammar as ebnf.
  fail-open
           owned by "acme"; /v1/chat/completions ignores the schema it is sent and answers a fixed
           object whose merchant is in no note, without log-probabilities (as servers that failed open did).

The grammar is passed to llama-server's native /completion, so the model really runs under it.
A request in the wrong shape is answered 400 with the reason, as the real servers do.
GET /requests lists the bodies received so far (JSON)."""
import http.client
import http.server
import json
import sys
import threading
import urllib.parse

MODE, PORT, UPSTREAM = sys.argv[1], int(sys.argv[2]), urllib.parse.urlsplit(sys.argv[3])
MODEL = "gemma-3-270m-it"
OWNER = {"vllm": "vllm", "sglang": "sglang", "fail-open": "acme"}[MODE]
received = []
lock = threading.Lock()


def upstream(path, body):
    connection = http.client.HTTPConnection(UPSTREAM.hostname, UPSTREAM.port, timeout=300)
    connection.request("POST", path, body=json.dumps(body), headers={"Content-Type": "application/json"})
    answer = connection.getresponse()
    return answer.status, json.loads(answer.read())


def text_of(entry):
    return bytes(entry["bytes"]).decode("utf-8", "replace") if "bytes" in entry else entry["token"]


class Dialect(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def answer(self, status, payload):
        data = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def refuse(self, message):
        self.answer(400, {"error": {"message": message, "type": "BadRequestError", "code": 400}})

    def do_GET(self):
        if self.path == "/v1/models":
            self.answer(200, {"object": "list", "data": [{"id": MODEL, "object": "model", "owned_by": OWNER}]})
        elif self.path == "/requests":
            with lock:
                self.answer(200, received)
        else:
            self.answer(404, {"detail": "Not Found"})

    def do_POST(self):
        body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))) or b"{}")
        with lock:
            received.append({"path": self.path, "body": body})
        if body.get("model") != MODEL:
            return self.answer(404, {"error": {"message": f"The model `{body.get('model')}` does not exist.", "code": 404}})
        if MODE == "fail-open":
            if self.path != "/v1/chat/completions":
                return self.answer(404, {"detail": "Not Found"})
            content = json.dumps({"purpose": "Team lunch", "category": "food", "merchant": "Invented Bistro"})
            return self.answer(200, {"object": "chat.completion", "model": MODEL, "choices": [
                {"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": "stop"}]})
        if self.path != "/v1/completions":
            return self.answer(404, {"detail": "Not Found"})
        if MODE == "vllm":
            if "guided_grammar" in body or "grammar" in body:
                return self.refuse("guided_grammar and grammar were removed in v0.12.0; use structured_outputs")
            grammar = (body.get("structured_outputs") or {}).get("grammar")
        else:
            grammar = body.get("ebnf")
        if not isinstance(grammar, str) or not grammar:
            return self.refuse("no grammar in the request")
        logprobs = body.get("logprobs")
        if not isinstance(logprobs, int) or isinstance(logprobs, bool) or not 0 <= logprobs <= 20:
            return self.refuse("logprobs must be an integer from 0 to 20 (--max-logprobs)")
        status, native = upstream("/completion", {
            "prompt": body["prompt"], "grammar": grammar, "n_predict": body.get("max_tokens", 16),
            "temperature": 0, "top_k": 1, "samplers": ["top_k", "temperature"], "n_probs": logprobs,
            "cache_prompt": True, "stream": False})
        if status != 200:
            return self.answer(status, native)
        tokens, token_logprobs, top_logprobs, offsets = [], [], [], []
        offset = 0
        for entry in native.get("completion_probabilities", []):
            text = text_of(entry)
            tokens.append(text)
            token_logprobs.append(entry["logprob"])
            top_logprobs.append({text_of(top): top["logprob"] for top in entry.get("top_logprobs", [])})
            offsets.append(offset)
            offset += len(text)
        self.answer(200, {"object": "text_completion", "model": MODEL, "choices": [{
            "index": 0, "text": native["content"], "finish_reason": "stop",
            "logprobs": {"tokens": tokens, "token_logprobs": token_logprobs, "top_logprobs": top_logprobs,
                         "text_offset": offsets}}]})

    def log_message(self, *args):
        pass


server = http.server.ThreadingHTTPServer(("127.0.0.1", PORT), Dialect)
print("ready", server.server_address[1], flush=True)
server.serve_forever()
