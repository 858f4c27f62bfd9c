"""A replay server on 127.0.0.1: each test says what every path answers; nothing here
touches the network."""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

Answer = tuple[int, dict[str, str], bytes]


@dataclass
class Replay:
    """Routes by path and query; a route may be a list (answered in turn, the last kept)."""

    base: str = ""
    routes: dict[str, list[Answer] | Callable[[], Answer]] = field(default_factory=dict)
    asked: list[str] = field(default_factory=list)

    def on(self, path: str, *answers: Answer) -> None:
        self.routes[path] = list(answers)

    def answer(self, path: str) -> Answer:
        route = self.routes.get(path) or self.routes.get(path.split("?")[0])
        if route is None:
            return 404, {"Content-Type": "application/json"}, b'{"error": "not found"}'
        if callable(route):
            return route()
        return route.pop(0) if len(route) > 1 else route[0]


def xml(body: bytes) -> Answer:
    return 200, {"Content-Type": "text/xml"}, body


def json_answer(body: bytes, status: int = 200) -> Answer:
    return status, {"Content-Type": "application/json"}, body


def page(body: bytes, kind: str = "text/html") -> Answer:
    return 200, {"Content-Type": kind}, body


@pytest.fixture
def replay() -> Iterator[Replay]:
    state = Replay()

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            state.asked.append(self.path)
            status, headers, body = state.answer(self.path)
            if headers.get("X-Sleep"):
                time.sleep(float(headers["X-Sleep"]))
            if headers.get("X-Reset"):
                self.connection.close()
                return
            self.send_response(status)
            for name, value in headers.items():
                if not name.startswith("X-"):
                    self.send_header(name, value)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            with contextlib.suppress(BrokenPipeError, ConnectionResetError):
                self.wfile.write(body)

        def log_message(self, format: str, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    state.base = f"http://127.0.0.1:{server.server_address[1]}"
    try:
        yield state
    finally:
        server.shutdown()
        server.server_close()
