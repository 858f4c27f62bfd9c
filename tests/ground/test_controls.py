"""No control character of a report reaches a terminal or a log through any format."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from citelint.commands import cli
from citelint.ground.controls import json_escaped, visible
from citelint.outputs.formatters import FORMATTERS

# a report line that retitles the terminal, clears it, overwrites the line and reorders
# what follows (an OSC, a CSI, a carriage return, an 8-bit CSI and a right-to-left override)
HOSTILE = "Mortality fell by 75%\x1b]0;pwned\x07 \x1b[2J\r \x9b1m \u202e with trametinib."


def test_every_control_but_line_feed_and_tab_is_shown_as_one_character() -> None:
    assert visible("a\x1b[2Jb\tc\nd\x7f\x9b\u202e") == "a␛[2Jb\tc\nd␡\ufffd\ufffd"
    assert len(visible(HOSTILE)) == len(HOSTILE)  # columns still count the report's
    assert json.loads(json_escaped(json.dumps(HOSTILE, ensure_ascii=False))) == HOSTILE


NAME = "r\x1b]0;pwned\x07\x9b.md"  # a file name is the report's too


@pytest.mark.parametrize("fmt", sorted(FORMATTERS))
def test_no_format_lets_a_control_through(
    fmt: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / NAME).write_text(f"# R\n\n{HOSTILE}\n", encoding="utf-8")
    (tmp_path / "pyproject.toml").write_text("[tool.citelint]\n")
    monkeypatch.chdir(tmp_path)
    capsys.readouterr()
    code = cli.main(["--no-cache", "--output-format", fmt, "."])
    out = capsys.readouterr().out
    assert code == 1 and "pwned" in out
    controls = {c for c in out if (ord(c) < 32 and c not in "\n\t") or 0x7F <= ord(c) <= 0x9F}
    assert controls == set() and "\u202e" not in out
    if fmt == "json":
        assert "\\u001b]0;pwned" in out and "\\u009b" in out  # the value, escaped


def test_colour_keeps_its_own_escapes_and_only_those(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "r.md").write_text(f"# R\n\n{HOSTILE}\n", encoding="utf-8")
    (tmp_path / "pyproject.toml").write_text("[tool.citelint]\n")
    monkeypatch.chdir(tmp_path)
    cli.main(["--no-cache", "--color", "always", "r.md"])
    out = capsys.readouterr().out
    assert "\x1b[1m" in out or "\x1b[1;31m" in out  # rich's styles
    assert "]0;pwned" in out and "\x1b]0" not in out and "\x1b[2J" not in out
