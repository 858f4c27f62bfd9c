"""What the reports cite that fetch will ask for, read as the linter reads it."""

from __future__ import annotations

from pathlib import Path

from citelint.commands.fetch.plan import wanted_by_root
from citelint.commands.fetch.services import Wanted
from citelint.config.load import Settings
from citelint.lint.runner import Runner


def _wanted(tmp_path: Path, text: str, saved_too: bool = False) -> dict[str, list[Wanted]]:
    (tmp_path / "sources").mkdir(exist_ok=True)
    (tmp_path / "report.md").write_text(text, encoding="utf-8")
    return wanted_by_root(
        Runner.of(Settings(project_root=str(tmp_path)), [str(tmp_path)]), saved_too=saved_too
    )


def test_every_way_of_citing_names_what_to_fetch(tmp_path: Path) -> None:
    wanted = _wanted(
        tmp_path,
        "A 45% [pmid:11111111:abstract]. B 12% (NCT01234567). C 3% [1]. D 4% [2]. "
        "E 5% https://pubmed.ncbi.nlm.nih.gov/22222222/ F 6% https://example.org/a\n\n"
        "## References\n\n1. A title. doi:10.1000/x\n2. A page. https://example.org/b\n"
        "3. Uncited. PMID: 33333333\n",
    )
    assert wanted == {
        str(tmp_path / "sources"): [
            Wanted("PMID", "11111111"),
            Wanted("NCT", "NCT01234567"),
            Wanted("DOI", "10.1000/x"),
            Wanted("URL", "https://example.org/b"),
            Wanted("PMID", "22222222"),
            Wanted("URL", "https://example.org/a"),
            Wanted("PMID", "33333333"),
        ]
    }


def test_saved_sources_are_asked_for_only_on_refresh(tmp_path: Path) -> None:
    (tmp_path / "sources" / "trials").mkdir(parents=True)
    (tmp_path / "sources" / "trials" / "NCT01234567.json").write_text(
        '{"protocolSection": {"identificationModule": {"nctId": "NCT01234567"}}}'
    )
    text = "It enrolled 30 patients (NCT01234567).\n"
    assert _wanted(tmp_path, text) == {str(tmp_path / "sources"): []}
    assert _wanted(tmp_path, text, saved_too=True) == {
        str(tmp_path / "sources"): [Wanted("NCT", "NCT01234567")]
    }


def test_a_report_with_no_sources_root_has_nowhere_to_save(tmp_path: Path) -> None:
    (tmp_path / "report.md").write_text("A 45% (PMID: 11111111).\n", encoding="utf-8")
    assert wanted_by_root(Runner.of(Settings(project_root=str(tmp_path)), [str(tmp_path)])) == {}


def test_an_id_of_the_wrong_shape_is_never_asked_for_nor_names_a_file(tmp_path: Path) -> None:
    wanted = _wanted(tmp_path, "A 45% [pmid:../../etc:abstract]. B 3% [nct:NCT1:design].\n")
    assert wanted == {str(tmp_path / "sources"): []}
