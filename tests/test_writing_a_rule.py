"""docs/writing-a-rule.md, carried out in a copy of the repository from the page alone:
every file it shows is written, every edit made where it says, every command run; the
copy's own checks pass and the new rule fires on a report."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]
PAGE = ROOT / "docs" / "writing-a-rule.md"
_STEP = re.compile(r"<!-- (file|edit|run)(?::\s*(.*?))? -->\n```[a-z]*\n(.*?)```", re.S)


def steps() -> list[tuple[str, str, str]]:
    """(what, where, body) of each step the page shows, in its order."""
    return [(m.group(1), m.group(2) or "", m.group(3)) for m in _STEP.finditer(PAGE.read_text())]


def test_the_page_shows_a_whole_rule_its_registration_fixtures_and_checks() -> None:
    kinds = [kind for kind, _, _ in steps()]
    assert kinds.count("file") >= 5 and kinds.count("edit") == 2 and kinds.count("run") == 2


def _edit(copy: Path, where: str, body: str) -> None:
    path, _, after = where.partition(", after: ")
    target = copy / path
    lines = target.read_text(encoding="utf-8").splitlines(keepends=True)
    found = [i for i, line in enumerate(lines) if line.rstrip("\n") == after]
    assert len(found) == 1, (path, after)
    lines[found[0] + 1 : found[0] + 1] = [body]
    target.write_text("".join(lines), encoding="utf-8")


@pytest.mark.slow
def test_a_rule_written_from_the_page_alone_passes_the_copys_checks(tmp_path: Path) -> None:
    copy = tmp_path / "repo"
    for part in ("citelint", "tests", "docs", "examples", "pyproject.toml", "README.md"):
        source = ROOT / part
        if source.is_dir():
            shutil.copytree(source, copy / part, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(source, copy / part)
    env = {**os.environ, "PYTHONPATH": str(copy)}
    for what, where, body in steps():
        if what == "file":
            (copy / where).parent.mkdir(parents=True, exist_ok=True)
            (copy / where).write_text(body, encoding="utf-8")
        elif what == "edit":
            _edit(copy, where, body)
        else:
            argv = shlex.split(body.strip())
            argv = [sys.executable if argv[0] == "python" else argv[0], *argv[1:]]
            done = subprocess.run(
                argv, cwd=copy, env=env, capture_output=True, text=True, timeout=900, check=False
            )
            assert done.returncode == 0, (body, done.stdout[-3000:], done.stderr[-3000:])
    for tool in (["ruff", "check", "citelint"], ["mypy", "citelint/rules/cl115_single_source.py"]):
        done = subprocess.run(
            [sys.executable, "-m", *tool], cwd=copy, env=env, capture_output=True, text=True
        )
        assert done.returncode == 0, done.stdout[-2000:]
    project = tmp_path / "project"
    (project / "sources/pubmed").mkdir(parents=True)
    (project / "sources/pubmed/7.json").write_text('{"abstract": "Rates were 45%."}')
    (project / "r.md").write_text(
        "Rates were 45% [pmid:7:abstract]. Again 45% [pmid:7:abstract].\n"
    )
    ran = subprocess.run(
        [sys.executable, "-m", "citelint", "--no-cache", "--output-format", "concise", "."],
        cwd=project, env=env, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert ran.stdout == (
        "r.md:1:16: CL115 [warning] every citation reaches one source (sources/pubmed/7.json)\n"
    ), ran.stderr
