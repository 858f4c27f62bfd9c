"""Which files are reports, and where each report's sources root is (DECISIONS O3)."""

from __future__ import annotations

import hashlib
import os
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from citelint.errors import UsageError
from citelint.generated import marked
from citelint.gitfiles import Tracked, git_ignored
from citelint.globs import MAGIC, GlobError, matches
from citelint.globs import expand as expand_glob
from citelint.settings import Settings
from citelint.sources.paths import read_head

REPORT_SUFFIXES = (".html", ".htm", ".md", ".markdown")
TEXT_SUFFIXES = (".txt",)  # read as Markdown, when named or included
# The usual repository documents are not reports unless `include` names them.
_REPOSITORY_DOCUMENT = re.compile(
    r"^(?:readme|changelog|changes|history|contributing|license|licence|code_of_conduct|"
    r"security|authors|notice|support)(?:\.[a-z]+)?$",
    re.I,
)
_ALWAYS_SKIPPED = frozenset({"node_modules", "__pycache__"})
# a `.txt` file a folder run never takes for a report: a package list, a crawler's rules
_NOT_A_TEXT_REPORT = re.compile(r"^(?:requirements|constraints)[\w.-]*\.txt$|^robots\.txt$", re.I)
# what citelint writes as text (`-o text:`, `-o concise:`, `--output-format github`)
_CITELINT_OUTPUT = re.compile(
    rb"^(?:[^\n]*:\d+:\d+: CL\d{3} \[(?:critical|warning|info)\] |no findings in \d+ files?"
    rb"|::(?:error|warning|notice) )"
)
TEXT_HEAD = 4096  # bytes of a `.txt` file read to tell citelint's own output
STORM_RUN_INDEX = "url_to_info.json"  # STORM writes it beside the article of each run


def relpath(path: str, root: str) -> str:
    """`path` relative to `root`, POSIX style (cached: it sits on the hot path)."""
    return _relpath(os.path.abspath(path), os.path.abspath(root))


@lru_cache(maxsize=4096)
def _relpath(path: str, root: str) -> str:
    return os.path.relpath(path, root).replace(os.sep, "/")


def expand(paths: Sequence[str]) -> list[str]:
    """Paths as given; a glob (`reports/**/*.md`) that the shell left alone is expanded
    here. A path or glob that matches nothing is a usage error, never a silent pass."""
    out: list[str] = []
    for given in paths:
        if os.path.lexists(given):
            out.append(given)
        elif MAGIC.search(given):
            try:
                matched = expand_glob(given)
            except GlobError as exc:
                raise UsageError(str(exc)) from exc
            if not matched:
                raise UsageError(f"{given}: the pattern matches no file or folder")
            out.extend(matched)
        else:
            raise UsageError(f"{given}: no such file or folder")
    return out


@dataclass
class Found:
    """What discovery found: report files, folders it could not list, and notes."""

    reports: list[str] = field(default_factory=list)
    unreadable: list[tuple[str, str]] = field(default_factory=list)  # (folder, why)
    notes: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)  # named paths not linted, and why
    # `.txt` files a folder run found: reports only when citelint reads a citation in them
    tentative: set[str] = field(default_factory=set)


class Discovery:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.root = settings.project_root
        self._ignored: frozenset[str] | None = None
        self.generated: list[str] = []  # files citelint wrote, skipped
        self._index: Tracked | None = None  # built on first use (git runs once)
        self.untracked: list[str] = []  # reports git does not track, under --only-tracked

    def skipped_dir(self, path: str) -> bool:
        name = os.path.basename(path)
        if name.startswith(".") or name in _ALWAYS_SKIPPED:
            return True
        real = os.path.realpath(path)
        if self.settings.sources and real == os.path.realpath(self.settings.sources):
            return True
        if any(real == os.path.realpath(r) for r in self.settings.evidence_roots):
            return True
        cache = self.settings.cache_dir
        if cache and real == os.path.realpath(cache):
            return True
        if self.settings.sources is None and name == "sources":
            return True
        parent = os.path.dirname(path)
        if name == "evidence" and os.path.isdir(os.path.join(parent, "sources")):
            return True
        rel = relpath(path, self.root)
        return matches(rel, self.settings.exclude) or self.git_ignored(rel, folder=True)

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
        """Whether `path` is a report to lint. A `.txt` file (STORM and OpenAI's exports
        write reports so) named on the command line or matched by `include` is one; one a
        folder run finds is linted, and kept only when citelint reads a citation in it
        (the runner drops the others) — never a package list, never citelint's output."""
        rel = relpath(path, self.root)
        lower = path.lower()
        text = lower.endswith(TEXT_SUFFIXES) and (
            named
            or bool(self.settings.include and matches(rel, self.settings.include))
            or self._text_report(path)
        )
        if not lower.endswith(REPORT_SUFFIXES) and not text:
            return False
        if matches(rel, self.settings.exclude) or self.git_ignored(rel):
            return False
        if self.settings.include:
            return matches(rel, self.settings.include)
        return not _REPOSITORY_DOCUMENT.match(os.path.basename(path))

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

    @staticmethod
    def _text_report(path: str) -> bool:
        name = os.path.basename(path)
        if _NOT_A_TEXT_REPORT.match(name) or os.path.islink(path):
            return False  # a symlink is never opened to look: it may lead outside
        return not _CITELINT_OUTPUT.match(read_head(path, TEXT_HEAD).lstrip(b"\xef\xbb\xbf"))

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
        found.reports = sorted(set(found.reports), key=lambda p: relpath(p, self.root))
        found.unreadable.sort()
        return found

    def walk(self, folder: str, unreadable: list[tuple[str, str]]) -> Iterator[str]:
        """Reports below `folder`; folders that cannot be listed are recorded, not skipped
        in silence. Symlinked folders are not entered."""

        def record(error: OSError) -> None:
            unreadable.append((os.path.abspath(error.filename or folder), error.strerror or ""))

        for here, dirs, names in os.walk(folder, onerror=record):
            dirs[:] = sorted(d for d in dirs if not self.skipped_dir(os.path.join(here, d)))
            for name in sorted(names):
                path = os.path.join(here, name)
                if (
                    self.wanted(path)
                    and not self.written_by_citelint(path)
                    and not self.not_tracked(path)
                ):
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


def find_sources_root(report: str, sources: str | None, project_root: str) -> str | None:
    """`--sources`/config, else `sources/` beside the report or in a parent folder (not
    above the project), else the report's own folder when STORM laid out its run there
    (the article beside its `url_to_info.json`). One function for every config's linter:
    the runner lets a root go by the root the report's own linter read."""
    if sources:
        return sources
    here = os.path.dirname(os.path.abspath(report))
    if not os.path.isdir(os.path.join(here, "sources")) and os.path.isfile(
        os.path.join(here, STORM_RUN_INDEX)
    ):
        return here
    while True:
        candidate = os.path.join(here, "sources")
        if os.path.isdir(candidate):
            return candidate
        if os.path.abspath(here) == os.path.abspath(project_root):
            return None
        parent = os.path.dirname(here)
        if parent == here:
            return None
        here = parent


def in_shard(rel: str, shard: tuple[int, int]) -> bool:
    """Deterministic sharding by the SHA-256 of the POSIX path (DECISIONS O9); K is 1-based."""
    k, n = shard
    return int(hashlib.sha256(rel.encode("utf-8")).hexdigest(), 16) % n == k - 1
