"""A large archive linted once: 12,000 report folders, each with its own `sources/`, against
120 in the same run — CPU per folder and peak memory, so a user with an archive knows what
to expect.

    python bench/archive.py [--small 120] [--large 12000] [--jobs 1]

The folders are `scale.py`'s per-report layout (its saved records hard-linked from one
template, so the disk stays small). Each run is one `citelint` process with an empty
cache of its own; its CPU (user + system) and peak resident memory are the child's own,
from `wait4`. The figures are ratios: CPU per folder at the large size against the small,
and peak memory against the small.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
import scale  # the bench's corpus, beside this script


def lint_once(root: Path, jobs: int) -> tuple[float, float, int]:
    """(CPU seconds, peak MB, exit code) of one cold run over the root's reports."""
    argv = [sys.executable, "-m", "citelint", "reports", f"--jobs={jobs}", "--no-progress"]
    argv += ["--cache-dir", str(root / "cache"), "--output", f"json:{root / 'out.json'}"]
    child = subprocess.Popen(argv, cwd=root, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    return (
        usage.ru_utime + usage.ru_stime,
        usage.ru_maxrss / 1024,
        os.waitstatus_to_exitcode(status),
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--small", type=int, default=120)
    parser.add_argument("--large", type=int, default=12000)
    parser.add_argument("--jobs", type=int, default=1)
    opts = parser.parse_args()
    figures = {}
    with tempfile.TemporaryDirectory() as home:
        for size in (opts.small, opts.large):
            root = Path(home) / str(size)
            root.mkdir()
            (root / ".git").mkdir()  # its own project
            scale.per_report(root, size, 20)
            cpu, peak, code = lint_once(root, opts.jobs)
            if code not in (0, 1):
                raise SystemExit(f"the run over {size} folders exited {code}")
            figures[size] = (cpu, peak)
            print(
                f"{size:>6} folders: {cpu:8.1f} s CPU ({1000 * cpu / size:.1f} ms a folder), "
                f"peak {peak:.0f} MB",
                flush=True,
            )
    (cpu_s, peak_s), (cpu_l, peak_l) = figures[opts.small], figures[opts.large]
    per_folder = (cpu_l / opts.large) / (cpu_s / opts.small)
    print(f"CPU per folder, {opts.large} against {opts.small}: {per_folder:.2f}x")
    print(f"peak memory, {opts.large} against {opts.small}: {peak_l / peak_s:.2f}x")


if __name__ == "__main__":
    main()
