"""One module per output format; each is a pure function of the lint result to a string."""

from __future__ import annotations

from collections.abc import Callable

from citelint.formatters import concise, github, html, json, sarif, summary, text
from citelint.result import Result

Formatter = Callable[[Result, bool], str]  # (result, color) -> output

FORMATTERS: dict[str, Formatter] = {
    "text": text.render,
    "concise": concise.render,
    "json": json.render,
    "sarif": sarif.render,
    "github": github.render,
    "summary": summary.render,
    "html": html.render,
}
