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


def test_an_interrupted_run_ends_130_without_the_exit_hooks() -> None:
    """The run printed its line and returned 130: the process ends at once, its output
    flushed, no exit hook run (the process pool's hook wrote to a closed pipe: a
    traceback)."""
    code = (
        "import atexit, sys; from citelint.commands import cli, entry; "
        "atexit.register(lambda: sys.stderr.write('exit hook ran\\n')); "
        "cli.main = lambda: (print('a line kept'), print('citelint: interrupted', file=sys.stderr), 130)[2]; "
        "sys.exit(entry.main())"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stdout, done.stderr) == (
        130,
        "a line kept\n",
        "citelint: interrupted\n",
    )


def test_version_is_answered_before_the_command_line_is_imported() -> None:
    from citelint import __version__

    from .test_cli import START_UP_HEAVY

    probe = (
        "import sys; sys.argv = ['citelint', '--version']; "
        "from citelint.commands.entry import main; code = main(); "
        "loaded = [m for m in sys.modules if m.startswith('citelint')]; "
        f"heavy = [m for m in {START_UP_HEAVY} if m in sys.modules]; "
        "print(code, sorted(loaded), heavy, file=sys.stderr)"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60)
    assert done.stdout == f"citelint {__version__}\n"
    assert done.stderr.split(" ", 1)[1].strip() == (
        "['citelint', 'citelint.commands', 'citelint.commands.entry'] []"
    )
    assert done.stderr.startswith("0 ")
