"""Pathological but plain reports stay linear: twice the input costs about twice the time.

Each case is measured at two sizes in the same run, best of five, and the ratio is
checked (never a wall-clock time): a quadratic stage gives about 4, a linear one about 2.
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


def _cost(make: Callable[[int], tuple[str, str]], n: int) -> float:
    name, text = make(n)
    linter = Linter(Settings(cache_dir=None))
    best = float("inf")
    # Earlier tests leave garbage behind: a collection landing inside one measurement
    # would be charged to that size, so collect first and keep the collector out.
    gc.collect()
    gc.disable()
    try:
        for _ in range(5):  # best of five: one busy moment of the machine is not a trend
            start = time.perf_counter()
            linter.lint_data(name, text.encode(), None)
            best = min(best, time.perf_counter() - start)
    finally:
        gc.enable()
    return best


@pytest.mark.parametrize(
    "make",
    [
        _anchored_html_paragraph,
        _one_block_of_unanchored_sentences,
        _many_anchored_paragraphs,
        _numbered_citations_in_one_paragraph,
        _long_reference_list,
        _links_in_one_paragraph,
    ],
)
def test_twice_the_input_costs_about_twice_the_time(
    make: Callable[[int], tuple[str, str]],
) -> None:
    small, large = _cost(make, 2500), _cost(make, 5000)
    assert large / small <= 2.6, f"{large / small:.2f}x for 2x the input"
