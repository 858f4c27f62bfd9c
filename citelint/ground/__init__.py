"""Floor 1 of 10 — ground.

The grammars and plain facts everything stands on: the anchor grammar, the report model
(`document.py`), numbers, units, dates, drugs and the closed-class words of relations
(`tokens/`), Mermaid diagrams (`mermaid/`), globs, paths and git, the one way files are
written (`writes.py`), the secrets kept out of them (`redact.py`), the control characters
kept out of a terminal (`controls.py`), the nearest name to a typo (`spelling.py`) and
the errors that stop a run.

May import: nothing of citelint outside this floor.
"""
