"""One report's pipeline: parse → analyse (resolve, read claims) → rules → diagnostics.

A report is linted by a function of (report bytes, cited source bytes, settings, run);
the `Linter` keeps what the run's reports share (sources read once, spans indexed once)
around it. The run over many reports is `runner.py`; which findings are shown and how
they become diagnostics is `stamp.py`.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import os
import stat
import traceback
from collections import Counter
from collections.abc import Iterable, Mapping

from citelint.config.run import Run
from citelint.config.settings import Settings
from citelint.config.suppress import Suppressions, scopes
from citelint.evidence.judged import replay
from citelint.evidence.spans import Evidence
from citelint.findings import records, stamp
from citelint.findings.repair.pieces import Pieces
from citelint.findings.repair.search import EvidenceSearch
from citelint.findings.repair.suggest import Repairer
from citelint.findings.stamp import Stamper, file_finding, shown
from citelint.ground.document import Document
from citelint.ground.gitfiles import Tracked
from citelint.ground.places import STORM_RUN_INDEX, find_sources_root
from citelint.ground.writes import link_below
from citelint.lint.cache.results import ResultCache
from citelint.lint.cache.versions import code_version, stable
from citelint.outputs.diagnostic import Diagnostic
from citelint.outputs.result import FileResult, source_lines
from citelint.read.analysis import Analysis, ChannelUse, anchor_starts, body_claims, diagrams
from citelint.read.citations.notices import NoticeReader
from citelint.read.citations.resolve import CitationResolver
from citelint.read.claims import ClaimReader
from citelint.read.parse import Parser, UnreadableReport
from citelint.rules import (
    ALL_RULES,
    FAILURE_CODES,
    RULES_BY_CODE,
    UNSUPPRESSIBLE,
    AnyRule,
    InternalError,
)
from citelint.rules import UnreadableReport as UnreadableReportRule
from citelint.rules.verdicts import Verdicts, verdicts
from citelint.sources.digests import Digests
from citelint.sources.model import Failure, FailureKind, Resolution, SourceError, Span
from citelint.sources.paths import inside, read_regular, under_root, within
from citelint.sources.store import SourceStore
from citelint.sources.text_cache import TextCache
from citelint.sources.watch import PATH, Watch

RULE_CODES = frozenset(RULES_BY_CODE)  # what a suppression comment may name
FAULT_ENV = "CITELINT_TEST_FAULT"  # read only under pytest: a file name that makes lint crash


class Linter:
    """One report's pipeline under one config: parse, analyse, rules, diagnostics. It
    keeps what reports of the run share (sources read once, spans indexed once) and lets
    a sources root go when the run says its last report is done."""

    def __init__(self, run: Run, settings: Settings) -> None:
        self.run = run
        self.settings = settings
        # Every rule runs on every report; the selection only chooses what is shown, so
        # `--select X` reports exactly what a full run reports for X (DECISIONS X5 refined).
        self.all_rules: list[AnyRule] = [settings.rule(rule) for rule in ALL_RULES]
        self.rules: list[AnyRule] = [r for r in self.all_rules if settings.enabled(r.code)]
        self.parser = Parser(settings.claims.parse_options())
        # each file's content hash by its identity, for the result cache and the repair
        # pieces alike: a root per report holds 500 files that both would hash
        self.digests = Digests()
        self.results = (
            ResultCache(
                run.cache_dir, max_read_bytes=settings.max_source_bytes, digests=self.digests
            )
            if run.result_cache and run.cache_dir
            else None
        )
        if self.results is not None:
            self.results.trusted = run.trusted
        self._keyed = stable(settings) + stable(run)  # what a cached result depends on
        self.watch = Watch(active=self.results is not None)  # what each lint looks at
        self.store = SourceStore(
            settings.max_source_bytes,
            settings.evidence_roots,
            settings.source_types,
            display=run.show,
            cache=TextCache(run.cache_dir) if run.cache_dir else None,
            trusted=run.trusted,
            max_total_bytes=settings.max_total_source_bytes,
            max_pdf_pages=settings.max_pdf_pages,
            watch=self.watch,
            # the hooks judge the commit: a source git's index lacks is absent
            tracked=Tracked.of(run.project_root) if run.only_tracked else None,
        )
        self.sources_root = functools.partial(
            find_sources_root, sources=settings.sources, project_root=settings.project_root
        )
        self.stamper = Stamper(settings.severity, run.show)
        self.channel_of = {name: kind.channel for name, kind in self.store.kinds.items()}
        self.reader = ClaimReader(settings.claims.drugs, trusted=settings.claims.trusted)
        self.evidence = Evidence()
        self.citations = CitationResolver(self.store)
        self.notices = NoticeReader(self.store)
        # kept index pieces depend on the config and the code too (a new citelint builds anew)
        salt = stable(settings) + code_version() if run.cache_dir else ""
        # the repair index's pieces: the runner prunes and shares them between workers
        self.pieces = Pieces(run.cache_dir, hashlib.sha256(salt.encode()).hexdigest(), self.digests)
        self.repair = Repairer(
            EvidenceSearch(self.store, self.evidence, self.pieces), run.show, run.claim_records
        )
        self.tracebacks: list[str] = []

    def display(self, path: str) -> str:
        """A path as every output shows it (`Run.show`)."""
        return self.run.show(path)

    def release(self, root: str | None) -> None:
        """Let go of what a sources root's reports loaded and indexed."""
        if root is not None:  # the resolver lets its store go too
            self.citations.release(root)
            self.repair.release(root)
            self.evidence.release(under_root(root))
            if self.results is not None:
                self.results.release(root)

    def lint_file(self, path: str) -> FileResult:
        display = self.display(path)
        real = os.path.realpath(path)
        if not any(within(real, root) for root in self.run.trusted):
            return self._file_finding(
                display,
                UnreadableReportRule,
                "report is a symlink that leads outside the project; it is not read",
            )
        try:
            data = read_regular(real, self.settings.max_report_bytes, "max-report-bytes")
        except SourceError as exc:
            return self._file_finding(display, UnreadableReportRule, f"report {exc}")
        root = self.sources_root(path)
        key = self._key(display, root, data)
        # `--fix` edits only a report that is itself a regular file at its own path: never
        # the file a planted `reports/link.md -> ../docs/protected.md` points at.
        linked = os.path.islink(path) or link_below(path, self.run.output_root)
        origin = "" if linked else real
        kept = self.results.get(key) if self.results is not None and key else None
        if kept is not None:
            return dataclasses.replace(kept, origin=origin)
        with self.watch.recording() as seen:
            result = self.lint_bytes(display, data, root, self._run_index_beside(path, root))
        if self.results is not None and key and self._keepable(result):
            self.results.put(key, seen, result)
        return dataclasses.replace(result, origin=origin)

    def _key(self, display: str, root: str | None, data: bytes) -> str | None:
        if self.results is None or _fault(display):
            return None
        return self.results.key(self._keyed, display, root, data)

    def _keepable(self, result: FileResult) -> bool:
        """Not a crash (the total read cap is per report: its results are kept too)."""
        crashed = any(RULES_BY_CODE[d.code].internal_error for d in result.diagnostics)
        return not crashed

    def lint_given(self, path: str, data: bytes) -> FileResult:
        """A report given as text for `path` (`citelint - --stdin-filename path`): read as
        if it stood there — that path's sources root and format — but never from there,
        so nothing on disk is cached or fixed for it."""
        display = self.display(path)
        cap = self.settings.max_report_bytes
        if len(data) > cap:
            why = f"report is more than {cap} bytes, over max-report-bytes ({cap})"
            return self._file_finding(display, UnreadableReportRule, why)
        root = self.sources_root(path)
        return self.lint_bytes(display, data, root, self._run_index_beside(path, root))

    def _run_index_beside(self, path: str, root: str | None) -> str:
        """STORM's `url_to_info.json` beside a report whose sources root is elsewhere, as
        outputs show it (`""`: none): the numbers CL008 finds no list for are its."""
        real = self.store.realpath  # each folder resolved once a run
        folder = os.path.dirname(os.path.abspath(path))
        if root is None or not inside(folder, self.run.trusted, real):
            return ""  # (nothing outside the project is looked at)
        if real(folder) == real(os.path.abspath(root)):
            return ""
        index = os.path.join(folder, STORM_RUN_INDEX)
        self.watch.note(PATH, index)  # a kept result depends on whether it is there
        _, info = real.resolve(index)  # its own `lstat`: a link is never followed out
        return self.display(index) if info is not None and stat.S_ISREG(info.st_mode) else ""

    def lint_bytes(
        self, display: str, data: bytes, sources_root: str | None, run_index: str = ""
    ) -> FileResult:
        """Lint a report given as bytes (`lint_file` reads one from disk and calls this):
        an unreadable report is CL902, a crash is CL903, never an exception."""
        try:
            return self._lint_unguarded(display, data, sources_root, run_index)
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

    def _lint_unguarded(
        self, display: str, data: bytes, sources_root: str | None, run_index: str
    ) -> FileResult:
        if _fault(display):
            raise RuntimeError("fault injected for the internal-error test")
        doc = self.parser.parse(display, data)
        emitted = stamp.emitted(display, self.rules, self.settings.per_file_ignores)
        suppressions = Suppressions(
            tuple(() if self.run.no_suppress else scopes(doc)), UNSUPPRESSIBLE
        )
        self.store.charging(True)  # what this report cites counts against its read cap
        try:
            analysis = self.analyze(doc, sources_root, suppressions, run_index=run_index)
            findings = [f for rule in self.all_rules for f in rule.check(analysis)]
        finally:
            self.store.charging(False)  # hints search every saved record, uncharged
        # A suppressed or unselected finding still means its claim is not supported (O7).
        unverified = [f for f in findings if RULES_BY_CODE[f.code].marks_unverified]
        judged = verdicts(
            analysis,
            sorted(f.start for f in unverified if RULES_BY_CODE[f.code].unsupports),
            sorted(f.start for f in unverified if not RULES_BY_CODE[f.code].unsupports),
        )
        kept = shown(findings, suppressions, emitted, report_unused=not self.run.no_suppress)
        hints = self.repair.hints(analysis, kept) if self.run.hints else {}
        diagnostics = self.stamper.diagnostics(doc, kept, hints, analysis.fetched)
        return self._file_result(analysis, diagnostics, judged)

    def analyze(
        self,
        doc: Document,
        sources_root: str | None,
        suppressions: Suppressions | None = None,
        *,
        run_index: str = "",
    ) -> Analysis:
        """Resolve every anchor and read every claim of `doc`, once (`run_index`: CL008's)."""
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
        notices = self.notices.of_citations(doc.anchors, resolutions, cited.kinds, sources_root)
        shared = self.settings.sources is not None and not self.settings.channels_explicit
        index = self.citations.index_of(sources_root)
        body = body_claims(doc, self.reader, resolutions, claims)
        judged, invalid = replay(body, index.judged, self.evidence, isolated=self.run.isolated)
        edited, unrecorded = self._provenance(resolutions.values(), index.recorded)
        return Analysis(
            doc=doc,
            resolutions=resolutions,
            claims=body,
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
            rule_codes=RULE_CODES,
            suppressed=suppressions.suppressed if suppressions else lambda code, at: False,
            display=self.display,
            anchor_starts=starts,
            unsaved=cited.unsaved,
            records=cited.records,
            cited_kinds=cited.kinds,
            retracted=notices["retraction"],
            concerned=notices["concern"],
            fetched=index.fetched,
            edited=edited,
            unrecorded=unrecorded,
            judged=judged,
            judged_invalid=invalid,
            run_index_beside=run_index,
        )

    def _provenance(
        self, found: Iterable[Resolution], recorded: Mapping[str, tuple[str, str, str]]
    ) -> tuple[dict[str, tuple[str, str]], tuple[str, ...]]:
        """The cited saved files whose bytes differ from the digest their record holds,
        and those with no record: a saved source proves where it came from."""
        edited: dict[str, tuple[str, str]] = {}
        unrecorded: list[str] = []
        for path in sorted({s.path for s in found if isinstance(s, Span) and s.path}):
            record = recorded.get(path)
            if record is None:
                unrecorded.append(path)
            elif self.digests.of_regular(path, self.settings.max_source_bytes) != record[0]:
                edited[path] = (record[1], record[2])
        return edited, tuple(unrecorded)

    def _file_result(
        self, analysis: Analysis, diagnostics: tuple[Diagnostic, ...], judged: Verdicts
    ) -> FileResult:
        styles = Counter(a.style for a in analysis.doc.anchors if a.is_citation)
        editable = any(s.edit for d in diagnostics for s in d.suggestions)
        return FileResult(
            analysis.doc.path,
            diagnostics,
            judged.claims,
            len(analysis.doc.anchors),
            judged.supported,
            analysis.doc.text if editable else None,
            records.build(analysis, diagnostics, judged) if self.run.claim_records else (),
            analysis.without_locator(),
            tuple(sorted(styles.items())),
            lines=source_lines(analysis.doc.text, (d.line for d in diagnostics)),
            relations=analysis.relations_checked(),
            unsupported=judged.unsupported,
            unchecked=judged.unchecked,
            by_judge=judged.by_judge,
            unrecorded=tuple(self.display(path) for path in analysis.unrecorded),
        )

    def _file_finding(self, display: str, rule: type[AnyRule], message: str) -> FileResult:
        return file_finding(display, rule, message)


def _fault(display: str) -> bool:
    """Whether the internal-error test asks this report to crash (only under pytest)."""
    fault = os.environ.get(FAULT_ENV)
    return bool(fault and "PYTEST_CURRENT_TEST" in os.environ and display.endswith(fault))
