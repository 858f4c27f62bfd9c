"""One module per output format; each is a pure function of the lint result to its text,
given in chunks (`chunks`) where an output lists every finding, so the command line writes
it as it is made and never holds the whole of it."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from citelint.formatters import concise, github, html, json, sarif, summary, text
from citelint.result import Result

Formatter = Callable[[Result, bool], Iterable[str]]  # (result, color) -> output, in chunks


def _whole(render: Callable[[Result, bool], str]) -> Formatter:
    """An output made at once: its length is bounded (SARIF's and GitHub's caps) or it
    needs everything before its first byte (the HTML view, the job summary)."""
    return lambda result, color: (render(result, color),)


FORMATTERS: dict[str, Formatter] = {
    "text": text.chunks,
    "concise": concise.chunks,
    "json": json.chunks,
    "sarif": _whole(sarif.render),
    "github": _whole(github.render),
    "summary": _whole(summary.render),
    "html": _whole(html.render),
}
