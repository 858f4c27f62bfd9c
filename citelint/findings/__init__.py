"""Floor 8 of 10 — findings.

From a rule's findings to what a report shows: selection, suppression and positions
(`stamp.py`), the claim records of the HTML view and the audit (`records.py`), and where
the evidence of a failed claim is (`repair/`: the hints and `--fix`).

May import: every floor below (`ground` … `config`).
"""
