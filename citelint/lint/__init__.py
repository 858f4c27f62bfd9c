"""Floor 9 of 10 — the lint.

One report's pipeline (`linter.py`), the run over many (`runner.py`), the worker
processes (`pool.py`) and the result cache (`cache/`).

May import: every floor below (`ground` … `findings`).
"""
