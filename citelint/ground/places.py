"""Where things are: a path as the run shows it, the paths a command line names, a
report's sources root, the shard a report falls in (DECISIONS O3, O9)."""

from __future__ import annotations

import hashlib
import os
from collections.abc import Sequence
from functools import lru_cache

from citelint.ground.errors import UsageError
from citelint.ground.globs import MAGIC, GlobError
from citelint.ground.globs import expand as expand_glob

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
