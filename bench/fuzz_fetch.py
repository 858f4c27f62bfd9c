"""Hostile servers and hostile reports through `citelint fetch`: no traceback, no
connection to a private address, no write outside the sources root, no URL over its
deadline. Not part of the test suite (it runs for minutes); `bench/fuzz.py --fetch` runs
it, and its figures go in bench/README.md.

    python bench/fuzz_fetch.py [--answers 5000] [--reports 1000] [--seed 36]

A server on 127.0.0.1 answers each request with a mutated HTTP answer: status lines,
`Content-Length` (non-ASCII digits, 5,000 digits, negative, past the cap), `Retry-After`
(superscripts, huge, dates), `Location` (backslashes, credentials, private, NAT64 and
IPv4-compatible addresses, `http://[x/`, other schemes, loops, a name that resolves to a
public address first and to 127.0.0.1 after), `Content-Type` with escape codes, bodies
that are cut, dripped a byte at a time, bot checks or binary. Reports cite mutated URLs
and identifiers (`10.1234/../../admin`), and some are symlinks out of the project or sit
under a sources root that is one.

The fuzz's own server is let through by its exact `address:port` (the client's `allow`),
never by `CITELINT_FETCH_ALLOW_PRIVATE`; a `socket.connect` audit hook counts every
destination and refuses all others before a packet leaves. Names are answered by an
injected resolver, never by DNS. Writes are counted by the `open`, `os.mkdir`,
`os.rename` and `os.replace` audit events. Deadlines and waits are short so the run fits
two cores.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import ipaddress
import itertools
import os
import random
import socket
import sys
import tempfile
import threading
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from citelint.commands.fetch import http  # noqa: E402
from citelint.commands.fetch.plan import wanted_by_root  # noqa: E402
from citelint.commands.fetch.run import fetch_all  # noqa: E402
from citelint.commands.fetch.services import Wanted  # noqa: E402
from citelint.config.load import Settings  # noqa: E402
from citelint.lint.runner import Runner  # noqa: E402

DEADLINE = 0.6  # seconds a URL may take here
SLACK = 0.5  # seconds past it that still count as on time (a thread's wake-up)

# -- what the audit hook sees ----------------------------------------------------------------

_STATE: dict[str, object] = {"allowed": None, "root": None}
CONNECTS: list[tuple[str, int]] = []
PRIVATE: list[tuple[str, int]] = []
OUTSIDE_WRITES: list[str] = []
_WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_TRUNC


def _audit(event: str, args: tuple[object, ...]) -> None:
    allowed = _STATE["allowed"]
    if allowed is None:
        return
    if event == "socket.connect" and isinstance(args[1], tuple) and len(args[1]) >= 2:
        host, port = str(args[1][0]), int(args[1][1])
        CONNECTS.append((host, port))
        if (host, port) == allowed:
            return
        with contextlib.suppress(ValueError):
            if not ipaddress.ip_address(host.split("%")[0]).is_global:
                PRIVATE.append((host, port))
        raise PermissionError(f"the fuzz refused a connection to {host}:{port}")
    root = str(_STATE["root"] or "")
    if event == "open" and isinstance(args[0], str | bytes):
        mode, flags = args[1], args[2]
        writes = (isinstance(mode, str) and any(c in mode for c in "wax+")) or (
            isinstance(flags, int) and flags & _WRITE_FLAGS
        )
        if writes:
            _check_write(os.fsdecode(args[0]), root)
    elif event in ("os.mkdir", "os.rename", "os.replace") and isinstance(args[0], str | bytes):
        for path in args[:2] if event != "os.mkdir" else args[:1]:
            if isinstance(path, str | bytes):
                _check_write(os.fsdecode(path), root)


def _check_write(path: str, root: str) -> None:
    if not root or path == os.devnull:  # the fuzz's own set-up; a subprocess's stdin
        return
    real = os.path.realpath(path)
    if not (real == root or real.startswith(root + os.sep)):
        OUTSIDE_WRITES.append(path)


sys.addaudithook(_audit)


# -- the hostile server ----------------------------------------------------------------------


def _answer(rng: random.Random, port: int) -> tuple[bytes, float]:
    """One mutated HTTP answer and the seconds between its bytes (0: sent at once)."""
    status = rng.choice(
        [
            "200 OK",
            "200 OK",
            "200 OK",
            "301 Moved",
            "302 Found",
            "404 No",
            "429 Slow",
            "503 Busy",
            "400 Bad",
            "999 What",
            "2OO OK",
            "",
        ]
    )
    body = rng.choice(
        [
            b"<html><p>The rate was 5%.</p></html>",
            b"<html><form id=challenge-form>Just a moment...</form></html>",
            b"%PDF-1.4 broken",
            bytes(rng.randrange(256) for _ in range(rng.randint(0, 300))),
            b"",
            b'<?xml version="1.0"?><PubmedArticleSet><PubmedArticle></PubmedArticle>'
            b"</PubmedArticleSet>",
        ]
    )
    headers = []
    kind = rng.choice(
        [
            "text/html",
            "text/html; charset=latin-1",
            "application/pdf",
            "application/json",
            "text/\x1b]0;pwned\x07html",
            "",
            "text/plain\r\nX-Injected: 1",
        ]
    )
    if kind:
        headers.append(f"Content-Type: {kind}")
    length = rng.choice(
        [
            str(len(body)),
            str(len(body)),
            "\u00b2",
            "9" * 5000,
            "-1",
            "99999999999",
            f"{len(body)}, {len(body)}",
            "",
        ]
    )
    if length:
        headers.append(f"Content-Length: {length}")
    if status.startswith(("301", "302")) or rng.random() < 0.1:
        headers.append(
            "Location: "
            + rng.choice(
                [
                    f"http://127.0.0.1:{port}/a/{rng.randrange(10**6)}",
                    f"http://127.0.0.1:{port}\\@8.8.8.8/x",
                    "http://[x/",
                    "http://10.0.0.1/",
                    "http://169.254.169.254/latest/meta-data/",
                    "http://[64:ff9b::7f00:1]/",
                    "http://[::127.0.0.1]/",
                    f"http://[::ffff:127.0.0.1]:{port}/",
                    f"http://rebind.test:{port}/x",
                    "file:///etc/passwd",
                    "gopher://x/",
                    "/a/loop",
                    "http://user:SECRET@public.test/",
                    "http://" + "a" * 9000 + ".test/",
                    "\x1b[2J",
                ]
            )
        )
    if status.startswith(("429", "503")) or rng.random() < 0.05:
        headers.append(
            "Retry-After: "
            + rng.choice(
                ["\u00b2", "1", "30", "9" * 400, "-5", "Wed, 21 Oct 2099 07:28:00 GMT", "0"]
            )
        )
    if rng.random() < 0.05:
        headers.append("X-Long: " + "x" * rng.randint(1000, 70000))
    head = f"HTTP/1.1 {status}\r\n" + "".join(h + "\r\n" for h in headers) + "\r\n"
    drip = 0.02 if rng.random() < 0.03 else 0.0
    data = head.encode("latin-1", "replace") + body
    if rng.random() < 0.05:
        data = data[: rng.randrange(len(data) + 1)]
    return data, drip


class Server:
    """Answers each connection by its path's number (`/a/N` → answer N mod the table)."""

    def __init__(self, seed: int) -> None:
        self.listener = socket.socket()
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(64)
        self.listener.settimeout(0.2)
        self.port = self.listener.getsockname()[1]
        rng = random.Random(seed)
        self.table = [_answer(rng, self.port) for _ in range(512)]
        self.stop = threading.Event()
        self.served = 0
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while not self.stop.is_set():
            try:
                conn, _ = self.listener.accept()
            except OSError:
                continue
            threading.Thread(target=self._serve, args=(conn,), daemon=True).start()

    def _serve(self, conn: socket.socket) -> None:
        with conn, contextlib.suppress(OSError):
            conn.settimeout(2)
            line = conn.recv(65536).split(b"\r\n", 1)[0].decode("latin-1")
            path = line.split(" ")[1] if line.count(" ") >= 2 else "/"
            digits = "".join(c for c in path.rsplit("/", 1)[-1] if c.isdigit())[:9]
            data, drip = self.table[int(digits or 0) % len(self.table)]
            self.served += 1
            if not drip:
                conn.sendall(data)
                return
            for i in range(len(data)):
                if self.stop.is_set():
                    return
                conn.sendall(data[i : i + 1])
                time.sleep(drip)


def _resolver() -> object:
    asked: dict[str, int] = {}

    def resolve(host: str, port: int) -> list[str]:
        asked[host] = asked.get(host, 0) + 1
        if host == "127.0.0.1":
            return ["127.0.0.1"]
        if host == "rebind.test":  # public first, 127.0.0.1 after: DNS rebinding
            return ["93.184.216.34"] if asked[host] == 1 else ["127.0.0.1"]
        if host.startswith("private"):
            return ["10.0.0.7"]
        return ["93.184.216.34"]

    return resolve


def _client(port: int) -> http.Client:
    return http.Client(
        default_interval=0.0,
        sleep=lambda s: time.sleep(min(s, 0.01)),
        deadline=DEADLINE,
        read_timeout=0.4,
        connect_timeout=0.4,
        max_wait=0.5,
        run_wait=5.0,
        resolve=_resolver(),  # type: ignore[arg-type]
        allow=(f"127.0.0.1:{port}",),
    )


# -- the two halves -----------------------------------------------------------------------------


def _timed(root: str, wanted: dict[str, list[Wanted]], client: http.Client) -> list[float]:
    """fetch_all over `wanted`; the seconds each URL took."""
    marks = [time.monotonic()]
    fetch_all(
        wanted,
        client=client,
        env={},
        out=io.StringIO(),
        progress=lambda done, total: marks.append(time.monotonic()),
    )
    return [b - a for a, b in itertools.pairwise(marks)]


def answers(n: int, seed: int, server: Server) -> tuple[int, list[str], list[float]]:
    crashes: list[str] = []
    times: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        root = os.path.realpath(os.path.join(tmp, "sources"))
        os.mkdir(root)
        rng = random.Random(seed)
        done = 0
        while done < n:
            batch = min(100, n - done)
            urls = [
                Wanted("URL", f"http://127.0.0.1:{server.port}/a/{rng.randrange(10**6)}")
                for _ in range(batch)
            ]
            _STATE["root"] = root
            try:
                times += _timed(root, {root: urls}, _client(server.port))
            except Exception:
                crashes.append(traceback.format_exc(limit=3))
            finally:
                _STATE["root"] = None
            done += batch
    return done, crashes, times


_REPORT_URLS = [
    "http://127.0.0.1:{port}/a/{n}",
    "http://127.0.0.1:{port}\\@8.8.8.8/x",
    "http://[x/",
    "http://alice:SECRET-TOKEN@127.0.0.1:{port}/a/{n}",
    "http://private.test/",
    "http://rebind.test:{port}/a/{n}",
    "http://[::127.0.0.1]:{port}/",
    "https://doi.org/10.1234/../../../admin/{n}",
    "https://pubmed.ncbi.nlm.nih.gov/{n}/",
    "http://127.0.0.1:{port}/a/{n}#:~:text=rate",
    "javascript:alert(1)",
    "http://%00/",
    "http://127.0.0.1:{port}/" + "a" * 9000,
]


def reports(n: int, seed: int, server: Server) -> tuple[int, list[str], list[float]]:
    crashes: list[str] = []
    times: list[float] = []
    rng = random.Random(seed)
    for i in range(n):
        with tempfile.TemporaryDirectory() as tmp:
            project = Path(os.path.realpath(tmp)) / "p"
            (project / ".git").mkdir(parents=True)
            outside = Path(os.path.realpath(tmp)) / "outside"
            outside.mkdir()
            (outside / "creds").write_text(
                f"[c](http://alice:PLANTED-SECRET@127.0.0.1:{server.port}/a/1)\n"
            )
            how = rng.randrange(10)
            if how == 0:  # a sources root that is a symlink out
                (project / "sources").symlink_to(outside)
            else:
                (project / "sources").mkdir()
            links = []
            for _ in range(rng.randint(1, 6)):
                url = rng.choice(_REPORT_URLS).format(port=server.port, n=rng.randrange(10**6))
                links.append(f"The rate was {rng.randint(1, 99)}% ([s]({url})).")
            text = "\n\n".join(links) + "\n"
            if rng.random() < 0.2:
                text = text.replace("(", rng.choice(["(\x00", "(\u202e", "( ", "(<"]), 1)
            (project / "r.md").write_text(text, encoding="utf-8", errors="replace")
            if how == 1:  # a report that is a symlink out
                (project / "notes.md").symlink_to(outside / "creds")
            settings = Settings(project_root=str(project), cache_dir=None)
            _STATE["root"] = str(project / "sources")  # what citelint may write from here
            try:
                refused: list[str] = []
                wanted = wanted_by_root(Runner.of(settings, [str(project)]), refused=refused)
                times += _timed(str(project / "sources"), wanted, _client(server.port))
                written = project / "sources" / "fetched.json"
                if written.exists() and "SECRET" in written.read_text():
                    crashes.append(f"#{i}: a secret was written to fetched.json")
                if how == 1 and any("PLANTED" in str(w) for w in wanted.values()):
                    crashes.append(f"#{i}: the symlinked report was read")
            except Exception:
                crashes.append(traceback.format_exc(limit=4))
            finally:
                _STATE["root"] = None
            if list(outside.iterdir()) != [outside / "creds"]:
                crashes.append(f"#{i}: a file was written outside: {list(outside.iterdir())}")
    return n, crashes, times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--answers", type=int, default=5000)
    parser.add_argument("--reports", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=36)
    opts = parser.parse_args()
    server = Server(opts.seed)
    _STATE["allowed"] = ("127.0.0.1", server.port)
    try:
        for label, run in (("server answers", answers), ("reports", reports)):
            CONNECTS.clear()
            PRIVATE.clear()
            OUTSIDE_WRITES.clear()
            served_before = server.served
            total, crashes, times = run(
                opts.answers if label == "server answers" else opts.reports, opts.seed, server
            )
            late = [t for t in times if t > DEADLINE + SLACK]
            print(
                f"{label}: {total} inputs ({len(times)} URLs, {server.served - served_before} "
                f"answers served), {len(crashes)} tracebacks, "
                f"{len(PRIVATE)} connections to private addresses "
                f"({len(CONNECTS)} connections asked, all others refused by the hook), "
                f"{len(OUTSIDE_WRITES)} writes outside the sources root, "
                f"{len(late)} URLs over the deadline of {DEADLINE:g} s "
                f"(slowest {max(times, default=0):.2f} s)"
            )
            for crash in crashes[:5]:
                print("  " + crash.replace("\n", "\n  ")[:1500])
            for path in OUTSIDE_WRITES[:5]:
                print(f"  wrote outside: {path}")
            for host, port in PRIVATE[:5]:
                print(f"  private connection: {host}:{port}")
    finally:
        _STATE["allowed"] = None
        server.stop.set()


if __name__ == "__main__":
    main()
