"""`citelint fetch` from its options to its exit code: plan, make a sources root where a
report has none, ask, and say what happened (text lines or one JSON document).

Imported by the command line only once the HTTP client is known to be installed.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from citelint.commands.fetch import flows, http, plan, run, services, verify
from citelint.commands.fetch.tally import Tally, as_json, closing_line, would_lines
from citelint.commands.fetch.targets import printable
from citelint.config.load import Settings
from citelint.ground import redact
from citelint.ground.errors import ConfigError, UsageError
from citelint.ground.writes import make_folders
from citelint.lint.runner import Runner
from citelint.sources.registries import fetch_table

SOURCES = "sources"  # the folder made beside the reports when they have no sources root
NCBI_SECRETS = ("NCBI_API_KEY", "NCBI_EMAIL")


@dataclass
class _Plan:
    """What a run will ask for, under which roots, and what it found saved or refused."""

    runner: Runner
    wanted: dict[str, list[services.Wanted]]
    saved: set[services.Wanted] = field(default_factory=set)
    refused: list[str] = field(default_factory=list)
    made: str | None = None  # the sources root made (or, on a dry run, to be made)


def fetch_command(
    args: argparse.Namespace,
    settings: Settings,
    *,
    say: Callable[[str], None],
    note: Callable[[str], None],
    progress: Callable[[int, int], None],
) -> int:
    """Run `citelint fetch`; `say` prints a result line (stdout, above any progress bar),
    `note` a line for stderr."""
    settings = _with_options(args, settings)
    planned = _plan(args, settings, note)
    configured = dict(settings.fetch_bases)
    _note_unsent(configured, note)
    client = http.Client(
        intervals=run.intervals(os.environ, configured),
        deadline=settings.fetch_deadline,
        attempts=settings.fetch_max_retries + 1,
        headers=dict(settings.fetch_headers),
        allow_private=os.environ.get("CITELINT_FETCH_ALLOW_PRIVATE") == "1",
    )
    if args.verify:
        roots = [*planned.wanted, *(r for r in _roots(planned.runner) if r not in planned.wanted)]
        code = verify.verify_roots(
            roots, client, say, planned.runner.run.show, redact.from_env(os.environ)
        )
        return 0 if args.exit_zero else code
    text = args.output_format == "text"
    tally: Tally = run.fetch_all(
        planned.wanted,
        client=client,
        env=os.environ,
        out=say if text else None,
        dry_run=args.dry_run,
        refresh=args.refresh,
        configured=configured,
        progress=progress,
        shown=planned.runner.run.show,
        verbose=args.verbose,
        policy=flows.Policy(
            settings.fetch_missing_max_age,
            settings.fetch_skip_urls,
            settings.fetch_accept_status,
            settings.fetch_failed_max_age,
        ),
        concurrency=settings.fetch_max_concurrency,
    )
    asked = {w for todo in planned.wanted.values() for w in todo}
    tally.already = len(planned.saved - asked)
    if planned.made and not args.dry_run:
        tally.created = [planned.runner.run.show(planned.made)]
    for line in would_lines(tally) if text else ():
        say(line)
    if not text:
        say(as_json(tally).rstrip("\n"))
    elif not args.quiet:
        say(closing_line(tally))
    code = tally.exit_code or (1 if planned.refused else 0)
    return 0 if args.exit_zero else code


def _with_options(args: argparse.Namespace, settings: Settings) -> Settings:
    """The command line's `--max-concurrency`, `--max-retries`, `--timeout`, `--exclude`,
    `--header` and `--accept` on top of `[fetch]`, checked as the config's keys are."""
    table: dict[str, object] = {}
    for key, value in (
        ("max-concurrency", args.max_concurrency),
        ("max-retries", args.max_retries),
        ("deadline", args.timeout),
    ):
        if value is not None:
            table[key] = value
    if args.exclude:
        table["skip-urls"] = [*settings.fetch_skip_urls, *args.exclude]
    if args.header:
        named = [h.partition(":") for h in args.header]
        if any(not sep for _, sep, _ in named):
            raise UsageError(f"--header {args.header[0]!r}: a header as 'Name: value'")
        table["headers"] = {**dict(settings.fetch_headers), **{n.strip(): v for n, _, v in named}}
    if args.accept:
        try:
            statuses = [int(s) for s in args.accept.split(",")]
        except ValueError:
            raise UsageError(f"--accept {args.accept}: HTTP statuses, as 403,404") from None
        table["accept-status"] = [*settings.fetch_accept_status, *statuses]
    try:
        changes: dict[str, Any] = fetch_table(table, "command line") if table else {}
    except ConfigError as exc:  # named as the command line names it
        message = str(exc).replace("'command line.headers.", "'--header ")
        message = message.replace("'command line.", "'--")
        for key, flag in (
            ("deadline", "timeout"),
            ("accept-status", "accept"),
            ("skip-urls", "exclude"),
            ("headers", "header"),
        ):
            message = message.replace(f"--{key}'", f"--{flag}'")
        raise UsageError(message) from None
    changes.pop("fetch_bases", None)
    return dataclasses.replace(settings, **changes)


def _roots(runner: Runner) -> list[str]:
    """The sources roots of the run's reports."""
    linter = runner.linter
    found = runner.discovery.files(runner.run.paths).reports
    roots = {linter.sources_root(path) for path in found}
    return sorted(r for r in roots if r is not None and os.path.isdir(r))


def _plan(args: argparse.Namespace, settings: Settings, note: Callable[[str], None]) -> _Plan:
    """The sources to ask for; a sources root made for reports that have none."""
    runner = Runner.of(settings, args.paths or ["."])
    planned = _Plan(runner, {})
    rootless: list[str] = []
    planned.wanted = plan.wanted_by_root(
        runner,
        saved_too=args.refresh,
        refused=planned.refused,
        saved=planned.saved,
        rootless=rootless,
    )
    planned.made = _new_root(runner, rootless, planned.refused)
    if planned.made is not None:
        if not args.dry_run:
            make_folders(planned.made, runner.run.project_root)
        note(f"note: {_made_line(runner, planned.made, len(rootless), args.dry_run)}")
        elsewhere = Runner.of(dataclasses.replace(settings, sources=planned.made), rootless)
        planned.wanted |= plan.wanted_by_root(
            elsewhere, saved_too=args.refresh, refused=[], saved=planned.saved
        )
    for line in dict.fromkeys(planned.refused):
        note(f"refused: {printable(line)}")
    return planned


def _new_root(runner: Runner, rootless: Sequence[str], refused: list[str]) -> str | None:
    """`sources/` in the common folder of the reports that have no sources root, when it
    lies inside the project with no symlink on the way; None when every report has one."""
    if not rootless:
        return None
    folder = os.path.commonpath([os.path.dirname(os.path.abspath(p)) for p in rootless])
    root = os.path.join(folder, SOURCES)
    if not plan.safe_root(root, runner.run.project_root, runner.run.trusted):
        refused.append(
            f"{runner.linter.display(root)} is a symlink or leads outside the project; "
            "no sources folder is made there"
        )
        return None
    return root


def _made_line(runner: Runner, root: str, reports: int, dry_run: bool) -> str:
    shown = runner.linter.display(root).rstrip("/") + "/"
    verb = "would make" if dry_run else "made"
    return f"{verb} {shown} for {reports} report(s) that had no sources folder"


def _note_unsent(configured: dict[str, str], note: Callable[[str], None]) -> None:
    """Say when the user's NCBI key or address is held back from a base a config set."""
    if not any(os.environ.get(v) for v in NCBI_SECRETS):
        return
    for name in sorted(services.from_config(os.environ, configured)):
        if name in ("eutils", "idconv"):
            note(
                f"note: NCBI_API_KEY and NCBI_EMAIL are not sent to the [fetch] {name} "
                f"base URL a config file set; set CITELINT_FETCH_{name.upper()} to send them"
            )
