"""The token grammars: numbers, dates, entity codes, drug mentions and therapy markers.

One grammar serves both sides: it decides which sentences need an anchor and which
tokens a cited span must contain (RULES.md §0, §2; DECISIONS N1–N10, F3, E1–E4, D1–D4).
Everything here is grammar — units, naming suffixes, phrase patterns — never a list of
facts: no drug, disease or identifier is known to citelint (the P0 iron law).

Rooms: `text` (folding and positions), `kinds` (what a number is), `dates`, `numbers`,
`cells` (table rows), `entities`, `drugs`, `markers`.
"""

from __future__ import annotations

from citelint.ground.tokens import entities, numbers
from citelint.ground.tokens.cells import cell_tokens, judging_table, unit_from_header
from citelint.ground.tokens.drugs import (
    DEFAULT_DRUG_PREFIXES_ZH,
    DEFAULT_DRUG_STEMS_EN,
    DEFAULT_DRUG_STOP_WORDS_ZH,
    DEFAULT_DRUG_SUFFIXES_ZH,
    DrugGrammar,
    DrugMention,
)
from citelint.ground.tokens.entities import EntityKind, EntityToken, entity_tokens
from citelint.ground.tokens.kinds import Kind
from citelint.ground.tokens.markers import markers
from citelint.ground.tokens.numbers import NumericToken, numeric_tokens, values_in
from citelint.ground.tokens.quantity import THRESHOLD
from citelint.ground.tokens.spelled import spelled_numbers
from citelint.ground.tokens.text import (
    HYPHENS,
    blank,
    distinct,
    fold,
    fold_compact,
    mask_anchors,
    normalize,
    squash,
)


def clear_caches() -> None:
    """Forget the per-text token caches (benchmarks time cold runs with it)."""
    numbers.cached_tokens.cache_clear()
    entities.cached_entities.cache_clear()


__all__ = [
    "DEFAULT_DRUG_PREFIXES_ZH",
    "DEFAULT_DRUG_STEMS_EN",
    "DEFAULT_DRUG_STOP_WORDS_ZH",
    "DEFAULT_DRUG_SUFFIXES_ZH",
    "HYPHENS",
    "THRESHOLD",
    "DrugGrammar",
    "DrugMention",
    "EntityKind",
    "EntityToken",
    "Kind",
    "NumericToken",
    "blank",
    "cell_tokens",
    "clear_caches",
    "distinct",
    "entity_tokens",
    "fold",
    "fold_compact",
    "judging_table",
    "markers",
    "mask_anchors",
    "normalize",
    "numeric_tokens",
    "spelled_numbers",
    "squash",
    "unit_from_header",
    "values_in",
]
