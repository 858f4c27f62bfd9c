"""`--show-files` and `--show-settings`: what a run would lint, and under what."""

from __future__ import annotations

import pytest

from citelint.commands.cli import main
from tests.conftest import Writer


def test_show_files_lists_the_reports_and_what_it_passed_over(
    project: Writer, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    project("reports/b.md", "Rates were 5% [pmid:1:abstract].\n")
    project("reports/a.html", "<p>Rates were 5%.</p>\n")
    project("reports/sources/pubmed/1.json", '{"abstract": "Rates were 5%."}')
    monkeypatch.chdir(project("citelint.toml", 'exclude = ["reports/drafts/**"]\n').parent)
    project("reports/drafts/c.md", "Rates were 9%.\n")
    assert main(["--show-files"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[:2] == ["reports/a.html", "reports/b.md"]  # sorted; nothing linted
    assert not any("c.md" in line for line in out[:2])
    assert main(["--show-files", "nowhere"]) == 2
    assert "nowhere: no such file or folder" in capsys.readouterr().err


def test_show_settings_names_the_config_the_root_and_every_key(
    project: Writer, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    project("docs/r.md", "Rates were 5% [pmid:1:abstract].\n")
    project("docs/sources/pubmed/1.json", '{"abstract": "Rates were 5%."}')
    project("docs/citelint.toml", 'fail-on = "warning"\nignore = ["CL009"]\n')
    monkeypatch.chdir(project("citelint.toml", "").parent)
    assert main(["--show-settings", "docs/r.md"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[:3] == [
        "# settings for docs/r.md",
        "# config: docs/citelint.toml",  # the nested config governs docs/
        "# sources root: docs/sources",
    ]
    assert 'fail-on = "warning"' in out and 'ignore = ["CL009"]' in out
    assert "# CL001 missing-anchor: critical" in out
    assert not any(line.startswith("# CL009 ") for line in out)  # ignored: it does not run
