"""Where things are: paths as given, the shard of a path, a report's sources root."""

from __future__ import annotations

from pathlib import Path

import pytest

from citelint.ground.places import find_sources_root
from tests.conftest import Writer


def test_globs_expand_and_a_pattern_must_match(
    project: Writer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from citelint.ground.errors import UsageError
    from citelint.ground.places import expand

    project("reports/a.md", "x")
    project("reports/deep/b.md", "x")
    monkeypatch.chdir(tmp_path)
    assert expand(["reports/**/*.md"]) == ["reports/a.md", "reports/deep/b.md"]
    assert expand(["reports"]) == ["reports"]
    with pytest.raises(UsageError, match="matches no file or folder"):
        expand(["reports/*.html"])
    with pytest.raises(UsageError, match="no such file or folder"):
        expand(["nope.md"])


def test_in_shard_puts_each_path_in_exactly_one_shard() -> None:
    from citelint.ground.places import in_shard

    paths = [f"reports/r{i}.md" for i in range(60)]
    owners = [[k for k in (1, 2, 3) if in_shard(p, (k, 3))] for p in paths]
    assert all(len(o) == 1 for o in owners)
    assert {o[0] for o in owners} == {1, 2, 3}  # sixty paths reach every shard


def test_the_sources_root_is_beside_the_report_or_above_it_never_above_the_project(
    project: Writer, tmp_path: Path
) -> None:
    project("a/sources/pubmed/1.json", "{}")
    project("a/b/r.md", "x")
    project("sources/x.txt", "x")
    assert find_sources_root(str(tmp_path / "a/b/r.md"), None, str(tmp_path)) == str(
        tmp_path / "a" / "sources"
    )
    assert find_sources_root(str(tmp_path / "a/b/r.md"), "/given", str(tmp_path)) == "/given"
    assert find_sources_root(str(tmp_path / "a/b/r.md"), None, str(tmp_path / "a" / "b")) is None
