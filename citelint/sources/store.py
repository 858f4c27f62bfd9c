"""The SourceStore: the only code that opens source files.

It turns `(type, id, locator)` into a `Span` or a typed `Failure`, confines every path to
the allowed roots before anything is opened, and loads and normalises each file once per
run however many anchors cite it.
"""

from __future__ import annotations

import os
import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from citelint.document import Anchor
from citelint.sources.cache import TextCache
from citelint.sources.loaders.pdf import load_pdf
from citelint.sources.loaders.pubmed import load_pubmed_xml
from citelint.sources.loaders.structured import (
    JsonSource,
    load_aact,
    load_bioc,
    load_ctgov,
    load_europepmc,
    load_pubtator_text,
    parse_json,
    record_id_mismatch,
)
from citelint.sources.loaders.text import TextSource, decode_text, load_html, load_text
from citelint.sources.model import Failure, Resolution, SourceError, Span
from citelint.sources.paths import inside, unsafe_id

DEFAULT_MAX_SOURCE_BYTES = 64 * 1024 * 1024
TEXT_EXTENSIONS = ("txt", "md", "html", "htm", "pdf")


class Loaded(Protocol):
    def resolve(self, locator: str | None) -> Resolution: ...


@dataclass(frozen=True, slots=True)
class SourceType:
    """Where files of one anchor type live: folders under the root and file endings."""

    dirs: tuple[str, ...]
    extensions: tuple[str, ...]
    bare_id_first: bool = False  # try the id as written before adding an extension


BUILTIN_SOURCE_TYPES: Mapping[str, SourceType] = {
    "guideline": SourceType(("guidelines",), TEXT_EXTENSIONS),
    "pmid": SourceType(("pubmed",), ("json", "xml")),
    "nct": SourceType(("trials", "clinical_trials"), ("json",)),
    "aact": SourceType(("aact",), ("json",)),
    "europepmc": SourceType(("europepmc",), ("json",)),
    "bioc": SourceType(("bioc",), ("json",)),
    "pubtator": SourceType(("pubtator",), ("json", "txt")),
    "evidence": SourceType(("evidence", ".", "../evidence"), ("md", "txt", "json", "csv"), True),
    "nmpa-page": SourceType(("nmpa",), ("html", "htm", "json", "txt", "md")),
}

# Which channel each built-in type belongs to (RULES §4); custom types are their own.
CHANNEL_OF_TYPE: Mapping[str, str] = {
    "nct": "clinical_trials",
    "aact": "clinical_trials",
    "pubtator": "pubtator",
    "pmid": "pubmed",
    "europepmc": "europepmc",
    "bioc": "bioc",
    "guideline": "guidelines",
    "evidence": "evidence",
    "nmpa-page": "nmpa",
}


@dataclass
class SourceStore:
    max_bytes: int = DEFAULT_MAX_SOURCE_BYTES
    evidence_roots: tuple[str, ...] = ()  # absolute extra roots for `evidence` anchors
    custom_types: Mapping[str, SourceType] = field(default_factory=dict)
    display: Callable[[str], str] | None = None  # how messages show a path; default: root-relative
    cache: TextCache | None = None  # persistent PDF text, when caching is on
    _loaded: dict[tuple[str, str, str], Loaded | Failure] = field(default_factory=dict)
    _resolved: dict[tuple[str | None, str, str, str | None], Resolution] = field(
        default_factory=dict
    )
    reads: int = 0  # files opened, for tests and benchmarks

    @property
    def types(self) -> dict[str, SourceType]:
        return {**BUILTIN_SOURCE_TYPES, **self.custom_types}

    def resolve(self, anchor: Anchor, root: str | None) -> Resolution:
        key = (root, anchor.type, anchor.id, anchor.locator)
        if key not in self._resolved:
            self._resolved[key] = self._resolve(anchor, root)
        return self._resolved[key]

    def _resolve(self, anchor: Anchor, root: str | None) -> Resolution:
        if root is None:
            return Failure(
                "CL002",
                "no sources folder found for this report (looked for sources/ beside it and in "
                "its parents); pass --sources DIR",
            )
        reason = unsafe_id(anchor.id)
        if reason:
            return Failure("CL006", f"id {anchor.id!r} {reason}; it is never used as a path")
        located = self.locate(anchor.type, anchor.id, root)
        if isinstance(located, Failure):
            return located
        loaded = self._load(anchor.type, anchor.id, located, root)
        if isinstance(loaded, Failure):
            return loaded
        resolution = loaded.resolve(anchor.locator)
        if (
            isinstance(resolution, Failure)
            and resolution.code == "CL003"
            and anchor.type == "nmpa-page"
            and isinstance(loaded, TextSource)
            and anchor.locator
        ):
            return _phrase_block(loaded, anchor.locator) or resolution
        return resolution

    def candidates(self, type_: str, ident: str, root: str) -> list[str]:
        spec = self.types.get(type_)
        if spec is None:
            return []
        bases = [os.path.normpath(os.path.join(root, d)) for d in spec.dirs]
        if type_ == "evidence":
            bases += list(self.evidence_roots)
        names = ([ident] if spec.bare_id_first else []) + [f"{ident}.{e}" for e in spec.extensions]
        return [os.path.join(base, name) for base in bases for name in names]

    def allowed_roots(self, type_: str, root: str) -> tuple[str, ...]:
        roots = [root]
        if type_ == "evidence":
            roots += [os.path.join(root, "..", "evidence"), *self.evidence_roots]
        return tuple(os.path.realpath(r) for r in roots)

    def locate(self, type_: str, ident: str, root: str) -> str | Failure:
        """The first existing candidate file, confined to the allowed roots."""
        tried = self.candidates(type_, ident, root)
        allowed = self.allowed_roots(type_, root)
        for path in tried:
            if not os.path.lexists(path):
                continue
            if not inside(path, allowed):
                return Failure(
                    "CL006",
                    f"{self._show(path, root)} leads outside the sources root (symlink); "
                    "it is not read",
                    path,
                )
            if os.path.isfile(path):
                return path
        shown = ", ".join(self._show(p, root) for p in tried[:4])
        more = f" and {len(tried) - 4} more" if len(tried) > 4 else ""
        return Failure("CL002", f"no source file: tried {shown}{more}", tried[0] if tried else None)

    def _show(self, path: str, root: str) -> str:
        return self.display(path) if self.display else _rel(path, root)

    def read(self, path: str) -> bytes:
        """Open one confined file; the size limit is checked before reading (CL007)."""
        size = os.path.getsize(path)
        if size > self.max_bytes:
            raise SourceError(f"is {size} bytes, over max-source-bytes ({self.max_bytes})")
        self.reads += 1
        with open(path, "rb") as handle:
            return handle.read(self.max_bytes + 1)

    def _load(self, type_: str, ident: str, path: str, root: str) -> Loaded | Failure:
        key = (os.path.realpath(path), type_, ident)
        if key not in self._loaded:
            try:
                self._loaded[key] = self._loader(type_, path)(path, self.read(path), ident, root)
            except SourceError as exc:
                self._loaded[key] = Failure("CL007", f"{self._show(path, root)} {exc}", path)
            except OSError as exc:
                self._loaded[key] = Failure(
                    "CL007", f"{self._show(path, root)} cannot be read ({exc.strerror})", path
                )
        return self._loaded[key]

    def _loader(self, type_: str, path: str) -> Callable[[str, bytes, str, str], Loaded]:
        ext = path.rsplit(".", 1)[-1].lower() if "." in os.path.basename(path) else ""
        specific: dict[tuple[str, str], Callable[[str, bytes, str, str], Loaded]] = {
            ("pmid", "xml"): lambda p, d, i, r: load_pubmed_xml(p, d, i),
            ("pmid", "json"): lambda p, d, i, r: _pubmed_json(p, d, i),
            ("nct", "json"): lambda p, d, i, r: load_ctgov(p, d, i),
            ("aact", "json"): lambda p, d, i, r: load_aact(p, d, i),
            ("europepmc", "json"): lambda p, d, i, r: load_europepmc(p, d, i),
            ("bioc", "json"): lambda p, d, i, r: load_bioc(p, d, i),
            ("pubtator", "json"): lambda p, d, i, r: load_bioc(p, d, i),
            ("pubtator", "txt"): lambda p, d, i, r: load_pubtator_text(p, decode_text(d), i),
        }
        if (type_, ext) in specific:
            return specific[(type_, ext)]
        if ext == "pdf":
            return lambda p, d, i, r: replace(load_pdf(p, d, self.cache), toc=_toc(p, self))
        if ext in ("html", "htm"):
            return lambda p, d, i, r: load_html(p, d, _toc(p, self))
        if ext == "json":
            return lambda p, d, i, r: JsonSource(p, parse_json(d))
        return lambda p, d, i, r: load_text(p, d, _toc(p, self))


def _pubmed_json(path: str, data: bytes, ident: str) -> JsonSource:
    root = parse_json(data)
    if isinstance(root, dict):
        declared = root.get("pmid", root.get("PMID"))
        record_id_mismatch(declared, ident, "PMID")
    return JsonSource(path, root, ids=frozenset({ident}))


def _toc(path: str, store: SourceStore) -> dict[str, tuple[int, int]] | None:
    """`<id>.toc.json` beside a guideline: `{"§5.5.2": {"start_line": 18, "end_line": 28}}`."""
    toc_path = path.rsplit(".", 1)[0] + ".toc.json"
    if not os.path.isfile(toc_path) or not inside(
        toc_path, (os.path.dirname(os.path.realpath(path)),)
    ):
        return None
    data: Any = parse_json(store.read(toc_path))
    if not isinstance(data, dict):
        raise SourceError(f"has a toc file {os.path.basename(toc_path)} that is not an object")
    toc: dict[str, tuple[int, int]] = {}
    for key, value in data.items():
        try:
            start = int(value["start_line"])
            end = int(value.get("end_line", start))
        except (TypeError, KeyError, ValueError) as exc:
            raise SourceError(
                f"has a toc entry {key!r} without a whole start_line "
                f"in {os.path.basename(toc_path)}"
            ) from exc
        toc[str(key)] = (start, end)
    return toc


def _phrase_block(source: TextSource, phrase: str) -> Span | None:
    """nmpa-page phrase locator: the blank-line-delimited block holding the phrase (X9)."""
    want = _squash(phrase)
    if not want:
        return None
    start = 0
    lines = source.lines
    for i in range(len(lines) + 1):
        if i == len(lines) or not lines[i].strip():
            if start < i and want in _squash(" ".join(lines[start:i])):
                return Span(source.path, phrase, "\n".join(lines[start:i]), start + 1, i)
            start = i + 1
    return None


def _squash(text: str) -> str:
    return "".join(unicodedata.normalize("NFKC", text).casefold().split())


def _rel(path: str, root: str) -> str:
    base = os.path.dirname(os.path.normpath(root))
    rel = os.path.relpath(os.path.normpath(path), base) if base else path
    return rel.replace(os.sep, "/")
