"""Markdown parser throughput: pyromark (pulldown-cmark) against markdown-it-py.

Both parse the same generated Markdown in the same process; the figure of merit is the
ratio, since absolute speed depends on the machine. markdown-it-py is not a dependency:
install it to run the comparison (`pip install markdown-it-py`).

    python bench/parsers.py [--mib 4]
"""

from __future__ import annotations

import argparse
import time

import pyromark


def sample(mib: float) -> str:
    block = (
        "# 标题 Heading\n\n中位PFS为4.8个月 [pmid:22663011:results]。Second *sentence* with "
        "`code` and a [link](https://example.org).\n\n- item one 45%\n- item two [nct:N1]\n\n"
        "| a | b (%) |\n|---|---|\n| x | 12 |\n\n```mermaid\ngraph TD\nA-->B\n```\n\n"
    )
    return block * int(mib * 1024 * 1024 / len(block.encode()))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mib", type=float, default=4.0)
    text = sample(ap.parse_args().mib)
    size = len(text.encode()) / 1e6
    options = pyromark.Options.ENABLE_TABLES
    start = time.perf_counter()
    events = sum(1 for _ in pyromark.events_with_range(text, options=options))
    fast = time.perf_counter() - start
    print(f"pyromark:       {size / fast:7.1f} MB/s ({events} events with byte ranges)")
    try:
        from markdown_it import MarkdownIt
    except ImportError:
        print("markdown-it-py: not installed; `pip install markdown-it-py` to compare")
        return
    md = MarkdownIt("commonmark").enable("table")
    start = time.perf_counter()
    tokens = len(md.parse(text))
    slow = time.perf_counter() - start
    print(f"markdown-it-py: {size / slow:7.1f} MB/s ({tokens} tokens, block line maps only)")
    print(f"ratio pyromark / markdown-it-py: {slow / fast:.1f}x")


if __name__ == "__main__":
    main()
