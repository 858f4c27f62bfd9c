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
