"""Floor 6 of 10 — rules.

One module per rule (`clNNN_<name>.py`, its docstring its documentation), the typed
`Rule` base, the registry in `ALL_RULES`, what several rules share (`_*.py`), and the
three verdicts of every claim after the rules (`verdicts.py`).

May import: `ground`, `sources`, `outputs`, `evidence`, `read`.

Every rule, registered in one explicit tuple (the order is the documentation order).
"""

from __future__ import annotations

from citelint.outputs.result import RuleFacts
from citelint.rules.base import AnyRule, Finding, NoOptions, Rule, RuleOptions
from citelint.rules.cl001_missing_anchor import MissingAnchor
from citelint.rules.cl002_unresolved_source import UnresolvedSource
from citelint.rules.cl003_unresolved_locator import UnresolvedLocator
from citelint.rules.cl004_missing_locator import MissingLocator
from citelint.rules.cl005_malformed_anchor import MalformedAnchor
from citelint.rules.cl006_unsafe_anchor_path import UnsafeAnchorPath
from citelint.rules.cl007_unreadable_source import UnreadableSource
from citelint.rules.cl008_dangling_reference import DanglingReference
from citelint.rules.cl009_unused_reference import UnusedReference
from citelint.rules.cl010_duplicate_reference import DuplicateReference
from citelint.rules.cl011_unsaved_source import UnsavedSource
from citelint.rules.cl012_nonexistent_source import NonexistentSource
from citelint.rules.cl013_source_edited import SourceEdited
from citelint.rules.cl101_numeric_token_miss import NumericTokenMiss
from citelint.rules.cl102_entity_token_miss import EntityTokenMiss
from citelint.rules.cl103_unsupported_drug import UnsupportedDrug
from citelint.rules.cl104_reference_mismatch import ReferenceMismatch
from citelint.rules.cl105_retracted_source import RetractedSource
from citelint.rules.cl106_relation_mismatch import RelationMismatch
from citelint.rules.cl107_polarity_mismatch import PolarityMismatch
from citelint.rules.cl108_direction_mismatch import DirectionMismatch
from citelint.rules.cl109_overclaim import Overclaim
from citelint.rules.cl110_source_under_concern import SourceUnderConcern
from citelint.rules.cl111_unsupported_statement import UnsupportedStatement
from citelint.rules.cl112_judged_contradicted import JudgedContradicted
from citelint.rules.cl113_judged_unsupported import JudgedUnsupported
from citelint.rules.cl114_frame_mismatch import FrameMismatch
from citelint.rules.cl201_shallow_mermaid import ShallowMermaid
from citelint.rules.cl202_mermaid_numeric_miss import MermaidNumericMiss
from citelint.rules.cl203_source_filler import SourceFiller
from citelint.rules.cl204_deferred_work import DeferredWork
from citelint.rules.cl205_template_repetition import TemplateRepetition
from citelint.rules.cl206_unread_text import UnreadText
from citelint.rules.cl301_source_channel_unused import SourceChannelUnused
from citelint.rules.cl302_formula_dominance import FormulaDominance
from citelint.rules.cl900_unused_suppression import UnusedSuppression
from citelint.rules.cl901_malformed_directive import MalformedDirective
from citelint.rules.cl902_unreadable_report import UnreadableReport
from citelint.rules.cl903_internal_error import InternalError
from citelint.sources.model import FailureKind

ALL_RULES: tuple[type[AnyRule], ...] = (
    MissingAnchor,
    UnresolvedSource,
    UnresolvedLocator,
    MissingLocator,
    MalformedAnchor,
    UnsafeAnchorPath,
    UnreadableSource,
    DanglingReference,
    UnusedReference,
    DuplicateReference,
    UnsavedSource,
    NonexistentSource,
    SourceEdited,
    NumericTokenMiss,
    EntityTokenMiss,
    UnsupportedDrug,
    ReferenceMismatch,
    RetractedSource,
    RelationMismatch,
    PolarityMismatch,
    DirectionMismatch,
    Overclaim,
    SourceUnderConcern,
    UnsupportedStatement,
    JudgedContradicted,
    JudgedUnsupported,
    FrameMismatch,
    ShallowMermaid,
    MermaidNumericMiss,
    SourceFiller,
    DeferredWork,
    TemplateRepetition,
    UnreadText,
    SourceChannelUnused,
    FormulaDominance,
    UnusedSuppression,
    MalformedDirective,
    UnreadableReport,
    InternalError,
)

RULES_BY_CODE: dict[str, type[AnyRule]] = {rule.code: rule for rule in ALL_RULES}
# what the outputs know of each rule: handed over with the Result, so they never import this
CATALOG: dict[str, RuleFacts] = {rule.code: RuleFacts.of(rule) for rule in ALL_RULES}
RULES_BY_NAME: dict[str, type[AnyRule]] = {rule.name: rule for rule in ALL_RULES}

# Facts the pipeline needs, read off the rules' own declarations.
FAILURE_CODES: dict[FailureKind, str] = {
    rule.failure_kind: rule.code for rule in ALL_RULES if rule.failure_kind is not None
}
UNSUPPRESSIBLE: frozenset[str] = frozenset(r.code for r in ALL_RULES if not r.suppressible)
REPAIRABLE: frozenset[str] = frozenset(r.code for r in ALL_RULES if r.repairable)
MISSPELT_ANCHORS: frozenset[str] = frozenset(r.code for r in ALL_RULES if r.misspelt_anchor)

__all__ = [
    "ALL_RULES",
    "CATALOG",
    "FAILURE_CODES",
    "MISSPELT_ANCHORS",
    "REPAIRABLE",
    "RULES_BY_CODE",
    "RULES_BY_NAME",
    "UNSUPPRESSIBLE",
    "AnyRule",
    "Finding",
    "InternalError",
    "NoOptions",
    "Rule",
    "RuleOptions",
    "UnreadableReport",
    "UnusedSuppression",
]
