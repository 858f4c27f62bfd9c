"""Floor 2 of 10 — sources.

Saved sources: one `SourceKind` per anchor type, the loaders of every format, the store
that resolves an anchor to a `Span` or a typed `Failure` once, confinement (nothing from a
pull request leads outside the allowed roots), and the services `citelint fetch` asks
(`registries.py`).

May import: `ground`.
"""
