"""The audit contract: one `verification_report.json` per report (OUTPUTS.md).

The Cite-or-Block pipeline reads these files; their shape is pinned by
`schemas/verification_report.schema.json` (`additionalProperties: false` everywhere), and
a test fails when a written field is not declared there.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from typing import Any

from citelint.ground import writes
from citelint.outputs.diagnostic import at_or_above
from citelint.outputs.result import FileResult, Result, RuleFacts

VERSION = "1.0"
FILE_NAME = "verification_report.json"
JUDGED_FILE = "judged.jsonl"  # the judge's replayed verdicts, one line per claim


def report(f: FileResult, fail_on: str, fact: Callable[[str], RuleFacts]) -> dict[str, Any]:
    violations = [
        {
            "severity": d.severity.value,
            "code": d.code,
            "claim": d.claim,
            "anchor": d.anchors[0] if d.anchors else None,
            "reason": d.message,
            "suggestion": fact(d.code).suggestion,
            "found_in": [
                {"anchor": s.anchor, "source": s.source.describe(), "safe": s.safe}
                for s in d.suggestions
            ],
            "evidence": d.evidence,
            "coverage": d.coverage,
        }
        for d in f.diagnostics
    ]
    by_reason: dict[str, int] = {}
    for d in f.diagnostics:
        by_reason[d.name] = by_reason.get(d.name, 0) + 1
    blocked = any(at_or_above(d.severity, fail_on) for d in f.diagnostics)
    return {
        "version": VERSION,
        "verdict": "blocked" if blocked else "ok",
        "report": f.path,
        "violations": violations,
        "verified_count": f.supported,
        "supported_count": f.supported,
        "unsupported_count": f.unsupported,
        "unchecked_count": f.unchecked,
        "anchor_audit": {
            "total_claims": f.claims,
            "total_anchors": f.anchors,
            "verified_count": f.supported,
            "anchors_without_locator": list(f.anchors_without_locator),
            "citations_by_style": dict(f.citations),
            "violations_by_reason": dict(sorted(by_reason.items())),
            "relations": {"checked": f.relations[0], "abstained": f.relations[1]},
        },
        "claims": [
            {
                "line": c.line,
                "column": c.column,
                "verdict": c.judged,
                "coverage": c.coverage,
                "evidence_at": c.evidence_at or None,
                **({"unchecked_because": c.unchecked_because} if c.unchecked_because else {}),
                **({"judge": _judge(c.judge)} if c.judge is not None else {}),
            }
            for c in f.records
            if c.judged
        ],
    }


def _judge(judge: tuple[str, str, str, str, str]) -> dict[str, str]:
    verdict, model, quote, reason, _ = judge
    return {"verdict": verdict, "model": model, "quote": quote, "reason": reason}


def write(result: Result, folder: str, root: str) -> list[str]:
    """Write one file per report under `folder/<report path>/`; return the paths written.
    No folder below `root` on the way may be a symlink (a pull request can plant one
    inside an in-tree audit folder)."""
    written = []
    writes.make_folders(folder, root)
    base = root if writes.under(folder, root) else folder  # its own subfolders are guarded
    for f in result.files:
        target = os.path.join(folder, *_safe_parts(f.path), FILE_NAME)
        writes.make_folders(os.path.dirname(target), base)
        text = (
            json.dumps(report(f, result.fail_on, result.fact), ensure_ascii=False, indent=2) + "\n"
        )
        writes.write_atomic(target, (text.encode("utf-8"),), root=root)
        written.append(target)
    judged = [
        json.dumps({"report": f.path, "line": c.line, "column": c.column, **_judge(c.judge)})
        for f in result.files
        for c in f.records
        if c.judge is not None
    ]
    if judged:  # one line per judged claim, for a pipeline that reads verdicts only
        target = os.path.join(folder, JUDGED_FILE)
        writes.write_atomic(target, ["".join(f"{line}\n" for line in judged).encode()], root=root)
        written.append(target)
    return written


def _safe_parts(path: str) -> list[str]:
    """A report path as folders under the audit folder: `..`, `.` and empty parts never
    lead out of it (a report outside the project shows as an absolute path)."""
    return [
        part if part != ".." else "__parent__" for part in path.split("/") if part not in ("", ".")
    ]
