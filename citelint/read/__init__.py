"""Floor 5 of 10 — a report read.

A report read once: parsing HTML and Markdown into a `Document` (`parse/`), how it cites
besides anchors (`citations/`), every sentence read into a claim (`claims.py`; `mood.py`
says what a sentence does by its form), and the `Analysis` — the one record every rule
reads (`analysis.py`).

May import: `ground`, `sources`, `outputs`, `evidence`.
"""
