"""Spans by content: resolved in the first root that asks, moved to every other's file."""

from __future__ import annotations

import json
from pathlib import Path

from citelint.findings.repair.spans import SharedSpans
from citelint.sources.store import SourceStore
from tests.conftest import write_file

RECORD = json.dumps({"abstract": "ORR 45%.", "title": "A trial"})


def _roots(tmp_path: Path, record: str = RECORD) -> tuple[str, str]:
    for name in ("a", "b"):
        write_file(tmp_path / name / "sources" / "pubmed" / "1.json", record)
    return str(tmp_path / "a" / "sources"), str(tmp_path / "b" / "sources")


def test_a_span_is_read_once_and_names_each_roots_file(tmp_path: Path) -> None:
    a, b = _roots(tmp_path)
    store = SourceStore()
    spans = SharedSpans(store)
    content = ("pmid", "1", "pubmed/1.json", "digest", "-")
    first = spans.place("pmid", "1", "abstract", f"{a}/pubmed/1.json", content, a)
    reads = store.reads
    second = spans.place("pmid", "1", "abstract", f"{b}/pubmed/1.json", content, b)
    assert first is not None and second is not None
    assert store.reads == reads  # the second root's file was not read again
    assert (first.span.path, second.span.path) == (f"{a}/pubmed/1.json", f"{b}/pubmed/1.json")
    assert first.span.text == second.span.text == "ORR 45%."
    assert spans.locators("pmid", "1", content, a) == spans.locators("pmid", "1", content, b)
    assert "abstract" in spans.locators("pmid", "1", content, b)


def test_other_content_is_read_from_its_own_root(tmp_path: Path) -> None:
    a, b = _roots(tmp_path)
    write_file(Path(b) / "pubmed" / "1.json", json.dumps({"abstract": "ORR 50%."}))
    spans = SharedSpans(SourceStore())
    one = spans.place("pmid", "1", "abstract", f"{a}/pubmed/1.json", ("x", "1"), a)
    other = spans.place("pmid", "1", "abstract", f"{b}/pubmed/1.json", ("x", "2"), b)
    assert one is not None and other is not None
    assert (one.span.text, other.span.text) == ("ORR 45%.", "ORR 50%.")


def test_a_locator_with_no_text_is_no_place(tmp_path: Path) -> None:
    a, _ = _roots(tmp_path, json.dumps({"abstract": " ", "title": "T"}))
    spans = SharedSpans(SourceStore())
    assert spans.place("pmid", "1", "abstract", f"{a}/pubmed/1.json", ("c",), a) is None
    assert spans.place("pmid", "1", "abstract", f"{a}/pubmed/1.json", ("c",), a) is None
