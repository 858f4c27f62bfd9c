"""The pipeline: per-file ignores, workers and shards give the same findings."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import citelint
from citelint.cli import main
from citelint.result import Result
from tests.conftest import BROKEN, CLEAN, Writer, run


def test_per_file_ignores(project: Writer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
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
    json = ("--output-format", "json", "--no-cache")  # workers lint, not the result cache
    _, serial, _ = run(capsys, "reports", "--jobs", "1", *json)
    _, parallel, _ = run(capsys, "reports", "--jobs", "2", *json)
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


def test_a_monorepo_from_its_root(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Items 6, 7 and 9 of the gate: paths from the repository root, each report under its
    nearest config, .gitignore and the usual repository documents left out."""
    import subprocess

    from tests.conftest import write_file

    write_file(tmp_path / "docs" / "pyproject.toml", '[tool.citelint]\nignore = ["CL001"]\n')
    write_file(tmp_path / "docs" / "reports" / "x.md", "ORR was 45%.\n")  # CL001, ignored there
    write_file(tmp_path / "reports" / "y.md", "ORR was 45%.\n")  # CL001 under the root defaults
    write_file(tmp_path / "venv" / "lib" / "page.md", "ORR was 45%.\n")  # ignored by git
    write_file(tmp_path / ".gitignore", "venv/\n")
    write_file(tmp_path / "README.md", "Our tool improves ORR by 45%.\n")  # not a report
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    monkeypatch.chdir(tmp_path)
    code = main([".", "--output-format", "concise", "-o", "sarif:out.sarif"])
    out = capsys.readouterr().out
    assert code == 1
    assert [line.split(" [")[0] for line in out.splitlines()] == ["reports/y.md:1:1: CL001"]
    sarif = json.loads((tmp_path / "out.sarif").read_text())
    uris = [r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
            for r in sarif["runs"][0]["results"]]  # fmt: skip
    assert uris == ["reports/y.md"]
    monkeypatch.chdir(tmp_path / "docs")  # from a subfolder: still repository paths
    assert main(["../reports", "reports", "--output-format", "concise"]) == 1
    assert capsys.readouterr().out.startswith("reports/y.md:1:1: CL001")  # not ../reports
    assert main([str(tmp_path / "venv"), "--no-respect-gitignore", "-q",
                 "--output-format", "concise"]) == 1  # fmt: skip
    assert "venv/lib/page.md:1:1: CL001" in capsys.readouterr().out


EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def _by_code(result: Result) -> dict[str, list[tuple[str, int, int, str]]]:
    found: dict[str, list[tuple[str, int, int, str]]] = {}
    for f in result.files:
        for d in f.diagnostics:
            found.setdefault(d.code, []).append((d.path, d.line, d.column, d.message))
    return found


def test_select_is_a_filter_not_another_analysis() -> None:
    """`--select X` shows exactly what a full run shows for X, with the same counts."""
    from citelint.config import Settings

    root = str(EXAMPLES)
    full = citelint.lint_paths([root], Settings(project_root=root))
    every = _by_code(full)
    assert len(every) >= 5  # the examples exercise many rules, so the check has teeth
    for code in [*every, "CL005"]:
        alone = citelint.lint_paths([root], Settings(project_root=root, select=(code,)))
        assert _by_code(alone) == ({code: every[code]} if code in every else {}), code
        assert (alone.summary()["claims"], alone.summary()["verified_claims"]) == (
            full.summary()["claims"],
            full.summary()["verified_claims"],
        ), code


def test_numbered_locators_required_asks_numbered_citations_for_a_locator(
    project: Writer, tmp_path: Path
) -> None:
    import dataclasses

    from citelint.config import Settings

    project("sources/pubmed/1001.json", json.dumps({"abstract": "PFS was 4.8 months."}))
    report = project("r.md", "PFS was 4.8 months [1].\n\n## References\n\n1. PMID: 1001\n")
    settings = Settings(project_root=str(tmp_path))
    assert citelint.lint_paths([str(report)], settings).diagnostics == ()
    strict = dataclasses.replace(
        settings, claims=dataclasses.replace(settings.claims, numbered_locators="required")
    )
    (found,) = citelint.lint_paths([str(report)], strict).diagnostics
    assert (found.code, found.line, found.column) == ("CL004", 1, 1)


def test_a_run_keeps_only_the_sources_roots_in_flight(
    project: Writer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """200 report folders, each with its own sources root (as pipelines save them): what
    a root loaded and indexed is let go when its last report is done, so the live roots
    stay one however many folders the run holds. Counted, not timed."""
    from citelint.config import Settings
    from citelint.linter import Linter

    record = json.dumps({"abstract": "Median PFS was 4.8 months; ORR 45%."})
    for n in range(200):
        project(f"runs/r{n:03d}/sources/pubmed/1.json", record)
        project(
            f"runs/r{n:03d}/report.md",
            "Median PFS was 4.8 months [pmid:1:abstract]. ORR was 46% [pmid:1:abstract].\n",
        )
    monkeypatch.chdir(tmp_path)
    linter = Linter(Settings(project_root=str(tmp_path)))
    live: list[int] = []

    def count(done: int, total: int) -> None:
        roots = (
            linter.store.live_roots()
            | set(linter.citations._roots)
            | linter.repair.search.live_roots()
            | {k[0] for k in linter.repair._held}
        )
        live.append(len(roots))

    result = linter.lint_paths([str(tmp_path / "runs")], progress=count)
    assert len(result.files) == 200 and len(live) == 200
    assert max(live) == 1  # the root in flight, never the 199 before it
    assert [d.code for d in result.diagnostics] == ["CL101"] * 200  # and every one checked
    assert len(linter.store._loaded) <= 1 and len(linter.evidence._spans) <= 2
