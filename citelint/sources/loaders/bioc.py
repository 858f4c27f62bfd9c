"""BioC and PubTator records: passages with section types, and the PubTator text format.

Locators: `title`, `abstract`, and a BioC section type (`intro`, `methods`, `results`,
`discuss`, `concl`, `table`, `fig`); PubTator text files hold a title and an abstract.
"""

from __future__ import annotations

from typing import Any

from citelint.sources.loaders.jsonparts import items, obj, parse_json
from citelint.sources.loaders.structured import Flat, JsonSource, record_id_mismatch
from citelint.sources.model import SourceError


def bioc_documents(root: Any) -> list[Any]:
    if isinstance(root, dict):
        for key in ("PubTator3", "documents"):
            if isinstance(root.get(key), list):
                return [d for d in root[key] if isinstance(d, dict)]
        if "passages" in root:
            return [root]
    if isinstance(root, list):  # documents, or collections (PMC's BioC API answers a list)
        out: list[Any] = []
        for item in root:
            if isinstance(item, dict) and isinstance(item.get("documents"), list):
                out.extend(d for d in item["documents"] if isinstance(d, dict))
            elif isinstance(item, dict):
                out.append(item)
        return out
    return []


def _bioc_text(node: Any) -> Flat:
    """Passage text only: infons are metadata and never numeric support (L5)."""
    out = Flat()
    passages: list[Any] = []
    if isinstance(node, list) and all(isinstance(p, dict) and "text" in p for p in node):
        passages = node
    else:
        for doc in bioc_documents(node):
            passages.extend(items(doc.get("passages")))
    for passage in passages:
        if isinstance(passage, dict) and isinstance(passage.get("text"), str):
            out.texts.append(passage["text"])
        elif isinstance(passage, str):
            out.texts.append(passage)
    return out


def _bioc_sections(root: Any, locator: str) -> list[Any]:
    want = locator.lower()
    passages = [
        p for d in bioc_documents(root) for p in items(d.get("passages")) if isinstance(p, dict)
    ]
    if want == "annotations":
        return [
            {"text": a.get("text", "")}
            for p in passages
            for a in items(p.get("annotations"))
            if isinstance(a, dict)
        ]
    key = "type" if want in ("title", "abstract") else "section_type"
    return [p for p in passages if str(obj(p.get("infons")).get(key, "")).lower() == want]


def load_bioc(path: str, data: bytes, ident: str) -> JsonSource:
    root = parse_json(data)
    docs = bioc_documents(root)
    if not docs:
        raise SourceError("holds no BioC document")
    return bioc_source(path, root, ident)


def bioc_source(path: str, root: Any, ident: str) -> JsonSource:
    docs = bioc_documents(root)
    if len(docs) == 1 and docs[0].get("id") is not None:
        declared = str(docs[0]["id"]).split("|")[0]
        if ident.upper().startswith("PMC") and declared.isdigit():
            declared = "PMC" + declared  # PMC's BioC documents may drop the prefix
        record_id_mismatch(declared, ident, "document")
    ids = {str(d.get("id", "")).split("|")[0] for d in docs} | {ident}
    return JsonSource(
        path, root, sections=_bioc_sections, ids=frozenset(ids - {""}), text_of=_bioc_text
    )


def load_pubtator_text(path: str, text: str, ident: str) -> JsonSource:
    """PubTator text format: `PMID|t|title`, `PMID|a|abstract`, tab-separated annotations."""
    passages: list[dict[str, Any]] = []
    annotations: list[dict[str, Any]] = []
    for line in text.splitlines():
        head, sep, rest = line.partition("|")
        if sep and rest[:2] in ("t|", "a|") and head.strip() == ident:
            kind = "title" if rest[0] == "t" else "abstract"
            passages.append({"infons": {"type": kind}, "text": rest[2:], "annotations": []})
        elif "\t" in line and line.split("\t", 1)[0].strip() == ident:
            cols = line.split("\t")
            if len(cols) >= 4:
                annotations.append({"text": cols[3]})
    if not passages:
        raise SourceError(f"holds no PubTator record for {ident}")
    passages[-1]["annotations"] = annotations
    root = {"id": ident, "passages": passages}
    return bioc_source(path, root, ident)
