"""SARIF 2.1.0 for GitHub code scanning (OUTPUTS.md; DECISIONS I2, I3, O10).

Built from plain dicts: one run, every enabled rule in `tool.driver.rules` with its
documentation as `help.markdown`, relative percent-encoded URIs under `%SRCROOT%`, full
regions in Unicode code points, the cited source span as a related location that the
message links (`[cited span](1)`), citelint's own partial fingerprint (never
`primaryLocationLineHash`, which the upload computes), and no timestamps.

`automationDetails` is written only when a category is asked for (`--sarif-category`) or
the run is a shard: otherwise the upload's own `category` decides, and two citelint
uploads in one workflow never collide. A run over the cap keeps its most severe results
first; the cap never passes code scanning's 25,000 results per run.
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import quote

from citelint import __version__
from citelint.outputs.diagnostic import Diagnostic, Severity, Suggestion
from citelint.outputs.result import Result, RuleFacts

INFORMATION_URI = "https://github.com/citelint/citelint"
RULES_DOC = f"{INFORMATION_URI}/blob/main/docs/rules.md"
SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
_LEVEL = {Severity.CRITICAL: "error", Severity.WARNING: "warning", Severity.INFO: "note"}
_TAGS = {"0": "anchors", "1": "evidence", "2": "substance", "3": "corpus", "9": "tool"}
MAX_RESULTS = 25_000  # code scanning rejects a run with more


def rule_dict(rule: RuleFacts, result: Result) -> dict[str, Any]:
    doc = rule.documentation
    return {
        "id": rule.code,
        "name": rule.name,
        "shortDescription": {"text": rule.summary},
        "fullDescription": {"text": doc.split("\n\n", 1)[0]},
        "help": {"text": doc, "markdown": _markdown(rule.code, rule.name, doc)},
        "helpUri": f"{RULES_DOC}#{rule.code.lower()}-{rule.name}",
        "defaultConfiguration": {"level": _LEVEL[result.severity(rule.code)]},
        "properties": {"tags": ["citelint", _TAGS.get(rule.code[2], "other")]},
    }


def _markdown(code: str, name: str, doc: str) -> str:
    """A rule's documentation as code scanning renders it: its title as a heading; the
    docstring's indented examples are Markdown code blocks already."""
    title, _, body = doc.partition("\n\n")
    return f"**{code} {name}**: {title.split(':', 1)[-1].strip()}\n\n{body.strip()}\n"


def _uri(path: str) -> str:
    return quote(path, safe="/")


def result_dict(d: Diagnostic, index: int, occurrence: int = 0) -> dict[str, Any]:
    item: dict[str, Any] = {
        "ruleId": d.code,
        "ruleIndex": index,
        "level": _LEVEL[d.severity],
        "message": {"text": _linked(d)},
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


def _linked(d: Diagnostic) -> str:
    """The message, linking each cited span (the related locations, ids from 1)."""
    links = ", ".join(f"[{s.path}]({i + 1})" for i, s in enumerate(d.sources))
    return f"{d.message} (cited span: {links})" if links else d.message


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


def _verdicts(result: Result) -> dict[str, int]:
    """The run's claims by verdict, as the summary line counts them."""
    s = result.summary()
    return {
        "claims": int(str(s["claims"])),
        "supportedClaims": int(str(s["supported_claims"])),
        "unsupportedClaims": int(str(s["unsupported_claims"])),
        "uncheckedClaims": int(str(s["unchecked_claims"])),
    }


def automation_id(result: Result) -> str | None:
    """The category asked for, `citelint/shard-K-of-N/` for a shard (shards of one matrix
    never replace each other's results), else none: the upload's category decides."""
    category = result.sarif_category
    if result.shard is None:
        return category
    k, n = result.shard
    base = (category or "citelint").rstrip("/")
    return f"{base}/shard-{k}-of-{n}/"


def cap(result: Result) -> int:
    """How many results SARIF keeps: the configured cap, never past code scanning's."""
    return max(0, min(result.sarif_max_results, MAX_RESULTS))


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
    kept = _most_severe(every, cap(result))
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
        "columnKind": "unicodeCodePoints",
        "results": kept,
        "properties": _verdicts(result),
    }
    category = automation_id(result)
    if category is not None:
        run["automationDetails"] = {"id": category}
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


def _most_severe(every: list[dict[str, Any]], limit: int) -> list[dict[str, Any]]:
    """At most `limit` results, the most severe first chosen, shown in path order."""
    if len(every) <= limit:
        return every
    rank = {"error": 0, "warning": 1, "note": 2}
    chosen = sorted(range(len(every)), key=lambda i: (rank[every[i]["level"]], i))[:limit]
    return [every[i] for i in sorted(chosen)]


def truncation_note(total: int, kept: int) -> str:
    return (
        f"SARIF holds {kept} of {total} results, the most severe first (sarif-max-results); "
        "the JSON or text output has all of them"
    )
