"""The rule catalogue's commands print generated text and load no engine."""

from __future__ import annotations

import io

import pytest

from citelint.commands.catalog import preset, rule, rules
from citelint.ground.errors import UsageError


def test_rules_rule_and_preset_print_the_catalogue() -> None:
    out = io.StringIO()
    assert rules(out) == 0 and out.getvalue().startswith("CL001")
    out = io.StringIO()
    assert rule("missing-anchor", out) == 0 and out.getvalue().startswith("CL001")
    out = io.StringIO()
    assert preset("pipeline", out) == 0 and "extends = 'pipeline' sets" in out.getvalue()
    with pytest.raises(UsageError, match="unknown rule 'CL999'"):
        rule("CL999", io.StringIO())
    with pytest.raises(UsageError, match="unknown preset 'x'"):
        preset("x", io.StringIO())


def test_the_rules_as_json_are_the_registry_s(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from citelint.commands.cli import main
    from citelint.rules import RULES_BY_CODE

    assert main(["rules", "--output-format", "json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert [r["code"] for r in listed] == sorted(RULES_BY_CODE)
    for r in listed:
        rule = RULES_BY_CODE[r["code"]]
        assert (r["name"], r["severity"]) == (rule.name, rule.severity.value)
        assert r["summary"] and r["explanation"]
    assert main(["rules", "--output-format", "text"]) == 2  # json is the one other format
