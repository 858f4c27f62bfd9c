"""`--fix` restores moved locators over real records (../shared/corpus).

Twenty correct reports are written from the precision suite's sentences, each cited with
the smallest span of its record that holds it; every locator is then moved to a span of
the same record that does not hold the claim. `--fix` must restore at least 90% exactly,
and every claim it touched must lint clean of CL101, CL102 and CL103 afterwards.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from citelint.commands.cli import main
from citelint.config.load import Settings
from citelint.findings.repair.search import EvidenceSearch
from citelint.lint.runner import Runner
from citelint.read.parse import Parser
from tests.conftest import CORPUS, linter_of
from tests.test_precision import DATA, RECORDS

REPORTS = 20
_ANCHOR = re.compile(r"\[(\w[\w-]*):([^:\]]+):([^\]]+)\]")


def _sentences() -> list[tuple[str, str, str]]:
    out = []
    for table in sorted(DATA.glob("*.tsv")):
        for line in table.read_text(encoding="utf-8").splitlines():
            if line and not line.startswith("#"):
                anchor, sentence = line.split("\t")[:2]
                kind, ident, _ = anchor.split(":", 2)
                out.append((kind, ident, sentence))
    return out


def _plan(root: Path) -> list[tuple[str, str, str, str, str]]:
    """(type, id, sentence, correct locator, wrong locator) for every sentence that one
    span of its record holds (where several hold it, the fix is a hint: which one the
    writer meant is not certain) and that another span does not."""
    linter = linter_of(Settings(project_root=str(root)))
    search = EvidenceSearch(linter.store, linter.evidence)
    sources = str(root / "sources")
    plan = []
    for kind, ident, sentence in _sentences():
        (parsed,) = Parser().parse("s.md", sentence.encode()).sentences
        claim = linter.reader.read(parsed)
        holding = search.in_records(claim, [(kind, ident)], sources)
        if len(holding) != 1:
            continue
        wrong = [p for p in search.record(kind, ident, sources) if not search.holds(claim, p)]
        if wrong:
            locator = holding[0].anchor.locator or ""
            plan.append((kind, ident, sentence, locator, wrong[0].anchor.locator or ""))
    return plan


@pytest.fixture
def tree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    if not CORPUS.is_dir():
        pytest.skip("../shared/corpus is not present")
    for saved, rel in RECORDS.items():
        (tmp_path / "sources" / saved).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(CORPUS / rel, tmp_path / "sources" / saved)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_fix_restores_moved_locators(tree: Path) -> None:
    plan = _plan(tree)
    assert len(plan) >= 60  # most of the suite's sentences take part
    reports = tree / "reports"
    reports.mkdir()
    correct: dict[tuple[int, int], str] = {}
    for r in range(REPORTS):
        lines = ["# Report", ""]
        for n, (kind, ident, sentence, right, wrong) in enumerate(plan[r::REPORTS]):
            lines += [f"{sentence}[{kind}:{ident}:{wrong}]", ""]
            correct[(r, n)] = f"[{kind}:{ident}:{right}]"
        (reports / f"r{r:02d}.md").write_text("\n".join(lines), encoding="utf-8")
    args = ["--ignore", "CL301", "--no-progress", "-q"]
    # the correct tree is clean of the evidence rules
    main(["--fix", "--select", "CL101,CL102,CL103", *args, "reports"])
    restored = 0
    fixed_lines: list[tuple[str, int]] = []
    for r in range(REPORTS):
        path = reports / f"r{r:02d}.md"
        body = [line for line in path.read_text(encoding="utf-8").splitlines() if "[" in line]
        for n, line in enumerate(body):
            written = _ANCHOR.search(line)
            assert written is not None
            if written.group(0) == correct[(r, n)]:
                restored += 1
            if written.group(3) != plan[r + n * REPORTS][4]:
                fixed_lines.append((path.name, 3 + 2 * n))
    assert restored / len(plan) >= 0.9, f"{restored} of {len(plan)} restored"
    result = Runner.of(Settings(project_root=str(tree), ignore=("CL301",)), ["reports"]).lint()
    left = {
        (Path(d.path).name, d.line)
        for d in result.diagnostics
        if d.code in ("CL101", "CL102", "CL103")
    }
    assert not left & set(fixed_lines)  # no locator was written that does not support it
