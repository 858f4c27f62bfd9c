"""One parametrised runner for every rule fixture, and the rule contract.

A rule folder may also hold `cases.toml`: several cases in one file, each with its own
config and the report's expected text after `--fix` (`test_table_case`).

Layout: `tests/rules/<code>_<name>/{pass,fail}/<case>.{md,html}`; a fail case has a
`<case>.<suffix>.expected` file beside it with one `LINE:COL CODE message` per diagnostic; a pass
case must produce none. The rule's `sources/` folder is found by the usual discovery.
Only the rule under test is selected (CL902 and CL903 are always on), unless the rule's
folder has a `select.txt` naming the codes to run with it.
"""

from __future__ import annotations

import dataclasses
import os
import tomllib
from pathlib import Path
from typing import Any

import pytest

from citelint.config.keys import apply_table
from citelint.config.load import Settings
from citelint.findings.repair import fix
from citelint.lint.linter import FAULT_ENV
from citelint.outputs.result import Result
from citelint.rules import ALL_RULES, AnyRule
from citelint.sources.kinds import KINDS_BY_NAME
from tests.conftest import linter_of

RULES_DIR = Path(__file__).parent / "rules"
# In an expected file, the registry's source types as a message lists them (CL005): a
# type added by the recipe changes no fixture.
KNOWN_TYPES = "{source types}"
REPORT_SUFFIXES = (".md", ".html", ".htm", ".markdown", ".txt")


def _cases() -> list[tuple[str, Path]]:
    cases = []
    for rule_dir in sorted(RULES_DIR.iterdir()):
        for kind in ("pass", "fail"):
            for report in sorted((rule_dir / kind).glob("*")):
                if report.suffix in REPORT_SUFFIXES:
                    cases.append((rule_dir.name, report))
    return cases


def _lint(rule_dir: str, report: Path) -> list[str]:
    code = rule_dir.split("_", 1)[0]
    root = RULES_DIR / rule_dir
    select_file = root / "select.txt"  # a rule that needs others beside it (CL900)
    select = tuple(select_file.read_text().split()) if select_file.exists() else (code,)
    settings = dataclasses.replace(Settings(project_root=str(root)), select=select)
    result = linter_of(settings).lint_file(str(report))
    return [f"{d.line}:{d.column} {d.code} {d.message}" for d in result.diagnostics]


@pytest.mark.parametrize(
    ("rule_dir", "report"), _cases(), ids=[f"{r}/{p.parent.name}/{p.name}" for r, p in _cases()]
)
def test_fixture(rule_dir: str, report: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(FAULT_ENV, "crash.md")
    got = _lint(rule_dir, report)
    expected_file = report.with_name(report.name + ".expected")
    if report.parent.name == "pass":
        assert got == [], f"{report.name} should be clean"
        return
    known = ", ".join(sorted(KINDS_BY_NAME))  # the registry's, never a list pinned here
    if os.environ.get("CITELINT_REGEN_FIXTURES") == "1":  # maintainers only; review the diff
        text = "".join(line.replace(known, KNOWN_TYPES) + "\n" for line in got)
        expected_file.write_text(text, encoding="utf-8")
    expected = expected_file.read_text(encoding="utf-8").replace(KNOWN_TYPES, known).splitlines()
    assert expected, f"{expected_file.name} must list at least one diagnostic"
    assert got == expected


def _table_cases() -> list[tuple[str, dict[str, Any]]]:
    """The cases of each rule folder's `cases.toml`: several cases in one file, each with
    its report, its expected diagnostics (none: a pass case), its own config (keys of
    `[tool.citelint]`) and the report's text after the safe fixes (`fixed`)."""
    cases = []
    for rule_dir in sorted(RULES_DIR.iterdir()):
        table = rule_dir / "cases.toml"
        if table.is_file():
            for case in tomllib.loads(table.read_text(encoding="utf-8"))["case"]:
                cases.append((rule_dir.name, case))
    return cases


@pytest.mark.parametrize(
    ("rule_dir", "case"),
    _table_cases(),
    ids=[f"{r}/cases.toml/{c['name']}" for r, c in _table_cases()],
)
def test_table_case(rule_dir: str, case: dict[str, Any]) -> None:
    root = RULES_DIR / rule_dir
    code = rule_dir.split("_", 1)[0]
    settings = dataclasses.replace(Settings(project_root=str(root)), select=(code,))
    settings = apply_table(settings, case.get("config", {}), "", "cases.toml")
    result = linter_of(settings).lint_bytes(
        f"{case['name']}.md", case["report"].encode("utf-8"), str(root / "sources")
    )
    known = ", ".join(sorted(KINDS_BY_NAME))
    got = [f"{d.line}:{d.column} {d.code} {d.message}" for d in result.diagnostics]
    assert got == [e.replace(KNOWN_TYPES, known) for e in case["expected"]]
    if "fixed" in case:
        planned = fix.plan(Result((dataclasses.replace(result, origin="case"),)), unsafe=False)
        assert (planned[0].after if planned else case["report"]) == case["fixed"]


@pytest.mark.parametrize("rule", ALL_RULES, ids=[r.code for r in ALL_RULES])
def test_rule_contract(rule: type[AnyRule]) -> None:
    """Every registered rule is documented and has pass and fail fixtures."""
    doc = rule.documentation()
    assert doc.startswith(f"{rule.code} {rule.name}:"), "docstring opens with code and name"
    assert len(doc) > 200
    assert rule.summary and rule.severity
    folder = RULES_DIR / f"{rule.code}_{rule.name}"
    assert folder.is_dir(), f"missing fixtures folder {folder.name}"
    tabled = [c for r, c in _table_cases() if r == folder.name]
    for kind in ("pass", "fail"):
        reports = [p for p in (folder / kind).glob("*") if p.suffix in REPORT_SUFFIXES]
        tables = [c for c in tabled if bool(c["expected"]) is (kind == "fail")]
        assert reports or tables, f"{folder.name} has no {kind} case"


def test_codes_are_unique_and_ordered() -> None:
    codes = [r.code for r in ALL_RULES]
    assert codes == sorted(set(codes))


def test_no_pass_fixture_is_an_unsupported_statement() -> None:
    """CL111 is quiet by design: no correct report of any rule's pass fixtures sets it
    off (they cite in English and Chinese, against English and Chinese sources)."""
    found = []
    for rule_dir in sorted(RULES_DIR.iterdir()):
        root = rule_dir / "pass"
        settings = dataclasses.replace(Settings(project_root=str(rule_dir)), select=("CL111",))
        linter = linter_of(settings)
        for report in sorted(root.glob("*")) if root.is_dir() else ():
            if report.suffix in REPORT_SUFFIXES:
                result = linter.lint_file(str(report))
                found += [f"{report}:{d.line}" for d in result.diagnostics if d.code == "CL111"]
    assert found == []
