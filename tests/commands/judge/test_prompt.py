"""The request is the same bytes for the same claim; the reply is read or refused."""

from __future__ import annotations

import json

import pytest

from citelint.commands.judge.prompt import SEED, body, messages, read_reply
from tests.commands.judge.conftest import completion


def test_the_request_is_deterministic_and_asks_for_the_schema() -> None:
    first = body("m", "The firm builds seekers.", ("Its seekers are fitted.",))
    assert first == body("m", "The firm builds seekers.", ("Its seekers are fitted.",))
    sent = json.loads(first)
    assert (sent["temperature"], sent["seed"], sent["stream"]) == (0, SEED, False)
    assert sent["response_format"]["json_schema"]["schema"]["required"] == [
        "verdict",
        "quote",
        "reason",
    ]
    assert "response_format" not in json.loads(body("m", "c", ("e",), schema=False))
    user = messages("claim", ("one", "two"))[1]["content"]
    assert user == "Claim:\nclaim\n\nEvidence:\none\n…\ntwo"


@pytest.mark.parametrize(
    "content",
    [
        '{"verdict": "partial", "quote": "q", "reason": "r"}',
        '```json\n{"verdict": "partial", "quote": "q", "reason": "r"}\n```',
        'Sure. {"verdict": "partial", "quote": "q", "reason": "r"} Hope this helps.',
    ],
)
def test_a_verdict_is_read_however_it_is_wrapped(content: str) -> None:
    reply = read_reply(completion(content, tokens=99)[2])
    assert (reply.verdict, reply.quote, reply.reason, reply.tokens) == ("partial", "q", "r", 99)


@pytest.mark.parametrize(
    ("raw", "why"),
    [
        (b"not json", "not a chat completion"),
        (b'{"choices": []}', "not a chat completion"),
        (completion("no object here")[2], "holds no JSON object"),
        (completion('{"verdict": "yes", "quote": "q", "reason": "r"}')[2], "is not one of"),
        (completion('{"verdict": "supported", "quote": 3, "reason": "r"}')[2], "no quote"),
    ],
)
def test_anything_else_is_a_failed_call(raw: bytes, why: str) -> None:
    with pytest.raises(ValueError, match=why):
        read_reply(raw)
