"""CL010 duplicate-reference: two reference list entries name the same source.

Two entries with the same identifier (PMID, PMCID, DOI, NCT), the same URL (compared
normalised, a host with or without `www.` alike), the same citelint anchor or the same
title are one source listed twice: citations split between them, and a reader cannot
tell they are one. Reported at the later entry, as a warning. One entry written under
several keys (`[2] [33] [57] https://…`, as OpenAI's exports list a source cited by
several numbers) is one source with several numbers, not a duplicate.

Fails:

    1. Smith J, et al. A trial. Lancet. 2020;1:1-2. PMID: 22663011
    2. Smith J. A trial. Lancet 2020. https://pubmed.ncbi.nlm.nih.gov/22663011/

Passes: each source is listed once.

Fix: keep one entry and renumber the citations of the other.
"""

from __future__ import annotations

from collections.abc import Iterator

from citelint.ground.document import Reference
from citelint.ground.tokens import fold
from citelint.outputs.diagnostic import Severity
from citelint.read.analysis import Analysis
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
        seen: dict[str, Reference] = {}
        for entry in analysis.doc.references:
            first = next((seen[k] for k in _keys(entry) if k in seen), None)
            # one entry listed under several keys (`[2] [33] [57] https://…`) is one
            # source with several numbers, not a duplicate
            if first is not None and first.key != entry.key and first.start != entry.start:
                yield Finding(
                    self.code,
                    entry.start,
                    entry.end,
                    f"reference [{entry.key}] names the same source as [{first.key}]",
                    subject=f"[{entry.key}] {entry.text}",
                )
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
