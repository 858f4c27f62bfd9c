"""The versioned JSON report (OUTPUTS.md, DECISIONS O5): stable keys, sorted output."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from citelint import __version__
from citelint.outputs.diagnostic import Diagnostic, SourceRef, Suggestion
from citelint.outputs.result import Result

VERSION = 2


def source_dict(ref: SourceRef) -> dict[str, Any]:
    return {
        "path": ref.path,
        "locator": ref.locator,
        "start_line": ref.start_line,
        "end_line": ref.end_line,
        "pointer": ref.pointer,
        "fetched": ref.fetched,
    }


def suggestion_dict(s: Suggestion) -> dict[str, Any]:
    edit = s.edit
    return {
        "anchor": s.anchor,
        "source": source_dict(s.source),
        "tokens": list(s.tokens),
        "same_record": s.same_record,
        "safe": s.safe,
        "edit": None
        if edit is None
        else {
            "line": edit.line,
            "column": edit.column,
            "end_line": edit.end_line,
            "end_column": edit.end_column,
            "text": edit.text,
        },
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
        "suggestions": [suggestion_dict(s) for s in d.suggestions],
        "nowhere": list(d.nowhere),
        "evidence": d.evidence,
        "coverage": d.coverage,
    }


def render(result: Result, color: bool = False) -> str:
    return "".join(chunks(result, color))


def chunks(result: Result, color: bool = False) -> Iterator[str]:
    """The document indented, each diagnostic on one line: a line per finding diffs and
    greps well, the compact form is written by json's C encoder (an indented one is not,
    and is ten times slower), and the output is written a finding at a time."""
    head = {
        "version": VERSION,
        "tool": {"name": "citelint", "version": __version__},
        "summary": result.summary(),
    }
    yield json.dumps(head, ensure_ascii=False, indent=2).removesuffix("\n}")
    yield ',\n  "diagnostics": ['
    for i, d in enumerate(result.diagnostics):
        yield ("\n    " if i == 0 else ",\n    ") + json.dumps(
            diagnostic_dict(d), ensure_ascii=False
        )
    yield "\n  ]\n}\n" if result.diagnostics else "]\n}\n"
