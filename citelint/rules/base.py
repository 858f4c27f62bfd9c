"""The rule interface: a small class per module, its module docstring is its documentation.

A rule reads one `Analysis` and yields `Finding`s. What the rest of citelint must know
about a rule is declared on the rule, never kept as a list of codes elsewhere: whether
its findings leave a claim unverified, can be suppressed or go into baselines, which
kind of source failure it reports, and whether it means citelint itself failed.
"""

from __future__ import annotations

import dataclasses
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from typing import ClassVar, Generic, TypeVar

from citelint.ground.document import Anchor
from citelint.outputs.diagnostic import Severity
from citelint.read.analysis import Analysis
from citelint.sources.model import Failure, FailureKind, Span


@dataclass(frozen=True, slots=True)
class Finding:
    """What a rule reports; the linter turns it into a `Diagnostic`."""

    code: str
    start: int  # offsets in the report text
    end: int
    message: str
    claim: str | None = None
    anchors: tuple[Anchor, ...] = ()
    missing: tuple[str, ...] = ()
    spans: tuple[Span | Failure, ...] = ()
    subject: str = ""  # what identifies the finding in a baseline (DECISIONS O6)
    evidence: str = ""  # the source sentence(s) the claim was checked against
    coverage: int | None = None  # the share (0–100) of the claim's words the window holds
    # one step below the rule's severity: the finding depends on nothing (CL011 with no
    # claim resting on the source)
    demoted: bool = False


@dataclass(frozen=True)
class RuleOptions:
    """Base of every rule's options: a frozen dataclass of typed fields."""


@dataclass(frozen=True)
class NoOptions(RuleOptions):
    pass


OptionsT = TypeVar("OptionsT", bound=RuleOptions, covariant=True)


class Rule(Generic[OptionsT]):
    code: ClassVar[str]
    name: ClassVar[str]
    severity: ClassVar[Severity]
    # the severity under `--isolated` where a config sets none (a finding a pull request
    # could use against the gate is critical there): None for the same as `severity`
    isolated_severity: ClassVar[Severity | None] = None
    summary: ClassVar[str]
    suggestion: ClassVar[str] = ""  # the short fix the audit contract hands to pipelines
    options_type: type[OptionsT]
    deselectable: ClassVar[bool] = True  # False: runs whatever the selection says
    marks_unverified: ClassVar[bool] = False  # its findings leave a claim unverified (O7)
    # its findings say the cited source does not back the claim: the claim is unsupported
    # (else a finding that marks it unverified leaves it unchecked); citelint/rules/verdicts.py
    unsupports: ClassVar[bool] = False
    suppressible: ClassVar[bool] = True  # comments may suppress its findings
    baselined: ClassVar[bool] = True  # a baseline may record and hide its findings
    failure_kind: ClassVar[FailureKind | None] = None  # the source failure it reports
    internal_error: ClassVar[bool] = False  # its findings mean citelint failed (exit 2)
    repairable: ClassVar[bool] = False  # its findings get repair hints (where the evidence is)
    # written for pipelines that save their sources by channel: the deep-research preset
    # turns it off (`presets.py`)
    pipeline_only: ClassVar[bool] = False
    # its findings are misspelt anchors: a type a small edit from a known one gets an
    # unsafe fix that corrects it (`repair/suggest.py`)
    misspelt_anchor: ClassVar[bool] = False

    def __init__(self, options: RuleOptions | None = None) -> None:
        if options is None:
            self._options = self.options_type()
        elif isinstance(options, self.options_type):
            self._options = options
        else:
            raise TypeError(f"{self.code} takes {self.options_type.__name__}")

    @property
    def options(self) -> OptionsT:
        return self._options

    def check(self, analysis: Analysis) -> Iterator[Finding]:
        return iter(())

    @classmethod
    def documentation(cls) -> str:
        return (sys.modules[cls.__module__].__doc__ or "").strip()

    @classmethod
    def option_fields(cls) -> tuple[dataclasses.Field[object], ...]:
        return dataclasses.fields(cls.options_type)

    @classmethod
    def option_defaults(cls) -> tuple[tuple[str, object], ...]:
        """(config key, default) of each option, for the docs and `citelint rule`."""
        defaults = cls.options_type()
        return tuple(
            (f.name.replace("_", "-"), getattr(defaults, f.name)) for f in cls.option_fields()
        )


AnyRule = Rule[RuleOptions]
