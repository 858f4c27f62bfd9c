"""Configuration: discovery, validation, the claim model's keys and deprecated ones."""

from __future__ import annotations

import pytest

from citelint.config.load import ConfigError, load_settings
from tests.conftest import Writer


def test_pyproject_table_and_rule_settings(project: Writer) -> None:
    path = project(
        "pyproject.toml",
        "[project]\nname='x'\n[tool.citelint]\nfail-on='warning'\n"
        "[tool.citelint.rules.CL005]\nseverity='critical'\n"
        "[tool.citelint.rules.CL103]\ndrug-stems-en=['zumab']\n",
    )
    settings = load_settings(str(path), str(path.parent))
    assert settings.fail_on == "warning"
    assert settings.severity("CL005").value == "critical"
    # the drug grammar moved to the claim model; the old CL103 option still works, with a note
    assert settings.claims.drugs.stems_en == ("zumab",)
    assert "deprecated" in settings.notes[0] and "drug-stems-en" in settings.notes[0]
    with pytest.raises(ConfigError, match=r"unknown key 'tool\.citelint\.rulez'"):
        load_settings(str(project("pyproject.toml", "[tool.citelint.rulez]\n")), str(path.parent))


def test_unreadable_config_and_discovery(project: Writer) -> None:
    from citelint.config.load import find_config

    with pytest.raises(ConfigError, match="is a folder, not a regular file"):
        load_settings(str(project("x/.citelint.toml", "").parent), "/")
    project("a/.git/HEAD", "")
    project("a/pyproject.toml", "[project\n")  # broken, and not citelint's: skipped
    tmp = project("a/x/.keep", "").parent
    assert find_config(str(tmp)) is None
    broken = project("a/pyproject.toml", "[tool.citelint]\nfail-on = 'never\n")
    assert find_config(str(tmp)) == str(broken)  # it means to configure citelint: used
    with pytest.raises(ConfigError, match="is not valid TOML"):
        load_settings(str(broken), str(tmp))
    nested = project("a/b/citelint.toml", "fail-on = 'never'\n")
    assert find_config(str(nested.parent / "c")) == str(nested)  # found walking up
    assert find_config(str(project("b/.git/HEAD", "").parents[1])) is None  # stops at .git


def test_cl111_min_coverage_is_a_share(project: Writer) -> None:
    """A threshold outside 0–1 would flag every statement or none: refused."""
    good = project("citelint.toml", "[rules.CL111]\nmin-coverage = 0.3\n")
    settings = load_settings(str(good), str(good.parent))
    options = settings.rules["CL111"].options
    assert options is not None and getattr(options, "min_coverage", None) == 0.3
    bad = project("citelint.toml", "[rules.CL111]\nmin-coverage = 5\n")
    with pytest.raises(ConfigError, match=r"CL111 min-coverage must be between 0 and 1, not 5\.0"):
        load_settings(str(bad), str(bad.parent))
