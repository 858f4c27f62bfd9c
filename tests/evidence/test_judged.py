"""The judge's saved verdicts as the lint reads them: only what counts, never a crash."""

from __future__ import annotations

import contextlib
import json
import socket
import sys
from pathlib import Path

from citelint.config.load import Settings
from citelint.evidence.judged import MAX_LINE, key, parse_lines, subject
from citelint.lint.runner import Runner

RULES = Path(__file__).parents[1] / "rules"


def test_a_line_that_is_not_a_verdict_is_skipped() -> None:
    good = {"for": "s", "key": "k", "verdict": "supported", "quote": "q", "tokens": 3}
    text = "\n".join(
        [
            json.dumps(good),
            "not json",
            "[1, 2]",
            json.dumps({"key": "no subject"}),
            "{" * 100_000,  # too deep, too long
            json.dumps({"for": "s", "quote": "x" * MAX_LINE}),
        ]
    )
    lines = parse_lines(text)
    assert list(lines) == ["s"] and len(lines["s"]) == 1
    assert "tokens" not in lines["s"][0]  # only strings are read


def test_keys_name_the_claim_evidence_model_and_prompt() -> None:
    assert key("c", "e", "m") != key("c", "e", "n") != key("c", "f", "m")
    assert subject("c", "e") == subject("c", "e") != subject("c", "e2")


_CONNECTS: list[object] = []


def _hook(event: str, args: tuple[object, ...]) -> None:
    if event in ("socket.connect", "socket.getaddrinfo") and _WATCHING:
        _CONNECTS.append(args)


_WATCHING: list[bool] = []
sys.addaudithook(_hook)  # audit hooks stay for the process: this one only records


def test_the_lint_replays_verdicts_without_a_connection() -> None:
    """CL112 and CL113 come from the saved file: the lint never asks the model."""
    for folder in ("CL112_judged-contradicted", "CL113_judged-unsupported"):
        root = RULES / folder
        _WATCHING.append(True)
        try:
            result = Runner.of(Settings(project_root=str(root)), [str(root / "fail")]).lint()
        finally:
            _WATCHING.clear()
        assert {d.code for d in result.diagnostics} >= {folder[:5]}
    assert _CONNECTS == []
    _WATCHING.append(True)
    try:  # the hook does see a connection when one is made
        with socket.socket() as s, contextlib.suppress(OSError):
            s.connect(("127.0.0.1", 9))
    finally:
        _WATCHING.clear()
    assert _CONNECTS
