"""The HTML audit view: self-contained, escaped, clickable in a browser."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from citelint.commands.cli import main
from citelint.outputs.formatters.html import page_name
from tests.conftest import Writer

ROOT = Path(__file__).resolve().parents[3]
ARTIFACTS = ROOT / "test-artifacts"


@pytest.fixture
def audit_page(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> Path:
    monkeypatch.chdir(ROOT)
    page = tmp_path / "audit.html"
    main(["examples", "-o", f"html:{page}", "-q", "--output-format", "concise"])
    capsys.readouterr()
    return page


def test_html_page_is_self_contained_and_marks_claims(audit_page: Path) -> None:
    page = audit_page.read_text(encoding="utf-8")
    assert not re.search(r"""(?:src|href)=["'](?:https?:)?//""", page)  # no network
    verdicts = re.findall(
        r'class="claim verdict-(\w+)" id="claim-(r\d+-c\d+)" data-claim="\2"', page
    )
    kinds = {v for v, _ in verdicts}
    assert kinds == {"ok", "fail", "unchecked", "none"}
    for _, key in verdicts:
        assert f'id="detail-{key}"' in page
    assert '<mark class="missing">9.8 months</mark>' in page
    assert '<mark class="match">demotinib</mark>' in page
    assert "[1] <small>(numbered citation)</small>" in page  # how numbered.md cites
    assert '<p class="found">Found in [pmid:10000001:abstract] (examples/sources/' in page
    assert '<div class="excerpt found">' in page  # the suggested span beside the cited one
    assert 'data-critical="8"' in page and 'data-warning="1"' in page


def test_html_escapes_report_text(
    project: Writer,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    project("r.md", "Price &lt;script&gt;alert(1)&lt;/script&gt; is 5%.\n")
    monkeypatch.chdir(tmp_path)
    main(["r.md", "-o", "html:out.html", "-q"])
    page = (tmp_path / "out.html").read_text(encoding="utf-8")
    assert "<script>alert(1)" not in page and "&lt;script&gt;alert(1)" in page


def _chromium() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.mark.slow
def test_html_page_in_headless_chromium(audit_page: Path, tmp_path: Path) -> None:
    browser = _chromium()
    if browser is None:
        pytest.skip("chromium is not installed (.ci/run installs Debian's chromium)")
    flags = [
        browser,
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        f"--user-data-dir={tmp_path / 'profile'}",
    ]
    url = audit_page.as_uri() + "#claim-r0-c1"  # the page clicks the claim named in the hash
    dom = subprocess.run(
        [*flags, "--virtual-time-budget=3000", "--dump-dom", url],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    ).stdout
    assert 'class="claim verdict-fail selected" id="claim-r0-c1" data-claim="r0-c1"' in dom
    panel = re.search(r'<div id="panel-body" data-claim="r0-c1">(.*?)</div></aside>', dom, re.S)
    assert panel, "clicking the claim fills the panel"
    assert '<mark class="missing">9.8 months</mark>' in panel.group(1)
    assert "examples/sources/pubmed/10000001.json" in panel.group(1)
    assert '<mark class="match">demotinib</mark>' in panel.group(1)
    filtered = subprocess.run(
        [*flags, "--virtual-time-budget=3000", "--dump-dom", audit_page.as_uri() + "?rule=CL103"],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    ).stdout
    findings = re.findall(r'<li class="finding[^"]*" data-code="(CL\d+)"( hidden="")?', filtered)
    assert findings and all((code == "CL103") == (not hidden) for code, hidden in findings)
    ARTIFACTS.mkdir(exist_ok=True)
    shot = ARTIFACTS / "audit.png"
    # tall enough for the whole examples view: headless Chromium paints a blank frame when
    # the claim named in the hash scrolls a longer page (seen with 1.2 KB more findings)
    subprocess.run(
        [*flags, "--window-size=1400,2400", f"--screenshot={shot}", url],
        capture_output=True,
        timeout=120,
        check=True,
    )
    assert shot.stat().st_size > 10_000


def test_highlights_are_made_before_escaping_and_findings_link_to_claims() -> None:
    from citelint.outputs.diagnostic import Diagnostic, Severity
    from citelint.outputs.formatters.html import render
    from citelint.outputs.result import CitedSpan, ClaimRecord, FileResult, Result

    record = ClaimRecord(
        id=0, line=3, column=1, text="ORR was 27% [pmid:1:abstract].", fact_bearing=True,
        tokens=("27%",), anchors=("[pmid:1:abstract]",),
        spans=(CitedSpan("[pmid:1:abstract]", "s/p.json", "abstract", "the drug's ORR 27%"),),
        missing=(), codes=("CL101",), verdict="fail", block=0,
    )  # fmt: skip
    d = Diagnostic("r.md", 3, 9, 3, 12, "CL101", "numeric-token-miss", Severity.CRITICAL, "m")
    page = render(Result((FileResult("r.md", (d,), records=(record,)),)))
    assert 'drug&#x27;s ORR <mark class="match">27%</mark>' in page  # not drug&#x<mark>27
    assert '<a href="#claim-r0-c0">3:9</a> CL101' in page
    assert 'id="filter-failed"' in page and '<option value="CL101">CL101</option>' in page
    assert '<option value="report-0">r.md</option>' in page and 'data-codes="CL101"' in page


def test_pages_are_an_index_and_one_page_per_report(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(ROOT)
    folder = tmp_path / "view"
    assert main(["examples", "--html-dir", str(folder), "-q", "--output-format", "concise"]) == 1
    capsys.readouterr()
    names = sorted(p.name for p in folder.iterdir())
    assert (folder / ".gitignore").read_text() == "*\n"  # never linted as reports again
    broken, clean = (
        page_name("examples/reports/broken.html"),
        page_name("examples/reports/clean.md"),
    )
    assert broken.startswith("examples-reports-broken.html-") and broken.endswith(".html")
    assert len(names) == 6 and {".gitignore", "index.html", broken, clean} <= set(names)
    index = (folder / "index.html").read_text(encoding="utf-8")
    assert f'href="{broken}">examples/reports/broken.html</a>' in index
    assert 'id="index-search"' in index and "<thead>" in index
    assert '<tr class="totals"><td>4 reports</td><td>9</td><td>29</td>' in index
    assert 'class="claim' not in index  # the index holds no report
    page = (folder / broken).read_text(encoding="utf-8")
    assert '<a href="index.html">← all reports</a>' in page
    assert 'id="claim-r0-c1"' in page and '<a href="#claim-r0-c1">' in page
    assert "examples/reports/clean.md" not in page.split("<main>")[1].split("</header>")[1]
    # the page counts its own report, not the run
    assert 'data-claims="6"' in page and "in 1 file;" in page  # the run has 29 in 4
    # a report no longer in the run loses its page; a file someone else put there stays
    (folder / "mine.html").write_text("<p>kept</p>")
    assert main(["examples/reports/clean.md", "--html-dir", str(folder), "-q"]) == 0
    err = capsys.readouterr().err
    assert sorted(p.name for p in folder.iterdir()) == sorted(
        [".gitignore", "index.html", clean, "mine.html"]
    )
    assert err == ""  # -q: no "written to" line
    main(["examples/reports/clean.md", "--html-dir", str(folder)])
    assert f"HTML view written to {folder / 'index.html'}" in capsys.readouterr().err


def test_the_pages_carry_the_version_and_the_reproducible_date(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from citelint.outputs.formatters.html import run_date

    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    assert run_date() == "2023-11-14"
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "not a number")
    assert len(run_date()) == 10


_PROBE = """<script>window.addEventListener('load',function(){
  var head=document.querySelectorAll('table.index th')[1]; head.click(); head.click();
  var first=document.querySelector('table.index tbody tr').getAttribute('data-path');
  var t=document.querySelector('table.index').getBoundingClientRect();
  var a=document.getElementById('panel').getBoundingClientRect();
  var box=document.getElementById('index-search'); box.value='example_c';
  box.dispatchEvent(new Event('input'));
  var shown=document.querySelectorAll('table.index tbody tr:not([hidden])').length;
  document.body.setAttribute('data-probe',[Math.round(t.right),Math.round(a.left),
    document.documentElement.scrollWidth,shown,first].join('|'));
});</script></body>"""


@pytest.mark.slow
def test_the_index_sits_beside_the_panel_at_1400_px_with_the_corpus_reports(
    corpus: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    browser = _chromium()
    if browser is None:
        pytest.skip("chromium is not installed (.ci/run installs Debian's chromium)")
    monkeypatch.chdir(tmp_path)  # report paths shown in full: the longest a user sees
    folder = tmp_path / "view"
    main([str(corpus / "reports"), "--html-dir", str(folder), "-q", "--exit-zero", "--no-cache"])
    capsys.readouterr()
    index = (folder / "index.html").read_text(encoding="utf-8")
    (folder / "probe.html").write_text(index.replace("</body>", _PROBE), encoding="utf-8")
    flags = [browser, "--headless", "--no-sandbox", "--disable-gpu", "--window-size=1400,900",
             f"--user-data-dir={tmp_path / 'profile'}"]  # fmt: skip
    dom = subprocess.run(
        [*flags, "--virtual-time-budget=3000", "--dump-dom", (folder / "probe.html").as_uri()],
        capture_output=True, text=True, timeout=120, check=True,
    ).stdout  # fmt: skip
    probe = re.search(r'data-probe="([^"]*)"', dom)
    assert probe, dom[-2000:]
    right, panel, width, shown, first = probe.group(1).split("|")
    assert int(right) <= int(panel) and int(width) <= 1400  # side by side, no overflow
    assert int(shown) == sum(
        1 for row in re.findall(r'<tr data-path="([^"]*)"', index) if "example_c" in row
    )
    counts = {
        p: int(n)
        for p, n in re.findall(r'<tr data-path="([^"]*)">.*?<td data-value="(\d+)">', index)
    }
    assert counts[first.replace("&amp;", "&")] == max(
        counts.values()
    )  # sorted, most findings first
    ARTIFACTS.mkdir(exist_ok=True)
    shot = ARTIFACTS / "audit-index-1400.png"
    subprocess.run([*flags, f"--screenshot={shot}", (folder / "index.html").as_uri()],
                   capture_output=True, timeout=120, check=True)  # fmt: skip
    assert shot.stat().st_size > 10_000


def test_the_pages_are_never_linted_as_reports_on_the_next_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    monkeypatch.chdir(tmp_path)
    main(["examples", "--html-dir", "audit", "-q", "--no-cache"])
    capsys.readouterr()
    main([".", "--no-cache", "--output-format", "json"])
    linted = {d["path"].split("/")[0] for d in json.loads(capsys.readouterr().out)["diagnostics"]}
    assert (tmp_path / "audit" / "index.html").is_file() and linted == {"examples"}


def test_a_measured_statement_shows_its_window_and_coverage(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """CL111's window and coverage beside the claim, and on the claim for a script."""
    shutil.copytree(ROOT / "tests" / "rules" / "CL111_unsupported-statement", tmp_path / "case")
    monkeypatch.chdir(tmp_path / "case")  # a copy: the checkout's config excludes tests/
    page = tmp_path / "view.html"
    main(["fail", "-o", f"html:{page}", "-q", "--no-cache"])
    capsys.readouterr()
    text = page.read_text(encoding="utf-8")
    assert re.search(r'class="claim verdict-warn"[^>]*data-line="3" data-coverage="14"', text)
    assert "MAKER-2023.md › History: 14% of the claim's words" in text
