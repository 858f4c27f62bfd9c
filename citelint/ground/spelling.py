"""Did you mean: the one helper every typo message uses — options, subcommands, rule codes
and names, config keys, anchor types.

A name is close to a known one when an edit of at most one character (two for names
longer than five) turns it into it, a swap of two neighbours counting as one edit (`pmdi`
→ `pmid`, `fecth` → `fetch`). Case is ignored, and `_` reads as `-` (`fail_on` is the
kebab-case `fail-on`).
"""

from __future__ import annotations

from collections.abc import Iterable


def distance(a: str, b: str) -> int:
    """Edits between two names: insertions, deletions, substitutions and swaps of two
    neighbouring characters (the optimal string alignment distance)."""
    rows = [list(range(len(b) + 1))]
    for i, ca in enumerate(a, 1):
        row = [i]
        for j, cb in enumerate(b, 1):
            best = min(rows[-1][j] + 1, row[j - 1] + 1, rows[-1][j - 1] + (ca != cb))
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                best = min(best, rows[-2][j - 2] + 1)
            row.append(best)
        rows = [rows[-1], row]
    return rows[-1][-1]


def _folded(name: str) -> str:
    return name.lower().replace("_", "-")


def closest(word: str, known: Iterable[str]) -> list[str]:
    """The known names close to `word`, nearest first, ties in sorted order."""
    folded = _folded(word)
    scored = []
    for name in sorted(set(known)):
        d = distance(folded, _folded(name))
        if d <= (1 if len(name) <= 5 else 2):
            scored.append((d, name))
    return [name for _, name in sorted(scored)]


def did_you_mean(word: str, known: Iterable[str]) -> str:
    """`; did you mean 'x'?` for the nearest known name, or nothing."""
    near = closest(word, known)
    return f"; did you mean '{near[0]}'?" if near else ""
