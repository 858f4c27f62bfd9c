"""The typed Python API and discovery rules."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import citelint
from tests.conftest import Writer


def test_lint_paths_with_config_file(
    project: Writer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    project("sources/pubmed/1.json", json.dumps({"abstract": "ORR 45%."}))
    project("reports/a.md", "ORR 46% [pmid:1:abstract].\n")
    project("reports/drafts/b.md", "ORR 47% [pmid:1:abstract].\n")
    project("reports/c.txt", "not a report")
    config = project("citelint.toml", 'sources = "sources"\nexclude = ["reports/drafts/**"]\n')
    monkeypatch.chdir(tmp_path)
    result = citelint.lint_paths(["reports"], str(config))
    assert [f.path for f in result.files] == ["reports/a.md"]
    assert [(d.code, d.path, d.line) for d in result.diagnostics] == [("CL101", "reports/a.md", 1)]
    assert result.failed() and not result.failed("never")


def test_lint_text_returns_diagnostics(project: Writer) -> None:
    root = project("sources/pubmed/1.json", json.dumps({"abstract": "ORR 45%."})).parents[1]
    assert citelint.lint_text("ORR 45% [pmid:1:abstract].", sources=str(root)) == []
    (d,) = citelint.lint_text("ORR 44% [pmid:1:abstract].", sources=str(root))
    assert (d.code, d.path, d.line, d.column) == ("CL101", "<text>.md", 1, 5)
    html = citelint.lint_text("<p>ORR 44% [pmid:1:abstract].</p>", suffix="html", sources=str(root))
    assert [x.code for x in html] == ["CL101"]


def test_no_sources_root_means_cl002(project: Writer) -> None:
    (d,) = citelint.lint_text("ORR 45% [pmid:1:abstract].")
    assert d.code == "CL002" and "no sources folder found" in d.message


def test_the_import_paths_of_before_the_floors_keep_working() -> None:
    """`citelint.result`, `citelint.config.Settings` and the other paths of 0.1 load the
    moved modules under both names; the API's types are the package's attributes."""
    import subprocess
    import sys

    probe = (
        "import citelint, citelint.result, citelint.tokens.numbers as n; "
        "from citelint.result import Result; from citelint.config import Settings, find_config; "
        "from citelint.evidence import Evidence; from citelint.runner import Runner; "
        "import citelint.outputs.result as r, citelint.ground.tokens.numbers as m; "
        "assert Result is r.Result is citelint.Result and n is m; "
        "assert citelint.Settings is Settings and citelint.Severity.CRITICAL.value == 'critical'; "
        "print('ok')"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert done.stdout == "ok\n", done.stderr
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        _ = citelint.nothing
