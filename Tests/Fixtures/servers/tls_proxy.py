#!/usr/bin/env python3
"""An https:// front for a plain http:// server, for the TLS tests: every request is passed on
to UPSTREAM as it came and the answer passed back. Usage: tls_proxy.py CERT KEY PORT UPSTREAM.
Prints "ready PORT" once it listens
(PORT 0: a free port the system picks)."""
import http.client
import http.server
import ssl
import sys
import urllib.parse

CERT, KEY, PORT, UPSTREAM = sys.argv[1], sys.argv[2], int(sys.argv[3]), urllib.parse.urlsplit(sys.argv[4])


class Proxy(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def forward(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
        upstream = http.client.HTTPConnection(UPSTREAM.hostname, UPSTREAM.port, timeout=300)
        headers = {k: v for k, v in self.headers.items() if k.lower() not in ("host", "connection")}
        upstream.request(self.command, self.path, body=body or None, headers=headers)
        answer = upstream.getresponse()
        data = answer.read()
        self.send_response(answer.status)
        for name, value in answer.getheaders():
            if name.lower() not in ("content-length", "transfer-encoding", "connection"):
                self.send_header(name, value)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    do_GET = forward
    do_POST = forward

    def log_message(self, *args):
        pass


server = http.server.ThreadingHTTPServer(("127.0.0.1", PORT), Proxy)
context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
context.load_cert_chain(CERT, KEY)
server.socket = context.wrap_socket(server.socket, server_side=True)
print("ready", server.server_address[1], flush=True)
server.serve_forever()
