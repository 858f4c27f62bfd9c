"""`--isolated` is trusted mode: no marker a report carries changes what is checked.

A pull request's report could otherwise turn its own claims into an unchecked appendix:
the appendix comment, the HTML attribute, a heading that merely begins with an appendix
word, a bold `**References**` line followed by prose. Each case is linted twice under
`--isolated`, with the marker and with a neutral line in its place (the same line count),
and must give the same findings.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from citelint.read.parse import Parser
from citelint.read.parse.builder import ClaimOptions
from tests.conftest import write_file as write
from tests.test_hostile import case, run

__all__ = ["case"]  # the attacker's checkout fixture

_SOURCE = "# Results\n\nThe rate was 42%.\n"
_CLAIMS = (
    "The rate was 43% [guideline:G:line:3].\n\n"  # contradicted: CL101
    "Median survival was 11 months in 2019.\n"  # uncited: CL001
)
_MARKED = {
    "comment": ("<!-- citelint-appendix -->\n", "Some text here.\n"),
    "sources-of": ("## Sources of benefit\n", "## Benefit seen\n"),
    "references-to": ("## References to efficacy\n", "## Efficacy seen\n"),
    "bold": ("**References**\n", "**Findings**\n"),
    "heading": ("## Appendix A\n", "## Annex seen\n"),
}


def _findings(out: str) -> list[str]:
    return sorted(line for line in out.splitlines() if ": CL" in line)


@pytest.mark.parametrize("marker", sorted(_MARKED))
def test_isolated_checks_every_claim_after_a_report_marker(case: Path, marker: str) -> None:
    marked, neutral = _MARKED[marker]
    write(case / "sources" / "guidelines" / "G.md", _SOURCE)
    write(case / "a.md", "# Report\n\nIntro.\n\n" + marked + "\n" + _CLAIMS)
    write(case / "b.md", "# Report\n\nIntro.\n\n" + neutral + "\n" + _CLAIMS)
    code_a, out_a, _ = run(case, "--no-cache", "--isolated", "a.md")
    code_b, out_b, _ = run(case, "--no-cache", "--isolated", "b.md")
    a = [line.replace("a.md", "X") for line in _findings(out_a)]
    b = [line.replace("b.md", "X") for line in _findings(out_b)]
    assert (code_a, a) == (code_b, b) and code_a == 1, out_a
    assert any("CL101" in line for line in a) and any("CL001" in line for line in a), out_a


def test_isolated_ignores_the_html_appendix_attribute(case: Path) -> None:
    write(case / "sources" / "guidelines" / "G.md", _SOURCE)
    body = "<p>The rate was 43% [guideline:G:line:3].</p><p>Median survival was 11 months.</p>"
    write(case / "a.html", f"<h1>R</h1><section data-citelint-appendix>{body}</section>")
    write(case / "b.html", f"<h1>R</h1><section data-plaintext-section>{body}</section>")
    _, out_a, _ = run(case, "--no-cache", "--isolated", "a.html")
    _, out_b, _ = run(case, "--no-cache", "--isolated", "b.html")
    a = [line.replace("a.html", "X") for line in _findings(out_a)]
    assert a == [line.replace("b.html", "X") for line in _findings(out_b)]
    assert [c for c in ("CL101", "CL001") if any(c in line for line in a)] == ["CL101", "CL001"]
    _, out, _ = run(case, "--no-cache", "a.html")  # obeyed where the report is trusted
    assert "CL101" not in out and "CL001" not in out, out


def test_without_isolated_a_marker_still_makes_an_appendix(case: Path) -> None:
    write(case / "sources" / "guidelines" / "G.md", _SOURCE)
    write(case / "a.md", "# Report\n\n<!-- citelint-appendix -->\n\n" + _CLAIMS)
    code, out, _ = run(case, "--no-cache", "a.md")
    assert code == 0 and "CL101" not in out, out


@pytest.mark.parametrize(
    ("heading", "appendix"),
    [
        ("Appendix", True),
        ("Appendix A", True),
        ("Appendix B: Search strategy", True),
        ("附录一", True),
        ("2. References", True),
        ("Sources of benefit", False),
        ("Source", True),
        ("Source: the trial registry", True),
        ("Appendix iv", True),
        ("References to efficacy", False),
        ("Appendix of doubts", False),
    ],
)
def test_a_heading_that_only_begins_with_an_appendix_word_is_no_appendix(
    heading: str, appendix: bool
) -> None:
    doc = Parser().parse("r.md", f"# R\n\n## {heading}\n\nThe rate was 43%.\n".encode())
    assert doc.blocks[-1].appendix is appendix


@pytest.mark.parametrize(
    ("headings", "heading", "appendix"),
    [
        (("appendix a",), "Appendix A", True),
        (("appendix",), "Appendix A", False),  # whole heading text only
        (("附录一",), "附录一", True),
        (("references",), "References:", True),
    ],
)
def test_trusted_headings_match_the_whole_heading(
    headings: tuple[str, ...], heading: str, appendix: bool
) -> None:
    parser = Parser(ClaimOptions(appendix_headings=headings, trusted=True))
    doc = parser.parse("r.md", f"# R\n\n## {heading}\n\nThe rate was 43%.\n".encode())
    assert doc.blocks[-1].appendix is appendix


def test_trusted_reference_list_is_known_by_its_entries(case: Path) -> None:
    write(case / "sources" / "guidelines" / "G.md", _SOURCE)
    report = (
        "# R\n\nThe rate was 42% [1].\n\n## References\n\n"
        "1. [guideline:G:line:3]\n2. Median survival was 11 months in the 2019 cohort.\n"
    )
    write(case / "r.md", report)
    code, out, _ = run(case, "--no-cache", "--isolated", "r.md")
    assert code == 1 and "r.md:8:4: CL001" in out, out


@pytest.mark.parametrize(
    ("name", "data", "expected", "exit_code"),
    [
        ("a.md", "【】", "", 0),
        # an unsaved link no claim rests on: a warning
        ("b.html", "s <a href=http://><r></a>>", "b.html:1:26: CL011", 0),
        ("c.md", "【】\n\nThe rate was 42% in 2019.\n", "c.md:3:1: CL001", 1),
    ],
)
def test_tiny_hostile_reports_are_plain_text_never_an_internal_error(
    case: Path, name: str, data: str, expected: str, exit_code: int
) -> None:
    write(case / name, data)
    code, out, _ = run(case, "--no-cache", name)
    assert "CL903" not in out and code == exit_code, out
    assert [line.split(" [")[0] for line in _findings(out)] == ([expected] if expected else [])


# -- discovery is the trusted config's alone ---------------------------------------------

_FAILING = "Mortality fell by 75% with trametinib.\n"
_CLEAN = "Median progression-free survival was 4.8 months [pmid:1:abstract].\n"


@pytest.mark.parametrize(
    "place",
    ["docs/sources/bad.md", "evidence/bad.md", ".notes/bad.md", "sources/bad.md"],
)
@pytest.mark.parametrize("include", ['["**/*.md"]', None])
def test_under_isolated_no_folder_name_hides_a_report(
    case: Path, place: str, include: str | None
) -> None:
    write(
        case / "sources" / "pubmed" / "1.json",
        '{"abstract": "Median progression-free survival was 4.8 months."}',
    )
    write(case / "clean.md", _CLEAN)
    write(case / place, _FAILING)
    config = "[tool.citelint]\n" + (f"include = {include}\n" if include else "")
    write(case / "base" / "citelint.toml", config)
    code, out, _ = run(case, "--no-cache", "--isolated", "--config", "base/citelint.toml", ".")
    assert code == 1 and f"{place}:1:1: CL001" in out
    # without --isolated the folder's name still keeps it out (and -v says so)
    code, out, _ = run(case, "--no-cache", "-v", ".")
    assert code == 0 and "passed over" in out


def test_under_isolated_every_file_not_linted_is_counted(case: Path) -> None:
    write(
        case / "sources" / "pubmed" / "1.json",
        '{"abstract": "Median progression-free survival was 4.8 months."}',
    )
    write(case / "sources" / "web" / "page.md", _FAILING)  # a saved page: a source
    write(case / "clean.md", _CLEAN)
    write(case / "out.txt", "x.md:1:1: CL001 [critical] fake\n" + _FAILING)
    write(case / "notes.txt", _FAILING)  # no citation: not taken for a report
    write(case / "base" / "citelint.toml", "[tool.citelint]\n")
    code, out, _ = run(case, "--no-cache", "--isolated", "--config", "base/citelint.toml", ".")
    assert code == 0
    assert (
        "citelint: --isolated: 3 file(s) that could hold a report were not linted (1 a .txt "
        "file with no citation read in it, 1 a saved record in a sources folder, 1 its first "
        "line is citelint's own output); -v names each"
    ) in out
    code, out, _ = run(
        case, "--no-cache", "--isolated", "--config", "base/citelint.toml", "-v", "."
    )
    assert "passed over sources/web/page.md: a saved record in a sources folder" in out
    assert "passed over out.txt: its first line is citelint's own output" in out
    # the trusted config's `include` names what is a report, whatever its first line says
    write(case / "base" / "citelint.toml", '[tool.citelint]\ninclude = ["*.md", "*.txt"]\n')
    code, out, _ = run(case, "--no-cache", "--isolated", "--config", "base/citelint.toml", ".")
    assert code == 1 and "out.txt:1:1: CL001" in out and "notes.txt:1:1: CL001" in out


def test_a_notes_list_of_claims_is_body_text(case: Path) -> None:
    """`## Notes` over numbered claims that end in links: the same findings as the same
    lines in the body, never an unused-reference warning."""
    lines = "1. Mortality fell by 75% with trametinib. https://example.org/x\n"
    write(case / "a.md", "# Brief\n\nIntro.\n\n## Notes\n\n" + lines)
    write(case / "b.md", "# Brief\n\nIntro.\n\n## Noted\n\n" + lines)
    for isolated in ((), ("--isolated",)):
        code_a, out_a, _ = run(case, "--no-cache", *isolated, "a.md")
        code_b, out_b, _ = run(case, "--no-cache", *isolated, "b.md")
        assert code_a == code_b == 1
        a = [line.replace("a.md", "X") for line in _findings(out_a)]
        assert a == [line.replace("b.md", "X") for line in _findings(out_b)]
        assert [line.split()[1] for line in a] == ["CL011"]


def test_under_isolated_an_abbreviations_key_is_read_as_any_block(case: Path) -> None:
    """An abbreviations key states no claim (`mood.glossary`), but its shape is one a pull
    request writes freely: under `--isolated` its sentences are claims like any other, so a
    gloss cannot carry an uncited drug past the gate."""
    key = (
        "| Arm | ORR |\n|---|---|\n| pembrolizumab | 19% [1] |\n\nAbbreviations:\n"
        "PEM: Pembrolizumab approved for HNSCC\nORR: Objective response rate\n"
        "HR: Hazard ratio\n\n## References\n\n1. A trial. PMID: 3001\n"
    )
    write(case / "a.md", key)
    _, plain, _ = run(case, "--no-cache", "--select", "CL001", "a.md")
    _, isolated, _ = run(case, "--no-cache", "--isolated", "--select", "CL001", "a.md")
    assert not _findings(plain), plain
    assert [line.split(": ", 1)[1][:5] for line in _findings(isolated)] == ["CL001"], isolated


_LAYOUT = (
    "# Report\n\nThe rate was 42% [guideline:G:line:3].\n\n"
    "Phase one (0–90 days)  \n• Measure survival at 11 months.  \n\n"  # a schedule
    "Ratings  \n• Survival 3/4\n\n"  # a rating
    "- Scenarios:\n  1. Median survival reached 11 months.\n\n"  # a plan's list
    "**Immediate (0-30 days)**\n- Measure survival at 11 months.\n\n"  # a schedule as lists
    "**90 days**\n- Measure survival at 14 months.\n\n"
    "## Scenarios\n\n- Survival reaches 11 months.\n"  # a plan's heading
    "- Device: High Risk (3/5) – ageing fleet.\n"  # a rating in words
)


def test_isolated_reads_no_layout_as_a_plan_or_a_rating(case: Path) -> None:
    """A schedule's window, a rating line and a plan's label mute the lines they lead
    where the report is trusted; under `--isolated` each of those lines is a claim."""
    write(case / "sources" / "guidelines" / "G.md", _SOURCE)
    write(case / "r.md", _LAYOUT)
    _, isolated, _ = run(case, "--no-cache", "--isolated", "r.md")
    _, trusted, _ = run(case, "--no-cache", "r.md")
    uncited = [line.split(": CL")[0] for line in _findings(isolated) if "CL001" in line]
    assert uncited == [
        *("r.md:12:6", "r.md:14:3", "r.md:15:3", "r.md:17:3", "r.md:18:3", "r.md:22:3"),
        *("r.md:23:3", "r.md:5:1", "r.md:6:1", "r.md:9:1"),
    ], isolated
    assert "CL001" not in trusted, trusted
