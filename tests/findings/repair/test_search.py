"""The evidence search: the smallest spans that hold a whole claim, the cited record first."""

from __future__ import annotations

import shutil
from pathlib import Path

from citelint.evidence.spans import Evidence
from citelint.findings.repair.pieces import Place
from citelint.findings.repair.search import EvidenceSearch, smallest
from citelint.read.claims import ClaimReader, ClaimSettings
from citelint.read.parse import Parser
from citelint.sources.model import Span
from citelint.sources.store import SourceStore
from tests.conftest import FIXES


def _claim(text: str):  # type: ignore[no-untyped-def]
    (sentence,) = Parser().parse("r.md", text.encode()).sentences
    return ClaimReader(ClaimSettings().drugs).read(sentence)


def _search(tmp_path: Path) -> tuple[EvidenceSearch, str]:
    shutil.copytree(FIXES / "sources", tmp_path / "sources")
    return EvidenceSearch(SourceStore(), Evidence()), str(tmp_path / "sources")


def test_the_cited_record_first_and_the_smallest_span(tmp_path: Path) -> None:
    search, root = _search(tmp_path)
    found = search.in_records(_claim("Median PFS was 9.2 months."), [("nct", "NCT00000001")], root)
    assert [p.anchor.locator for p in found] == ["outcomes"]  # not `results`, which holds it
    assert search.in_records(_claim("PFS was 9.3 months."), [("nct", "NCT00000001")], root) == []


def test_every_saved_record_through_one_index(tmp_path: Path) -> None:
    search, root = _search(tmp_path)
    claim = _claim("The objective response rate was 58% versus 17% in 412 patients.")
    found = search.elsewhere(claim, root, skip=[])
    assert [(p.anchor.type, p.anchor.locator) for p in found] == [("pmid", "abstract")]
    assert search.elsewhere(claim, root, skip=[("pmid", "10000001")]) == []
    assert search.elsewhere(_claim("It was 99.9 months."), root, skip=[]) == []


def test_a_claim_of_drugs_alone_is_searched_by_scan(tmp_path: Path) -> None:
    search, root = _search(tmp_path)
    found = search.elsewhere(_claim("Docetaxel was the comparator."), root, skip=[])
    assert found and all(search.holds(_claim("Docetaxel was the comparator."), p) for p in found)


def test_smallest_drops_a_span_that_holds_a_smaller_one() -> None:
    from citelint.ground.document import Anchor

    def place(loc: str, text: str, pointer: str = "") -> Place:
        return Place(Anchor("pmid", "1", loc, 0, 0), Span("/p", loc, text, pointer=pointer))

    whole, part = place("abstract", "aaa bbb ccc"), place("results", "bbb")
    alias = place("outcomes", "bbb", pointer="/results/outcomes")
    assert smallest([whole, part, alias]) == [alias]  # the most specific name of one part
