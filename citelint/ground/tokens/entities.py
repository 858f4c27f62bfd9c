"""Entity tokens (DECISIONS E1–E4): alphanumeric codes, NCT ids, PMIDs and DOIs.

A code holds a digit and an upper-case letter (`KEYNOTE-189`, `T790M`, `NCT01828099`);
a capitalised word followed by a number (`CheckMate 651`) is one code. Labels that
govern numbers (`HR`, `ORR`) and dose or ordinal shapes (`10mg`, `2nd`) are not codes.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from enum import StrEnum

from citelint.ground.tokens.numbers import CACHED_TEXT
from citelint.ground.tokens.quantity import is_strict_label
from citelint.ground.tokens.text import HYPHENS, squash


class EntityKind(StrEnum):
    CODE = "code"
    PMID = "pmid"
    DOI = "doi"


@dataclass(frozen=True, slots=True)
class EntityToken:
    text: str
    key: str  # squashed: case-folded, hyphens and spaces removed
    start: int
    end: int
    kind: EntityKind = EntityKind.CODE


_SEGMENT = rf"[A-Za-z0-9]+(?:[-{HYPHENS}][A-Za-z0-9]+)*"
# Only runs holding a digit and an upper-case letter can be codes: look ahead before
# matching, so ordinary words cost one failed look-ahead instead of a trim.
_RUN = rf"[A-Za-z0-9\-{HYPHENS}]*"
_ENTITY_RE = re.compile(rf"(?<![A-Za-z0-9\-{HYPHENS}.])(?={_RUN}\d)(?={_RUN}[A-Z]){_SEGMENT}")
_WORD_NUMBER = re.compile(
    r"(?<![A-Za-z0-9])((?:[A-Z]{4,}|[A-Z][a-z]+[A-Z][A-Za-z]*))[ ]"
    r"(\d{2,4})(?![\d.%,]|\s*(?:%|mg|例|人|个月|months?|patients?))"
)
_PMID_RE = re.compile(r"\bPMID\s*(?::\s*)?(\d{5,9})\b")
_DOI_RE = re.compile(r"\b(10\.\d{4,9}/[-._;()/:A-Za-z0-9]*[A-Za-z0-9])")
# Biomedical codes the general shape misses: HGVS variants (`p.V600E`, `c.1799T>A`; the
# key drops the `p.`/`c.` so `V600E` and `p.V600E` are one code), dbSNP ids, exons.
_HGVS_RE = re.compile(r"(?<![A-Za-z0-9])[cgmnpr]\.\(?(?:[A-Z*][a-z]{0,2})?\d+[A-Za-z0-9_>*+]*\)?")
_RSID_RE = re.compile(r"(?<![A-Za-z0-9])rs\d{3,}(?!\d)")
_EXON_RE = re.compile(r"(?i:exons?)\s*(\d{1,2})(?!\d)|外显子\s*(\d{1,2})|(\d{1,2})\s*号?外显子")
# One capital and digits (`V600`, `T2`) is a code only where the context says so: after a
# gene-shaped symbol, or near a word that names variants, stages or MRI sequences.
_ONE_LETTER = re.compile(r"(?<![A-Za-z0-9.\-])[A-Z]\d{1,4}[A-Z]?(?![A-Za-z0-9])")
_GENE_BEFORE = re.compile(
    r"(?<![A-Za-z0-9])(?=[A-Z0-9\-]*[A-Z][A-Z0-9\-]*[A-Z])[A-Z][A-Z0-9\-]{1,9}\s+$"
)
_CODE_CONTEXT = re.compile(
    r"(?i:mutat\w*|mutant|variants?|substitutions?|alterations?|stag(?:e|ing)|mapping|"
    r"weighted|sequences?)|突变|分期|变异"
)
# Model and product codes with one capital: a letter, a hyphen and a number (`T-72`,
# `F-16`), or a capital between digits (`9K38`); `5d` or `10mg` never has that shape.
_MODEL_CODE = re.compile(rf"[A-Z][-{HYPHENS}]\d{{2,4}}|\d{{1,3}}[A-Z]\d{{1,4}}")
_EXCLUDED_ENTITY = re.compile(
    r"^(?:\d+(?:st|nd|rd|th|mg|ml|mL|yr|yrs|h|d|L|A|B|x)|Q\d+W|q\d+w|\d+[A-Za-z]{1,2}\d*|"
    r"[A-Za-z]\d|\d+[-][A-Za-z]+)$"
)


def entity_tokens(text: str, *, source: bool = False) -> list[EntityToken]:
    """Alphanumeric codes, NCT ids, PMIDs and DOIs written in `text`.

    With `source=True` every one-capital code is kept whatever its context, so a span
    that says `V600` supports a claim of `BRAF V600`.
    """
    if len(text) > CACHED_TEXT:  # a whole source span: indexed once by Evidence anyway
        return list(cached_entities.__wrapped__(text, source))
    return list(cached_entities(text, source))


def _biomedical(text: str, source: bool) -> list[EntityToken]:
    found = [
        EntityToken(m.group(0), squash(m.group(0)[2:]), m.start(), m.end())
        for m in _HGVS_RE.finditer(text)
    ]
    found += [
        EntityToken(m.group(0), m.group(0), m.start(), m.end()) for m in _RSID_RE.finditer(text)
    ]
    for m in _EXON_RE.finditer(text):
        number = next(g for g in m.groups() if g)
        found.append(EntityToken(m.group(0), f"exon{number}", m.start(), m.end()))
    for m in _ONE_LETTER.finditer(text):
        around = text[max(0, m.start() - 24) : m.end() + 24]
        if (
            source
            or _GENE_BEFORE.search(text, max(0, m.start() - 12), m.start())
            or (_CODE_CONTEXT.search(around))
        ):
            found.append(EntityToken(m.group(0), squash(m.group(0)), m.start(), m.end()))
    return found


@functools.lru_cache(maxsize=1 << 12)  # bounded: memory must not grow with the run
def cached_entities(text: str, source: bool) -> tuple[EntityToken, ...]:
    """Scanned once per distinct text (tokens are immutable records)."""
    found: list[EntityToken] = _biomedical(text, source)
    taken: list[tuple[int, int]] = [(t.start, t.end) for t in found]
    for m in _DOI_RE.finditer(text):
        found.append(
            EntityToken(m.group(1), m.group(1).casefold(), m.start(1), m.end(1), EntityKind.DOI)
        )
        taken.append((m.start(), m.end()))
    for m in _PMID_RE.finditer(text):
        found.append(EntityToken(m.group(0), m.group(1), m.start(), m.end(), EntityKind.PMID))
        taken.append((m.start(), m.end()))
    for m in _WORD_NUMBER.finditer(text):
        if any(a < m.end() and m.start() < b for a, b in taken):
            continue
        if is_strict_label(m.group(1)):
            continue
        found.append(EntityToken(m.group(0), squash(m.group(0)), m.start(), m.end()))
        taken.append((m.start(), m.end()))
    for m in _ENTITY_RE.finditer(text):
        if any(a < m.end() and m.start() < b for a, b in taken):
            continue
        token = _trim_entity(m.group(0))
        if token is None:
            continue
        offset = m.group(0).index(token)
        found.append(
            EntityToken(token, squash(token), m.start() + offset, m.start() + offset + len(token))
        )
    found.sort(key=lambda t: (t.start, t.end))
    return tuple(found)


def _trim_entity(raw: str) -> str | None:
    parts = re.split(rf"[-{HYPHENS}]", raw)
    seps = re.findall(rf"[-{HYPHENS}]", raw)
    if parts and parts[0].lower() == "anti" and len(parts) > 1:
        parts, seps = parts[1:], seps[1:]
    while len(parts) > 1 and parts[-1].islower():
        parts, seps = parts[:-1], seps[:-1]
    token = parts[0] + "".join(s + p for s, p in zip(seps, parts[1:], strict=False))
    letters = sum(c.isalpha() for c in token)
    if letters < 2 and _MODEL_CODE.fullmatch(token):
        return token  # `T-72`, `9K38`: one capital is enough in a model's shape
    if letters < 2 or not any(c.isdigit() for c in token) or not any(c.isupper() for c in token):
        return None
    if _EXCLUDED_ENTITY.match(token):
        return None
    return token
