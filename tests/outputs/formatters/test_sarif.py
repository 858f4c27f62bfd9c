"""SARIF 2.1.0: schema-valid, GitHub code-scanning points, percent-encoded URIs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from citelint.commands.cli import main
from citelint.outputs.result import Result, RuleFacts
from tests.conftest import SCHEMAS, Writer
from tests.outputs.formatters.conftest import run_sarif, validate


def test_sarif_validates_and_pins_github_points(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, sarif_schema: dict[str, object]
) -> None:
    sarif = run_sarif(tmp_path, monkeypatch, "examples")
    validate(sarif, sarif_schema)
    (run,) = sarif["runs"]
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
    assert sarif["runs"][0]["results"] == []


def test_sarif_uris_are_percent_encoded(
    project: Writer,
    tmp_path: Path,
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


def _same_claim_twice(tmp_path: Path) -> Result:
    from citelint.outputs.diagnostic import Diagnostic, Severity
    from citelint.outputs.result import FileResult
    from citelint.rules import CATALOG, RULES_BY_CODE

    ds = tuple(
        Diagnostic("r.md", line, 1, line, 5, "CL001", "missing-anchor", Severity.CRITICAL,
                   "no anchor", claim="ORR 45%.", fingerprint="f" * 32)
        for line in (3, 9)
    )  # fmt: skip
    rules = (RuleFacts.of(RULES_BY_CODE["CL001"]),)
    return Result((FileResult("r.md", ds),), rules=rules, catalog=CATALOG)


def test_identical_claims_keep_apart_and_keep_their_identity(tmp_path: Path) -> None:
    from citelint.outputs.formatters.sarif import render

    sarif = json.loads(render(_same_claim_twice(tmp_path)))
    prints = [r["partialFingerprints"]["citelint/v1"] for r in sarif["runs"][0]["results"]]
    assert prints == ["f" * 32 + ":0", "f" * 32 + ":1"]  # unique per occurrence, line-free
    # no category unless asked: the upload's own `category` decides, so two citelint
    # uploads in one job never abort on "only one run per tool/category"
    assert "automationDetails" not in sarif["runs"][0]


def test_results_are_capped_and_the_run_says_so(
    sarif_schema: dict[str, object], tmp_path: Path
) -> None:
    import dataclasses

    from citelint.outputs.formatters.sarif import render

    capped = dataclasses.replace(_same_claim_twice(tmp_path), sarif_max_results=1, shard=(2, 3))
    sarif = json.loads(render(capped))
    validate(sarif, sarif_schema)
    run = sarif["runs"][0]
    assert len(run["results"]) == 1
    assert run["automationDetails"] == {"id": "citelint/shard-2-of-3/"}
    (note,) = run["invocations"][0]["toolExecutionNotifications"]
    assert note["message"]["text"].startswith("SARIF holds 1 of 2 results, the most severe first")


def test_the_command_line_warns_when_sarif_is_capped(
    project: Writer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    project("r.md", "A is 1%.\n\nB is 2%.\n\nC is 3%.\n")
    project("sources/pubmed/1.json", "{}")  # beside sources: one finding per sentence
    monkeypatch.chdir(tmp_path)
    assert main(["r.md", "-o", "out.sarif", "--sarif-max-results", "2", "--shard", "1/1"]) == 1
    assert "SARIF holds 2 of 3 results, the most severe first" in capsys.readouterr().err
    run = json.loads((tmp_path / "out.sarif").read_text())["runs"][0]
    assert len(run["results"]) == 2 and run["automationDetails"]["id"] == "citelint/shard-1-of-1/"


def test_sarif_fixes_replace_the_anchor_and_validate(tmp_path: Path) -> None:
    from citelint.outputs.formatters import sarif as sarif_formatter
    from tests.conftest import lint_fix_case

    document = json.loads(sarif_formatter.render(lint_fix_case(tmp_path)))
    (item,) = [r for r in document["runs"][0]["results"] if r["ruleId"] == "CL101"]
    (fix,) = item["fixes"]
    assert fix["description"]["text"].startswith("cite [pmid:10000001:abstract] (sources/")
    assert fix["description"]["text"].endswith("(safe fix)")
    (change,) = fix["artifactChanges"]
    assert change["artifactLocation"]["uri"] == "r.md"
    assert change["replacements"] == [
        {
            "deletedRegion": {"startLine": 3, "startColumn": 64, "endLine": 3, "endColumn": 85},
            "insertedContent": {"text": "[pmid:10000001:abstract]"},
        }
    ]
    schema = SCHEMAS / "sarif-schema-2.1.0.json"
    if schema.is_file():  # every SARIF file the tests produce is validated
        validate(document, json.loads(schema.read_text(encoding="utf-8")))


def test_a_category_is_written_when_asked_and_joins_a_shard(tmp_path: Path) -> None:
    import dataclasses

    from citelint.outputs.formatters.sarif import render

    asked = dataclasses.replace(_same_claim_twice(tmp_path), sarif_category="reports/")
    assert json.loads(render(asked))["runs"][0]["automationDetails"] == {"id": "reports/"}
    sharded = dataclasses.replace(asked, shard=(1, 2))
    assert json.loads(render(sharded))["runs"][0]["automationDetails"] == {
        "id": "reports/shard-1-of-2/"
    }


def test_a_capped_run_keeps_the_critical_results_that_fit(tmp_path: Path) -> None:
    import dataclasses

    from citelint.outputs.diagnostic import Diagnostic, Severity
    from citelint.outputs.formatters.sarif import cap, render
    from citelint.outputs.result import FileResult
    from citelint.rules import CATALOG, RULES_BY_CODE

    def finding(path: str, line: int, severity: Severity) -> Diagnostic:
        return Diagnostic(path, line, 1, line, 2, "CL101", "numeric-token-miss", severity, "m")

    # warnings in the first files by path, critical results in the last
    warnings = [finding("a.md", n, Severity.WARNING) for n in range(1, 4)]
    critical = [finding("z.md", n, Severity.CRITICAL) for n in range(1, 3)]
    result = Result(
        (FileResult("a.md", tuple(warnings)), FileResult("z.md", tuple(critical))),
        rules=(RuleFacts.of(RULES_BY_CODE["CL101"]),),
        catalog=CATALOG,
        sarif_max_results=3,
    )
    kept = json.loads(render(result))["runs"][0]["results"]
    assert [
        (r["level"], r["locations"][0]["physicalLocation"]["region"]["startLine"]) for r in kept
    ] == [
        ("warning", 1),
        ("error", 1),
        ("error", 2),
    ]  # both critical results, then the first warning; shown in path order
    assert cap(dataclasses.replace(result, sarif_max_results=10**6)) == 25_000


def test_rules_carry_markdown_help_and_messages_link_their_cited_span(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    sarif = run_sarif(tmp_path, monkeypatch, "examples")
    run = sarif["runs"][0]
    cl101 = next(r for r in run["tool"]["driver"]["rules"] if r["id"] == "CL101")
    assert cl101["help"]["markdown"].startswith("**CL101 numeric-token-miss**: ")
    result = next(r for r in run["results"] if r["ruleId"] == "CL101")
    assert result["message"]["text"].endswith(
        "(cited span: [examples/sources/pubmed/10000001.json](1))"
    )
    assert result["relatedLocations"][0]["id"] == 1


def test_the_run_counts_claims_by_verdict() -> None:
    from citelint.outputs.formatters import sarif
    from citelint.outputs.result import FileResult

    result = Result((FileResult("r.md", (), claims=6, supported=3, unsupported=2, unchecked=1),))
    run = json.loads(sarif.render(result))["runs"][0]
    assert run["properties"] == {
        "claims": 6,
        "supportedClaims": 3,
        "unsupportedClaims": 2,
        "uncheckedClaims": 1,
    }


def test_the_subset_schema_holds_what_citelint_writes_and_catches_what_sarif_forbids(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The schema a clone without ../shared/schemas validates against: it accepts the
    examples' SARIF and rejects a level, a line, a fix and a message SARIF does not allow."""
    import copy

    import jsonschema

    from tests.outputs.formatters.conftest import SUBSET

    subset = json.loads(SUBSET.read_text(encoding="utf-8"))
    sarif = run_sarif(tmp_path, monkeypatch, "examples")
    validate(sarif, subset)
    result = sarif["runs"][0]["results"][0]
    for path, bad in [
        (("level",), "critical"),
        (("locations", 0, "physicalLocation", "region", "startLine"), 0),
        (("message",), {}),
        (("fixes",), [{"artifactChanges": []}]),
        (("ruleIdx",), 1),
    ]:
        broken = copy.deepcopy(sarif)
        target = broken["runs"][0]["results"][0]
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = bad
        with pytest.raises(jsonschema.ValidationError):
            validate(broken, subset)
    assert result["level"] in ("error", "warning", "note")
