"""Settings: selection by longest prefix, severities, typed rule options, trusted roots."""

from __future__ import annotations

import os
from pathlib import Path

from citelint.settings import RuleSettings, Settings


def test_selection_takes_the_longest_prefix() -> None:
    s = Settings(select=("CL",), ignore=("CL1",), extend_select=("CL101",))
    assert s.enabled("CL101") and not s.enabled("CL102") and s.enabled("CL001")
    assert s.enabled("CL903")  # cannot be deselected
    assert not Settings(select=("CL2",)).enabled("CL001")


def test_rules_are_built_with_their_typed_options() -> None:
    from citelint.rules.cl201_shallow_mermaid import Options, ShallowMermaid

    s = Settings(rules={"CL201": RuleSettings(options=Options(min_edges=1))})
    rule = s.rule(ShallowMermaid)
    assert isinstance(rule, ShallowMermaid) and rule.options.min_edges == 1
    default = Settings().rule(ShallowMermaid)
    assert isinstance(default, ShallowMermaid) and default.options.min_edges == 3


def test_trusted_roots_are_the_project_and_named_outside_paths(tmp_path: Path) -> None:
    project, outside = tmp_path / "p", tmp_path / "elsewhere"
    (project / "r").mkdir(parents=True)
    outside.mkdir()
    (outside / "r.md").write_text("x")
    s = Settings(project_root=str(project)).naming(
        [str(project / "r"), str(outside / "r.md"), str(outside)]
    )
    assert s.trusted_roots() == (os.path.realpath(project), os.path.realpath(outside))


def test_paths_outside_the_root_show_as_written(tmp_path: Path) -> None:
    project, other = tmp_path / "p", tmp_path / "other"
    (project / "r").mkdir(parents=True)
    (other / "deep").mkdir(parents=True)
    s = Settings(project_root=str(project)).naming([os.path.relpath(other)])
    assert s.show(str(project / "r" / "a.md")) == "r/a.md"
    written = os.path.relpath(other).replace(os.sep, "/")
    assert s.show(str(other / "deep" / "b.md")) == f"{written}/deep/b.md"  # as written
    assert s.show(str(tmp_path / "x.md")) == (tmp_path / "x.md").as_posix()  # else absolute
