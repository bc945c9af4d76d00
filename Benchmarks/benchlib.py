"""What the benchmark scripts share: a free port, a started llama-server that answers /health,
and score.py's scores."""
import json
import socket
import subprocess
import sys
import time
import urllib.request


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_llama_server(arguments, name, seconds, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, hint="", port=None):
    """Starts llama-server (`arguments` without --host/--port) on `port` or a free one and waits until
    /health answers 200; exits with `name` in the message when it stops or does not answer in `seconds`."""
    port = port or free_port()
    proc = subprocess.Popen(arguments + ["--host", "127.0.0.1", "--port", str(port)], stdout=stdout, stderr=stderr)
    deadline = time.time() + seconds
    while time.time() < deadline:
        if proc.poll() is not None:
            sys.exit(f"{name}: llama-server exited with {proc.returncode}{hint}")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=2) as r:
                if r.status == 200:
                    return proc, port
        except OSError:
            pass
        time.sleep(0.1)
    proc.kill()
    sys.exit(f"{name}: llama-server did not become healthy in {seconds} s{hint}")


def score(score_py, gold, pred):
    """score.py's scores of `pred` against `gold`, as a dict."""
    return json.loads(subprocess.run([sys.executable, score_py, gold, pred, "--json"],
                                     capture_output=True, text=True, check=True).stdout)
