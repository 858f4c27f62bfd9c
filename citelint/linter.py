"""The pipeline: discover → parse → analyse (resolve, read claims) → rules → diagnostics.

A report is linted by a function of (report bytes, cited source bytes, settings); the
`Linter` keeps the per-run caches (sources read once, spans indexed once) around it.
"""

from __future__ import annotations

import dataclasses
import os
import traceback
from collections import Counter
from collections.abc import Callable, Generator, Sequence
from operator import attrgetter

from citelint import pool, records
from citelint.analysis import Analysis, ChannelUse, anchor_starts, body_claims, diagrams
from citelint.cache.results import ResultCache, stable
from citelint.cache.watch import Watch
from citelint.citations.resolve import CitationResolver
from citelint.claims import ClaimReader
from citelint.config import find_config, for_report_config
from citelint.diagnostic import Diagnostic
from citelint.discover import Discovery, in_shard
from citelint.document import Document
from citelint.errors import UsageError
from citelint.evidence import Evidence
from citelint.globs import matches
from citelint.parse import Parser, UnreadableReport
from citelint.repair.search import EvidenceSearch
from citelint.repair.suggest import NO_HINTS, Repairer
from citelint.result import FileResult, Result, source_lines
from citelint.rules import (
    ALL_RULES,
    CATALOG,
    FAILURE_CODES,
    RULES_BY_CODE,
    UNSUPPRESSIBLE,
    AnyRule,
    InternalError,
    UnusedSuppression,
)
from citelint.rules import UnreadableReport as UnreadableReportRule
from citelint.settings import Settings
from citelint.sources.cache import TextCache
from citelint.sources.model import Failure, FailureKind, SourceError
from citelint.sources.paths import inside, read_regular, within
from citelint.sources.store import SourceStore, under_root
from citelint.stamp import Stamper, file_finding
from citelint.suppress import Suppressions, scopes
from citelint.writes import link_below

FAULT_ENV = "CITELINT_TEST_FAULT"  # read only under pytest: a file name that makes lint crash


class Linter:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.discovery = Discovery(settings)
        # Every rule runs on every report; the selection only chooses what is shown, so
        # `--select X` reports exactly what a full run reports for X (DECISIONS X5 refined).
        self.all_rules: list[AnyRule] = [settings.rule(rule) for rule in ALL_RULES]
        self.rules: list[AnyRule] = [r for r in self.all_rules if settings.enabled(r.code)]
        self.parser = Parser(settings.claims.parse_options())
        caching = settings.result_cache and settings.cache_dir is not None
        self.results = (
            ResultCache(settings.cache_dir, max_read_bytes=settings.max_source_bytes)
            if caching and settings.cache_dir
            else None
        )
        self._keyed: tuple[Settings, str] | None = None  # settings and roots, as stable text
        self.store = SourceStore(
            settings.max_source_bytes,
            settings.evidence_roots,
            settings.source_types,
            display=self.display,
            cache=TextCache(settings.cache_dir) if settings.cache_dir else None,
            trusted=settings.trusted_roots(),
            max_total_bytes=settings.max_total_source_bytes,
            max_pdf_pages=settings.max_pdf_pages,
            watch=Watch(active=self.results is not None),
        )
        self.trusted = settings.trusted_roots()
        self._nested: dict[str, Linter] = {}  # linters of reports under nested configs
        self._configs: dict[str, str | None] = {}  # the config of each report folder
        self.stamper = Stamper(settings.severity, self.display)
        self.channel_of = {name: kind.channel for name, kind in self.store.kinds.items()}
        self.reader = ClaimReader(settings.claims.drugs)
        self.evidence = Evidence()
        self.citations = CitationResolver(self.store)
        self.repair = Repairer(
            EvidenceSearch(self.store, self.evidence), self.display, settings.claim_records
        )
        self.tracebacks: list[str] = []

    def display(self, path: str) -> str:
        """A path as every output shows it (`Settings.show`)."""
        return self.settings.show(path)

    def lint_paths(
        self,
        paths: Sequence[str],
        *,
        jobs: int = 1,
        shard: tuple[int, int] | None = None,
        progress: Callable[[int, int], None] | None = None,
    ) -> Result:
        """Lint every report under `paths`; `progress(done, total)` follows along."""
        named = self.settings.naming(paths)  # paths named outside the project are trusted
        self.settings = named
        self.trust(named.trusted_roots())
        found = self.discovery.files(paths)
        if found.skipped and not self.settings.force_exclude:
            # a named file that is not linted is never "no findings": say why, exit 2
            raise UsageError(f"{found.skipped[0]} (--force-exclude skips it silently)")
        files = found.reports
        if shard is not None:
            files = [f for f in files if in_shard(self.display(f), shard)]
        work = [(path, self.config_of(path)) for path in files]
        results: list[FileResult] = [
            self._file_finding(
                self.display(folder), UnreadableReportRule, f"folder cannot be read ({why})"
            )
            for folder, why in found.unreadable
        ]
        done = len(results)
        runs = self._run(work, jobs, named)
        try:
            for result in runs:
                results.append(result)
                if progress:
                    progress(len(results) - done, len(work))
        finally:  # Ctrl-C while a result is taken in still stops the workers
            runs.close()
        pooled = jobs > 1 and len(work) >= pool.PARALLEL_FROM  # workers wrote entries too
        for linter in (self, *self._nested.values()):
            if linter.results is not None:
                linter.results.prune(others_wrote=pooled)
        results.sort(key=lambda r: r.path)
        return self.result(results, found.notes, shard)

    def _run(
        self, work: Sequence[tuple[str, str | None]], jobs: int, named: Settings
    ) -> Generator[FileResult, None, None]:
        if jobs <= 1 or len(work) < pool.PARALLEL_FROM:
            # by sources root: a root is let go after its last report (memory = roots in flight)
            done: tuple[str | None, str | None] | None = None
            for path, config, root in pool.by_root(work, self.discovery.sources_root):
                if done is not None and done != (config, root):
                    self.for_config(done[0]).release(done[1])
                done = (config, root)
                yield self.for_config(config).lint_file(path)
            return
        # The first report of each sources root is linted here: what it loads and indexes
        # (its sources, the root's repair index) is then shared by every forked worker.
        by_root: dict[tuple[str | None, str | None], list[int]] = {}
        for i, (path, config) in enumerate(work):
            by_root.setdefault((self.discovery.sources_root(path), config), []).append(i)
        shared = sorted(by_root.values(), key=len, reverse=True)[: pool.WARM_ROOTS]
        warmed = {reports[0] for reports in shared if len(reports) > 1}
        for i in sorted(warmed):
            yield self.for_config(work[i][1]).lint_file(work[i][0])
        rest = [item for i, item in enumerate(work) if i not in warmed]
        yield from pool.lint_in_workers(
            pool.by_root(rest, self.discovery.sources_root), jobs, named, Linter, warm=self
        )

    def release(self, root: str | None) -> None:
        """Let go of what a sources root's reports loaded and indexed."""
        if root is not None:  # the resolver lets its store go too
            self.citations.release(root)
            self.repair.release(root)
            self.evidence.release(under_root(root))

    def config_of(self, report: str) -> str | None:
        """The config nearest to a report (unless --config names one for all); `""` for
        a report under no config and outside the run's project: the defaults."""
        if self.settings.config_explicit:
            return self.settings.config_path
        folder = os.path.dirname(os.path.abspath(report))
        if folder not in self._configs:  # reports of one folder share it: looked up once
            nearest = find_config(folder)
            project = (os.path.realpath(self.settings.project_root),)
            inner = nearest is not None or inside(folder, project)
            self._configs[folder] = (nearest or self.settings.config_path) if inner else ""
        return self._configs[folder]

    def for_config(self, config: str | None) -> Linter:
        """The linter of reports under another config: its rules, sources, claim model."""
        if config is None or config == self.settings.config_path:
            return self
        if config not in self._nested:
            self._nested[config] = Linter(for_report_config(self.settings, config))
            self._nested[config].trust(self.trusted)
        return self._nested[config]

    def result(
        self,
        files: Sequence[FileResult],
        notes: Sequence[str] = (),
        shard: tuple[int, int] | None = None,
    ) -> Result:
        # the rules enabled here and by any nested config
        rules = {type(r).code for linter in (self, *self._nested.values()) for r in linter.rules}
        return Result(
            tuple(files),
            tuple(CATALOG[code] for code in sorted(rules)),
            CATALOG,
            {code: self.settings.severity(code) for code in rules},
            self.settings.fail_on,
            tuple(notes),
            shard,
            self.settings.sarif_max_results,
        )

    def lint_file(self, path: str) -> FileResult:
        display = self.display(path)
        real = os.path.realpath(path)
        if not any(within(real, root) for root in self.trusted):
            return self._file_finding(
                display,
                UnreadableReportRule,
                "report is a symlink that leads outside the project; it is not read",
            )
        try:
            data = read_regular(real, self.settings.max_report_bytes, "max-report-bytes")
        except SourceError as exc:
            return self._file_finding(display, UnreadableReportRule, f"report {exc}")
        root = self.discovery.sources_root(path)
        key = self._key(display, root, data)
        # `--fix` edits only a report that is itself a regular file at its own path: never
        # the file a planted `reports/link.md -> ../docs/protected.md` points at.
        linked = os.path.islink(path) or link_below(path, self.settings.output_root)
        origin = "" if linked else real
        kept = self.results.get(key) if self.results is not None and key else None
        if kept is not None:
            return dataclasses.replace(kept, origin=origin)
        with self.store.watch.recording() as seen:
            result = self.lint_data(display, data, root)
        if self.results is not None and key and self._keepable(result):
            self.results.put(key, seen, result)
        return dataclasses.replace(result, origin=origin)

    def trust(self, roots: tuple[str, ...]) -> None:
        """The real roots this run may read (the project and what the command line named)."""
        self.trusted = self.store.trusted = roots
        self._keyed = None  # the key holds the trusted roots
        if self.results is not None:
            self.results.trusted = roots

    def _key(self, display: str, root: str | None, data: bytes) -> str | None:
        if self.results is None or _fault(display):
            return None
        if self._keyed is None or self._keyed[0] is not self.settings:
            self._keyed = (self.settings, stable(self.settings) + stable(self.trusted))
        return self.results.key(self._keyed[1], display, root, data)

    def _keepable(self, result: FileResult) -> bool:
        """Not a crash (the total read cap is per report: its results are kept too)."""
        crashed = any(RULES_BY_CODE[d.code].internal_error for d in result.diagnostics)
        return not crashed

    def lint_data(self, display: str, data: bytes, sources_root: str | None) -> FileResult:
        """Lint one report's bytes; an unreadable report is CL902, a crash is CL903."""
        try:
            return self.lint_bytes(display, data, sources_root)
        except UnreadableReport as exc:
            return self._file_finding(display, UnreadableReportRule, f"report {exc}")
        except Exception as exc:
            self.tracebacks.append(traceback.format_exc())  # printed with --verbose
            return self._file_finding(
                display,
                InternalError,
                f"internal error while checking: {type(exc).__name__}: {exc}; "
                "please report it with this file",
            )

    def lint_bytes(self, display: str, data: bytes, sources_root: str | None) -> FileResult:
        if _fault(display):
            raise RuntimeError("fault injected for the internal-error test")
        doc = self.parser.parse(display, data)
        emitted = self._emitted(display)
        suppressions = Suppressions(
            tuple(() if self.settings.no_suppress else scopes(doc)), UNSUPPRESSIBLE
        )
        self.store.charging(True)  # what this report cites counts against its read cap
        try:
            analysis = self.analyze(doc, sources_root, suppressions)
            findings = [f for rule in self.all_rules for f in rule.check(analysis)]
        finally:
            self.store.charging(False)  # hints search every saved record, uncharged
        # A suppressed or unselected finding still means its claim is not verified (O7).
        unverified = sorted(f.start for f in findings if RULES_BY_CODE[f.code].marks_unverified)
        kept, unused = suppressions.apply(findings, emitted)
        kept = [f for f in kept if f.code in emitted]
        if UnusedSuppression.code in emitted and not self.settings.no_suppress:
            kept.extend(UnusedSuppression().finding(d) for d in unused)
        hints = self.repair.hints(analysis, kept) if self.settings.hints else {}
        diagnostics = tuple(
            sorted(
                (
                    self.stamper.diagnostic(doc, f, hints.get(f, NO_HINTS), analysis.fetched)
                    for f in kept
                ),
                key=attrgetter("sort_key"),
            )
        )
        return self._file_result(analysis, diagnostics, unverified)

    def analyze(
        self,
        doc: Document,
        sources_root: str | None,
        suppressions: Suppressions | None = None,
    ) -> Analysis:
        """Resolve every anchor and read every claim of `doc`, once."""
        cited = self.citations.resolve(doc, sources_root)
        resolutions = {
            a: self.store.resolve(a, sources_root) for a in doc.anchors if not a.is_citation
        }
        for anchor, found in resolutions.items():  # `[pmid:…]` that PubMed said is unknown
            if isinstance(found, Failure) and found.kind is FailureKind.NO_SOURCE:
                gone = self.citations.nonexistent([(anchor.type, anchor.id)], sources_root)
                resolutions[anchor] = gone or found
        resolutions.update(cited.resolutions)
        claims = self.settings.claims
        starts = anchor_starts(doc)
        notices = self.citations.notices.of_citations(
            doc.anchors, resolutions, cited.kinds, sources_root
        )
        shared = self.settings.sources is not None and not self.settings.channels_explicit
        return Analysis(
            doc=doc,
            resolutions=resolutions,
            claims=body_claims(doc, self.reader, resolutions, claims),
            diagrams=diagrams(doc, starts),
            settings=claims,
            reader=self.reader,
            evidence=self.evidence,
            channels=ChannelUse(
                self.store.channel_files(sources_root),
                self.channel_of,
                self.settings.required_source_channels,
                applies=not shared,
                given=self.settings.sources is not None,
            ),
            sources_root=sources_root,
            failure_codes=FAILURE_CODES,
            suppressed=suppressions.suppressed if suppressions else lambda code, at: False,
            display=self.display,
            anchor_starts=starts,
            unsaved=cited.unsaved,
            records=cited.records,
            cited_kinds=cited.kinds,
            retracted=notices["retraction"],
            concerned=notices["concern"],
            fetched=self.citations.provenance(sources_root),
        )

    def _file_result(
        self, analysis: Analysis, diagnostics: tuple[Diagnostic, ...], unverified: list[int]
    ) -> FileResult:
        claims, verified = analysis.verified(unverified)
        styles = Counter(a.style for a in analysis.doc.anchors if a.is_citation)
        editable = any(s.edit for d in diagnostics for s in d.suggestions)
        return FileResult(
            analysis.doc.path,
            diagnostics,
            claims,
            len(analysis.doc.anchors),
            verified,
            analysis.doc.text if editable else None,
            records.build(analysis, diagnostics) if self.settings.claim_records else (),
            analysis.without_locator(),
            tuple(sorted(styles.items())),
            lines=source_lines(analysis.doc.text, (d.line for d in diagnostics)),
            relations=analysis.relations_checked(),
        )

    def _emitted(self, display: str) -> frozenset[str]:
        ignored = {
            code
            for glob, codes in self.settings.per_file_ignores
            if matches(display, [glob])
            for code in codes
        }
        return frozenset(
            type(rule).code
            for rule in self.rules
            if not (type(rule).code in ignored and type(rule).deselectable)
        )

    def _file_finding(self, display: str, rule: type[AnyRule], message: str) -> FileResult:
        return file_finding(display, rule, message)


def _fault(display: str) -> bool:
    """Whether the internal-error test asks this report to crash (only under pytest)."""
    fault = os.environ.get(FAULT_ENV)
    return bool(fault and "PYTEST_CURRENT_TEST" in os.environ and display.endswith(fault))
