"""Pathological but plain reports stay linear: four times the input costs about four times
the work.

Work is counted, not timed, so a loaded machine never turns this red: every line of
Python executed (`sys.settrace`) and every call of a C function (`sys.setprofile`) while
linting is one unit, and so is every character a compiled regular expression of the
package scans (each module-level pattern is swapped for a counting stand-in while the
case runs): a sentence loop that scans its whole block each time is one C call a
sentence, but its characters add up. A quadratic stage gives about 16 for 4x the input,
a linear one about 4. Work inside other C calls (a decode, a slice) is not seen here:
`bench/pathological.py` times every case in full.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from types import FrameType
from typing import Any

import pytest

from citelint.commands.cli import main
from citelint.config.load import Settings
from tests.conftest import linter_of, write_file


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


def _abbreviations_key(n: int) -> tuple[str, str]:
    # a key of terms under a table, one paragraph: each term's gloss read once
    terms = "".join(f"AB{i % 90}: Alpha beta\n" for i in range(n))
    return "r.md", f"| A | B |\n|---|---|\n| x | 5% [pmid:1:abstract] |\n\nAbbreviations:\n{terms}"


def _short_label_paragraphs(n: int) -> tuple[str, str]:
    # a flattened table's header is a run of short labels: one long run has none
    return "r.md", "".join(f"Label {i}\n\n" for i in range(n)) + "Rate 5% [1].\n"


def _lists_led_in_by_colons(n: int) -> tuple[str, str]:
    return "r.md", "".join(f"Results {i}:\n\n- rate {i}%\n- rate {i + 1}%\n\n" for i in range(n))


def _plan_labels_over_paragraphs(n: int) -> tuple[str, str]:
    # each `Scenarios:` looks for the list it leads, stopping at the paragraph after it
    # (the rest of the report copied once per label was quadratic in time; this counter
    # charges a slice one C call, so `bench/pathological.py` is the check on that)
    return "r.md", "".join(f"Scenarios:\n\nRate {i}% [1].\n\n" for i in range(n))


def _narrative_citations_and_many_entries(n: int) -> tuple[str, str]:
    body = "".join(f"According to the Alpha Beta Body{i} Group, 5% rose.\n\n" for i in range(n))
    entries = "".join(f"{i + 1}. Alpha Beta Body{i} Group. https://x.org/{i}\n" for i in range(n))
    return "r.md", body + "## References\n\n" + entries


def _prose_years_cited_in_other_sentences(n: int) -> tuple[str, str]:
    # each name and year looks for its entry's number later in its own sentence: the
    # nearest one only, not every later one of the paragraph
    body = "".join("Smith et al. (2020) found x. Then [1] said so. " for _ in range(n))
    return "r.md", f"# R\n\n{body}\n\n## References\n\n1. Smith J. (2020). A title.\n"


def _hidden_think_tags_after_a_backtick(n: int) -> tuple[str, str]:
    # every `</think>` tag on one line after a stray backtick: each is looked at, none is
    # a leak (a code span may hold it), and the line and its block are read once
    tags = "".join(f"word{i} </think> " for i in range(n))
    return "r.md", f"# R\n\nA ` mark {tags}rate 5% [pmid:1:abstract].\n"


def _source_names_in_parentheses(n: int) -> tuple[str, str]:
    # every name a parenthesised list of sources, every entry's leading name a lookup
    names = "; ".join(f"Alpha Body{i} Group" for i in range(min(n, 20)))
    body = "".join(f"Rate {i % 90}% rose (Alpha Body{i} Group; {names}).\n\n" for i in range(n))
    entries = "".join(
        f'{i + 1}. Alpha Body{i} Group. "T{i}." https://x.org/{i}\n' for i in range(n)
    )
    return "r.md", body + "## References\n\n" + entries


_COMMON_WORDS = "Omega kappa sigma lambda theta zeta"  # in every title


def _own_words(i: int) -> str:
    return " ".join(f"{w}{i}" for w in ("tau", "rho", "phi", "chi", "psi", "eta", "iota"))


def _titles_named_beside_misnumbered_citations(n: int) -> tuple[str, str]:
    # each work named by year and title beside the next entry's number: every one is looked
    # up among the entries' titles (by an index of their words, not entry by entry)
    body = "".join(
        f"Rates rose 5% (2020, {_COMMON_WORDS} {_own_words(i)}) [{(i + 1) % n + 1}].\n\n"
        for i in range(n)
    )
    entries = "".join(
        f"{i + 1}. [Okafor et al., 2020, {_COMMON_WORDS} {_own_words(i)}](https://x.org/{i})\n"
        for i in range(n)
    )
    return "r.md", body + "## References\n\n" + entries


def _links_in_one_paragraph(n: int) -> tuple[str, str]:
    return "r.md", "".join(f"Rate {i % 90}% ([x](https://x.org/{i})). " for i in range(n))


def _mermaid_flowchart(n: int) -> tuple[str, str]:
    edges = "".join(f"  N{i}[Step {i}] --> N{i + 1}[Step {i + 1}]\n" for i in range(n))
    return "r.md", f"# D\n\n```mermaid\nflowchart TD\n{edges}```\n"


def _listed_numbers_before_a_number(n: int) -> tuple[str, str]:
    return "r.md", "Values " + "1, " * n + "and 5% [pmid:1:abstract].\n"


def _long_non_ascii_line_of_inline_spans(n: int) -> tuple[str, str]:
    return "r.md", "é " + "*a* " * n + "\n"


def _lines_of_one_block(n: int) -> tuple[str, str]:
    # generated reports write thousands of lines with no blank line between them
    return "r.md", "".join(f"Rate {i % 90}% in cohort {i}.\n" for i in range(n))


def _long_chinese_paragraph(n: int) -> tuple[str, str]:
    return "r.md", "".join(f"患者的缓解率为{i % 90}%，*中位*生存期延长。" for i in range(n)) + "\n"


_SCANS = ("search", "match", "fullmatch", "finditer", "findall", "sub", "subn", "split")


class _CountedPattern:
    """A compiled pattern that counts the characters each scan is given."""

    def __init__(self, pattern: re.Pattern[Any], counter: list[int]) -> None:
        self._pattern = pattern
        self._counter = counter

    def __getattr__(self, name: str) -> Any:
        found = getattr(self._pattern, name)
        if name not in _SCANS:
            return found

        def scan(*args: Any, **kwargs: Any) -> Any:
            got = found(*args, **kwargs)
            if name in ("match", "fullmatch"):  # anchored: what it read, about
                self._counter[0] += 1 + (got.end() - got.start() if got else 0)
                return got
            at = 1 if name in ("sub", "subn") else 0
            string = args[at] if len(args) > at else kwargs.get("string", "")
            ranged = name not in ("sub", "subn", "split")
            pos = int(args[1]) if ranged and len(args) > 1 else int(kwargs.get("pos", 0))
            end = (
                int(args[2]) if ranged and len(args) > 2 else int(kwargs.get("endpos", len(string)))
            )
            if name == "search" and got is not None:
                end = got.end()  # a search stops at its match: a tokenizer's next tag
            self._counter[0] += max(0, min(end, len(string)) - pos)
            return got

        return scan


@contextlib.contextmanager
def _counting_patterns(counter: list[int]) -> Iterator[None]:
    """Every module-level compiled pattern of the package counts what it scans."""
    swapped: list[tuple[Any, str, re.Pattern[Any]]] = []
    for module in list(sys.modules.values()):
        if not getattr(module, "__name__", "").startswith("citelint"):
            continue
        for name, value in list(vars(module).items()):
            if isinstance(value, re.Pattern):
                swapped.append((module, name, value))
                setattr(module, name, _CountedPattern(value, counter))
    try:
        yield
    finally:
        for module, name, value in swapped:
            setattr(module, name, value)


def _clear_caches() -> None:
    for module in list(sys.modules.values()):
        if getattr(module, "__name__", "").startswith("citelint"):
            for value in vars(module).values():
                if callable(getattr(value, "cache_clear", None)):
                    value.cache_clear()


def _superscript_run(n: int) -> tuple[str, str]:
    return "r.md", "# R\n\nThe rate was 5%" + "¹" * n + ".\n"


def _many_attributes(n: int) -> tuple[str, str]:
    return "r.html", "<p " + " ".join(
        f"a{i}=x" for i in range(n)
    ) + ">Rate 5% [pmid:1:abstract].</p>"


def _comma_digits_before_a_number(n: int) -> tuple[str, str]:
    return "r.md", "Values " + "1," * n + "5% [pmid:1:abstract].\n"


def _drugs_in_one_sentence(n: int) -> tuple[str, str]:
    names = ", ".join(f"zel{chr(97 + i % 26)}{chr(97 + i // 26 % 26)}tinib" for i in range(n))
    return "r.md", f"# R\n\nPatients took {names} [pmid:1:abstract].\n"


def _author_year_citations_in_one_sentence(n: int) -> tuple[str, str]:
    cites = "; ".join(f"Smith{i} et al., {2000 + i % 20}" for i in range(n))
    return "r.md", f"# R\n\nRates rose to 5% ({cites}) [pmid:1:abstract].\n"


def _footnoted_html_export(n: int) -> tuple[str, str]:
    # Pandoc's footnotes: each note cited by a link around a superscript, all of them an
    # ordered list in a `doc-endnotes` section; and pulldown-cmark's, one element a note
    refs = "".join(
        f'Rate {i}%.<a href="#fn{i}" role="doc-noteref"><sup>{i}</sup></a> ' for i in range(1, n)
    )
    notes = "".join(
        f'<li id="fn{i}"><p>Author{i} A. Trial {i}. 2020.</p></li>' for i in range(1, n)
    )
    own = "".join(
        f'<div class="footnote-definition" id="d{i}"><sup class="footnote-definition-label">'
        f"{i}</sup><p>Other{i} B. Study. 2021.</p></div>"
        for i in range(n)
    )
    return "r.html", f'<p>{refs}</p><section role="doc-endnotes"><ol>{notes}</ol></section>{own}'


def _cost(make: Callable[[int], tuple[str, str]], n: int, root: str | None = None) -> int:
    """Work units spent linting the case at size `n`. A small case runs first, so lazy
    imports are not charged to either size; the module-level caches (labels, tokens) are
    cleared, so neither size is served from the other's."""
    warm_name, warm = make(8)
    # a sources root is read only inside the project: the root's folder is the project
    settings = Settings(cache_dir=None, project_root=os.path.dirname(root) if root else ".")
    linter_of(settings).lint_bytes(warm_name, warm.encode(), root)
    name, text = make(n)
    data = text.encode()
    _clear_caches()
    linter = linter_of(settings)
    units = 0
    scanned = [0]  # characters the package's patterns scanned

    def lines(frame: FrameType, event: str, arg: Any) -> Any:  # sys.settrace's own types
        nonlocal units
        units += event == "line"
        return lines

    def c_calls(frame: FrameType, event: str, arg: object) -> None:
        nonlocal units
        units += event == "c_call"

    # Coverage measures the suite through the same hooks: put its tracer back after.
    tracer, profiler = sys.gettrace(), sys.getprofile()
    with _counting_patterns(scanned):
        sys.settrace(lines)
        sys.setprofile(c_calls)
        try:
            linter.lint_bytes(name, data, root)
        finally:
            sys.setprofile(profiler)
            sys.settrace(tracer)
    return units + scanned[0]


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
    (_superscript_run, 4000),
    (_many_attributes, 10000),
    (_comma_digits_before_a_number, 30000),
    (_drugs_in_one_sentence, 600),
    (_author_year_citations_in_one_sentence, 4000),
    (_short_label_paragraphs, 8000),
    (_abbreviations_key, 5000),
    (_lists_led_in_by_colons, 2000),
    (_plan_labels_over_paragraphs, 2000),
    (_narrative_citations_and_many_entries, 2000),
    (_source_names_in_parentheses, 1000),
    (_prose_years_cited_in_other_sentences, 2000),
    (_hidden_think_tags_after_a_backtick, 2000),
    (_long_non_ascii_line_of_inline_spans, 25000),
    (_lines_of_one_block, 2500),
    (_long_chinese_paragraph, 2000),
    (_footnoted_html_export, 2000),
]


@pytest.mark.parametrize(("make", "size"), CASES, ids=[c[0].__name__.strip("_") for c in CASES])
def test_four_times_the_input_costs_about_four_times_the_work(
    make: Callable[[int], tuple[str, str]], size: int
) -> None:
    small, large = _cost(make, size // 4), _cost(make, size)
    assert large / small <= 4.4, f"{large / small:.2f}x the work for 4x the input"


def _json_bytes(make: Callable[[int], tuple[str, str]], n: int, tmp: Path) -> int:
    name, text = make(n)
    write_file(tmp / ".git" / "x", "")
    write_file(tmp / name, text)
    write_file(tmp / "sources" / "pubmed" / "1.json", '{"abstract": "Patients took nothing."}')
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.chdir(tmp):
        main(["--no-cache", "--no-progress", "--output-format", "json", name])
    return len(out.getvalue())


def test_findings_of_one_sentence_do_not_repeat_it(tmp_path: Path) -> None:
    """N drugs in one sentence give N findings: the JSON grows with N, not N²."""
    small = _json_bytes(_drugs_in_one_sentence, 150, tmp_path / "small")
    large = _json_bytes(_drugs_in_one_sentence, 600, tmp_path / "large")
    assert large / small <= 4.4, f"{large / small:.2f}x the bytes for 4x the drugs"


def test_the_hints_search_costs_each_repeated_token_once(tmp_path: Path) -> None:
    """A run of `1,` digit groups cited against a saved source: the repair hints search
    every token alone, and 30,000 equal tokens are one search, not 30,000."""
    write_file(tmp_path / "sources" / "pubmed" / "1.json", '{"abstract": "Values were 5%."}')
    root = str(tmp_path / "sources")
    small = _cost(_comma_digits_before_a_number, 7500, root)
    large = _cost(_comma_digits_before_a_number, 30000, root)
    assert large / small <= 4.4, f"{large / small:.2f}x the work for 4x the input"


def test_titles_named_beside_citations_are_looked_up_not_compared_with_every_entry(
    tmp_path: Path,
) -> None:
    """N works named by year and title, each beside another entry's number, against N
    entries whose titles share six words: each is looked up by its own words (a word in
    every title names none), not compared with every entry (CL104's numbering check)."""
    write_file(tmp_path / "sources" / "pubmed" / "1.json", '{"abstract": "Values were 5%."}')
    root = str(tmp_path / "sources")
    small = _cost(_titles_named_beside_misnumbered_citations, 500, root)
    large = _cost(_titles_named_beside_misnumbered_citations, 2000, root)
    assert large / small <= 4.4, f"{large / small:.2f}x the work for 4x the input"


def _letters(i: int) -> str:
    return "".join(chr(97 + (i // 26**k) % 26) for k in range(3))


@pytest.mark.parametrize("named", [" by Osimertinib", ""], ids=["drug", "statement"])
def test_worded_windows_cost_the_claim_not_the_page(tmp_path: Path, named: str) -> None:
    """N claims with no number against a page of N sentences: each claim looks only
    around the sentences holding its words, never along the whole page — with a drug
    the page does not name (the relation window), and as a plain statement (CL111's)."""

    def cost(n: int) -> int:
        folder = tmp_path / str(n)
        words = [f"{_letters(i)}topic {_letters(i)}alpha {_letters(i)}beta" for i in range(n)]
        page = "".join(f"The {w} is described here.\n" for w in words)
        write_file(folder / "sources" / "guidelines" / "G.md", page)

        def make(k: int) -> tuple[str, str]:
            claims = "".join(
                f"The {w} is named{named} [guideline:G:line:1-{n}].\n\n"
                for w in (words * (k // n + 1))[:k]
            )
            return "r.md", claims

        return _cost(make, n, str(folder / "sources"))

    small, large = cost(150), cost(600)
    assert large / small <= 4.4, f"{large / small:.2f}x the work for 4x the input"
