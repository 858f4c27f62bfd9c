"""CL013 source-edited: a cited saved source is not the file its record vouches for.

`citelint fetch` records in the sources root's `fetched.json` the SHA-256 of every file
it saves (and `web/index.json` of every page); `citelint fetch --record FILE` records a
file saved by hand the same way. When a cited file's bytes no longer match its record,
the source was changed after it was saved — perhaps to say what the report claims — and
the claims resting on it prove nothing until a person has read the change. CL013 fires
once per such file, at the first citation of it, and names how and when it was saved.

It is a warning in a local run (an author who trims a page records the edit) and
critical under `--isolated`, where a pull request's edit to its own evidence must fail
the gate. A source with no record at all is not CL013: the run counts those cited files
(`-v` lists them; under `--isolated` on every run). What a reviewer still reads: the
diff of `fetched.json` itself, which a pull request can rewrite along with the file —
`citelint fetch --verify` asks each registry again and compares.

Fails (`fetched.json` records `pubmed/1.json` with another SHA-256 than its bytes):

    Survival was 5.8 months [pmid:1:abstract].

Fix: fetch the source again (`citelint fetch --refresh`), or record the edit after
reading it (`citelint fetch --record sources/pubmed/1.json`).
"""

from __future__ import annotations

from collections.abc import Iterator

from citelint.outputs.diagnostic import Severity
from citelint.read.analysis import Analysis
from citelint.rules.base import Finding, NoOptions, Rule
from citelint.sources.model import Span


class SourceEdited(Rule[NoOptions]):
    code = "CL013"
    name = "source-edited"
    severity = Severity.WARNING
    isolated_severity = Severity.CRITICAL  # a pull request's edit to its own evidence
    summary = "a cited saved source's bytes differ from the digest its fetch record holds"
    suggestion = "fetch the source again, or record the edit after reading it"
    options_type = NoOptions

    def check(self, analysis: Analysis) -> Iterator[Finding]:
        if not analysis.edited:
            return
        first: dict[str, Finding] = {}
        for anchor, found in sorted(analysis.resolutions.items(), key=lambda i: i[0].start):
            if not isinstance(found, Span) or found.path not in analysis.edited:
                continue
            if found.path in first:
                continue
            how, when = analysis.edited[found.path]
            shown = analysis.display(found.path)
            saved = f"{how} on {when}" if when else how
            first[found.path] = Finding(
                self.code,
                anchor.start,
                anchor.end,
                f"saved source {shown} was edited after it was {how}: its bytes are not "
                f"those fetched.json records ({saved}); read the change, then fetch it again "
                f"or record it with `citelint fetch --record {shown}`",
                anchors=(anchor,),
                spans=(found,),
                subject=shown,
            )
        yield from first.values()
