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
    from citelint.commands.cli import main as run

    signal.signal(signal.SIGINT, previous)
    return run()


if __name__ == "__main__":
    sys.exit(main())
