from __future__ import annotations

import dataclasses
from pathlib import Path

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
    kept = list(tmp_path.rglob("*.json"))
    warm = list(lint_in_workers(work, 2, settings, Linter))
    assert len(kept) == len(reports) and warm == cold
