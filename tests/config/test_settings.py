"""Settings: selection by longest prefix, severities, typed rule options."""

from __future__ import annotations

from citelint.config.settings import RuleSettings, Settings


def test_selection_takes_the_longest_prefix() -> None:
    s = Settings(select=("CL",), ignore=("CL1",), extend_select=("CL101",))
    assert s.enabled("CL101") and not s.enabled("CL102") and s.enabled("CL001")
    assert s.enabled("CL903")  # cannot be deselected
    assert not Settings(select=("CL2",)).enabled("CL001")


def test_rules_are_built_with_their_typed_options() -> None:
    from citelint.rules.cl201_shallow_mermaid import Options, ShallowMermaid

    s = Settings(rules={"CL201": RuleSettings(options=Options(min_edges=1))})
    rule = s.rule(ShallowMermaid)
    assert isinstance(rule, ShallowMermaid) and rule.options.min_edges == 1
    default = Settings().rule(ShallowMermaid)
    assert isinstance(default, ShallowMermaid) and default.options.min_edges == 3
