"""citelint against a peer that re-reads a source for every anchor, on scale.py's corpus.

The checker users compare citelint with (a Skill-hub script; not ours to ship) opens,
parses and flattens the cited record again for each anchor it meets. The stand-in here
does the same and no more: for every `[pmid:ID:abstract]` of every report it reads the
saved PubMed XML, parses it with lxml, joins the abstract's text and looks for each
number of the citing sentence in it. It reads no config, writes no output, gives no
hint, knows no other citation style and no other kind of record, so it is a floor for
such a peer, not a copy of one.

    python bench/peer.py [--reports 120] [--layout per-report|shared]

Each side runs in a child process (start-up included); CPU (user + system) and peak
memory come from the child's own `wait4`. citelint runs cold (`--no-cache`, one
worker), with repair hints and with `--no-hints`. The issue's targets: citelint's peak
memory ≤ 2× the peer's, its CPU ≤ 1/10 of it. `scale.py` gives the other yardstick, the
floor (parse every report and read what it must, in-process).
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

_ANCHOR = re.compile(r"\[pmid:(\d+):abstract\]")
_NUMBER = re.compile(r"\d+(?:\.\d+)?")


def stand_in(root: Path) -> int:
    """The peer: each anchor's record read, parsed and flattened again. Returns the
    number of anchors whose sentence states a number the abstract lacks."""
    from lxml import etree

    misses = 0
    for report in sorted((root / "reports").rglob("*.md")):
        shared = root / "sources"
        sources = shared if shared.is_dir() else report.parent / "sources"
        for line in report.read_text(encoding="utf-8").splitlines():
            for m in _ANCHOR.finditer(line):
                record = sources / "pubmed" / f"{m.group(1)}.xml"
                tree = etree.fromstring(record.read_bytes())
                abstract = " ".join(" ".join(a.itertext()) for a in tree.iter("AbstractText"))
                said = set(_NUMBER.findall(abstract))
                misses += any(n not in said for n in _NUMBER.findall(line[: m.start()]))
    return misses


def child(argv: list[str], cwd: Path) -> tuple[float, float]:
    """CPU seconds (user + system) and peak memory (MB) of one child process."""
    proc = subprocess.Popen(argv, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    if os.waitstatus_to_exitcode(status) not in (0, 1):
        raise SystemExit(f"peer: {argv[:4]} failed ({status})")
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--reports", type=int, default=120)
    ap.add_argument("--layout", choices=("per-report", "shared"), default="per-report")
    ap.add_argument("--stand-in", type=Path, help=argparse.SUPPRESS)  # the child's side
    args = ap.parse_args()
    if args.stand_in is not None:
        print(stand_in(args.stand_in))
        return
    import scale

    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "project"
        root.mkdir()
        (root / ".git").mkdir()
        (scale.per_report if args.layout == "per-report" else scale.corpus)(root, args.reports, 20)
        peer = child([sys.executable, __file__, "--stand-in", str(root)], root)
        lint = [sys.executable, "-m", "citelint", "reports", "--no-cache", "--jobs=1"]
        lint += ["--output", f"json:{Path(tmp) / 'out.json'}"]
        hinted = child(lint, root)
        plain = child([*lint, "--no-hints"], root)
    print(f"[{args.layout}] {args.reports} reports, 20 cited sentences each")
    print(f"peer stand-in:        {peer[0]:6.2f} s CPU  {peer[1]:5.0f} MB")
    for name, (cpu, mb) in (("citelint", hinted), ("citelint --no-hints", plain)):
        print(
            f"{name + ':':21} {cpu:6.2f} s CPU  {mb:5.0f} MB   CPU {cpu / peer[0]:.2f}× the "
            f"peer's (target <= 0.10), memory {mb / peer[1]:.2f}× (target <= 2.0)"
        )


if __name__ == "__main__":
    main()
