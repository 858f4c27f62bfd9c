"""Pathological but plain reports stay linear: twice the input costs about twice the time.

Each case is measured at a tenth of the size `bench/pathological.py` times in full and at
twice that, in the same run, best of three, and the ratio is checked (never a wall-clock
time): a quadratic stage gives about 4, a linear one about 2.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable

import pytest

from citelint.config import Settings
from citelint.linter import Linter


def _anchored_html_paragraph(n: int) -> tuple[str, str]:
    return "r.html", "<p>" + "".join(
        f"Rate {i % 90}% [pmid:1:abstract]. " for i in range(n)
    ) + "</p>"


def _one_block_of_unanchored_sentences(n: int) -> tuple[str, str]:
    return "r.md", "Rate 5%.\n" * n


def _many_anchored_paragraphs(n: int) -> tuple[str, str]:
    return "r.md", "".join(f"Rate {i % 90}% [pmid:1:abstract].\n\n" for i in range(n))


def _numbered_citations_in_one_paragraph(n: int) -> tuple[str, str]:
    entries = "".join(f"<li>Author A. Title {k}. J. 2020. PMID: {k}</li>" for k in range(1, 51))
    body = "".join(f"Rate {i % 90}% [{i % 50 + 1}]. " for i in range(n))
    return "r.html", f"<p>{body}</p><h2>References</h2><ol>{entries}</ol>"


def _long_reference_list(n: int) -> tuple[str, str]:
    body = "".join(f"Rate {i % 90}%[^{i}].\n\n" for i in range(n))
    notes = "".join(f"[^{i}]: https://example.org/{i % 100}\n" for i in range(n))
    return "r.md", body + notes  # every source unsaved, half the entries duplicates


def _links_in_one_paragraph(n: int) -> tuple[str, str]:
    return "r.md", "".join(f"Rate {i % 90}% ([x](https://x.org/{i})). " for i in range(n))


def _mermaid_flowchart(n: int) -> tuple[str, str]:
    edges = "".join(f"  N{i}[Step {i}] --> N{i + 1}[Step {i + 1}]\n" for i in range(n))
    return "r.md", f"# D\n\n```mermaid\nflowchart TD\n{edges}```\n"


def _listed_numbers_before_a_number(n: int) -> tuple[str, str]:
    return "r.md", "Values " + "1, " * n + "and 5% [pmid:1:abstract].\n"


def _cost(make: Callable[[int], tuple[str, str]], n: int) -> float:
    name, text = make(n)
    linter = Linter(Settings(cache_dir=None))
    best = float("inf")
    # Earlier tests leave garbage behind: a collection landing inside one measurement
    # would be charged to that size, so collect first and keep the collector out.
    gc.collect()
    gc.disable()
    try:
        for _ in range(3):  # best of three: one busy moment of the machine is not a trend
            start = time.perf_counter()
            linter.lint_data(name, text.encode(), None)
            best = min(best, time.perf_counter() - start)
    finally:
        gc.enable()
    return best


# (case, a tenth of the size in bench/pathological.py)
CASES = [
    (_anchored_html_paragraph, 5000),
    (_one_block_of_unanchored_sentences, 25000),
    (_many_anchored_paragraphs, 2000),
    (_numbered_citations_in_one_paragraph, 2500),
    (_long_reference_list, 2500),
    (_links_in_one_paragraph, 2500),
    (_mermaid_flowchart, 5000),
    (_listed_numbers_before_a_number, 30000),
]


@pytest.mark.parametrize(("make", "size"), CASES, ids=[c[0].__name__.strip("_") for c in CASES])
def test_twice_the_input_costs_about_twice_the_time(
    make: Callable[[int], tuple[str, str]], size: int
) -> None:
    small, large = _cost(make, size), _cost(make, 2 * size)
    assert large / small <= 2.5, f"{large / small:.2f}x for 2x the input"
