"""Presets: `extends = "deep-research"` or `"pipeline"`, overridden by the config's keys."""

from __future__ import annotations

from pathlib import Path

import pytest

from citelint.config import ConfigError, load_settings
from citelint.config_keys import _PATH_KEYS
from citelint.presets import PRESETS, as_toml
from tests.conftest import Writer, run

ROOT = Path(__file__).resolve().parents[1]


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
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert all(as_toml(name) in readme for name in PRESETS)
