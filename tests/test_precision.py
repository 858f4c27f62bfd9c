"""The precision suite: correct claims over real corpus records, and a twin of each.

Each line of `tests/data/precision/<language>.tsv` holds an anchor into a real record
(PubMed XML, ClinicalTrials.gov JSON, BioC, a PDF), a correct sentence about it, and a
twin with one number, code or drug changed. Cited with that anchor, the correct sentence
must give no finding at all; the twin must give exactly the named finding at the changed
token's column. Data-driven, so every grammar change runs against all of it.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from citelint.config.load import Settings
from citelint.lint.linter import Linter
from tests.conftest import CORPUS, linter_of

DATA = Path(__file__).parent / "data" / "precision"
# where each record sits under the sources root <- where it is in the corpus
RECORDS = {
    "pubmed/22663011.xml": "pubmed/biomcp/22663011.xml",
    "pubmed/38878148.xml": "pubmed/metapub/38878148.xml",
    "trials/NCT02210780.json": "trials/aact_spec/NCT02210780.json",
    "trials/NCT02576665.json": "trials/biomcp_fields/NCT02576665.fields.json",
    "trials/NCT02552212.json": "trials/aact_spec/NCT02552212.json",
    "trials/NCT00763412.json": "trials/aact_spec/NCT00763412.json",
    "bioc/20516115.json": "bioc/pubtator3/20516115.json",
    "guidelines/PONE-2018-RRV.pdf": "pdf/papers/journal.pone.0196757.pdf",
}


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
    root = tmp_path_factory.mktemp("precision")
    for saved, rel in RECORDS.items():
        (root / "sources" / saved).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(CORPUS / rel, root / "sources" / saved)
    # CL301 judges a whole report's use of the channels; one sentence cites one record
    settings = Settings(project_root=str(root), ignore=("CL301",))
    return linter_of(settings), str(root / "sources")


def _findings(linter: tuple[Linter, str], anchor: str, sentence: str) -> list[tuple[str, int]]:
    lint, sources = linter
    text = f"{sentence}[{anchor}]\n"
    result = lint.lint_bytes("claim.md", text.encode(), sources)
    return [(d.code, d.column) for d in result.diagnostics]


@pytest.mark.parametrize(("where", "case"), _cases(), ids=[w for w, _ in _cases()])
def test_correct_claim_is_clean_and_its_twin_is_caught(
    linter: tuple[Linter, str], where: str, case: list[str]
) -> None:
    anchor, correct, twin, code, changed = case
    assert _findings(linter, anchor, correct) == [], correct
    column = twin.index(changed) + 1
    assert _findings(linter, anchor, twin) == [(code, column)], twin


def test_the_suite_is_large_enough_to_mean_something() -> None:
    per_language = {t.stem: 0 for t in DATA.glob("*.tsv")}
    cited = set()
    for where, case in _cases():
        per_language[where.split(":")[0]] += 1
        kind, ident = case[0].split(":")[:2]
        cited.add((kind, ident))
    assert set(per_language) == {"en", "zh"} and all(n >= 40 for n in per_language.values())
    assert sum(per_language.values()) >= 100
    # every saved record, in every format, carries claims of its own
    assert {ident for _, ident in cited} == {Path(saved).name.split(".")[0] for saved in RECORDS}
