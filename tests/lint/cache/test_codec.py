from __future__ import annotations

import json
from pathlib import Path

import pytest

from citelint.config.load import Settings
from citelint.lint.cache.codec import MalformedEntryError, decode, decode_result, encode
from citelint.lint.runner import Runner
from citelint.outputs.diagnostic import Diagnostic, Edit, Severity, SourceRef, Suggestion
from citelint.outputs.result import CitedSpan, ClaimRecord, FileResult

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"


def _full() -> FileResult:
    ref = SourceRef("sources/pubmed/1.xml", "abstract", 3, 4, "/Abstract")
    edit = Edit(10, 20, "[pmid:1:results]", 1, 11, 1, 21)
    suggestion = Suggestion("[pmid:1:results]", ref, ("42%",), True, True, edit, "… 42% …")
    diagnostic = Diagnostic(
        "r.md", 1, 2, 1, 9, "CL101", "numeric-token-miss", Severity.CRITICAL, "m", "c",
        ("[pmid:1:abstract]",), ("42%",), (ref,), "abc", (suggestion,), ("7 mg",),
    )  # fmt: skip
    record = ClaimRecord(
        1, 1, 2, "Rate 42%.", True, ("42%",), ("[pmid:1:abstract]",),
        (CitedSpan("[pmid:1:abstract]", "p", "abstract", "x", "", "anchor"),),
        ("42%",), ("CL101",), "fail", 0, (("42%", "p › results"),),
    )  # fmt: skip
    return FileResult(
        "r.md", (diagnostic,), 1, 1, 0, "Rate 42%.\n", (record,), ("x",), (("numbered", 2),)
    )


def test_a_result_survives_json_exactly() -> None:
    result = _full()
    assert decode_result(json.loads(json.dumps(encode(result)))) == result


def test_every_example_result_round_trips() -> None:
    settings = Settings(project_root=str(EXAMPLES), cache_dir=None)
    for f in Runner.of(settings, [str(EXAMPLES / "reports")]).lint().files:
        assert decode_result(json.loads(json.dumps(encode(f)))) == f


@pytest.mark.parametrize(
    "mutate",
    [
        lambda raw: raw[:-1],  # a field short
        lambda raw: [*raw, 0],  # a field too many
        lambda raw: [1, *raw[1:]],  # a path that is a number
        lambda raw: [raw[0], [["x"]], *raw[2:]],  # a diagnostic of the wrong shape
        lambda raw: [raw[0], raw[1], True, *raw[3:]],  # a bool is not a count
        lambda raw: {"path": raw[0]},  # not a list at all
    ],
)
def test_any_other_shape_is_malformed(mutate: object) -> None:
    raw = encode(_full())
    assert isinstance(raw, list) and callable(mutate)
    with pytest.raises(MalformedEntryError):
        decode_result(mutate(raw))


def test_an_unknown_severity_is_malformed() -> None:
    with pytest.raises(MalformedEntryError):
        decode(Severity, "catastrophic")
    assert decode(Severity, "critical") is Severity.CRITICAL
