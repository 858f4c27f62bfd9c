"""Floor 4 of 10 — evidence.

What a cited span says and how a claim is measured against it: the span's index
(`spans.py`), the evidence window of a claim and what its numbers are said of
(`relations.py`, `binding.py`), negation, direction and strength (`wording.py`), lexical
support (`support.py`), phrase matching (`phrases.py`) and the judge's saved verdicts
replayed (`judged.py`).

May import: `ground`, `sources`, `outputs`.
"""
