"""How much markup an HTML source leaves in the text the lint reads, before and after.

    python bench/html_reduction.py DIR [DIR ...] [--limit N] [--seed S]

Every `*.html`/`*.htm` file under the folders (a fixed-seed sample of `--limit` files) is
reduced twice: **before**, by the line-by-line tag stripping citelint used until issue 40
(kept here, verbatim, as the baseline); **after**, by `citelint.sources.loaders.html`.
For each it prints:

- the share of non-empty text lines that still hold markup, matching
  `\\b[a-zA-Z:-]+="[^"]*"|^\\s*</?[a-zA-Z]`, where the match is not the page's own text
  (escaped markup in a code sample is what the page shows) (target 0);
- numbers the text offers that occur only inside markup: a number token of the reduced
  text that no text node of the page holds (scripts and styles left out), counted per
  file (target 0) — `width="410"` is how "410 variants" passed before;
- the files whose lines no longer line up (the reduction must keep line N on line N).
"""

from __future__ import annotations

import argparse
import html
import os
import random
import re
import sys

import lxml.html

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from citelint.sources.loaders.html import load_html
from citelint.sources.model import SourceError

MARKUP = re.compile(r'\b[a-zA-Z:-]+="[^"]*"|^\s*</?[a-zA-Z]')
NUMBER = re.compile(r"(?<![\w.])\d+(?:\.\d+)?(?![\w.])")

# -- the reduction before issue 40, as it was ------------------------------------------
_HIDDEN = re.compile(r"<(script|style)\b.*?</\1\s*>|<!--.*?-->", re.I | re.S)
_TAG = re.compile(r"<[^>]*>")
_NEWLINE = re.compile(r"\r\n?|\n")


def before(data: bytes) -> list[str]:
    raw = data.decode("utf-8").removeprefix("\ufeff")
    blanked = _HIDDEN.sub(lambda m: "\n" * len(_NEWLINE.findall(m.group(0))), raw)
    return [html.unescape(_TAG.sub("", line)) for line in _NEWLINE.split(blanked)]


def after(path: str, data: bytes) -> list[str]:
    return list(load_html(path, data, None).lines)


def visible(data: bytes) -> str:
    """The page's text nodes, scripts and styles left out: what a reader sees, spaces
    squeezed (escaped code in `<pre>` is the page's own text, not leaked markup)."""
    try:
        root = lxml.html.document_fromstring(data)
    except Exception:
        return ""
    for hidden in root.xpath("//script|//style"):
        hidden.text = ""
    return " ".join(" ".join(root.itertext()).split())


def measure(lines: list[str], seen: str) -> tuple[int, int, int]:
    """Text lines; lines with markup the page does not show as text; numbers only
    inside markup."""
    text = [line for line in lines if line.strip()]
    leaked = sum(
        1 for line in text if any(m.group(0).strip() not in seen for m in MARKUP.finditer(line))
    )
    numbers = set(NUMBER.findall(seen))
    only_markup = {n for line in text for n in NUMBER.findall(line)} - numbers
    return len(text), leaked, len(only_markup)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("folders", nargs="+")
    parser.add_argument("--limit", type=int, default=0)
    parser.add_argument("--seed", type=int, default=40)
    parser.add_argument("--show", type=int, default=0, help="print N leaking lines after")
    args = parser.parse_args()
    files = sorted(
        os.path.join(d, f)
        for folder in args.folders
        for d, _, names in os.walk(folder)
        for f in names
        if f.endswith((".html", ".htm"))
    )
    if args.limit and len(files) > args.limit:
        files = sorted(random.Random(args.seed).sample(files, args.limit))
    totals = {"before": [0, 0, 0, 0], "after": [0, 0, 0, 0]}
    misaligned, unreadable, shown = 0, 0, 0
    for path in files:
        with open(path, "rb") as handle:
            data = handle.read()
        try:
            old, new = before(data), after(path, data)
        except (UnicodeDecodeError, SourceError):
            unreadable += 1
            continue
        misaligned += len(old) != len(new)
        seen = visible(data)
        for name, lines in (("before", old), ("after", new)):
            count, markup, only = measure(lines, seen)
            row = totals[name]
            row[0] += count
            row[1] += markup
            row[2] += only
            row[3] += bool(only)
        for number, line in enumerate(new, 1):
            leaks = [m.group(0) for m in MARKUP.finditer(line) if m.group(0).strip() not in seen]
            if shown < args.show and leaks:
                print(f"{path}:{number}: {line[:160]}")
                shown += 1
    print(f"{len(files)} files ({unreadable} not UTF-8 nor declared, left out)")
    for name, (count, markup, only, files_with) in totals.items():
        share = markup / count if count else 0.0
        print(
            f"{name:>6}: {markup:,} of {count:,} text lines hold markup the page does not "
            f"show as text ({share:.1%}); "
            f"{only:,} numbers only inside markup, in {files_with} files"
        )
    print(f"files whose line count changed: {misaligned}")


if __name__ == "__main__":
    main()
