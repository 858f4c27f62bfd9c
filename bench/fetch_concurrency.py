"""`citelint fetch` of many pages over many hosts, one at a time and concurrently, in one
side-by-side run: the speed-up, and each host's pace as its own server logged it.

    python bench/fetch_concurrency.py [--hosts 20] [--per-host 10] [--latency 0.05]
                                      [--before CHECKOUT]

Each host is a server on 127.0.0.1 with a port of its own (a host to the client's pacing
is `host:port`) that answers every page after `--latency` seconds, as a remote server
would. A report cites every page as a link; `citelint fetch` saves them under the default
pace for hosts no service names (0.2 s between one host's requests), first with
`--max-concurrency 1`, then with the default. With `--before`, a checkout of an earlier
commit (`git worktree add /tmp/before 91e2c35^`: the last one-at-a-time fetch, which asked
sources in the report's order) runs first, in the same run. The ratio is the measure,
never the seconds; the pacing check reads each server's own log of when requests arrived.
"""

from __future__ import annotations

import argparse
import itertools
import os
import subprocess
import sys
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

PACE = 0.2  # the client's default gap between two requests to one host


def serve(latency: float, log: list[tuple[int, float]]) -> ThreadingHTTPServer:
    class Page(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            log.append((self.server.server_address[1], time.monotonic()))
            time.sleep(latency)
            body = f"<html><body><p>Page {self.path}.</p></body></html>".encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Page)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def fetch(folder: Path, concurrency: list[str], code: Path | None = None) -> float:
    """Seconds one `citelint fetch` of the folder's report took (its sources afresh), by
    this checkout's citelint or by the one at `code`."""
    env = {**os.environ, "CITELINT_FETCH_ALLOW_PRIVATE": "1", "NO_COLOR": "1"}
    if code is not None:
        env["PYTHONPATH"] = str(code)
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "citelint", "fetch", "--no-progress", *concurrency, "."],
        cwd=folder, env=env, capture_output=True, text=True, check=False,
    )  # fmt: skip
    took = time.perf_counter() - started
    if done.returncode != 0:
        raise SystemExit(f"fetch failed: {done.stdout[-2000:]}{done.stderr[-2000:]}")
    return took


def closest_gap(log: list[tuple[int, float]]) -> float:
    """The shortest time between two requests one server logged (its host's pace)."""
    by_port: dict[int, list[float]] = {}
    for port, at in log:
        by_port.setdefault(port, []).append(at)
    gaps = [b - a for times in by_port.values() for a, b in itertools.pairwise(sorted(times))]
    return min(gaps)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hosts", type=int, default=20)
    parser.add_argument("--per-host", type=int, default=10)
    parser.add_argument("--latency", type=float, default=0.05)
    parser.add_argument("--before", type=Path, help="an earlier commit's checkout")
    opts = parser.parse_args()
    log: list[tuple[int, float]] = []
    servers = [serve(opts.latency, log) for _ in range(opts.hosts)]
    # one host's pages together, as a report citing one site's pages has them
    links = [
        f"- Page {page} of site {n} says so ([p](http://127.0.0.1:{s.server_address[1]}/{page})).\n"
        for n, s in enumerate(servers)
        for page in range(opts.per_host)
    ]
    times: dict[str, float] = {}
    gaps: dict[str, float] = {}
    runs: list[tuple[str, list[str], Path | None]] = [
        ("one at a time", ["--max-concurrency", "1"], None),
        ("concurrent", [], None),
    ]
    if opts.before is not None:
        runs.insert(0, ("one at a time, before", [], opts.before.resolve()))
    for name, flags, code in runs:
        with tempfile.TemporaryDirectory() as home:
            folder = Path(home)
            (folder / "citelint.toml").write_text("")
            (folder / "r.md").write_text("# Pages\n\n" + "".join(links))
            log.clear()
            times[name] = fetch(folder, flags, code)
            gaps[name] = closest_gap(log)
            saved = len(list((folder / "sources" / "web").glob("*.html")))
            assert saved == len(links), (name, saved)
    total = opts.hosts * opts.per_host
    print(f"{total} pages over {opts.hosts} hosts, {opts.latency:g} s a page")
    for name in times:
        if name != "concurrent":
            ratio = times[name] / times["concurrent"]
            print(f"speed-up, concurrent against {name}: {ratio:.1f}x")
    for name in times:
        print(f"closest two requests to one host, {name}: {gaps[name]:.3f} s (pace {PACE:g} s)")
    if min(gaps.values()) < PACE * 0.95:
        raise SystemExit("a host was asked faster than its pace")


if __name__ == "__main__":
    main()
