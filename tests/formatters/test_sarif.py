"""SARIF 2.1.0: schema-valid, GitHub code-scanning points, percent-encoded URIs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from citelint.cli import main
from tests.formatters.conftest import run_sarif, validate


def test_sarif_validates_and_pins_github_points(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, sarif_schema: dict[str, object]
) -> None:
    sarif = run_sarif(tmp_path, monkeypatch, "examples")
    validate(sarif, sarif_schema)
    (run,) = sarif["runs"]  # type: ignore[misc]
    assert run["columnKind"] == "unicodeCodePoints"
    driver = run["tool"]["driver"]
    assert driver["name"] == "citelint" and driver["informationUri"].startswith("https://")
    ids = [r["id"] for r in driver["rules"]]
    assert ids == sorted(ids) and "CL101" in ids and "CL903" in ids
    for rule in driver["rules"]:
        assert rule["help"]["text"] and rule["helpUri"].startswith("https://")
        assert rule["defaultConfiguration"]["level"] in ("error", "warning", "note")
    results = run["results"]
    assert results and all(
        "primaryLocationLineHash" not in r.get("partialFingerprints", {}) for r in results
    )
    for r in results:
        assert ids[r["ruleIndex"]] == r["ruleId"]
        location = r["locations"][0]["physicalLocation"]
        assert location["artifactLocation"]["uriBaseId"] == "%SRCROOT%"
        assert not location["artifactLocation"]["uri"].startswith(("/", "file:"))
        region = location["region"]
        assert min(region.values()) >= 1
    cl101 = next(r for r in results if r["ruleId"] == "CL101")
    related = cl101["relatedLocations"][0]
    assert related["physicalLocation"]["artifactLocation"]["uri"] == (
        "examples/sources/pubmed/10000001.json"
    )
    assert "timestamp" not in json.dumps(sarif).lower()


def test_sarif_clean_run_has_empty_results(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, sarif_schema: dict[str, object]
) -> None:
    sarif = run_sarif(tmp_path, monkeypatch, "examples/reports/clean.md")
    validate(sarif, sarif_schema)
    assert sarif["runs"][0]["results"] == []  # type: ignore[index]


def test_sarif_uris_are_percent_encoded(
    project,
    tmp_path: Path,  # type: ignore[no-untyped-def]
    monkeypatch: pytest.MonkeyPatch,
    sarif_schema: dict[str, object],
) -> None:
    project("my reports/报告 1.md", "中位PFS为4.8个月。\n")
    monkeypatch.chdir(tmp_path)
    out = tmp_path / "o.sarif"
    main(["my reports", "-o", f"sarif:{out}", "-q"])
    sarif = json.loads(out.read_text(encoding="utf-8"))
    validate(sarif, sarif_schema)
    uri = sarif["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]
    assert uri["uri"] == "my%20reports/%E6%8A%A5%E5%91%8A%201.md"
