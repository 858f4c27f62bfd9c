"""The command's entry point: an interrupt during start-up is one line and exit 130."""

from __future__ import annotations

import signal
import subprocess
import sys

import pytest

from citelint.commands import cli, entry


def test_an_interrupt_while_the_command_starts_exits_130_with_one_line() -> None:
    # the entry point's handler, as a SIGINT during `import citelint.commands.cli` runs it
    code = (
        "import os, signal; from citelint.commands import entry; "
        "signal.signal(signal.SIGINT, entry._interrupted); os.kill(os.getpid(), signal.SIGINT); "
        "import time; time.sleep(5)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stderr, done.stdout) == (130, "citelint: interrupted\n", "")


def test_the_entry_point_gives_the_run_the_interrupt_handler_it_found_back(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # the handler the process started with (a background job starts with SIG_IGN)
    found = signal.signal(signal.SIGINT, signal.default_int_handler)
    seen: list[object] = []

    def run() -> int:
        seen.append(signal.getsignal(signal.SIGINT))
        return 0

    monkeypatch.setattr(cli, "main", run)
    try:
        assert entry.main() == 0
        assert seen == [signal.default_int_handler]
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    finally:
        signal.signal(signal.SIGINT, found)
