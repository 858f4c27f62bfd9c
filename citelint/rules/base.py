"""The rule interface: a small class per module, its module docstring is its documentation."""

from __future__ import annotations

import dataclasses
import sys
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from citelint.diagnostic import Severity
from citelint.document import Anchor, Document
from citelint.evidence import ClaimReader, Evidence
from citelint.sources.model import Failure, Resolution, Span


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


@dataclass(frozen=True)
class NoOptions:
    pass


@dataclass(frozen=True)
class Context:
    """Everything a rule may consult besides the document."""

    resolutions: Mapping[Anchor, Resolution]
    sources_root: str | None
    claims: ClaimReader
    evidence: Evidence
    settings: Any  # citelint.config.Settings; typed loosely to keep rules free of config
    emitted: frozenset[str] = frozenset()  # codes that will be reported (DECISIONS X5)
    channel_files: Mapping[str, int] = field(default_factory=dict)  # saved files per channel
    display: Callable[[str], str] = str  # a source path as the user should read it
    suppressed: Callable[[str, int], bool] = lambda code, offset: False
    memo: dict[str, Any] = field(default_factory=dict)  # per-document results rules share


class Rule:
    code: ClassVar[str]
    name: ClassVar[str]
    severity: ClassVar[Severity]
    summary: ClassVar[str]
    suggestion: ClassVar[str] = ""  # the short fix the audit contract hands to pipelines
    Options: ClassVar[type[Any]] = NoOptions
    deselectable: ClassVar[bool] = True

    def __init__(self, options: Any = None) -> None:
        self.options = options if options is not None else self.Options()

    def check(self, doc: Document, ctx: Context) -> Iterator[Finding]:
        return iter(())

    @classmethod
    def documentation(cls) -> str:
        return (sys.modules[cls.__module__].__doc__ or "").strip()

    @classmethod
    def option_fields(cls) -> dict[str, dataclasses.Field[Any]]:
        return {f.name: f for f in dataclasses.fields(cls.Options)}
