"""What the model is asked, and how its answer is read.

One claim and its evidence windows (never a whole page) in one chat-completions request
of the OpenAI-compatible interface that llama.cpp's server, Ollama, vLLM and the hosted
APIs share: temperature 0, a fixed seed, a JSON-schema response format, and a versioned
prompt (`judged.PROMPT_VERSION` is part of every verdict's key). The answer must be one
JSON object `{"verdict", "quote", "reason"}`; a server that ignores the response format
may wrap it in a fenced block or in prose, and the first JSON object in the reply is
read. Anything else is a failed call, never a verdict.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from citelint.evidence.judged import VERDICTS, WINDOW_JOIN

SEED = 20261204  # the same request gives the same answer where the server honours it
SYSTEM = (
    "You check one claim of a research report against evidence taken from the source it "
    "cites. Use only the evidence given. Answer with one JSON object and nothing else: "
    '{"verdict": "supported" | "partial" | "unsupported" | "contradicted", "quote": '
    '"<the words of the evidence your verdict rests on, copied exactly>", "reason": '
    '"<one sentence>"}. supported: the evidence says everything the claim says. partial: '
    "it says part of it. unsupported: it does not say it. contradicted: it says "
    "otherwise. The quote must be copied from the evidence word for word."
)
SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "verdict": {"type": "string", "enum": list(VERDICTS)},
        "quote": {"type": "string"},
        "reason": {"type": "string"},
    },
    "required": ["verdict", "quote", "reason"],
    "additionalProperties": False,
}


def messages(claim: str, windows: tuple[str, ...]) -> list[dict[str, str]]:
    evidence = WINDOW_JOIN.join(windows)
    user = f"Claim:\n{claim}\n\nEvidence:\n{evidence}"
    return [{"role": "system", "content": SYSTEM}, {"role": "user", "content": user}]


def body(model: str, claim: str, windows: tuple[str, ...], *, schema: bool = True) -> bytes:
    """The request, byte for byte the same for the same claim, windows and model."""
    request: dict[str, Any] = {
        "model": model,
        "messages": messages(claim, windows),
        "temperature": 0,
        "seed": SEED,
        "stream": False,
    }
    if schema:
        request["response_format"] = {
            "type": "json_schema",
            "json_schema": {"name": "verdict", "strict": True, "schema": SCHEMA},
        }
    return json.dumps(request, sort_keys=True, ensure_ascii=False).encode()


@dataclass(frozen=True, slots=True)
class Reply:
    verdict: str
    quote: str
    reason: str
    tokens: int


_FENCE = re.compile(r"```(?:json)?\s*(\{.*?\})\s*```", re.S)


def read_reply(raw: bytes) -> Reply:
    """The verdict in a chat-completions answer; ValueError with the reason when there is
    none (a failed call)."""
    try:
        answer = json.loads(raw)
        content = answer["choices"][0]["message"]["content"]
    except (ValueError, KeyError, IndexError, TypeError, RecursionError):
        raise ValueError("the server's answer is not a chat completion") from None
    if not isinstance(content, str):
        raise ValueError("the completion holds no text")
    found = _object(content)
    verdict, quote, reason = (found.get(k) for k in ("verdict", "quote", "reason"))
    if verdict not in VERDICTS:
        raise ValueError(
            f"the reply's verdict {str(verdict)[:40]!r} is not one of {', '.join(VERDICTS)}"
        )
    if not isinstance(quote, str) or not isinstance(reason, str):
        raise ValueError("the reply has no quote or no reason")
    usage = answer.get("usage") if isinstance(answer, dict) else None
    tokens = usage.get("total_tokens") if isinstance(usage, dict) else None
    return Reply(verdict, quote, reason, tokens if isinstance(tokens, int) else 0)


def _object(content: str) -> dict[str, Any]:
    """The JSON object of a reply: the whole text, a fenced block, or the first object
    in prose around it."""
    candidates = [content.strip(), *(m.group(1) for m in _FENCE.finditer(content))]
    start = content.find("{")
    if start >= 0:
        candidates.append(content[start : content.rfind("}") + 1])
    for text in candidates:
        try:
            value = json.loads(text)
        except (ValueError, RecursionError):
            continue
        if isinstance(value, dict):
            return value
    raise ValueError("the reply holds no JSON object")
