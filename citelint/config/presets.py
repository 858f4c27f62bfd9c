"""Presets a config names with `extends = "NAME"`: a sensible gate in one line.

A preset sets rule selection, severities and options — never a path — and the config's
own keys override it (a key the config sets replaces the preset's whole value).
`citelint rules --preset NAME` prints what a preset sets.

- **deep-research**: reports as the big systems publish them. Every citation style,
  glued numbers included; no source channel is required, so CL301 and CL302 (written for
  pipelines that save their sources by channel) are off; an unchecked claim does not fail
  the gate (a report whose sources are not saved yet is unchecked, said plainly).
- **pipeline**: reports a pipeline writes with citelint's own anchors. Only anchors count
  as citations; a numbered citation needs a locator too; an unchecked claim fails the gate.
"""

from __future__ import annotations

from collections.abc import Mapping

from citelint.ground.errors import ConfigError
from citelint.read.citations.styles import style_names
from citelint.rules import ALL_RULES
from citelint.rules.cl011_unsaved_source import UnsavedSource

PRESETS: Mapping[str, Mapping[str, object]] = {
    "deep-research": {
        "citation-styles": list(style_names()),
        "required-source-channels": [],
        # the rules written for pipelines that save their sources by channel
        "ignore": [rule.code for rule in ALL_RULES if rule.pipeline_only],
        "fail-on-unchecked": False,
        # one CL011 per report: the fix is one `citelint fetch`, not one edit per URL
        "rules": {UnsavedSource.code: {"per-report": True}},
    },
    "pipeline": {
        "citation-styles": [],
        "numbered-locators": "required",
        "fail-on-unchecked": True,
    },
}


def extended(table: Mapping[str, object], path: str) -> Mapping[str, object]:
    """The table with its preset's keys first (`extends = "deep-research"`): the
    table's own keys override them."""
    if "extends" not in table:
        return table
    name = table["extends"]
    if not isinstance(name, str) or name not in PRESETS:
        raise ConfigError(f"'{path}' must be one of {', '.join(PRESETS)}; got {name!r}")
    own = {k: v for k, v in table.items() if k != "extends"}
    merged = {**PRESETS[name], **own}
    preset_rules, own_rules = PRESETS[name].get("rules"), own.get("rules")
    if isinstance(preset_rules, dict) and isinstance(own_rules, dict):
        # a rule's table merges option by option: `[rules.CL011] severity = "warning"`
        # keeps the preset's `per-report`
        merged["rules"] = {
            code: {**preset_rules.get(code, {}), **own_rules.get(code, {})}
            if isinstance(own_rules.get(code, {}), dict)
            else own_rules[code]
            for code in {**preset_rules, **own_rules}
        }
    return merged


def as_toml(name: str) -> str:
    """What a preset sets, as the lines of a `[tool.citelint]` table."""
    lines = [f"# extends = {name!r} sets:"]
    tables: list[str] = []
    for key, value in PRESETS[name].items():
        if key == "rules" and isinstance(value, dict):
            for code, options in value.items():
                tables += ["", f"[tool.citelint.rules.{code}]"]
                tables += [f"{k} = {_toml(v)}" for k, v in options.items()]
        else:
            lines.append(f"{key} = {_toml(value)}")
    return "\n".join(lines + tables) + "\n"


def _toml(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return "[" + ", ".join(f'"{v}"' for v in value) + "]"
    return f'"{value}"'
