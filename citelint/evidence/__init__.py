"""Floor 4 of 10 — evidence.

What a cited span says and how a claim is measured against it: the span's index
(`spans.py`), the evidence window of a claim and what its numbers are said of
(`relations.py`, `binding.py`), negation, direction and strength (`wording.py`), lexical
support (`support.py`), phrase matching (`phrases.py`) and the judge's saved verdicts
replayed (`judged.py`).

May import: `ground`, `sources`, `outputs`.
"""

# `from citelint.evidence import …` of citelint 0.1, when `evidence` was one module
# (the span index's names), kept working; loaded only when asked for (never a submodule)
_FORWARDED = (
    "Cited",
    "Evidence",
    "SpanIndex",
    "cited",
    "date_supported",
    "drug_supported",
    "entity_supported",
    "token_supported",
)


def __getattr__(name: str) -> object:
    if name in _FORWARDED:
        import importlib

        return getattr(importlib.import_module("citelint.evidence.spans"), name)
    raise AttributeError(f"module 'citelint.evidence' has no attribute {name!r}")
