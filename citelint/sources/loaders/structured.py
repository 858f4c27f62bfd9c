"""JSON sources: generic records, ClinicalTrials.gov v2, AACT, Europe PMC (BioC: bioc.py).

A structured span's text is its string values in document order; values that are whole
numbers become `NumberField`s (DECISIONS X2, F1), so units living in other fields can be
judged from their context instead of being matched blindly.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from citelint.sources.loaders.jsonparts import dig, obj, parse_json, pointer
from citelint.sources.model import Failure, FailureKind, NumberField, Resolution, SourceError, Span

_NUMBER = re.compile(r"^[+\-−]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?$|^[+\-−]?\.\d+$")
_STRUCTURAL = re.compile(r"^(?:offset|length|id|ids|.*_id|.*Id|.*Ids|version|hitCount|rank)$")
_TAG = re.compile(r"<[^>]+>")
_WHOLE = ("fulltext", "all", "body", "record")
_DATE_KEY = re.compile(r"date|year", re.I)
_NOT_PUBLICATION_DATE = re.compile(r"update|revision|index|creation|modif", re.I)

CTGOV_ALIASES = {
    "results": ("resultsSection",),
    "outcomes": ("resultsSection.outcomeMeasuresModule", "protocolSection.outcomesModule"),
    "adverse-events": ("resultsSection.adverseEventsModule",),
    "baseline": ("resultsSection.baselineCharacteristicsModule",),
    "eligibility": ("protocolSection.eligibilityModule",),
    "arms": ("protocolSection.armsInterventionsModule",),
    "design": ("protocolSection.designModule",),
    "conditions": ("protocolSection.conditionsModule",),
    "description": ("protocolSection.descriptionModule",),
    "status": ("protocolSection.statusModule",),
    "sponsor": ("protocolSection.sponsorCollaboratorsModule",),
}  # public schema names of the v2 API, not facts


@dataclass(slots=True)
class Flat:
    texts: list[str] = field(default_factory=list)
    fields: list[NumberField] = field(default_factory=list)


def flatten(
    node: Any,
    *,
    strip_html: bool = False,
    out: Flat | None = None,
    context: tuple[str, str] = ("", ""),
    groups: dict[str, str] | None = None,
) -> Flat:
    """String values (as text) and whole-number values (as fields) in document order.

    A field's context is the string values of its enclosing objects, nearest first: a
    ClinicalTrials.gov measurement holds only `value` and `groupId`, and its unit lives in
    the outcome measure two levels up (DECISIONS F1, read with ancestors). `context` is
    that text as written and casefolded.
    """
    out = out if out is not None else Flat()
    groups = groups or {}
    if isinstance(node, dict):
        own = " ".join(
            v
            for k, v in node.items()
            if isinstance(v, str) and not _NUMBER.match(v) and not _STRUCTURAL.match(str(k))
        )
        # An object with no words of its own (a measurement's `{groupId, value}`: an id
        # names, it does not say what is measured) shares its parent's context, folded
        # once: a copy per field or per object held a results table's 2,000-character
        # context once per measurement (a third of a hinted run's memory).
        if own:
            raw = f"{own} {context[0]}"[:2000]
            context = (raw, raw.casefold())
        groups = _groups(node.get("groups"), groups)  # a result's groups, by their ids
        group = groups.get(str(node.get("groupId", "")), "")
        for key, value in node.items():
            if isinstance(value, bool) or value is None:
                continue
            if isinstance(value, (int, float)) or (isinstance(value, str) and _NUMBER.match(value)):
                if not _STRUCTURAL.match(str(key)):
                    out.fields.append(NumberField(str(value), str(key), context[1], group))
            elif isinstance(value, str):
                out.texts.append(_clean(value) if strip_html else value)
            else:
                flatten(value, strip_html=strip_html, out=out, context=context, groups=groups)
    elif isinstance(node, list):
        for item in node:
            if isinstance(item, str):
                out.texts.append(_clean(item) if strip_html else item)
            elif isinstance(item, (int, float)) and not isinstance(item, bool):
                out.fields.append(NumberField(str(item), "", context[1]))
            else:
                flatten(item, strip_html=strip_html, out=out, context=context, groups=groups)
    elif isinstance(node, str):
        out.texts.append(_clean(node) if strip_html else node)
    return out


def _groups(listed: object, outer: dict[str, str]) -> dict[str, str]:
    """ClinicalTrials.gov's `groups: [{id, title}]` of a result, over the outer ones: a
    measurement names its group only by `groupId`."""
    if not isinstance(listed, list):
        return outer
    found = {
        str(g["id"]): str(g["title"])
        for g in listed
        if isinstance(g, dict) and isinstance(g.get("id"), str) and isinstance(g.get("title"), str)
    }
    return {**outer, **found} if found else outer


def _clean(value: str) -> str:
    return html.unescape(_TAG.sub(" ", value)) if "<" in value or "&" in value else value


def collect_dates(node: Any, out: list[str] | None = None) -> list[str]:
    """Publication and registration dates; revision and processing dates are not (N7)."""
    out = out if out is not None else []
    if isinstance(node, dict):
        for key, value in node.items():
            dated = _DATE_KEY.search(str(key)) and not _NOT_PUBLICATION_DATE.search(str(key))
            if dated:
                out.extend(
                    flatten(value).texts if not isinstance(value, (str, int)) else [str(value)]
                )
            elif isinstance(value, (dict, list)):
                collect_dates(value, out)
    elif isinstance(node, list):
        for item in node:
            collect_dates(item, out)
    return out


@dataclass(frozen=True, slots=True)
class JsonSource:
    """A JSON record and the locator rules of its source type."""

    path: str
    root: Any
    aliases: dict[str, tuple[str, ...]] = field(default_factory=dict)
    sections: Callable[[Any, str], list[Any]] | None = None  # BioC section matching
    key_matcher: Callable[[Any, str], str | None] | None = None  # AACT model names
    strip_html: bool = False
    ids: frozenset[str] = frozenset()
    dates: str = ""
    text_of: Callable[[Any], Flat] | None = None
    # a node of the record's text and fields, by the node: an alias and its key
    # (`results`, `resultsSection`) and every whole-record locator name one node,
    # flattened once (the node is held beside them, so its id names no other)
    flats: dict[int, tuple[Any, str, tuple[NumberField, ...]]] = field(
        default_factory=dict, compare=False, repr=False
    )

    def span(self, node: Any, locator: str | None, pointer: str) -> Resolution:
        # a node of the record is kept; a matched section list (no pointer) is new each time
        keep = bool(pointer) or node is self.root
        known = self.flats.get(id(node)) if keep else None
        if known is None:
            flat = self.text_of(node) if self.text_of else flatten(node, strip_html=self.strip_html)
            known = (node, "\n".join(t for t in flat.texts if t.strip()), tuple(flat.fields))
            if keep:
                self.flats[id(node)] = known
        _, text, fields = known
        if not text.strip() and not fields:
            what = f"'{locator}'" if locator else "the record"
            return Failure(FailureKind.NO_LOCATOR, f"{what} holds no text", self.path)
        return Span(
            self.path,
            locator,
            text,
            pointer=pointer,
            structured=True,
            fields=fields,
            ids=self.ids,
            dates=self.dates,
        )

    def locators(self) -> tuple[str, ...]:
        keys = [k for k in self.root if isinstance(k, str)] if isinstance(self.root, dict) else []
        present = [a for a, ts in self.aliases.items() if any(dig(self.root, t)[0] for t in ts)]
        return tuple(dict.fromkeys([*present, *(k for k in keys if not _STRUCTURAL.match(k))]))

    def resolve(self, locator: str | None) -> Resolution:
        if locator is None:
            return self.span(self.root, None, "")
        if locator in self.aliases:
            for target in self.aliases[locator]:
                found, node = dig(self.root, target)
                if found:
                    return self.span(node, locator, pointer(target))
            return Failure(
                FailureKind.NO_LOCATOR, f"record has no {self.aliases[locator][0]}", self.path
            )
        if isinstance(self.root, dict) and locator in self.root:
            return self.span(self.root[locator], locator, pointer(locator))
        if self.key_matcher is not None:
            key = self.key_matcher(self.root, locator)
            if key is not None:
                return self.span(dig(self.root, key)[1], locator, pointer(key))
        found, node = dig(self.root, locator)
        if found:
            return self.span(node, locator, pointer(locator))
        if self.sections is not None:
            matched = self.sections(self.root, locator)
            if matched:
                return self.span(matched, locator, "")
        if locator.lower() in _WHOLE:
            return self.span(self.root, locator, "")
        return Failure(
            FailureKind.NO_LOCATOR, f"no key, path or section '{locator}' in the record", self.path
        )


def record_id_mismatch(declared: Any, ident: str, what: str) -> None:
    if declared is not None and str(declared) != ident:
        raise SourceError(f"holds the record for {what} {declared}, not {ident}")


# -- ClinicalTrials.gov v2 --------------------------------------------------------------


def load_ctgov(path: str, data: bytes, ident: str) -> JsonSource:
    root = parse_json(data)
    if isinstance(root, dict) and isinstance(root.get("studies"), list):
        if len(root["studies"]) != 1:
            raise SourceError(f"holds {len(root['studies'])} studies; save the one record")
        root = root["studies"][0]
    _, declared = dig(root, "protocolSection.identificationModule.nctId")
    _, aliases = dig(root, "protocolSection.identificationModule.nctIdAliases")
    # an alias id (a duplicate registration merged into this study) asks for this record:
    # ClinicalTrials.gov answers it with the study it names, saved under the id asked
    if not (isinstance(aliases, list) and ident in aliases):
        record_id_mismatch(declared, ident, "trial")
    ids = {ident} | ({str(declared)} if declared else set())
    _, org = dig(root, "protocolSection.identificationModule.orgStudyIdInfo.id")
    if org:
        ids.add(str(org))
    _, status = dig(root, "protocolSection.statusModule")
    dates = " ".join(collect_dates(status)) if status else ""
    return JsonSource(path, root, CTGOV_ALIASES, ids=frozenset(ids), dates=dates)


# -- AACT ------------------------------------------------------------------------------


def _aact_key(root: Any, locator: str) -> str | None:
    models = root.get("models") if isinstance(root, dict) else None
    if not isinstance(models, dict):
        return None

    def table_name(name: str) -> str:  # `outcome_measurements` = `OutcomeMeasurement`
        return name.replace("_", "").lower().removesuffix("s")

    want = table_name(locator)
    for key in models:
        if table_name(str(key)) == want:
            return f"models.{key}"
    return None


def load_aact(path: str, data: bytes, ident: str) -> JsonSource:
    root = parse_json(data)
    declared = root.get("nct_id") if isinstance(root, dict) else None
    record_id_mismatch(declared, ident, "trial")
    return JsonSource(path, root, key_matcher=_aact_key, ids=frozenset({ident}))


# -- Europe PMC ------------------------------------------------------------------------

_H4 = re.compile(r"<h4>(.*?)</h4>", re.I | re.S)


def load_europepmc(path: str, data: bytes, ident: str) -> JsonSource:
    root = parse_json(data)
    results = obj(obj(root).get("resultList")).get("result")
    if isinstance(results, list):
        hits = [
            r
            for r in results
            if isinstance(r, dict)
            and ident in (str(r.get("id")), str(r.get("pmid")), str(r.get("pmcid")))
        ]
        if len(hits) != 1:
            raise SourceError(
                f"search response holds {len(hits)} records for {ident}; it needs exactly one"
            )
        root = hits[0]
    if not isinstance(root, dict):
        raise SourceError("is not a Europe PMC record")
    abstract = str(root.get("abstractText") or "")
    labelled = _h4_sections(abstract)
    record = dict(root)
    types = obj(root.get("pubTypeList")).get("pubType")
    retracted = [str(t) for t in types if "retract" in str(t).lower()] if types else []
    if retracted:  # the `retraction` locator, as PubMed records have it
        record["retraction"] = "; ".join(retracted)
    for label, text in labelled.items():
        record.setdefault(label, text)
    ids = {str(root[k]) for k in ("id", "pmid", "pmcid", "doi") if root.get(k)}
    dates = " ".join(str(root[k]) for k in ("pubYear", "firstPublicationDate") if root.get(k))
    return JsonSource(path, record, _EPMC, strip_html=True, ids=frozenset(ids), dates=dates)


# Europe PMC locators; title, year, authors and journal as PubMed has them, for CL104.
_EPMC: dict[str, tuple[str, ...]] = {
    "abstract": ("abstractText",),
    "title": ("title",),
    "year": ("pubYear",),
    "authors": ("authorString",),
    "journal": ("journalTitle",),
}


def _h4_sections(abstract: str) -> dict[str, str]:
    parts = _H4.split(abstract)
    sections: dict[str, str] = {}
    for i in range(1, len(parts) - 1, 2):
        label = " ".join(parts[i].split()).lower().rstrip(":")
        for word in {label, label.rstrip("s"), label + "s"}:
            sections.setdefault(word, sections.get(word, "") + parts[i + 1])
    return sections
