"""One glob dialect, matched in linear time, expanded without entering a symlinked folder."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from citelint.ground import globs
from citelint.ground.globs import expand, matches
from tests.conftest import Writer


@pytest.mark.parametrize(
    ("pattern", "rel", "expected"),
    [
        ("*.md", "a.md", True),
        ("*.md", "deep/er/a.md", True),  # no `/`: in any folder
        ("r/*.md", "r/a.md", True),
        ("r/*.md", "r/x/a.md", False),  # `*` stays within a name
        ("r/**/*.md", "r/a.md", True),  # `**` may match no folder
        ("r/**/*.md", "r/x/y/a.md", True),
        ("r/**", "r/x/y/a.md", True),
        ("drafts", "drafts/x/a.md", True),  # a matched folder holds what is below it
        ("drafts/", "drafts/a.md", True),
        ("./r/a.md", "r/a.md", True),
        ("r/?.md", "r/a.md", True),
        ("r/?.md", "r/ab.md", False),
        ("r/[ab].md", "r/b.md", True),  # one dialect: classes work in configs too
        ("r/[ab].md", "r/c.md", False),
        ("r/**.md", "r/x/a.md", True),
        ("other/*.md", "r/a.md", False),
        ("r/{draft,old}/**", "r/old/x/a.md", True),  # braces: each choice
        ("r/{draft,old}/**", "r/new/a.md", False),
        ("*.{md,html}", "r/a.html", True),
        ("r/{x}.md", "r/{x}.md", True),  # no comma: literal braces
    ],
)
def test_matches(pattern: str, rel: str, expected: bool) -> None:
    assert matches(rel, [pattern]) is expected


def test_many_double_stars_on_a_deep_path_cost_steps_not_backtracking(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls = 0
    real = globs._step

    def counting(*args: object, **kwargs: object) -> frozenset[int]:
        nonlocal calls
        calls += 1
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(globs, "_step", counting)
    pattern = "/".join(["**"] * 12 + ["x", "*.nope"])
    deep = "/".join(["d"] * 200) + "/a.md"
    assert matches(deep, [pattern]) is False
    assert calls == 201  # one step a path part, whatever the pattern


def test_expand_names_but_never_enters_symlinked_folders(
    project: Writer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    project("outside/secret.md", "x")
    project("tree/reports/a.md", "x")
    project("tree/reports/deep/b.md", "x")
    project("tree/reports/.hidden/c.md", "x")
    os.symlink(tmp_path / "outside", tmp_path / "tree" / "reports" / "out")
    os.symlink(".", tmp_path / "tree" / "reports" / "self1")
    os.symlink(".", tmp_path / "tree" / "reports" / "self2")
    monkeypatch.chdir(tmp_path / "tree")
    listed: list[str] = []
    real = os.scandir

    def scandir(path: str) -> object:
        listed.append(os.path.realpath(path))
        return real(path)

    monkeypatch.setattr(os, "scandir", scandir)
    assert expand("reports/**/*.md") == ["reports/a.md", "reports/deep/b.md"]
    assert all(p.startswith(str(tmp_path / "tree")) for p in listed)
    assert len(listed) == len(set(listed)) == 2  # each folder listed once
    assert expand("reports/*") == ["reports/a.md", "reports/deep"]
    assert expand(str(tmp_path / "tree" / "reports" / "*.md")) == [
        str(tmp_path / "tree" / "reports" / "a.md")
    ]
    assert expand("nope/*.md") == [] and expand("reports/out/*.md") == []


def test_braces_expand_on_the_command_line_and_are_bounded(
    project: Writer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("r/draft/a.md", "r/old/b.md", "r/new/c.md"):
        project(name, "x\n")
    monkeypatch.chdir(tmp_path)
    assert expand("r/{draft,old}/*.md") == ["r/draft/a.md", "r/old/b.md"]
    assert len(globs.alternatives("{a,b}{c,d}{e,f}")) == 8
    with pytest.raises(globs.GlobError, match="more than 64 patterns"):
        globs.alternatives("{a,b}" * 7)


def test_a_config_exclude_with_braces_excludes(
    project: Writer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from citelint.config.load import find_config, load_settings
    from citelint.lint.runner import Runner

    project("pyproject.toml", '[tool.citelint]\nexclude = ["r/{draft,old}/**"]\n')
    for name in ("r/draft/a.md", "r/old/b.md", "r/new/c.md"):
        project(name, "Plain prose.\n")
    monkeypatch.chdir(tmp_path)
    settings = load_settings(find_config(str(tmp_path)), str(tmp_path))
    linted = Runner.of(settings, ["r"]).lint().files
    assert [f.path for f in linted] == ["r/new/c.md"]
