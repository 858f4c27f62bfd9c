"""What numbers and words are said about: evidence sentences, binding, polarity,
direction, strength — and the mutation suite built from the corpus's real abstracts."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from citelint.evidence.relations import ABSTAINED, Relations, check
from citelint.evidence.windows import find_evidence, sentences
from citelint.sources.model import Span

ROOT = Path(__file__).resolve().parents[2]
ABSTRACT = (
    "We randomly assigned 322 patients.\n"
    "Median progression-free survival was 4.8 months in the trametinib group and 1.5 "
    "months in the chemotherapy group (hazard ratio, 0.45; P<0.001). At 6 months, overall "
    "survival was 81% in the trametinib group and 67% in the chemotherapy group. The "
    "response rate was higher with trametinib (22% vs. 8%). Rash did not differ (57% and "
    "55%). Exposure may prolong survival (8.2 vs. 5.1 months)."
)
SPAN = Span("a.xml", "abstract", ABSTRACT)


def _check(claim: str) -> Relations:
    return check(claim, [SPAN])


def test_sentences_keep_decimals_abbreviations_and_parentheses_whole() -> None:
    text = "Rate was 4.8 vs. 1.5 (P<0.001; n=3). Next one. 第一句。第二句。"
    assert [text[b:e] for b, e in sentences(text)] == [
        "Rate was 4.8 vs. 1.5 (P<0.001; n=3).",
        "Next one.",
        "第一句。",
        "第二句。",
    ]


def test_the_evidence_is_the_smallest_run_holding_every_number() -> None:
    found = find_evidence("PFS was 4.8 months and OS 81%.", [SPAN])
    assert found is not None and found.text.startswith("Median progression-free")
    assert found.text.endswith("chemotherapy group.")  # two sentences: 4.8 and 81
    assert find_evidence("It enrolled 999 patients.", [SPAN]) is None  # no such number
    assert find_evidence("No number here.", [SPAN]) is None
    assert check("No number here.", [SPAN]) == ABSTAINED


@pytest.mark.parametrize(
    "claim",
    [
        "Median progression-free survival was 4.8 months with trametinib versus 1.5 months "
        "with chemotherapy.",
        "With chemotherapy, progression-free survival was 1.5 months; with trametinib, 4.8.",
        "Overall survival at 6 months was 67% in the chemotherapy group and 81% in the "
        "trametinib group.",
        "The trial randomly assigned 322 patients.",
    ],
)
def test_numbers_bound_as_the_source_binds_them_pass(claim: str) -> None:
    relations = _check(claim)
    assert relations.evidence is not None and relations.moved == ()


@pytest.mark.parametrize(
    ("claim", "number"),
    [
        (
            "Median progression-free survival was 1.5 months in the trametinib group and "
            "4.8 months in the chemotherapy group.",
            "1.5",
        ),
        ("Progression-free survival with trametinib was 1.5 months (vs. 4.8).", "1.5"),
        ("Rash did not differ (55% and 57%).", "55"),  # a copy with its numbers turned round
    ],
)
def test_numbers_bound_elsewhere_are_moved(claim: str, number: str) -> None:
    moved = _check(claim).moved
    assert moved and moved[0].number == number


def test_polarity_direction_and_strength() -> None:
    added = _check("The response rate was not higher with trametinib (22% vs. 8%).").polarity
    assert added is not None and added[1] == "adds"
    assert _check("Rash differed (57% and 55%).").polarity == (0, "drops")
    assert _check("Rash did not differ (57% and 55%).").polarity is None
    flipped = _check("The response rate was lower with trametinib (22% vs. 8%).").direction
    assert flipped is not None and flipped[1:] == ("lower", "higher")
    assert _check("Exposure prolongs survival (8.2 vs. 5.1 months).").overclaim == "may"
    assert _check("Exposure may prolong survival (8.2 vs. 5.1 months).").overclaim == ""


def test_zh_negation_and_direction() -> None:
    span = Span("z.txt", None, "曲美替尼组中位无进展生存期为4.8个月，较化疗组的1.5个月延长。")
    assert check("为4.8个月，较1.5个月未延长。", [span]).polarity is not None
    flipped = check("为4.8个月，较1.5个月缩短。", [span]).direction
    assert flipped is not None and flipped[1:] == ("缩短", "延长")
    assert check("为4.8个月，较1.5个月延长。", [span]).direction is None


def _suite() -> ModuleType:
    spec = importlib.util.spec_from_file_location("mutations", ROOT / "bench" / "mutations.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_the_mutation_suite_meets_its_targets_on_the_held_out_half(corpus: Path) -> None:
    """On the records of the held-out half (`bench/mutation_split.json`): ≥ 80% of
    negation, arm-swap, direction and moved-number mutants caught at the claim's line,
    ≥ 50% of group swaps, and ≤ 1% of correct claims and paraphrases flagged."""
    suite = _suite()
    every = suite.cases()
    assert len({(c.record.name, c.source) for c in every}) >= 100
    cases = suite.half(every, "held_out")
    assert {c.record.name for c in cases} < {c.record.name for c in every}
    figures = suite.run(cases)
    for klass in ("negation", "arm-swap", "direction", "moved-number"):
        n, caught = figures[klass]
        assert n >= 18 and caught >= 0.8 * n, (klass, n, caught)
    n, caught = figures["group-swap"]
    assert caught >= 0.5 * n, ("group-swap", n, caught)
    alarms = sum(figures[k][1] for k in ("correct", "paraphrase"))
    fair = sum(figures[k][0] for k in ("correct", "paraphrase"))
    assert alarms <= 0.01 * fair, figures


def test_the_evidence_reaches_json_the_html_view_and_the_audit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import json

    from citelint.commands.cli import main

    fixture = ROOT / "tests/rules/CL108_direction-mismatch"
    (tmp_path / "sources/pubmed").mkdir(parents=True)
    (tmp_path / "sources/pubmed/3001.xml").write_bytes(
        (fixture / "sources/pubmed/3001.xml").read_bytes()
    )
    (tmp_path / "r.md").write_text(
        "The response rate was lower in the trametinib group (22% vs. 8%) [pmid:3001:results].\n",
        encoding="utf-8",
    )
    monkeypatch.chdir(tmp_path)
    code = main(["r.md", "--output-format", "json", "-o", "html:v.html", "--audit-dir", "audit"])
    (finding,) = json.loads(capsys.readouterr().out)["diagnostics"]
    assert code == 1 and finding["code"] == "CL108"
    sentence = "The response rate was higher in the trametinib group (22% vs. 8%)."
    assert finding["evidence"] == sentence and finding["coverage"] == 67
    page = (tmp_path / "v.html").read_text(encoding="utf-8")
    window = "Evidence window, sources/pubmed/3001.xml › results: 67% of the claim's words"
    assert f'{window}</p><div class="excerpt evidence">' in page
    audit = json.loads((tmp_path / "audit/r.md/verification_report.json").read_text())
    assert audit["violations"][0]["evidence"] == sentence
    assert audit["anchor_audit"]["relations"] == {"checked": 1, "abstained": 0}


def test_a_group_swapped_for_another_the_record_names_is_moved() -> None:
    text = (
        "Plasma T4 levels were measured in the pituitary and the liver. "
        "We observed decreased plasma T4 levels in both sexes after exposure (p = 0.002)."
    )
    span = Span("a.xml", "abstract", text)
    swapped = check(
        "We observed decreased plasma T4 levels in pituitary sexes after exposure (p = 0.002).",
        [span],
    )
    assert swapped.moved and "'pituitary'" in swapped.moved[0].says
    said = check(
        "We observed decreased plasma T4 levels in both sexes after exposure (p = 0.002).", [span]
    )
    assert said.moved == ()
    own = check(
        "We observed decreased plasma T4 levels in adult sexes after exposure (p = 0.002).", [span]
    )
    assert own.moved == ()  # a word the record never names is the writer's own


def test_an_item_under_exclusion_criteria_says_not_allowed() -> None:
    text = "Inclusion Criteria:\n\n* Age 18 or older\n\nExclusion Criteria:\n\n* CYP3A inhibitors within 7 days of randomization."
    span = Span("t.json", "eligibility", text)
    assert check("CYP3A inhibitors were not allowed within 7 days [x].", [span]).polarity is None
    said = check("Patients not 18 or older met the inclusion criteria.", [span])
    assert said.polarity is not None  # an inclusion item says the opposite
