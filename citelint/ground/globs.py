"""One glob dialect for command-line paths and config `include`/`exclude`, matched in
linear time and expanded without ever following a symlinked folder.

A pattern is split at `/` into segments: `**` matches any number of folders, `*` and `?`
any run of characters or one character within a segment, `[abc]` one of a set. A
segment is matched on its own (a name is at most a few hundred characters), and the
segments by a set of positions stepped once per path part — so twelve `**` on a deep path
cost twelve steps a part, never the exponential backtracking a single regex of nested
`(?:.*/)?` gives. `{a,b}` stands for each of its choices (`reports/{draft,old}/**`), as
in most glob dialects users know; a pattern may stand for at most `MAX_ALTERNATIVES`
patterns, beyond which it is an error rather than a silent miss. Expansion walks the
folders below the pattern's literal start once each and never names or enters a
symlinked folder: two self-links (`a -> .`, `b -> .`) are no maze, and nothing outside
the tree is listed through one.
"""

from __future__ import annotations

import fnmatch
import os
import re
from collections.abc import Iterator, Sequence
from functools import lru_cache

MAGIC = re.compile(r"[*?\[{]")
MAX_ALTERNATIVES = 64
_BRACE = re.compile(r"\{([^{}]*,[^{}]*)\}")


class GlobError(ValueError):
    """A pattern citelint will not expand (it stands for too many patterns)."""


@lru_cache(maxsize=256)
def alternatives(pattern: str) -> tuple[str, ...]:
    """The patterns `{a,b}` groups stand for, innermost first; braces without a comma
    are literal characters."""
    out = [pattern]
    while any(_BRACE.search(p) for p in out):
        nxt = []
        for p in out:
            m = _BRACE.search(p)
            if m is None:
                nxt.append(p)
                continue
            nxt += [p[: m.start()] + choice + p[m.end() :] for choice in m.group(1).split(",")]
            if len(nxt) > MAX_ALTERNATIVES:
                raise GlobError(f"{pattern!r} stands for more than {MAX_ALTERNATIVES} patterns")
        out = nxt
    return tuple(dict.fromkeys(out))


_Segment = re.Pattern[str] | None  # None: `**`


@lru_cache(maxsize=512)
def _segment(text: str) -> re.Pattern[str]:
    return re.compile(fnmatch.translate(text).replace(".*", "[^/]*"))


@lru_cache(maxsize=256)
def compile_glob(pattern: str, *, anywhere: bool) -> tuple[_Segment, ...]:
    """The pattern's segments; `anywhere`: a pattern without `/` matches in any folder."""
    pattern = pattern.removeprefix("./").rstrip("/")
    parts: list[str] = []
    for part in pattern.split("/"):
        if part == "**" or "**" not in part:
            parts.append(part)
        else:  # `**.md`, `a**`: any folders, then the rest within one name
            parts.extend(("**", part.replace("**", "*")))
    if anywhere and "/" not in pattern:
        parts.insert(0, "**")
    return tuple(None if p == "**" else _segment(p) for p in parts)


def _closure(segments: tuple[_Segment, ...], states: set[int]) -> frozenset[int]:
    """The positions reachable without consuming a part (`**` may match none)."""
    out = set(states)
    todo = list(states)
    while todo:
        i = todo.pop()
        if i < len(segments) and segments[i] is None and i + 1 not in out:
            out.add(i + 1)
            todo.append(i + 1)
    return frozenset(out)


def _step(
    segments: tuple[_Segment, ...], states: frozenset[int], name: str, *, dots: bool = True
) -> frozenset[int]:
    """The positions after matching one path part; `dots=False`: a wildcard does not
    match a name starting with `.` (shell and `glob` semantics, for command-line paths)."""
    nxt: set[int] = set()
    for i in states:
        if i >= len(segments):
            continue
        segment = segments[i]
        if segment is None:
            if dots or not name.startswith("."):
                nxt.add(i)  # `**` takes this part and may take more
        elif segment.fullmatch(name) and (dots or not name.startswith(".") or _dotted(segment)):
            nxt.add(i + 1)
    return _closure(segments, nxt)


def _dotted(segment: re.Pattern[str]) -> bool:
    """Whether a segment itself starts with a `.` (and so may match a dot-name)."""
    return segment.pattern.startswith(r"(?s:\.")


def matches(rel: str, patterns: Sequence[str]) -> bool:
    """Whether a project-relative POSIX path, or a folder above it, matches a pattern: a
    matched folder holds everything below it."""
    parts = rel.split("/")
    for pattern in (p for given in patterns for p in alternatives(given)):
        segments = compile_glob(pattern, anywhere=True)
        states = _closure(segments, {0})
        for part in parts:
            states = _step(segments, states, part)
            if not states:
                break
            if len(segments) in states:
                return True
    return False


def expand(given: str) -> list[str]:
    """The files and folders a command-line glob names, sorted. A symlinked folder is
    neither named nor entered (a symlinked file is named, and refused where it leads)."""
    return sorted({path for pattern in alternatives(given) for path in _expand(pattern)})


def _expand(pattern: str) -> list[str]:
    absolute = pattern.startswith("/")
    parts = pattern.lstrip("/").split("/")
    literal = 0
    while literal < len(parts) - 1 and not MAGIC.search(parts[literal]):
        literal += 1
    base = ("/" if absolute else "") + "/".join(parts[:literal])
    start = base or "."
    if not os.path.isdir(start) or (base and os.path.islink(start)):
        return []
    segments = compile_glob("/".join(parts[literal:]), anywhere=False)
    prefix = base.rstrip("/") + "/" if base else ""
    return sorted(_walk(start, prefix, segments, _closure(segments, {0})))


def _walk(
    folder: str, prefix: str, segments: tuple[_Segment, ...], states: frozenset[int]
) -> Iterator[str]:
    try:
        with os.scandir(folder) as listing:
            entries = sorted((e.name, e.is_dir(follow_symlinks=False), e) for e in listing)
    except OSError:
        return  # an unreadable folder matches nothing below it; discovery reports it
    for name, is_dir, entry in entries:
        after = _step(segments, states, name, dots=False)
        if not after:
            continue
        path = prefix + name
        if entry.is_symlink() and entry.is_dir():
            continue  # a symlinked folder is never a glob's match nor entered
        if len(segments) in after:
            yield path
        if is_dir and any(i < len(segments) for i in after):
            yield from _walk(os.path.join(folder, name), path + "/", segments, after)
