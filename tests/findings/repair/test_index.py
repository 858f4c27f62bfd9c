"""A root's repair index: built once per set of file contents, shared by the roots that
hold the same files, naming spans by record and locator, never by path."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from citelint.findings.repair.index import RootIndexes, candidates
from citelint.findings.repair.pieces import Piece, Pieces
from citelint.findings.repair.spans import SharedSpans
from citelint.read.claims import ClaimReader, ClaimSettings
from citelint.read.parse import Parser
from citelint.sources.listing import saved_files
from citelint.sources.store import SourceStore
from tests.conftest import write_file


def _claim(text: str):  # type: ignore[no-untyped-def]
    (sentence,) = Parser().parse("r.md", text.encode()).sentences
    return ClaimReader(ClaimSettings().drugs).read(sentence)


def _indexes() -> RootIndexes:
    store = SourceStore()
    return RootIndexes(store, SharedSpans(store), Pieces())


def _root(folder: Path, abstracts: dict[str, str]) -> str:
    for ident, text in abstracts.items():
        write_file(folder / "sources" / "pubmed" / f"{ident}.json", json.dumps({"abstract": text}))
    return str(folder / "sources")


def test_roots_with_the_same_contents_share_one_index(tmp_path: Path) -> None:
    records = {"1": "ORR was 45% in 88 patients.", "2": "Nothing here."}
    a, b = _root(tmp_path / "a", records), _root(tmp_path / "b", records)
    c = _root(tmp_path / "c", {**records, "2": "Something else."})
    indexes = _indexes()
    first, second, other = indexes.of(a), indexes.of(b), indexes.of(c)
    assert first.index is second.index and other.index is not first.index
    assert first.files[("pmid", "1")] == f"{a}/pubmed/1.json"  # each root's own files
    assert second.files[("pmid", "1")] == f"{b}/pubmed/1.json"
    assert ("pmid", "1", "abstract") in first.index.refs
    assert all("/" not in ref[1] for ref in first.index.refs)  # no path in the index


def test_candidates_are_the_spans_stating_every_number_and_code(tmp_path: Path) -> None:
    root = _root(
        tmp_path,
        {"1": "ORR was 45% in 88 patients.", "2": "ORR was 45% in NCT01234567.", "3": "88 men."},
    )
    at = _indexes().of(root)

    def named(text: str) -> set[str]:
        return {at.index.refs[i][1] for i in candidates(_claim(text), at.index)}

    assert named("ORR was 45% in 88 patients.") == {"1"}
    assert named("It was 45%.") == {"1", "2"}
    assert named("The trial NCT01234567 enrolled.") == {"2"}
    assert named("It was 99%.") == set()
    assert len(candidates(_claim("Docetaxel was used."), at.index)) == len(at.index.refs)


def test_an_unsafe_or_linked_file_is_not_indexed(tmp_path: Path) -> None:
    root = _root(tmp_path, {"1": "ORR 45%."})
    write_file(Path(root) / "pubmed" / "a\\b.json", json.dumps({"abstract": "ORR 45%."}))
    (tmp_path / "outside.json").write_text(json.dumps({"abstract": "ORR 45%."}))
    (Path(root) / "pubmed" / "9.json").symlink_to(tmp_path / "outside.json")
    at = _indexes().of(root)
    assert set(at.files) == {("pmid", "1")}


def test_a_worker_builds_pieces_in_its_own_order_and_the_same_index(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A forked worker of a run that keeps pieces takes them in an order of its own (so
    two workers split the first build between them); the index is the same."""
    records = {str(n): f"ORR was {n}% in {n + 50} patients." for n in range(40)}
    root = _root(tmp_path, records)
    store = SourceStore()
    plain = RootIndexes(store, SharedSpans(store), Pieces(str(tmp_path / "one"))).of(root)
    worker = Pieces(str(tmp_path / "two"))
    order: list[str] = []
    piece = worker.piece

    def counted(key: tuple[str, ...], build: Callable[[], Piece]) -> Piece:
        order.append(key[1])
        return piece(key, build)

    monkeypatch.setattr(worker, "piece", counted)
    worker._pid = -1  # as a process forked from the one that made it
    assert worker.shared and not Pieces().shared
    shuffled = RootIndexes(store, SharedSpans(store), worker).of(root)
    assert sorted(order) == sorted(records) and order != sorted(records)
    assert (shuffled.index.refs, shuffled.index.by_value) == (
        plain.index.refs,
        plain.index.by_value,
    )


def test_a_sidecar_read_off_the_listing_keys_the_file_as_the_filesystem_does(
    tmp_path: Path,
) -> None:
    """A root's folder listing says whether a saved file's `.toc.json` is there; the
    content key is the same as the one looked up on disk, with the sidecar and without."""
    root = tmp_path / "sources"
    for name in ("G", "H"):
        write_file(root / "guidelines" / f"{name}.md", "# Dosing\n\nGive 5 mg daily.\n")
    write_file(root / "guidelines" / "H.toc.json", '{"dose": {"start_line": 3}}')
    indexes = _indexes()
    keys = {}
    for ident, located, names in saved_files(indexes.store, "guideline", str(root)):
        assert isinstance(located, str) and names is not None
        keys[ident] = indexes._content_key("guideline", ident, located, str(root), names)
        assert keys[ident] == indexes._content_key("guideline", ident, located, str(root))
    assert keys["G"][-1] == "-" and keys["H"][-1] not in ("-", keys["G"][-2])
    at = indexes.of(str(root))
    assert sorted(c[-1] for c in at.index.contents) == sorted((keys["G"][-1], keys["H"][-1]))
