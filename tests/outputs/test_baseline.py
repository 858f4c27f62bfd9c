"""Baselines: line-independent, a multiset, never hiding internal errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import BROKEN, run


def test_baseline_hides_known_findings_only(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    report = repo / "reports/broken.md"
    report.write_text(BROKEN)
    assert run(capsys, "reports", "--write-baseline", "base.json")[0] == 0  # accepted
    assert json.loads((repo / "base.json").read_text())["findings"][0]["code"] == "CL101"
    assert run(capsys, "reports", "--baseline", "base.json")[0] == 0
    report.write_text("# Title added above\n\nNew intro line.\n\n" + BROKEN)  # line moved
    assert run(capsys, "reports", "--baseline", "base.json")[0] == 0
    report.write_text(BROKEN + "\nMedian PFS was 5.8 months [pmid:1:abstract].\n")  # a copy
    code, out, _ = run(capsys, "reports", "--baseline", "base.json", "--output-format", "concise")
    assert code == 1 and out.count("CL101") == 1
    report.write_text(BROKEN.replace("5.8", "6.8"))  # a different claim is a new finding
    assert run(capsys, "reports", "--baseline", "base.json")[0] == 1


def test_bad_baseline_file(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (repo / "base.json").write_text("[]")
    code, _, err = run(capsys, "reports", "--baseline", "base.json")
    assert code == 2 and "is not a citelint baseline" in err
