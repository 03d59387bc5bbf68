"""Test support: the project's real server (started from its CLI with a fixture) and local stubs.

The server is ``dist/cli/main.js`` of this repository (three levels above this folder), started as
``node dist/cli/main.js serve --port 0 --fixture FILE``; its first stdout line names its address.
"""

from __future__ import annotations

import http.server
import json
import queue
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import threading
import unittest
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Tuple

from feedback_board import Client, FeedbackBoardError

REPO_ROOT = Path(__file__).resolve().parents[3]
CLI = REPO_ROOT / "dist" / "cli" / "main.js"

ACME_READ = "acme-read-0123456789abcdef"
ACME_PROPOSE = "acme-propose-0123456789abcdef"
ACME_PROPOSE_2 = "acme-propose2-0123456789abcdef"
ACME_WRITE = "acme-write-0123456789abcdef"
GLOBEX_WRITE = "globex-write-0123456789abcdef"

_LISTENING = re.compile(r"^listening on (http://\S+?)/?$")


class Server:
    """One ``serve`` process of the CLI, stopped with SIGTERM."""

    def __init__(self, fixture: Dict[str, Any], *flags: str) -> None:
        node = shutil.which("node")
        if node is None:
            raise RuntimeError("node is not on PATH; the tests need it to start the server")
        if not CLI.is_file():
            raise RuntimeError(f"{CLI} does not exist; build the package first (npm run build)")
        self._dir = tempfile.TemporaryDirectory(prefix="feedback-board-py-")
        fixture_path = Path(self._dir.name) / "fixture.json"
        fixture_path.write_text(json.dumps(fixture), encoding="utf-8")
        self._stderr = open(Path(self._dir.name) / "stderr.log", "w+b")
        command = [node, str(CLI), "serve", "--port", "0", "--fixture", str(fixture_path), *flags]
        self._process = subprocess.Popen(
            command, stdout=subprocess.PIPE, stderr=self._stderr, cwd=str(REPO_ROOT)
        )
        lines: "queue.Queue[Optional[bytes]]" = queue.Queue()
        threading.Thread(target=self._drain, args=(lines,), daemon=True).start()
        try:
            first = lines.get(timeout=60)
        except queue.Empty:
            first = None
        match = _LISTENING.match((first or b"").decode("utf-8", "replace").strip())
        if match is None:
            stderr = self.stderr()
            self.stop()
            raise RuntimeError(f"server did not start: first stdout line {first!r}; stderr: {stderr}")
        self.url: str = match.group(1)

    def _drain(self, lines: "queue.Queue[Optional[bytes]]") -> None:
        assert self._process.stdout is not None
        first = True
        for line in self._process.stdout:
            if first:
                lines.put(line)
                first = False
        if first:
            lines.put(None)

    def stderr(self) -> str:
        self._stderr.seek(0)
        return self._stderr.read().decode("utf-8", "replace")[-4000:]

    def client(self, key: str, **options: Any) -> Client:
        return Client(self.url, key, **options)

    def stop(self) -> None:
        if self._process.poll() is None:
            self._process.send_signal(signal.SIGTERM)
            try:
                self._process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self._process.kill()
                self._process.wait()
        if self._process.stdout is not None:
            self._process.stdout.close()
        self._stderr.close()
        self._dir.cleanup()


class LiveServerTest(unittest.TestCase):
    """Tests against one server per class, started from :meth:`fixture` with :attr:`flags`."""

    flags: Tuple[str, ...] = ("--rate-limit", "off")
    server: Server

    @classmethod
    def fixture(cls) -> Dict[str, Any]:
        raise NotImplementedError

    @classmethod
    def setUpClass(cls) -> None:
        super().setUpClass()
        cls.server = Server(cls.fixture(), *cls.flags)
        cls.addClassCleanup(cls.server.stop)

    def client(self, key: str = ACME_WRITE, **options: Any) -> Client:
        return self.server.client(key, **options)

    def assertFails(self, status: int, code: str, call: Callable[[], object]) -> FeedbackBoardError:
        """Runs ``call`` and returns the FeedbackBoardError it must raise."""
        with self.assertRaises(FeedbackBoardError) as caught:
            call()
        error = caught.exception
        self.assertEqual((error.status, error.code), (status, code), error.message)
        self.assertTrue(error.message)
        return error


def keys(*pairs: Tuple[str, str]) -> List[Dict[str, str]]:
    return [{"key": key, "scope": scope, "label": scope} for key, scope in pairs]


def two_organizations(acme_boards: List[Dict[str, Any]], acme_keys: Optional[List[Dict[str, str]]] = None) -> Dict[str, Any]:
    """A fixture of Acme (the caller's organization) and Globex (the other one, for isolation)."""
    return {
        "organizations": [
            {
                "name": "Acme",
                "apiKeys": acme_keys
                or keys(
                    (ACME_READ, "read"),
                    (ACME_PROPOSE, "propose"),
                    (ACME_PROPOSE_2, "propose"),
                    (ACME_WRITE, "write"),
                ),
                "webhooks": [
                    {
                        "url": "https://hooks.acme.example/feedback",
                        "events": ["post.created", "post.status_changed"],
                        "description": "Acme CI",
                    }
                ],
                "boards": acme_boards,
            },
            {
                "name": "Globex",
                "apiKeys": keys((GLOBEX_WRITE, "write")),
                "webhooks": [
                    {"url": "https://hooks.globex.example/fb", "events": ["post.created"], "active": False}
                ],
                "boards": [
                    {
                        "slug": "secret-plans",
                        "name": "Secret plans",
                        "published": True,
                        "posts": [{"title": "Globex idea", "status": "planned", "votes": 4}],
                    },
                    {"slug": "features", "name": "Globex features", "posts": [{"title": "Globex feature"}]},
                ],
            },
        ]
    }


def titles(posts: Any) -> List[str]:
    return [post.title for post in posts]


def post_id(client: Client, slug: str, title: str) -> int:
    """The id of the board's post with this title (fixture ids are looked up, not assumed)."""
    for post in client.posts.iter_all(slug):
        if post.title == title:
            return post.id
    raise LookupError(f"no post titled {title!r} on {slug!r}")


class Recorded:
    def __init__(self, method: str, path: str, headers: Dict[str, str], body: bytes) -> None:
        self.method = method
        self.path = path
        self.headers = headers  # names in lower case
        self.body = body

    def json(self) -> Any:
        return json.loads(self.body.decode("utf-8"))


def reply(status: int, body: Any = None, headers: Optional[Dict[str, str]] = None) -> Dict[str, Any]:
    """A scripted answer; ``body`` is JSON-encoded unless it is bytes."""
    raw = body if isinstance(body, bytes) else (b"" if body is None else json.dumps(body).encode())
    sent = {"Content-Type": "application/json"} if not isinstance(body, bytes) else {}
    sent.update(headers or {})
    return {"action": "reply", "status": status, "body": raw, "headers": sent}


STALL: Dict[str, Any] = {"action": "stall"}
DROP: Dict[str, Any] = {"action": "drop"}


class Stub:
    """A local HTTP server answering from a script (one entry per request, the last one repeats)
    and recording every request, for what the real server cannot be made to do."""

    def __init__(self, *script: Dict[str, Any]) -> None:
        self.script = list(script) or [reply(200, {})]
        self.requests: List[Recorded] = []
        self._release = threading.Event()
        stub = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def _handle(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else b""
                headers = {name.lower(): value for name, value in self.headers.items()}
                stub.requests.append(Recorded(self.command, self.path, headers, body))
                step = stub.script[min(len(stub.requests), len(stub.script)) - 1]
                if step["action"] == "drop":
                    self.close_connection = True
                    return
                if step["action"] == "stall":
                    stub._release.wait(30)
                    return
                self.send_response(step["status"])
                for name, value in step["headers"].items():
                    self.send_header(name, value)
                self.send_header("Content-Length", str(len(step["body"])))
                self.end_headers()
                self.wfile.write(step["body"])

            do_GET = do_POST = do_PATCH = do_DELETE = _handle

            def log_message(self, format: str, *args: Any) -> None:
                pass

        self._server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self._server.server_address[1]}"
        threading.Thread(target=self._server.serve_forever, args=(0.02,), daemon=True).start()

    def client(self, key: str = "stub-key", **options: Any) -> Client:
        return Client(self.url, key, **options)

    def stop(self) -> None:
        self._release.set()
        self._server.shutdown()
        self._server.server_close()


def closed_port_url() -> str:
    """An address where nothing listens."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    return f"http://127.0.0.1:{port}"
