"""A file's content digest by its identity: hashed once a run, for every part that asks."""

from __future__ import annotations

import hashlib
import io
import os
from pathlib import Path

import pytest

from citelint.config.load import Settings
from citelint.lint.runner import Runner
from citelint.sources import digests as module
from citelint.sources.digests import Digests, identity
from citelint.sources.paths import read_regular
from tests.conftest import write_file


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The files `Digests.of_regular` reads."""
    seen: list[str] = []

    def counted(path: str, cap: int, *args: str) -> bytes:
        seen.append(os.path.basename(path))
        return read_regular(path, cap, *args)

    monkeypatch.setattr(module, "read_regular", counted)
    return seen


def test_a_file_is_read_once_and_its_hard_link_not_at_all(tmp_path: Path, reads: list[str]) -> None:
    write_file(tmp_path / "a.json", "{}")
    os.link(tmp_path / "a.json", tmp_path / "b.json")
    held = Digests()
    first = held.of_regular(str(tmp_path / "a.json"), 100)
    assert first == _sha(b"{}")
    assert held.of_regular(str(tmp_path / "a.json"), 100) == first
    assert held.of_regular(str(tmp_path / "b.json"), 100) == first
    assert reads == ["a.json"] and len(held) == 1


def test_a_changed_file_is_another_identity_and_hashed_again(
    tmp_path: Path, reads: list[str]
) -> None:
    path = tmp_path / "a.json"
    write_file(path, "{}")
    held = Digests()
    held.of_regular(str(path), 100)
    path.write_text('{"abstract": "changed"}', encoding="utf-8")
    assert held.of_regular(str(path), 100) == _sha(b'{"abstract": "changed"}')
    assert reads == ["a.json", "a.json"]


def test_nothing_to_read_is_a_dash_never_a_digest(tmp_path: Path) -> None:
    write_file(tmp_path / "big.txt", "x" * 50)
    (tmp_path / "link.txt").symlink_to(tmp_path / "big.txt")
    os.mkfifo(tmp_path / "fifo")
    held = Digests()
    assert held.of_regular(str(tmp_path / "absent"), 100) == "-"
    assert held.of_regular(str(tmp_path / "big.txt"), 10) == "-"  # over the cap
    assert held.of_regular(str(tmp_path / "link.txt"), 100) == "-"  # a planted link
    assert held.of_regular(str(tmp_path / "fifo"), 100) == "-"  # never blocks
    assert len(held) == 0


def test_an_open_file_is_hashed_once_by_its_identity(tmp_path: Path) -> None:
    write_file(tmp_path / "a.txt", "abc")
    same = identity(os.stat(tmp_path / "a.txt"))
    held = Digests()
    assert held.of_handle(same, io.BytesIO(b"abc")) == _sha(b"abc")
    assert held.of_handle(same, io.BytesIO(b"other bytes")) == _sha(b"abc")  # not read
    assert held.get(same) == _sha(b"abc") and held.get((0,)) is None


def test_the_oldest_identities_go_past_the_limit() -> None:
    held = Digests(limit=2)
    for n in range(3):
        held.keep((n,), str(n))
    assert [held.get((n,)) for n in range(3)] == [None, "1", "2"] and len(held) == 2


def test_the_result_cache_and_the_repair_pieces_ask_one_table(tmp_path: Path) -> None:
    """A run with a cache hashes each saved file once for both: the linter hands its
    `Digests` to the result cache and to the repair pieces."""
    (tmp_path / ".git").mkdir()
    record = tmp_path / "sources" / "pubmed" / "1.json"
    write_file(record, '{"abstract": "ORR was 45%."}')
    write_file(tmp_path / "r.md", "ORR was 54% [pmid:1:abstract].\n")
    settings = Settings(project_root=str(tmp_path), cache_dir=str(tmp_path / ".cache"))
    runner = Runner.of(settings, [str(tmp_path / "r.md")])
    runner.lint()
    held = runner.linter.digests
    assert held.get(identity(os.lstat(record))) == _sha(record.read_bytes())
    assert runner.linter.pieces.digests is held
