"""Index pieces: a saved file's part of a root's repair index, built once per content and
moved to each root that holds the same file."""

from __future__ import annotations

import json
import os
from pathlib import Path

from citelint.config import Settings
from citelint.runner import Runner
from tests.conftest import write_file

RECORD = json.dumps({"abstract": "Median PFS was 4.8 months; ORR 45%."})
REPORT = "ORR was 45% [pmid:2:abstract].\n"  # pmid:2 does not say it; pmid:1 does


def _folders(tmp_path: Path, n: int, *, link: bool) -> None:
    (tmp_path / ".git").mkdir()
    first = tmp_path / "runs" / "r0" / "sources" / "pubmed"
    write_file(first / "1.json", RECORD)
    write_file(first / "2.json", '{"abstract": "Nothing here."}')
    for i in range(n):
        folder = tmp_path / "runs" / f"r{i}"
        write_file(folder / "report.md", REPORT)
        for name in ("1.json", "2.json"):
            target = folder / "sources" / "pubmed" / name
            if not target.exists():
                target.parent.mkdir(parents=True, exist_ok=True)
                if link:
                    os.link(first / name, target)
                else:
                    target.write_bytes((first / name).read_bytes())


def _hints(tmp_path: Path) -> tuple[list[str], int]:
    runner = Runner.of(Settings(project_root=str(tmp_path), cache_dir=None), [str(tmp_path)])
    result = runner.lint()
    shown = [f"{d.path} {s.describe()}" for d in result.diagnostics for s in d.suggestions]
    return shown, runner.linter.repair.search.pieces.built


def test_roots_holding_the_same_files_share_their_pieces(tmp_path: Path) -> None:
    _folders(tmp_path, 5, link=True)
    shown, built = _hints(tmp_path)
    assert built == 2  # two saved files, five roots: each piece built once
    assert len(shown) == 5
    for i, line in enumerate(shown):  # each hint names its own root's file
        assert line.startswith(f"runs/r{i}/report.md ") and f"runs/r{i}/sources" in line, line


def test_copies_with_the_same_bytes_share_too_and_other_bytes_do_not(tmp_path: Path) -> None:
    _folders(tmp_path, 3, link=False)
    (tmp_path / "runs" / "r2" / "sources" / "pubmed" / "1.json").write_text(
        json.dumps({"abstract": "ORR 45% in the other arm."})
    )
    shown, built = _hints(tmp_path)
    assert built == 3  # 1.json twice the same, once other bytes; 2.json the same
    assert [line.split(" ")[0] for line in shown] == [f"runs/r{i}/report.md" for i in range(3)]
    assert "runs/r2/sources" in shown[2]
