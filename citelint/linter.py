"""The pipeline: discover → parse → resolve anchors → rules → diagnostics.

A report is linted by a function of (report bytes, cited source bytes, settings); the
`Linter` keeps the per-run caches (sources read once, spans indexed once) around it.
"""

from __future__ import annotations

import bisect
import hashlib
import os
import traceback
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from citelint import records, suppress
from citelint.config import Settings
from citelint.diagnostic import Diagnostic, Severity, SourceRef, at_or_above, finding_id
from citelint.discover import Discovery, matches, relpath
from citelint.document import Anchor, Document
from citelint.evidence import ClaimReader, Evidence
from citelint.mermaid import DATA_TYPES
from citelint.parse import Parser, UnreadableReport
from citelint.parse.builder import ClaimOptions
from citelint.records import ClaimRecord
from citelint.rules import ALL_RULES, RULES_BY_CODE, Context, Finding, Rule
from citelint.rules._claims import body_claims
from citelint.rules._mermaid import analyzed
from citelint.sources.cache import TextCache
from citelint.sources.model import Failure, Span
from citelint.sources.store import CHANNEL_OF_TYPE, SourceStore
from citelint.tokens import DrugGrammar, mask_anchors, numeric_tokens

_UNVERIFIED = ("CL001", "CL004", "CL101", "CL102", "CL103", "CL202")
FAULT_ENV = "CITELINT_TEST_FAULT"  # read only under pytest: a file name that makes lint crash


@dataclass(frozen=True)
class FileResult:
    path: str  # relative to the project root, POSIX style
    diagnostics: tuple[Diagnostic, ...]
    claims: int = 0
    anchors: int = 0
    verified: int = 0
    text: str | None = None  # the decoded report, for showing offending lines
    records: tuple[ClaimRecord, ...] = ()
    anchors_without_locator: tuple[str, ...] = ()


@dataclass(frozen=True)
class Result:
    files: tuple[FileResult, ...]
    rules: tuple[type[Rule], ...]  # the enabled rules
    settings: Settings
    notes: tuple[str, ...] = ()

    @property
    def diagnostics(self) -> tuple[Diagnostic, ...]:
        return tuple(
            sorted((d for f in self.files for d in f.diagnostics), key=lambda d: d.sort_key)
        )

    @property
    def internal_error(self) -> bool:
        return any(d.code == "CL903" for d in self.diagnostics)

    def failed(self, fail_on: str | None = None) -> bool:
        level = fail_on or self.settings.fail_on
        return any(at_or_above(d.severity, level) for d in self.diagnostics)

    def summary(self) -> dict[str, object]:
        by_severity: dict[str, int] = {}
        by_rule: dict[str, int] = {}
        for d in self.diagnostics:
            by_severity[d.severity.value] = by_severity.get(d.severity.value, 0) + 1
            by_rule[d.code] = by_rule.get(d.code, 0) + 1
        return {
            "files": len(self.files),
            "claims": sum(f.claims for f in self.files),
            "anchors": sum(f.anchors for f in self.files),
            "verified_claims": sum(f.verified for f in self.files),
            "by_severity": dict(sorted(by_severity.items())),
            "by_rule": dict(sorted(by_rule.items())),
        }


class Linter:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.discovery = Discovery(settings)
        self.rules = [
            rule(settings.options(rule.code)) for rule in ALL_RULES if settings.enabled(rule.code)
        ]
        drug_options = settings.options("CL103")
        self.drugs = DrugGrammar(
            drug_options.drug_suffixes_zh,
            drug_options.drug_prefixes_zh,
            drug_options.drug_stop_words_zh,
            drug_options.drug_stems_en,
        )
        self.parser = Parser(
            ClaimOptions(settings.appendix_headings, settings.abbreviations, settings.anchor_types)
        )
        self.store = SourceStore(
            settings.max_source_bytes,
            settings.evidence_roots,
            settings.source_types,
            display=lambda p: relpath(p, settings.project_root),
            cache=(
                TextCache(os.path.join(settings.project_root, settings.cache_dir))
                if settings.cache_dir
                else None
            ),
        )
        self.evidence = Evidence(self.drugs)
        self.tracebacks: list[str] = []
        self._channels: dict[str, dict[str, int]] = {}

    def lint_paths(
        self,
        paths: Sequence[str],
        *,
        jobs: int = 1,
        shard: tuple[int, int] | None = None,
        progress: Callable[[int, int], None] | None = None,
    ) -> Result:
        """Lint every report under `paths`; `progress(done, total)` follows along."""
        files, notes = self.discovery.files(paths)
        if shard is not None:
            files = [f for f in files if in_shard(relpath(f, self.settings.project_root), shard)]
        results: list[FileResult] = []
        if jobs > 1 and len(files) >= PARALLEL_FROM:
            # Each worker builds its own Linter; results come back in input order, so the
            # output is the same bytes whatever the number of workers.
            chunk = max(1, len(files) // (jobs * 4))
            with ProcessPoolExecutor(
                jobs, initializer=_init_worker, initargs=(self.settings,)
            ) as pool:
                for result in pool.map(_lint_in_worker, files, chunksize=chunk):
                    results.append(result)
                    if progress:
                        progress(len(results), len(files))
        else:
            for path in files:
                results.append(self.lint_file(path))
                if progress:
                    progress(len(results), len(files))
        return Result(
            tuple(results), tuple(type(r) for r in self.rules), self.settings, tuple(notes)
        )

    def lint_file(self, path: str) -> FileResult:
        display = relpath(path, self.settings.project_root)
        try:
            size = os.path.getsize(path)
            if size > self.settings.max_report_bytes:
                return self._file_finding(
                    display,
                    "CL902",
                    f"report is {size} bytes, over max-report-bytes "
                    f"({self.settings.max_report_bytes})",
                )
            with open(path, "rb") as handle:
                data = handle.read()
        except OSError as exc:
            return self._file_finding(display, "CL902", f"report cannot be read ({exc.strerror})")
        return self.lint_data(display, data, self.discovery.sources_root(path))

    def lint_data(self, display: str, data: bytes, sources_root: str | None) -> FileResult:
        """Lint one report's bytes; an unreadable report is CL902, a crash is CL903."""
        try:
            return self.lint_bytes(display, data, sources_root)
        except UnreadableReport as exc:
            return self._file_finding(display, "CL902", f"report {exc}")
        except Exception as exc:
            self.tracebacks.append(traceback.format_exc())  # printed with --verbose
            return self._file_finding(
                display,
                "CL903",
                f"internal error while checking: {type(exc).__name__}: {exc}; "
                "please report it with this file",
            )

    def lint_bytes(self, display: str, data: bytes, sources_root: str | None) -> FileResult:
        fault = os.environ.get(FAULT_ENV)
        if fault and "PYTEST_CURRENT_TEST" in os.environ and display.endswith(fault):
            raise RuntimeError("fault injected for the CL903 test")
        doc = self.parser.parse(display, data)
        resolutions = {a: self.store.resolve(a, sources_root) for a in doc.anchors}
        emitted = frozenset(self._emitted(display))
        active = [] if self.settings.no_suppress else suppress.scopes(doc)
        ctx = Context(
            resolutions=resolutions,
            sources_root=sources_root,
            claims=ClaimReader(self.drugs),
            evidence=self.evidence,
            settings=self.settings,
            emitted=emitted,
            channel_files=self._channel_files(sources_root),
            display=lambda p: relpath(p, self.settings.project_root),
            suppressed=lambda code, offset: suppress.suppressed(code, offset, active),
        )
        findings: list[Finding] = []
        for rule in self.rules:
            findings.extend(rule.check(doc, ctx))
        findings = [f for f in findings if f.code in emitted]
        # A suppressed finding still means its claim is not verified (DECISIONS O7).
        unverified = sorted(f.start for f in findings if f.code in _UNVERIFIED)
        findings = suppress.apply(
            doc,
            findings,
            active,
            report_unused="CL900" in emitted and not self.settings.no_suppress,
            emitted=emitted,
        )
        diagnostics = tuple(
            sorted(
                (self._stamp(doc, display, f) for f in findings),
                key=lambda d: d.sort_key,
            )
        )
        every = body_claims(doc, ctx)
        claims = [c for c in every if c.claim.fact_bearing]
        verified = sum(
            1
            for c in claims
            if not _any_within(unverified, c.sentence.start, c.sentence.end)
            and not any(isinstance(resolutions.get(a), Failure) for a in c.anchors)
        )
        labels = _mermaid_claims(doc)
        verified += sum(1 for at in labels if not _any_within(unverified, at, at + 1))
        optional = set(self.settings.locator_optional_types)
        without_locator = tuple(
            dict.fromkeys(
                a.text
                for c in every
                for a in c.anchors
                if a.locator is None and a.type not in optional
            )
        )
        return FileResult(
            display,
            diagnostics,
            len(claims) + len(labels),
            len(doc.anchors),
            verified,
            doc.text,
            records.build(doc, every, diagnostics, resolutions, ctx.display),  # type: ignore[arg-type]
            without_locator,
        )

    def _emitted(self, display: str) -> Iterable[str]:
        ignored = {
            code
            for glob, codes in self.settings.per_file_ignores
            if matches(display, [glob])
            for code in codes
        }
        for rule in self.rules:
            if rule.code in ignored and rule.deselectable:
                continue
            yield rule.code

    def _channel_files(self, root: str | None) -> dict[str, int]:
        if root is None:
            return {}
        if root not in self._channels:  # reports sharing a sources root list it once
            self._channels[root] = self._count_channel_files(root)
        return self._channels[root]

    def _count_channel_files(self, root: str) -> dict[str, int]:
        counts: dict[str, int] = {}
        for type_, spec in self.store.types.items():
            channel = CHANNEL_OF_TYPE.get(type_, type_)
            for folder in spec.dirs:
                path = os.path.normpath(os.path.join(root, folder))
                if folder != "." and os.path.isdir(path):
                    counts[channel] = counts.get(channel, 0) + sum(
                        1 for e in os.scandir(path) if e.is_file() and not e.name.startswith(".")
                    )
        return counts

    def _stamp(self, doc: Document, path: str, f: Finding) -> Diagnostic:
        line, column = doc.position(f.start)
        end_line, end_column = doc.position(max(f.end, f.start + 1))
        rule = RULES_BY_CODE[f.code]
        sources = tuple(self._source_ref(s, f.anchors) for s in f.spans if s.path)
        return Diagnostic(
            path=path,
            line=line,
            column=column,
            end_line=end_line,
            end_column=end_column,
            code=f.code,
            name=rule.name,
            severity=self.settings.severity(f.code),
            message=f.message,
            claim=f.claim,
            anchors=tuple(a.text for a in f.anchors),
            missing=f.missing,
            sources=sources,
            fingerprint=finding_id(f.code, path, f.subject or f.message),
        )

    def _source_ref(self, span: Span | Failure, anchors: tuple[Anchor, ...]) -> SourceRef:
        path = relpath(span.path, self.settings.project_root) if span.path else ""
        if isinstance(span, Failure):
            locator = anchors[0].locator if anchors else None
            return SourceRef(path, locator)
        return SourceRef(path, span.locator, span.start_line, span.end_line, span.pointer)

    def _file_finding(self, display: str, code: str, message: str) -> FileResult:
        diagnostic = Diagnostic(
            path=display,
            line=1,
            column=1,
            end_line=1,
            end_column=1,
            code=code,
            name=RULES_BY_CODE[code].name,
            severity=Severity.CRITICAL,
            message=message,
            fingerprint=finding_id(code, display, "file"),
        )
        return FileResult(display, (diagnostic,))


PARALLEL_FROM = 8  # below this many files a process pool costs more than it saves
_WORKER: Linter | None = None


def _init_worker(settings: Settings) -> None:
    global _WORKER
    _WORKER = Linter(settings)


def _lint_in_worker(path: str) -> FileResult:
    assert _WORKER is not None
    return _WORKER.lint_file(path)


def in_shard(rel: str, shard: tuple[int, int]) -> bool:
    """Deterministic sharding by the SHA-256 of the POSIX path (DECISIONS O9); K is 1-based."""
    k, n = shard
    return int(hashlib.sha256(rel.encode("utf-8")).hexdigest(), 16) % n == k - 1


def _mermaid_claims(doc: Document) -> list[int]:
    """Report offsets of Mermaid labels and data values that state numbers (O7)."""
    found = []
    for block, diagram in analyzed(doc):
        values = diagram.data if diagram.kind in DATA_TYPES else []
        for label in [*diagram.labels, *values]:
            tokens = numeric_tokens(mask_anchors(label.text), source=label in values)
            if any(t.kind != "date" for t in tokens):
                found.append(block.body_start + label.start)
    return found


def _any_within(sorted_offsets: Sequence[int], start: int, end: int) -> bool:
    """Whether any offset lies in [start, end]."""
    i = bisect.bisect_left(sorted_offsets, start)
    return i < len(sorted_offsets) and sorted_offsets[i] <= end
