"""The typed Python API and discovery rules."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import citelint
from citelint.config import ConfigError, Settings, load_settings
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


def test_include_globs(project: Writer, tmp_path: Path) -> None:
    project("r/x.md", "a\n")
    project("r/y.html", "<p>a</p>\n")
    settings = Settings(project_root=str(tmp_path), include=("r/*.html",))
    assert [f.path for f in citelint.lint_paths([str(tmp_path / "r")], settings).files] == [
        "r/y.html"
    ]


def test_sources_and_hidden_folders_are_not_reports(project: Writer, tmp_path: Path) -> None:
    project("a.md", "x\n")
    project("sources/guidelines/g.md", "# g\n")
    project("evidence/model.md", "x\n")
    project(".hidden/h.md", "x\n")
    project("node_modules/n.md", "x\n")
    settings = Settings(project_root=str(tmp_path))
    assert [f.path for f in citelint.lint_paths([str(tmp_path)], settings).files] == ["a.md"]


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


@pytest.mark.parametrize(
    ("toml", "message"),
    [
        ("bogus = 1\n", "unknown key 'bogus'"),
        ("[rules.CL101]\nnope = 1\n", "unknown option 'rules.CL101.nope'"),
        ("[rules.CL999]\n", "unknown rule 'rules.CL999'"),
        (
            "[rules.CL103]\ndrug-stems-en = 5\n",
            "'rules.CL103.drug-stems-en' must be a list of strings",
        ),
        ("[rules.CL101]\nseverity = 'loud'\n", "'rules.CL101.severity' must be one of"),
        ("fail-on = 'sometimes'\n", "'fail-on' must be one of"),
        ("max-source-bytes = -1\n", "'max-source-bytes' must be a whole number"),
        ("[source-types.pmid]\n", "a custom type is a new lower-case name"),
        ("[source-types.patent]\ndirs = ['../x']\n", "must stay inside the sources root"),
    ],
)
def test_config_errors_name_the_key(project: Writer, toml: str, message: str) -> None:
    path = project(".citelint.toml", toml)
    with pytest.raises(ConfigError) as exc:
        load_settings(str(path), str(path.parent))
    assert message in str(exc.value) and str(path) in str(exc.value)


def test_pyproject_table_and_rule_settings(project: Writer) -> None:
    path = project(
        "pyproject.toml",
        "[project]\nname='x'\n[tool.citelint]\nfail-on='warning'\n"
        "[tool.citelint.rules.CL005]\nseverity='critical'\n"
        "[tool.citelint.rules.CL103]\ndrug-stems-en=['zumab']\n",
    )
    settings = load_settings(str(path), str(path.parent))
    assert settings.fail_on == "warning"
    assert settings.severity("CL005").value == "critical"
    # the drug grammar moved to the claim model; the old CL103 option still works, with a note
    assert settings.claims.drugs.stems_en == ("zumab",)
    assert "deprecated" in settings.notes[0] and "drug-stems-en" in settings.notes[0]
    with pytest.raises(ConfigError, match=r"unknown key 'tool\.citelint\.rulez'"):
        load_settings(str(project("pyproject.toml", "[tool.citelint.rulez]\n")), str(path.parent))


def test_per_file_ignores(project: Writer, tmp_path: Path) -> None:
    project("sources/pubmed/1.json", json.dumps({"abstract": "ORR 45%."}))
    project("reports/legacy/old.md", "ORR 46% [pmid:1].\n")
    project("reports/new.md", "ORR 46% [pmid:1].\n")
    config = project(".citelint.toml", 'per-file-ignores = { "reports/legacy/**" = ["CL004"] }\n')
    result = citelint.lint_paths([str(tmp_path / "reports")], str(config))
    assert [(d.path, d.code) for d in result.diagnostics] == [("reports/new.md", "CL004")]
