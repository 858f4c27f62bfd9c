"""Support checks end to end, against sentences we write and the real saved sources."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import citelint
from citelint.config.load import Settings
from citelint.outputs.diagnostic import Diagnostic
from tests.conftest import Writer, linter_of


def lint(sources: Path, text: str, suffix: str = ".md") -> list[Diagnostic]:
    """The anchor and evidence rules only: these tests are about support."""
    settings = Settings(project_root=str(sources.parent), select=("CL0", "CL1"))
    return citelint.lint_text(text, suffix=suffix, sources=str(sources), config=settings)


def codes(diagnostics: list[Diagnostic]) -> list[tuple[str, int]]:
    return [(d.code, d.line) for d in diagnostics]


@pytest.fixture
def real(corpus: Path, tmp_path: Path) -> Path:
    root = tmp_path / "sources"
    (root / "pubmed").mkdir(parents=True)
    (root / "trials").mkdir()
    (root / "bioc").mkdir()
    shutil.copy(corpus / "pubmed/biomcp/22663011.xml", root / "pubmed")
    shutil.copy(corpus / "trials/mcode/NCT02513394.json", root / "trials")
    shutil.copy(corpus / "bioc/pubtator3/22663011.json", root / "bioc")
    return root


METRIC = """# METRIC

In METRIC, median progression-free survival was 4.8 months with trametinib versus 1.5 months with chemotherapy [pmid:22663011:results].
The hazard ratio was 0.45 (95% CI 0.33-0.63; p<0.001) [pmid:22663011:results].
For death the hazard ratio was 0.54 (95% CI 0.32-0.92) [pmid:22663011:results].
At 6 months overall survival was 81% versus 67% [pmid:22663011:results].
The trial randomly assigned 322 patients [pmid:22663011:methods].
中位无进展生存期为4.8个月对1.5个月（HR 0.45，95% CI 0.33–0.63）。[bioc:22663011:abstract]
"""


def test_metric_sentences_pass(real: Path) -> None:
    assert lint(real, METRIC) == []


@pytest.mark.parametrize(
    ("old", "new", "line", "token"),
    [
        ("4.8 months", "5.8 months", 3, "5.8 months"),
        ("0.45 (95%", "0.46 (95%", 4, "0.46"),
        ("0.32-0.92", "0.32-0.93", 5, "0.93"),
        ("81%", "82%", 6, "82%"),
        ("322 patients", "323 patients", 7, "323 patients"),
        ("（HR 0.45", "（HR 0.48", 8, "0.48"),
    ],
)
def test_metric_one_number_changed_fails(
    real: Path, old: str, new: str, line: int, token: str
) -> None:
    found = lint(real, METRIC.replace(old, new, 1))
    assert codes(found) == [("CL101", line)]
    assert found[0].missing == (token,)
    assert found[0].sources[0].path.endswith(("22663011.xml", "22663011.json"))


PALLAS = """PALLAS enrolled 5796 patients [nct:NCT02513394:design].
In PALLAS the iDFS hazard ratio was 0.96 (95% CI 0.81-1.14; p=0.65) [nct:NCT02513394:results].
Invasive disease-free survival was 84.2% versus 84.5% [nct:NCT02513394:outcomes].
"""


def test_pallas_sentences_pass(real: Path) -> None:
    assert lint(real, PALLAS) == []


@pytest.mark.parametrize(
    ("old", "new", "line"),
    [
        ("5796", "5797", 1),
        ("0.96", "0.86", 2),
        ("1.14", "1.24", 2),
        ("84.2%", "85.2%", 3),
    ],
)
def test_pallas_one_number_changed_fails(real: Path, old: str, new: str, line: int) -> None:
    assert codes(lint(real, PALLAS.replace(old, new, 1))) == [("CL101", line)]


def test_percent_not_supported_by_unrelated_structured_number(real: Path) -> None:
    # 5796 is an enrolment count: it does not support a percentage
    found = lint(real, "Uptake was 5796% [nct:NCT02513394:design].\n")
    assert codes(found) == [("CL101", 1)]


@pytest.fixture
def sources(project: Writer) -> Path:
    project(
        "sources/evidence/a.md",
        "规模 ¥35 与 3,500,000,000 元。\n市场规模35亿元。\n"
        "增长112%。\n用户3710398人。\n入组88例，其中15万人。\n",
    )
    project(
        "sources/trials/NCT00000002.json",
        '{"protocolSection": {"designModule": {"enrollmentInfo": {"count": 88}}}}',
    )
    return project("sources/pubmed/1.json", '{"abstract": "ORR 10-20% in 2019."}').parents[1]


@pytest.mark.parametrize(
    ("claim", "ok"),
    [
        ("市场规模约35亿元。[evidence:a.md:line:2]", True),
        (
            "市场规模 RMB 约35亿元。[evidence:a.md:line:1]",
            False,
        ),  # ¥35 and 3,500,000,000 are not 35亿
        ("增长12%。[evidence:a.md:line:3]", False),  # 112% is not 12%
        ("增长112%。[evidence:a.md:line:3]", True),
        ("用户371.0398万人。[evidence:a.md:line:4]", False),  # no conversion
        ("入组5万人。[evidence:a.md:line:5]", False),  # 15万 is not 5万
        ("入组88例。[nct:NCT00000002:design]", True),  # a trial's enrolment of 88
        ("ORR 10-20%. [pmid:1:abstract]", True),
        ("ORR 10-25%. [pmid:1:abstract]", False),
        ("Published in 2019. ORR 10%. [pmid:1:abstract]", True),
        ("In 2018 ORR was 10% [pmid:1:abstract].", False),
        (
            "入组88例。[evidence:a.md:line:1-4]",
            False,
        ),  # the number elsewhere in the file is no support
    ],
)
def test_matching_semantics(sources: Path, claim: str, ok: bool) -> None:
    found = [d for d in lint(sources, claim + "\n") if d.code == "CL101"]
    assert (found == []) is ok, found


def test_claims_on_failed_anchors_are_not_rereported(sources: Path) -> None:
    found = lint(sources, "ORR 45% [pmid:404:abstract].\n")
    assert codes(found) == [("CL002", 1)]


def test_deselecting_a_failure_hides_it_but_the_claim_stays_unverified(sources: Path) -> None:
    """The selection is a filter: CL101 says what it says in a full run (nothing, the
    CL002 finding stands for the claim), and the counts still show the claim unverified."""

    settings = Settings(project_root=str(sources.parent), select=("CL0", "CL1"), ignore=("CL002",))
    result = linter_of(settings).lint_bytes("r.md", b"ORR 45% [pmid:404:abstract].\n", str(sources))
    assert (result.diagnostics, result.claims, result.verified) == ((), 1, 0)


def test_html_and_chinese_drugs(sources: Path, project: Writer) -> None:
    project("sources/guidelines/G.md", "# 5 治疗\n奥希替尼（泰瑞沙）为首选。\n")
    html = (
        "<p data-cite='guideline:G:5'>首选奥希替尼（泰瑞沙）。</p>\n"
        "<p>首选阿美替尼。[guideline:G:5]</p>"
    )
    assert codes(lint(sources, html, ".html")) == [("CL103", 2)]


@pytest.mark.parametrize("doi", ["10.1200/JCO-2019.12.345", "10.1000/abc-def"])
def test_a_doi_with_a_hyphen_is_supported_where_the_span_writes_it(doi: str) -> None:
    from citelint.evidence.spans import Evidence, entity_supported
    from citelint.ground.tokens import EntityKind, entity_tokens
    from citelint.sources.model import Span

    (token,) = [t for t in entity_tokens(f"Reported in {doi} first.") if t.kind is EntityKind.DOI]
    idx = Evidence().index(Span("/s.txt", None, f"The trial ({doi}) enrolled 88."))
    assert entity_supported(token, idx, ())
    saved = Evidence().index(Span("/s.txt", None, "Nothing here.", ids=frozenset({doi})))
    assert entity_supported(token, saved, ())  # the record's own id
    assert not entity_supported(token, Evidence().index(Span("/s.txt", None, "No id.")), ())


def test_a_span_moved_to_another_file_is_indexed_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """A span copied to another root's file (the same text and fields objects) finds its
    index without hashing its fields again; other text is indexed anew."""
    from dataclasses import replace

    from citelint.evidence.spans import Evidence, SpanIndex
    from citelint.sources.model import NumberField, Span

    evidence = Evidence()
    built: list[str] = []
    build = Evidence._build

    def counted(self: Evidence, span: Span) -> SpanIndex:
        built.append(span.path)
        return build(self, span)

    monkeypatch.setattr(Evidence, "_build", counted)
    fields = tuple(NumberField(str(n), "count", "arm " * 50) for n in range(500))
    span = Span("/a/sources/trials/N.json", "results", "ORR 45%", structured=True, fields=fields)
    first = evidence.index(span)
    moved = [replace(span, path=f"/r{n}/sources/trials/N.json") for n in range(3)]
    assert all(evidence.index(m) is first for m in moved)
    other = replace(span, text="ORR 50%")
    assert evidence.index(other) is not first
    assert built == ["/a/sources/trials/N.json", "/a/sources/trials/N.json"]
    evidence.release(lambda path: path.startswith("/r0/"))
    assert len(evidence._parts) == 2 and evidence.index(moved[1]) is first


def test_a_cut_off_counts_what_its_word_says(project: Writer, tmp_path: Path) -> None:
    project("sources/guidelines/G.md", "Grid spacing stays > 200 um across the array.\n")
    linter = linter_of(Settings(project_root=str(tmp_path), cache_dir=None))
    sources = str(tmp_path / "sources")
    wrong = linter.lint_bytes(
        "r.md", b"The array holds >200 qubits [guideline:G:line:1].\n", sources
    )
    assert [d.code for d in wrong.diagnostics] == ["CL101"]
    right = linter.lint_bytes("r.md", b"Spacing was > 200 um [guideline:G:line:1].\n", sources)
    assert right.diagnostics == ()
