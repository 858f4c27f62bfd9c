"""`citelint fetch` end to end against the replay server: what it saves, what it records,
and what the lint then says (CL012 for an id its registry does not know)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from citelint.commands.fetch.http import Client
from citelint.commands.fetch.plan import wanted_by_root
from citelint.commands.fetch.run import fetch_all
from citelint.commands.fetch.tally import closing_line, would_lines
from citelint.config.load import Settings
from citelint.lint.runner import Runner
from citelint.outputs.formatters import html as html_format
from citelint.outputs.formatters import json as json_format
from citelint.sources.registries import SERVICES
from tests.commands.fetch.conftest import Replay, json_answer, page, xml

CORPUS_RECORD = Path(__file__).parents[3].parent / "shared/corpus/pubmed/biomcp/22663011.xml"
ARTICLE = b"""<?xml version="1.0"?><PubmedArticleSet><PubmedArticle><MedlineCitation>
<PMID Version="1">2001</PMID><Article><Journal><JournalIssue><PubDate><Year>2012</Year>
</PubDate></JournalIssue><Title>N Engl J Med</Title></Journal>
<ArticleTitle>Improved survival with trametinib.</ArticleTitle><Abstract><AbstractText>
Median progression-free survival was 4.8 months with trametinib.</AbstractText></Abstract>
<AuthorList><Author><LastName>Flaherty</LastName></Author></AuthorList></Article>
</MedlineCitation></PubmedArticle></PubmedArticleSet>"""
EMPTY = b'<?xml version="1.0"?><PubmedArticleSet></PubmedArticleSet>'
TRIAL = json.dumps(
    {
        "protocolSection": {
            "identificationModule": {"nctId": "NCT01245062", "briefTitle": "Trametinib trial"},
            "designModule": {"enrollmentInfo": {"count": 322}},
        }
    }
).encode()


def _env(replay: Replay) -> dict[str, str]:
    return {s.env: f"{replay.base}/{s.name}" for s in SERVICES}


def _project(tmp_path: Path, report: str) -> Path:
    (tmp_path / "sources").mkdir()
    (tmp_path / "report.md").write_text(report, encoding="utf-8")
    return tmp_path


def _fetch(
    project: Path, replay: Replay, *, refresh: bool = False, dry_run: bool = False
) -> tuple[int, str]:
    out = io.StringIO()
    runner = Runner.of(Settings(project_root=str(project)), [str(project)])
    wanted = wanted_by_root(runner, saved_too=refresh)
    client = Client(default_interval=0, sleep=lambda s: None, allow_private=True)
    tally = fetch_all(
        wanted,
        client=client,
        env=_env(replay),
        out=lambda line: print(line, file=out),
        now=lambda: "2026-12-02",
        refresh=refresh,
        dry_run=dry_run,
    )
    for line in [*would_lines(tally), closing_line(tally)]:
        print(line, file=out)
    return tally.exit_code, out.getvalue()


def _lint(project: Path) -> list[tuple[int, str, str]]:
    result = Runner.of(Settings(project_root=str(project)), [str(project)]).lint()
    return [(d.line, d.code, d.message) for d in result.diagnostics]


REPORT = """# Trametinib

Median progression-free survival was 4.8 months [1]. It enrolled 322 patients [2].
The page says 12 sites [3].

## References

1. Flaherty KT. Improved survival with trametinib. N Engl J Med. 2012. PMID: 2001
2. ClinicalTrials.gov NCT01245062
3. A page. http://{host}/page
"""


def test_fetch_saves_what_is_cited_and_the_claims_are_then_verified(
    tmp_path: Path, replay: Replay
) -> None:
    replay.on("/eutils/efetch.fcgi", xml(ARTICLE))
    replay.on("/ctgov/studies/NCT01245062", json_answer(TRIAL))
    replay.on("/page", page(b"<html><body><p>The trial ran at 12 sites.</p></body></html>"))
    project = _project(tmp_path, REPORT.replace("{host}", replay.base.split("//")[1]))
    before = _lint(project)
    assert [c for _, c, _ in before] == ["CL011"]
    code, out = _fetch(project, replay)
    assert out.endswith("fetched 3, already saved 0, missing 0, failed 0 (3 requests)\n")
    sources = project / "sources"
    assert (sources / "pubmed/2001.xml").read_bytes() == ARTICLE
    assert json.loads((sources / "trials/NCT01245062.json").read_bytes()) == json.loads(TRIAL)
    web = json.loads((sources / "web/index.json").read_text())
    (entry,) = web.values()
    assert entry["status"] == 200 and entry["content_type"] == "text/html"
    assert entry["fetched_at"] == "2026-12-02" and len(entry["sha256"]) == 64
    assert (sources / "web" / entry["file"]).is_file() and "/" not in entry["file"]
    assert _lint(project) == []
    # a second run asks nothing: everything is recorded as saved
    asked = len(replay.asked)
    code, out = _fetch(project, replay)
    assert (code, len(replay.asked)) == (0, asked)
    assert out == "fetched 0, already saved 0, missing 0, failed 0 (0 requests)\n"
    # --refresh asks again
    _fetch(project, replay, refresh=True)
    assert len(replay.asked) == asked + 3


# cites PMID 2001 by number, with 5.8 where the record says 4.8
MISQUOTED = (
    "Median progression-free survival was 5.8 months [1].\n\n## References\n\n"
    "1. Flaherty KT. Improved survival with trametinib. N Engl J Med. 2012. PMID: 2001\n"
)


def test_a_changed_number_is_caught_after_fetch(tmp_path: Path, replay: Replay) -> None:
    replay.on("/eutils/efetch.fcgi", xml(ARTICLE))
    project = _project(tmp_path, MISQUOTED)
    _fetch(project, replay)
    assert [(line, code) for line, code, _ in _lint(project)] == [(1, "CL101")]


def test_made_up_ids_are_cl012_after_fetch(tmp_path: Path, replay: Replay) -> None:
    replay.on("/eutils/efetch.fcgi", xml(EMPTY))
    replay.on("/crossref/works/10.9999%2Fmade.up", json_answer(b'"Resource not found."', 404))
    project = _project(
        tmp_path,
        "Rates were 45% [1], 12% [2] and 3% [pmid:99999998:abstract] (NCT09999999).\n\n"
        "## References\n\n1. Made up. PMID: 99999999\n2. Made up too. doi:10.9999/made.up\n",
    )
    code, out = _fetch(project, replay)
    assert code == 0
    assert (
        "missing: PMID 99999999: PubMed (E-utilities) answered HTTP 200 with an empty set, no such record"
        in out
    )
    assert "missing: NCT NCT09999999: ClinicalTrials.gov answered HTTP 404, no such study" in out
    found = _lint(project)
    assert [code for _, code, _ in found] == ["CL012"] * 4
    messages = [m for _, _, m in found]
    assert messages[2] == (
        "nonexistent source [pmid:99999998:abstract]: PMID 99999998 does not exist: "
        "PubMed (E-utilities) answered HTTP 200 with an empty set, no such record on 2026-12-02"
    )
    assert (
        "DOI 10.9999/made.up does not exist: doi.org answered HTTP 404, no such DOI"
        in (messages[1])
    )


@pytest.mark.parametrize(
    ("answer", "why"),
    [
        (page(b"<html><title>Just a moment...</title>captcha</html>"), "bot check"),
        ((200, {"Content-Type": "application/zip"}, b"PK"), "content type application/zip"),
        ((404, {"Content-Type": "text/html"}, b"gone"), "HTTP 404"),
    ],
)
def test_a_page_that_is_not_the_page_is_a_failed_fetch(
    tmp_path: Path, replay: Replay, answer: tuple[int, dict[str, str], bytes], why: str
) -> None:
    replay.on("/page", answer)
    project = _project(tmp_path, f"It ran at 12 sites {replay.base}/page.\n")
    code, out = _fetch(project, replay)
    assert code == 1 and why in out and "failed 1" in out
    assert not (project / "sources/web").exists()  # nothing saved as evidence
    record = json.loads((project / "sources/fetched.json").read_text())
    assert record[f"URL {replay.base}/page"]["outcome"] == "failed"
    assert [c for _, c, _ in _lint(project)] == ["CL011"]  # still unsaved, never missing
    replay.on("/page", page(b"<p>It ran at 12 sites.</p>"))
    assert _fetch(project, replay)[0] == 0  # a failure is tried again next run


def test_dry_run_lists_and_asks_nothing(tmp_path: Path, replay: Replay) -> None:
    project = _project(tmp_path, "Rates were 45% (PMID: 2001).\n")
    code, out = _fetch(project, replay, dry_run=True)
    assert code == 0 and replay.asked == []
    assert out.endswith(
        "would fetch PMID 2001 into " + str(project / "sources") + "\n"
        "1 source(s) would be fetched\n"
    )


def test_a_doi_saves_its_crossref_record_and_its_pubmed_record(
    tmp_path: Path, replay: Replay
) -> None:
    replay.on(
        "/crossref/works/10.1056%2Fnejmoa1203421",
        json_answer(b'{"message": {"DOI": "10.1056/nejmoa1203421"}}'),
    )
    replay.on(
        "/idconv/", json_answer(b'{"records": [{"doi": "10.1056/nejmoa1203421", "pmid": "2001"}]}')
    )
    replay.on("/eutils/efetch.fcgi", xml(ARTICLE))
    project = _project(
        tmp_path, "Median progression-free survival was 4.8 months (doi:10.1056/nejmoa1203421).\n"
    )
    code, _ = _fetch(project, replay)
    assert code == 0
    assert (project / "sources/pubmed/2001.xml").is_file()
    assert len(list((project / "sources/crossref").iterdir())) == 1


def test_progress_counts_every_source_asked(tmp_path: Path, replay: Replay) -> None:
    replay.on("/eutils/efetch.fcgi", xml(EMPTY))
    project = _project(tmp_path, "Rates were 45% (PMID: 11111111) and 3% (PMID: 22222222).\n")
    runner = Runner.of(Settings(project_root=str(project)), [str(project)])
    seen: list[tuple[int, int]] = []
    client = Client(default_interval=0, sleep=lambda s: None, allow_private=True)
    wanted = wanted_by_root(runner)
    fetch_all(
        wanted,
        client=client,
        env=_env(replay),
        progress=lambda d, t: seen.append((d, t)),
    )
    assert seen == [(1, 2), (2, 2)]


# arXiv's API answers with an Atom feed (export.arxiv.org/api/query?id_list=…)
ATOM = b"""<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:arxiv="http://arxiv.org/schemas/atom">
<title type="html">ArXiv Query: id_list=2101.00001</title>
<entry><id>http://arxiv.org/abs/2101.00001v2</id><published>2021-01-04T10:00:00Z</published>
<title>A surface code below threshold</title>
<summary>We report a logical error rate of 0.143% per cycle on a 101-qubit processor.</summary>
<author><name>Ada Lovelace</name></author><arxiv:doi>10.1000/arxiv.example</arxiv:doi>
</entry></feed>"""
ATOM_EMPTY = b"""<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"><title>ArXiv Query</title></feed>"""


def _atom(body: bytes) -> tuple[int, dict[str, str], bytes]:
    return 200, {"Content-Type": "application/atom+xml; charset=utf-8"}, body


def test_an_arxiv_id_saves_its_record_and_an_unknown_one_is_cl012(
    tmp_path: Path, replay: Replay
) -> None:
    replay.on("/arxiv/query?id_list=2101.00001&max_results=1", _atom(ATOM))
    replay.on("/arxiv/query?id_list=2101.99999&max_results=1", _atom(ATOM_EMPTY))
    project = _project(
        tmp_path,
        "The logical error rate was 0.143% per cycle [1]. It was 0.2% [2].\n\n"
        "## References\n\n1. Lovelace A. A surface code below threshold. 2021. arXiv:2101.00001\n"
        "2. Made up. https://arxiv.org/abs/2101.99999\n",
    )
    code, out = _fetch(project, replay)
    assert code == 0
    assert "missing: arXiv 2101.99999: arXiv answered HTTP 200 with no entry, twice" in out
    assert replay.asked.count("/arxiv/query?id_list=2101.99999&max_results=1") == 2
    assert (project / "sources/arxiv/2101.00001.xml").read_bytes() == ATOM
    assert _lint(project) == [
        (
            1,
            "CL012",
            "nonexistent source [2]: arXiv:2101.99999 does not exist: arXiv answered "
            "HTTP 200 with no entry, twice: no such paper on 2026-12-02",
        )
    ]


def test_one_empty_arxiv_feed_is_asked_again_and_a_versioned_anchor_is_fetched(
    tmp_path: Path, replay: Replay
) -> None:
    """arXiv sometimes answers an empty feed for a real id: a second answer decides. A
    versioned anchor names that version's entry."""
    replay.on("/arxiv/query?id_list=2101.00001&max_results=1", _atom(ATOM_EMPTY), _atom(ATOM))
    versioned = ATOM.replace(b"2101.00001v2", b"2101.00002v1").replace(b"101-qubit", b"72-qubit")
    replay.on("/arxiv/query?id_list=2101.00002v1&max_results=1", _atom(versioned))
    project = _project(
        tmp_path,
        "The logical error rate was 0.143% per cycle [1].\n"
        "It ran on a 72-qubit processor [arxiv:2101.00002v1:abstract].\n\n"
        "## References\n\n1. Lovelace A. A surface code below threshold. 2021. arXiv:2101.00001\n",
    )
    code, out = _fetch(project, replay)
    assert (code, out) == (0, "fetched 2, already saved 0, missing 0, failed 0 (3 requests)\n")
    assert (project / "sources/arxiv/2101.00002v1.xml").is_file()
    assert _lint(project) == []


WITHDRAWN = ATOM.replace(
    b"<summary>",
    b"<arxiv:comment>This paper has been withdrawn by the author due to an error in the "
    b"decoder</arxiv:comment><summary>",
)


def test_a_withdrawn_arxiv_paper_is_cl105(tmp_path: Path, replay: Replay) -> None:
    replay.on("/arxiv/query?id_list=2101.00001&max_results=1", _atom(WITHDRAWN))
    project = _project(
        tmp_path,
        "The logical error rate was 0.143% per cycle [1].\n\n## References\n\n"
        "1. Lovelace A. A surface code below threshold. 2021. arXiv:2101.00001\n",
    )
    assert _fetch(project, replay)[0] == 0
    found = _lint(project)
    assert [(line, code) for line, code, _ in found] == [(5, "CL105")]  # at the entry
    assert "withdrawn: This paper has been withdrawn by the author" in found[0][2]


BIOC = json.dumps(
    [
        {
            "source": "PMC",
            "documents": [
                {
                    "id": "PMC1000001",
                    "passages": [
                        {"infons": {"section_type": "TITLE", "type": "front"}, "text": "A trial"},
                        {
                            "infons": {"section_type": "RESULTS", "type": "paragraph"},
                            "text": "The response rate was 45% in the treated arm.",
                        },
                    ],
                }
            ],
        }
    ]
).encode()
NOT_OPEN = b"[Error] : No result can be found. <br/><hr/><b>[Usage]</b>"
PMC_ARTICLE = ARTICLE.replace(
    b"</MedlineCitation>",
    b'</MedlineCitation><PubmedData><ArticleIdList><ArticleId IdType="pmc">PMC2000002'
    b"</ArticleId></ArticleIdList></PubmedData>",
)


def test_a_pmcid_saves_its_open_full_text_or_else_its_pubmed_record(
    tmp_path: Path, replay: Replay
) -> None:
    replay.on("/pmc/BioC_json/PMC1000001/unicode", json_answer(BIOC))
    replay.on("/pmc/BioC_json/PMC2000002/unicode", page(NOT_OPEN))
    replay.on("/pmc/BioC_json/PMC3000003/unicode", page(NOT_OPEN))
    replay.on(
        "/idconv/?ids=PMC2000002&format=json&tool=citelint",
        json_answer(b'{"status": "ok", "records": [{"pmcid": "PMC2000002", "pmid": "2001"}]}'),
    )
    replay.on(
        "/idconv/?ids=PMC3000003&format=json&tool=citelint",
        json_answer(
            b'{"status": "ok", "records": [{"pmcid": "PMC3000003", "status": "error", '
            b'"errmsg": "invalid article id"}]}'
        ),
    )
    replay.on("/eutils/efetch.fcgi", xml(PMC_ARTICLE))
    project = _project(
        tmp_path,
        "The response rate was 45% (PMCID: PMC1000001).\n\n"
        "Median progression-free survival was 4.8 months (PMCID: PMC2000002).\n\n"
        "The rate was 3% (PMCID: PMC3000003).\n",
    )
    code, out = _fetch(project, replay)
    assert code == 0, out
    assert out.endswith("fetched 2, already saved 0, missing 1, failed 0 (6 requests)\n")
    assert (project / "sources/bioc/PMC1000001.json").read_bytes() == BIOC
    assert (project / "sources/pubmed/2001.xml").is_file()
    found = _lint(project)
    assert [(line, code) for line, code, _ in found] == [(5, "CL012")]
    assert "PMCID PMC3000003" not in found[0][2] and "PMC3000003 does not exist" in found[0][2]


def _work(doi: str, year: int, updates: list[dict[str, str]] | None = None) -> bytes:
    message: dict[str, object] = {
        "DOI": doi,
        "title": ["Improved survival with trametinib."],
        "author": [{"family": "Flaherty", "given": "Keith"}],
        "container-title": ["N Engl J Med"],
        "issued": {"date-parts": [[year, 6, 2]]},
        "abstract": "<jats:p>Median progression-free survival was 4.8 months.</jats:p>",
    }
    if updates:
        message["updated-by"] = updates
    return json.dumps({"status": "ok", "message-type": "work", "message": message}).encode()


def test_a_real_doi_with_a_wrong_year_is_cl104_never_cl012(tmp_path: Path, replay: Replay) -> None:
    replay.on("/crossref/works/10.1000%2Freal", json_answer(_work("10.1000/real", 2012)))
    replay.on("/idconv/", json_answer(b'{"status": "ok", "records": [{"doi": "10.1000/real"}]}'))
    project = _project(
        tmp_path,
        "Median progression-free survival was 4.8 months [1].\n\n## References\n\n"
        "1. Flaherty K. Improved survival with trametinib. N Engl J Med. 2015. doi:10.1000/real\n",
    )
    assert _fetch(project, replay)[0] == 0
    assert _lint(project) == [
        (
            5,
            "CL104",
            "reference [1] does not match the saved record DOI 10.1000/real: year 2015, "
            "the record says 2012",
        )
    ]


def test_a_retraction_crossref_records_is_cl105_however_it_is_cited(
    tmp_path: Path, replay: Replay
) -> None:
    notice = [{"DOI": "10.1000/notice", "type": "retraction", "source": "retraction-watch"}]
    replay.on("/crossref/works/10.1000%2Fgone", json_answer(_work("10.1000/gone", 2012, notice)))
    replay.on("/idconv/", json_answer(b'{"status": "ok", "records": [{"doi": "10.1000/gone"}]}'))
    project = _project(
        tmp_path,
        "Median progression-free survival was 4.8 months [1].\n\n"
        "Median progression-free survival was 4.8 months (doi:10.1000/gone).\n\n"
        "Median progression-free survival was 4.8 months ([link](https://doi.org/10.1000/gone)).\n"
        "\n## References\n\n"
        "1. Flaherty K. Improved survival with trametinib. N Engl J Med. 2012. doi:10.1000/gone\n",
    )
    assert _fetch(project, replay)[0] == 0
    found = _lint(project)
    assert [(line, code) for line, code, _ in found] == [(3, "CL105"), (5, "CL105"), (9, "CL105")]
    assert all(m.endswith("(retraction in 10.1000/notice)") for _, _, m in found)
    result = Runner.of(Settings(project_root=str(project)), [str(project)]).lint()
    summary = result.summary()
    assert (summary["claims"], summary["verified_claims"]) == (3, 0)


def test_what_fetch_saved_says_where_from_and_when(tmp_path: Path, replay: Replay) -> None:
    replay.on("/eutils/efetch.fcgi", xml(ARTICLE))
    project = _project(tmp_path, MISQUOTED)
    _fetch(project, replay)
    settings = Settings(project_root=str(project), claim_records=True)
    result = Runner.of(settings, [str(project)]).lint()
    (finding,) = result.diagnostics
    expected = f"fetched from {replay.base}/eutils/efetch.fcgi?db=pubmed&id=2001&retmode=xml"
    assert finding.sources[0].fetched == expected + " on 2026-12-02"
    shown = json.loads(json_format.render(result))["diagnostics"][0]["sources"][0]
    assert shown["fetched"] == finding.sources[0].fetched
    (record,) = result.files[0].records
    assert record.spans[0].fetched == finding.sources[0].fetched
    assert '<p class="fetched">fetched from ' in html_format.render(result)


# A real deep-research report (biomcp-examples, Manus) as published: it cites a trial by
# its NCT id and a paper by its PMC URL. No id it cites is in ../shared/corpus, so the
# replay answers with records written here in each service's documented shape (CT.gov v2,
# PMC's BioC collection); its web pages are not asked (tests never touch the network).
BIOMCP = "reports/biomcp_examples_hnscc/example_b.md"
CLAIM_LINE = 272


def _study(title: str) -> bytes:
    return json.dumps(
        {
            "protocolSection": {
                "identificationModule": {"nctId": "NCT06437522", "officialTitle": title},
                "statusModule": {"overallStatus": "RECRUITING"},
                "conditionsModule": {
                    "conditions": ["Recurrent or Metastatic Head and Neck Squamous Cell Carcinoma"]
                },
            }
        }
    ).encode()


def test_a_real_report_is_verified_after_fetch_and_a_changed_record_is_caught(
    corpus: Path, tmp_path: Path, replay: Replay
) -> None:
    report = corpus / BIOMCP
    if not report.is_file():
        pytest.skip("the biomcp reports are not in the corpus")
    project = _project(tmp_path, report.read_text(encoding="utf-8"))
    title = (
        "A Study of BL-B01D1+PD-1 Monoclonal Antibody in Patients With Recurrent or "
        "Metastatic Head and Neck Squamous Cell Carcinoma and Other Solid Tumors"
    )
    replay.on("/ctgov/studies/NCT06437522", json_answer(_study(title)))
    replay.on(
        "/pmc/BioC_json/PMC9996385/unicode", json_answer(BIOC.replace(b"1000001", b"9996385"))
    )
    runner = Runner.of(Settings(project_root=str(project)), [str(project)])
    (wanted,) = wanted_by_root(runner).values()
    ids = [w for w in wanted if w.kind != "URL"]
    assert [w.key for w in ids] == ["NCT NCT06437522", "PMCID PMC9996385"]
    assert len(wanted) == 6  # and four pages: the report's other citations

    def cl011_names_the_trial() -> bool:
        return any(code == "CL011" and "NCT06437522" in m for _, code, m in _lint(project))

    def cited_span() -> tuple[str, str, str]:
        result = Runner.of(Settings(project_root=str(project)), [str(project)]).lint()
        (record,) = [
            r
            for r in result.files[0].records
            if r.line == CLAIM_LINE and r.spans and "BL-B01D1" in r.text
        ]
        span = record.spans[0]
        return span.path, span.problem[:30], span.fetched.split(" on ")[-1]

    assert cl011_names_the_trial()
    assert cited_span() == ("", "NCT06437522 is not saved under", "")
    client = Client(default_interval=0, sleep=lambda s: None, allow_private=True)
    tally = fetch_all(
        {str(project / "sources"): ids},
        client=client,
        env=_env(replay),
        now=lambda: "2026-12-02",
    )
    assert closing_line(tally) == "fetched 2, already saved 0, missing 0, failed 0 (2 requests)"
    assert not cl011_names_the_trial()
    assert [f for f in _lint(project) if f[0] == CLAIM_LINE] == []  # its claim now holds
    assert cited_span() == ("sources/trials/NCT06437522.json", "", "2026-12-02")
    # the same record naming another compound: the report's BL-B01D1 is not in it
    (project / "sources/trials/NCT06437522.json").write_bytes(
        _study(title.replace("BL-B01D1", "BL-M07D1"))
    )
    # (the edit to a fetched record is named too: CL013)
    assert sorted(code for line, code, _ in _lint(project) if line == CLAIM_LINE) == [
        "CL013",
        "CL102",
    ]


def test_a_rejected_api_key_is_failed_never_missing_and_a_fixed_key_saves(
    tmp_path: Path, replay: Replay
) -> None:
    """NCBI answers a bad key with HTTP 400 and its reason; an unknown PMID is a 200 with
    an empty set. The 400 is a failure, tried again next run, and never CL012."""
    replay.on("/eutils/efetch.fcgi", json_answer(b'{"error":"API key invalid"}', 400))
    project = _project(tmp_path, MISQUOTED.replace("5.8", "4.8"))
    code, out = _fetch(project, replay)
    assert code == 1
    assert "failed: PMID 2001: HTTP 400: API key invalid" in out
    assert "CL012" not in [c for _, c, _ in _lint(project)]
    replay.on("/eutils/efetch.fcgi", xml(ARTICLE))  # the key fixed
    code, out = _fetch(project, replay)
    assert code == 0 and out.startswith("fetched 1")
    assert _lint(project) == []


def test_a_missing_written_before_statuses_or_long_ago_is_asked_again(
    tmp_path: Path, replay: Replay
) -> None:
    replay.on("/eutils/efetch.fcgi", xml(ARTICLE))
    project = _project(tmp_path, MISQUOTED.replace("5.8", "4.8"))
    index = project / "sources" / "fetched.json"
    old = {"outcome": "missing", "detail": "PubMed answered HTTP 400, no such record"}
    index.write_text(json.dumps({"PMID 2001": {**old, "date": "2026-12-01"}}))
    assert _fetch(project, replay)[1].startswith("fetched 1")  # no status: again
    index.write_text(json.dumps({"PMID 2001": {**old, "status": 200, "date": "2026-12-01"}}))
    (project / "sources" / "pubmed" / "2001.xml").unlink()
    assert _fetch(project, replay)[1].startswith("fetched 0")  # recent: kept
    index.write_text(json.dumps({"PMID 2001": {**old, "status": 200, "date": "2026-10-01"}}))
    assert _fetch(project, replay)[1].startswith("fetched 1")  # 62 days: again


def test_a_saved_page_is_read_as_its_text_in_its_own_charset(
    tmp_path: Path, replay: Replay
) -> None:
    """A Latin-1 page named so only by its header is read (the header is recorded), and a
    number that only an attribute holds (`width="410"`) passes nothing."""
    body = (
        '<html><body><img\n  width="410" src="x.png">\n<p>Caf\xe9 owners in 12 cities were '
        "asked; 38% had closed.</p></body></html>"
    ).encode("latin-1")
    replay.on("/page", (200, {"Content-Type": "text/html; charset=ISO-8859-1"}, body))
    report = (
        f"Caf\xe9 owners in 12 cities were asked, and 38% had closed ([a]({replay.base}/page)).\n"
        f"Caf\xe9 owners in 410 cities were asked ([a]({replay.base}/page)).\n"
    )
    project = _project(tmp_path, report)
    assert _fetch(project, replay)[0] == 0
    index = json.loads((project / "sources/web/index.json").read_text())
    assert [e["content_type_header"] for e in index.values()] == ["text/html; charset=ISO-8859-1"]
    assert [(line, code) for line, code, _ in _lint(project)] == [(2, "CL101")]


# DataCite's CSL-JSON for an arXiv DOI, as doi.org's content negotiation redirects to it
# (built from DataCite's documented CSL output: no offline capture; tests/fetch/README.md)
DATACITE_CSL = json.dumps(
    {
        "type": "article",
        "id": "https://doi.org/10.48550/arxiv.1706.03762",
        "DOI": "10.48550/ARXIV.1706.03762",
        "URL": "https://arxiv.org/abs/1706.03762",
        "categories": ["Computation and Language (cs.CL)"],
        "author": [{"family": "Vaswani", "given": "Ashish"}, {"literal": "Google Brain"}],
        "issued": {"date-parts": [[2017]]},
        "abstract": "On the WMT 2014 English-to-French translation task, our model "
        "establishes a new single-model state-of-the-art BLEU score of 41.8 after training "
        "for 3.5 days on eight GPUs.",
        "title": "Attention Is All You Need",
        "publisher": "arXiv",
        "copyright": "arXiv.org perpetual, non-exclusive license",
    }
).encode()


def test_a_doi_of_another_agency_is_saved_from_doi_org_never_called_missing(
    tmp_path: Path, replay: Replay
) -> None:
    """Crossref answers 404 for a DOI DataCite registered; doi.org's content negotiation
    answers for every agency, by a redirect to the agency's CSL-JSON."""
    doi = "10.48550/arXiv.1706.03762"
    replay.on("/crossref/works/10.48550%2FarXiv.1706.03762", (404, {}, b"Resource not found."))
    csl_path = "/datacite/dois/application/vnd.citationstyles.csl+json/10.48550/arxiv.1706.03762"
    replay.on("/doiorg/10.48550/arXiv.1706.03762", (302, {"Location": csl_path}, b""))
    replay.on(
        csl_path, (200, {"Content-Type": "application/vnd.citationstyles.csl+json"}, DATACITE_CSL)
    )
    project = _project(
        tmp_path,
        f"The Transformer was trained for 3.5 days on eight GPUs (doi:{doi}).\n"
        f"The Transformer was trained for 4.5 days on eight GPUs (doi:{doi}).\n",
    )
    code, out = _fetch(project, replay)
    assert (code, out) == (0, "fetched 1, already saved 0, missing 0, failed 0 (3 requests)\n")
    assert [
        p.parent.name for p in (project / "sources").rglob("*.json") if p.parent.name != "sources"
    ] == ["doi"]
    assert [(line, code) for line, code, _ in _lint(project)] == [(2, "CL101")]
    replay.on("/doiorg/10.9999/nothing", (404, {}, b"DOI Not Found"))
    replay.on("/crossref/works/10.9999%2Fnothing", (404, {}, b"Resource not found."))
    (project / "report.md").write_text("Rates were 45% (doi:10.9999/nothing).\n")
    code, out = _fetch(project, replay)
    assert "missing: DOI 10.9999/nothing: doi.org answered HTTP 404, no such DOI" in out
    replay.on("/doiorg/10.9999/nothing", (503, {}, b""))
    (project / "sources/fetched.json").unlink()
    assert "failed: DOI 10.9999/nothing: HTTP 503" in _fetch(project, replay)[1]


def test_a_pubmed_book_chapter_is_saved_and_read(tmp_path: Path, replay: Replay) -> None:
    """StatPearls and GeneReviews chapters are `PubmedBookArticle`s: saved, then read as a
    record (they were "file holds no record", CL007, on a true claim)."""
    from tests.sources.loaders.test_pubmed import BOOK

    replay.on("/eutils/efetch.fcgi", xml(BOOK))
    project = _project(
        tmp_path,
        "Atrial fibrillation affects 2.7 to 6.1 million people in the United States "
        "(PMID: 28722978).\n"
        "Atrial fibrillation affects 2.7 to 7.1 million people in the United States "
        "(PMID: 28722978).\n",
    )
    assert _fetch(project, replay)[0] == 0
    assert [(line, code) for line, code, _ in _lint(project)] == [(2, "CL101")]


def test_config_skips_urls_and_accepts_statuses_and_the_lint_names_the_key(
    tmp_path: Path, replay: Replay
) -> None:
    """A paywall's 403 and a URL the author never wants fetched: recorded, exit 0, and
    the lint still says the source is unsaved, naming the config that kept fetch off."""
    from citelint.commands.fetch.flows import Policy

    replay.on("/paywall", (403, {"Content-Type": "text/html"}, b"Subscribe"))
    replay.on("/eutils/efetch.fcgi", xml(ARTICLE))
    project = _project(
        tmp_path,
        f"It ran at 12 sites ([a]({replay.base}/paywall)).\n"
        f"It ran at 14 sites ([b]({replay.base}/private/x)).\n"
        "Median progression-free survival was 4.8 months (PMID: 2001).\n",
    )
    runner = Runner.of(Settings(project_root=str(project)), [str(project)])
    client = Client(default_interval=0, sleep=lambda s: None, allow_private=True)
    policy = Policy(skip_urls=(f"{replay.base}/private/*",), accept_status=(403,))
    lines: list[str] = []
    tally = fetch_all(
        wanted_by_root(runner), client=client, env=_env(replay), out=lines.append, policy=policy
    )
    assert tally.exit_code == 0 and client.requests == 2
    assert lines == [
        f"accepted: URL {replay.base}/paywall: HTTP 403, accepted by [fetch] accept-status",
        f"skipped: URL {replay.base}/private/x: [fetch] skip-urls matches {replay.base}/private/*",
    ]
    assert closing_line(tally).endswith("failed 0, skipped 1, accepted 1 (2 requests)")
    again = fetch_all(wanted_by_root(runner), client=client, env=_env(replay), policy=policy)
    assert [a.outcome for a in again.asked] == ["skipped"] and client.requests == 2
    found = _lint(project)
    assert [(line, code) for line, code, _ in found] == [(1, "CL011"), (2, "CL011")]
    assert found[0][2].endswith(
        "not saved (no PubMed, PMC, trial or DOI id in it, and no entry in web/index.json or "
        "url_to_info.json; the [fetch] config keeps `citelint fetch` from saving it (HTTP 403, "
        "accepted by [fetch] accept-status)); 1 claim depends on it; save it by hand (under "
        "web/, with its URL in web/index.json)"
    )
    assert "(HTTP 403, accepted" not in _fetch(project, replay)[1]  # no policy: asked again
    # a dry run says what the config keeps from being asked, and asks nothing
    asked = client.requests
    dry = fetch_all(
        wanted_by_root(runner, saved_too=True),
        client=client,
        env=_env(replay),
        policy=policy,
        dry_run=True,
        refresh=True,
    )
    assert client.requests == asked
    assert (
        f"would skip URL {replay.base}/private/x: [fetch] skip-urls matches {replay.base}/private/*"
        in would_lines(dry)
    )
    assert closing_line(dry) == "2 source(s) would be fetched, 1 skipped by config"


def test_an_old_style_arxiv_id_is_fetched_and_read(tmp_path: Path, replay: Replay) -> None:
    """`hep-th/9901001` (before 2007): asked as written, saved as `hep-th_9901001.xml`
    (its `/` is no folder), found from a reference, a URL and an anchor alike."""
    old = ATOM.replace(b"2101.00001v2", b"hep-th/9901001v1")
    replay.on("/arxiv/query?id_list=hep-th%2F9901001&max_results=1", _atom(old))
    project = _project(
        tmp_path,
        "The logical error rate was 0.143% per cycle [1].\n"
        "It ran on a 101-qubit processor (https://arxiv.org/abs/hep-th/9901001v1).\n"
        "It ran on a 102-qubit processor [arxiv:hep-th/9901001:abstract].\n\n"
        "## References\n\n1. Lovelace A. A surface code below threshold. 2021. arXiv:hep-th/9901001\n",
    )
    assert _fetch(project, replay)[1] == (
        "fetched 1, already saved 0, missing 0, failed 0 (1 request)\n"
    )
    assert (project / "sources/arxiv/hep-th_9901001.xml").read_bytes() == old
    assert [(line, code) for line, code, _ in _lint(project)] == [(3, "CL101")]


def test_a_publishers_page_of_a_doi_saves_the_record_and_the_page(
    tmp_path: Path, replay: Replay
) -> None:
    """A link to a publisher's article page names a DOI: its Crossref record is saved
    (metadata, notices) and the page the writer linked, whose text the claim is checked
    against."""
    doi = "10.3389/fonc.2021.123456"
    replay.on(
        "/crossref/works/10.3389%2Ffonc.2021.123456",
        json_answer(json.dumps({"message": {"DOI": doi, "title": ["A trial"]}}).encode()),
    )
    replay.on("/idconv/", json_answer(b'{"records": [{"doi": "10.3389/fonc.2021.123456"}]}'))
    article = f"{replay.base}/articles/{doi}/full"
    replay.on(
        f"/articles/{doi}/full",
        page(
            b"<html><body><p>The objective response rate was 45% in 120 patients.</p></body></html>"
        ),
    )
    project = _project(
        tmp_path,
        f"The objective response rate was 45% ([Frontiers]({article})).\n"
        f"The objective response rate was 55% ([Frontiers]({article})).\n",
    )
    code, out = _fetch(project, replay)
    assert (code, out.splitlines()[-1]) == (
        0,
        "fetched 2, already saved 0, missing 0, failed 0 (3 requests)",
    )
    assert len(list((project / "sources/web").glob("*.html"))) == 1
    assert [(line, code) for line, code, _ in _lint(project)] == [(2, "CL101")]


CORPUS_TRIAL = CORPUS_RECORD.parents[2] / "trials/mcode/NCT02513394.json"
# Real captured answers (../shared/corpus) in each service's URL layout: a report whose
# first claim the record supports and whose second changes a number.
CAPTURES = [
    (
        CORPUS_RECORD,
        "/eutils/efetch.fcgi",
        "pubmed/22663011.xml",
        "Median progression-free survival was 4.8 months with trametinib and 1.5 months "
        "with chemotherapy (PMID: 22663011).\n\nThe rate was 91% (PMID: 22663011).\n",
    ),
    (
        CORPUS_TRIAL,
        "/ctgov/studies/NCT02513394",
        "trials/NCT02513394.json",
        "PALLAS enrolled 5796 patients [nct:NCT02513394:design].\n\n"
        "PALLAS enrolled 5896 patients [nct:NCT02513394:design].\n",
    ),
]


@pytest.mark.parametrize(("capture", "route", "saved", "report"), CAPTURES)
def test_a_real_record_round_trips(
    tmp_path: Path, replay: Replay, capture: Path, route: str, saved: str, report: str
) -> None:
    """Saved as served, a true claim supported, a changed number caught."""
    if not capture.is_file():
        pytest.skip("the corpus is not present")
    kind = "text/xml" if capture.suffix == ".xml" else "application/json"
    replay.on(route, (200, {"Content-Type": kind}, capture.read_bytes()))
    project = _project(tmp_path, report)
    assert _fetch(project, replay)[0] == 0
    assert (project / "sources" / saved).read_bytes() == capture.read_bytes()
    assert [(line, code) for line, code, _ in _lint(project)] == [(3, "CL101")]


# Crossref's real answer for 10.1371/journal.pone.0033693, as habanero's tests captured it
# (sckott/habanero, tests/test-prefixes.py; MIT): a metadata-only work, no abstract.
CROSSREF_REAL = (
    b'{"status":"ok","message-type":"work","message-version":"1.0.0","message":{"indexed":'
    b'{"date-parts":[[2015,6,9]],"timestamp":1433817308344},"reference-count":0,"publisher":'
    b'"Public Library of Science (PLoS)","issue":"3","DOI":"10.1371\\/journal.pone.0033693",'
    b'"type":"journal-article","page":"e33693","update-policy":"http:\\/\\/dx.doi.org\\/10.1371'
    b'\\/journal.pone.corrections_policy","source":"CrossRef","title":["Methylphenidate Exposure'
    b' Induces Dopamine Neuron Loss and Activation of Microglia in the Basal Ganglia of Mice"],'
    b'"prefix":"http:\\/\\/id.crossref.org\\/prefix\\/10.1371","volume":"7","author":[{"affiliation'
    b'":[],"family":"Sadasivan","given":"Shankar"},{"affiliation":[],"family":"Pond","given":'
    b'"Brooks B."},{"affiliation":[],"family":"Pani","given":"Amar K."},{"affiliation":[],'
    b'"family":"Qu","given":"Chunxu"},{"affiliation":[],"family":"Jiao","given":"Yun"},'
    b'{"affiliation":[],"family":"Smeyne","given":"Richard J."}],"member":"http:\\/\\/id.crossref'
    b'.org\\/member\\/340","container-title":["PLoS ONE"],"deposited":{"date-parts":[[2014,3,5]],'
    b'"timestamp":1393977600000},"score":1.0,"subtitle":[],"editor":[{"affiliation":[],"family":'
    b'"Borlongan","given":"Cesario V."}],"issued":{"date-parts":[[2012,3,21]]},"URL":"http:\\/\\/'
    b'dx.doi.org\\/10.1371\\/journal.pone.0033693","ISSN":["1932-6203"],"subject":["Agricultural'
    b' and Biological Sciences(all)","Medicine(all)","Biochemistry, Genetics and Molecular '
    b'Biology(all)"]}}'
)


def test_a_real_crossref_work_checks_its_entrys_metadata(tmp_path: Path, replay: Replay) -> None:
    """A metadata-only work: saved as served, its entry's title, authors and year checked
    (a wrong year is CL104), its claims unchecked for want of text, never CL012."""
    replay.on("/crossref/works/10.1371%2Fjournal.pone.0033693", json_answer(CROSSREF_REAL))
    replay.on("/idconv/", json_answer(b'{"records": [{"doi": "10.1371/journal.pone.0033693"}]}'))
    entry = (
        "Sadasivan S, Pond BB, Pani AK, Qu C, Jiao Y, Smeyne RJ. Methylphenidate exposure "
        "induces dopamine neuron loss and activation of microglia in the basal ganglia of "
        "mice. PLoS One. {year};7(3):e33693. doi:10.1371/journal.pone.0033693\n"
    )
    project = _project(
        tmp_path,
        "Methylphenidate induced dopamine neuron loss in mice [1].\n\n## References\n\n1. "
        + entry.format(year=2012),
    )
    assert _fetch(project, replay)[0] == 0
    saved = list((project / "sources/crossref").glob("*.json"))
    assert [p.read_bytes() for p in saved] == [CROSSREF_REAL]
    assert [code for _, code, _ in _lint(project)] == []
    (project / "report.md").write_text(
        "Methylphenidate induced dopamine neuron loss in mice [1].\n\n## References\n\n1. "
        + entry.format(year=2015)
    )
    found = _lint(project)
    assert [(line, code) for line, code, _ in found] == [(5, "CL104")]
    assert "2012" in found[0][2]


def test_an_alias_nct_is_saved_under_the_id_asked_and_read(tmp_path: Path, replay: Replay) -> None:
    """ClinicalTrials.gov answers an alias with the study that lists it: saved under the
    id asked, the id it holds noted, and the lint reads it (it was CL007)."""
    study = json.dumps(
        {
            "protocolSection": {
                "identificationModule": {
                    "nctId": "NCT00000102",
                    "nctIdAliases": ["NCT00000999"],
                    "briefTitle": "A study of 420 patients",
                },
                "designModule": {"enrollmentInfo": {"count": 420}},
            }
        }
    ).encode()
    replay.on("/ctgov/studies/NCT00000999", json_answer(study))
    project = _project(
        tmp_path,
        "It enrolled 420 patients [nct:NCT00000999:design].\n\n"
        "It enrolled 440 patients [nct:NCT00000999:design].\n",
    )
    assert _fetch(project, replay)[0] == 0
    index = json.loads((project / "sources/fetched.json").read_text())
    assert index["NCT NCT00000999"]["record_id"] == "NCT00000102"
    assert [(line, code) for line, code, _ in _lint(project)] == [(3, "CL101")]


def test_interleaved_asks_one_source_of_each_host_in_turn() -> None:
    from citelint.commands.fetch.run import interleaved
    from citelint.commands.fetch.services import Wanted

    todo = [
        Wanted("URL", "http://a.org/1"),
        Wanted("URL", "http://a.org/2"),
        Wanted("PMID", "1"),
        Wanted("URL", "http://b.org:8080/1"),
        Wanted("PMID", "2"),
    ]
    assert interleaved(todo) == [0, 2, 3, 1, 4]  # a, PubMed, b, then each host's second


def test_sources_asked_at_once_come_out_in_the_plan_s_order(tmp_path: Path, replay: Replay) -> None:
    """Pages of another host answered while the first is slow: the lines, the tally and
    the indexes are those of a run that asks one at a time."""
    slow = (200, {"Content-Type": "text/html", "X-Sleep": "0.3"}, b"<p>Slow page.</p>")
    replay.on("/slow", slow)
    for n in range(6):
        replay.on(f"/p{n}", page(f"<p>Page {n}.</p>".encode()))
    lines = "".join(
        f"Claim {n} ([a](http://{h}/{p})).\n\n"
        for n, (h, p) in enumerate(
            [("127.0.0.1:{port}", "slow"), *(("localhost:{port}", f"p{n}") for n in range(6))]
        )
    )
    port = replay.base.rsplit(":", 1)[1]
    seen = []
    for concurrency in (1, 4):
        project = tmp_path / str(concurrency)
        project.mkdir()
        _project(project, lines.replace("{port}", port))
        runner = Runner.of(Settings(project_root=str(project)), [str(project)])
        said: list[str] = []
        tally = fetch_all(
            wanted_by_root(runner, saved_too=False),
            client=Client(default_interval=0, sleep=lambda s: None, allow_private=True),
            env=_env(replay),
            out=said.append,
            now=lambda: "2026-12-02",
            verbose=True,
            concurrency=concurrency,
        )
        index = (project / "sources" / "fetched.json").read_text()
        seen.append(("\n".join(said).replace(str(project), "P"), closing_line(tally), index))
    assert seen[0] == seen[1]
    assert seen[0][0].splitlines()[0].startswith("saved: URL http://127.0.0.1:")


def test_a_failure_is_remembered_for_failed_max_age_days_and_still_fails_the_run(
    tmp_path: Path, replay: Replay
) -> None:
    from citelint.commands.fetch.flows import Policy

    project = _project(tmp_path, "Rates were 45% ([a](http://{host}/down)).\n")
    (project / "report.md").write_text(
        (project / "report.md").read_text().replace("{host}", replay.base.split("//")[1])
    )
    replay.on("/down", (404, {"Content-Type": "text/html"}, b"gone"))
    runner = Runner.of(Settings(project_root=str(project)), [str(project)])

    def fetch(day: str, remember: int) -> tuple[int, list[str], int]:
        said: list[str] = []
        before = len(replay.asked)
        tally = fetch_all(
            wanted_by_root(runner, saved_too=False),
            client=Client(default_interval=0, sleep=lambda s: None, allow_private=True),
            env=_env(replay),
            out=said.append,
            now=lambda: day,
            policy=Policy(failed_max_age=remember),
        )
        return tally.exit_code, said, len(replay.asked) - before

    code, said, asked = fetch("2026-12-02", 0)
    assert (code, asked) == (1, 1) and said[0].startswith("failed: URL http://")
    assert fetch("2026-12-02", 0)[2] == 1  # by default, asked again on every run
    code, said, asked = fetch("2026-12-03", 2)  # remembered: not asked, still failed
    assert (code, asked) == (1, 0)
    assert said[0].endswith(": remembered from 2026-12-02: HTTP 404")
    assert fetch("2026-12-04", 2)[2] == 1  # two days old: asked again
