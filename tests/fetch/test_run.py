"""`citelint fetch` end to end against the replay server: what it saves, what it records,
and what the lint then says (CL012 for an id its registry does not know)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from citelint.config import Settings
from citelint.fetch.http import Client
from citelint.fetch.plan import wanted_by_root
from citelint.fetch.run import fetch_all
from citelint.linter import Linter
from tests.fetch.conftest import Replay, json_answer, page, xml

CORPUS_RECORD = Path(__file__).parents[2].parent / "shared/corpus/pubmed/biomcp/22663011.xml"
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
    return {
        f"CITELINT_FETCH_{name}": f"{replay.base}/{name.lower()}"
        for name in ("EUTILS", "IDCONV", "CTGOV", "CROSSREF")
    }


def _project(tmp_path: Path, report: str) -> Path:
    (tmp_path / "sources").mkdir()
    (tmp_path / "report.md").write_text(report, encoding="utf-8")
    return tmp_path


def _fetch(project: Path, replay: Replay, **kwargs: bool) -> tuple[int, str]:
    out = io.StringIO()
    linter = Linter(Settings(project_root=str(project)))
    wanted = wanted_by_root(linter, [str(project)], saved_too=kwargs.get("refresh", False))
    client = Client(default_interval=0, sleep=lambda s: None, allow_private=True)
    code = fetch_all(
        wanted, client=client, env=_env(replay), out=out, now=lambda: "2026-12-02", **kwargs
    )
    return code, out.getvalue()


def _lint(project: Path) -> list[tuple[int, str, str]]:
    result = Linter(Settings(project_root=str(project))).lint_paths([str(project)])
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
    assert out.endswith("fetched: 3 saved, 0 missing, 0 failed (3 requests)\n")
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
    assert out == "fetched: 0 saved, 0 missing, 0 failed (0 requests)\n"
    # --refresh asks again
    _fetch(project, replay, refresh=True)
    assert len(replay.asked) == asked + 3


def test_a_changed_number_is_caught_after_fetch(tmp_path: Path, replay: Replay) -> None:
    replay.on("/eutils/efetch.fcgi", xml(ARTICLE))
    project = _project(
        tmp_path,
        "Median progression-free survival was 5.8 months [1].\n\n## References\n\n"
        "1. Flaherty KT. Improved survival with trametinib. N Engl J Med. 2012. PMID: 2001\n",
    )
    _fetch(project, replay)
    assert [(line, code) for line, code, _ in _lint(project)] == [(1, "CL101")]


def test_made_up_ids_are_cl012_after_fetch(tmp_path: Path, replay: Replay) -> None:
    replay.on("/eutils/efetch.fcgi", xml(EMPTY))
    replay.on("/crossref/works/10.9999/made.up", json_answer(b'"Resource not found."', 404))
    project = _project(
        tmp_path,
        "Rates were 45% [1], 12% [2] and 3% [pmid:99999998:abstract] (NCT09999999).\n\n"
        "## References\n\n1. Made up. PMID: 99999999\n2. Made up too. doi:10.9999/made.up\n",
    )
    code, out = _fetch(project, replay)
    assert code == 0
    assert "missing: PMID 99999999: PubMed (E-utilities) answered HTTP 200, no such record" in out
    assert "missing: NCT NCT09999999: ClinicalTrials.gov answered HTTP 404, no such study" in out
    found = _lint(project)
    assert [code for _, code, _ in found] == ["CL012"] * 4
    messages = [m for _, _, m in found]
    assert messages[2] == (
        "nonexistent source [pmid:99999998:abstract]: PMID 99999998 does not exist: "
        "PubMed (E-utilities) answered HTTP 200, no such record on 2026-12-02"
    )
    assert "DOI 10.9999/made.up does not exist: Crossref answered HTTP 404" in messages[1]


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
    assert code == 1 and why in out and "1 failed" in out
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
        "/crossref/works/10.1056/nejmoa1203421",
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


def test_the_corpus_record_round_trips(tmp_path: Path, replay: Replay) -> None:
    if not CORPUS_RECORD.is_file():
        pytest.skip("the corpus is not present")
    replay.on("/eutils/efetch.fcgi", xml(CORPUS_RECORD.read_bytes()))
    project = _project(
        tmp_path,
        "Median progression-free survival was 4.8 months with trametinib and 1.5 months "
        "with chemotherapy (PMID: 22663011).\n\nThe rate was 91% (PMID: 22663011).\n",
    )
    assert _fetch(project, replay)[0] == 0
    assert [(line, code) for line, code, _ in _lint(project)] == [(3, "CL101")]


def test_progress_counts_every_source_asked(tmp_path: Path, replay: Replay) -> None:
    replay.on("/eutils/efetch.fcgi", xml(EMPTY))
    project = _project(tmp_path, "Rates were 45% (PMID: 11111111) and 3% (PMID: 22222222).\n")
    linter = Linter(Settings(project_root=str(project)))
    seen: list[tuple[int, int]] = []
    client = Client(default_interval=0, sleep=lambda s: None, allow_private=True)
    wanted = wanted_by_root(linter, [str(project)])
    fetch_all(
        wanted,
        client=client,
        env=_env(replay),
        out=io.StringIO(),
        progress=lambda d, t: seen.append((d, t)),
    )
    assert seen == [(1, 2), (2, 2)]
