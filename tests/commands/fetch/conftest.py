"""A replay server on 127.0.0.1: each test says what every path answers; nothing here
touches the network."""

from __future__ import annotations

import contextlib
import socket
import sys
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
    times: list[float] = field(default_factory=list)  # when each was asked (monotonic)
    sent: list[dict[str, str]] = field(default_factory=list)  # each request's headers

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
            state.times.append(time.monotonic())
            state.sent.append(dict(self.headers.items()))
            status, headers, body = state.answer(self.path)
            if headers.get("X-Sleep"):
                time.sleep(float(headers["X-Sleep"]))
            if headers.get("X-Reset"):
                self.connection.close()
                return
            send(self, status, headers, body)

        def log_message(self, format: str, *args: object) -> None:
            pass

    with serving(Handler) as base:
        state.base = base
        yield state


def send(
    handler: BaseHTTPRequestHandler, status: int, headers: dict[str, str], body: bytes
) -> None:
    """An answer as scripted: `X-` headers are the script's, never sent."""
    handler.send_response(status)
    for name, value in headers.items():
        if not name.startswith("X-"):
            handler.send_header(name, value)
    handler.send_header("Content-Length", str(len(body)))
    handler.end_headers()
    with contextlib.suppress(BrokenPipeError, ConnectionResetError):
        handler.wfile.write(body)


@contextlib.contextmanager
def serving(handler: type[BaseHTTPRequestHandler]) -> Iterator[str]:
    """A server on 127.0.0.1 for the test's duration; its base URL."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


# -- hostile servers and the connections a test allows ---------------------------------

_ALLOWED: set[tuple[str, int]] | None = None
CONNECTED: list[tuple[str, int]] = []  # every destination asked while a test watched


def _audit(event: str, args: tuple[object, ...]) -> None:
    if event != "socket.connect" or _ALLOWED is None:
        return
    address = args[1]
    if not (isinstance(address, tuple) and len(address) >= 2):
        return
    host, port = str(address[0]), int(address[1])
    CONNECTED.append((host, port))
    if (host, port) not in _ALLOWED:  # refused before a packet leaves the machine
        raise PermissionError(f"the test refused a connection to {host}:{port}")


sys.addaudithook(_audit)  # audit hooks stay for the process; it acts only inside `only`


@contextlib.contextmanager
def only(*allowed: tuple[str, int]) -> Iterator[list[tuple[str, int]]]:
    """Refuse every connection but to `allowed`; yield the destinations asked."""
    global _ALLOWED
    _ALLOWED = set(allowed)
    CONNECTED.clear()
    try:
        yield CONNECTED
    finally:
        _ALLOWED = None


@dataclass
class Raw:
    """A server on 127.0.0.1 that answers every connection with `answer` as raw bytes,
    `drip` seconds between bytes when set; `requests` holds each request's first line."""

    answer: bytes = b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok"
    drip: float = 0.0
    port: int = 0
    requests: list[str] = field(default_factory=list)

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"


@pytest.fixture
def raw() -> Iterator[Raw]:
    state = Raw()
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(8)
    listener.settimeout(0.2)
    state.port = listener.getsockname()[1]
    stop = threading.Event()

    def serve(conn: socket.socket) -> None:
        with conn:
            conn.settimeout(2)
            with contextlib.suppress(OSError):
                head = conn.recv(65536).split(b"\r\n", 1)[0]
                state.requests.append(head.decode("latin-1"))
                if not state.drip:
                    conn.sendall(state.answer)
                    return
                for i in range(len(state.answer)):
                    if stop.is_set():
                        return
                    conn.sendall(state.answer[i : i + 1])
                    time.sleep(state.drip)

    def accept() -> None:
        while not stop.is_set():
            try:
                conn, _ = listener.accept()
            except (TimeoutError, OSError):
                continue
            threading.Thread(target=serve, args=(conn,), daemon=True).start()

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    try:
        yield state
    finally:
        stop.set()
        thread.join(2)
        listener.close()
