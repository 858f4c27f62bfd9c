"""CL008 dangling-reference: a citation number with no entry in the reference list.

A report that cites by number (`[3]`, `[^3]`, `³`, `<sup>3</sup>`) must say what each
number is. A number the reference list has no entry for is CL008 at the citation. An
entry is found by the key its writer gave it (`1.`, `[1]`, `[^1]:`, or a note's mark without
the footnote's colon, `[^5] 《…》…`), and an entry that says ibid. (`[^6] 同上。`) is the
source of the entry before it. A
report that cites by number and has no reference list at all gets one CL008, at its
first numbered citation, rather than one per citation. (Reports from a STORM run whose
`url_to_info.json` lies in the sources root number their sources there; those numbers are
not dangling. An article linted with another sources root is told where its run's
`url_to_info.json` is.) A citation that names only a kind of source and a date
(`[news (2025-06-23)]`, `[journal (2023-12-04)]`: what some agents write for a search
result) leads nowhere either, nor does an id the writing tool gave a source in its own
store (`source_id:56661463563`, or the marker a ChatGPT export leaves after a claim,
`citeturn9view0turn11view0`, its private-use delimiters kept or stripped, its browsing
or file-search mark, `【4†source】`, `【4:0†report.pdf】`, what a copy of its answer keeps,
`:contentReference[oaicite:0]{index=0}`, and Gemini's `[cite: 3, 14]`): a report that
cites so gets one CL008 for each kind, at the first, with the count. Such a citation at a
paragraph's end covers the paragraph, no further. Every claim a dangling citation covers
stays unverified.

Fails:

    Median PFS was 4.8 months [7].

    ## References

    1. Smith J, et al. A trial. Lancet. 2020;1:1-2.

Passes:

    Median PFS was 4.8 months [1].

    ## References

    1. Smith J, et al. A trial. Lancet. 2020;1:1-2. PMID: 22663011

Fix: add the entry, or correct the number.
"""

from __future__ import annotations

from collections.abc import Iterator

from citelint.ground.document import Anchor
from citelint.outputs.diagnostic import Severity
from citelint.read.analysis import Analysis
from citelint.read.citations.dated import DATED_TYPE, SOURCE_ID_TYPE, UNNAMED_TYPES
from citelint.rules.base import Finding, NoOptions, Rule
from citelint.sources.model import Failure, FailureKind


class DanglingReference(Rule[NoOptions]):
    code = "CL008"
    name = "dangling-reference"
    severity = Severity.CRITICAL
    summary = "a citation number has no entry in the reference list, or there is no list"
    suggestion = "add the entry to the reference list, or correct the number"
    options_type = NoOptions
    marks_unverified = True
    failure_kind = FailureKind.DANGLING

    def check(self, analysis: Analysis) -> Iterator[Finding]:
        dangling = [
            (anchor, result)
            for anchor in analysis.doc.anchors
            for result in [analysis.resolutions.get(anchor)]
            if isinstance(result, Failure) and result.kind is FailureKind.DANGLING
        ]
        for kind, what in _UNNAMED:  # one finding a report: the habit is the fix
            unnamed = [anchor for anchor, _ in dangling if anchor.type == kind]
            if unnamed:
                yield self._unnamed(unnamed, what)
        dangling = [(a, r) for a, r in dangling if a.type not in UNNAMED_TYPES]
        if not dangling:
            return
        if not analysis.doc.reference_list:
            anchor, _ = dangling[0]
            yield Finding(
                self.code,
                anchor.start,
                anchor.end,
                f"the report cites by number ({len(dangling)} citations, first {anchor.text}) "
                f"but has no reference list{_run_index(analysis.run_index_beside)}",
                anchors=(anchor,),
                subject="no reference list",
            )
            return
        for anchor, result in dangling:
            yield Finding(
                self.code,
                anchor.start,
                anchor.end,
                f"dangling reference {anchor.text}: {result.message}",
                anchors=(anchor,),
                subject=anchor.text,
            )

    def _unnamed(self, anchors: list[Anchor], what: str) -> Finding:
        first = anchors[0]
        count = f"{len(anchors)} citations name" if len(anchors) > 1 else "a citation names"
        return Finding(
            self.code,
            first.start,
            first.end,
            f"{count} {what} (first {first.text}): no link, identifier or reference entry "
            "says which source; cite the source itself",
            anchors=(first,),
            subject="names no source",
        )


_UNNAMED = (
    (DATED_TYPE, "only a kind of source and a date"),
    (SOURCE_ID_TYPE, "a source only by the id the writing tool gave it"),
)


def _run_index(beside: str) -> str:
    """A STORM run's article linted with another sources root: its numbers are the run's."""
    if not beside:
        return ""
    folder = beside.rsplit("/", 1)[0] if "/" in beside else "."
    return f"; {beside} beside it numbers a STORM run's sources: pass --sources {folder}"
