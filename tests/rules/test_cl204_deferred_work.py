"""CL204's reading of a report's own abbreviations (its findings are the fixtures')."""

from __future__ import annotations

import random
import re

import pytest

from citelint.rules.cl204_deferred_work import DEFAULT_PHRASES, defined_abbreviations


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("### 4.1 Track-Before-Detect (TBD) Techniques", {"TBD"}),
        ("Time Based Delivery (TBD) is used on every route.", {"TBD"}),
        ("Launch date: To Be Determined (TBD).", set()),  # the deferral, spelled out
        ("The owner is TBD.", set()),
        ("See the budget table (TBD).", set()),  # initials `stb`: no definition
        ("Technical Debt Overview (TODO)", set()),  # four letters, three words
    ],
)
def test_an_abbreviation_the_report_defines(text: str, named: set[str]) -> None:
    assert defined_abbreviations(text, DEFAULT_PHRASES) == named


def _over_the_whole_text(text: str, phrases: tuple[str, ...]) -> frozenset[str]:
    """The reading before the parenthesis was found first: one regex over the whole text."""
    from citelint.rules.cl204_deferred_work import _DEFINED, _TO_BE

    wanted = {p for p in phrases if p.isupper() and p.isalpha()}
    named = set()
    for m in _DEFINED.finditer(text):
        short = m.group(2)
        if short in wanted and short not in named:
            words = re.split(r"[\s-]+", m.group(1).strip())[-len(short) :]
            initials = "".join(w[:1] for w in words).upper()
            if initials == short and not _TO_BE.match(" ".join(words)):
                named.add(short)
    return frozenset(named)


def test_the_words_before_each_parenthesis_are_the_ones_one_regex_read() -> None:
    # pieces that meet the edges: words longer than the 41 characters read, a parenthesis
    # that is no abbreviation, full-width brackets, spaces of any kind before the bracket
    pieces = ["Track", "Before", "Detect", "To", "be", "T", "B", "D", " ", "   \t", "-",
              "\u00a0", "\n", "(", ")", "（", "）", "TBD", "AB", "(see)", "é", ",",
              "abcdefghijklmnopqrstuvwxyz", "Qrstuvwxyz Abcdefghij"]  # fmt: skip
    phrases = ("TBD", "AB", "TODO")
    rng = random.Random(204)
    for _ in range(20_000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 40)))
        assert defined_abbreviations(text, phrases) == _over_the_whole_text(text, phrases), text


def test_the_words_read_per_abbreviation_do_not_grow_with_the_text(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # a long run of words is not matched from each of its letters: the parenthesis is found
    # first, and only the 41 characters of words before it are matched
    import citelint.rules.cl204_deferred_work as cl204

    read: list[int] = []
    pattern = cl204._DEFINED

    class Counting:
        def search(self, text: str, pos: int, endpos: int) -> re.Match[str] | None:
            read.append(endpos - pos)
            return pattern.search(text, pos, endpos)

    monkeypatch.setattr(cl204, "_DEFINED", Counting())
    text = "word " * 100_000 + "Track Before Detect (TBD)"
    assert defined_abbreviations(text, ("TBD",)) == {"TBD"}
    assert read == [41 + len(" (TBD)")]
