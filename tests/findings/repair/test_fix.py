"""`--fix` on before/after pairs (tests/data/fixes): byte-exact in Markdown and HTML, with
CRLF line endings, a BOM, anchors in groups, table rows and Mermaid labels; a second run
changes nothing; `--diff` writes nothing; unsafe fixes need `--unsafe-fixes`."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from citelint.commands.cli import main
from citelint.findings.repair.fix import _chosen, apply_edits
from citelint.outputs.diagnostic import Edit
from tests.conftest import FIXES

CASES = sorted(p.name for p in FIXES.glob("*.before.*"))


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    shutil.copytree(FIXES / "sources", tmp_path / "sources")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _report(project: Path, case: str) -> tuple[Path, bytes]:
    name = case.replace(".before.", ".")
    target = project / name
    shutil.copy(FIXES / case, target)
    return target, (FIXES / case.replace(".before.", ".after.")).read_bytes()


@pytest.mark.parametrize("case", CASES)
def test_fix_gives_the_after_bytes_and_is_idempotent(
    project: Path, case: str, capsys: pytest.CaptureFixture[str]
) -> None:
    report, after = _report(project, case)
    before = report.read_bytes()
    unsafe = ["--unsafe-fixes"] if case.startswith("unsafe-") else []
    main(["--diff", *unsafe, report.name])
    assert report.read_bytes() == before  # --diff writes nothing
    main(["--fix", report.name])
    if unsafe:
        assert report.read_bytes() == before  # an unsafe fix needs --unsafe-fixes
        main(["--fix", *unsafe, report.name])
    assert report.read_bytes() == after
    main(["--fix", *unsafe, report.name])
    assert report.read_bytes() == after  # nothing left to fix
    assert "fixed 0," in capsys.readouterr().err


def test_diff_exit_code_and_fix_summary(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    report, _ = _report(project, "locator.before.md")
    assert main(["--diff", report.name]) == 1
    out = capsys.readouterr().out
    assert out.startswith("--- a/locator.md\n+++ b/locator.md\n")
    assert main(["--fix", "--ignore", "CL301", report.name]) == 0  # the trial is unused
    assert "citelint: fixed 1, 0 remaining" in capsys.readouterr().err
    assert main(["--diff", "--ignore", "CL301", report.name]) == 0
    assert main(["--diff", report.name]) == 1  # no fix left, but CL301 remains: no pass
    assert "no fix to show; 1 finding remain" in capsys.readouterr().err


def test_a_report_changed_after_linting_is_not_written(
    project: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from citelint.findings.repair import fix

    report, _ = _report(project, "locator.before.md")
    real_plan = fix.plan

    def plan_then_edit(*args: object, **kwargs: object) -> list[fix.Planned]:
        planned = real_plan(*args, **kwargs)  # type: ignore[arg-type]
        report.write_text("someone else's edit\n", encoding="utf-8")
        return planned

    monkeypatch.setattr(fix, "plan", plan_then_edit)
    main(["--fix", report.name])
    assert report.read_text(encoding="utf-8") == "someone else's edit\n"
    assert "changed since it was linted; not fixed" in capsys.readouterr().err


def test_disagreeing_and_overlapping_edits_cancel() -> None:
    e = [Edit(2, 4, "x", 0, 0, 0, 0), Edit(2, 4, "y", 0, 0, 0, 0), Edit(6, 8, "z", 0, 0, 0, 0)]
    assert [(c.start, c.text) for c in _chosen(e)] == [(6, "z")]
    overlap = [Edit(0, 5, "a", 0, 0, 0, 0), Edit(3, 6, "b", 0, 0, 0, 0)]
    assert _chosen(overlap) == []
    assert (
        apply_edits("abcdefgh", [Edit(6, 8, "Z", 0, 0, 0, 0), Edit(0, 0, ">", 0, 0, 0, 0)])
        == ">abcdefZ"
    )


def test_a_locator_typo_is_a_safe_fix(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`abstarct` is one edit from the record's `abstract`: CL003 says "did you mean",
    and `--fix` corrects it; a locator close to nothing gets no fix."""
    rules = Path(__file__).parents[2] / "rules" / "CL003_unresolved-locator"
    shutil.copytree(rules / "sources", tmp_path / "sources")
    report = tmp_path / "r.md"
    report.write_text(
        "Median PFS was 4.8 months [pmid:3001:abstarct].\n\n"
        "Median PFS was 4.8 months [pmid:3001:discussion].\n",
        encoding="utf-8",
    )
    monkeypatch.chdir(tmp_path)
    assert main(["r.md", "--no-cache", "--select", "CL003", "--fix"]) == 1
    out = capsys.readouterr().out
    assert "did you mean" not in out.split("r.md:3:")[1]  # `discussion` is close to nothing
    assert report.read_text(encoding="utf-8") == (
        "Median PFS was 4.8 months [pmid:3001:abstract].\n\n"
        "Median PFS was 4.8 months [pmid:3001:discussion].\n"
    )


def test_a_misspelt_anchor_type_is_an_unsafe_fix_never_a_second_anchor(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`[pmd:…]` is a citation with a typo (CL005 says "did you mean 'pmid'?"): the CL001
    fix would have added a second anchor beside it; the type is corrected instead, by
    `--unsafe-fixes` only (it changes what the anchor cites)."""
    rules = Path(__file__).parents[2] / "rules" / "CL003_unresolved-locator"
    shutil.copytree(rules / "sources", tmp_path / "sources")
    report = tmp_path / "r.md"
    text = "Median PFS was 4.8 months [pmd:3001:results].\n"
    report.write_text(text, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    main(["r.md", "--no-cache", "--fix"])
    assert "did you mean 'pmid'?" in capsys.readouterr().out
    assert report.read_text(encoding="utf-8") == text  # not a safe fix
    main(["r.md", "--no-cache", "--fix", "--unsafe-fixes"])
    capsys.readouterr()
    assert report.read_text(encoding="utf-8") == text.replace("[pmd:", "[pmid:")
    report.write_text("Median PFS was 4.8 months [pmd:9999:results].\n", encoding="utf-8")
    main(["r.md", "--no-cache", "--fix", "--unsafe-fixes"])  # `pmid:9999` is not saved
    assert report.read_text(encoding="utf-8") == "Median PFS was 4.8 months [pmd:9999:results].\n"


def test_an_uncited_claim_is_cited_in_the_reports_own_style(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """In a report that cites by number, `--unsafe-fixes` cites an uncited claim by the
    number of the entry that resolved to the record holding it, never with citelint's
    own `[pmid:…]` grammar; where no entry names it, nothing is written."""
    rules = Path(__file__).parents[2] / "rules" / "CL003_unresolved-locator" / "sources"
    (tmp_path / "sources" / "pubmed").mkdir(parents=True)
    shutil.copy(rules / "pubmed" / "3001.xml", tmp_path / "sources" / "pubmed" / "3001.xml")
    report = tmp_path / "r.md"
    body = "We randomly assigned 322 patients [1].\n\nMedian PFS was 4.8 months with trametinib.\n"
    listed = body + "\n## References\n\n1. PMID: 3001\n"
    report.write_text(listed, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    main(["r.md", "--no-cache", "--fix", "--unsafe-fixes"])
    capsys.readouterr()
    assert report.read_text(encoding="utf-8") == listed.replace("trametinib.", "trametinib [1].")
    unlisted = body + "\n## References\n\n1. PMID: 4001\n"
    report.write_text(unlisted, encoding="utf-8")
    main(["r.md", "--no-cache", "--fix", "--unsafe-fixes"])
    capsys.readouterr()
    assert report.read_text(encoding="utf-8") == unlisted
    # lists numbered per section: `[1]` names two entries, so it is written nowhere
    twice = (
        body
        + "\n## References\n\n1. PMID: 3001\n\n## More\n\nText [1].\n\n## Sources\n\n1. PMID: 4001\n"
    )
    report.write_text(twice, encoding="utf-8")
    main(["r.md", "--no-cache", "--fix", "--unsafe-fixes"])
    capsys.readouterr()
    assert report.read_text(encoding="utf-8") == twice
