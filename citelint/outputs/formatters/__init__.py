"""One module per output format; each is a pure function of the lint result to its text,
given in chunks (`chunks`) where an output lists every finding, so the command line writes
it as it is made and never holds the whole of it. Every format leaves through
`controls.py` (the text format, which colours its own pieces, calls it itself): no
control character of a report reaches a terminal or a log."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from citelint.ground.controls import json_escaped, visible
from citelint.outputs.formatters import concise, github, html, json, sarif, summary, text
from citelint.outputs.result import Result

Formatter = Callable[[Result, bool], Iterable[str]]  # (result, color) -> output, in chunks


def _whole(render: Callable[[Result, bool], str]) -> Formatter:
    """An output made at once: its length is bounded (SARIF's and GitHub's caps) or it
    needs everything before its first byte (the HTML view, the job summary)."""
    return lambda result, color: (render(result, color),)


def _through(escape: Callable[[str], str], formatter: Formatter) -> Formatter:
    """The formatter's chunks with `escape` applied to each (escapes map a character to
    characters, so a chunk boundary never splits one)."""
    return lambda result, color: (escape(chunk) for chunk in formatter(result, color))


FORMATTERS: dict[str, Formatter] = {
    "text": text.chunks,
    "concise": _through(visible, concise.chunks),
    "json": _through(json_escaped, json.chunks),
    "sarif": _through(json_escaped, _whole(sarif.render)),
    "github": _through(visible, _whole(github.render)),
    "summary": _through(visible, _whole(summary.render)),
    "html": _through(visible, _whole(html.render)),
}
