"""Settings: a typed, frozen record of what a config file and the command line say.

A report is linted under the settings of its nearest config: selection, rule options,
claim model, sources, limits. The fields the run decides once for every report (trusted
roots, how paths show, cache, hints, claim records, fail level) are taken from the
run's own settings into the run record (`run.py`); nested configs' values are never read.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from citelint.outputs.diagnostic import Severity
from citelint.read.claims import ClaimSettings
from citelint.rules import RULES_BY_CODE, AnyRule, RuleOptions
from citelint.sources.kinds import DEFAULT_CHANNELS, SourceKind
from citelint.sources.registries import MAX_CONCURRENCY, MAX_RETRIES
from citelint.sources.store import (
    DEFAULT_MAX_PDF_PAGES,
    DEFAULT_MAX_SOURCE_BYTES,
    DEFAULT_MAX_TOTAL_SOURCE_BYTES,
)
from citelint.sources.text_cache import user_cache_dir


@dataclass(frozen=True)
class RuleSettings:
    severity: Severity | None = None
    options: RuleOptions | None = None


@dataclass(frozen=True)
class Settings:
    project_root: str = "."
    config_path: str | None = None
    sources: str | None = None  # absolute
    include: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()
    select: tuple[str, ...] = ("CL",)
    ignore: tuple[str, ...] = ()
    extend_select: tuple[str, ...] = ()
    fail_on: str = "critical"
    fail_on_unchecked: bool = False  # a strict gate: an unchecked claim fails the run too
    required_source_channels: tuple[str, ...] = DEFAULT_CHANNELS
    channels_explicit: bool = False
    per_file_ignores: tuple[tuple[str, tuple[str, ...]], ...] = ()
    fetch_bases: tuple[tuple[str, str], ...] = ()  # `[fetch]`: service → base URL
    fetch_deadline: float = 60.0  # `[fetch] deadline`: seconds one URL may take
    fetch_missing_max_age: int = 30  # `[fetch] missing-max-age`: days a `missing` is kept
    fetch_skip_urls: tuple[str, ...] = ()  # `[fetch] skip-urls`: URL globs never fetched
    fetch_accept_status: tuple[int, ...] = ()  # `[fetch] accept-status`: accepted statuses
    fetch_max_concurrency: int = MAX_CONCURRENCY  # `[fetch] max-concurrency`: asked at once
    fetch_max_retries: int = MAX_RETRIES  # `[fetch] max-retries`: of a transient failure
    fetch_failed_max_age: int = 0  # `[fetch] failed-max-age`: days a failure is remembered
    fetch_headers: tuple[tuple[str, str], ...] = ()  # `[fetch] headers`: sent with every request
    judge_base_url: str | None = None  # `[judge] base-url`: an OpenAI-compatible endpoint
    judge_model: str | None = None  # `[judge] model`
    judge_max_calls: int = 200  # `[judge] max-calls`: calls one run makes at most
    judge_timeout: float = 120.0  # `[judge] timeout`: seconds one call may take
    judge_concurrency: int = 1  # `[judge] concurrency`: calls under way at once
    max_source_bytes: int = DEFAULT_MAX_SOURCE_BYTES
    max_total_source_bytes: int = DEFAULT_MAX_TOTAL_SOURCE_BYTES  # per report
    max_pdf_pages: int = DEFAULT_MAX_PDF_PAGES
    max_report_bytes: int = 32 * 1024 * 1024
    sarif_max_results: int = 5000
    evidence_roots: tuple[str, ...] = ()  # absolute
    claims: ClaimSettings = field(default_factory=ClaimSettings)
    source_types: Mapping[str, SourceKind] = field(default_factory=dict)  # custom kinds
    rules: Mapping[str, RuleSettings] = field(default_factory=dict)
    respect_gitignore: bool = True  # files git ignores are not reports
    no_suppress: bool = False  # --no-suppress: audit with every suppression ignored
    hints: bool = True  # search the saved sources for where each failed claim is said
    claim_records: bool = True  # keep every claim's record (what the HTML view shows)
    cache_dir: str | None = field(default_factory=user_cache_dir)  # absolute; None: no cache
    result_cache: bool = False  # keep each report's result in the cache folder (the CLI's default)
    cli_roots: tuple[str, ...] = ()  # absolute paths the command line named: trusted too
    cli_overrides: tuple[tuple[str, object], ...] = ()  # re-applied to nested configs
    config_explicit: bool = False  # --config: one config for every report
    isolated: bool = False  # --isolated: no config or suppression comment in the tree counts
    force_exclude: bool = False  # --force-exclude: a named file that is no report is skipped
    only_tracked: bool = False  # --only-tracked (pre-commit): what git does not track is absent
    display_root: str = ""  # outputs show paths relative to it; "": the project root
    notes: tuple[str, ...] = ()  # warnings (deprecations, refused settings), printed once

    def enabled(self, code: str) -> bool:
        rule = RULES_BY_CODE.get(code)
        if rule is not None and not rule.deselectable:
            return True
        chosen = _best(code, (*self.select, *self.extend_select))
        dropped = _best(code, self.ignore)
        return chosen > 0 and chosen > dropped

    def severity(self, code: str) -> Severity:
        configured = self.rules.get(code)  # looked up per finding: no record built for it
        override = configured.severity if configured is not None else None
        rule = RULES_BY_CODE[code]
        isolated = rule.isolated_severity if self.isolated else None
        return override or isolated or rule.severity

    def rule(self, rule: type[AnyRule]) -> AnyRule:
        """The rule, built with its configured options."""
        return rule(self.rules.get(rule.code, RuleSettings()).options)


def _best(code: str, prefixes: Sequence[str]) -> int:
    """Length of the longest matching prefix, so `--ignore CL1 --select CL101` keeps CL101."""
    return max((len(p) for p in prefixes if code.startswith(p)), default=0)
