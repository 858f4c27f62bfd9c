"""The command line's options: one parser, its help the reference (`citelint --help`)."""

from __future__ import annotations

import argparse
import os
import sys
from typing import NoReturn

from citelint import __version__
from citelint.ground.errors import UsageError
from citelint.outputs.diagnostic import FAIL_LEVELS

# Named here rather than read from the registry, so that parsing the command line (and
# `--version`) imports no formatter; a test keeps it equal to the registry.
FORMAT_NAMES = ("concise", "github", "html", "json", "sarif", "summary", "text")


class Parser(argparse.ArgumentParser):
    """A parser whose errors are one line with a "did you mean" (never a usage dump)."""

    def error(self, message: str) -> NoReturn:
        from citelint.ground.spelling import did_you_mean  # only on an error

        if message.startswith("unrecognized arguments: "):
            options = [o for o in self._option_string_actions if o.startswith("--")]
            for word in message.split(": ", 1)[1].split():
                hint = did_you_mean(word.split("=", 1)[0], options) if word[:2] == "--" else ""
                if hint:
                    message += hint
                    break
        raise UsageError(message)


def build_parser() -> argparse.ArgumentParser:
    p = Parser(
        prog="citelint",
        allow_abbrev=False,  # `--exit` is no `--exit-zero`: a file name never abbreviates one
        description="Cite-or-Block: every fact anchored to a saved source, and the source, at "
        "the anchored place, really says it. Subcommands (the first word only): "
        "`citelint rules`, `citelint rule CODE`, `citelint fetch [PATH ...]`, "
        "`citelint judge [PATH ...]`. After `--` "
        "every word is a path.",
    )
    where_arguments(p)
    p.add_argument(
        "--isolated",
        action="store_true",
        help="a gate on untrusted pull requests: read no config file and no suppression "
        "comment from the tree; only --config FILE (kept out of the pull request's reach) "
        "and the command line count",
    )
    p.add_argument("--select", metavar="CODES", help="comma-separated codes or prefixes")
    p.add_argument("--ignore", metavar="CODES", help="comma-separated codes or prefixes")
    p.add_argument("--extend-select", metavar="CODES", help="add codes to the selection")
    p.add_argument("--fail-on", choices=FAIL_LEVELS, help="lowest severity that fails the run")
    p.add_argument("--fail-on-unchecked", action="store_true", help="fail on unchecked claims")
    _output_arguments(p)
    _run_arguments(p)
    p.add_argument("--statistics", action="store_true", help="counts per rule")
    p.add_argument(
        "--sarif-max-results",
        type=int,
        metavar="N",
        help="cap SARIF results, critical ones kept first (default 5000, at most 25000)",
    )
    p.add_argument(
        "--sarif-category",
        metavar="NAME",
        help="SARIF automationDetails.id, for several citelint uploads in one workflow",
    )
    p.add_argument("--baseline", metavar="FILE", help="hide the findings recorded in FILE")
    p.add_argument("--write-baseline", metavar="FILE", help="record the current findings")
    p.add_argument("--no-suppress", action="store_true", help="ignore suppression comments")
    _fix_arguments(p)
    file_arguments(p)
    p.add_argument("--exit-zero", action="store_true", help="exit 0 even with findings")
    _display_arguments(p)
    p.add_argument(
        "--show-files", action="store_true", help="list the reports a run would lint; lint none"
    )
    p.add_argument(
        "--show-settings",
        action="store_true",
        help="print the config, sources root, keys and rules the first report is linted under",
    )
    p.add_argument("--list-rules", action="store_true", help="same as `citelint rules`")
    p.add_argument("--explain", metavar="CODE", help="same as `citelint rule CODE`")
    return p


def build_judge_parser() -> argparse.ArgumentParser:
    """`citelint judge`'s own options, and the lint's that choose reports and roots."""
    p = Parser(
        prog="citelint judge",
        allow_abbrev=False,
        description="Ask an OpenAI-compatible model (CITELINT_JUDGE_BASE_URL, "
        "CITELINT_JUDGE_MODEL; [judge] in the config) whether each claim the lint leaves "
        "unchecked or asks a reader to look at is supported by its evidence windows, once; the "
        "verdicts go to <root>/judged.jsonl, which the lint replays offline. Exit 0 "
        "when every call gave a verdict, 1 when one failed, 2 on a usage error.",
    )
    where_arguments(p)
    p.add_argument("--dry-run", action="store_true", help="list what would be asked; ask nothing")
    p.add_argument("--refresh", action="store_true", help="ask again about judged claims")
    p.add_argument("--all", action="store_true", help="also ask about supported claims")
    p.add_argument(
        "--max-calls",
        type=int,
        metavar="N",
        help="stop after N calls (default: [judge] max-calls, 200)",
    )
    step_arguments(
        p,
        lines="verdicts come",
        failed="a call failed",
        quiet="only failures; no summary",
        verbose="a line per verdict too",
    )
    lint_defaults(p)
    return p


def step_arguments(
    p: argparse.ArgumentParser, *, lines: str, failed: str, quiet: str, verbose: str
) -> None:
    """What the author's steps (`fetch`, `judge`) share: no config from the tree, the
    file options, text or JSON, the exit code, how much is said."""
    p.add_argument("--isolated", action="store_true", help="read no config file from the tree")
    file_arguments(p)
    p.add_argument(
        "--output-format",
        choices=("text", "json"),
        default="text",
        help=f"text lines as {lines}, or one JSON document at the end",
    )
    p.add_argument("--exit-zero", action="store_true", help=f"exit 0 even when {failed}")
    p.add_argument("-q", "--quiet", action="store_true", help=quiet)
    p.add_argument("-v", "--verbose", action="store_true", help=verbose)
    p.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")


def lint_defaults(p: argparse.ArgumentParser) -> None:
    """The lint-only options a subcommand leaves at their defaults."""
    lint_only = ["select", "ignore", "extend_select", "fail_on", "sarif_max_results", "cache_dir"]
    lint_only += ["audit_dir", "html_dir", "summary_file"]
    p.set_defaults(**dict.fromkeys(lint_only), output=[], no_cache=True, color="never")
    p.set_defaults(fail_on_unchecked=False, no_suppress=False, no_hints=True)


def where_arguments(p: argparse.ArgumentParser) -> None:
    """What to read and with which config: the lint's and fetch's alike."""
    p.add_argument(
        "paths",
        nargs="*",
        metavar="PATH",
        help="files and folders (default: .); `-` reads one report from standard input",
    )
    p.add_argument(
        "--stdin-filename",
        metavar="PATH",
        help="the path a report read from standard input stands for: its format, its "
        "config and its sources root are that path's (default: stdin.md)",
    )
    p.add_argument("--version", action="version", version=f"citelint {__version__}")
    p.add_argument("--sources", metavar="DIR", help="sources root for every report")
    p.add_argument("--config", metavar="FILE", help="config file (default: discovered)")


def file_arguments(p: argparse.ArgumentParser) -> None:
    """Which files a run takes: what git ignores, what pre-commit passes, what it tracks."""
    p.add_argument(
        "--no-respect-gitignore",
        action="store_true",
        help="also lint files that .gitignore leaves out",
    )
    p.add_argument(
        "--force-exclude",
        action="store_true",
        help="skip a named file that is not a report or is excluded (as pre-commit passes "
        "them) instead of exiting 2",
    )
    p.add_argument(
        "--only-tracked",
        action="store_true",
        help="judge what a commit holds: reports and sources git does not track are absent "
        "(on by default under pre-commit)",
    )


def _fix_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--fix",
        action="store_true",
        help="apply the safe anchor fixes (a locator the evidence is at)",
    )
    p.add_argument(
        "--unsafe-fixes", action="store_true", help="with --fix or --diff: also the other fixes"
    )
    p.add_argument("--diff", action="store_true", help="show the fixes as a diff; write nothing")


def _display_arguments(p: argparse.ArgumentParser) -> None:
    """How much is said on the terminal, and in colour or not."""
    p.add_argument("-q", "--quiet", action="store_true", help="findings only, no summary")
    p.add_argument("-v", "--verbose", action="store_true", help="notes about skipped paths")
    p.add_argument(
        "--color",
        choices=("auto", "always", "never"),
        default="auto",
        help="colour the text output (auto: a terminal, unless NO_COLOR; FORCE_COLOR forces)",
    )
    p.add_argument(
        "--no-color", dest="color", action="store_const", const="never", help="--color never"
    )
    p.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")


def _run_arguments(p: argparse.ArgumentParser) -> None:
    """How the run is done: its cache, its workers, its share of a matrix, its hints."""
    p.add_argument(
        "--no-cache", action="store_true", help="keep no results or PDF text between runs"
    )
    p.add_argument(
        "--cache-dir", metavar="DIR", help="cache folder (default: the user cache folder)"
    )
    p.add_argument(
        "--jobs",
        type=int,
        metavar="N",
        help="parallel worker processes (default: the number of CPUs)",
    )
    p.add_argument("--shard", metavar="K/N", help="lint only the K-th of N shards (1-based)")
    p.add_argument(
        "--no-hints",
        action="store_true",
        help="do not search every saved source for where a failed claim is said (faster; "
        "the findings are the same, without their `help:` lines and fixes)",
    )


def _output_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--output-format", choices=FORMAT_NAMES, help="format for stdout")
    p.add_argument(
        "-o",
        "--output",
        action="append",
        default=[],
        metavar="[FMT:]FILE",
        help="write output to FILE; FMT:FILE pairs allow several formats",
    )
    p.add_argument(
        "--audit-dir",
        metavar="DIR",
        help="also write one verification_report.json per report there",
    )
    p.add_argument(
        "--html-dir",
        metavar="DIR",
        help="write the HTML audit view there as index.html and one page per report",
    )
    p.add_argument(
        "--summary-file",
        metavar="FILE",
        help="append a Markdown summary (for $GITHUB_STEP_SUMMARY)",
    )


# read from standard input at most this much: past it the report is over any cap
MAX_GIVEN = 256 * 1024 * 1024 + 1


def given_report(args: argparse.Namespace) -> bytes | None:
    """The report on standard input when the one path is `-` (as ruff and markdownlint
    read it); `-` beside other paths, or a fix of text that has no file, is refused."""
    if "-" not in args.paths:
        if args.stdin_filename:
            raise UsageError("--stdin-filename names the report read from `-`; pass `-`")
        return None
    if args.paths != ["-"]:
        raise UsageError("`-` reads one report from standard input: give it alone")
    if args.fix or args.diff:
        raise UsageError("--fix and --diff edit files; a report read from `-` has none")
    data: bytes = sys.stdin.buffer.read(MAX_GIVEN)
    return data


def misspelt_command(word: str, commands: tuple[str, ...]) -> None:
    """`citelint fecth` is no path: say which command it is close to, not only that no
    such file exists (a file of that name is linted as asked)."""
    from citelint.ground.spelling import did_you_mean

    if word.startswith("-") or os.path.lexists(word):
        return
    hint = did_you_mean(word, commands)
    if hint:
        raise UsageError(
            f"{word}: no such file or folder{hint.replace('mean', 'mean the command')}"
        )
