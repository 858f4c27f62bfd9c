"""Shared helpers: the real corpus (skipped when absent) and small project builders."""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from citelint.commands.cli import main
from citelint.config.load import Settings
from citelint.config.run import Run
from citelint.lint.linter import Linter
from citelint.lint.runner import Runner
from citelint.outputs.result import Result
from citelint.read.analysis import Analysis

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus"
SCHEMAS = Path(__file__).resolve().parents[2] / "shared" / "schemas"
FIXES = Path(__file__).resolve().parent / "data" / "fixes"  # repair fixtures and sources


@pytest.fixture
def corpus() -> Path:
    if not CORPUS.is_dir():
        pytest.skip("../shared/corpus is not present")
    return CORPUS


Writer = Callable[[str, str | bytes], Path]


@pytest.fixture
def project(tmp_path: Path) -> Writer:
    """Write files into a throwaway project: `project("sources/pubmed/1.json", "{...}")`."""

    def write(rel: str, content: str | bytes) -> Path:
        return write_file(tmp_path / rel, content)

    return write


def write_file(path: Path, content: str | bytes) -> Path:
    """Write text (UTF-8) or bytes, creating the folders on the way."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    return path


def settings_for(root: Path, **changes: object) -> Settings:
    import dataclasses

    return dataclasses.replace(Settings(project_root=str(root)), **changes)  # type: ignore[arg-type]


@pytest.fixture(autouse=True)
def _no_color(monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    # the user cache of a test run is its own, never the developer's ~/.cache
    monkeypatch.setenv("CITELINT_CACHE_DIR", str(tmp_path_factory.getbasetemp() / "user-cache"))
    monkeypatch.delenv("GITHUB_ACTIONS", raising=False)
    monkeypatch.delenv("PRE_COMMIT", raising=False)  # a test run inside a hook is no hook run
    os.environ.pop("CITELINT_TEST_FAULT", None)


CLEAN = "Median PFS was 4.8 months [pmid:1:abstract].\n"


BROKEN = "Median PFS was 5.8 months [pmid:1:abstract].\n"


SOURCE = json.dumps({"abstract": "Median PFS was 4.8 months."})


@pytest.fixture
def repo(project: Writer, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    project(".git/HEAD", "ref: refs/heads/main\n")
    project("reports/sources/pubmed/1.json", SOURCE)
    project("reports/clean.md", CLEAN)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def linter_of(settings: Settings) -> Linter:
    """The linter of one report under `settings`, in a run of the project's root."""
    return Linter(Run.of(settings), settings)


def analysis_of(root: Path, name: str, text: str, **changes: object) -> Analysis:
    """The Analysis of one report written under `root`, with `root/sources` as its root."""
    (root / name).write_text(text, encoding="utf-8")
    linter = linter_of(settings_for(root, **changes))
    doc = linter.parser.parse(name, text.encode("utf-8"))
    sources = root / "sources"
    return linter.analyze(doc, str(sources) if sources.is_dir() else None)


def lint_fix_case(tmp_path: Path, case: str = "locator.before.md") -> Result:
    """One before-case of tests/data/fixes linted as `r.<ext>` over the fixes' sources."""
    shutil.copytree(FIXES / "sources", tmp_path / "sources")
    report = tmp_path / ("r." + case.rsplit(".", 1)[1])
    shutil.copy(FIXES / case, report)
    return Runner.of(Settings(project_root=str(tmp_path)), [str(report)]).lint()


@pytest.fixture
def hashed(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The files the result cache opens and hashes (one known by its identity is not)."""
    from citelint.lint.cache import results

    read: list[str] = []
    real = results._file

    def counted(path: str, *args: object) -> str:
        read.append(path)
        return real(path, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(results, "_file", counted)
    return read
