"""The progress bar: above it, result lines; in it, done of total."""

from __future__ import annotations

import io
import sys

import pytest

from citelint.commands.progress import ProgressBar


def test_a_result_line_is_printed_above_a_progress_bar_on_the_same_terminal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from rich.console import Console
    from rich.progress import Progress

    terminal = io.StringIO()  # what the bar's console wrote
    progress = ProgressBar(enabled=True)
    progress.say("no bar yet")
    progress.bar = Progress(console=Console(file=terminal, width=80))
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    with progress:
        progress.say("failed: URL https://a.org: HTTP 503")
    monkeypatch.setattr(sys.stdout, "isatty", lambda: False)
    progress.say("piped")
    assert terminal.getvalue().strip() == "failed: URL https://a.org: HTTP 503"
    assert capsys.readouterr().out == "no bar yet\npiped\n"


def test_the_progress_bar_counts_done_of_total(monkeypatch: pytest.MonkeyPatch) -> None:
    from rich.console import Console

    terminal = io.StringIO()
    monkeypatch.setattr(
        "rich.console.Console", lambda **kw: Console(file=terminal, width=100, force_terminal=True)
    )
    progress = ProgressBar(enabled=True)
    with progress:
        progress.update(120, 301)
        assert progress.bar is not None
        progress.bar.refresh()
    assert "120/301" in terminal.getvalue()
