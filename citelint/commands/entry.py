"""The `citelint` command's first code: Ctrl-C while the program is still being imported
exits 130 with one line, as it does once the run has begun, never with a traceback.

Until `cli.main` is ready to catch `KeyboardInterrupt`, an interrupt ends the process
at once (nothing has been written yet); then Python's own handler is put back, so the
run's interrupt handling (`lint/pool.py`) works as before. A library user importing
`citelint` keeps their own handler: only this entry point sets one.
"""

from __future__ import annotations

import os
import signal
import sys
from types import FrameType

INTERRUPTED = 130


def _interrupted(signum: int, frame: FrameType | None) -> None:
    os.write(2, b"citelint: interrupted\n")
    os._exit(INTERRUPTED)


def main() -> int:
    """Run the command line with an interrupt during start-up handled."""
    previous = signal.signal(signal.SIGINT, _interrupted)
    if sys.argv[1:] == ["--version"]:  # the one answer that needs neither parser nor engine
        from citelint import __version__

        sys.stdout.write(f"citelint {__version__}\n")
        return 0
    from citelint.commands.cli import main as run

    signal.signal(signal.SIGINT, previous)
    code = run()
    if code == INTERRUPTED:
        _leave()
    return code


def _leave() -> None:
    """An interrupted run has printed its line and written nothing half-way: it ends here,
    without Python's exit hooks. The process pool's hook wakes its manager thread through
    a pipe the interrupt already closed (an `OSError` traceback), and a second Ctrl-C
    during those hooks ended the process by SIGINT instead of 130."""
    import contextlib  # here: the start-up path imports nothing it does not need

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):  # a closed pipe: nothing more to say
            stream.flush()
    os._exit(INTERRUPTED)


if __name__ == "__main__":
    sys.exit(main())
