"""Resolution of every source type and locator form, confinement, and unreadable files."""

from __future__ import annotations

import json
import os
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from citelint.document import Anchor
from citelint.sources.model import Failure, FailureKind, Span
from citelint.sources.store import SourceStore
from tests.conftest import Writer


def resolve(
    root: Path, type_: str, ident: str, locator: str | None = None, store: SourceStore | None = None
) -> Span | Failure:
    return (store or SourceStore()).resolve(Anchor(type_, ident, locator, 0, 1), str(root))


def span(root: Path, *args: str | None) -> Span:
    result = resolve(root, *args)  # type: ignore[arg-type]
    assert isinstance(result, Span), result
    return result


def failure(root: Path, *args: str | None) -> Failure:
    result = resolve(root, *args)  # type: ignore[arg-type]
    assert isinstance(result, Failure), result
    return result


# -- text sources ------------------------------------------------------------------------

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


@pytest.mark.parametrize(
    ("locator", "text", "lines"),
    [
        (None, GUIDE, (1, 10)),
        ("line:6", "line six", (6, 6)),
        ("line:6-7", "line six\nline seven", (6, 7)),
        ("lines:6-7", "line six\nline seven", (6, 7)),
        ("L6-L7", "line six\nline seven", (6, 7)),
        ("L6", "line six", (6, 6)),
        ("line:8-999", "## 6 Other\nend\n", (8, 10)),
        ("§5.5.2", "### 5.5.2 EGFR\nline six\nline seven", (5, 7)),
        ("5.5", "## 5.5 Lung\nintro\n### 5.5.2 EGFR\nline six\nline seven", (3, 7)),
        ("Other", "## 6 Other\nend\n", (8, 10)),
    ],
)
def test_text_locators(root: Path, locator: str | None, text: str, lines: tuple[int, int]) -> None:
    s = span(root, "guideline", "G", locator)
    assert s.text == text and (s.start_line, s.end_line) == lines


@pytest.mark.parametrize(
    "locator", ["line:0", "line:11", "line:7-6", "§9", "5.5.2.1", "Oth", "page:1"]
)
def test_text_locator_failures(root: Path, locator: str) -> None:
    assert failure(root, "guideline", "G", locator).kind is FailureKind.NO_LOCATOR


def test_toc_and_numbered_headings(root: Path) -> None:
    assert span(root, "guideline", "T", "§5.5.2").text == "5.5.2 EGFR mutations\nbody a"
    assert span(root, "guideline", "T", "one").text == "b"
    assert span(root, "guideline", "T", "5.6").text == "5.6 Next part\nb\n"


def test_html_source(root: Path) -> None:
    s = span(root, "guideline", "H", "Dosing")
    assert (
        "80 mg & daily" in s.text and "h2{}" not in s.text and (s.start_line, s.end_line) == (2, 3)
    )


def test_evidence_roots_and_suffixes(root: Path) -> None:
    assert span(root, "evidence", "model.md", "line:2").text == "b"
    assert span(root, "evidence", "model", "line:3").text == "c"
    assert "45" in span(root, "evidence", "table.csv").text
    assert span(root, "evidence", "outside_root.md").text.startswith("sibling")


def test_nmpa_phrase_locator(root: Path) -> None:
    s = span(root, "nmpa-page", "P1", "非小细胞肺癌")
    assert s.text == "适应症：非小细胞肺癌。\n用法 80 mg。" and s.start_line == 3
    assert failure(root, "nmpa-page", "P1", "乳腺癌").kind is FailureKind.NO_LOCATOR


def test_custom_source_type(project: Writer) -> None:
    from citelint.sources.kinds import custom_kind

    project("sources/patents/US1.json", json.dumps({"claims": "A method using 5 mg."}))
    store = SourceStore(
        custom_kinds={"patent": custom_kind("patent", ("patents",), ("json", "txt"))}
    )
    root = project("x", "").parent / "sources"
    assert "5 mg" in span(root, "patent", "US1", "claims", store).text  # type: ignore[arg-type]


def test_id_used_as_written(project: Writer) -> None:
    project("sources/guidelines/NCCN-2024.txt", "wrong file")
    root = project("sources/guidelines/NCCN-2024.v3.txt", "right file").parents[1]
    assert span(root, "guideline", "NCCN-2024.v3").text == "right file"


def test_no_sources_root() -> None:
    result = SourceStore().resolve(Anchor("pmid", "1", None, 0, 1), None)
    assert isinstance(result, Failure) and result.kind is FailureKind.NO_SOURCE
    assert "no sources folder found" in result.message


def test_each_file_is_read_once(root: Path) -> None:
    store = SourceStore()
    for locator in ("line:1", "line:2", "§5.5.2", None, "Other"):
        resolve(root, "guideline", "G", locator, store)
    assert store.reads == 1


# -- real structured sources ---------------------------------------------------------------


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


def test_pubmed_xml_sections(real: Path) -> None:
    assert "HR" not in span(real, "pmid", "22663011", "title").text
    results = span(real, "pmid", "22663011", "results")
    assert "0.45" in results.text and "4.8 months" in results.text
    assert "322 patients" in span(real, "pmid", "22663011", "methods").text
    assert (
        span(real, "pmid", "22663011", "conclusion").text
        == span(real, "pmid", "22663011", "conclusions").text
    )
    whole = span(real, "pmid", "22663011", "abstract").text
    assert results.text in whole
    assert span(real, "pmid", "22663011", "year").text == "2012"
    assert (
        "N Engl J Med" in span(real, "pmid", "22663011", "journal").text
        or span(real, "pmid", "22663011", "journal").text
    )
    assert "Flaherty" in span(real, "pmid", "22663011", "authors").text
    assert "2012" in span(real, "pmid", "22663011", "abstract").dates
    assert failure(real, "pmid", "22663011", "discussion").kind is FailureKind.NO_LOCATOR


def test_pubmed_labels_as_words(real: Path) -> None:
    s = span(real, "pmid", "23657305", "methods")
    assert s.text


def test_pubmed_record_must_match_id(real: Path, tmp_path: Path) -> None:
    shutil.copy(real / "pubmed/22663011.xml", real / "pubmed/11111111.xml")
    f = failure(real, "pmid", "11111111", "abstract")
    assert f.kind is FailureKind.UNREADABLE and "no record for PMID 11111111" in f.message


def test_pubmed_record_without_abstract(real: Path) -> None:
    result = resolve(real, "pmid", "35726897", "abstract")
    assert isinstance(result, Failure)


def test_ctgov_aliases_against_real_record(real: Path) -> None:
    results = span(real, "nct", "NCT02513394", "results")
    assert results.structured and results.pointer == "/resultsSection"
    values = {f.value for f in results.fields}
    assert {"0.96", "0.81", "1.14"} <= values
    assert "Inclusion Criteria" in span(real, "nct", "NCT02513394", "eligibility").text
    design = span(real, "nct", "NCT02513394", "design")
    assert any(f.key == "count" for f in design.fields)
    dotted = span(real, "nct", "NCT02513394", "protocolSection.designModule.enrollmentInfo")
    assert dotted.pointer == "/protocolSection/designModule/enrollmentInfo"
    assert "NCT02513394" in results.ids
    for alias in (
        "outcomes",
        "adverse-events",
        "baseline",
        "arms",
        "conditions",
        "description",
        "status",
        "sponsor",
    ):
        assert span(real, "nct", "NCT02513394", alias).pointer


def test_ctgov_wrapper_and_missing_results(real: Path) -> None:
    assert span(real, "nct", "NCT06388018", "eligibility").text
    f = failure(real, "nct", "NCT06388018", "results")
    assert f.kind is FailureKind.NO_LOCATOR and "resultsSection" in f.message


def test_ctgov_id_mismatch(real: Path) -> None:
    f = failure(real, "nct", "NCT99999999", "design")
    assert f.kind is FailureKind.UNREADABLE and "not NCT99999999" in f.message


def test_bioc_sections(real: Path) -> None:
    title = span(real, "bioc", "22663011", "title")
    assert title.text == "Improved survival with MEK inhibition in BRAF-mutated melanoma."
    abstract = span(real, "bioc", "22663011", "abstract")
    assert "0.45" in abstract.text and abstract.fields == ()  # infons are never support
    assert "MEK" in span(real, "bioc", "22663011", "annotations").text


def test_aact_models(real: Path) -> None:
    assert "NON_RANDOMIZED" in span(real, "aact", "NCT06388018", "designs").text
    assert "NON_RANDOMIZED" in span(real, "aact", "NCT06388018", "Design").text
    assert failure(real, "aact", "NCT06388018", "nope").kind is FailureKind.NO_LOCATOR


def test_europepmc_records(real: Path) -> None:
    assert "BRCA1" in span(real, "europepmc", "20516115", "title").text
    f = failure(real, "europepmc", "core")
    assert f.kind is FailureKind.UNREADABLE and "holds 0 records" in f.message


def test_pubtator_text_format(real: Path) -> None:
    assert "CXCR1" in span(real, "pubtator", "22051099", "title").text
    assert span(real, "pubtator", "22051099", "abstract").text.startswith("BACKGROUND")


def test_real_pdf_pages(real: Path) -> None:
    page = span(real, "guideline", "PONE", "page:2")
    assert (page.start_line, page.end_line) == (2, 2) and len(page.text) > 500
    assert span(real, "guideline", "PONE", "page:1-2").text.startswith("RESEARCH ARTICLE")
    assert failure(real, "guideline", "PONE", "page:99").kind is FailureKind.NO_LOCATOR
    assert failure(real, "guideline", "PONE", "line:3").kind is FailureKind.NO_LOCATOR
    assert span(real, "guideline", "PONE", "page:1:line:1-2").text


@pytest.mark.parametrize(
    ("ident", "words"),
    [
        ("ENC2", "encrypted with a password"),
        ("BROKEN", "no extractable text"),
    ],
)
def test_unreadable_pdfs(real: Path, ident: str, words: str) -> None:
    f = failure(real, "guideline", ident)
    assert f.kind is FailureKind.UNREADABLE and words in f.message


def test_pdf_with_empty_user_password_opens(real: Path) -> None:
    assert "encryption" in span(real, "guideline", "EMPTYPW").text


# -- bad files -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "content", "words"),
    [
        ("pubmed/1.json", "{broken", "is not valid JSON"),
        ("pubmed/2.json", b"\x89PNG\x00\x00", "binary file"),
        ("pubmed/3.xml", "<PubmedArticleSet><unclosed>", "not well-formed XML"),
        ("guidelines/4.txt", "文本".encode("gbk"), "not valid UTF-8"),
        ("guidelines/5.pdf", b"%PDF-1.4 not really", "PDF"),
        ("trials/6.json", "[1, 2", "is not valid JSON"),
    ],
)
def test_unreadable_files(project: Writer, name: str, content: str | bytes, words: str) -> None:
    path = project(f"sources/{name}", content)
    type_ = {"pubmed": "pmid", "guidelines": "guideline", "trials": "nct"}[name.split("/")[0]]
    f = failure(path.parents[1], type_, Path(name).stem)
    assert f.kind is FailureKind.UNREADABLE and words in f.message


def test_size_limit(project: Writer) -> None:
    path = project("sources/guidelines/big.txt", "x" * 2048)
    store = SourceStore(max_bytes=1024)
    f = resolve(path.parents[1], "guideline", "big", None, store)
    assert (
        isinstance(f, Failure)
        and f.kind is FailureKind.UNREADABLE
        and "over max-source-bytes" in f.message
    )
    assert store.reads == 0


def test_xxe_is_not_resolved(project: Writer, tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("TOPSECRET")
    xml = (
        f'<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file://{secret}">]>'
        "<PubmedArticleSet><PubmedArticle><MedlineCitation><PMID>7</PMID><Article>"
        "<ArticleTitle>T &e;</ArticleTitle></Article></MedlineCitation></PubmedArticle>"
        "</PubmedArticleSet>"
    )
    path = project("sources/pubmed/7.xml", xml)
    with opened_files() as opened:
        result = resolve(path.parents[1], "pmid", "7", "title")
    assert str(secret) not in opened
    assert not isinstance(result, Span) or "TOPSECRET" not in result.text


# -- confinement ---------------------------------------------------------------------------

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


@pytest.mark.parametrize(
    "ident",
    ["../secret", "/etc/passwd", "a\\..\\b", "x\x00y", "C:x", "sub/../../secret", "..", "C:\\x"],
)
def test_unsafe_ids_are_cl006(project: Writer, ident: str) -> None:
    root = project("sources/pubmed/ok.json", "{}").parents[1]
    f = failure(root, "pmid", ident)
    assert f.kind is FailureKind.UNSAFE_PATH


def test_symlink_out_of_root_is_never_opened(project: Writer, tmp_path: Path) -> None:
    outside = tmp_path / "outside" / "secret.json"
    outside.parent.mkdir()
    outside.write_text(json.dumps({"title": "SECRET 42%"}))
    root = project("sources/pubmed/.keep", "").parents[1]
    (root / "pubmed" / "77.json").symlink_to(outside)
    (root / "trials").symlink_to(outside.parent, target_is_directory=True)
    with opened_files() as opened:
        f1 = resolve(root, "pmid", "77", "title")
        f2 = resolve(root, "nct", "secret", None)
    assert (
        isinstance(f1, Failure) and f1.kind is FailureKind.UNSAFE_PATH and "symlink" in f1.message
    )
    assert isinstance(f2, Failure) and f2.kind is FailureKind.UNSAFE_PATH
    assert not any(Path(p).resolve() == outside.resolve() for p in opened)


def test_symlink_inside_root_is_fine(project: Writer) -> None:
    target = project("sources/pubmed/real.json", json.dumps({"title": "inside"}))
    (target.parent / "88.json").symlink_to(target)
    assert span(target.parents[1], "pmid", "88", "title").text == "inside"


def test_opened_files_hook_sees_opens(project: Writer) -> None:
    """The proof above would be empty if the hook saw nothing: it does see reads."""
    root = project("sources/pubmed/5.json", json.dumps({"title": "t"})).parents[1]
    with opened_files() as opened:
        resolve(root, "pmid", "5", "title")
    assert any(p.endswith("5.json") for p in opened)


def _iter(paths: Iterator[str]) -> list[str]:
    return list(paths)


def test_image_only_pdf_pages(real: Path) -> None:
    f = failure(real, "guideline", "IMAGES", "page:1")
    assert f.kind is FailureKind.UNREADABLE and "no extractable text on page 1-1" in f.message


def test_blank_pdf_is_unreadable(project: Writer) -> None:
    import io

    from pypdf import PdfWriter

    writer = PdfWriter()
    writer.add_blank_page(width=200, height=200)
    buffer = io.BytesIO()
    writer.write(buffer)
    path = project("sources/guidelines/blank.pdf", buffer.getvalue())
    f = failure(path.parents[1], "guideline", "blank")
    assert f.kind is FailureKind.UNREADABLE and "image-only or empty" in f.message


def test_pdf_text_cache(real: Path, tmp_path: Path) -> None:
    from citelint.sources.cache import TextCache

    cache = TextCache(str(tmp_path / "cache"))
    first = span(real, "guideline", "PONE", "page:2", SourceStore(cache=cache))
    assert cache.hits == 0 and len(list((tmp_path / "cache").glob("pdf-*.json"))) == 1
    again = span(real, "guideline", "PONE", "page:2", SourceStore(cache=cache))
    assert cache.hits == 1 and again.text == first.text
    for entry in (tmp_path / "cache").glob("pdf-*.json"):
        entry.write_text("{damaged")
    assert span(real, "guideline", "PONE", "page:2", SourceStore(cache=cache)).text == first.text


def test_cache_cli_flags(
    project: Writer, tmp_path: Path, corpus: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from citelint.cli import main

    project(
        "sources/guidelines/P.pdf", (corpus / "pdf/papers/journal.pone.0196757.pdf").read_bytes()
    )
    project("r.md", "See the paper [guideline:P:page:1].\n")
    monkeypatch.chdir(tmp_path)
    user_cache = tmp_path.parent / f"{tmp_path.name}-user-cache"
    monkeypatch.setenv("CITELINT_CACHE_DIR", str(user_cache))
    assert main(["r.md", "--no-cache", "-q"]) == 0
    assert not user_cache.exists()
    assert main(["r.md", "-q"]) == 0  # by default the cache lives outside the working tree
    assert list(user_cache.glob("pdf-*.json"))
    assert not (tmp_path / ".citelint_cache").exists()
    assert main(["r.md", "-q", "--cache-dir", "elsewhere"]) == 0
    assert list((tmp_path / "elsewhere").glob("pdf-*.json"))
