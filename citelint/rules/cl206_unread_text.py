"""CL206 unread-text: the report shows readers text that citelint cannot read.

citelint reads what a reader sees in an HTML report — paragraphs, tables, lists, SVG
text, MathML, `<noscript>`, form fields, `alt` and `title` text, CSS generated content, a
frame's `srcdoc` — and checks it like any sentence. Some text it cannot read offline: a
script that writes words into the page (`document.write`, `innerHTML =`, `textContent =`,
`insertAdjacentHTML`), and a frame, object or embed that shows another document (`<iframe
src>`, `<object data>`, `<embed src>`). A fact placed there reaches the reader unchecked,
so each is CL206: a warning in a local run, critical under `--isolated`, where a pull
request could otherwise move its failing sentences out of the gate's sight. So is text
shown in another order than it is written (`<bdo dir=rtl>`, a right-to-left or
left-to-right override character: `.%57 yb llef` reads "fell by 75%."), and a video's
caption track. A script that only reads the page (MathJax, a diagram renderer loaded by
`src`) is not CL206.

Fails:

    <script>document.getElementById("r").textContent = "Mortality fell by 75%.";</script>

    <iframe src="results.html"></iframe>

Passes: the same sentence written in the page, with its citation.

Fix: write the text into the report itself, where it is checked, or remove the script or
frame.
"""

from __future__ import annotations

from collections.abc import Iterator

from citelint.outputs.diagnostic import Severity
from citelint.read.analysis import Analysis
from citelint.rules.base import Finding, NoOptions, Rule


class UnreadText(Rule[NoOptions]):
    code = "CL206"
    name = "unread-text"
    severity = Severity.WARNING
    isolated_severity = Severity.CRITICAL  # a pull request hiding text from the gate
    summary = "the report shows readers text citelint cannot read (a script, a framed page)"
    suggestion = "write the text into the report itself, or remove the script or frame"
    options_type = NoOptions

    def check(self, analysis: Analysis) -> Iterator[Finding]:
        for unread in analysis.doc.unread:
            yield Finding(
                self.code,
                unread.start,
                unread.end,
                f"{unread.what}: readers see text there that citelint cannot read or check; "
                "write it into the report",
                subject=unread.what,
            )
