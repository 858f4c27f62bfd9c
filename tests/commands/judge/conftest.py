"""A fake OpenAI-compatible server on 127.0.0.1: each test scripts its answers, shaped as
llama.cpp's server, Ollama and vLLM answer `/v1/chat/completions` in their documented
examples. Nothing here touches the network."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler
from typing import Any

import pytest

from tests.commands.fetch.conftest import send, serving

Answer = tuple[int, dict[str, str], bytes]


def completion(content: str, shape: str = "llama.cpp", tokens: int = 321) -> Answer:
    """A chat completion as each server shapes it (their documented examples)."""
    body: dict[str, Any] = {
        "choices": [
            {
                "finish_reason": "stop",
                "index": 0,
                "message": {"content": content, "role": "assistant"},
            }
        ],
        "created": 1733299200,
        "model": "local-model",
        "object": "chat.completion",
        "usage": {"completion_tokens": 40, "prompt_tokens": tokens - 40, "total_tokens": tokens},
        "id": "chatcmpl-1",
    }
    if shape == "ollama":
        body["system_fingerprint"] = "fp_ollama"
    if shape == "vllm":
        body["choices"][0]["logprobs"] = None
        body["choices"][0]["stop_reason"] = None
        body["prompt_logprobs"] = None
    return 200, {"Content-Type": "application/json"}, json.dumps(body).encode()


def evidence_of(sent: dict[str, Any]) -> str:
    """The evidence a request carries (what a quote must come from)."""
    return str(sent["messages"][1]["content"]).split("\n\nEvidence:\n", 1)[1]


def verdict(verdict: str, quote: str, reason: str = "it says so", **kw: Any) -> Answer:
    return completion(json.dumps({"verdict": verdict, "quote": quote, "reason": reason}), **kw)


@dataclass
class Model:
    """Answers in turn (the last kept); every request's headers and body are kept."""

    base: str = ""
    answers: list[Answer | Callable[[dict[str, Any]], Answer]] = field(default_factory=list)
    requests: list[tuple[dict[str, str], dict[str, Any]]] = field(default_factory=list)

    def answer(self, sent: dict[str, Any]) -> Answer:
        found = self.answers.pop(0) if len(self.answers) > 1 else self.answers[0]
        return found(sent) if callable(found) else found


@pytest.fixture
def model() -> Iterator[Model]:
    state = Model()

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length", "0"))
            raw = self.rfile.read(length)
            sent = json.loads(raw or b"{}")
            state.requests.append((dict(self.headers.items()), sent))
            status, headers, body = state.answer(sent)
            if headers.get("X-Sleep"):
                time.sleep(float(headers["X-Sleep"]))
            send(self, status, headers, body)

        def log_message(self, format: str, *args: object) -> None:
            pass

    with serving(Handler) as base:
        state.base = f"{base}/v1"
        yield state
