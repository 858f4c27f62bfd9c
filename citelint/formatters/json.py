"""The versioned JSON report (OUTPUTS.md, DECISIONS O5): stable keys, sorted output."""

from __future__ import annotations

import json
from typing import Any

from citelint import __version__
from citelint.diagnostic import Diagnostic, SourceRef
from citelint.result import Result

VERSION = 1


def source_dict(ref: SourceRef) -> dict[str, Any]:
    return {
        "path": ref.path,
        "locator": ref.locator,
        "start_line": ref.start_line,
        "end_line": ref.end_line,
        "pointer": ref.pointer,
    }


def diagnostic_dict(d: Diagnostic) -> dict[str, Any]:
    return {
        "path": d.path,
        "line": d.line,
        "column": d.column,
        "end_line": d.end_line,
        "end_column": d.end_column,
        "code": d.code,
        "name": d.name,
        "severity": d.severity.value,
        "message": d.message,
        "claim": d.claim,
        "anchor": d.anchors[0] if d.anchors else None,
        "anchors": list(d.anchors),
        "missing": list(d.missing),
        "source": source_dict(d.sources[0]) if d.sources else None,
        "sources": [source_dict(s) for s in d.sources],
        "fingerprint": d.fingerprint,
    }


def render(result: Result, color: bool = False) -> str:
    payload = {
        "version": VERSION,
        "tool": {"name": "citelint", "version": __version__},
        "summary": result.summary(),
        "diagnostics": [diagnostic_dict(d) for d in result.diagnostics],
    }
    return json.dumps(payload, ensure_ascii=False, indent=2) + "\n"
