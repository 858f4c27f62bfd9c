"""Which files are reports, and where each report's sources root is (DECISIONS O3)."""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence

from citelint.config.settings import Settings
from citelint.config.skips import (
    ALWAYS_SKIPPED,
    KIND_FOLDERS,
    NEVER_ENTERED,
    REPORT_SUFFIXES,
    REPOSITORY,
    REPOSITORY_DOCUMENT,
    TEXT_SUFFIXES,
    UNREAD_FORMAT,
    Found,
    note_skip,
    text_skip,
    told,
)
from citelint.ground.errors import UsageError
from citelint.ground.gitfiles import Tracked, git_ignored
from citelint.ground.globs import matches
from citelint.ground.places import STORM_RUN_INDEX, expand, find_sources_root, relpath
from citelint.outputs.generated import marked


class Discovery:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.root = settings.project_root
        self._ignored: frozenset[str] | None = None
        self.generated: list[str] = []  # files citelint wrote, skipped
        self._index: Tracked | None = None  # built on first use (git runs once)
        self.untracked: list[str] = []  # reports git does not track, under --only-tracked
        self.passed_over: list[tuple[str, str]] = []  # folders and files a walk did not take

    def skipped_dir(self, path: str) -> bool:
        return self.dir_skip(path) is not None

    def dir_skip(self, path: str) -> str | None:
        """Why a folder is not entered, or None. Under `--isolated` only the trusted
        config and git decide: no folder's name (`sources`, `evidence`, a dot-folder) hides
        what is in it (`saved_source` tells the saved records inside a sources root)."""
        name = os.path.basename(path)
        if name in NEVER_ENTERED:
            return "a version-control folder"
        by_name = self._skip_by_name(path, name)
        if by_name is not None and not self.settings.isolated:
            return by_name
        real = os.path.realpath(path)
        if self.settings.sources and real == os.path.realpath(self.settings.sources):
            return None if self.settings.isolated else "the sources root"
        if any(real == os.path.realpath(r) for r in self.settings.evidence_roots):
            return None if self.settings.isolated else "an evidence root"
        cache = self.settings.cache_dir
        if cache and real == os.path.realpath(cache):
            return "the cache folder"
        rel = relpath(path, self.root)
        if matches(rel, self.settings.exclude):
            return "excluded by the config's `exclude`"
        if self.git_ignored(rel, folder=True):
            return "ignored by .gitignore"
        return None

    def _skip_by_name(self, path: str, name: str) -> str | None:
        if name in ALWAYS_SKIPPED:
            return "a dependency or cache folder"
        if name.startswith("."):
            return "a hidden folder"
        if self.settings.sources is None and name == "sources":
            return "a sources folder"
        if name == "evidence" and os.path.isdir(os.path.join(os.path.dirname(path), "sources")):
            return "an evidence folder beside a sources folder"
        return None

    def saved_source(self, path: str) -> bool:
        """Under `--isolated`: a file in a kind's folder of a sources root (`sources/web/`,
        the trusted `sources` setting's `pubmed/`), a saved record, not a report."""
        parts = relpath(path, self.root).split("/")
        roots = {os.path.realpath(self.settings.sources)} if self.settings.sources else set()
        for i in range(len(parts) - 2):
            if parts[i + 1] not in KIND_FOLDERS:
                continue
            if parts[i] == "sources" or (
                roots and os.path.realpath(os.path.join(self.root, *parts[: i + 1])) in roots
            ):
                return True
        return False

    def under_skipped(self, path: str) -> bool:
        """True when a folder between `path` and the project root is skipped."""
        parent = os.path.dirname(os.path.abspath(path))
        root = os.path.abspath(self.root)
        while parent != root and self._inside_root(parent):
            if self.skipped_dir(parent):
                return True
            parent = os.path.dirname(parent)
        return False

    def _inside_root(self, path: str) -> bool:
        rel = os.path.relpath(path, self.root)
        return rel == "." or not rel.startswith("..")

    def wanted(self, path: str, named: bool = False) -> bool:
        """Whether `path` is a report to lint (`file_skip` says why not)."""
        return self.file_skip(path, named) is None

    def file_skip(self, path: str, named: bool = False) -> str | None:
        """Why a file is not a report to lint, or None when it is one ("" for a file of
        no report's ending: nothing to say). A `.txt` file (STORM and OpenAI's exports
        write reports so) named on the command line or matched by `include` is one; one a
        folder run finds is linted, and kept only when citelint reads a citation in it
        (the runner drops the others) — never a package list, never citelint's output."""
        rel = relpath(path, self.root)
        lower = path.lower()
        text = lower.endswith(TEXT_SUFFIXES)
        included = bool(self.settings.include and matches(rel, self.settings.include))
        if not text and not lower.endswith(REPORT_SUFFIXES):
            # `include` names it, but citelint reads no such file: said, never silent
            return UNREAD_FORMAT if included and not named else ""
        if self.settings.include and not included and not named:
            return "not matched by the config's `include`"
        if text and not (named or included):
            why = text_skip(path)
            if why is not None:
                return why
        if matches(rel, self.settings.exclude):
            return "excluded by the config's `exclude`"
        if self.git_ignored(rel):
            return "ignored by .gitignore"
        if self.settings.include and not included:
            return "not matched by the config's `include`"
        if not included and REPOSITORY_DOCUMENT.match(os.path.basename(path)):
            return REPOSITORY
        # an agent's note of a page it read, found by a folder run: by its content, so
        # never under --isolated, where no text in the tree decides what is linted
        if not (named or included or self.settings.isolated or lower.endswith((".html", ".htm"))):
            return note_skip(path)
        return None

    def _excluded(self, folder: str) -> bool:
        """Whether the config's `exclude` skips the folder or one above it."""
        here = os.path.abspath(folder)
        while self._inside_root(here):
            if matches(relpath(here, self.root), self.settings.exclude):
                return True
            if here == os.path.abspath(self.root):
                return False
            here = os.path.dirname(here)
        return False

    def _tentative(self, path: str) -> bool:
        """A `.txt` file a folder run found, and the config's `include` does not name."""
        include = self.settings.include
        return path.lower().endswith(TEXT_SUFFIXES) and not (
            include and matches(relpath(path, self.root), include)
        )

    def why_skipped(self, path: str) -> str:
        """Why a named file is not linted, for its one-line message."""
        rel = relpath(path, self.root)
        lower = path.lower()
        if not lower.endswith((*REPORT_SUFFIXES, *TEXT_SUFFIXES)):
            return "is not a report (.html, .htm, .md, .markdown, or a named .txt)"
        if self.settings.only_tracked and not self.index()(path):
            return "is not tracked by git (--only-tracked: the commit does not hold it)"
        if self.under_skipped(path):
            return "is inside a sources, evidence, hidden or excluded folder"
        if matches(rel, self.settings.exclude):
            return "is excluded by the config's `exclude`"
        if self.git_ignored(rel):
            return "is ignored by .gitignore (--no-respect-gitignore lints it)"
        if self.settings.include:
            return "is not matched by the config's `include`"
        return "is a repository document, not a report (name it in `include` to lint it)"

    def git_ignored(self, rel: str, folder: bool = False) -> bool:
        """Whether git ignores the path (untracked and matched by .gitignore): a tracked
        file is never ignored, so a pull request cannot hide a committed report."""
        if not self.settings.respect_gitignore:
            return False
        if self._ignored is None:
            self._ignored = git_ignored(self.root)
        ignored = self._ignored
        if not ignored:
            return False
        parts = rel.split("/")
        prefixes = ("/".join(parts[:i]) + "/" for i in range(1, len(parts)))
        return (rel + "/" if folder else rel) in ignored or any(p in ignored for p in prefixes)

    def files(self, paths: Sequence[str]) -> Found:
        """Reports under `paths`. Raises UsageError for missing or unreadable given paths."""
        found = Found()
        for given in expand(paths):
            if os.path.isdir(given):
                if not os.access(given, os.R_OK | os.X_OK):
                    raise UsageError(f"{given}: the folder cannot be read")
                untracked = len(self.untracked)
                inner = list(self.walk(given, found.unreadable))
                found.passed_over += self.passed_over
                self.passed_over = []
                found.tentative.update(p for p in inner if self._tentative(p))
                if not inner and len(self.untracked) > untracked:
                    continue  # only drafts git lacks: the commit holds no report here
                if (
                    not inner
                    and not found.unreadable
                    and not self.under_skipped(os.path.join(given, "x"))
                ):
                    raise UsageError(
                        f"{given}: no reports found (.html, .htm, .md, .markdown, or .txt "
                        "with a citation)"
                    )
                if not inner and not found.unreadable:
                    where = (
                        "excluded by the config's `exclude`"
                        if self._excluded(given)
                        else "inside a sources or skipped folder"
                    )
                    note = f"{given} is {where}; nothing to lint"
                    found.notes.append(note)
                    found.skipped.append(note)
                found.reports.extend(inner)
            elif (
                self.wanted(given, named=True)
                and (not self.under_skipped(given) or self._storm_article(given))
                and not (self.settings.only_tracked and not self.index()(given))
            ):
                found.reports.append(os.path.abspath(given))
            else:
                note = f"{given} {self.why_skipped(given)}; skipped"
                found.notes.append(note)
                found.skipped.append(note)
        for skipped, why in (
            (self.generated, "citelint wrote and git does not track"),
            (self.untracked, "git does not track (--only-tracked: the commit lacks them)"),
        ):
            if skipped:
                shown = ", ".join(skipped[:3]) + (", …" if len(skipped) > 3 else "")
                found.notes.append(f"skipped {len(skipped)} file(s) {why}: {shown}")
        found.notes += [
            f"passed over {relpath(p, self.root)}{'/' if p.endswith(os.sep) else ''}: {w}"
            for p, w in found.passed_over
        ]
        found.reports = sorted(set(found.reports), key=lambda p: relpath(p, self.root))
        found.unreadable.sort()
        return found

    def told(self, found: Found, dropped: int = 0) -> list[str]:
        """What the run says on every run under `--isolated` (`skips.told`)."""
        return told(found.passed_over, dropped) if self.settings.isolated else []

    def walk(self, folder: str, unreadable: list[tuple[str, str]]) -> Iterator[str]:
        """Reports below `folder`; folders that cannot be listed are recorded, not skipped
        in silence. Symlinked folders are not entered."""

        def record(error: OSError) -> None:
            unreadable.append((os.path.abspath(error.filename or folder), error.strerror or ""))

        for here, dirs, names in os.walk(folder, onerror=record):
            kept = []
            for d in sorted(dirs):
                why = self.dir_skip(os.path.join(here, d))
                if why is None:
                    kept.append(d)
                elif d not in NEVER_ENTERED:
                    self.passed_over.append((os.path.join(here, d) + os.sep, why))
            dirs[:] = kept
            for name in sorted(names):
                path = os.path.join(here, name)
                why = self.file_skip(path)
                if why:
                    self.passed_over.append((path, why))
                if why is not None:
                    continue
                if self.settings.isolated and self.saved_source(path):
                    self.passed_over.append((path, "a saved record in a sources folder"))
                elif not self.written_by_citelint(path) and not self.not_tracked(path):
                    yield os.path.abspath(path)

    def not_tracked(self, path: str) -> bool:
        """Under --only-tracked (the pre-commit hooks), a report git does not track is
        absent: the hook judges what the commit holds. Each is named in the run's notes."""
        if not self.settings.only_tracked or self.index()(path):
            return False
        self.untracked.append(relpath(path, self.root))
        return True

    def index(self) -> Tracked:
        """What git's index holds (one listing a run), for the generator mark and, strictly,
        for --only-tracked."""
        if self._index is None:
            self._index = Tracked.of(self.root, required=self.settings.only_tracked)
        return self._index

    def written_by_citelint(self, path: str) -> bool:
        """A file citelint wrote (its generator mark, `generated.py`) that git does not
        track; never under --isolated, where no mark in the tree counts. Each is named in
        the run's notes."""
        if self.settings.isolated or not marked(path):
            return False
        if self.index()(path):
            return False
        self.generated.append(relpath(path, self.root))
        return True

    def _storm_article(self, path: str) -> bool:
        """A STORM article named on the command line whose own run folder is `--sources`
        (the article beside its `url_to_info.json`): the report, not a saved source."""
        here = os.path.dirname(os.path.abspath(path))
        sources = self.settings.sources
        return (
            sources is not None
            and os.path.realpath(here) == os.path.realpath(sources)
            and os.path.isfile(os.path.join(here, STORM_RUN_INDEX))
        )

    def sources_root(self, report: str) -> str | None:
        """The sources root of a report under the run's own config."""
        return find_sources_root(report, self.settings.sources, self.root)
