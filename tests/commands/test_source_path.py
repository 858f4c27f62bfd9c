"""`citelint source-path`: where a source saved by hand must go, from the kinds' own names."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from citelint.commands.cli import main
from citelint.commands.source_path import named, places
from citelint.ground.errors import UsageError
from citelint.sources.kinds import ALL_KINDS, KINDS_BY_NAME
from citelint.sources.loaders.crossref import crossref_name
from tests.conftest import Writer


def test_every_kind_says_what_its_file_holds() -> None:
    assert all(kind.holds for kind in ALL_KINDS)


@pytest.mark.parametrize(
    ("citation", "name"),
    [
        ("PMID: 22663011", ("PMID", "22663011")),
        ("[pmid:22663011:results]", ("pmid", "22663011")),
        ("doi:10.1056/NEJMoa1203421", ("DOI", "10.1056/NEJMoa1203421")),
        ("10.1056/NEJMoa1203421", ("DOI", "10.1056/NEJMoa1203421")),
        ("https://doi.org/10.1056/NEJMoa1203421", ("DOI", "10.1056/NEJMoa1203421")),
        ("https://pubmed.ncbi.nlm.nih.gov/22663011/", ("PMID", "22663011")),
        ("NCT01234567", ("NCT", "NCT01234567")),
        ("PMC3549295", ("PMCID", "PMC3549295")),
        ("arXiv:2505.12490", ("arXiv", "2505.12490")),
        ("guideline:CSCO-2024", ("guideline", "CSCO-2024")),
        ("https://example.org/a?b=1", ("URL", "https://example.org/a?b=1")),
    ],
)
def test_a_citation_is_read_as_a_report_writes_it(citation: str, name: tuple[str, str]) -> None:
    assert named(citation, KINDS_BY_NAME) == name


@pytest.mark.parametrize("citation", ["foo", "pmid:../../etc/passwd", "nope:1", ""])
def test_what_names_no_source_is_a_usage_error(citation: str) -> None:
    with pytest.raises(UsageError, match="cannot tell what"):
        named(citation, KINDS_BY_NAME)


def test_a_doi_has_two_records_and_the_pubmed_record_that_carries_it() -> None:
    name = crossref_name("10.1056/NEJMoa1203421")
    assert places("doi:10.1056/NEJMoa1203421", "sources", KINDS_BY_NAME) == [
        "DOI 10.1056/NEJMoa1203421",
        f"  sources/crossref/{name}.json  {KINDS_BY_NAME['crossref'].holds}",
        f"  sources/doi/{name}.json  {KINDS_BY_NAME['doi'].holds}",
        "  or a saved PubMed record (pubmed/<PMID>) whose doi is 10.1056/NEJMoa1203421",
    ]


def test_the_printed_paths_are_where_the_lint_reads(
    project: Writer, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Each file saved where `source-path` says makes the report's citations resolve."""
    report = project(
        "reports/r.md",
        "# R\n\nThe trial enrolled 120 patients (doi:10.1000/demo.1).\n\n"
        "The page reports 45% uptake ([site](https://example.org/a)).\n\n"
        "Median PFS was 9.2 months [pmid:123:results].\n",
    )
    project("reports/sources/.keep", "")
    monkeypatch.chdir(report.parent)
    assert main(["source-path", "doi:10.1000/demo.1", "https://example.org/a", "pmid:123"]) == 0
    lines = capsys.readouterr().out.splitlines()
    files = [line.split()[0] for line in lines if line.startswith("  sources/")]
    crossref, _, page, index, pubmed = files
    Path(crossref).parent.mkdir(parents=True)
    Path(crossref).write_text(
        json.dumps({"message": {"DOI": "10.1000/demo.1", "title": ["The trial"],
                                "abstract": "The trial enrolled 120 patients."}})
    )  # fmt: skip
    page = page.replace("{html,txt,md,pdf}", "txt")
    Path(page).parent.mkdir(parents=True)
    Path(page).write_text("The page reports 45% uptake.\n")
    assert index.endswith("index.json")
    entry = lines[lines.index(next(x for x in lines if "index.json" in x))].split(": ", 1)[1]
    Path(index).write_text(entry.replace(".html", ".txt"))
    os.makedirs("sources/pubmed")
    Path(pubmed.replace("{json,xml}", "json")).write_text(
        json.dumps({"pmid": "123", "abstract": "RESULTS: Median PFS was 9.2 months."})
    )
    code = main(["r.md", "--no-cache", "--no-color", "--no-progress"])
    assert (code, capsys.readouterr().out.splitlines()[-1]) == (
        0,
        "no findings in 1 file; 3 claims: 3 supported, 0 unsupported, 0 unchecked",
    )


def test_the_root_is_the_one_the_lint_finds(
    project: Writer, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(project("a/b/.keep", "").parent)
    project("citelint.toml", "")  # the project's root, above the current folder
    assert main(["source-path", "NCT01234567"]) == 0  # no sources/ yet: one here
    assert "  sources/trials/NCT01234567.json" in capsys.readouterr().out
    project("sources/.keep", "")
    assert main(["source-path", "NCT01234567"]) == 0
    assert "  ../../sources/trials/NCT01234567.json" in capsys.readouterr().out
    assert main(["source-path", "--sources", "elsewhere", "pmid:1"]) == 0
    assert capsys.readouterr().out.splitlines()[1].startswith("  elsewhere/pubmed/1.{json,xml}")
    assert main(["source-path", "huh"]) == 2
    assert "cannot tell what 'huh' cites" in capsys.readouterr().err
