"""The versioned JSON report: stable keys, the cited source, same bytes each run."""

from __future__ import annotations

import json
from pathlib import Path

from citelint.outputs.diagnostic import Diagnostic, Severity, SourceRef
from citelint.outputs.formatters.json import render
from citelint.outputs.result import FileResult, Result


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
    assert data["version"] == 2 and data["tool"]["name"] == "citelint"
    (entry,) = data["diagnostics"]
    assert entry["anchor"] == "[pmid:1:abstract]" and entry["missing"] == ["5%"]
    assert entry["source"] == {
        "path": "sources/pubmed/1.json",
        "locator": "abstract",
        "start_line": None,
        "end_line": None,
        "pointer": "/abstract",
        "fetched": None,
    }
    assert data["summary"]["by_rule"] == {"CL101": 1}


def test_json_carries_suggestions_and_their_edits(tmp_path: Path) -> None:
    from citelint.outputs.formatters import json as json_formatter
    from tests.conftest import lint_fix_case

    document = json.loads(json_formatter.render(lint_fix_case(tmp_path)))
    (item,) = [d for d in document["diagnostics"] if d["code"] == "CL101"]
    assert item["nowhere"] == []
    (hint,) = item["suggestions"]
    assert hint["anchor"] == "[pmid:10000001:abstract]" and hint["safe"] and hint["same_record"]
    assert hint["source"]["path"] == "sources/pubmed/10000001.json"
    assert hint["tokens"] == ["9.2 months", "demotinib"]
    assert hint["edit"] == {
        "line": 3,
        "column": 64,
        "end_line": 3,
        "end_column": 85,
        "text": "[pmid:10000001:abstract]",
    }


def test_the_document_is_indented_with_one_finding_per_line() -> None:
    d = Diagnostic("r.md", 1, 2, 1, 3, "CL001", "missing-anchor", Severity.CRITICAL, 'm\n"x"')
    out = render(Result((FileResult("r.md", (d, d)),)))
    lines = out.splitlines()
    assert lines[0] == "{" and lines[1].startswith('  "version": ') and lines[-1] == "}"
    assert lines[-5] == '  "diagnostics": [' and lines[-2] == "  ]"
    assert lines[-4].startswith('    {"path": "r.md", ') and lines[-4].endswith("},")
    assert json.loads(out)["diagnostics"][1]["message"] == 'm\n"x"'
    empty = render(Result(()))
    assert empty.endswith('  "diagnostics": []\n}\n') and json.loads(empty)["diagnostics"] == []
