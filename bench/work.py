"""Counted work of one lint of a pathological report, to compare two commits.

Work is counted as `tests/test_linear.py` counts it (every Python line and every call
of a C function while linting), so the figure is the same on a loaded machine and can be
compared across commits installed side by side:

    python bench/work.py                         # this checkout
    PYTHONPATH=/path/to/old/checkout python bench/work.py

Cases: `digits` (a run of `1,` digit groups cited against a saved record: the repair
hints search each token) and `author-year` (one sentence with thousands of author–year
citations). Each is linted once to warm the imports, then counted.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import sys
import tempfile
from pathlib import Path
from types import FrameType
from typing import Any

CASES = {
    "digits": lambda n: "Values " + "1," * n + "5% [pmid:1:abstract].\n",
    "author-year": lambda n: (
        "# R\n\nRates rose to 5% ("
        + "; ".join(f"Smith{i} et al., {2000 + i % 20}" for i in range(n))
        + ") [pmid:1:abstract].\n"
    ),
}


def count(case: str, n: int) -> int:
    from citelint.commands.cli import main

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        (folder / ".git").mkdir()
        (folder / "sources" / "pubmed").mkdir(parents=True)
        (folder / "sources" / "pubmed" / "1.json").write_text(
            '{"abstract": "Patients took nothing. Values were 5% and 7%."}'
        )
        (folder / "w.md").write_text(CASES[case](8))
        (folder / "r.md").write_text(CASES[case](n))
        units = 0

        def lines(frame: FrameType, event: str, arg: Any) -> Any:
            nonlocal units
            units += event == "line"
            return lines

        def c_calls(frame: FrameType, event: str, arg: object) -> None:
            nonlocal units
            units += event == "c_call"

        args = ["--no-cache", "--no-progress", "--output-format", "concise"]
        old = os.getcwd()
        os.chdir(folder)
        try:
            with contextlib.redirect_stdout(io.StringIO()):
                main([*args, "w.md"])
                sys.settrace(lines)
                sys.setprofile(c_calls)
                try:
                    main([*args, "r.md"])
                finally:
                    sys.setprofile(None)
                    sys.settrace(None)
        finally:
            os.chdir(old)
        return units


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=30000, help="size of each case")
    args = parser.parse_args()
    for case in CASES:
        print(f"{case:12} n={args.n:6}  {count(case, args.n):>12,} units")


if __name__ == "__main__":
    main()
