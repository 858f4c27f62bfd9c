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

from tests.test_linear import CASES

LIMIT = 10.0


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
