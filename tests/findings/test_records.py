"""Claim records: tokens, cited spans with excerpts, missing tokens, codes and verdicts."""

from __future__ import annotations

import json
from pathlib import Path

from citelint.findings.records import build, excerpt, verdict
from citelint.outputs.diagnostic import Diagnostic, Severity
from citelint.rules.verdicts import verdicts
from tests.conftest import Writer, analysis_of


def _diagnostic(line: int, column: int, severity: Severity, missing: tuple[str, ...]) -> Diagnostic:
    return Diagnostic("r.md", line, column, line, column + 1, "CL101", "n", severity, "m", None,
                      (), missing)  # fmt: skip


def test_records_carry_spans_missing_tokens_and_verdicts(project: Writer, tmp_path: Path) -> None:
    project("sources/pubmed/1.json", json.dumps({"abstract": "Median PFS was 4.8 months."}))
    project("sources/guidelines/G.md", "one\ntwo\nthree\n")
    text = (
        "Median PFS was 5.8 months [pmid:1:abstract].\n\n"
        "Line two says 2% [guideline:G:line:2] and [guideline:G:line:2].\n\n"
        "Nothing here [pmid:7:abstract].\n"
    )
    a = analysis_of(tmp_path, "r.md", text)
    records = build(a, [_diagnostic(1, 1, Severity.CRITICAL, ("5.8 months",))], verdicts(a, [], []))
    first, second, third = records
    assert first.tokens == ("5.8 months",) and first.missing == ("5.8 months",)
    assert first.codes == ("CL101",) and first.verdict == "fail"
    assert first.spans[0].where == "abstract" and "4.8 months" in first.spans[0].excerpt
    assert [s.where for s in second.spans] == ["line:2, line 2"]  # one line, shown once
    assert second.verdict == "unchecked"  # 2% is in no window of the span: nothing checked
    assert third.spans[0].problem.startswith("no source file")


def test_verdicts() -> None:
    warn = _diagnostic(1, 1, Severity.WARNING, ())
    assert verdict(True, []) == "ok" and verdict(False, []) == "none"
    assert verdict(False, [warn]) == "warn"
    assert verdict(True, [warn, _diagnostic(1, 1, Severity.CRITICAL, ())]) == "fail"


def test_excerpts_center_on_the_first_token() -> None:
    text = "x" * 1000 + " 4.8 " + "y" * 1000
    cut = excerpt(text, ["4.8"])
    assert cut.startswith("…") and cut.endswith("…") and "4.8" in cut and len(cut) < 700
    assert excerpt("short text", ["absent"]) == "short text"


def test_a_claim_on_an_unsaved_source_is_never_green(project: Writer, tmp_path: Path) -> None:
    """One CL011 names a report's unsaved sources; the claims it does not sit on are
    still not supported: unchecked, in the view as in the summary."""
    project("sources/pubmed/1.json", json.dumps({"abstract": "Median PFS was 4.8 months."}))
    text = (
        "Median PFS was 4.8 months [pmid:1:abstract].\n\n"
        "Response was 22% ([x](https://x.org/a)).\n\n"
        "Response was 30% ([y](https://y.org/b)).\n"
    )
    a = analysis_of(tmp_path, "r.md", text)
    judged = verdicts(a, [], [])
    first, second, third = build(a, [], judged)  # no finding inside the 2nd and 3rd claims
    assert (first.verdict, second.verdict, third.verdict) == ("ok", "unchecked", "unchecked")
    assert (judged.claims, judged.supported, judged.unsupported, judged.unchecked) == (3, 1, 0, 2)
