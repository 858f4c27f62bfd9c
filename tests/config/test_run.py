"""The run record: built once from the run's settings and the paths it names."""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path

import pytest

from citelint.config.run import Run
from citelint.config.settings import Settings


def test_trusted_roots_are_the_project_and_named_outside_paths(tmp_path: Path) -> None:
    project, outside = tmp_path / "p", tmp_path / "elsewhere"
    (project / "r").mkdir(parents=True)
    outside.mkdir()
    (outside / "r.md").write_text("x")
    run = Run.of(
        Settings(project_root=str(project)),
        [str(project / "r"), str(outside / "r.md"), str(outside)],
    )
    assert run.trusted == (os.path.realpath(project), os.path.realpath(outside))


def test_paths_outside_the_root_show_as_written(tmp_path: Path) -> None:
    project, other = tmp_path / "p", tmp_path / "other"
    (project / "r").mkdir(parents=True)
    (other / "deep").mkdir(parents=True)
    s = Run.of(Settings(project_root=str(project)), [os.path.relpath(other)])
    assert s.show(str(project / "r" / "a.md")) == "r/a.md"
    written = os.path.relpath(other).replace(os.sep, "/")
    assert s.show(str(other / "deep" / "b.md")) == f"{written}/deep/b.md"  # as written
    assert s.show(str(tmp_path / "x.md")) == (tmp_path / "x.md").as_posix()  # else absolute


def test_a_relative_path_is_shown_from_the_working_folder_of_the_call(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # `show` keeps its answers (every finding shows its file): the working folder is part
    # of what it keeps them by, so a relative path never answers for another folder's file
    for sub in ("a", "b"):
        (tmp_path / sub).mkdir()
    run = Run.of(Settings(project_root=str(tmp_path)), [])
    monkeypatch.chdir(tmp_path / "a")
    assert run.show("r.md") == "a/r.md"
    monkeypatch.chdir(tmp_path / "b")
    assert run.show("r.md") == "b/r.md"


def test_the_run_record_is_every_run_level_choice_once(tmp_path: Path) -> None:
    """What the run decides is read off its own settings once; `result_cache` needs a
    cache folder, and the record is frozen."""
    settings = dataclasses.replace(
        Settings(project_root=str(tmp_path), cache_dir=None), result_cache=True, hints=False
    )
    run = Run.of(settings)
    assert (run.result_cache, run.hints, run.paths, run.output_root) == (
        False,
        False,
        (".",),
        str(tmp_path),
    )
    with pytest.raises(dataclasses.FrozenInstanceError):  # nothing is pushed back into it
        setattr(run, "hints", True)  # noqa: B010
