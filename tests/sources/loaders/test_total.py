"""Every loader is total: any JSON value, any bytes and any locator give spans or a
`SourceError` (CL007), never another exception. Files in a pull request are written by
strangers; a malformed source must cost one finding, not the run."""

from __future__ import annotations

import json
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from citelint.sources.kinds import ALL_KINDS, SourceKind
from citelint.sources.model import Failure, SourceError, Span
from citelint.sources.text_cache import TextCache

# CI runs every property with at least 2,000 examples (`CITELINT_FUZZ_EXAMPLES` raises it).
EXAMPLES = max(2000, int(os.environ.get("CITELINT_FUZZ_EXAMPLES", "2000")))

KEYS = st.sampled_from(
    [
        "PubTator3", "documents", "passages", "infons", "text", "type", "section_type",
        "annotations", "id", "pmid", "PMID", "pmcid", "doi", "resultList", "result",
        "abstractText", "title", "protocolSection", "resultsSection", "identificationModule",
        "nctId", "studies", "models", "nct_id", "start_line", "end_line", "abstract",
        "results", "pubYear", "firstPublicationDate", "x",
    ]
)  # fmt: skip
SCALARS = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=20)
)
JSON_VALUES = st.recursive(
    SCALARS,
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(KEYS | st.text(max_size=8), children, max_size=5)
    ),
    max_leaves=25,
)
LOCATORS = st.none() | st.sampled_from(
    [
        "abstract", "results", "title", "annotations", "methods", "outcomes", "line:1-2",
        "L1-L3", "page:1", "page:2:line:1-2", "§1", "x.y.0", "models.x", "intro", "0",
        "eligibility", "",
    ]
) | st.text(max_size=12)  # fmt: skip


class _Context:
    """A load context with a toc sidecar of any shape."""

    cache: TextCache | None = None
    max_pdf_pages = 500

    def __init__(self, sidecar: bytes | None) -> None:
        self.sidecar = sidecar

    def read_sidecar(self, path: str, beside: str) -> bytes | None:
        return self.sidecar


LOADERS = [
    (kind, ext) for kind in ALL_KINDS for ext in dict.fromkeys(kind.extensions) if ext != "pdf"
]


def _exercise(
    kind: SourceKind, ext: str, data: bytes, sidecar: bytes | None, locator: object
) -> None:
    try:
        loaded = kind.loader(ext)(f"/x/1.{ext}", data, "1", _Context(sidecar))
    except SourceError:
        return
    for loc in (locator, None):
        result = loaded.resolve(loc if isinstance(loc, str) or loc is None else None)
        assert isinstance(result, Span | Failure)
        if kind.fallback is not None and isinstance(loc, str) and loc:
            kind.fallback(loaded, loc)


# Each generated input goes to every loader, so every loader sees EXAMPLES inputs.


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
@given(value=JSON_VALUES, sidecar=st.none() | JSON_VALUES, locator=LOCATORS)
def test_any_json_value(value: object, sidecar: object, locator: object) -> None:
    data = json.dumps(value).encode()
    toc = None if sidecar is None else json.dumps(sidecar).encode()
    for kind, ext in LOADERS:
        _exercise(kind, ext, data, toc, locator)


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.binary(max_size=300), locator=LOCATORS)
def test_any_bytes(data: bytes, locator: object) -> None:
    for kind, ext in LOADERS:
        _exercise(kind, ext, data, data[:40] or None, locator)


@pytest.mark.parametrize(
    "data",
    [
        b'{"PubTator3": ["x"]}',
        b'{"documents": [{"id": "X", "passages": 5}]}',
        b'{"resultList": []}',
        b'{"resultList": {"result": 5}}',
        b"[" * 100_000,
        b"1" * 5000,
        b'{"a": ' + b"9" * 5000 + b"}",
        b'{"sec": {"start_line": Infinity}}',
        b'{"sec": {"start_line": NaN}}',
        b'{"sec": {"start_line": 1e400}}',
        b"<PubmedArticleSet><PubmedArticle>" * 10 + b"&#0;",
    ],
)
def test_known_malformed_sources(data: bytes) -> None:
    for kind, ext in LOADERS:
        _exercise(kind, ext, data, data, "abstract")


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.binary(max_size=400))
def test_any_bytes_as_pdf(data: bytes) -> None:
    guideline = next(k for k in ALL_KINDS if k.name == "guideline")
    _exercise(guideline, "pdf", b"%PDF-1.4\n" + data, None, "page:1")
