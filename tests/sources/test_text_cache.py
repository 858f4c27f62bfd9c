"""The PDF text cache: hits, damaged entries, the command-line flags."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from citelint.sources.store import SourceStore
from tests.conftest import Writer
from tests.sources.conftest import span


def test_pdf_text_cache(real: Path, tmp_path: Path) -> None:
    from citelint.sources.text_cache import TextCache

    cache = TextCache(str(tmp_path / "cache"))
    first = span(real, "guideline", "PONE", "page:2", SourceStore(cache=cache))
    assert cache.hits == 0 and len(list((tmp_path / "cache").glob("pdf-*.json"))) == 1
    again = span(real, "guideline", "PONE", "page:2", SourceStore(cache=cache))
    assert cache.hits == 1 and again.text == first.text
    for entry in (tmp_path / "cache").glob("pdf-*.json"):
        entry.write_text("{damaged")
    assert span(real, "guideline", "PONE", "page:2", SourceStore(cache=cache)).text == first.text


def test_cache_cli_flags(
    project: Writer, tmp_path: Path, corpus: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from citelint.commands.cli import main

    project(
        "sources/guidelines/P.pdf", (corpus / "pdf/papers/journal.pone.0196757.pdf").read_bytes()
    )
    project("r.md", "See the paper [guideline:P:page:1].\n")
    monkeypatch.chdir(tmp_path)
    user_cache = tmp_path.parent / f"{tmp_path.name}-user-cache"
    monkeypatch.setenv("CITELINT_CACHE_DIR", str(user_cache))
    assert main(["r.md", "--no-cache", "-q"]) == 0
    assert not user_cache.exists()
    assert main(["r.md", "-q"]) == 0  # by default the cache lives outside the working tree
    assert list(user_cache.glob("pdf-*.json"))
    assert not (tmp_path / ".citelint_cache").exists()
    assert main(["r.md", "-q", "--cache-dir", "elsewhere"]) == 0
    assert list((tmp_path / "elsewhere").glob("pdf-*.json"))


def test_user_cache_folder_per_platform(monkeypatch: pytest.MonkeyPatch) -> None:
    from citelint.sources import text_cache as cache

    monkeypatch.delenv("CITELINT_CACHE_DIR")
    monkeypatch.setenv("HOME", "/home/u")
    monkeypatch.setenv("XDG_CACHE_HOME", "/xdg")
    monkeypatch.setattr(sys, "platform", "linux")
    assert cache.user_cache_dir() == "/xdg/citelint"
    monkeypatch.delenv("XDG_CACHE_HOME")
    assert cache.user_cache_dir() == "/home/u/.cache/citelint"
    monkeypatch.setattr(sys, "platform", "darwin")
    assert cache.user_cache_dir() == "/home/u/Library/Caches/citelint"
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setenv("LOCALAPPDATA", "C:/L")
    assert cache.user_cache_dir().replace("\\", "/") == "C:/L/citelint/Cache"
    monkeypatch.setenv("CITELINT_CACHE_DIR", "/explicit")
    assert cache.user_cache_dir() == "/explicit"


def test_cache_folder_must_be_a_real_folder(tmp_path: Path) -> None:
    from citelint.sources.text_cache import TextCache, usable_folder

    assert usable_folder(str(tmp_path / "absent")) is None
    (tmp_path / "file").write_text("x")
    assert usable_folder(str(tmp_path / "file")) == "is not a folder"
    (tmp_path / "link").symlink_to(tmp_path)
    assert "symlink" in (usable_folder(str(tmp_path / "link")) or "")
    linked = TextCache(str(tmp_path / "link"))
    linked.put(b"pdf", ("page",))
    assert linked.get(b"pdf") is None and not list(tmp_path.glob("pdf-*"))
