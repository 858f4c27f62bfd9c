"""CL010 duplicate-reference: two reference list entries name the same source.

Two entries with the same identifier (PMID, PMCID, DOI, NCT), the same URL (compared
normalised, a host with or without `www.` alike), the same citelint anchor or the same
title are one source listed twice: citations split between them, and a reader cannot
tell they are one. Reported at the later entry, as a warning. One entry written under
several keys (`[2] [33] [57] https://…`, as OpenAI's exports list a source cited by
several numbers) is one source with several numbers, not a duplicate. More than three
duplicates — a second list repeating the first, as a research harness appends the pages
it read under the essay's own list — are one finding at the first, naming each pair. A
report whose sections close with their own lists (`**来源**：` under each ranked company)
names a source once per section that draws on it: two entries of two such lists are no
duplicate. Nor is a note that says ibid. (`[^6] 同上。`, `Ibid., p. 4`): it names the source of
the note before it, as notes do.

Fails:

    1. Smith J, et al. A trial. Lancet. 2020;1:1-2. PMID: 22663011
    2. Smith J. A trial. Lancet 2020. https://pubmed.ncbi.nlm.nih.gov/22663011/

Passes: each source is listed once.

Fix: keep one entry and renumber the citations of the other.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from citelint.ground.document import Reference
from citelint.ground.tokens import fold
from citelint.outputs.diagnostic import Severity
from citelint.read.analysis import Analysis
from citelint.read.citations.references import ibid
from citelint.read.citations.urls import page_key, url_ids
from citelint.rules.base import Finding, NoOptions, Rule


class DuplicateReference(Rule[NoOptions]):
    code = "CL010"
    name = "duplicate-reference"
    severity = Severity.WARNING
    summary = "two reference list entries name the same source"
    suggestion = "keep one entry and point the citations of the other at it"
    options_type = NoOptions

    def check(self, analysis: Analysis) -> Iterator[Finding]:
        sectioned = analysis.doc.sectioned
        pairs = [
            (entry, first)
            for entry, first in _duplicates(analysis.doc.references)
            # `- https://…/10-k.pdf` under Xylem's meters and again under its pumps
            if not (entry.start in sectioned and first.start in sectioned) and not ibid(entry.text)
        ]
        if len(pairs) > MAX_EACH:
            entry, _ = pairs[0]
            named = ", ".join(f"{e.named} as {f.named}" for e, f in pairs[:MAX_NAMED])
            more = f" and {len(pairs) - MAX_NAMED} more" if len(pairs) > MAX_NAMED else ""
            yield Finding(
                self.code,
                entry.start,
                entry.end,
                f"{len(pairs)} reference entries name a source listed before them: {named}{more}",
                subject=f"[{entry.key}] {entry.text}",
            )
            return
        for entry, first in pairs:
            yield Finding(
                self.code,
                entry.start,
                entry.end,
                f"reference {entry.named} names the same source as {first.named}",
                subject=f"[{entry.key}] {entry.text}",
            )


MAX_EACH = 3  # duplicates reported one by one; more are one finding (as CL009's)
MAX_NAMED = 20


def _duplicates(references: Sequence[Reference]) -> Iterator[tuple[Reference, Reference]]:
    """Each entry naming a source an earlier entry names, with that earlier entry."""
    seen: dict[str, Reference] = {}
    for entry in references:
        first = next((seen[k] for k in _keys(entry) if k in seen), None)
        # one entry listed under several keys (`[2] [33] [57] https://…`) is one
        # source with several numbers, not a duplicate
        if first is not None and first.key != entry.key and first.start != entry.start:
            yield entry, first
        for key in _keys(entry):
            seen.setdefault(key, entry)


def _keys(entry: Reference) -> list[str]:
    keys = [f"{k}:{i.upper()}" for k, i in entry.ids]
    keys += [f"{k}:{i.upper()}" for u in entry.urls for k, i in url_ids(u)]
    keys += [f"{a.type.upper()}:{a.id.upper()}" for a in entry.anchors]
    keys += ["url:" + page_key(u) for u in entry.urls]
    if len(entry.title) >= 20:
        keys.append("title:" + " ".join(fold(entry.title).split()))
    return list(dict.fromkeys(keys))
