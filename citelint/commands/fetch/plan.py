"""What a report cites that is not saved yet, read as the linter reads it.

The same discovery, config, citation styles and sources root as `citelint PATHS`: each
report is parsed and analysed, and every citation whose source is not saved names what
to fetch — a PMID, an NCT id, a DOI, or the page at a URL.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator, Sequence

from citelint.commands.fetch.services import Wanted
from citelint.ground.document import Anchor, Document, Reference
from citelint.ground.writes import link_below
from citelint.lint.linter import Linter
from citelint.lint.runner import Runner
from citelint.read.citations.urls import strip_credentials, url_ids
from citelint.read.parse import UnreadableReport
from citelint.sources.model import Failure, FailureKind, SourceError
from citelint.sources.paths import inside, read_regular
from citelint.sources.registries import ID_SHAPES, REGISTRIES

FETCHED = tuple(REGISTRIES)  # the identifiers fetch has a registry for


def wanted_by_root(
    runner: Runner,
    *,
    saved_too: bool = False,
    refused: list[str] | None = None,
    saved: set[Wanted] | None = None,
    rootless: list[str] | None = None,
) -> dict[str, list[Wanted]]:
    """Every sources root with the unsaved sources the run's reports cite (every cited source
    with `saved_too`, for `--refresh`), in first-cited order. A report with no sources
    root has nowhere to save to and is left out.

    Reports and roots are confined as the lint confines them: a report that is a symlink
    out of the project is not read, and a sources root that is a symlink, or lies behind
    one, or outside the project, is never written to; each is named once in `refused`.
    `saved` collects the cited sources already saved (the author's step counts them);
    `rootless`, the reports that have no sources root yet."""
    linter = runner.linter
    trusted = runner.run.trusted
    found = runner.discovery.files(runner.run.paths)
    refused = [] if refused is None else refused
    unsafe: set[str] = set()
    # citelint's own anchor types (`pmid`, `nct`) by the identifier each is cited by
    written = {k.name: i for k in linter.store.kinds.values() for i in k.identifies}
    kinds = {**written, **{i: i for i in FETCHED}}
    kinds = {k: v for k, v in kinds.items() if v in FETCHED}
    out: dict[str, list[Wanted]] = {}
    for path in found.reports:
        if not inside(path, trusted):
            refused.append(f"{linter.display(path)} is a symlink that leads outside the project")
            continue
        root = linter.sources_root(path)
        if root is None and rootless is not None:
            rootless.append(path)
        if root is None or root in unsafe:
            continue
        if root not in out and not safe_root(root, runner.run.project_root, trusted):
            unsafe.add(root)
            refused.append(
                f"{linter.display(root)} is a symlink or leads outside the project; "
                "nothing is saved there"
            )
            continue
        try:
            data = read_regular(os.path.realpath(path), linter.settings.max_report_bytes, "report")
            doc = linter.parser.parse(linter.display(path), data)
        except (SourceError, UnreadableReport) as exc:  # the lint says it too (CL902)
            refused.append(f"{linter.display(path)} cannot be read: {exc}")
            continue
        seen = out.setdefault(root, [])
        for want, unsaved in _cited(linter, doc, root, kinds):
            if not (unsaved or saved_too):
                if saved is not None:
                    saved.add(want)
                continue
            if _askable(want, linter.display(path), refused) and want not in seen:
                seen.append(want)
    return out


def _askable(want: Wanted, shown: str, refused: list[str]) -> bool:
    """Whether a cited source may be asked for: an id of its registry's shape, a URL with
    no credentials (named once in `refused`: never sent, never written to fetched.json)."""
    shape = ID_SHAPES.get(want.kind)
    if shape is not None and not shape.fullmatch(want.ident):
        return False  # not an id of that registry: nothing to ask, no file to name
    if want.kind == "URL" and strip_credentials(want.ident) != want.ident:
        note = f"{shown} cites a URL with credentials; it is not fetched"
        if note not in refused:
            refused.append(note)
        return False
    return True


def safe_root(root: str, project: str, trusted: tuple[str, ...]) -> bool:
    """Whether fetch may write under `root`: no symlink on the way from the project to it
    (the root included), and it lies inside the run's trusted roots."""
    if os.path.islink(root) or link_below(root, project) is not None:
        return False
    return inside(root, trusted)


def _cited(
    linter: Linter, doc: Document, root: str, kinds: dict[str, str]
) -> Iterator[tuple[Wanted, bool]]:
    """Every source the report cites, and whether it is unsaved."""
    analysis = linter.analyze(doc, root)
    entries: dict[str, list[Reference]] = {}
    for entry in doc.references:
        entries.setdefault(entry.key, []).append(entry)
    for anchor in doc.anchors:
        found = analysis.resolutions.get(anchor)
        unsaved = isinstance(found, Failure) and found.kind in _UNSAVED
        if found is None:
            continue
        if anchor.type == "ref":
            for entry in entries.get(anchor.id, ()):
                for want in _of_entry(entry.anchors, entry.ids, entry.urls, kinds):
                    yield want, unsaved
        else:
            for want in _of_anchor(anchor, kinds):
                yield want, unsaved
    for entry in doc.references:  # uncited entries are checked against records too
        record = analysis.records.get(entry.place)
        found = record.resolution if record is not None else None
        unsaved = isinstance(found, Failure) and found.kind is FailureKind.UNSAVED
        for want in _of_entry(entry.anchors, entry.ids, entry.urls, kinds):
            yield want, unsaved


_UNSAVED = (FailureKind.UNSAVED, FailureKind.NO_SOURCE, FailureKind.NONEXISTENT)


def _of_anchor(anchor: Anchor, kinds: dict[str, str]) -> Iterator[Wanted]:
    if anchor.type == "url":
        yield from _of_url(anchor.id, kinds)
    elif anchor.type in kinds:
        yield Wanted(kinds[anchor.type], anchor.id)


def _of_entry(
    anchors: Sequence[Anchor],
    ids: Sequence[tuple[str, str]],
    urls: Sequence[str],
    kinds: dict[str, str],
) -> Iterator[Wanted]:
    named = [Wanted(kinds[a.type], a.id) for a in anchors if a.type in kinds]
    named += [Wanted(kinds[k], i) for k, i in ids if k in kinds]
    if named:
        yield from named
        return
    for url in urls[:1]:  # the entry's link is its source
        yield from _of_url(url, kinds)


def _of_url(url: str, kinds: dict[str, str]) -> Iterator[Wanted]:
    """The records a URL names, and the page too where it is a publisher's page of a DOI
    (`frontiersin.org/articles/10.3389/…`): the lint reads the page the writer linked,
    and the record's metadata and notices."""
    ids = [Wanted(kinds[k], i) for k, i in url_ids(url) if k in kinds]
    yield from ids or [Wanted("URL", url)]
    if any(w.kind == "DOI" for w in ids) and not _DOI_RESOLVER.search(url):
        yield Wanted("URL", url)


_DOI_RESOLVER = re.compile(r"^https?://(?:dx\.)?doi\.org/", re.I)
