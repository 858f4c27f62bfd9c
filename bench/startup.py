"""Start-up: `citelint --version`, `citelint rules` and a cold lint of `examples/` against a
bare interpreter (`python -c pass`), in one run, as ratios; and what `import citelint.commands.cli`
costs (`python -X importtime`).

    python bench/startup.py [--runs 15]

The figures that matter to a pre-commit hook and a shell: `--version` ≤ 3× a bare
interpreter; a cold lint of the examples ≤ 1.5× `--version` plus the lint's own work. The
lint's own work is measured in a fresh process: importing the engine (`citelint.lint.linter`)
and the first `Runner.lint` over examples/ — what no command line can avoid — so
the ratio shows what the command line adds on top (PDF and crypto support, formatters it
does not print, registries it does not use).

Run it with bytecode allowed (unset PYTHONDONTWRITEBYTECODE), as an installed package runs.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _best(argv: list[str], runs: int, env: dict[str, str]) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(
            argv, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def _lint_work(runs: int) -> tuple[float, float]:
    """(engine import, first lint of examples/), each the median over fresh processes."""
    code = (
        "import time; s=time.perf_counter(); from citelint.lint.runner import Runner; "
        "from citelint.config.load import Settings; i=time.perf_counter()-s; "
        "s=time.perf_counter(); Runner.of(Settings(project_root='.'), ['examples']).lint(); "
        "print(i, time.perf_counter()-s)"
    )
    imports, lints = [], []
    for _ in range(runs):
        out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
        if out.returncode != 0:
            raise SystemExit(f"startup: the lint probe failed: {out.stderr.strip()[-400:]}")
        first, second = out.stdout.split()
        imports.append(float(first))
        lints.append(float(second))
    return statistics.median(imports), statistics.median(lints)


def _import_ms() -> float:
    out = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", "import citelint.commands.cli"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    ).stderr
    last = [line for line in out.splitlines() if re.search(r"\|\s+citelint\.commands\.cli$", line)]
    return int(last[-1].split("|")[1]) / 1000 if last else float("nan")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=15)
    runs = parser.parse_args().runs
    env = {**os.environ, "CITELINT_CACHE_DIR": tempfile.mkdtemp()}
    citelint = [sys.executable, "-m", "citelint"]
    bare = _best([sys.executable, "-c", "pass"], runs, env)
    version = _best([*citelint, "--version"], runs, env)
    rules = _best([*citelint, "rules"], runs, env)
    lint = _best([*citelint, "--no-cache", "examples"], runs, env)
    engine, first = _lint_work(runs)
    work = engine + first
    print(f"python -c pass            {bare * 1000:7.1f} ms")
    print(f"citelint --version        {version * 1000:7.1f} ms  {version / bare:5.2f}× bare")
    print(f"citelint rules            {rules * 1000:7.1f} ms  {rules / bare:5.2f}× bare")
    print(f"citelint examples (cold)  {lint * 1000:7.1f} ms")
    print(f"  engine import           {engine * 1000:7.1f} ms (fresh process)")
    print(f"  first lint of examples  {first * 1000:7.1f} ms (fresh process)")
    print(f"  cold / (--version + the lint's own work) {lint / (version + work):5.2f}")
    print(f"import citelint.commands.cli       {_import_ms():7.1f} ms (cumulative, -X importtime)")


if __name__ == "__main__":
    main()
