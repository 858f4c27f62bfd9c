"""The pipeline: per-file ignores, workers and shards give the same findings."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import citelint
from tests.conftest import BROKEN, CLEAN, Writer, run


def test_per_file_ignores(project: Writer, tmp_path: Path) -> None:
    project("sources/pubmed/1.json", json.dumps({"abstract": "ORR 45%."}))
    project("reports/legacy/old.md", "ORR 46% [pmid:1].\n")
    project("reports/new.md", "ORR 46% [pmid:1].\n")
    config = project(".citelint.toml", 'per-file-ignores = { "reports/legacy/**" = ["CL004"] }\n')
    result = citelint.lint_paths([str(tmp_path / "reports")], str(config))
    assert [(d.path, d.code) for d in result.diagnostics] == [("reports/new.md", "CL004")]


def test_jobs_and_shards_give_the_same_findings(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for i in range(12):
        (repo / f"reports/r{i:02d}.md").write_text(BROKEN if i % 3 else CLEAN)
    _, serial, _ = run(capsys, "reports", "--jobs", "1", "--output-format", "json")
    _, parallel, _ = run(capsys, "reports", "--jobs", "2", "--output-format", "json")
    assert parallel == serial  # same bytes whatever the number of workers
    shards = [
        run(capsys, "reports", "--shard", f"{k}/3", "--output-format", "concise")[1]
        for k in (1, 2, 3)
    ]
    lines = sorted(line for out in shards for line in out.splitlines())
    _, whole, _ = run(capsys, "reports", "--output-format", "concise")
    assert lines == sorted(whole.splitlines())
    assert all(shards)  # 12 files spread over 3 shards
    assert run(capsys, "reports", "--shard", "4/3")[0] == 2
    assert run(capsys, "reports", "--jobs", "0")[0] == 2
