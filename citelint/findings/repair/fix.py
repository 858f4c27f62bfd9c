"""`--fix` and `--diff`: apply the anchor edits the hints carry, byte-exactly.

Only the reports that were linted are written, only where the file still holds exactly
the text that was linted, and only the edited characters change: the BOM, the line
endings and every other byte stay as they were. Writes are atomic (a temporary file in
the same folder, then a rename), so an interrupted run leaves the old file or the new
one. Two hints that want different text at one place cancel each other out.
"""

from __future__ import annotations

import codecs
import difflib
import os
import stat
from collections.abc import Iterable
from dataclasses import dataclass

from citelint.ground import redact, writes
from citelint.outputs.diagnostic import Edit
from citelint.outputs.result import Result
from citelint.sources.model import SourceError
from citelint.sources.paths import read_regular

MAX_REPORT = 256 * 1024 * 1024  # a report is re-read before it is written


@dataclass(frozen=True, slots=True)
class Planned:
    """The edits of one report and the text they give."""

    path: str  # as outputs show it
    origin: str  # the real file that was linted
    before: str
    after: str
    edits: int


def plan(result: Result, *, unsafe: bool) -> list[Planned]:
    out = []
    for f in result.files:
        if not f.origin or f.text is None:
            continue
        wanted = [s.edit for d in f.diagnostics for s in d.suggestions if s.safe or unsafe]
        edits = _chosen(e for e in wanted if e is not None)
        after = apply_edits(f.text, edits)
        if after != f.text:
            out.append(Planned(f.path, f.origin, f.text, after, len(edits)))
    return out


def _chosen(edits: Iterable[Edit]) -> list[Edit]:
    """One edit per place; places that two hints disagree on, or that overlap, get none."""
    by_place: dict[tuple[int, int], set[str]] = {}
    for e in edits:
        by_place.setdefault((e.start, e.end), set()).add(e.text)
    agreed = sorted((s, e, next(iter(t))) for (s, e), t in by_place.items() if len(t) == 1)
    kept: list[tuple[int, int, str]] = []
    for start, end, text in agreed:
        if kept and start < kept[-1][1]:
            kept.pop()  # overlapping: neither is certain
            continue
        kept.append((start, end, text))
    return [Edit(s, e, t, 0, 0, 0, 0) for s, e, t in kept]


def apply_edits(text: str, edits: list[Edit]) -> str:
    """`text` with non-overlapping edits applied (any order given)."""
    out = text
    for e in sorted(edits, key=lambda e: e.start, reverse=True):
        out = out[: e.start] + e.text + out[e.end :]
    return out


def diff(planned: Iterable[Planned]) -> str:
    chunks: list[str] = []
    for p in planned:
        chunks.extend(
            difflib.unified_diff(
                p.before.splitlines(keepends=True),
                p.after.splitlines(keepends=True),
                fromfile=f"a/{p.path}",
                tofile=f"b/{p.path}",
            )
        )
    return "".join(line if line.endswith(("\n", "\r")) else line + "\n" for line in chunks)


def write(planned: Iterable[Planned]) -> tuple[int, list[str]]:
    """Apply the plan; (edits written, one problem line per report left alone)."""
    written = 0
    problems = []
    for p in planned:
        try:
            data = read_regular(p.origin, MAX_REPORT, "the fix size cap")
            bom = data.startswith(codecs.BOM_UTF8)
            if data.decode("utf-8").removeprefix("\ufeff") != p.before:
                problems.append(f"{p.path}: changed since it was linted; not fixed")
                continue
            _replace(p.origin, (codecs.BOM_UTF8 if bom else b"") + p.after.encode("utf-8"))
            written += p.edits
        except (OSError, SourceError, UnicodeDecodeError) as exc:
            problems.append(f"{p.path}: not fixed ({exc})")
    return written, problems


def _replace(path: str, data: bytes) -> None:
    """The report's new bytes, in place of the regular file (never through a link)."""
    mode = stat.S_IMODE(os.lstat(path).st_mode)
    # the user's own words are kept as written, an address in them too (redact.py)
    writes.write_atomic(path, (data,), mode=mode, replace_link=False, redactor=redact.NONE)
