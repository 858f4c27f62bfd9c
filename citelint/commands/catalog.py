"""`citelint rules`, `citelint rule CODE` and `citelint rules --preset NAME`: printed from the
generated rule catalogue (`citelint/catalog.json`, written by `python -m
citelint.commands.docgen`), so they load no engine and start as fast as `--version`."""

from __future__ import annotations

import json
from importlib import resources
from typing import Any, TextIO

from citelint.ground.errors import UsageError

EXIT_OK = 0


def _catalog() -> dict[str, Any]:
    """The rule catalogue (generated from the rule modules by `citelint.commands.docgen`)."""
    data: dict[str, Any] = json.loads(
        resources.files("citelint").joinpath("catalog.json").read_text(encoding="utf-8")
    )
    return data


def rules(out: TextIO) -> int:
    out.write(_catalog()["list"])
    return EXIT_OK


def preset(name: str, out: TextIO) -> int:
    from citelint.config import presets

    if name not in presets.PRESETS:
        raise UsageError(f"unknown preset '{name}'; the presets are {', '.join(presets.PRESETS)}")
    out.write(presets.as_toml(name))
    return EXIT_OK


def rule(code: str, out: TextIO) -> int:
    catalog = _catalog()
    found = code.upper() if code.upper() in catalog["rules"] else catalog["names"].get(code.lower())
    if found is None:
        from citelint.ground.spelling import did_you_mean  # only on an error

        hint = did_you_mean(code, [*catalog["rules"], *catalog["names"]])
        raise UsageError(f"unknown rule '{code}'{hint or ';'} `citelint rules` lists them")
    out.write(catalog["rules"][found])
    return EXIT_OK
