"""The command line: `citelint [PATH ...]`, `citelint rules`, `citelint rule CODE`.

Only this module writes to stdout and stderr, chooses the output files (each written
through `writes.py`), and decides the exit code: 0 nothing at or above --fail-on, 1
findings, 2 the tool could not do its job (X6).
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import re
import sys
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from typing import TextIO

from rich.console import Console
from rich.progress import Progress, TaskID

from citelint import audit, baseline, docgen, writes
from citelint.arguments import build_parser
from citelint.config import Settings, apply, find_config, load_isolated, load_settings
from citelint.errors import CitelintError, UsageError
from citelint.formatters import FORMATTERS, sarif
from citelint.formatters.text import summary_line
from citelint.linter import Linter
from citelint.repair import fix
from citelint.result import Result
from citelint.rules import RULES_BY_CODE, RULES_BY_NAME

EXIT_OK, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    try:
        if args_list[:1] == ["rules"]:
            return _rules(sys.stdout)
        if args_list[:1] == ["rule"]:
            if len(args_list) != 2:
                raise UsageError("usage: citelint rule CODE")
            return _rule(args_list[1], sys.stdout)
        if args_list[:1] == ["fetch"]:
            return _fetch(args_list[1:])
        args = build_parser().parse_args(args_list)
        if args.list_rules:
            return _rules(sys.stdout)
        if args.explain:
            return _rule(args.explain, sys.stdout)
        settings = _settings(args)
        known = baseline.load(args.baseline) if args.baseline else None
        linter = Linter(settings)
        show = sys.stderr.isatty() and not (args.no_progress or args.quiet)
        with _Progress(enabled=show) as progress:
            result = linter.lint_paths(
                args.paths or ["."],
                jobs=_jobs(args.jobs),
                shard=_shard(args.shard),
                progress=progress.update,
            )
        if args.write_baseline:
            text, recorded = baseline.dumps(result)
            _write(args.write_baseline, (text,), settings.output_root)
            _say(args, f"wrote {_count(recorded, 'finding')} to {args.write_baseline}")
        if known is not None:
            before = len(result.diagnostics)
            result = baseline.apply(result, known)
            hidden = before - len(result.diagnostics)
            _say(args, f"baseline {args.baseline} hid {_count(hidden, 'known finding')}")
        if args.verbose:
            for trace in linter.tracebacks:
                sys.stderr.write(trace)
        if args.fix or args.diff:
            return _fix(result, settings, args, known)
        return _report(result, args, settings.output_root)
    except CitelintError as exc:
        print(f"citelint: error: {exc}", file=sys.stderr)
        return EXIT_ERROR
    except KeyboardInterrupt:
        print("citelint: interrupted", file=sys.stderr)
        return 130


def _fetch(rest: list[str]) -> int:
    """`citelint fetch [--dry-run] [--refresh] [PATHS] [lint options]`: the reports are
    read as the lint reads them; only the fetch package and its HTTP client touch the
    network, and they are imported here, never by the lint."""
    dry_run, refresh = "--dry-run" in rest, "--refresh" in rest
    args = build_parser().parse_args([a for a in rest if a not in ("--dry-run", "--refresh")])
    settings = dataclasses.replace(_settings(args), hints=False)
    try:
        from citelint.fetch import http, plan, run
    except ImportError:
        raise UsageError(
            "citelint fetch needs its HTTP client: pip install 'citelint[fetch]'"
        ) from None
    wanted = plan.wanted_by_root(Linter(settings), args.paths or ["."], saved_too=refresh)
    configured = dict(settings.fetch_bases)
    client = http.Client(
        intervals=run.intervals(os.environ, configured),
        allow_private=os.environ.get("CITELINT_FETCH_ALLOW_PRIVATE") == "1",
    )
    show = sys.stderr.isatty() and not (args.no_progress or args.quiet or dry_run)
    try:
        with _Progress(enabled=show) as progress:
            return run.fetch_all(
                wanted,
                client=client,
                env=os.environ,
                out=sys.stdout,
                dry_run=dry_run,
                refresh=refresh,
                configured=configured,
                progress=progress.update,
            )
    except OSError as exc:  # a planted link in the sources root, a full disk: one line, exit 2
        raise UsageError(f"fetch stopped: {exc.filename}: {exc.strerror}") from exc


def _fix(
    result: Result, settings: Settings, args: argparse.Namespace, known: Counter[str] | None
) -> int:
    """`--diff` shows the planned edits (exit 1 when there are some); `--fix` writes them,
    lints again — the same shard, the same baseline — and reports what remains."""
    planned = fix.plan(result, unsafe=args.unsafe_fixes)
    if args.diff:
        sys.stdout.write(fix.diff(planned))
        return 1 if planned else 0
    fixed, problems = fix.write(planned)
    for problem in problems:
        print(f"citelint: warning: {problem}", file=sys.stderr)
    again = Linter(settings).lint_paths(
        args.paths or ["."], jobs=_jobs(args.jobs), shard=_shard(args.shard)
    )
    if known is not None:
        again = baseline.apply(again, known)
    _say(args, f"fixed {fixed}, {len(again.diagnostics)} remaining")
    return _report(again, args, settings.output_root)


def _say(args: argparse.Namespace, message: str) -> None:
    """A line about what the run did, on stderr (silent with -q)."""
    if not args.quiet:
        print(f"citelint: {message}", file=sys.stderr)


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


def _settings(args: argparse.Namespace) -> Settings:
    cwd = os.getcwd()
    config = args.config
    if config is not None and (not os.path.exists(config) or os.path.isdir(config)):
        raise UsageError(f"--config {config}: no such file")
    if args.isolated:
        settings = load_isolated(config, cwd)
    else:
        settings = load_settings(config or find_config(cwd), cwd, explicit=config is not None)
    overrides: dict[str, object] = {}
    for name in ("select", "ignore", "extend-select"):
        value = getattr(args, name.replace("-", "_"))
        if value is not None:
            overrides[name] = value.split(",")
    if args.fail_on:
        overrides["fail-on"] = args.fail_on
    if args.no_respect_gitignore:
        overrides["respect-gitignore"] = False
    if args.sarif_max_results is not None:
        overrides["sarif-max-results"] = args.sarif_max_results
    if args.no_suppress:
        settings = dataclasses.replace(settings, no_suppress=True)
    if args.no_hints:
        settings = dataclasses.replace(settings, hints=False)
    if args.force_exclude:
        settings = dataclasses.replace(settings, force_exclude=True)
    if args.cache_dir:
        overrides["cache-dir"] = os.path.abspath(args.cache_dir)
    if args.sources:
        if not os.path.isdir(args.sources):
            raise UsageError(f"--sources {args.sources}: no such folder")
        overrides["sources"] = os.path.abspath(args.sources)
    settings = apply(settings, overrides, "--", "command line", trusted=True)
    settings = dataclasses.replace(
        settings,
        cli_overrides=tuple(overrides.items()),
        config_explicit=config is not None or args.isolated,
    )
    if args.no_cache:
        settings = dataclasses.replace(settings, cache_dir=None)
    else:
        settings = dataclasses.replace(settings, result_cache=settings.cache_dir is not None)
    stdout, files = _outputs(args)
    if "html" not in (stdout, *(fmt for fmt, _ in files)):  # only the HTML view shows them
        settings = dataclasses.replace(settings, claim_records=False)
    settings = settings.naming(args.paths or ["."])
    for note in settings.notes:
        print(f"citelint: warning: {note}", file=sys.stderr)
    return settings


class _Progress:
    """A progress bar on stderr, shown only on a terminal and for more than a few files."""

    def __init__(self, *, enabled: bool) -> None:
        self.enabled = enabled
        self.bar: Progress | None = None
        self.task: TaskID | None = None

    def __enter__(self) -> _Progress:
        return self

    def update(self, done: int, total: int) -> None:
        if not self.enabled or total < 20:
            return
        if self.bar is None:
            self.bar = Progress(console=Console(stderr=True), transient=True)
            self.bar.start()
            self.task = self.bar.add_task("citelint", total=total)
        assert self.task is not None
        self.bar.update(self.task, completed=done)

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.stop()


def _jobs(value: int | None) -> int:
    if value is None:
        return os.cpu_count() or 1
    if value < 1:
        raise UsageError("--jobs must be 1 or more")
    return value


def _shard(value: str | None) -> tuple[int, int] | None:
    if value is None:
        return None
    k, sep, n = value.partition("/")
    if not (sep and _small(k) and _small(n) and 1 <= int(k) <= int(n)):
        raise UsageError(f"--shard {value}: write K/N with 1 ≤ K ≤ N, e.g. 1/4")
    return int(k), int(n)


def _small(digits: str) -> bool:
    """A whole number `int()` takes at once (Python refuses runs of thousands of digits)."""
    return digits.isascii() and digits.isdigit() and len(digits) <= 9


_BY_EXTENSION = {".sarif": "sarif", ".json": "json", ".html": "html", ".htm": "html"}


def _outputs(args: argparse.Namespace) -> tuple[str, list[tuple[str, str]]]:
    """The stdout format and the (format, file) pairs of -o.

    `-o FMT:FILE` names the format; `-o FILE` takes it from a known ending (`.sarif`,
    `.json`, `.html`), else the stdout format, which then leaves stdout.
    """
    default = args.output_format or (
        "github"
        if os.environ.get("GITHUB_ACTIONS") == "true" and "github" in FORMATTERS
        else "text"
    )
    files: list[tuple[str, str]] = []
    stdout = default
    for spec in args.output:
        fmt, sep, path = spec.partition(":")
        if sep and fmt in FORMATTERS:
            files.append((fmt, path))
        elif sep and path and re.fullmatch(r"[a-z]{2,}", fmt):
            raise UsageError(f"-o {spec}: unknown format {fmt} ({', '.join(sorted(FORMATTERS))})")
        else:
            inferred = _BY_EXTENSION.get(os.path.splitext(spec)[1].lower())
            files.append((inferred or default, spec))
            if inferred is None:
                stdout = ""
    return stdout, files


def _report(result: Result, args: argparse.Namespace, root: str) -> int:
    color = not args.no_color and "NO_COLOR" not in os.environ and sys.stdout.isatty()
    stdout_format, files = _outputs(args)
    for fmt, path in files:
        _write(path, _render(fmt, result, color=False, quiet=args.quiet), root)
    if "sarif" in {fmt for fmt, _ in files} | {stdout_format}:
        total = len(result.diagnostics)
        if total > result.sarif_max_results:
            _say(args, sarif.truncation_note(total, result.sarif_max_results))
    if args.audit_dir:
        try:
            audit.write(result, args.audit_dir, root)
        except OSError as exc:
            raise UsageError(
                f"cannot write to --audit-dir {args.audit_dir}: {exc.strerror}"
            ) from exc
    if args.summary_file:
        _write(args.summary_file, FORMATTERS["summary"](result, False), root, append=True)
    if args.verbose:
        for note in result.notes:
            print(f"citelint: {note}", file=sys.stderr)
    elif not result.files and result.notes:
        print(f"citelint: {result.notes[0]}", file=sys.stderr)
    try:
        if args.statistics:
            _statistics(result, sys.stdout, quiet=args.quiet)
        elif stdout_format:
            for chunk in _render(stdout_format, result, color=color, quiet=args.quiet):
                sys.stdout.write(chunk)
        sys.stdout.flush()
    except BrokenPipeError:
        # `citelint … | head -1`: the reader has what it wanted. Nothing more is written
        # (not even at exit), and the exit code is still the run's.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    if result.internal_error:
        return EXIT_ERROR
    if result.failed() and not args.exit_zero:
        return EXIT_FINDINGS
    return EXIT_OK


def _write(path: str, text: Iterable[str], root: str, *, append: bool = False) -> None:
    """An output file, written whole (or appended to), never through a symlink."""
    chunks = (chunk.encode("utf-8") for chunk in text)
    try:
        if append:
            writes.append(path, chunks, root=root)
        else:
            writes.write_atomic(path, chunks, root=root)
    except OSError as exc:
        raise UsageError(f"cannot write {path}: {exc.strerror}") from exc


def _render(fmt: str, result: Result, *, color: bool, quiet: bool) -> Iterator[str]:
    yield from FORMATTERS[fmt](result, color)
    if fmt == "text" and not quiet:
        yield summary_line(result) + "\n"


def _statistics(result: Result, out: TextIO, *, quiet: bool) -> None:
    counts: dict[str, int] = {}
    for d in result.diagnostics:
        counts[d.code] = counts.get(d.code, 0) + 1
    width = max((len(RULES_BY_CODE[code].name) for code in counts), default=0)
    for code, count in sorted(counts.items()):
        rule = RULES_BY_CODE[code]
        out.write(f"{count:>6}  {code}  {rule.name:<{width}}  [{result.severity(code).value}]\n")
    if not quiet:
        out.write(summary_line(result) + "\n")


def _rules(out: TextIO) -> int:
    out.write(docgen.rules_list())
    return EXIT_OK


def _rule(code: str, out: TextIO) -> int:
    rule = RULES_BY_CODE.get(code.upper()) or RULES_BY_NAME.get(code.lower())
    if rule is None:
        raise UsageError(f"unknown rule '{code}'; `citelint rules` lists them")
    out.write(docgen.rule_text(rule))
    return EXIT_OK
