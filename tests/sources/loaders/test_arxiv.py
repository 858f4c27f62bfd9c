"""arXiv Atom records: the entry for the id, its fields, versions in its id."""

from __future__ import annotations

from pathlib import Path

from citelint.sources.loaders.arxiv import arxiv_entry_id
from citelint.sources.model import FailureKind
from tests.conftest import Writer
from tests.sources.conftest import failure, span

FEED = """<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:arxiv="http://arxiv.org/schemas/atom">
<entry><id>http://arxiv.org/abs/2408.13687v1</id><published>2024-08-24T18:00:00Z</published>
<title>Quantum error correction below the surface code threshold</title>
<summary>  A distance-7 code with a logical error rate of 0.143% per cycle.  </summary>
<author><name>Rajeev Acharya</name></author><author><name>Google Quantum AI</name></author>
<arxiv:journal_ref>Nature 638, 920 (2025)</arxiv:journal_ref>
<arxiv:doi>10.1038/s41586-024-08449-y</arxiv:doi></entry></feed>"""


def test_an_arxiv_record_gives_its_fields(project: Writer) -> None:
    root = Path(str(project("sources/arxiv/2408.13687.xml", FEED))).parents[1]
    assert span(root, "arxiv", "2408.13687", "year").text == "2024"
    assert span(root, "arxiv", "2408.13687", "authors").text == "Rajeev Acharya; Google Quantum AI"
    assert span(root, "arxiv", "2408.13687", "journal").text == "Nature 638, 920 (2025)"
    assert "0.143% per cycle" in span(root, "arxiv", "2408.13687", "abstract").text
    whole = span(root, "arxiv", "2408.13687")
    assert whole.text.startswith("Quantum error correction")
    assert whole.ids == frozenset({"2408.13687", "10.1038/s41586-024-08449-y"})


def test_an_arxiv_file_must_hold_the_ids_entry(project: Writer) -> None:
    root = Path(str(project("sources/arxiv/2101.00001.xml", FEED))).parents[1]
    found = failure(root, "arxiv", "2101.00001")
    assert found.kind is FailureKind.UNREADABLE and "no arXiv entry for 2101.00001" in found.message


def test_an_entry_id_loses_its_version() -> None:
    assert arxiv_entry_id("http://arxiv.org/abs/2408.13687v12") == "2408.13687"
    assert arxiv_entry_id("http://arxiv.org/abs/2408.13687") == "2408.13687"
    assert arxiv_entry_id("http://arxiv.org/api/errors#incorrect_id") == (
        "http://arxiv.org/api/errors#incorrect_id"
    )
