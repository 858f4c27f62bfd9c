"""Shared by the source tests: resolving anchors against a throwaway or the real corpus tree."""

from __future__ import annotations

import json
import os
import shutil
import sys
from pathlib import Path

import pytest

from citelint.ground.document import Anchor
from citelint.sources.model import Failure, Span
from citelint.sources.store import SourceStore
from tests.conftest import Writer


def resolve(
    root: Path, type_: str, ident: str, locator: str | None = None, store: SourceStore | None = None
) -> Span | Failure:
    return (store or SourceStore()).resolve(Anchor(type_, ident, locator, 0, 1), str(root))


def span(
    root: Path, type_: str, ident: str, locator: str | None = None, store: SourceStore | None = None
) -> Span:
    result = resolve(root, type_, ident, locator, store)
    assert isinstance(result, Span), result
    return result


def failure(
    root: Path, type_: str, ident: str, locator: str | None = None, store: SourceStore | None = None
) -> Failure:
    result = resolve(root, type_, ident, locator, store)
    assert isinstance(result, Failure), result
    return result


GUIDE = "# Guide\n\n## 5.5 Lung\nintro\n### 5.5.2 EGFR\nline six\nline seven\n## 6 Other\nend\n"


@pytest.fixture
def root(project: Writer) -> Path:
    project("sources/guidelines/G.md", GUIDE)
    project("sources/guidelines/T.txt", "Title\n5.5.2 EGFR mutations\nbody a\n5.6 Next part\nb\n")
    project(
        "sources/guidelines/T.toc.json",
        json.dumps({"§5.5.2": {"start_line": 2, "end_line": 3}, "one": {"start_line": 5}}),
    )
    project(
        "sources/guidelines/H.html",
        "<html><head><style>h2{}</style></head><body>\n"
        "<h2>Dosing</h2>\n<p>80 mg &amp; daily</p>\n<h2>Other</h2>\n<p>x</p></body></html>",
    )
    project("sources/evidence/model.md", "a\nb\nc\n")
    project("sources/evidence/table.csv", "arm,orr (%)\nA,45\n")
    project("evidence/outside_root.md", "sibling evidence\n")
    project("sources/nmpa/P1.txt", "批准文号 国药准字H1\n\n适应症：非小细胞肺癌。\n用法 80 mg。\n")
    return Path(str(project("sources/.keep", ""))).parent


@pytest.fixture
def real(corpus: Path, tmp_path: Path) -> Path:
    root = tmp_path / "sources"
    copies = {
        "pubmed/biomcp/22663011.xml": "pubmed/22663011.xml",
        "pubmed/metapub/23657305.xml": "pubmed/23657305.xml",
        "trials/mcode/NCT02513394.json": "trials/NCT02513394.json",
        "trials/aact_spec/NCT06388018.studies_wrapper.json": "clinical_trials/NCT06388018.json",
        "trials/aact_spec_edge/NCT02278341.json": "trials/NCT99999999.json",
        "bioc/pubtator3/22663011.json": "bioc/22663011.json",
        "aact/NCT06388018.json": "aact/NCT06388018.json",
        "europepmc/biomcp/search_pmid_20516115.json": "europepmc/20516115.json",
        "europepmc/pyEuropePMC/search_cancer_core.json": "europepmc/core.json",
        "pubtator/tmVar.Normalization.txt": "pubtator/22051099.txt",
        "pdf/papers/journal.pone.0196757.pdf": "guidelines/PONE.pdf",
        "pdf/pypdf/encrypted/r6-user-password.pdf": "guidelines/ENC.pdf",
        "pdf/pypdf/encrypted/r2-user-password.pdf": "guidelines/ENC2.pdf",
        "pdf/pypdf/encrypted/r6-empty-password.pdf": "guidelines/EMPTYPW.pdf",
        "pdf/pypdf/malformed/issue-297.pdf": "guidelines/BROKEN.pdf",
        "pdf/pypdf/no_text/imagemagick-images.pdf": "guidelines/IMAGES.pdf",
        "pubmed/metapub_edge/35726897.xml": "pubmed/35726897.xml",
    }
    for src, dst in copies.items():
        target = root / dst
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(corpus / src, target)
    return root


_OPENED: list[str] | None = None


def _audit(event: str, args: tuple[object, ...]) -> None:
    if _OPENED is not None and event == "open" and isinstance(args[0], (str, bytes)):
        _OPENED.append(os.fsdecode(args[0]))


sys.addaudithook(_audit)


class opened_files:  # noqa: N801 - reads as a phrase: `with opened_files() as opened`
    """Every file the interpreter opens inside the block, from the `open` audit event."""

    def __enter__(self) -> list[str]:
        global _OPENED
        _OPENED = []
        return _OPENED

    def __exit__(self, *exc: object) -> None:
        global _OPENED
        _OPENED = None
