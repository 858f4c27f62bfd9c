"""How a citation and its target are named in messages: an identifier as written (`PMID 123`,
`NCT01234567`), a reference entry by its key, author, year and title, and the entry a
`[n]` names where each section numbers its own list."""

from __future__ import annotations

import re
from collections.abc import Sequence

from citelint.ground.document import Anchor, Document, Reference
from citelint.sources.model import Failure, FailureKind


def entry_for(anchor: Anchor, listed: Sequence[Reference]) -> Reference | None:
    """The entry a `[n]` names: the only one, or — where each section lists its own
    sources from 1 — the first list after the citation (its section's), else the last."""
    if len(listed) <= 1:
        return listed[0] if listed else None
    return next((r for r in listed if r.start > anchor.start), listed[-1])


def dangling(anchor: Anchor, doc: Document) -> Failure:
    if not doc.reference_list:
        return Failure(
            FailureKind.DANGLING,
            f"the report cites by number ({anchor.text}) but has no reference list",
        )
    return Failure(FailureKind.DANGLING, f"no entry {anchor.id} in the reference list")


def describe(entry: Reference) -> str:
    who = ", ".join(p for p in (entry.author, entry.year) if p)
    # an entry written `[1] https://…` is not described by its own key again
    text = re.sub(r"^\s*(?:(?:\[\d{1,3}\]|【\d{1,3}】)[ \t]*)+", "", entry.text)
    title = entry.title or re.sub(r"\s+", " ", text)
    short = title if len(title) <= 60 else title[:57] + "…"
    return f"reference [{entry.key}] ({who + ': ' if who else ''}{short})"


def show_id(kind: str, ident: str) -> str:
    """An identifier as written (`PMID 123`, `NCT01234567`, `DOI 10.1/x`), a source as
    its anchor (`[bioc:PMC123]`)."""
    if kind == "arXiv":
        return f"arXiv:{ident}"
    if kind.isupper():  # `NCT01234567` and `PMC123` say what they are
        prefix = "PMC" if kind == "PMCID" else kind
        return ident if ident.upper().startswith(prefix) else f"{kind} {ident}"
    return f"[{kind}:{ident}]"
