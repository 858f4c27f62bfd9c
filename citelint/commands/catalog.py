"""`citelint rules`, `citelint rule CODE` and `citelint rules --preset NAME`: printed from the
generated rule catalogue (`citelint/catalog.json`, written by `python -m
citelint.commands.docgen`), so they load no engine and start as fast as `--version`."""

from __future__ import annotations

import json
import os
import re

from citelint.ground.errors import UsageError

TYPE_CHECKING = False  # not `typing`'s: importing it costs `citelint rules` its start-up
if TYPE_CHECKING:
    from typing import Any, TextIO

EXIT_OK = 0


def _catalog() -> dict[str, Any]:
    """The rule catalogue (generated from the rule modules by `citelint.commands.docgen`)."""
    # in the citelint package, read as a plain file: `importlib.resources` alone costs
    # `citelint rules` as much start-up as the rest of it (it imports tempfile, zipfile …)
    path = os.path.join(os.path.dirname(os.path.dirname(__file__)), "catalog.json")
    with open(path, encoding="utf-8") as file:
        data: dict[str, Any] = json.load(file)
    return data


def rules(out: TextIO) -> int:
    out.write(_catalog()["list"])
    return EXIT_OK


_TITLE = re.compile(r"(CL\d{3}) ([a-z0-9-]+) \((critical|warning|info)\): (.*)")


def rules_json(out: TextIO) -> int:
    """`citelint rules --output-format json`: each rule's code, name, severity, summary and
    its documentation, for tools that list or configure rules."""
    listed = []
    for code, text in sorted(_catalog()["rules"].items()):
        title, _, body = text.partition("\n")
        found = _TITLE.fullmatch(title.rstrip("."))
        if found is None:  # the catalogue is generated: a title of another shape is a bug
            raise UsageError(f"the rule catalogue's entry for {code} has no title line")
        listed.append(
            {
                "code": found[1],
                "name": found[2],
                "severity": found[3],
                "summary": found[4],
                "explanation": body.strip(),
            }
        )
    out.write(json.dumps(listed, ensure_ascii=False, indent=2) + "\n")
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
