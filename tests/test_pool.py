from __future__ import annotations

import dataclasses
import shutil
from pathlib import Path

import pytest

from citelint import pool
from citelint.config import Settings
from citelint.linter import Linter
from citelint.pool import lint_in_workers

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def test_workers_return_results_in_the_order_of_the_work(tmp_path: Path) -> None:
    reports = sorted(str(p) for p in (EXAMPLES / "reports").iterdir()) * 3
    settings = Settings(project_root=str(EXAMPLES), cache_dir=None)
    serial = Linter(settings)
    expected = [serial.lint_file(path) for path in reports]
    work = [(path, None) for path in reports]
    assert list(lint_in_workers(work, 2, settings, Linter)) == expected


def test_workers_share_the_result_cache(tmp_path: Path) -> None:
    reports = sorted(str(p) for p in (EXAMPLES / "reports").iterdir())
    settings = dataclasses.replace(
        Settings(project_root=str(EXAMPLES), cache_dir=str(tmp_path)), result_cache=True
    )
    work = [(path, None) for path in reports]
    cold = list(lint_in_workers(work, 2, settings, Linter))
    kept = [p for p in tmp_path.rglob("*.json") if p.parent.name != "deps"]
    warm = list(lint_in_workers(work, 2, settings, Linter))
    assert len(kept) == len(reports) and warm == cold


@pytest.mark.skipif(pool._FORK is None, reason="workers are forked on Linux only")
def test_forked_workers_start_from_what_the_parent_already_read(tmp_path: Path) -> None:
    project = tmp_path / "p"
    shutil.copytree(EXAMPLES, project)
    reports = sorted(str(p) for p in (project / "reports").iterdir())
    settings = Settings(project_root=str(project), cache_dir=None)
    warm = Linter(settings)
    expected = [warm.lint_file(path) for path in reports]
    for saved in (project / "sources").rglob("*.*"):
        saved.write_text("")  # emptied on disk, still loaded in the parent
    work = [(path, None) for path in reports]
    assert list(pool.lint_in_workers(work, 2, settings, Linter, warm=warm)) == expected
    cold = list(pool.lint_in_workers(work, 2, settings, Linter))
    assert cold != expected  # a worker of its own reads the (now empty) sources


def test_a_parallel_run_gives_the_bytes_of_a_serial_one(tmp_path: Path) -> None:
    project = tmp_path / "p"
    shutil.copytree(EXAMPLES, project)
    for i in range(12):
        shutil.copy(project / "reports" / "broken.html", project / "reports" / f"b{i}.html")
    settings = Settings(project_root=str(project), cache_dir=None)
    serial = Linter(settings).lint_paths([str(project / "reports")], jobs=1)
    parallel = Linter(settings).lint_paths([str(project / "reports")], jobs=2)
    assert parallel == serial
