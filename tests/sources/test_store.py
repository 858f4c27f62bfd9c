"""The SourceStore: locating files, kinds, reading once, size caps and unreadable files."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from citelint.ground.document import Anchor
from citelint.sources.listing import saved_ids
from citelint.sources.model import Failure, FailureKind, Span
from citelint.sources.store import SourceStore
from citelint.sources.watch import Watch
from tests.conftest import Writer
from tests.sources.conftest import failure, resolve, span

# -- text sources ------------------------------------------------------------------------


def test_evidence_roots_and_suffixes(root: Path) -> None:
    assert span(root, "evidence", "model.md", "line:2").text == "b"
    assert span(root, "evidence", "model", "line:3").text == "c"
    assert "45" in span(root, "evidence", "table.csv").text
    assert span(root, "evidence", "outside_root.md").text.startswith("sibling")


def test_custom_source_type(project: Writer) -> None:
    from citelint.sources.kinds import custom_kind

    project("sources/patents/US1.json", json.dumps({"claims": "A method using 5 mg."}))
    store = SourceStore(
        custom_kinds={"patent": custom_kind("patent", ("patents",), ("json", "txt"))}
    )
    root = project("x", "").parent / "sources"
    assert "5 mg" in span(root, "patent", "US1", "claims", store).text


def test_id_used_as_written(project: Writer) -> None:
    project("sources/guidelines/NCCN-2024.txt", "wrong file")
    root = project("sources/guidelines/NCCN-2024.v3.txt", "right file").parents[1]
    assert span(root, "guideline", "NCCN-2024.v3").text == "right file"


def test_no_sources_root() -> None:
    result = SourceStore().resolve(Anchor("pmid", "1", None, 0, 1), None)
    assert isinstance(result, Failure) and result.kind is FailureKind.NO_SOURCE
    assert "no sources folder found" in result.message


def test_each_file_is_read_once(root: Path) -> None:
    store = SourceStore()
    for locator in ("line:1", "line:2", "§5.5.2", None, "Other"):
        resolve(root, "guideline", "G", locator, store)
    assert store.reads == 1


def test_a_record_is_looked_for_once_whatever_locators_cite_it(
    root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each locator a report cites a record by is its own resolution, but the record's
    file is looked for (its candidates confined, stat-ed) once a root; a later report that
    hits the memo still depends on the paths the search noted; a released root is
    looked for again."""
    store = SourceStore(watch=Watch(active=True))
    calls: list[str] = []
    locate = store.confine.locate

    def counted(kind: Any, ident: str, where: str) -> Any:
        calls.append(ident)
        return locate(kind, ident, where)

    monkeypatch.setattr(store.confine, "locate", counted)
    for locator in ("line:1", "line:2", "§5.5.2", None):
        resolve(root, "guideline", "G", locator, store)
    assert calls == ["G"]
    with store.watch.recording() as seen:
        resolve(root, "guideline", "G", "line:3", store)
    assert ("path", str(root / "guidelines" / "G.md")) in seen
    store.release(str(root))
    resolve(root, "guideline", "G", "line:1", store)
    assert calls == ["G", "G"]


def test_a_channel_is_counted_only_when_asked_for(root: Path) -> None:
    """CL301 asks only of the channels a report leaves uncited: a channel's folders are
    listed when its count is looked up, once a root, and the listing is a dependency of
    the report that asked (the result cache sees a file added there)."""
    store = SourceStore(watch=Watch(active=True))
    counts = store.channel_files(str(root))
    assert "guidelines" in list(counts) and "evidence" in list(counts)  # names: no listing
    assert not store._channels
    with store.watch.recording() as seen:
        assert counts.get("guidelines") == 4  # G.md, T.txt, T.toc.json, H.html
    assert ("dir", str(root / "guidelines")) in seen
    assert not any("evidence" in path for _, path in seen)  # never asked: never listed
    assert counts.get("no-such-channel", 0) == 0
    store.release(str(root))
    assert not store._channels


# -- real structured sources ---------------------------------------------------------------


# -- bad files -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "content", "words"),
    [
        ("pubmed/1.json", "{broken", "is not valid JSON"),
        ("pubmed/2.json", b"\x89PNG\x00\x00", "binary file"),
        ("pubmed/3.xml", "<PubmedArticleSet><unclosed>", "not well-formed XML"),
        ("guidelines/4.txt", "文本".encode("gbk"), "not valid UTF-8"),
        ("guidelines/5.pdf", b"%PDF-1.4 not really", "PDF"),
        ("trials/6.json", "[1, 2", "is not valid JSON"),
    ],
)
def test_unreadable_files(project: Writer, name: str, content: str | bytes, words: str) -> None:
    path = project(f"sources/{name}", content)
    type_ = {"pubmed": "pmid", "guidelines": "guideline", "trials": "nct"}[name.split("/")[0]]
    f = failure(path.parents[1], type_, Path(name).stem)
    assert f.kind is FailureKind.UNREADABLE and words in f.message


def test_size_limit(project: Writer) -> None:
    path = project("sources/guidelines/big.txt", "x" * 2048)
    store = SourceStore(max_bytes=1024)
    f = resolve(path.parents[1], "guideline", "big", None, store)
    assert (
        isinstance(f, Failure)
        and f.kind is FailureKind.UNREADABLE
        and "over max-source-bytes" in f.message
    )
    assert store.reads == 0


# -- what a repair may look at ---------------------------------------------------------------


def test_saved_ids_and_locators(root: Path) -> None:
    store = SourceStore()
    assert saved_ids(store, "guideline", str(root)) == ["G", "H", "T"]
    assert saved_ids(store, "pmid", str(root)) == []
    assert store.locators(Anchor("guideline", "G", None, 0, 0), str(root)) == (
        "Guide",
        "5.5 Lung",
        "5.5.2 EGFR",
        "6 Other",
    )
    assert store.locators(Anchor("guideline", "nope", None, 0, 0), str(root)) == ()
    assert store.locators(Anchor("guideline", "../x", None, 0, 0), str(root)) == ()
    assert store.locators(Anchor("guideline", "G", None, 0, 0), None) == ()


def test_every_loader_names_its_parts(real: Path) -> None:
    store = SourceStore()
    names = {
        ("pmid", "22663011"): ("title", "abstract", "background", "methods", "results"),
        ("nct", "NCT02513394"): ("results", "outcomes", "adverse-events"),
        ("guideline", "PONE"): ("page:1", "page:2"),
    }
    for (kind, ident), expected in names.items():
        found = store.locators(Anchor(kind, ident, None, 0, 0), str(real))
        assert set(expected) <= set(found), (kind, found)
        for locator in found[:12]:  # each one resolves
            assert isinstance(store.resolve(Anchor(kind, ident, locator, 0, 0), str(real)), Span)


def test_a_sources_root_outside_the_trusted_roots_says_why(tmp_path: Path) -> None:
    # not a symlink: the run's project is elsewhere, so the message says what to do
    root = tmp_path / "other" / "sources"
    (root / "pubmed").mkdir(parents=True)
    store = SourceStore(trusted=(str(tmp_path / "project"),))
    found = store.resolve(Anchor("pmid", "1", None, 0, 0), str(root))
    assert isinstance(found, Failure) and found.kind is FailureKind.UNSAFE_PATH
    assert "(run citelint from the project that holds it, or name it with --sources)" in (
        found.message
    )
    (tmp_path / "linked").symlink_to(root)
    linked = store.resolve(Anchor("pmid", "1", None, 0, 0), str(tmp_path / "linked"))
    assert isinstance(linked, Failure) and "outside the project (a symlink)" in linked.message
