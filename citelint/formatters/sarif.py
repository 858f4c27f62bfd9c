"""SARIF 2.1.0 for GitHub code scanning (OUTPUTS.md; DECISIONS I2, I3, O10).

Built from plain dicts: one run, every enabled rule in `tool.driver.rules`, relative
percent-encoded URIs under `%SRCROOT%`, full regions in Unicode code points, the cited
source span as a related location, citelint's own partial fingerprint (never
`primaryLocationLineHash`, which the upload computes), and no timestamps.
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import quote

from citelint import __version__
from citelint.diagnostic import Diagnostic, Severity, Suggestion
from citelint.result import Result
from citelint.rules import AnyRule

INFORMATION_URI = "https://github.com/citelint/citelint"
RULES_DOC = f"{INFORMATION_URI}/blob/main/docs/rules.md"
SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
_LEVEL = {Severity.CRITICAL: "error", Severity.WARNING: "warning", Severity.INFO: "note"}
_TAGS = {"0": "anchors", "1": "evidence", "2": "substance", "3": "corpus", "9": "tool"}


def rule_dict(rule: type[AnyRule], result: Result) -> dict[str, Any]:
    doc = rule.documentation()
    return {
        "id": rule.code,
        "name": rule.name,
        "shortDescription": {"text": rule.summary},
        "fullDescription": {"text": doc.split("\n\n", 1)[0]},
        "help": {"text": doc},
        "helpUri": f"{RULES_DOC}#{rule.code.lower()}-{rule.name}",
        "defaultConfiguration": {"level": _LEVEL[result.severity(rule.code)]},
        "properties": {"tags": ["citelint", _TAGS.get(rule.code[2], "other")]},
    }


def _uri(path: str) -> str:
    return quote(path, safe="/")


def result_dict(d: Diagnostic, index: int, occurrence: int = 0) -> dict[str, Any]:
    item: dict[str, Any] = {
        "ruleId": d.code,
        "ruleIndex": index,
        "level": _LEVEL[d.severity],
        "message": {"text": d.message},
        "locations": [
            {
                "physicalLocation": {
                    "artifactLocation": {"uri": _uri(d.path), "uriBaseId": "%SRCROOT%"},
                    "region": {
                        "startLine": d.line,
                        "startColumn": d.column,
                        "endLine": max(d.end_line, d.line),
                        "endColumn": max(d.end_column, 1),
                    },
                }
            }
        ],
        # the n-th finding of one fingerprint in a file: identical claims stay apart in code
        # scanning, and each keeps its identity when unrelated lines move
        "partialFingerprints": {"citelint/v1": f"{d.fingerprint}:{occurrence}"},
    }
    related = []
    for i, source in enumerate(d.sources):
        location: dict[str, Any] = {
            "id": i + 1,
            "physicalLocation": {
                "artifactLocation": {"uri": _uri(source.path), "uriBaseId": "%SRCROOT%"}
            },
            "message": {"text": f"cited span: {source.describe()}"},
        }
        if source.start_line:
            location["physicalLocation"]["region"] = {
                "startLine": source.start_line,
                "endLine": max(source.end_line or source.start_line, source.start_line),
            }
        related.append(location)
    if related:
        item["relatedLocations"] = related
    fixes = [_fix(d, s) for s in d.suggestions if s.edit is not None]
    if fixes:
        item["fixes"] = fixes
    return item


def _fix(d: Diagnostic, s: Suggestion) -> dict[str, Any]:
    """A SARIF fix: the anchor edit, described by where the evidence is."""
    assert s.edit is not None
    edit = s.edit
    safety = "safe" if s.safe else "unsafe"
    return {
        "description": {"text": f"cite {s.describe()} ({safety} fix)"},
        "artifactChanges": [
            {
                "artifactLocation": {"uri": _uri(d.path), "uriBaseId": "%SRCROOT%"},
                "replacements": [
                    {
                        "deletedRegion": {
                            "startLine": edit.line,
                            "startColumn": edit.column,
                            "endLine": edit.end_line,
                            "endColumn": edit.end_column,
                        },
                        "insertedContent": {"text": edit.text},
                    }
                ],
            }
        ],
    }


def automation_id(result: Result) -> str:
    """`citelint/`, or `citelint/shard-K-of-N/`: shards of one matrix never replace each
    other's results in code scanning."""
    if result.shard is None:
        return "citelint/"
    k, n = result.shard
    return f"citelint/shard-{k}-of-{n}/"


def results(result: Result, index: dict[str, int]) -> list[dict[str, Any]]:
    seen: dict[tuple[str, str], int] = {}
    out = []
    for d in result.diagnostics:
        if d.code not in index:
            continue
        key = (d.path, d.fingerprint)
        seen[key] = seen.get(key, 0) + 1
        out.append(result_dict(d, index[d.code], seen[key] - 1))
    return out


def render(result: Result, color: bool = False) -> str:
    rules = sorted(result.rules, key=lambda r: r.code)
    index = {rule.code: i for i, rule in enumerate(rules)}
    every = results(result, index)
    kept = every[: result.sarif_max_results]
    run: dict[str, Any] = {
        "tool": {
            "driver": {
                "name": "citelint",
                "version": __version__,
                "semanticVersion": __version__,
                "informationUri": INFORMATION_URI,
                "rules": [rule_dict(rule, result) for rule in rules],
            }
        },
        "automationDetails": {"id": automation_id(result)},
        "columnKind": "unicodeCodePoints",
        "results": kept,
    }
    if len(kept) < len(every):
        run["invocations"] = [
            {
                "executionSuccessful": True,
                "toolExecutionNotifications": [
                    {
                        "level": "warning",
                        "message": {"text": truncation_note(len(every), len(kept))},
                    }
                ],
            }
        ]
    sarif = {"$schema": SCHEMA, "version": "2.1.0", "runs": [run]}
    return json.dumps(sarif, ensure_ascii=False, indent=2) + "\n"


def truncation_note(total: int, kept: int) -> str:
    return (
        f"SARIF holds the first {kept} of {total} results (sarif-max-results); "
        "the JSON or text output has all of them"
    )
