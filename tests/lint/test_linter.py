"""One report's pipeline: every rule runs, the selection only chooses what is shown; the
claim model's options reach the rules."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import citelint
from citelint.outputs.result import Result
from tests.conftest import Writer

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _by_code(result: Result) -> dict[str, list[tuple[str, int, int, str]]]:
    found: dict[str, list[tuple[str, int, int, str]]] = {}
    for f in result.files:
        for d in f.diagnostics:
            found.setdefault(d.code, []).append((d.path, d.line, d.column, d.message))
    return found


def test_select_is_a_filter_not_another_analysis(tmp_path: Path) -> None:
    """`--select X` shows exactly what a full run shows for X, with the same counts."""
    from citelint.config.load import Settings

    root = str(tmp_path / "examples")  # a copy: the checkout's own config sits above them
    shutil.copytree(EXAMPLES, root)
    full = citelint.lint_paths([root], Settings(project_root=root))
    every = _by_code(full)
    assert len(every) >= 5  # the examples exercise many rules, so the check has teeth
    for code in [*every, "CL005"]:
        alone = citelint.lint_paths([root], Settings(project_root=root, select=(code,)))
        assert _by_code(alone) == ({code: every[code]} if code in every else {}), code
        assert (alone.summary()["claims"], alone.summary()["verified_claims"]) == (
            full.summary()["claims"],
            full.summary()["verified_claims"],
        ), code


def test_numbered_locators_required_asks_numbered_citations_for_a_locator(
    project: Writer, tmp_path: Path
) -> None:
    import dataclasses

    from citelint.config.load import Settings

    project("sources/pubmed/1001.json", json.dumps({"abstract": "PFS was 4.8 months."}))
    report = project("r.md", "PFS was 4.8 months [1].\n\n## References\n\n1. PMID: 1001\n")
    settings = Settings(project_root=str(tmp_path))
    assert citelint.lint_paths([str(report)], settings).diagnostics == ()
    strict = dataclasses.replace(
        settings, claims=dataclasses.replace(settings.claims, numbered_locators="required")
    )
    (found,) = citelint.lint_paths([str(report)], strict).diagnostics
    assert (found.code, found.line, found.column) == ("CL004", 1, 1)


def test_a_report_that_cites_nothing_gets_one_missing_anchor_finding(project: Writer) -> None:
    """No citation, no entry, no sources folder: one CL001 naming the lines, and every
    such sentence still an unsupported claim."""
    from citelint.config.load import Settings

    notes = project(
        "notes.md",
        "# Notes\n\n- Cetuximab is approved for HNSCC\n- Erlotinib is in trials\n"
        "- Response rates were 15-20%\n\n## Sources\n\nCompiled from journals.\n",
    )
    result = citelint.lint_paths([str(notes)], Settings(project_root=str(notes.parent)))
    assert _by_code(result) == {
        "CL001": [
            (
                "notes.md",
                3,
                3,
                "the report cites nothing: 3 fact-bearing sentences have no anchor (lines 3, "
                "4, 5; the first states Cetuximab); cite the saved sources that state them",
            )
        ]
    }
    assert result.summary()["claims"] == 3 and result.summary()["verified_claims"] == 0
    one = project("one.md", "Cetuximab is approved for HNSCC.\n")
    single = citelint.lint_paths([str(one)], Settings(project_root=str(one.parent)))
    assert [d.message for f in single.files for d in f.diagnostics] == [
        "fact-bearing sentence has no anchor (states Cetuximab); cite the saved source "
        "that states it"
    ]


def test_a_report_that_cites_nothing_beside_an_empty_sources_root_gets_one_finding(
    project: Writer, tmp_path: Path
) -> None:
    """A sources root with nothing saved in it (what `citelint fetch` leaves for a report
    that cites nothing) offers no sentence a repair of its own: one CL001, as with no
    root at all. A root that holds a saved record keeps one finding per sentence."""
    from citelint.config.load import Settings

    text = "# Notes\n\nResponse rates were 15-20%.\n\nMedian OS was 11 months.\n"
    notes = project("empty/notes.md", text)
    (tmp_path / "empty" / "sources" / "pubmed").mkdir(parents=True)
    result = citelint.lint_paths([str(notes)], Settings(project_root=str(tmp_path)))
    assert [(d.line, d.message) for f in result.files for d in f.diagnostics] == [
        (
            3,
            "the report cites nothing: 2 fact-bearing sentences have no anchor (lines 3, 5; "
            "the first states 15, 20%); cite the saved sources that state them",
        )
    ]
    assert result.summary()["claims"] == 2 and result.summary()["verified_claims"] == 0
    kept = project("kept/notes.md", text)
    project("kept/sources/pubmed/22663011.json", json.dumps({"abstract": "Unrelated."}))
    result = citelint.lint_paths([str(kept)], Settings(project_root=str(tmp_path)))
    assert [(d.code, d.line) for f in result.files for d in f.diagnostics] == [
        ("CL001", 3),
        ("CL001", 5),
    ]


def test_a_storm_article_linted_with_another_sources_root_is_told_where_its_numbers_are(
    project: Writer, tmp_path: Path
) -> None:
    """STORM numbers an article's sources in the `url_to_info.json` beside it. Linted with
    another sources root, the article has no list, and CL008 says where the run's is; a
    report with no such file beside it gets the plain message, and a result kept before
    the file appeared is not served again."""
    from citelint.config.load import Settings

    project("run/storm_gen_article.txt", "The range was 2.5 km [1].\n")
    project("elsewhere/pubmed/1.json", json.dumps({"abstract": "Unrelated."}))
    settings = Settings(
        project_root=str(tmp_path),
        sources=str(tmp_path / "elsewhere"),
        cache_dir=str(tmp_path / "cache"),
        result_cache=True,
        select=("CL008",),
    )
    article = [str(tmp_path / "run" / "storm_gen_article.txt")]
    plain = "1:22 the report cites by number (1 citations, first [1]) but has no reference list"
    found = citelint.lint_paths(article, settings).files[0].diagnostics
    assert [f"{d.line}:{d.column} {d.message}" for d in found] == [plain]
    project("run/url_to_info.json", '{"url_to_unified_index": {}, "url_to_info": {}}')
    found = citelint.lint_paths(article, settings).files[0].diagnostics
    assert [f"{d.line}:{d.column} {d.message}" for d in found] == [
        f"{plain}; run/url_to_info.json beside it numbers a STORM run's sources: pass --sources run"
    ]


def test_a_planted_link_beside_a_storm_article_gives_no_hint(
    project: Writer, tmp_path: Path
) -> None:
    """The file beside the article is looked at by its own `lstat`: a `url_to_info.json`
    that is a link (here to a file outside the project) is no run's index."""
    from citelint.config.load import Settings

    outside = tmp_path.parent / f"{tmp_path.name}-outside.json"
    outside.write_text('{"url_to_unified_index": {}, "url_to_info": {}}')
    project("run/storm_gen_article.txt", "The range was 2.5 km [1].\n")
    project("elsewhere/pubmed/1.json", json.dumps({"abstract": "Unrelated."}))
    (tmp_path / "run" / "url_to_info.json").symlink_to(outside)
    settings = Settings(
        project_root=str(tmp_path), sources=str(tmp_path / "elsewhere"), select=("CL008",)
    )
    found = citelint.lint_paths([str(tmp_path / "run" / "storm_gen_article.txt")], settings)
    assert [d.message for d in found.files[0].diagnostics] == [
        "the report cites by number (1 citations, first [1]) but has no reference list"
    ]
