"""The command line: `citelint [OPTIONS] [--] [PATH ...]`, `citelint rules`, `citelint rule
CODE`, `citelint fetch …`, `citelint judge …`, `citelint source-path …`.

Dispatch is exact: a subcommand is only ever the first word, and every word after `--` is
a path, so a folder named `rules` or a file named `--exit-zero` (as a workflow may pass
changed file names) is linted, never obeyed. `--version`, `rules` and `rule` import no
engine: the rule catalogue they print is generated data (`citelint/catalog.json`), and
every other module is imported by the command that needs it.

Output, files and the exit code of a finished run are `emit.py`'s: 0 nothing at or above
--fail-on, 1 findings, 2 the tool could not do its job (X6).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence

from citelint.commands.catalog import preset, rule, rules, rules_json
from citelint.commands.counts import jobs, shard
from citelint.ground.errors import CitelintError, UsageError

# not `typing`'s, nor `argparse` and `dataclasses` here: each is imported by the command
# that needs it, so `citelint rules` starts as a bare interpreter nearly does (issue 55)
TYPE_CHECKING = False
if TYPE_CHECKING:
    import argparse
    from collections import Counter
    from typing import TextIO

    from citelint.config.load import Settings
    from citelint.lint.runner import Runner
    from citelint.outputs.result import Result

EXIT_OK, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2
SUBCOMMANDS = ("rules", "rule", "fetch", "judge", "source-path")


def main(argv: Sequence[str] | None = None) -> int:
    """Run a command; every line it prints leaves without the configured secrets."""
    from citelint.ground import redact

    redactor = redact.process()
    if not redactor:
        return _main(argv)
    from typing import cast

    out, err = sys.stdout, sys.stderr
    sys.stdout = cast("TextIO", redact.RedactedStream(out, redactor))
    sys.stderr = cast("TextIO", redact.RedactedStream(err, redactor))
    try:
        return _main(argv)
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        sys.stdout, sys.stderr = out, err


def _main(argv: Sequence[str] | None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    try:
        command = args_list[0] if args_list and args_list[0] in SUBCOMMANDS else None
        if args_list and command is None:
            from citelint.commands.arguments import misspelt_command

            misspelt_command(args_list[0], SUBCOMMANDS)
        if command is not None and os.path.exists(command):
            print(
                f"citelint: note: `{command}` is the subcommand; to lint the path {command}, "
                f"write `citelint -- {command}` or `citelint ./{command}`",
                file=sys.stderr,
            )
        if command == "rules":
            if len(args_list) == 3 and args_list[1] == "--preset":
                return preset(args_list[2], sys.stdout)
            if args_list[1:] in (["--output-format", "json"], ["--output-format=json"]):
                return rules_json(sys.stdout)
            if len(args_list) != 1:
                raise UsageError("usage: citelint rules [--preset NAME | --output-format json]")
            return rules(sys.stdout)
        if command == "rule":
            if len(args_list) != 2:
                raise UsageError("usage: citelint rule CODE")
            return rule(args_list[1], sys.stdout)
        if command == "fetch":
            return _fetch(args_list[1:])
        if command == "judge":
            return _judge(args_list[1:])
        if command == "source-path":
            from citelint.commands.source_path import command as source_path

            print("\n".join(source_path(args_list[1:])))
            return EXIT_OK
        from citelint.commands.arguments import build_parser

        args = build_parser().parse_args(args_list)
        if args.list_rules:
            return rules(sys.stdout)
        if args.explain:
            return rule(args.explain, sys.stdout)
        return _lint(args)
    except CitelintError as exc:
        from citelint.ground.controls import visible

        print(f"citelint: error: {visible(str(exc))}", file=sys.stderr)
        return EXIT_ERROR
    except KeyboardInterrupt:
        print("citelint: interrupted", file=sys.stderr)
        return 130


def _lint(args: argparse.Namespace) -> int:
    import dataclasses

    from citelint.commands.arguments import given_report
    from citelint.commands.progress import ProgressBar, progress_wanted
    from citelint.lint.runner import Runner
    from citelint.outputs import baseline, emit

    emit.check_statistics(args)
    settings = _settings(args)
    known = baseline.load(args.baseline) if args.baseline else None
    given = given_report(args)
    runner = Runner.of(settings, ["."] if given is not None else args.paths or ["."])
    if args.show_files or args.show_settings:
        from citelint.commands.show import show_files, show_settings

        show = show_files if args.show_files else show_settings
        print("\n".join(show(runner, runner.run.paths)))
        return EXIT_OK
    if given is not None:
        result = runner.lint_given(args.stdin_filename or "stdin.md", given)
    else:
        with ProgressBar(enabled=progress_wanted(args)) as progress:
            result = runner.lint(
                jobs=jobs(args.jobs),
                shard=shard(args.shard),
                progress=progress.update,
            )
    if args.sarif_category is not None:
        result = dataclasses.replace(result, sarif_category=args.sarif_category)
    if args.write_baseline:
        text, recorded = baseline.dumps(result)
        emit.write(args.write_baseline, (text,), runner.run.output_root)
        emit.say(args, f"wrote {emit.count(recorded, 'finding')} to {args.write_baseline}")
    if known is not None:
        before = len(result.diagnostics)
        result = baseline.hide_known(result, known)
        hidden = before - len(result.diagnostics)
        emit.say(args, f"baseline {args.baseline} hid {emit.count(hidden, 'known finding')}")
    if args.verbose:
        for trace in runner.tracebacks:
            sys.stderr.write(trace)
    if args.fix or args.diff:
        return _fix(result, runner, args, known)
    code = emit.report(result, args, runner.run.output_root)
    # a baseline written accepts the findings it records: the run that writes it passes,
    # as `ruff --add-noqa` does (an internal error still exits 2)
    return EXIT_OK if args.write_baseline and code == EXIT_FINDINGS else code


def _fetch(rest: list[str]) -> int:
    """`citelint fetch [--dry-run] [--refresh] [OPTIONS] [PATH ...]`: its own options, the
    reports read as the lint reads them."""
    from citelint.commands.fetch.options import build_fetch_parser

    args = build_fetch_parser().parse_args(rest)
    if args.record:  # no network: no HTTP client needed
        import datetime

        from citelint.commands.fetch.record import record_by_hand
        from citelint.ground.places import relpath

        settings = _settings(args)
        return record_by_hand(
            args.record,
            settings,
            datetime.date.today().isoformat(),
            say=print,
            show=lambda p: relpath(p, os.getcwd()),
        )
    return _online("fetch", args)


def _judge(rest: list[str]) -> int:
    """`citelint judge [--dry-run] [--refresh] [--max-calls N] [--all] [PATH ...]`: the
    author's step that asks a model; the lint only ever replays what it saved."""
    from citelint.commands.arguments import build_judge_parser

    return _online("judge", build_judge_parser().parse_args(rest))


def _online(name: str, args: argparse.Namespace) -> int:
    """An author's step that goes online (`fetch`, `judge`): only its package and the HTTP
    client touch the network, and they are imported here, never by the lint."""
    from citelint.commands.progress import ProgressBar, progress_wanted

    settings = _settings(args)
    try:
        if name == "fetch":
            from citelint.commands.fetch.command import fetch_command as command
        else:
            from citelint.commands.judge.command import judge_command as command
    except ImportError:
        raise UsageError(
            f"citelint {name} needs its HTTP client: pip install "
            "'cite-or-block[fetch] @ git+https://github.com/citelint/citelint' "
            "(in a checkout: pip install -e '.[fetch]')"
        ) from None
    try:
        with ProgressBar(enabled=progress_wanted(args) and not args.dry_run) as progress:
            return command(
                args,
                settings,
                say=progress.say,
                note=lambda line: print(f"citelint: {line}", file=sys.stderr),
                progress=progress.update,
            )
    except OSError as exc:  # a planted link in the sources root, a full disk: one line, exit 2
        raise UsageError(f"{name} stopped: {exc.filename}: {exc.strerror}") from exc


def _fix(
    result: Result, runner: Runner, args: argparse.Namespace, known: Counter[str] | None
) -> int:
    """`--diff` shows the planned edits; `--fix` writes them, lints again — the same shard,
    the same baseline — and reports what remains. Either exits 1 while findings at the
    fail level remain: a fix that could not be made is no pass."""
    from citelint.findings.repair import fix
    from citelint.lint.runner import Runner
    from citelint.outputs import baseline, emit

    planned = fix.plan(result, unsafe=args.unsafe_fixes)
    if args.diff:
        sys.stdout.write(fix.diff(planned))
        if not planned and result.diagnostics:
            emit.say(
                args,
                f"no fix to show; {emit.count(len(result.diagnostics), 'finding')} remain "
                "(run without --diff to list them)",
            )
        return 1 if planned else emit.exit_code(result, args)
    fixed, problems = fix.write(planned)
    for problem in problems:
        print(f"citelint: warning: {problem}", file=sys.stderr)
    again = Runner(runner.run, runner.settings).lint(jobs=jobs(args.jobs), shard=shard(args.shard))
    if known is not None:
        again = baseline.hide_known(again, known)
    emit.say(args, f"fixed {fixed}, {len(again.diagnostics)} remaining")
    return emit.report(again, args, runner.run.output_root)


def _settings(args: argparse.Namespace) -> Settings:
    import dataclasses

    from citelint.commands.progress import PRE_COMMIT_ENV
    from citelint.config.load import apply_table, find_config, load_isolated, load_settings
    from citelint.outputs.emit import outputs

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
    if args.fail_on_unchecked:
        overrides["fail-on-unchecked"] = True
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
    if args.only_tracked or os.environ.get(PRE_COMMIT_ENV) == "1":
        settings = dataclasses.replace(settings, only_tracked=True)
    if args.cache_dir:
        overrides["cache-dir"] = os.path.abspath(args.cache_dir)
    if args.sources:
        if not os.path.isdir(args.sources):
            raise UsageError(f"--sources {args.sources}: no such folder")
        overrides["sources"] = os.path.abspath(args.sources)
    settings = apply_table(settings, overrides, "--", "command line", trusted=True)
    settings = dataclasses.replace(
        settings,
        cli_overrides=tuple(overrides.items()),
        config_explicit=config is not None or args.isolated,
    )
    if args.no_cache:
        settings = dataclasses.replace(settings, cache_dir=None)
    else:
        settings = dataclasses.replace(settings, result_cache=settings.cache_dir is not None)
    stdout, files = outputs(args)
    shown = args.html_dir or args.audit_dir or getattr(args, "verbose", False)
    if "html" not in (stdout, *(fmt for fmt, _ in files)) and not shown:
        # only the HTML view, the audit and -v (why each claim is unchecked) show them
        settings = dataclasses.replace(settings, claim_records=False)
    for note in settings.notes:
        print(f"citelint: warning: {note}", file=sys.stderr)
    return settings
