"""`citelint source-path CITATION ...`: where a source must be saved for the lint to find
it, for a user who saves sources by hand.

A citation is written as a report writes it: an anchor (`[pmid:22663011:results]`,
`pmid:22663011`), an identifier (`PMID: 22663011`, `doi:10.1056/…`, a bare DOI, `PMC…`,
`NCT…`, `arXiv:…`) or a URL (a PubMed, PMC, ClinicalTrials.gov, doi.org or arXiv URL
names its record; any other is a web page). For each, every file the lint would open is
printed, relative to the current folder, in the order it tries them, with what the file
must hold. The paths come from the source kinds' own folders, endings and file names (a
DOI's record is named by a hash of it), so this command and the lint cannot disagree.
Nothing is read or written.
"""

from __future__ import annotations

import argparse
import os
import re
from collections.abc import Mapping, Sequence

from citelint.commands.arguments import Parser
from citelint.commands.fetch.pages import page_name
from citelint.ground.errors import UsageError
from citelint.read.citations.indexes import WEB_INDEX
from citelint.read.citations.styles import URL
from citelint.read.citations.urls import IDENTIFIERS, URL_IDS
from citelint.sources.kinds import SourceKind

_BARE_DOI = re.compile(r"(10\.\d{4,9}/\S+)")
_ANCHOR = re.compile(r"\[?([a-z][a-z0-9-]*):([\w.-]+)(?::[^\]]*)?\]?")


def named(citation: str, kinds: Mapping[str, SourceKind]) -> tuple[str, str]:
    """(identifier word or anchor type, id) a citation names; `("URL", url)` for a page."""
    text = citation.strip()
    if URL.fullmatch(text):
        found = [
            (kind, m.group(1)) for kind, pattern in URL_IDS for m in [pattern.search(text)] if m
        ]
        return found[0] if found else ("URL", text)
    for word, pattern in IDENTIFIERS:
        m = pattern.fullmatch(text)
        if m:
            return word, m.group(1)
    anchor = _ANCHOR.fullmatch(text)
    if anchor and anchor.group(1) in kinds and ".." not in anchor.group(2):
        return anchor.group(1), anchor.group(2)
    if _BARE_DOI.fullmatch(text):
        return "DOI", text
    raise UsageError(
        f"cannot tell what '{citation}' cites: give an anchor (pmid:123), an identifier "
        "(PMID 123, doi:10.…, PMC123, NCT01234567, arXiv:2401.01234) or a URL"
    )


def places(citation: str, root: str, kinds: Mapping[str, SourceKind]) -> list[str]:
    """The lines `source-path` prints for one citation: what it names, then each file."""
    word, ident = named(citation, kinds)
    if word == "URL":
        name = page_name(ident)  # as `citelint fetch` names it
        pages = next(k for k in kinds.values() if k.web_pages)
        web = os.path.join(root, pages.dirs[0])
        return [
            f"URL {ident}",
            f"  {os.path.join(web, name)}.{{html,txt,md,pdf}}  {pages.holds}",
            f'  {os.path.join(root, WEB_INDEX)}  maps the URL to it: {{"{ident}": "{name}.html"}}',
        ]
    chosen = [k for k in kinds.values() if word in k.identifies] or [kinds[word]]
    lines = [f"{word} {ident}"]
    for kind in chosen:
        file_id = kind.file_id(ident) if kind.file_id else ident
        what = kind.holds or f"a {kind.name} source"
        endings = kind.extensions[0] if len(kind.extensions) == 1 else ",".join(kind.extensions)
        endings = endings if len(kind.extensions) == 1 else "{" + endings + "}"
        lines.append(f"  {os.path.join(root, kind.dirs[0], file_id)}.{endings}  {what}")
    if word in ("DOI", "PMCID"):
        lines.append(f"  or a saved PubMed record (pubmed/<PMID>) whose {word.lower()} is {ident}")
    return lines


def source_path(citations: Sequence[str], root: str, kinds: Mapping[str, SourceKind]) -> list[str]:
    """Every citation's lines, in the order given."""
    return [line for citation in citations for line in places(citation, root, kinds)]


def build_parser() -> argparse.ArgumentParser:
    """`citelint source-path`: where a source must be saved for the lint to find it."""
    p = Parser(
        prog="citelint source-path",
        allow_abbrev=False,
        description="Print where each cited source must be saved under the sources root "
        "(--sources, the config's, else the sources/ folder the lint finds from here) and "
        "what the file holds. Reads and writes nothing.",
    )
    p.add_argument(
        "citations",
        nargs="+",
        metavar="CITATION",
        help="an anchor (pmid:123), an identifier (PMID 123, doi:10.…, PMC123, NCT…) or a URL",
    )
    p.add_argument(
        "--sources", metavar="DIR", help="the sources root (default: found as the lint finds it)"
    )
    p.add_argument("--config", metavar="FILE", help="config file (default: discovered)")
    p.add_argument("--isolated", action="store_true", help="read no config file from the tree")
    return p


def command(rest: list[str]) -> list[str]:
    """`citelint source-path CITATION ...`: the lines saying where each source must be
    saved (the command line prints them)."""
    from citelint.config.load import find_config, load_isolated, load_settings
    from citelint.ground.places import find_sources_root, relpath
    from citelint.sources.kinds import KINDS_BY_NAME

    args = build_parser().parse_args(rest)
    cwd = os.getcwd()
    if args.config is not None and not os.path.isfile(args.config):
        raise UsageError(f"--config {args.config}: no such file")
    if args.isolated:
        settings = load_isolated(args.config, cwd)
    else:
        settings = load_settings(args.config or find_config(cwd), cwd, explicit=bool(args.config))
    root = (
        args.sources
        or find_sources_root(
            os.path.join(cwd, "report.md"), settings.sources, settings.project_root
        )
        or os.path.join(cwd, "sources")
    )
    kinds = {**KINDS_BY_NAME, **settings.source_types}
    return source_path(args.citations, relpath(root, cwd), kinds)
