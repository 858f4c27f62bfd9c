"""docs/first-hour.md, carried out: a fresh clone of this checkout, a project of the
user's own, every file the page shows written where it says, every command of its table
run with the exit code it gives and the words it quotes; the commit goes through the
pre-commit hook and the pull request through the Action's own steps."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.test_integrations import run_action

ROOT = Path(__file__).parents[1]
PAGE = ROOT / "docs" / "first-hour.md"
_FILE = re.compile(r"<!-- file: (.*?) -->\n```\w*\n(.*?)```", re.S)
_ROW = re.compile(r"^\| (\d+)\. [^|]+ \| (.+?) \| (\d) \| (.+?) \|$", re.M)
_CODE = re.compile(r"`([^`]+)`")


def files() -> dict[str, str]:
    return {m.group(1): m.group(2) for m in _FILE.finditer(PAGE.read_text(encoding="utf-8"))}


def rows() -> list[tuple[int, str, int, list[str]]]:
    """(step, command cell, exit code, the words quoted under "what happened")."""
    return [
        (int(m.group(1)), m.group(2), int(m.group(3)), _CODE.findall(m.group(4)))
        for m in _ROW.finditer(PAGE.read_text(encoding="utf-8"))
    ]


def test_the_page_walks_from_a_clone_to_a_pull_request() -> None:
    steps = rows()
    assert [s[0] for s in steps] == list(range(1, len(steps) + 1)) and len(steps) >= 12
    assert [s[2] for s in steps if s[1] == "`citelint reports/`"] == [1, 1, 0]
    saved = [p for _, cell, _, _ in steps if cell.startswith("save ") for p in _CODE.findall(cell)]
    assert sorted(saved) == sorted(files())


@pytest.mark.slow
def test_a_new_user_s_first_hour(tmp_path: Path) -> None:
    if not (ROOT / ".git").exists():
        pytest.skip("the walk clones citelint's own git checkout")
    clone, project, bin_dir = tmp_path / "citelint", tmp_path / "project", tmp_path / "bin"
    project.mkdir()
    bin_dir.mkdir()
    env = {
        **os.environ,
        "PATH": f"{bin_dir}{os.pathsep}{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
        "PYTHONPATH": str(clone),
        "CITELINT_CACHE_DIR": str(tmp_path / "cache"),
        "PRE_COMMIT_HOME": str(tmp_path / "pre-commit"),
        "NO_COLOR": "1",
        **{f"GIT_{who}_{what}": value for who in ("AUTHOR", "COMMITTER")
           for what, value in (("NAME", "A User"), ("EMAIL", "user@example.org"))},
    }  # fmt: skip
    env.pop("PRE_COMMIT", None)
    shown = files()
    for step, cell, code, quoted in rows():
        commands = _CODE.findall(cell)
        if step == 1:  # GitHub's copy is this checkout; installed: a `citelint` on PATH
            subprocess.run(["git", "clone", "-q", str(ROOT), str(clone)], check=True)
            shim = bin_dir / "citelint"
            shim.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m citelint "$@"\n')
            shim.chmod(0o755)
            continue
        if cell.startswith("save "):
            for rel in commands:
                text = shown[rel]
                if rel == ".pre-commit-config.yaml":  # the clone, at its commit
                    sha = subprocess.run(
                        ["git", "rev-parse", "HEAD"], cwd=clone, capture_output=True, text=True
                    ).stdout.strip()
                    text = text.replace("https://github.com/citelint/citelint", str(clone))
                    text = text.replace("<commit-sha>", sha)
                (project / rel).parent.mkdir(parents=True, exist_ok=True)
                (project / rel).write_text(text, encoding="utf-8")
            continue
        if commands[0] == "git push":  # the README's workflow: the Action's own steps
            status, outputs, log = run_action(project, tmp_path, paths="reports")
            assert (status, outputs["exit-code"]) == (code, str(code)), log[-3000:]
            sarif = json.loads((project / outputs["sarif-file"]).read_text())
            assert sarif["runs"][0]["results"] == [], step
            continue
        done = subprocess.run(
            ["bash", "-c", commands[0]], cwd=project, env=env, capture_output=True, text=True,
            timeout=900, check=False,
        )  # fmt: skip
        said = done.stdout + done.stderr
        assert done.returncode == code, (step, said[-3000:])
        for words in quoted:
            assert words in said, (step, words, said[-3000:])
