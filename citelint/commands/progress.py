"""The progress bar of a long lint or fetch: on stderr, on a terminal only, never inside a
pre-commit hook; rich is imported when a bar is first shown."""

from __future__ import annotations

import os
import sys

TYPE_CHECKING = False  # not `typing`'s: the command line starts without it (issue 55)
if TYPE_CHECKING:
    import argparse
    from typing import Any

    from rich.progress import Progress

PRE_COMMIT_ENV = "PRE_COMMIT"  # pre-commit sets it to 1 for its hooks: they judge the commit


def progress_wanted(args: argparse.Namespace) -> bool:
    """A bar on a terminal only: never with -q, and never inside a pre-commit hook, whose
    pty would replay every frame of it into the hook's output."""
    return (
        sys.stderr.isatty()
        and not (args.no_progress or args.quiet)
        and os.environ.get(PRE_COMMIT_ENV) != "1"
    )


class ProgressBar:
    """A progress bar on stderr, shown only on a terminal and for more than a few files."""

    def __init__(self, *, enabled: bool) -> None:
        self.enabled = enabled
        self.bar: Progress | None = None  # imported when a bar is shown
        self.task: Any = None

    def __enter__(self) -> ProgressBar:
        return self

    def update(self, done: int, total: int) -> None:
        if not self.enabled or total < 20:
            return
        if self.bar is None:
            from rich.console import Console
            from rich.progress import MofNCompleteColumn, Progress

            columns = (*Progress.get_default_columns(), MofNCompleteColumn())  # `120/301`
            self.bar = Progress(*columns, console=Console(stderr=True), transient=True)
            self.bar.start()
            self.task = self.bar.add_task("citelint", total=total)
        assert self.task is not None
        self.bar.update(self.task, completed=done)

    def say(self, line: str) -> None:
        """A result line on stdout; while the bar is shown on the same terminal, printed
        above it by the bar's console, so no stale frame is glued to the line."""
        if self.bar is not None and sys.stdout.isatty():
            self.bar.console.out(line, highlight=False)  # as written: no markup, no wrapping
        else:
            sys.stdout.write(f"{line}\n")
            sys.stdout.flush()

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.stop()
