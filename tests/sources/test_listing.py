"""Listings of a sources root: each saved id with the file `locate` would give it."""

from __future__ import annotations

from pathlib import Path

from citelint.sources.listing import saved_files, saved_ids
from citelint.sources.model import Failure, FailureKind
from citelint.sources.store import SourceStore
from tests.conftest import Writer


def test_saved_files_are_what_locate_gives(project: Writer, tmp_path: Path) -> None:
    """Read off one listing, each saved id's file is the one `locate` picks, and what the
    listing cannot tell (a link in or out, a folder, a FIFO) is asked of `locate`."""
    import os

    project("sources/pubmed/1.json", "{}")
    project("sources/pubmed/1.xml", "<x/>")  # .json is tried first
    project("sources/pubmed/2.xml", "<x/>")
    project("sources/pubmed/3.json", "{}")
    project("sources/pubmed/a\\b.json", "{}")  # lists, is never used
    (tmp_path / "sources/pubmed/4.json").mkdir()
    (tmp_path / "sources/pubmed/4.xml").write_text("<x/>")  # a folder of that name first
    os.mkfifo(tmp_path / "sources/pubmed/5.xml")
    (tmp_path / "sources/pubmed/5.json").write_text("{}")  # found before the FIFO
    os.mkfifo(tmp_path / "sources/pubmed/8.json")  # a FIFO first: never opened
    (tmp_path / "sources/pubmed/8.xml").write_text("<x/>")
    (tmp_path / "outside.json").write_text("{}")
    (tmp_path / "sources/pubmed/6.json").symlink_to(tmp_path / "outside.json")
    (tmp_path / "sources/pubmed/6.xml").write_text("<x/>")
    (tmp_path / "sources/pubmed/7.json").symlink_to(tmp_path / "sources/pubmed/3.json")  # no id
    store = SourceStore(trusted=(str(tmp_path),))
    root = str(tmp_path / "sources")
    triples = list(saved_files(store, "pmid", root))
    listed = [(i, found) for i, found, _ in triples]
    # the folder's listing comes with a file read off it; none with what locate decided
    assert triples[0][2] is not None and triples[0][2]["1.json"] is True
    assert triples[3][2] is None
    kind = store.kinds["pmid"]
    assert [ident for ident, _ in listed] == ["1", "2", "3", "4", "5", "6", "8", "a\\b"]
    for ident, found in listed[:-1]:
        assert found == SourceStore(trusted=(str(tmp_path),)).locate(kind, ident, root), ident
    assert listed[0][1] == f"{root}/pubmed/1.json" and listed[1][1] == f"{root}/pubmed/2.xml"
    assert listed[3][1] == f"{root}/pubmed/4.xml" and listed[4][1] == f"{root}/pubmed/5.json"
    assert isinstance(listed[5][1], Failure) and listed[5][1].kind is FailureKind.UNSAFE_PATH
    assert isinstance(listed[6][1], Failure) and listed[6][1].kind is FailureKind.UNREADABLE
    assert isinstance(listed[7][1], Failure) and listed[7][1].kind is FailureKind.UNSAFE_PATH
    assert saved_ids(store, "pmid", root) == [ident for ident, _ in listed]


def test_a_file_git_does_not_track_is_absent(project: Writer, tmp_path: Path) -> None:
    """Under --only-tracked the listing's plain file is asked of `locate`, which says why."""
    project("sources/pubmed/1.json", "{}")
    project("sources/pubmed/2.json", "{}")
    kept = str(tmp_path / "sources" / "pubmed" / "1.json")
    store = SourceStore(tracked=lambda path: path == kept)
    root = str(tmp_path / "sources")
    listed = dict((ident, found) for ident, found, _ in saved_files(store, "pmid", root))
    assert listed["1"] == kept
    missing = listed["2"]
    assert isinstance(missing, Failure) and missing.kind is FailureKind.NO_SOURCE
    assert missing.message == (
        "sources/pubmed/2.json is not tracked by git (--only-tracked: the commit does not hold it)"
    )
