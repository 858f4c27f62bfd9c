"""The runner: lints every report under the named paths, each under its nearest config.

Discovery, shards, the config nearest each report (a monorepo's `docs/pyproject.toml`:
its own `Linter`, loaded from that file with the command line on top, sharing the one
run record), the pool, pruning the result cache, and the `Result`. One report's
pipeline is `linter.py`; what the run decides once is `run.py`.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import os
import shutil
import tempfile
from collections.abc import Callable, Generator, Iterator, Sequence

from citelint.config.discover import Discovery
from citelint.config.load import find_config, load_report_config
from citelint.config.run import Run
from citelint.config.settings import Settings
from citelint.findings.stamp import file_finding
from citelint.ground.errors import UsageError
from citelint.ground.places import in_shard
from citelint.lint import pool
from citelint.lint.linter import Linter
from citelint.outputs.result import FileResult, Result
from citelint.rules import CATALOG
from citelint.rules import UnreadableReport as UnreadableReportRule
from citelint.sources.paths import inside


class Runner:
    """Lints every report under the named paths, each under its nearest config."""

    def __init__(self, run: Run, settings: Settings) -> None:
        self.run = run
        self.settings = settings  # the run's own config; nested configs have their own
        self.discovery = Discovery(settings)
        self.linter = Linter(run, settings)
        self._nested: dict[str, Linter] = {}  # linters of reports under nested configs
        self._configs: dict[str, str | None] = {}  # the config of each report folder

    @classmethod
    def of(cls, settings: Settings, paths: Sequence[str] = (".",)) -> Runner:
        """The runner of `settings` over `paths` (the run record made of them)."""
        return cls(Run.of(settings, paths), settings)

    @property
    def linters(self) -> tuple[Linter, ...]:
        return (self.linter, *self._nested.values())

    @property
    def tracebacks(self) -> list[str]:
        """Crashes' tracebacks, printed with --verbose."""
        return [trace for linter in self.linters for trace in linter.tracebacks]

    def lint(
        self,
        *,
        jobs: int = 1,
        shard: tuple[int, int] | None = None,
        progress: Callable[[int, int], None] | None = None,
    ) -> Result:
        """Lint every report under the run's paths; `progress(done, total)` follows along."""
        found = self.discovery.files(self.run.paths)
        if found.skipped and not self.run.force_exclude:
            # a named file that is not linted is never "no findings": say why, exit 2
            raise UsageError(f"{found.skipped[0]} (--force-exclude skips it silently)")
        files = found.reports
        if shard is not None:
            files = [f for f in files if in_shard(self.run.show(f), shard)]
        work = [(path, self.config_of(path)) for path in files]
        results: list[FileResult] = [
            file_finding(
                self.run.show(folder), UnreadableReportRule, f"folder cannot be read ({why})"
            )
            for folder, why in found.unreadable
        ]
        done = len(results)
        runs = self._schedule(work, jobs)
        with pool.interruptible():
            try:
                for result in runs:
                    results.append(result)
                    if progress:
                        progress(len(results) - done, len(work))
            finally:  # Ctrl-C while a result is taken in still stops the workers
                runs.close()
        pooled = jobs > 1 and len(work) >= pool.PARALLEL_FROM  # workers wrote entries too
        for linter in self.linters:
            if linter.results is not None:
                linter.results.prune(others_wrote=pooled)
            linter.pieces.prune(others_wrote=pooled)
        # a `.txt` file a folder run found is a report only when it cites something
        maybe = {self.run.show(p) for p in found.tentative}
        kept = [r for r in results if r.anchors or r.path not in maybe]
        told = self.discovery.told(found, dropped=len(results) - len(kept))
        results = kept
        unrecorded = sorted({path for r in results for path in r.unrecorded})
        if unrecorded:
            shown = ", ".join(unrecorded[:5]) + (", …" if len(unrecorded) > 5 else "")
            note = (
                f"{len(unrecorded)} cited saved source(s) have no record in fetched.json "
                f"(saved by hand? `citelint fetch --record FILE` records one): {shown}"
            )
            found.notes.append(note)
            if self.run.isolated:
                told.append(note)
        if found.tentative and not results and not found.skipped and work:
            raise UsageError(
                "no reports found (.html, .htm, .md, .markdown, or .txt with a citation)"
            )
        results.sort(key=lambda r: r.path)
        return dataclasses.replace(self.result(results, found.notes, shard), told=tuple(told))

    def _schedule(
        self, work: Sequence[tuple[str, str | None]], jobs: int
    ) -> Generator[FileResult, None, None]:
        if jobs <= 1 or len(work) < pool.PARALLEL_FROM:
            # by sources root: a root is let go after its last report (memory = roots in flight)
            yield from pool.serial(pool.by_root(work, self.root_of), self)
            return
        # The first report of each sources root is linted here: what it loads and indexes
        # (its sources, the root's repair index) is then shared by every forked worker.
        by_root: dict[tuple[str | None, str | None], list[int]] = {}
        for i, (path, config) in enumerate(work):
            by_root.setdefault((self.root_of(path, config), config), []).append(i)
        shared = sorted(by_root.values(), key=len, reverse=True)[: pool.WARM_ROOTS]
        warmed = {reports[0] for reports in shared if len(reports) > 1}
        for i in sorted(warmed):
            yield self.lint_file(*work[i])
        rest = [item for i, item in enumerate(work) if i not in warmed]
        make = functools.partial(Runner, self.run, self.settings)
        with self._exchange():
            yield from pool.lint_in_workers(pool.by_root(rest, self.root_of), jobs, make, warm=self)

    @contextlib.contextmanager
    def _exchange(self) -> Iterator[None]:
        """Forked workers share the repair pieces they build, through the cache folder or,
        with no cache, through a folder private to the run (mode 0700, removed after it):
        roots that hold the same files (a sources folder per report run) need the same
        index, and two workers would each build all of it."""
        alone = [lt.pieces for lt in self.linters if lt.pieces.folder is None]
        if not alone:
            yield
            return
        folder = tempfile.mkdtemp(prefix="citelint-run-")
        try:
            for n, pieces in enumerate(alone):  # a config's pieces apart from another's
                pieces.share_through(os.path.join(folder, str(n)))
            yield
        finally:
            for pieces in alone:
                pieces.unshare()
            shutil.rmtree(folder, ignore_errors=True)

    def lint_given(self, path: str, data: bytes) -> Result:
        """One report given as text (`citelint -`), under the config of `path`."""
        return self.result([self.for_config(self.config_of(path)).lint_given(path, data)])

    def lint_file(self, path: str, config: str | None) -> FileResult:
        return self.for_config(config).lint_file(path)

    def root_of(self, report: str, config: str | None) -> str | None:
        """A report's sources root as the linter of its config reads it (a nested config
        may set `sources`): the root that is let go after its last report."""
        return self.for_config(config).sources_root(report)

    def release(self, config: str | None, root: str | None) -> None:
        """Let go of what a sources root's reports loaded and indexed."""
        self.for_config(config).release(root)

    def config_of(self, report: str) -> str | None:
        """The config nearest to a report (unless --config names one for all); `""` for
        a report under no config and outside the run's project: the defaults."""
        if self.run.config_explicit:
            return self.run.config_path
        folder = os.path.dirname(os.path.abspath(report))
        if folder not in self._configs:  # reports of one folder share it: looked up once
            nearest = find_config(folder)
            project = (os.path.realpath(self.run.project_root),)
            inner = nearest is not None or inside(folder, project)
            self._configs[folder] = (nearest or self.run.config_path) if inner else ""
        return self._configs[folder]

    def for_config(self, config: str | None) -> Linter:
        """The linter of reports under another config: its rules, sources, claim model."""
        if config is None or config == self.run.config_path:
            return self.linter
        if config not in self._nested:
            settings = load_report_config(config, self.run.output_root, self.run.cli_overrides)
            self._nested[config] = Linter(self.run, settings)
        return self._nested[config]

    def result(
        self,
        files: Sequence[FileResult],
        notes: Sequence[str] = (),
        shard: tuple[int, int] | None = None,
    ) -> Result:
        # the rules enabled here and by any nested config
        rules = {type(r).code for linter in self.linters for r in linter.rules}
        return Result(
            tuple(files),
            tuple(CATALOG[code] for code in sorted(rules)),
            CATALOG,
            {code: self.settings.severity(code) for code in rules},
            self.run.fail_on,
            tuple(notes),
            shard,
            self.run.sarif_max_results,
            fail_on_unchecked=self.run.fail_on_unchecked,
        )
