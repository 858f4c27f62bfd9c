"""Saved records parsed once per distinct content, each file's spans under its own path."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from citelint.ground.document import Anchor
from citelint.sources.by_content import ByContent
from citelint.sources.kinds import BY_CONTENT, LoadContext, Loaded
from citelint.sources.loaders.structured import JsonSource
from citelint.sources.loaders.text import TextSource
from citelint.sources.model import Failure, Span
from citelint.sources.store import SourceStore
from tests.conftest import Writer

RECORD = json.dumps({"abstract": "Median PFS was 4.8 months.", "title": "A trial"})
CITED = {
    ("pmid", "22663011"): "abstract",
    ("pmid", "23657305"): None,
    ("pmid", "35726897"): None,
    ("nct", "NCT02513394"): "results",
    ("nct", "NCT06388018"): None,
    ("bioc", "22663011"): None,
    ("aact", "NCT06388018"): None,
    ("europepmc", "20516115"): None,
    ("pubtator", "22051099"): None,
}


def resolved(store: SourceStore, root: Path, kind: str, ident: str, locator: str | None) -> Span:
    found = store.resolve(Anchor(kind, ident, locator, 0, 0), str(root))
    assert isinstance(found, Span), (kind, ident, found)
    return found


def test_roots_holding_the_same_records_parse_each_once(real: Path, tmp_path: Path) -> None:
    """Every record kind of the corpus, saved under two roots (copies, not links): each is
    parsed once, and each root's spans name that root's file with the same text."""
    other = tmp_path / "other" / "sources"
    shutil.copytree(real, other)
    store = SourceStore()
    for (kind, ident), locator in CITED.items():
        first = resolved(store, real, kind, ident, locator)
        second = resolved(store, other, kind, ident, locator)
        assert first.path.startswith(str(real)) and second.path.startswith(str(other))
        assert Path(first.path).relative_to(real) == Path(second.path).relative_to(other)
        assert (second.text, second.fields, second.ids) == (first.text, first.fields, first.ids)
    assert store.by_content.parsed == len(CITED)
    assert store.reads == 2 * len(CITED)  # each file is still read: its bytes are the key


def test_other_bytes_or_another_id_parse_again(project: Writer) -> None:
    project("a/sources/trials/NCT1.json", RECORD)
    project("b/sources/trials/NCT1.json", RECORD.replace("4.8", "5.8"))
    project("c/sources/trials/NCT2.json", RECORD)
    store = SourceStore()
    roots = [project("x", "").parent / name / "sources" for name in "abc"]
    ids = ("NCT1", "NCT1", "NCT2")
    texts = [resolved(store, r, "nct", i, None).text for r, i in zip(roots, ids, strict=True)]
    assert "4.8" in texts[0] and "5.8" in texts[1] and "4.8" in texts[2]
    assert store.by_content.parsed == 3


def test_a_record_that_fails_to_load_fails_in_every_root(project: Writer) -> None:
    for name in "ab":
        project(f"{name}/sources/trials/NCT1.json", "{not json")
    store = SourceStore()
    for name in "ab":
        root = project("x", "").parent / name / "sources"
        found = store.resolve(Anchor("nct", "NCT1", None, 0, 0), str(root))
        assert isinstance(found, Failure) and "is not valid JSON" in found.message
        assert found.path == str(root / "trials" / "NCT1.json")
    assert len(store.by_content) == 0


def test_what_is_held_is_bounded_by_bytes() -> None:
    calls: list[str] = []

    def loader(path: str, data: bytes, ident: str, ctx: LoadContext) -> Loaded:
        calls.append(path)
        return JsonSource(path, {"text": data.decode()})

    held = ByContent(limit=10)
    for n in range(3):
        held.load(loader, f"/r{n}/a", b"12345" + bytes([n]), "1", None)  # type: ignore[arg-type]
    assert len(held) == 1 and held.held_bytes == 6  # two of six bytes do not fit with a third
    again = held.load(loader, "/r9/a", b"12345" + bytes([2]), "1", None)  # type: ignore[arg-type]
    assert again == JsonSource("/r9/a", {"text": "12345\x02"})  # held, under the asking path
    held.load(loader, "/r9/a", b"12345" + bytes([0]), "1", None)  # type: ignore[arg-type]
    assert calls == ["/r0/a", "/r1/a", "/r2/a", "/r9/a"]  # the newest held, the oldest gone
    held.load(loader, "/big", b"x" * 11, "1", None)  # type: ignore[arg-type]
    assert len(held) == 1 and held.held_bytes == 6  # larger than the limit: never held


def test_a_loaded_source_of_another_shape_is_never_shared() -> None:
    def loader(path: str, data: bytes, ident: str, ctx: LoadContext) -> Loaded:
        return TextSource(path, ("text",), ())

    held = ByContent()
    first = held.load(loader, "/a/x", b"same", "1", None)  # type: ignore[arg-type]
    second = held.load(loader, "/b/x", b"same", "1", None)  # type: ignore[arg-type]
    assert isinstance(first, TextSource) and isinstance(second, TextSource)
    assert (first.path, second.path) == ("/a/x", "/b/x")
    assert held.parsed == 2 and len(held) == 0


def test_only_loaders_of_the_bytes_alone_are_shared() -> None:
    from citelint.sources.kinds import FORMAT_LOADERS

    # a PDF, an HTML page and a text file read their `.toc.json` (and the text cache)
    assert not {FORMAT_LOADERS[ext] for ext in ("pdf", "html", "htm")} & BY_CONTENT
    assert FORMAT_LOADERS["json"] in BY_CONTENT
