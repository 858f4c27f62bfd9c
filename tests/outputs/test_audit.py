"""The audit contract: one verification_report.json per report, valid against its schema."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from citelint.commands.cli import main
from citelint.config.load import Settings
from citelint.lint.runner import Runner
from citelint.outputs import audit

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = ROOT / "citelint" / "schemas" / "verification_report.schema.json"
ARTIFACTS = ROOT / "test-artifacts"


def test_audit_reports_validate_against_the_shipped_schema(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import jsonschema

    monkeypatch.chdir(ROOT)
    assert main(["examples", "--audit-dir", str(tmp_path), "-q"]) == 1
    capsys.readouterr()
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    written = sorted(tmp_path.rglob("verification_report.json"))
    assert [p.parent.relative_to(tmp_path).as_posix() for p in written] == [
        "examples/reports/broken.html",
        "examples/reports/clean.md",
        "examples/reports/numbered.md",
        "examples/reports/rich.md",
    ]
    for path in written:
        jsonschema.validate(json.loads(path.read_text(encoding="utf-8")), schema)
    broken = json.loads(written[0].read_text(encoding="utf-8"))
    assert broken["verdict"] == "blocked" and broken["report"] == "examples/reports/broken.html"
    assert broken["anchor_audit"]["violations_by_reason"]["numeric-token-miss"] == 2
    assert broken["anchor_audit"]["anchors_without_locator"] == []
    first = broken["violations"][0]
    assert set(first) == {
        "severity", "code", "claim", "anchor", "reason", "suggestion", "found_in", "evidence", "coverage",
    }  # fmt: skip
    assert first["suggestion"] and first["evidence"] is None and first["coverage"] is None
    checked = broken["anchor_audit"]["relations"]
    assert checked["checked"] + checked["abstained"] > 0  # the examples' cited sentences
    clean = json.loads(written[1].read_text(encoding="utf-8"))
    assert clean["verdict"] == "ok" and clean["violations"] == []
    assert clean["verified_count"] == clean["anchor_audit"]["total_claims"] > 0


def test_the_audit_lists_every_counted_claim_with_its_coverage(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A reviewer sorts the claims by coverage: the CL111 statement is the weakest."""
    import jsonschema

    fixture = ROOT / "tests" / "rules" / "CL111_unsupported-statement"
    shutil.copytree(fixture, tmp_path / "case")  # the checkout's config excludes tests/
    sources = "sources/guidelines"
    monkeypatch.chdir(tmp_path / "case")
    tmp_path = tmp_path / "out"
    assert main(["fail", "--audit-dir", str(tmp_path), "-q", "--no-cache"]) == 0
    capsys.readouterr()
    (written,) = tmp_path.rglob("verification_report.json")
    got = json.loads(written.read_text(encoding="utf-8"))
    jsonschema.validate(got, json.loads(SCHEMA.read_text(encoding="utf-8")))
    assert got["claims"] == [
        {"line": 3, "column": 1, "verdict": "unsupported", "coverage": 14,
         "evidence_at": f"{sources}/MAKER-2023.md › History"},
        {"line": 5, "column": 1, "verdict": "unsupported", "coverage": 2,
         "evidence_at": f"{sources}/MAKER-ZH.md › 产品"},
    ]  # fmt: skip
    assert got["unsupported_count"] == 2 == got["anchor_audit"]["total_claims"]


def test_schema_rejects_undeclared_fields() -> None:
    import jsonschema

    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    good: dict[str, Any] = {
        "version": "1.0",
        "verdict": "ok",
        "report": "r.md",
        "violations": [],
        "verified_count": 0,
        "supported_count": 0,
        "unsupported_count": 0,
        "unchecked_count": 0,
        "anchor_audit": {
            "total_claims": 0,
            "total_anchors": 0,
            "verified_count": 0,
            "anchors_without_locator": [],
            "citations_by_style": {"numbered": 3},
            "violations_by_reason": {},
        },
    }
    jsonschema.validate(good, schema)
    for extra in (
        {**good, "extra": 1},
        {**good, "anchor_audit": {**good["anchor_audit"], "extra": 1}},
        {**good, "anchor_audit": {**good["anchor_audit"], "citations_by_style": {"bold": 1}}},
    ):
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(extra, schema)


def test_audit_files_never_land_outside_the_audit_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    project, elsewhere = tmp_path / "project", tmp_path / "elsewhere"
    (project / ".git").mkdir(parents=True)
    elsewhere.mkdir()
    (elsewhere / "r.md").write_text("Nothing to see.\n")
    monkeypatch.chdir(project)
    assert main([str(elsewhere / "r.md"), "--audit-dir", "audit", "-q", "--output-format",
                 "concise"]) == 0  # fmt: skip
    written = [p.relative_to(tmp_path) for p in tmp_path.rglob("verification_report.json")]
    assert len(written) == 1 and written[0].parts[:2] == ("project", "audit")
    report = json.loads((tmp_path / written[0]).read_text())
    assert report["report"] == (elsewhere / "r.md").as_posix()  # shown as given, not ../
    assert capsys.readouterr().err == ""


def test_the_audit_counts_citations_by_style(tmp_path: Path) -> None:
    report = tmp_path / "r.md"
    report.write_text("Rate 5% [1]. Rate 6%² (PMID: 1).\n\n## References\n\n1. A.\n2. B.\n")
    settings = Settings(project_root=str(tmp_path))
    run = Runner.of(settings, [str(report)]).lint()
    record = audit.report(run.files[0], "critical", run.fact)
    assert record["anchor_audit"]["citations_by_style"] == {
        "identifier": 1,
        "numbered": 1,
        "superscript": 1,
    }
    assert record["anchor_audit"]["anchors_without_locator"] == []


def test_the_audit_records_where_the_evidence_is(tmp_path: Path) -> None:
    from tests.conftest import lint_fix_case

    run = lint_fix_case(tmp_path)
    record = audit.report(run.files[0], "critical", run.fact)
    (found,) = [v["found_in"] for v in record["violations"] if v["code"] == "CL101"]
    assert found == [
        {
            "anchor": "[pmid:10000001:abstract]",
            "source": "sources/pubmed/10000001.json › abstract (/abstract)",
            "safe": True,
        }
    ]
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    import jsonschema

    jsonschema.validate(record, schema)
