"""Repair hints: which are safe, which are not, and edits that touch only an anchor."""

from __future__ import annotations

import dataclasses
import shutil
from pathlib import Path

import pytest

from citelint.config.load import Settings
from citelint.findings.repair.suggest import relocated
from citelint.ground.document import Anchor
from citelint.lint.runner import Runner
from tests.conftest import FIXES


@pytest.mark.parametrize(
    ("text", "anchor", "expected"),
    [
        ("[pmid:1:title]", Anchor("pmid", "1", "title", 0, 14), "[pmid:1:abstract]"),
        ("[pmid:1]", Anchor("pmid", "1", None, 0, 8), "[pmid:1:abstract]"),
        ("pmid:1:title", Anchor("pmid", "1", "title", 0, 12), "pmid:1:abstract"),
        ("[pmid:1:a&amp;b]", Anchor("pmid", "1", "a&b", 0, 16), None),  # an entity: no edit
        ("[pmid: 1]", Anchor("pmid", "1", None, 0, 9), "[pmid: 1:abstract]"),
    ],
)
def test_relocated_touches_only_the_locator(text: str, anchor: Anchor, expected: str) -> None:
    assert relocated(text, anchor, "abstract") == expected


def _lint(tmp_path: Path, text: str, hints: bool = True):  # type: ignore[no-untyped-def]
    shutil.copytree(FIXES / "sources", tmp_path / "sources")
    report = tmp_path / "r.md"
    report.write_text(text, encoding="utf-8")
    settings = dataclasses.replace(Settings(project_root=str(tmp_path)), hints=hints)
    (file,) = Runner.of(settings, [str(report)]).lint().files
    return [d for d in file.diagnostics if d.code != "CL301"]


def test_a_unique_locator_of_the_cited_record_is_safe(tmp_path: Path) -> None:
    (d,) = _lint(tmp_path, "PFS was 9.2 months with demotinib [pmid:10000001:title].\n")
    (hint,) = d.suggestions
    assert (hint.anchor, hint.safe, hint.same_record) == ("[pmid:10000001:abstract]", True, True)
    assert hint.source.path == "sources/pubmed/10000001.json" and hint.source.locator == "abstract"
    assert hint.tokens == ("9.2 months", "demotinib")
    assert hint.edit is not None and (hint.edit.line, hint.edit.column) == (1, 35)


def test_another_record_is_a_hint_and_an_unsafe_fix(tmp_path: Path) -> None:
    (d,) = _lint(tmp_path, "Patients were 18 years or older [pmid:10000001:abstract].\n")
    (hint,) = d.suggestions
    assert (hint.anchor, hint.safe, hint.same_record) == (
        "[nct:NCT00000001:eligibility]",
        False,
        False,
    )
    assert hint.edit is not None and hint.edit.text == "[nct:NCT00000001:eligibility]"


def test_a_claim_no_source_holds_says_so(tmp_path: Path) -> None:
    (d,) = _lint(tmp_path, "PFS was 9.8 months [pmid:10000001:abstract].\n")
    assert d.suggestions == () and d.nowhere == ("9.8 months",)


def test_hints_can_be_turned_off(tmp_path: Path) -> None:
    (d,) = _lint(tmp_path, "PFS was 9.2 months [pmid:10000001:title].\n", hints=False)
    assert d.suggestions == () and d.nowhere == ()


def test_a_sentence_that_cites_in_another_style_gets_no_inserted_anchor(tmp_path: Path) -> None:
    found = _lint(tmp_path, "Patients were 18 years or older (PMID: 10000001).\n")
    (d,) = [d for d in found if d.code == "CL101"]
    (hint,) = d.suggestions
    assert hint.anchor == "[nct:NCT00000001:eligibility]" and hint.edit is None


def test_tokens_said_apart_are_not_said_nowhere(tmp_path: Path) -> None:
    text = "PFS was 9.2 months in patients 18 years or older [pmid:10000001:title].\n"
    (d,) = _lint(tmp_path, text)
    assert d.suggestions == ()  # no one span holds both
    assert d.nowhere == ()  # yet each is said somewhere


def test_a_claim_with_several_findings_is_searched_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from citelint.findings.repair.search import EvidenceSearch

    searched: list[int] = []
    real = EvidenceSearch.in_records

    def counting(self: EvidenceSearch, *args: object) -> object:
        searched.append(1)
        return real(self, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(EvidenceSearch, "in_records", counting)
    found = _lint(tmp_path, "PFS was 9.9 months with osimertinib [pmid:10000001:abstract].\n")
    assert sorted(d.code for d in found) == ["CL101", "CL103"]
    assert searched == [1]
    # each finding names its own tokens that no source holds, not its claim's every one
    assert {d.code: d.nowhere for d in found} == {
        "CL101": ("9.9 months",),
        "CL103": ("osimertinib",),
    }
