"""Floor 10 of 10 — commands.

What a user runs: the command line (`cli.py`, `arguments.py`), `citelint fetch`
(`fetch/`), `citelint judge` (`judge/`) and the generator of every generated part of the
repository (`docgen.py`). The Python API is the package root's `__init__.py`.

May import: every floor below.
"""
