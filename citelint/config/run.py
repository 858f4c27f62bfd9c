"""The run record: what is decided once for every report of a run.

Built once by the CLI or the API from the run's settings and the paths it names: the
roots it may read, how paths are shown, the cache, hints, claim records, the fail level.
`runner.py` carries the run out; `linter.py` lints one report with it. Nothing is pushed
back into it and nothing copies it field by field: every linter of the run holds it.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from citelint.config.settings import Settings


@dataclass(frozen=True)
class Run:
    """What one run decides for every report, whichever config a report is under. A
    config nested deeper in the tree chooses its rules, claim model, sources and limits
    (its `Settings`); it never chooses what the run may read, how paths are shown, or
    what the run keeps."""

    paths: tuple[str, ...]  # the files and folders the run lints, as named
    project_root: str
    output_root: str  # outputs show paths relative to it
    trusted: tuple[str, ...]  # real roots the run may read
    named_outside: tuple[tuple[str, str], ...]  # (folder, as written) named outside
    config_path: str | None  # the run's own config (None: the defaults)
    config_explicit: bool  # --config or --isolated: one config for every report
    isolated: bool  # --isolated: nothing planted in the tree passes a claim (a judge's verdict)
    cli_overrides: tuple[tuple[str, object], ...]  # put on top of every nested config
    cache_dir: str | None
    result_cache: bool
    hints: bool
    claim_records: bool
    no_suppress: bool
    force_exclude: bool
    only_tracked: bool  # the hooks judge the commit: reports and sources git lacks are absent
    fail_on: str
    fail_on_unchecked: bool
    sarif_max_results: int

    @classmethod
    def of(cls, settings: Settings, paths: Sequence[str] = (".",)) -> Run:
        """The run of `settings` over `paths`: the named paths that lie outside the
        project are trusted (naming them is the caller's choice: a file's folder, a
        folder itself) and shown as they were written."""
        project = os.path.abspath(settings.project_root)
        outside: list[tuple[str, str]] = []
        for given in paths:
            path = os.path.abspath(given)
            rel = os.path.relpath(path, project)
            if rel == ".." or rel.startswith(".." + os.sep):
                folder = path if os.path.isdir(path) else os.path.dirname(path)
                shown = given if os.path.isdir(path) else os.path.dirname(given)
                outside.append((folder, shown.replace(os.sep, "/").rstrip("/") or "/"))
        output_root = settings.display_root or settings.project_root
        roots = (settings.project_root, output_root, *settings.cli_roots, *(f for f, _ in outside))
        return cls(
            paths=tuple(paths),
            project_root=settings.project_root,
            output_root=output_root,
            trusted=tuple(dict.fromkeys(os.path.realpath(p) for p in roots)),
            named_outside=tuple(outside),
            config_path=settings.config_path,
            config_explicit=settings.config_explicit,
            isolated=settings.isolated,
            cli_overrides=settings.cli_overrides,
            cache_dir=settings.cache_dir,
            # what git tracks is no file's content: a kept result could not see `git add`
            result_cache=settings.result_cache
            and settings.cache_dir is not None
            and not settings.only_tracked,
            hints=settings.hints,
            claim_records=settings.claim_records,
            no_suppress=settings.no_suppress,
            force_exclude=settings.force_exclude,
            only_tracked=settings.only_tracked,
            fail_on=settings.fail_on,
            fail_on_unchecked=settings.fail_on_unchecked,
            sarif_max_results=settings.sarif_max_results,
        )

    def show(self, path: str) -> str:
        """A path as every output shows it: relative to the output root, POSIX style; a
        path outside it as the command line named it, else absolute, never `../../…`."""
        # every finding and claim record shows its file: worked out once per path (the
        # working directory in the key, as the absolute path depends on it)
        return _shown(path, self.output_root, self.named_outside, os.getcwd())


@lru_cache(maxsize=4096)
def _shown(
    path: str, output_root: str, named_outside: tuple[tuple[str, str], ...], cwd: str
) -> str:
    """`Run.show`'s answer for one path."""
    shown = os.path.relpath(os.path.abspath(path), os.path.abspath(output_root))
    shown = shown.replace(os.sep, "/")
    if shown != ".." and not shown.startswith("../"):
        return shown
    absolute = os.path.abspath(path)
    for folder, written in named_outside:
        if absolute == folder or absolute.startswith(folder.rstrip(os.sep) + os.sep):
            rest = os.path.relpath(absolute, folder).replace(os.sep, "/")
            return written if rest == "." else f"{written}/{rest}"
    return absolute.replace(os.sep, "/")
