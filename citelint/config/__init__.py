"""Floor 7 of 10 — configuration.

What a run is told: `[tool.citelint]` found and validated (`load.py`, `keys.py`) into
typed `Settings`, the presets, the frozen `Run` record, discovery (which files are
reports), and the suppression comments a report carries.

May import: every floor below (`ground` … `rules`).
"""
