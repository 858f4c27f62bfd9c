"""The versioned JSON report: stable keys, the cited source, same bytes each run."""

from __future__ import annotations

import json

from citelint.diagnostic import Diagnostic, Severity, SourceRef
from citelint.formatters.json import render
from citelint.result import FileResult, Result


def test_json_shape_is_versioned_and_stable() -> None:
    ref = SourceRef("sources/pubmed/1.json", "abstract", pointer="/abstract")
    d = Diagnostic(
        "r.md", 1, 5, 1, 9, "CL101", "numeric-token-miss", Severity.CRITICAL, "gone",
        claim="ORR 5%", anchors=("[pmid:1:abstract]",), missing=("5%",), sources=(ref,),
        fingerprint="f" * 32,
    )  # fmt: skip
    result = Result((FileResult("r.md", (d,), claims=1, anchors=1),))
    out = render(result)
    assert out == render(result) and out.endswith("\n")
    data = json.loads(out)
    assert data["version"] == 1 and data["tool"]["name"] == "citelint"
    (entry,) = data["diagnostics"]
    assert entry["anchor"] == "[pmid:1:abstract]" and entry["missing"] == ["5%"]
    assert entry["source"] == {
        "path": "sources/pubmed/1.json",
        "locator": "abstract",
        "start_line": None,
        "end_line": None,
        "pointer": "/abstract",
    }
    assert data["summary"]["by_rule"] == {"CL101": 1}
