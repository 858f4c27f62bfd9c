"""SARIF (validated against the official schema), GitHub annotations and the job summary."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from citelint.cli import main
from citelint.formatters import github, summary
from tests.conftest import SCHEMAS

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


@pytest.fixture
def sarif_schema() -> dict[str, object]:
    path = SCHEMAS / "sarif-schema-2.1.0.json"
    if not path.is_file():
        pytest.skip("../shared/schemas is not present")
    return dict(json.loads(path.read_text(encoding="utf-8")))


def validate(document: object, schema: dict[str, object]) -> None:
    import jsonschema

    validator_class = jsonschema.validators.validator_for(schema)
    validator_class(schema).validate(document)


def run_sarif(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, *paths: str) -> dict[str, object]:
    monkeypatch.chdir(EXAMPLES.parent)
    out = tmp_path / "out.sarif"
    main([*paths, "-o", f"sarif:{out}", "--quiet", "--output-format", "concise"])
    return dict(json.loads(out.read_text(encoding="utf-8")))


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


def test_github_annotations(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(EXAMPLES.parent)
    monkeypatch.setenv("GITHUB_ACTIONS", "true")
    main(["examples"])
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("::error file=examples/reports/broken.html,line=5,col=1,")
    assert "title=CL301 source-channel-unused::" in lines[0]
    assert lines[-1].startswith("::warning ")  # critical first, warnings after
    assert any("58%25" in line for line in lines)  # % is escaped


def test_github_escaping_and_cap() -> None:
    assert github.escape_data("50%\r\nx") == "50%25%0D%0Ax"
    assert github.escape_property("a:b,c") == "a%3Ab%2Cc"


def test_summary_is_bounded(
    project,
    tmp_path: Path,  # type: ignore[no-untyped-def]
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    body = "".join(f"Sentence {i} states {i}% and {'x' * 400}.\n\n" for i in range(3000))
    project("r.md", body)
    monkeypatch.chdir(tmp_path)
    out = tmp_path / "summary.md"
    out.write_text("previous step\n")
    assert main(["r.md", "--summary-file", str(out), "-q", "--output-format", "concise"]) == 1
    text = out.read_text(encoding="utf-8")
    assert text.startswith("previous step\n## citelint: ❌ blocked")  # appended
    assert len(text.encode()) < 1024 * 1024
    assert f"### Top findings ({summary.TOP} of 3000)" in text


def test_github_output_is_capped(
    project,
    tmp_path: Path,  # type: ignore[no-untyped-def]
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    project("r.md", "".join(f"S {i} is {i}%.\n\n" for i in range(80)))
    monkeypatch.chdir(tmp_path)
    main(["r.md", "--output-format", "github"])
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == github.MAX_ANNOTATIONS + 1
    assert lines[-1] == "::notice::30 more findings in SARIF/summary"
