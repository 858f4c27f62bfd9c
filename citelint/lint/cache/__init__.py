"""The result cache: a report's findings kept across runs (DECISIONS X3).

`sources/watch.py` records what a lint looked at on disk; `codec` turns a file's result into JSON
and back, checking every field's type; `results` keeps one entry per report key and
serves it only while every recorded observation still holds.
"""
