"""Discovery: which files are reports, include globs, skipped folders."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import citelint
from citelint.config.load import Settings
from tests.conftest import Writer


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


def test_txt_reports_when_named_included_or_citing(project: Writer, tmp_path: Path) -> None:
    project("r/article.txt", "Rate 5% [1].\n")
    project("r/notes.txt", "x\n")
    project("r/a.md", "x\n")
    settings = Settings(project_root=str(tmp_path))
    walked = citelint.lint_paths([str(tmp_path / "r")], settings).files
    # a folder's .txt file is a report when it cites: `notes.txt` cites nothing
    assert [f.path for f in walked] == ["r/a.md", "r/article.txt"]
    named = citelint.lint_paths([str(tmp_path / "r" / "article.txt")], settings).files
    assert [(f.path, [d.code for d in f.diagnostics]) for f in named] == [
        ("r/article.txt", ["CL008"])  # read as Markdown: `[1]` cites, and there is no list
    ]
    included = Settings(project_root=str(tmp_path), include=("r/*.txt",))
    assert [f.path for f in citelint.lint_paths([str(tmp_path / "r")], included).files] == [
        "r/article.txt",
        "r/notes.txt",
    ]


def test_data_and_provenance_files_are_passed_over_and_said(
    project: Writer, tmp_path: Path
) -> None:
    """A folder of data: its PubTator records cite PMIDs and its provenance note has
    tables; neither is a report. The walk says so; named or included, each is linted."""
    records = "".join(f"{n}|t|Title {n} [pmid:{n}].\n{n}\t0\t4\tBRAF\tGene\n" for n in range(5))
    project("data/records.txt", records)
    project("data/PROVENANCE.md", "| file | bytes |\n|---|---|\n| a.xml | 24298 |\n")
    project("data/report.md", "Rate 5% [1].\n")
    settings = Settings(project_root=str(tmp_path))
    walked = citelint.lint_paths([str(tmp_path / "data")], settings)
    assert [f.path for f in walked.files] == ["data/report.md"]
    named = citelint.lint_paths([str(tmp_path / "data" / "records.txt")], settings).files
    assert [f.path for f in named] == ["data/records.txt"]
    included = Settings(project_root=str(tmp_path), include=("data/*",))
    assert [f.path for f in citelint.lint_paths([str(tmp_path / "data")], included).files] == [
        "data/PROVENANCE.md",
        "data/records.txt",
        "data/report.md",
    ]


def test_an_agents_notes_of_what_it_read_are_passed_over_and_said(
    project: Writer, tmp_path: Path
) -> None:
    """Notes an agent saved beside its report, each closed by where it came from (`##
    Source` / `Information gathered from …`), are no report: a folder run passes them over
    and says so; named or included each is linted, and under --isolated every file is."""
    note = "# AACR notes\n\n- 71,100 diagnoses in 2024.\n\n## Source\n"
    project(
        "run/aacr_notes.md", note + "Information gathered from the AACR site: https://a.example/x\n"
    )
    project(
        "run/themes.md",
        "# Themes\n\n- Rate 5%.\n\n## Sources\n\nInformation compiled from many sources.\n",
    )
    project(
        "run/report.md", "# Report\n\nRate 5% [1].\n\n## Sources\n\n1. [A](https://a.example/x)\n"
    )
    settings = Settings(project_root=str(tmp_path))
    walked = citelint.lint_paths([str(tmp_path / "run")], settings)
    assert [f.path for f in walked.files] == ["run/report.md"]
    from citelint.config.discover import Discovery

    found = Discovery(settings).files([str(tmp_path / "run")])
    assert sorted(os.path.basename(p) for p, why in found.passed_over if "note" in why) == [
        "aacr_notes.md",
        "themes.md",
    ]
    named = citelint.lint_paths([str(tmp_path / "run" / "aacr_notes.md")], settings).files
    assert [f.path for f in named] == ["run/aacr_notes.md"]
    isolated = Settings(project_root=str(tmp_path), isolated=True)
    assert len(citelint.lint_paths([str(tmp_path / "run")], isolated).files) == 3


def test_a_storm_run_folder_is_its_articles_sources_root(project: Writer, tmp_path: Path) -> None:
    import json

    info = {
        "url_to_unified_index": {"https://example.org/a": 1},
        "url_to_info": {"https://example.org/a": {"snippets": ["It has 322 employees."]}},
    }
    project("run/url_to_info.json", json.dumps(info))
    project("run/storm_gen_article_polished.txt", "The company has 322 employees [1].\n")
    settings = Settings(project_root=str(tmp_path))
    (f,) = citelint.lint_paths(
        [str(tmp_path / "run" / "storm_gen_article_polished.txt")], settings
    ).files
    assert f.diagnostics == () and f.verified == 1
    project("run/storm_gen_article_polished.txt", "The company has 323 employees [1].\n")
    (f,) = citelint.lint_paths(
        [str(tmp_path / "run" / "storm_gen_article_polished.txt")], settings
    ).files
    assert [d.code for d in f.diagnostics] == ["CL101"]


def test_why_a_named_file_is_skipped(project: Writer, tmp_path: Path) -> None:
    from citelint.config.discover import Discovery

    for rel in ("a.json", "sources/g.md", "drafts/x.md", "r/y.md", "README.md"):
        project(rel, "x\n")
    settings = Settings(project_root=str(tmp_path), exclude=("drafts",))
    found = Discovery(settings)
    reasons = {
        rel: found.why_skipped(str(tmp_path / rel))
        for rel in ("a.json", "sources/g.md", "README.md")
    }
    assert reasons["a.json"].startswith("is not a report")
    assert reasons["sources/g.md"].startswith("is inside a sources")
    assert reasons["README.md"].startswith("is a repository document")
    assert found.why_skipped(str(tmp_path / "drafts" / "x.md")).startswith("is inside")
    included = Discovery(Settings(project_root=str(tmp_path), include=("other/*.md",)))
    assert (
        included.why_skipped(str(tmp_path / "r" / "y.md"))
        == "is not matched by the config's `include`"
    )


def test_a_storm_article_named_with_its_run_folder_as_sources_is_linted(
    project: Writer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """STORM writes the article beside its `url_to_info.json`; with that folder as
    `--sources`, the article named from any working directory is the report."""
    from citelint.commands.cli import main

    run = tmp_path / "project" / "run"
    project("project/run/storm_gen_article.txt", "Range was 2.5 km [1].\n")
    project("project/run/notes.md", "Range was 2.5 km [1].\n")
    monkeypatch.chdir(tmp_path)  # a folder above the run, as a checkout's top would be
    article = str(run / "storm_gen_article.txt")
    assert main(["--no-cache", "--sources", str(run), article]) == 2  # no index: a source
    project("project/run/url_to_info.json", '{"url_to_unified_index": {}, "url_to_info": {}}')
    assert main(["--no-cache", "--sources", str(run), "--select", "CL005", article]) == 0
