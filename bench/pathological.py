"""Pathological but plain reports at full size, each through the command line (`citelint
FILE --no-cache`, text output to /dev/null), against the issue's limit of 10 seconds.

The same generators, at a tenth of these sizes and twice that, are checked for linear cost
by tests/test_linear.py.

    python bench/pathological.py
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.conftest import linter_of
from tests.test_linear import CASES, _long_non_ascii_line_of_inline_spans

LIMIT = 10.0
DOUBLING_LIMIT = 2.2  # CPU of twice the input over once, for a linear stage about 2


def _cpu(text: str) -> float:
    """CPU seconds to lint `text` once in this process (median of three)."""
    from citelint.config.load import Settings

    linter = linter_of(Settings(cache_dir=None, project_root="."))
    took = []
    for _ in range(3):
        start = time.process_time()
        linter.lint_bytes("r.md", text.encode(), None)
        took.append(time.process_time() - start)
    return sorted(took)[1]


def doubling() -> None:
    """The long non-ASCII line of inline spans (a Markdown report on one line, `é` first):
    1 MB, and what twice the input costs against once."""
    _, half = _long_non_ascii_line_of_inline_spans(125_000)
    _, whole = _long_non_ascii_line_of_inline_spans(250_000)
    _cpu(half[:1000])  # imports and first-use caches charged to neither
    small, large = _cpu(half), _cpu(whole)
    ratio = large / small
    verdict = "ok" if ratio <= DOUBLING_LIMIT and large < LIMIT else "OVER"
    print(
        f"{'long non-ASCII line, doubled':40} {len(whole) / 1e6:5.2f} MB  {large:6.2f} s  "
        f"{ratio:.2f}x the CPU of half  {verdict}"
    )


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        for make, tenth in CASES:
            name, text = make(tenth * 10)
            path = Path(tmp) / name
            path.write_text(text, encoding="utf-8")
            start = time.perf_counter()
            done = subprocess.run(
                [sys.executable, "-m", "citelint", str(path), "--no-cache"],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.PIPE,
                text=True,
                check=False,
            )
            took = time.perf_counter() - start
            verdict = "ok" if took < LIMIT and done.returncode in (0, 1) else "OVER"
            label = make.__name__.strip("_").replace("_", " ")
            print(
                f"{label:40} {len(text) / 1e6:5.2f} MB  {took:6.2f} s  exit {done.returncode}"
                f"  {verdict}"
            )


if __name__ == "__main__":
    main()
    doubling()
