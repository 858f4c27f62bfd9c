"""citelint's own regular expressions stay free of the shape that backtracks
quadratically on long runs of blanks: two `\\s*` around an optional piece (`\\s*[(]?\\s*`).
On a masked sentence of 40,000 blanks one such pattern cost 15 s (found by bench/fuzz.py);
`\\s*(?:[(]\\s*)?` matches the same text in one pass."""

from __future__ import annotations

import importlib
import pkgutil
import re

import citelint

_AMBIGUOUS = re.compile(r"\\s\*(?:\[[^\]]*\]|\\?.|[^\\(\[])[?*]\\s\*")


def _patterns() -> list[tuple[str, str]]:
    found = []
    for info in pkgutil.walk_packages(citelint.__path__, "citelint."):
        if info.name.endswith("__main__"):
            continue  # running it is the command line
        module = importlib.import_module(info.name)
        for name, value in vars(module).items():
            if isinstance(value, re.Pattern) and isinstance(value.pattern, str):
                found.append((f"{info.name}.{name}", value.pattern))
            elif isinstance(value, tuple | list):
                found += [
                    (f"{info.name}.{name}", v.pattern)
                    for item in value
                    for v in (item if isinstance(item, tuple) else (item,))
                    if isinstance(v, re.Pattern) and isinstance(v.pattern, str)
                ]
    return found


def test_no_pattern_has_two_blank_runs_around_an_optional_piece() -> None:
    patterns = _patterns()
    assert len(patterns) > 50
    assert [name for name, pattern in patterns if _AMBIGUOUS.search(pattern)] == []


def test_the_check_sees_the_shape() -> None:
    assert _AMBIGUOUS.search(r"\s*[(（]?\s*(?:brand)")
    assert _AMBIGUOUS.search(r"PMID\s*:?\s*(\d+)")
    assert _AMBIGUOUS.search(r"\s*\**\s*(\d)")
    assert not _AMBIGUOUS.search(r"\s*(?:[(（]\s*)?(?:brand)")
