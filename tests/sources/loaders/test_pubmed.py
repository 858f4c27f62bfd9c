"""PubMed XML: sections, labels, the record's own id, XXE."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from citelint.sources.model import Failure, FailureKind, Span
from tests.conftest import Writer
from tests.sources.conftest import failure, opened_files, resolve, span


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


_WITH_REFERENCES = """<PubmedArticleSet><PubmedArticle><MedlineCitation><PMID>77</PMID><Article>
<ArticleTitle>A retracted trial.</ArticleTitle>
<AuthorList><Author><LastName>Smith</LastName><ForeName>Jo</ForeName></Author>
<Author><CollectiveName>The Trial Group</CollectiveName></Author></AuthorList>
<PublicationTypeList><PublicationType>Retracted Publication</PublicationType></PublicationTypeList>
</Article></MedlineCitation><PubmedData>
<ArticleIdList><ArticleId IdType="doi">10.1/own</ArticleId></ArticleIdList>
<ReferenceList><Reference><ArticleIdList><ArticleId IdType="doi">10.1/cited</ArticleId>
</ArticleIdList></Reference></ReferenceList></PubmedData></PubmedArticle></PubmedArticleSet>"""


def test_pubmed_authors_ids_and_retraction(project: Writer, tmp_path: Path) -> None:
    project("sources/pubmed/77.xml", _WITH_REFERENCES)
    root = tmp_path / "sources"
    assert span(root, "pmid", "77", "authors").text == "Smith Jo; The Trial Group"
    assert span(root, "pmid", "77", "retraction").text == "Retracted Publication"
    # the ids of the papers it cites are not the record's own
    assert span(root, "pmid", "77", "title").ids == frozenset({"77", "10.1/own"})


# A StatPearls chapter as efetch answers for it (`PubmedBookArticle`: no MedlineCitation),
# in the element order of NCBI's pubmed_250101.dtd.
BOOK = b"""<?xml version="1.0" ?>
<PubmedArticleSet><PubmedBookArticle><BookDocument>
<PMID Version="1">28722978</PMID>
<ArticleIdList><ArticleId IdType="bookaccession">NBK441980</ArticleId></ArticleIdList>
<Book><Publisher><PublisherName>StatPearls Publishing</PublisherName>
<PublisherLocation>Treasure Island (FL)</PublisherLocation></Publisher>
<BookTitle book="statpearls">StatPearls</BookTitle>
<PubDate><Year>2025</Year><Month>01</Month></PubDate>
<BeginningDate><Year>2025</Year><Month>01</Month></BeginningDate><Medium>Internet</Medium></Book>
<ArticleTitle book="statpearls" part="article-17893">Atrial Fibrillation</ArticleTitle>
<Language>eng</Language>
<AuthorList Type="authors"><Author ValidYN="Y"><LastName>Nesheiwat</LastName>
<ForeName>Zeid</ForeName></Author></AuthorList>
<PublicationType UI="D016454">Review</PublicationType>
<Abstract><AbstractText Label="CONTINUING EDUCATION ACTIVITY">Atrial fibrillation is the
most common sustained arrhythmia, affecting 2.7 to 6.1 million people in the United
States.</AbstractText></Abstract>
</BookDocument><PubmedBookData><History><PubMedPubDate PubStatus="pubmed"><Year>2017</Year>
</PubMedPubDate></History><PublicationStatus>ppublish</PublicationStatus>
<ArticleIdList><ArticleId IdType="pubmed">28722978</ArticleId></ArticleIdList>
</PubmedBookData></PubmedBookArticle></PubmedArticleSet>"""


def test_a_book_chapter_is_a_record_with_its_book_as_journal() -> None:
    from citelint.sources.loaders.pubmed import load_pubmed_xml

    record = load_pubmed_xml("b.xml", BOOK, "28722978")
    fields = {k: record.fields[k] for k in ("title", "authors", "journal", "year")}
    assert fields == {
        "title": "Atrial Fibrillation",
        "authors": "Nesheiwat Zeid",
        "journal": "StatPearls",
        "year": "2025",
    }
    found = record.resolve("continuing education activity")
    assert not isinstance(found, Failure) and "2.7 to 6.1 million" in found.text
    assert "NBK441980" in record.ids


HAND_SAVED = {
    "pmid": "123",
    "title": "Demotinib in advanced melanoma",
    "abstract": (
        "BACKGROUND: Melanoma is common. METHODS: We enrolled 120 patients.\n"
        "RESULTS: Median PFS was 9.2 months; the ratio was 2:1. "
        "CONCLUSIONS AND RELEVANCE: Demotinib was active."
    ),
    "doi": "10.1000/Demo.1",
    "articleids": [{"idtype": "pmc", "value": "PMC555"}, {"idtype": "pubmed", "value": "123"}],
}


def test_a_hand_saved_json_abstract_answers_the_section_locators(project: Writer) -> None:
    root = project("sources/pubmed/123.json", json.dumps(HAND_SAVED)).parents[1]
    # a colon inside a sentence (`2:1`) opens no part; `conclusion` names the long label
    assert (
        span(root, "pmid", "123", "results").text == "Median PFS was 9.2 months; the ratio was 2:1."
    )
    assert span(root, "pmid", "123", "methods").text == "We enrolled 120 patients."
    assert span(root, "pmid", "123", "conclusion").text == "Demotinib was active."
    assert span(root, "pmid", "123", "abstract").text == HAND_SAVED["abstract"]
    assert failure(root, "pmid", "123", "discussion").kind is FailureKind.NO_LOCATOR
    # its DOI and PMCID are the record's, as an XML record's ArticleIdList is
    assert span(root, "pmid", "123", "title").ids == {"123", "10.1000/Demo.1", "PMC555"}


def test_a_hand_saved_abstract_as_labelled_parts(project: Writer) -> None:
    listed = {
        "abstract": [{"label": "Results", "text": "ORR 45%."}, {"Label": "Methods", "Text": "n=9"}]
    }
    keyed = {"abstract": {"Results": "ORR 45%.", "Conclusions": "Active."}}
    root = project("sources/pubmed/1.json", json.dumps(listed)).parents[1]
    project("sources/pubmed/2.json", json.dumps(keyed))
    assert span(root, "pmid", "1", "result").text == "ORR 45%."
    assert span(root, "pmid", "1", "methods").text == "n=9"
    assert span(root, "pmid", "2", "results").text == "ORR 45%."
    assert span(root, "pmid", "2", "conclusion").text == "Active."
    # a record with no abstract, or an unlabelled one, has no section to answer
    project("sources/pubmed/3.json", json.dumps({"abstract": "Plain text only."}))
    assert failure(root, "pmid", "3", "results").kind is FailureKind.NO_LOCATOR
