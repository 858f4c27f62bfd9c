"""A claim and its evidence window read as frames, and compared slot by slot (CL114).

A claim can be built from the right words and still be wrong: the population it names,
what it compares with, which of two arms crossed over to the other, which arm a ratio's
larger share went to, what it ranks first, which way things went, or which measure a
value belongs to. Each is read off both texts by sentence form — prepositions,
connectives, a ratio's shape, a rank's phrase — never from a list of things:

- the **parties** (`parties.py`): a population qualifier the source never says, a
  comparator other than the window's, roles reversed around a shared connective, a
  ratio's arms in the other order;
- **rank**: `the most common`, `the first`, `the highest` said of something the window
  does not rank so (or a rank the window does not give at all); `first formed`, `only
  reported` (before a participle; `the highest need` is a noun) say when or how, and
  rank nothing;
- **direction**: a change or comparison the claim states of its one value (`inferior`,
  `improved`, `reduced`) when its window states none at all (an opposite one is
  CL108's; a claim with no value paraphrases, `enhances the versatility`; one with two
  takes its direction from them, `longer: 4.8 vs 1.5 months`);
- **absence**: something the window says was not seen (`were not observed`, `no … was
  reported`) that the claim says was;
- **measure**: a value said of a measure that the source gives another value for, while
  the window gives this value for a longer, other measure (`the hazard ratio for death
  was 0.45` where the source says `hazard ratio for disease progression or death, 0.45`
  and `hazard ratio for death, 0.54`).

Words are compared by stem, as `parties.py` says. What these checks cannot read is not
a pass: it is no finding, and the claim's verdict rests on its window alone.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import lru_cache

from citelint.evidence.parties import (
    Mismatch,
    comparator,
    population,
    ratio,
    roles,
    shown,
    stem,
    stems,
)
from citelint.ground.tokens import relation_words as g

# -- population -----------------------------------------------------------------------


# -- comparator -----------------------------------------------------------------------


# -- roles around a shared connective ---------------------------------------------------


# -- ratio ------------------------------------------------------------------------------


# -- rank -------------------------------------------------------------------------------

_RANK = re.compile(
    r"\b(?:the\s+)?(?P<rank>most\s+(?:common|frequent|frequently\s+\w+|prevalent)|"
    r"(?:first|only|leading|largest|highest|lowest|greatest)\s+(?=\w)(?![a-z]*[^\We]ed\b))",
    re.I,
)
_COPULA = re.compile(r"\b(?:was|were|is|are|remains?|remained|became)\s+(?:the\s+)?$", re.I)
# `the most common adverse events were …`: the verb closes the ranked noun phrase, a few
# words on, in the same clause — `took the first step towards independence when … the
# event is now commemorated` ranks no subject
_VERB_AFTER = re.compile(r"(?:[\w-]+\s+){0,4}?(?:was|were|is|are|included?)\b", re.I)


def rank(claim: str, window: str) -> Iterator[Mismatch]:
    """A rank the claim gives something that the window does not give it."""
    for c in _RANK.finditer(claim):
        phrase = stem(c.group("rank").split()[-1].lower()), c.group("rank").split()[0].lower()
        subject = _ranked(claim, c)
        if not subject:
            continue
        found = [
            w
            for w in _RANK.finditer(window)
            if (stem(w.group("rank").split()[-1].lower()), w.group("rank").split()[0].lower())
            == phrase
        ]
        if not found:
            yield Mismatch(
                c.start(),
                "rank",
                f"it calls it the {c.group('rank').strip()}, but the window ranks nothing so",
            )
            continue
        if any(subject & _ranked(window, w) for w in found):
            continue
        w = found[0]
        named = " ".join(x.text for x in g.words(claim[: c.start()]) if stem(x.text) in subject)
        theirs = _written(window, w)
        yield Mismatch(
            c.start(),
            "rank",
            f"it calls '{named or ' '.join(sorted(subject))}' the {c.group('rank').strip()}, but "
            f"the source says so of '{shown(theirs, 60)}'",
        )


def _written(text: str, m: re.Match[str]) -> str:
    """What a rank is said of, as the text writes it."""
    before = text[: m.start()]
    copula = _COPULA.search(before)
    if copula is not None:
        return re.split(r"[;.:()]", before[: copula.start()])[-1].strip()
    verb = _VERB_AFTER.match(text, m.end())
    return re.split(r"[;.]", text[verb.end() :])[0].strip() if verb else m.group(0)


def _ranked(text: str, m: re.Match[str]) -> frozenset[str]:
    """What a rank is said of: the words before `was the most common`, or after `the
    most common X was`."""
    before = text[: m.start()]
    copula = _COPULA.search(before)
    if copula is not None:
        return stems(re.split(r"[,;.:()]|\band\b", before[: copula.start()])[-1]) | stems(
            before[: copula.start()].split(";")[-1]
        )
    verb = _VERB_AFTER.match(text, m.end())
    return stems(text[verb.end() :].split(";")[0].split(".")[0]) if verb else frozenset()


# -- direction --------------------------------------------------------------------------

_CHANGES = re.compile(
    r"\b(?:improv|worsen|increas|decreas|reduc|higher|lower|longer|shorter|superior|"
    r"inferior|better|worse|greater|smaller|fewer|prolong|declin|elevat|exceed|outperform)\w*",
    re.I,
)


def direction(claim: str, window: str) -> Iterator[Mismatch]:
    """A change or comparison the claim states of its values when the window states none
    (a claim with no value paraphrases: `enhances the versatility` is a reading, not a
    measured change)."""
    said = _CHANGES.search(claim)
    if said is None or sum(1 for w in g.words(claim) if w.kind == "num") != 1:
        return  # no value: a reading; two: the direction is theirs (`4.8 vs 1.5`, CL108's)
    if _CHANGES.search(window) or g.directions(window):
        return
    yield Mismatch(
        said.start(),
        "direction",
        f"it says '{said.group(0)}', but the window states no change or comparison",
    )


# -- absence ----------------------------------------------------------------------------

_ABSENT = re.compile(
    r"(?P<np>[\w -]{3,80}?)\s+(?:was|were|has\s+been|have\s+been)\s+not\s+"
    r"(?:observed|seen|reported|found|detected|noted|identified)"
    r"|\bno\s+(?P<np2>[\w -]{3,60}?)\s+(?:was|were|has\s+been|have\s+been)\s+"
    r"(?:observed|seen|reported|found|detected|noted|identified)",
    re.I,
)


def absence(claim: str, window: str) -> Iterator[Mismatch]:
    """Something the window says was not seen, which the claim says was (or was
    caused): `Secondary skin neoplasms were not observed` against `caused secondary skin
    neoplasms`."""
    if g.negations(claim):
        return
    for m in _ABSENT.finditer(window):
        named = stems(m.group("np") or m.group("np2") or "")
        if len(named) >= 2 and named <= stems(claim):
            at = next((w.start for w in g.words(claim) if stem(w.text) in named), 0)
            yield Mismatch(
                at,
                "absence",
                f"it says so of what the source says was not seen: {shown(m.group(0))!r}",
            )
            return


# -- measure ----------------------------------------------------------------------------

_GROUP_CUT = re.compile(r"\s+(?:in|among|with|at|by|during|after|on)\s+.*$", re.I)
_ARTICLE = re.compile(r"^(?:the|a|an)\s+", re.I)


@lru_cache(maxsize=256)
def _measures(text: str) -> tuple[tuple[str, int, frozenset[str], str], ...]:
    """Each value of a text with the stems of the measure written right before it."""
    out: list[tuple[str, int, frozenset[str], str]] = []
    tokens = g.words(text)
    for i, w in enumerate(tokens):
        if w.kind != "num" or _dated(tokens, i):
            continue
        j = i - 1
        while j >= 0 and (
            (tokens[j].kind == "sep" and tokens[j].text == ",") or tokens[j].text in _VERBS
        ):
            j -= 1
        start = j
        while start >= 0 and i - start <= 14 and tokens[start].kind == "word":
            start -= 1
        begin = tokens[start + 1].start if start + 1 < len(tokens) else w.start
        end = tokens[j].start + len(tokens[j].text) if j >= 0 else w.start
        written = text[begin:end] if j > start else ""
        written = _ARTICLE.sub("", _GROUP_CUT.sub("", written))
        if start >= 0 and tokens[start].kind == "num" and out and out[-1][1] == tokens[start].start:
            # `4.8 months in A and 1.5 months in B`: the value after another shares its
            # measure, never `months`
            out.append((w.text, w.start, out[-1][2], out[-1][3]))
        elif written:
            out.append((w.text, w.start, stems(written), written))
    return tuple(out)


_VERBS = frozenset({"was", "were", "is", "are", "of", "reached", "equalled", "equaled", "at"})
# a day after its month, a year after `July 4,`: a date's parts, never a measure's value
# (`declared on July 2, 1776 … commemorated on July 4`)
_MONTH = re.compile(
    r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
    r"sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?",
    re.I,
)


def _dated(tokens: tuple[g.Word, ...], i: int) -> bool:
    before = [t for t in tokens[max(0, i - 3) : i] if t.text != ","]
    if before and _MONTH.fullmatch(before[-1].text):
        return True
    return len(before) >= 2 and before[-1].kind == "num" and bool(_MONTH.fullmatch(before[-2].text))


def measure(claim: str, window: str, span: str) -> Iterator[Mismatch]:
    """A value said of a measure that the source gives another value for, while the
    window gives this value for another measure."""
    said_here = {v: (m, w) for v, _, m, w in _measures(window)}
    for value, at, mine, written in _measures(claim):
        if len(mine) < 2 or value not in said_here:
            continue
        theirs, their_words = said_here[value]
        if theirs == mine:
            continue
        # the page is read only for a claim that gets this far, and once (kept)
        exact = sorted({v for v, _, m, _ in _measures(span) if m == mine and v != value})
        if exact:
            yield Mismatch(
                at,
                "measure",
                f"the source gives {value} for '{shown(their_words, 60)}' and "
                f"{' and '.join(exact[:2])} for '{shown(written, 60)}'",
            )


# -- all of it ------------------------------------------------------------------------


@lru_cache(maxsize=2048)
def mismatches(claim: str, window: str, span: str) -> tuple[Mismatch, ...]:
    """Every slot where the claim says what its window does not (kept: reports repeat)."""
    found = [
        *population(claim, span),
        *comparator(claim, window),
        *roles(claim, window),
        *ratio(claim, window),
        *rank(claim, window),
        *direction(claim, window),
        *absence(claim, window),
        *measure(claim, window, span),
    ]
    return tuple(sorted(found, key=lambda m: m.at))
