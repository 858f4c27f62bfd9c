"""Presets: `extends = "deep-research"` or `"pipeline"`, overridden by the config's keys."""

from __future__ import annotations

from pathlib import Path

import pytest

from citelint.config.keys import _PATH_KEYS
from citelint.config.load import ConfigError, load_settings
from citelint.config.presets import PRESETS, as_toml
from citelint.rules.cl011_unsaved_source import Options as UnsavedOptions
from citelint.rules.cl111_unsupported_statement import Options as CoverageOptions
from tests.conftest import Writer, run

ROOT = Path(__file__).resolve().parents[2]


def test_a_preset_sets_its_keys_and_the_config_overrides_them(project: Writer) -> None:
    config = project("citelint.toml", 'extends = "deep-research"\n')
    settings = load_settings(str(config), str(config.parent))
    assert "glued" in settings.claims.citation_styles
    assert settings.ignore == ("CL301", "CL302") and settings.required_source_channels == ()
    assert settings.fail_on_unchecked is False
    strict = project("citelint.toml", 'extends = "pipeline"\nfail-on-unchecked = false\n')
    settings = load_settings(str(strict), str(strict.parent))
    assert settings.claims.citation_styles == () and settings.claims.numbered_locators == (
        "required"
    )
    assert settings.fail_on_unchecked is False  # the config's own key wins


def test_an_unknown_preset_is_a_config_error(project: Writer) -> None:
    config = project("citelint.toml", 'extends = "strict"\n')
    with pytest.raises(ConfigError, match="'extends' must be one of deep-research, pipeline"):
        load_settings(str(config), str(config.parent))


def test_a_preset_never_sets_a_path() -> None:
    for table in PRESETS.values():
        assert not set(table) & _PATH_KEYS


def test_the_cli_prints_a_preset_and_the_readme_lists_both(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "rules", "--preset", "pipeline")
    assert code == 0 and out == as_toml("pipeline")
    assert out.splitlines()[1:] == [
        "citation-styles = []",
        'numbered-locators = "required"',
        "fail-on-unchecked = true",
    ]
    code, _, err = run(capsys, "rules", "--preset", "nope")
    assert code == 2 and "unknown preset 'nope'" in err
    usage = (ROOT / "docs" / "usage.md").read_text(encoding="utf-8")
    assert all(as_toml(name) in usage for name in PRESETS)


CITES = (
    "Median PFS was 4.8 months [pmid:1:abstract]. Response was 22% "
    "([onclive.com](https://www.onclive.com/view/a)). Enrolment reached 322 (PMID: 99999999).\n"
)


def test_deep_research_gives_one_unsaved_source_finding_per_report(
    project: Writer, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    project("sources/pubmed/1.json", '{"abstract": "Median PFS was 4.8 months."}')
    project("r.md", CITES)
    monkeypatch.chdir(project("citelint.toml", "").parent)
    code, out, _ = run(capsys, "--no-cache", "--select", "CL011", "--output-format", "concise")
    assert code == 1 and out.count("CL011") == 2  # one per unsaved source, by default
    project("citelint.toml", 'extends = "deep-research"\n[rules.CL011]\nseverity = "warning"\n')
    code, out, _ = run(capsys, "--no-cache", "--select", "CL011", "--output-format", "concise")
    assert code == 0, out  # the config's severity merges with the preset's per-report
    assert out.splitlines()[0] == (
        "r.md:1:65: CL011 [warning] unsaved sources: 2 sources this report cites are not "
        "saved under the sources root, so 1 claim cannot be verified: "
        "https://www.onclive.com/view/a; PMID 99999999; `citelint fetch` saves them"
    )


def test_a_rule_table_in_the_config_replaces_no_other_rule(project: Writer) -> None:
    config = project(
        "citelint.toml", 'extends = "deep-research"\n[rules.CL111]\nmin-coverage = 0.2\n'
    )
    settings = load_settings(str(config), str(config.parent))
    cl011 = settings.rules["CL011"].options
    assert isinstance(cl011, UnsavedOptions) and cl011.per_report is True
    cl111 = settings.rules["CL111"].options
    assert isinstance(cl111, CoverageOptions) and cl111.min_coverage == 0.2
