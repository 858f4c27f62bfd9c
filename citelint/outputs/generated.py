"""What citelint writes carries a mark, so that a later run never lints it as a report.

The HTML view and its pages hold `<meta name="generator" content="citelint">`; the
Markdown job summary (`--summary-file`) opens with `<!-- generator: citelint -->`. A file
whose first 4 KB hold the mark is citelint's own output — unless git tracks it: a pull
request cannot hide a committed report by forging the mark, and under `--isolated` the
mark counts for nothing (`discover.py`). Text outputs (`-o concise:`, `-o text:`) are
known by their shape (`discover.py`).
"""

from __future__ import annotations

import os

from citelint.sources.paths import read_head

HTML_MARK = '<meta name="generator" content="citelint">'
MARKDOWN_MARK = "<!-- generator: citelint -->"
HEAD = 4096  # bytes of a file read for the mark


def marked(path: str) -> bool:
    """Whether the file carries citelint's generator mark in its first bytes. A symlink
    is never opened here: it may lead outside the project (its report is CL902's)."""
    if os.path.islink(path):
        return False
    head = read_head(path, HEAD).lstrip(b"\xef\xbb\xbf \t\r\n")
    return head.startswith(MARKDOWN_MARK.encode()) or HTML_MARK.encode() in head
