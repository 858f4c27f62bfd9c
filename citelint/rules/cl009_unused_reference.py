"""CL009 unused-reference: a reference list entry the body never cites.

An entry that no citation in the body points at — not by its number or footnote label,
not by a link to one of its URLs (a host with or without `www.` alike), not by one of its
identifiers or by a citelint anchor to the source the entry's own anchor names — is
either a leftover or a source a claim should have cited. It is reported at the entry, as
a warning — or, when more than three entries are never cited (deep-research systems list
every page they read), once at the first of them, naming them all: by the number the body
would cite (`[2]`), or, in a list that numbers nothing (APA entries one per paragraph), by
its place and its first author and year (`entry 2 (Okafor, 2023)`).

Fails:

    Median PFS was 4.8 months [1].

    ## References

    1. Smith J, et al. A trial. Lancet. 2020;1:1-2. PMID: 22663011
    2. Jones K, et al. Another trial. Lancet. 2021;2:3-4.

Passes: every entry is cited at least once.

Fix: cite the entry where the body uses it, or remove it.
"""

from __future__ import annotations

from collections.abc import Iterator

from citelint.ground.document import Reference
from citelint.outputs.diagnostic import Severity
from citelint.read.analysis import Analysis
from citelint.read.citations.urls import page_key, url_ids
from citelint.rules._claims import NUMBERED_OFF, numbered_off
from citelint.rules.base import Finding, NoOptions, Rule


class UnusedReference(Rule[NoOptions]):
    code = "CL009"
    name = "unused-reference"
    severity = Severity.WARNING
    summary = "a reference list entry is never cited in the body"
    suggestion = "cite the entry where it is used, or remove it"
    options_type = NoOptions

    def check(self, analysis: Analysis) -> Iterator[Finding]:
        if not analysis.doc.references:
            return
        listed = {a for entry in analysis.doc.references for a in entry.anchors}
        body = [a for a in analysis.doc.anchors if a not in listed]
        keys = {a.id for a in body if a.type == "ref"}
        # …and the entries a section borrows from the source list closing it
        # (`read/parse/source_lines.py`: `**Sources:**` / `- …` under a section's table)
        keys |= {
            a.id
            for b in analysis.doc.blocks
            for s in b.sentences
            if s.borrowed
            for a in s.anchors
            if a.type == "ref"
        }
        urls = {page_key(a.id) for a in body if a.type == "url"}
        ids = {(a.type.upper(), a.id.upper()) for a in body if a.type not in ("ref", "url")}
        ids |= {(k, i.upper()) for a in body if a.type == "url" for k, i in url_ids(a.id)}
        unused = [
            entry
            for entry in analysis.doc.references
            if entry.key not in keys and not _linked(entry, urls, ids)
        ]
        off = (
            f"; a [{unused[0].key}] in the body is {NUMBERED_OFF}"
            if unused and unused[0].numbered and numbered_off(analysis, f"[{unused[0].key}]")
            else ""
        )
        if len(unused) > MAX_EACH:
            first = unused[0]
            named = ", ".join(e.named for e in unused[:MAX_NAMED])
            more = f" and {len(unused) - MAX_NAMED} more" if len(unused) > MAX_NAMED else ""
            yield Finding(
                self.code,
                first.start,
                first.end,
                f"{len(unused)} of the {len(analysis.doc.references)} reference entries are "
                f"never cited in the body: {named}{more}{off}",
                missing=tuple(e.key for e in unused),
                subject="unused entries",
            )
            return
        for entry in unused:
            yield Finding(
                self.code,
                entry.start,
                entry.end,
                f"reference {entry.named} is never cited in the body{off}",
                subject=f"[{entry.key}] {entry.text}",
            )


MAX_EACH = 3  # unused entries reported one by one; more are one finding
MAX_NAMED = 20


def _linked(entry: Reference, urls: set[str], ids: set[tuple[str, str]]) -> bool:
    if any(page_key(u) in urls for u in entry.urls):
        return True
    named = [*entry.ids, *((a.type, a.id) for a in entry.anchors)]
    return any((k.upper(), i.upper()) in ids for k, i in named)
