"""The README and docs/ as a user reads them: every link leads somewhere, every config
block loads, every JSON block parses, every `citelint` command line parses as the
command's own parser reads it, and the commands whose output is shown print it."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest

from citelint.commands.arguments import (
    build_judge_parser,
    build_parser,
)
from citelint.commands.cli import main
from citelint.commands.fetch.options import build_fetch_parser
from citelint.commands.source_path import build_parser as build_source_path_parser
from citelint.config.load import load_settings
from citelint.ground.errors import ConfigError
from tests.conftest import Writer

ROOT = Path(__file__).parents[1]
# the user's documents; docs/decisions.md and the design notes are records, not guides
DOCS = [ROOT / "README.md", *(ROOT / "docs" / n for n in (
    "first-hour.md", "citing.md", "checks.md", "usage.md", "outputs.md", "ci.md",
    "fetch.md", "judge.md", "development.md",
))]  # fmt: skip
_FENCE = re.compile(r"^( *)```(\w*)\n(.*?)^\1```", re.M | re.S)
_LINK = re.compile(r"\]\(([^)\s]+)\)")


def blocks(kind: str) -> list[tuple[str, str]]:
    """(document name, text) of every fenced block of one language."""
    found = []
    for path in DOCS:
        for m in _FENCE.finditer(path.read_text(encoding="utf-8")):
            if m.group(2) == kind:
                text = "\n".join(line.removeprefix(m.group(1)) for line in m.group(3).split("\n"))
                found.append((path.name, text))
    return found


def test_the_readme_stays_a_users_guide() -> None:
    assert len((ROOT / "README.md").read_text(encoding="utf-8").splitlines()) <= 300


@pytest.mark.parametrize("path", DOCS, ids=lambda p: p.name)
def test_every_relative_link_leads_to_a_file(path: Path) -> None:
    prose = re.sub(r"`[^`\n]*`", "", _FENCE.sub("", path.read_text(encoding="utf-8")))
    for target in _LINK.findall(prose):
        if re.match(r"[a-z]+:", target) or target.startswith("#"):
            continue
        assert (path.parent / target.split("#", 1)[0]).exists(), f"{path.name}: {target}"


def test_every_config_block_loads(tmp_path: Path) -> None:
    (tmp_path / "sources").mkdir()  # the folders the examples name
    checked = 0
    for name, text in blocks("toml"):
        if text.startswith("# extends = "):
            continue  # a preset's listing: tests/config/test_presets.py holds it to the preset
        file = tmp_path / ("pyproject.toml" if "[tool.citelint" in text else "citelint.toml")
        file.write_text(text, encoding="utf-8")
        try:
            load_settings(str(file), str(tmp_path), explicit=True)
        except ConfigError as exc:  # an unknown key, a bad value, bad TOML
            pytest.fail(f"{name}: {exc}")
        file.unlink()
        checked += 1
    assert checked >= 3


def test_every_json_block_parses() -> None:
    found = blocks("json")
    assert found
    for name, text in found:
        try:
            json.loads(text)
        except ValueError as exc:
            pytest.fail(f"{name}: {exc}")


PARSERS = {
    "fetch": build_fetch_parser,
    "judge": build_judge_parser,
    "source-path": build_source_path_parser,
}


def command_lines() -> list[tuple[str, list[str]]]:
    """Every `citelint …` line of a shell or console block or an indented one, as the
    words after `citelint`; a synopsis line (`[OPTIONS]`, `CODE|NAME`, `...`, `(or …)`) is none."""
    fenced = [(name, text) for kind in ("sh", "console", "") for name, text in blocks(kind)]
    indented = [
        (path.name, "\n".join(
            line for line in _FENCE.sub("", path.read_text(encoding="utf-8")).splitlines()
            if line.startswith("    ")
        ))
        for path in DOCS
    ]  # fmt: skip
    lines = []
    for name, text in fenced + indented:
        for line in text.splitlines():
            line = line.strip().removeprefix("$ ").split("  #", 1)[0].strip()
            if line.startswith("citelint ") and not any(
                m in line for m in ("[", "|", "...", "(or ")
            ):
                lines.append((name, shlex.split(line)[1:]))
    return lines


def test_every_command_line_parses() -> None:
    found = command_lines()
    assert len(found) >= 8
    for name, words in found:
        if words[0] in ("rules", "rule"):
            continue  # parsed by hand in cli.py; tests/commands/test_cli.py runs them
        parser = PARSERS.get(words[0])
        try:
            if parser is None:
                build_parser().parse_args(words)
            else:
                parser().parse_args(words[1:])
        except SystemExit:  # pragma: no cover - the assertion says which
            pytest.fail(f"{name}: citelint {' '.join(words)}")


def test_the_source_path_example_prints_what_the_readme_shows(
    project: Writer, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    shown = readme.split("$ citelint source-path ", 1)[1].split("```", 1)[0].splitlines()
    monkeypatch.chdir(project("sources/.keep", "").parents[1])
    assert main(["source-path", *shlex.split(shown[0])]) == 0
    assert capsys.readouterr().out.splitlines() == shown[1:]
