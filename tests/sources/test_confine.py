"""Confinement: candidates judged before they are known to exist, never opened outside."""

from __future__ import annotations

import os
from pathlib import Path

from citelint.sources.confine import Confinement
from citelint.sources.kinds import KINDS_BY_NAME
from citelint.sources.model import Failure, FailureKind
from citelint.sources.watch import Watch


def test_a_file_is_located_inside_its_root_and_a_link_out_is_refused(tmp_path: Path) -> None:
    root = tmp_path / "p" / "sources"
    (root / "pubmed").mkdir(parents=True)
    (root / "pubmed" / "1.json").write_text("{}")
    (tmp_path / "outside.json").write_text("{}")
    os.symlink(tmp_path / "outside.json", root / "pubmed" / "2.json")
    confine = Confinement(Watch(), trusted=(str(tmp_path / "p"),))
    kind = KINDS_BY_NAME["pmid"]
    assert confine.locate(kind, "1", str(root)) == str(root / "pubmed" / "1.json")
    out = confine.locate(kind, "2", str(root))
    assert isinstance(out, Failure) and out.kind is FailureKind.UNSAFE_PATH
    missing = confine.locate(kind, "3", str(root))
    assert isinstance(missing, Failure) and missing.message.startswith("no source file: tried")
    assert confine.trusted_root(str(root)) and not confine.trusted_root(str(tmp_path))
    confine.release(str(root))
    assert confine.locate(kind, "1", str(root)) == str(root / "pubmed" / "1.json")


def test_under_only_tracked_an_untracked_file_is_absent(tmp_path: Path) -> None:
    (tmp_path / "pubmed").mkdir()
    (tmp_path / "pubmed" / "1.json").write_text("{}")
    confine = Confinement(Watch(), tracked=lambda path: False)
    found = confine.locate(KINDS_BY_NAME["pmid"], "1", str(tmp_path))
    assert isinstance(found, Failure) and "is not tracked by git" in found.message
