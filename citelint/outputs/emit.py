"""What the command line emits for a finished run: the stdout format and the output files,
colour, the guard around text in a GitHub Actions log, statistics, and the exit code.

Every file is written through `writes.py`; stdout is written here and nowhere else.
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import json
import os
import re
import sys
from collections.abc import Iterable, Iterator, Mapping, Sequence

from citelint.ground import writes
from citelint.ground.controls import visible
from citelint.ground.errors import UsageError
from citelint.outputs import audit
from citelint.outputs.formatters import FORMATTERS, html, sarif
from citelint.outputs.formatters.text import summary_line
from citelint.outputs.generated import marked
from citelint.outputs.result import Result

EXIT_OK, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2
_BY_EXTENSION = {".sarif": "sarif", ".json": "json", ".html": "html", ".htm": "html"}
_STATISTICS_FORMATS = ("text", "concise", "json")


def say(args: argparse.Namespace, message: str) -> None:
    """A line about what the run did, on stderr (silent with -q)."""
    if not args.quiet:
        _stderr(message)


def _stderr(line: str) -> None:
    """One `citelint:` line on stderr (the CLI alone prints; this module writes)."""
    sys.stderr.write(f"citelint: {visible(line)}\n")


def count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


def use_color(choice: str | None, env: Mapping[str, str], tty: bool) -> bool:
    """`--color always|never|auto`; auto follows no-color.org (a non-empty NO_COLOR turns
    colour off) and force-color.org (`FORCE_COLOR`, `CLICOLOR_FORCE` turn it on), else the
    terminal decides."""
    if choice in ("always", "never"):
        return choice == "always"
    if env.get("NO_COLOR"):
        return False
    if any(env.get(name) not in (None, "", "0") for name in ("FORCE_COLOR", "CLICOLOR_FORCE")):
        return True
    return tty


def outputs(args: argparse.Namespace) -> tuple[str, list[tuple[str, str]]]:
    """The stdout format and the (format, file) pairs of -o.

    `-o FMT:FILE` names the format; `-o FILE` takes it from a known ending (`.sarif`,
    `.json`, `.html`), else the stdout format, which then leaves stdout.
    """
    default = args.output_format or "text"
    files: list[tuple[str, str]] = []
    stdout = default
    for spec in args.output:
        fmt, sep, path = spec.partition(":")
        if spec in FORMATTERS or (sep and fmt in FORMATTERS and not path):
            # `-o sarif` wrote text to a file named `sarif`: a format needs its file
            raise UsageError(f"-o {spec}: name the file too, as in -o {fmt}:FILE")
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


def check_statistics(args: argparse.Namespace) -> None:
    stdout, _ = outputs(args)
    if args.statistics and stdout not in _STATISTICS_FORMATS:
        raise UsageError(
            f"--statistics prints {', '.join(_STATISTICS_FORMATS)}, not {stdout or 'a file'}"
        )


def blob_url(env: Mapping[str, str], root: str) -> str | None:
    """Where GitHub shows the linted commit's files under `root` (report paths are shown
    relative to it), when the run is a GitHub Actions job on a checkout holding `root`."""
    server, repo, sha = (
        env.get(k, "") for k in ("GITHUB_SERVER_URL", "GITHUB_REPOSITORY", "GITHUB_SHA")
    )
    workspace = env.get("GITHUB_WORKSPACE", "")
    if not (server.startswith("https://") and repo and sha and workspace):
        return None
    inside = os.path.relpath(os.path.abspath(root), os.path.abspath(workspace))
    if inside == ".." or inside.startswith(("../", "/")):
        return None
    prefix = "" if inside == "." else inside.replace(os.sep, "/") + "/"
    return f"{server.rstrip('/')}/{repo}/blob/{sha}/{prefix}"


def report(result: Result, args: argparse.Namespace, root: str) -> int:
    """Write every output of a finished run; the run's exit code."""
    color = use_color(args.color, os.environ, sys.stdout.isatty())
    if os.environ.get("GITHUB_ACTIONS") == "true":
        result = dataclasses.replace(result, blob_url=blob_url(os.environ, root))
    stdout_format, files = outputs(args)
    try:
        _write_files(result, args, files, root)
        failed = None
    except UsageError as exc:  # the findings and the summary are still shown, then exit 2
        failed = exc
    if "sarif" in {fmt for fmt, _ in files} | {stdout_format}:
        total, cap = len(result.diagnostics), sarif.cap(result)
        if total > cap:
            say(args, sarif.truncation_note(total, cap))
    if not args.quiet:
        for note in result.told:
            _stderr(note)
    if args.verbose:
        for note in result.notes:
            _stderr(note)
        for f in result.files:  # each unchecked claim and why: never a silent pass
            for r in f.records:
                if r.unchecked_because:
                    _stderr(f"{f.path}:{r.line}:{r.column}: unchecked: {r.unchecked_because}")
    elif not result.files and result.notes:
        _stderr(result.notes[0])
    in_actions = os.environ.get("GITHUB_ACTIONS") == "true"
    try:
        if args.statistics:
            chunks: Iterable[str] = statistics(result, stdout_format, quiet=args.quiet)
        elif stdout_format:
            chunks = render(stdout_format, result, color=color, quiet=args.quiet)
        else:
            chunks = ()
        if in_actions and stdout_format not in ("github", "json", "sarif", ""):
            chunks = guarded(chunks)
        for chunk in chunks:
            sys.stdout.write(chunk)
        if in_actions and stdout_format == "text" and not args.output_format:
            sys.stdout.write("".join(FORMATTERS["github"](result, False)))  # annotations too
        sys.stdout.flush()
    except BrokenPipeError:
        # `citelint … | head -1`: the reader has what it wanted. Nothing more is written
        # (not even at exit), and the exit code is still the run's.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    if failed is not None:
        raise failed
    return exit_code(result, args)


def _write_files(
    result: Result, args: argparse.Namespace, files: Sequence[tuple[str, str]], root: str
) -> None:
    """Every output file of the run; the first that cannot be written stops the others."""
    for fmt, path in files:
        write(path, render(fmt, result, color=False, quiet=args.quiet), root)
    if args.audit_dir:
        try:
            audit.write(result, args.audit_dir, root)
        except OSError as exc:
            raise UsageError(
                f"cannot write to --audit-dir {args.audit_dir}: {exc.strerror}"
            ) from exc
    if args.html_dir:
        write_pages(result, args.html_dir, root)
        say(args, f"HTML view written to {os.path.join(args.html_dir, 'index.html')}")
    if args.summary_file:
        write(args.summary_file, FORMATTERS["summary"](result, False), root, append=True)


def write_pages(result: Result, folder: str, root: str) -> None:
    """The HTML view as pages in `folder`, each written whole; no folder on the way below
    `root` may be a symlink (as for `--audit-dir`)."""
    try:
        writes.make_folders(folder, root)
        # citelint's own pages are no reports to lint on the next run: git (and so the
        # discovery, which honours .gitignore) leaves the folder out, as coverage.py does
        writes.write_atomic(os.path.join(folder, ".gitignore"), (b"*\n",), root=root)
        written = {".gitignore"}
        for name, page in html.pages(result):
            writes.write_atomic(os.path.join(folder, name), (page.encode("utf-8"),), root=root)
            written.add(name)
        _remove_stale_pages(folder, written)
    except OSError as exc:
        raise UsageError(f"cannot write to --html-dir {folder}: {exc.strerror}") from exc


def _remove_stale_pages(folder: str, written: set[str]) -> None:
    """The pages of reports no longer in the run: only regular `.html` files that carry
    citelint's generator mark (never a symlink, never a file someone else put there)."""
    with os.scandir(folder) as entries:
        for entry in entries:
            if (
                entry.name.endswith(".html")
                and entry.name not in written
                and entry.is_file(follow_symlinks=False)
                and marked(entry.path)
            ):
                os.unlink(entry.path)


def exit_code(result: Result, args: argparse.Namespace) -> int:
    if result.internal_error:
        return EXIT_ERROR
    if result.failed() and not args.exit_zero:
        return EXIT_FINDINGS
    return EXIT_OK


def guarded(chunks: Iterable[str]) -> Iterator[str]:
    """Text for a GitHub Actions log inside a `::stop-commands::` block: a report named
    `::error file=…::x.md` is shown, never run as a workflow command. The token is a hash
    of the text itself, so the output stays deterministic and no report can close it."""
    text = "".join(chunks)
    token = hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:32]
    yield f"::stop-commands::{token}\n"
    yield text
    yield f"::{token}::\n"


def write(path: str, text: Iterable[str], root: str, *, append: bool = False) -> None:
    """An output file, written whole (or appended to), never through a symlink."""
    chunks = (chunk.encode("utf-8") for chunk in text)
    try:
        # `-o out/citelint.sarif` in a fresh checkout: its folder is made (never through a
        # symlink below the project), as `--html-dir` and `--audit-dir` make theirs
        writes.make_folders(os.path.dirname(os.path.abspath(path)), root)
        if append:
            writes.append(path, chunks, root=root)
        else:
            writes.write_atomic(path, chunks, root=root)
    except OSError as exc:
        raise UsageError(f"cannot write {path}: {exc.strerror}") from exc


def render(fmt: str, result: Result, *, color: bool, quiet: bool) -> Iterator[str]:
    yield from FORMATTERS[fmt](result, color)
    if fmt == "text" and not quiet:
        yield summary_line(result) + "\n"


def statistics(result: Result, fmt: str, *, quiet: bool) -> Iterator[str]:
    """Findings per rule: a table, or for `--output-format json` a JSON list."""
    rows = [
        (code, result.fact(code).name, severity.value, n) for code, severity, n in result.per_rule()
    ]
    if fmt == "json":
        keys = ("code", "name", "severity", "count")
        yield json.dumps([dict(zip(keys, row, strict=True)) for row in rows], indent=2) + "\n"
        return
    width = max((len(name) for _, name, _, _ in rows), default=0)
    for code, name, severity, n in rows:
        yield f"{n:>6}  {code}  {name:<{width}}  [{severity}]\n"
    if not quiet:
        yield summary_line(result) + "\n"
