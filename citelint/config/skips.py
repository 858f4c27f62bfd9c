"""Why a file or folder a walk passes over is not a report: the names and endings a
report has, the folders never entered, a `.txt` file that is no report (a package list,
citelint's own output, a data file whose lines are mostly tab-separated or PubTator
records), the documents a repository or a dataset describes itself in, and what
`--isolated` says on every run about the files it did not lint (`told`). `discover.py`
walks; this says why."""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from citelint.sources.kinds import ALL_KINDS
from citelint.sources.paths import read_head, read_tail

REPORT_SUFFIXES = (".html", ".htm", ".md", ".markdown")
TEXT_SUFFIXES = (".txt",)  # read as Markdown, when named or included
# The usual repository documents are not reports unless `include` names them.
# So are the files a dataset describes itself in: where its files came from, what it holds.
REPOSITORY_DOCUMENT = re.compile(
    r"^(?:readme|changelog|changes|history|contributing|license|licence|code_of_conduct|"
    r"security|authors|notice|support|provenance|manifest|inventory|datasheet|data_?card)"
    r"(?:\.[a-z]+)?$",
    re.I,
)
ALWAYS_SKIPPED = frozenset({"node_modules", "__pycache__"})
NEVER_ENTERED = frozenset({".git", ".hg", ".svn"})  # a repository's own store, even --isolated
UNREAD_FORMAT = (
    "named by `include`, but not a format citelint reads (.html, .htm, .md, .markdown, .txt)"
)
DATA = "a data file (tab-separated or PubTator records), not a report"
REPOSITORY = "a repository document (name it in `include` to lint it)"
NOTE = "an agent's note of what it read (`Information gathered from …`), not a report"
# why a file that could hold a report was not linted, counted under --isolated on every run
TOLD = frozenset(
    {
        "a saved record in a sources folder",
        "its first line is citelint's own output",
        "a symlinked .txt file (name it or `include` it to lint it)",
        DATA,
        UNREAD_FORMAT,
        REPOSITORY,
    }
)
# the folders of a sources root that hold saved records (`sources/pubmed/`, `sources/web/`)
KIND_FOLDERS = frozenset(d for kind in ALL_KINDS for d in kind.dirs)
# a `.txt` file a folder run never takes for a report: a package list, a crawler's rules
NOT_A_TEXT_REPORT = re.compile(r"^(?:requirements|constraints)[\w.-]*\.txt$|^robots\.txt$", re.I)
# what citelint writes as text (`-o text:`, `-o concise:`, `--output-format github`)
CITELINT_OUTPUT = re.compile(
    rb"^(?:[^\n]*:\d+:\d+: CL\d{3} \[(?:critical|warning|info)\] |no findings in \d+ files?"
    rb"|::(?:error|warning|notice) )"
)
TEXT_HEAD = 4096  # bytes of a `.txt` file read to tell citelint's own output or data
# a record line of data: a tab in it, or PubTator's `id|t|title` and `id|a|abstract`
_RECORD_LINE = re.compile(rb"\t|^\w+\|[a-z]\|")


@dataclass
class Found:
    """What discovery found: report files, folders it could not list, and notes."""

    reports: list[str] = field(default_factory=list)
    unreadable: list[tuple[str, str]] = field(default_factory=list)  # (folder, why)
    notes: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)  # named paths not linted, and why
    # report-shaped files a folder run passed over, and why (`-v` names each; under
    # `--isolated` the summary counts them): never a silent pass
    passed_over: list[tuple[str, str]] = field(default_factory=list)
    # `.txt` files a folder run found: reports only when citelint reads a citation in them
    tentative: set[str] = field(default_factory=set)


def text_skip(path: str) -> str | None:
    """Why a `.txt` file a folder run found is no report, or None."""
    if NOT_A_TEXT_REPORT.match(os.path.basename(path)):
        return "a package list or a crawler's rules, not a report"
    if os.path.islink(path):  # never opened to look: it may lead outside
        return "a symlinked .txt file (name it or `include` it to lint it)"
    head = read_head(path, TEXT_HEAD).lstrip(b"\xef\xbb\xbf")
    if CITELINT_OUTPUT.match(head):
        return "its first line is citelint's own output"
    lines = [line for line in head.split(b"\n")[:-1] if line.strip()]  # whole lines only
    if len(lines) >= 2 and 2 * sum(1 for line in lines if _RECORD_LINE.search(line)) >= len(lines):
        return DATA  # half its lines are records: a table of abstracts or annotations
    return None


# An agent's working note of a source it read, as the agent closes it: a last section
# headed `Source` or `Sources` that opens by saying where the note came from, `Information
# gathered from the AACR website: https://…`, `Information compiled from multiple sources
# including …` (Manus saves one per page it reads, beside the report it then writes)
_NOTE_SOURCE = re.compile(
    rb"\n[ \t]*#{1,6}[ \t]*sources?[ \t]*:?[ \t]*\r?\n(?:[ \t]*\r?\n)*[ \t]*"
    rb"information[ \t]+(?:gathered|compiled)[ \t]+from\b[^#]*\Z",
    re.I,
)
NOTE_TAIL = 2048  # bytes of a file's end read to tell an agent's note


def note_skip(path: str) -> str | None:
    """Why a Markdown or text file a folder run found is an agent's note, or None."""
    if os.path.islink(path):
        return None  # never opened here; the walk decides on links
    return NOTE if _NOTE_SOURCE.search(b"\n" + read_tail(path, NOTE_TAIL)) else None


def told(passed_over: Sequence[tuple[str, str]], dropped: int = 0) -> list[str]:
    """What `--isolated` says on every run (not only with `-v`): how many files that could
    hold a report it did not lint, and why — no name, first line or content test hides
    one in silence. `dropped`: `.txt` files a folder run found with no citation in them."""
    counts: dict[str, int] = {}
    for _, why in passed_over:
        if why in TOLD:
            counts[why] = counts.get(why, 0) + 1
    if dropped:
        counts["a .txt file with no citation read in it"] = dropped
    if not counts:
        return []
    parts = ", ".join(f"{n} {why}" for why, n in sorted(counts.items()))
    n = sum(counts.values())
    return [
        f"--isolated: {n} file(s) that could hold a report were not linted ({parts}); -v names each"
    ]
