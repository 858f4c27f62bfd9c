"""Who a claim speaks of and against whom, read off the claim and its window by sentence
form (CL114, `frames.py`): its population, its comparator, the roles on either side of a
connective and a ratio's order — and the `Mismatch` record every frame slot gives back.

- **population**: the words qualifying `patients` (`among patients with BRAF wild-type
  melanoma`) that the cited source never says anywhere;
- **comparator**: what the claim compares with (`as compared with X`, `versus X`, `than
  X`) when the window compares with something else (`more than 40` bounds a count and
  compares with nothing);
- **roles**: two names on either side of a connective both texts share (`the
  chemotherapy group … crossed over to trametinib`) standing the other way round;
- **ratio**: an unequal allocation (`2:1`) whose two arms the claim lists in the other
  order.

Words are compared by stem (the first five letters of a longer word, each part of a
hyphenated one), so `reduced` meets `reduction` and `BRAF-inhibitor` meets `BRAF
inhibitor`."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

from citelint.ground.tokens import relation_words as g


@dataclass(frozen=True, slots=True)
class Mismatch:
    at: int  # where in the claim
    slot: str  # population | comparator | roles | ratio | rank | direction | absence | measure
    says: str  # what the claim says against what the window says, for the message


def stem(word: str) -> str:
    return word[:5] if len(word) > 5 and word.isalpha() else word


@lru_cache(maxsize=4096)
def stems(text: str) -> frozenset[str]:
    """A text's content words by stem; a hyphenated word counts whole and by its parts."""
    out: set[str] = set()
    for w in g.words(text):
        if not g.is_label(w):
            continue
        out.add(stem(w.text))
        if "-" in w.text:
            out.update(stem(p) for p in w.text.split("-") if len(p) > 1)
    return frozenset(out)


def _content(text: str) -> list[str]:
    return [w.text for w in g.words(text) if g.is_label(w)]


def shown(text: str, limit: int = 90) -> str:
    text = " ".join(text.split()).strip(" ,;")
    return text if len(text) <= limit else text[: limit - 1] + "…"


_PEOPLE = (
    r"patients|participants|subjects|people|persons|individuals|adults|children|women|men|"
    r"infants|adolescents|users|residents|cases"
)

_POPULATION = re.compile(
    rf"\b(?:among|in|for|of)\s+(?:the\s+)?(?P<before>(?:[\w-]+\s+){{0,3}}?)(?:{_PEOPLE})\b"
    rf"(?:\s+(?:with|who\s+(?:had|have|were|are)|aged|receiving|treated\s+with|harbou?ring)"
    rf"\s+(?P<after>[^,;.()]+))?",
    re.I,
)


def population(claim: str, span: str) -> Iterator[Mismatch]:
    """Qualifiers of the claim's population that the cited source never says."""
    said = stems(span)
    for m in _POPULATION.finditer(claim):
        words = _content(m.group("before") or "") + _content(m.group("after") or "")
        missing = [w for w in words if stem(w) not in said and not _parts_said(w, said)]
        if missing:
            named = m.group(0)[m.start("before") - m.start() :]
            yield Mismatch(
                m.start("before"),
                "population",
                f"it is said of '{shown(named)}', but the source never says '{', '.join(missing)}'",
            )


def _parts_said(word: str, said: frozenset[str]) -> bool:
    parts = [p for p in word.split("-") if len(p) > 1]
    return len(parts) > 1 and all(stem(p) in said for p in parts)


_COMPARED = re.compile(
    r"\b(?:(?:as\s+)?compared\s+(?:with|to)|versus|vs\.?|relative\s+to|in\s+comparison\s+"
    r"(?:with|to)|than)\s+(?:the\s+|those\s+(?:in|of|with|receiving)\s+(?:the\s+)?)?"
    r"(?P<what>[\w-]+(?:\s+[\w-]+){0,3})",
    re.I,
)

_COMPARATOR_END = re.compile(r"\s+(?:in|at|among|for|with|by|on|after|during|was|were)\b.*$", re.I)


def _comparators(text: str) -> list[tuple[int, frozenset[str], str]]:
    out = []
    for m in _COMPARED.finditer(text):
        if m.group("what")[:1].isdigit():
            continue  # `more than 40 species`: a bound on a count, not a comparator
        what = _COMPARATOR_END.sub("", m.group("what"))
        found = stems(what) - _NUMBERISH
        if found:
            out.append((m.start("what"), found, what))
    return out


_NUMBERISH = frozenset({"baseline", "before", "prior", "previous", "expected"})


def comparator(claim: str, window: str) -> Iterator[Mismatch]:
    """What the claim compares with, against what the window compares with."""
    theirs = _comparators(window)
    if not theirs:
        return
    for at, mine, written in _comparators(claim):
        if any(mine <= other or other <= mine for _, other, _ in theirs):
            continue
        listed = " or ".join(f"'{shown(w, 50)}'" for _, _, w in theirs[:2])
        yield Mismatch(
            at,
            "comparator",
            f"it compares with '{shown(written, 50)}', but the source compares with {listed}",
        )


_CONNECTIVES = re.compile(
    r"\b(?:cross(?:ed|es|ing)?\s+over\s+to|switch(?:ed|es|ing)?\s+to|convert(?:ed)?\s+to|"
    r"transferred\s+to)",
    re.I,
)


def roles(claim: str, window: str) -> Iterator[Mismatch]:
    """Two names standing on either side of a connective both texts share, the other way
    round in the claim (`the trametinib group crossed over to chemotherapy`)."""
    for c in _CONNECTIVES.finditer(claim):
        kind = stem(c.group(0).split()[0].lower())
        for w in _CONNECTIVES.finditer(window):
            if stem(w.group(0).split()[0].lower()) != kind:
                continue
            c_before, c_after = _side(claim, c.start(), -1), _side(claim, c.end(), 1)
            w_before, w_after = _side(window, w.start(), -1), _side(window, w.end(), 1)
            crossed = (c_before & w_after) - w_before, (c_after & w_before) - w_after
            if crossed[0] and crossed[1]:
                first, second = _word(claim, crossed[0]), _word(claim, crossed[1])
                yield Mismatch(
                    c.start(),
                    "roles",
                    f"it has '{first}' before '{shown(c.group(0), 30)}' and '{second}' after, "
                    f"but the source has them the other way round",
                )
                return


def _word(text: str, wanted: frozenset[str]) -> str:
    """The first word of a text whose stem is one of these, as written."""
    for w in g.words(text):
        if g.is_label(w) and stem(w.text) in wanted:
            return w.text
    return sorted(wanted)[0]


def _side(text: str, at: int, step: int) -> frozenset[str]:
    """The content stems of the clause on one side of a place."""
    piece = text[:at] if step < 0 else text[at:]
    clause = re.split(r"[;.:()]", piece)
    part = clause[-1] if step < 0 else clause[0]
    return stems(part)


_RATIO = re.compile(r"(?<![\d.])(\d{1,2})\s*:\s*(\d{1,2})(?![\d.:])")


def ratio(claim: str, window: str) -> Iterator[Mismatch]:
    """An unequal allocation whose arms the claim lists in the other order."""
    c, w = _RATIO.search(claim), _RATIO.search(window)
    if c is None or w is None or c.group(1) == c.group(2) or c.groups() != w.groups():
        return
    c_lead, w_lead = _order(claim[: c.start()]), _order(window[: w.start()])
    place = {s: i for i, (s, _) in enumerate(w_lead)}
    shared = [(s, word) for s, word in c_lead if s in place]
    for (a, first), (b, second) in itertools.pairwise(shared):
        if place[a] > place[b]:
            yield Mismatch(
                c.start(),
                "ratio",
                f"it lists '{first}' before '{second}' for {c.group(0)}, but the source "
                f"allocates {c.group(0)} to '{second}' and '{first}' in that order",
            )
            return


def _order(before: str) -> list[tuple[str, str]]:
    """The content words of the clause leading up to a ratio (stem, word), in order, each
    once."""
    clause = re.split(r"[.;]", before)[-1]
    seen: dict[str, str] = {}
    for w in g.words(clause):
        if g.is_label(w):
            seen.setdefault(stem(w.text), w.text)
    return list(seen.items())
