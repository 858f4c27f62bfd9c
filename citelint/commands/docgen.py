"""Every generated part of the committed files, from the registries: docs/rules.md (the
rule modules' docstrings), the catalogue `citelint rules` and `citelint rule CODE` print
(`citelint/catalog.json`), docs/checks.md's rule table and docs/usage.md's command-line
synopsis (from the parser), and the audit schema's citation styles (from the style
registry).
`python -m citelint.commands.docgen` rewrites them all in place (and prints docs/rules.md, as it
always did); `--catalog`, `--rule-table`, `--synopsis` print one part.

The rule docstrings are the single source of the documentation; a test fails when either
committed file is stale. The catalogue is data so that those two commands start without
importing the engine the rules are written against.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path

from citelint.rules import ALL_RULES, AnyRule


def _options(rule: type[AnyRule]) -> list[str]:
    options = rule.option_defaults()
    if not options:
        return []
    lines = ["", f"Options (`[tool.citelint.rules.{rule.code}]`):", ""]
    lines += [f"- `{key}` = `{default!r}`" for key, default in options]
    return lines


def rules_list() -> str:
    """`citelint rules`: every rule, one line each."""
    return "".join(
        f"{rule.code}  {rule.name:<24} {rule.severity.value:<9} {rule.summary}\n"
        for rule in ALL_RULES
    )


def rule_text(rule: type[AnyRule]) -> str:
    """`citelint rule CODE`: one rule's documentation and options, as plain text."""
    title, _, body = rule.documentation().partition("\n\n")
    summary = title.split(":", 1)[-1].strip()
    out = f"{rule.code} {rule.name} ({rule.severity.value}): {summary}\n\n{body}\n"
    options = rule.option_defaults()
    if options:
        out += "\nOptions ([tool.citelint.rules." + rule.code + "]):\n"
        out += "".join(f"  {key} = {default!r}\n" for key, default in options)
    return out


def rules_markdown() -> str:
    out = [
        "# citelint rules",
        "",
        "Generated from the rule modules by `python -m citelint.commands.docgen`; do not edit.",
        "",
        "| code | name | severity | summary |",
        "|---|---|---|---|",
    ]
    for rule in ALL_RULES:
        out.append(
            f"| [{rule.code}](#{rule.code.lower()}-{rule.name}) | {rule.name} | "
            f"{rule.severity.value} | {rule.summary} |"
        )
    for rule in ALL_RULES:
        doc = rule.documentation()
        title, _, body = doc.partition("\n\n")
        out += [
            "",
            f"## {rule.code} {rule.name}",
            "",
            f"*{rule.severity.value}* — {title.split(':', 1)[1].strip()}",
            "",
            body.strip(),
        ]
        out += _options(rule)
        if rule.suggestion:
            out += ["", f"Suggested fix: {rule.suggestion}."]
    return "\n".join(out) + "\n"


def rule_table() -> str:
    """docs/checks.md's rule table: one row per rule, from the rules' own summaries."""
    rows = ["| code | name | severity | fires when |", "|---|---|---|---|"]
    rows += [
        f"| {rule.code} | {rule.name} | {rule.severity.value} | {rule.summary} |"
        for rule in ALL_RULES
    ]
    return "\n".join(rows) + "\n"


def catalog() -> str:
    """citelint/catalog.json: the rule list, each rule's text, names to codes."""
    data = {
        "list": rules_list(),
        "rules": {rule.code: rule_text(rule) for rule in ALL_RULES},
        "names": {rule.name: rule.code for rule in ALL_RULES},
    }
    return json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n"


SYNOPSIS_WIDTH = 88
_NOT_IN_SYNOPSIS = frozenset({"--help", "--version", "--list-rules", "--explain"})


def synopsis() -> str:
    """docs/usage.md's command-line synopsis, from the parser itself: an option added
    there is in the docs (a test compares them)."""
    from citelint.commands.arguments import build_parser

    words = []
    for action in build_parser()._actions:
        flags = [f for f in action.option_strings if f.startswith("--")] or action.option_strings
        if not flags or flags[0] in _NOT_IN_SYNOPSIS:
            continue
        flag = action.option_strings[0] if action.option_strings[0] == "-o" else flags[0]
        if action.choices:
            words.append(f"[{flag} {'|'.join(str(c) for c in action.choices)}]")
        elif action.nargs == 0:
            words.append(f"[{flag}]")
        else:
            more = " ..." if isinstance(action, argparse._AppendAction) else ""
            words.append(f"[{flag} {action.metavar or action.dest.upper()}{more}]")
    lines, line = [], "      OPTIONS:"
    for word in words:
        if len(line) + 1 + len(word) > SYNOPSIS_WIDTH:
            lines.append(line)
            line = "            "
        line += " " + word
    lines.append(line)
    return "    citelint [OPTIONS] [--] [PATH ...]\n" + "\n".join(lines) + "\n"


ROOT = Path(__file__).resolve().parents[2]  # the repository: citelint/commands/docgen.py
# Each generated part of a committed file: the file, the line the part starts with and
# the prefix of the lines that continue it (`None`: the whole file), and what writes it.
# `python -m citelint.commands.docgen` rewrites them all; a test fails while any is stale.
GENERATED: tuple[tuple[str, tuple[str, str] | None, Callable[[], str]], ...] = (
    ("docs/rules.md", None, rules_markdown),
    ("citelint/catalog.json", None, catalog),
    ("docs/checks.md", ("| code | name | severity | fires when |\n", "|"), rule_table),
    ("docs/usage.md", ("    citelint [OPTIONS] [--] [PATH ...]\n", "      "), synopsis),
    ("citelint/schemas/verification_report.schema.json", None, lambda: audit_schema(ROOT)),
)


def audit_schema(root: Path) -> str:
    """The audit schema with the citation styles of the registry: a style added to
    `citations/styles.py` is a style the schema declares."""
    from citelint.read.citations.styles import style_names

    path = root / "citelint/schemas/verification_report.schema.json"
    schema = json.loads(path.read_text(encoding="utf-8"))
    by_style = schema["properties"]["anchor_audit"]["properties"]["citations_by_style"]
    by_style["propertyNames"]["enum"] = list(style_names())
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def generated(root: Path) -> dict[str, str]:
    """Every generated file's text as it must be committed, by path."""
    texts: dict[str, str] = {}
    for rel, where, make in GENERATED:
        current = texts.get(rel) or (root / rel).read_text(encoding="utf-8")
        texts[rel] = make() if where is None else _replaced(current, *where, make())
    return texts


def _replaced(text: str, start: str, continues: str, part: str) -> str:
    """`text` with the block that begins at the line `start` (and runs on while lines
    begin with `continues`) replaced by `part`."""
    at = text.index(start)
    end = at + len(start)
    while end < len(text) and text.startswith(continues, end):
        end = text.find("\n", end) + 1 or len(text)
    return text[:at] + part + text[end:]


def write_all(root: Path) -> list[str]:
    """Rewrite every generated file that is stale; the paths rewritten."""
    written = []
    for rel, text in generated(root).items():
        path = root / rel
        if path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
            written.append(rel)
    return written


if __name__ == "__main__":
    MODES = {"--catalog": catalog, "--synopsis": synopsis, "--rule-table": rule_table}
    if sys.argv[1:]:
        sys.stdout.write(MODES.get(" ".join(sys.argv[1:]), rules_markdown)())
    else:  # every generated file, in place; stdout stays docs/rules.md, as it always was
        for rel in write_all(ROOT):
            sys.stderr.write(f"citelint.commands.docgen: wrote {rel}\n")
        sys.stdout.write(rules_markdown())
