"""Ctrl-C at random moments of a `--jobs 2` run: every interrupt exits 130 within a
second, with one line and no traceback, and leaves no partial output file.

    python bench/interrupts.py [--runs 200] [--reports 120] [--seed 56]

The corpus is `scale.py`'s (a sources root per report). One uninterrupted run measures how
long a run takes; each of the `--runs` runs is then sent SIGINT at a moment drawn
uniformly from its start (imports included) to four fifths of that length, by a process
whose SIGINT is not ignored (a background job of a shell ignores it: a bench run so
would measure nothing). Each run writes JSON and SARIF files and the cache (a folder of its own per
run): after the interrupt, each output is absent or whole, and no temporary file is left
in the output folder or the cache. A run that finished before its signal arrived is
counted apart, never as a pass.
"""

from __future__ import annotations

import argparse
import json
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
import scale  # the bench's corpus, beside this script


def run(corpus: Path, out: Path, after: float | None) -> tuple[int, float, str]:
    """(exit code, seconds from the signal to the exit, stderr) of one run."""
    out.mkdir()
    command = [
        sys.executable, "-m", "citelint", "--jobs", "2", "--no-progress",
        "--cache-dir", str(out / "cache"), "-o", f"json:{out}/out.json",
        "-o", f"sarif:{out}/out.sarif", "reports",
    ]  # fmt: skip
    proc = subprocess.Popen(
        command,
        cwd=corpus,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    if after is None:
        _, err = proc.communicate()
        return proc.returncode, 0.0, err
    time.sleep(after)
    sent = time.monotonic()
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate()
    return proc.returncode, time.monotonic() - sent, err


def partial(out: Path) -> list[str]:
    """Outputs that are not whole, and temporary files left behind."""
    bad = []
    for name in ("out.json", "out.sarif"):
        path = out / name
        if path.exists():
            try:
                json.loads(path.read_text(encoding="utf-8"))
            except ValueError:
                bad.append(name)
    for path in out.rglob("*"):
        if path.is_file() and (".tmp" in path.name or path.name.startswith(".")):
            bad.append(str(path.relative_to(out)))
    return bad


def leftovers(bad: list[tuple[int, str]]) -> tuple[int, int]:
    """(outputs that are not whole, temporary files left in the cache): a cache
    temporary file is never read as an entry, and the next run's pruning removes it."""
    cache = sum(name.startswith("cache/") for _, name in bad)
    return len(bad) - cache, cache


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--reports", type=int, default=120)
    parser.add_argument("--seed", type=int, default=56)
    opts = parser.parse_args()
    draw = random.Random(opts.seed)
    with tempfile.TemporaryDirectory() as home:
        corpus = Path(home) / "corpus"
        scale.per_report(corpus, opts.reports, 20)
        (corpus / ".git").mkdir()
        started = time.monotonic()
        code, _, err = run(corpus, Path(home) / "whole", None)
        length = time.monotonic() - started
        if code not in (0, 1):
            raise SystemExit(f"an uninterrupted run failed ({code}): {err[-2000:]}")
        slow, tracebacks, finished, broken = [], 0, 0, []
        waits, before_python, in_start_up = [], 0, 0
        for n in range(opts.runs):
            out = Path(home) / f"run{n}"
            code, took, err = run(corpus, out, draw.uniform(0.0, 0.8 * length))
            if code in (0, 1):
                finished += 1  # the signal came after the run ended: no interrupt measured
                continue
            waits.append(took)
            if code == -signal.SIGINT and not err:
                before_python += 1  # ended by the signal before Python had a handler: a
                continue  # shell shows 130, as for any program; nothing ran, nothing written
            if "Traceback" in err and "citelint" not in err.split("KeyboardInterrupt")[0]:
                in_start_up += 1  # in Python's own start-up, before citelint's first line
                continue
            tracebacks += "Traceback" in err
            if (
                code != 130
                or took > 1.0
                or err.strip().splitlines()[-1:] != ["citelint: interrupted"]
            ):
                slow.append((n, code, round(took, 2), err.strip()[-300:]))
            broken += [(n, name) for name in partial(out)]
    interrupted = opts.runs - finished
    print(f"{opts.runs} runs of {opts.reports} reports, --jobs 2 (a whole run: {length:.1f} s)")
    print(f"interrupted: {interrupted}, finished before the signal: {finished}")
    print(f"ended by the signal before Python set its handler (a shell's 130): {before_python}")
    print(f"a traceback from Python's start-up, before citelint's first line: {in_start_up}")
    if waits:
        waits.sort()
        print(f"signal to exit: median {waits[len(waits) // 2]:.2f} s, slowest {waits[-1]:.2f} s")
    print(f"not 130 within 1 s with one line: {len(slow)}; tracebacks: {tracebacks}")
    outputs, cache = leftovers(broken)
    print(f"outputs not whole: {outputs}; temporary files left in the cache folder: {cache}")
    for item in slow[:5] + broken[:5]:
        print("  ", item)
    if slow or tracebacks or outputs:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
