"""The precision suite: correct claims over real corpus records, and a twin of each.

Each line of `tests/data/precision/<language>.tsv` holds a PubMed record, a correct
sentence about it, and a twin with one number, code or drug changed. Cited with
`[pmid:<record>:abstract]`, the correct sentence must give no finding at all; the twin
must give exactly the named finding at the changed token's column. Data-driven, so every
grammar change runs against all of it.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from citelint.config import Settings
from citelint.linter import Linter
from tests.conftest import CORPUS

DATA = Path(__file__).parent / "data" / "precision"
RECORDS = {"22663011": "pubmed/biomcp/22663011.xml", "38878148": "pubmed/metapub/38878148.xml"}


def _cases() -> list[tuple[str, list[str]]]:
    cases = []
    for table in sorted(DATA.glob("*.tsv")):
        for n, line in enumerate(table.read_text(encoding="utf-8").splitlines(), 1):
            if line and not line.startswith("#"):
                cases.append((f"{table.stem}:{n}", line.split("\t")))
    return cases


@pytest.fixture(scope="module")
def linter(tmp_path_factory: pytest.TempPathFactory) -> tuple[Linter, str]:
    """One linter for the module, over a sources root holding the records' real bytes."""
    if not CORPUS.is_dir():
        pytest.skip("../shared/corpus is not present")
    pubmed = tmp_path_factory.mktemp("precision") / "sources" / "pubmed"
    pubmed.mkdir(parents=True)
    for pmid, rel in RECORDS.items():
        shutil.copyfile(CORPUS / rel, pubmed / f"{pmid}.xml")
    return Linter(Settings(project_root=str(pubmed.parents[1]))), str(pubmed.parent)


def _findings(linter: tuple[Linter, str], record: str, sentence: str) -> list[tuple[str, int]]:
    lint, sources = linter
    text = f"{sentence}[pmid:{record}:abstract]\n"
    result = lint.lint_data("claim.md", text.encode(), sources)
    return [(d.code, d.column) for d in result.diagnostics]


@pytest.mark.parametrize(("where", "case"), _cases(), ids=[w for w, _ in _cases()])
def test_correct_claim_is_clean_and_its_twin_is_caught(
    linter: tuple[Linter, str], where: str, case: list[str]
) -> None:
    record, correct, twin, code, changed = case
    assert _findings(linter, record, correct) == [], correct
    column = twin.index(changed) + 1
    assert _findings(linter, record, twin) == [(code, column)], twin


def test_the_suite_is_large_enough_to_mean_something() -> None:
    per_language = {t.stem: 0 for t in DATA.glob("*.tsv")}
    for where, _ in _cases():
        per_language[where.split(":")[0]] += 1
    assert set(per_language) == {"en", "zh"} and all(n >= 10 for n in per_language.values())
