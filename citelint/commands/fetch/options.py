"""`citelint fetch`'s options: its own, lychee's names for what `[fetch]` also sets
(`--max-concurrency`, `--max-retries`, `--timeout`, `--exclude`, `--header`,
`--accept`), and the
lint's that choose reports and roots. Imports no HTTP client: `--help` and a usage error
work without the `[fetch]` extra."""

from __future__ import annotations

import argparse

from citelint.commands.arguments import Parser, lint_defaults, step_arguments, where_arguments
from citelint.sources.registries import MAX_CONCURRENCY, MAX_RETRIES


def build_fetch_parser() -> argparse.ArgumentParser:
    """`citelint fetch`'s own options: what to save, and the lint's options that choose the
    reports and their sources root (the lint-only ones keep their defaults)."""
    p = Parser(
        prog="citelint fetch",
        allow_abbrev=False,
        description="Save every source the reports cite that is not saved yet (PubMed, PMC, "
        "ClinicalTrials.gov, DOIs, arXiv, web pages) into each report's sources root, "
        "found as the lint finds it; with none, sources/ is made in the reports' common "
        "folder. Outcomes go to <root>/fetched.json. Exit 0 when every cited source is "
        "saved, known missing, skipped or accepted by config; 1 when a fetch failed; 2 on "
        "a usage error.",
    )
    where_arguments(p)
    p.add_argument(
        "--dry-run", action="store_true", help="list what would be asked; ask and write nothing"
    )
    p.add_argument(
        "--refresh",
        action="store_true",
        help="ask again for sources already saved or recorded missing",
    )
    p.add_argument(
        "--verify",
        action="store_true",
        help="ask again for every saved source and compare: is each file what was fetched, "
        "and what the service answers today? Writes nothing; exit 1 when a file was edited",
    )
    p.add_argument(
        "--record",
        action="append",
        metavar="FILE",
        default=[],
        help="record a file saved by hand (its SHA-256, in its sources root's fetched.json): "
        "the lint then names any edit to it (source-edited); asks nothing. Repeat for more files",
    )
    step_arguments(
        p,
        lines="sources are asked",
        failed="a fetch failed",
        quiet="only what failed or is missing; no summary",
        verbose="a line per source saved too",
    )
    _lychee_arguments(p)
    lint_defaults(p)
    return p


def _lychee_arguments(p: argparse.ArgumentParser) -> None:
    """What `[fetch]` also sets, by lychee's names; the command line's wins."""
    p.add_argument(
        "--max-concurrency",
        type=int,
        metavar="N",
        help=f"sources asked at once, each host still one at a time at its pace "
        f"(default: [fetch] max-concurrency, {MAX_CONCURRENCY})",
    )
    p.add_argument(
        "--max-retries",
        type=int,
        metavar="N",
        help=f"asks again after a transient failure (default: [fetch] max-retries, {MAX_RETRIES})",
    )
    p.add_argument(
        "--timeout",
        type=float,
        metavar="SECONDS",
        help="what one source may take, retries included (default: [fetch] deadline, 60)",
    )
    p.add_argument(
        "--exclude",
        action="append",
        metavar="GLOB",
        default=[],
        help="a URL glob never fetched, added to [fetch] skip-urls; repeat for more",
    )
    p.add_argument(
        "--header",
        action="append",
        metavar="'NAME: VALUE'",
        default=[],
        help="a header sent with every request, added to [fetch] headers (no credential: "
        "the reports name the hosts); repeat for more",
    )
    p.add_argument(
        "--accept",
        metavar="STATUSES",
        help="HTTP error statuses recorded as accepted (403,404), added to [fetch] accept-status",
    )
