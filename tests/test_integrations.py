"""pre-commit and the GitHub Action, exercised the way their hosts run them."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.conftest import SCHEMAS

ROOT = Path(__file__).resolve().parents[1]
CLEAN = "Median PFS was 4.8 months [pmid:1:abstract].\n"
BROKEN = "Median PFS was 5.8 months [pmid:1:abstract].\n"


def git(cwd: Path, *args: str) -> None:
    subprocess.run(
        ["git", *args],
        cwd=cwd,
        check=True,
        capture_output=True,
        env={
            **os.environ,
            "GIT_AUTHOR_NAME": "t",
            "GIT_AUTHOR_EMAIL": "t@example.org",
            "GIT_COMMITTER_NAME": "t",
            "GIT_COMMITTER_EMAIL": "t@example.org",
        },
    )


def test_hook_definitions() -> None:
    hooks = {h["id"]: h for h in yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text())}
    assert hooks["citelint"]["types_or"] == ["html", "markdown"]
    assert hooks["citelint"]["language"] == "python" and hooks["citelint"]["require_serial"]
    assert hooks["citelint-all"]["pass_filenames"] is False
    assert hooks["citelint-all"]["always_run"] is True
    assert all(h["minimum_pre_commit_version"] == "3.2.0" for h in hooks.values())
    assert all("--only-tracked" in h["entry"].split() for h in hooks.values())


@pytest.mark.slow
def test_pre_commit_try_repo(tmp_path: Path) -> None:
    if not (ROOT / ".git").exists():
        pytest.skip("try-repo needs citelint's own git checkout")
    work = tmp_path / "work"
    (work / "reports" / "sources" / "pubmed").mkdir(parents=True)
    (work / "reports" / "sources" / "pubmed" / "1.json").write_text(
        json.dumps({"abstract": "Median PFS was 4.8 months."})
    )
    (work / "reports" / "clean.md").write_text(CLEAN)
    (work / "reports" / "broken.md").write_text(BROKEN)
    git(work, "init", "-q")
    git(work, "add", ".")
    git(work, "commit", "-qm", "reports")
    env = {**os.environ, "PRE_COMMIT_HOME": str(tmp_path / "cache"), "NO_COLOR": "1"}

    def try_repo(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "pre_commit", "try-repo", str(ROOT), *args],
            cwd=work,
            env=env,
            capture_output=True,
            text=True,
            timeout=900,
        )

    ok = try_repo("citelint", "--files", "reports/clean.md")
    assert ok.returncode == 0, ok.stdout + ok.stderr
    assert re.search(r"citelint\.+Passed", ok.stdout)
    bad = try_repo("citelint", "--files", "reports/clean.md", "reports/broken.md")
    assert bad.returncode == 1 and "reports/broken.md:1:16: CL101" in bad.stdout
    every = try_repo("citelint-all", "--files", "reports/clean.md")
    assert every.returncode == 1 and "reports/broken.md:1:16: CL101" in every.stdout


@pytest.mark.slow
def test_hooks_judge_the_commit(tmp_path: Path) -> None:
    """Staged, unstaged and untracked files, as `git commit` would run the hooks."""
    if not (ROOT / ".git").exists():
        pytest.skip("try-repo needs citelint's own git checkout")
    work = tmp_path / "work"
    pubmed = work / "reports" / "sources" / "pubmed"
    pubmed.mkdir(parents=True)
    (pubmed / "1.json").write_text(json.dumps({"abstract": "Median PFS was 4.8 months."}))
    (work / "reports" / "clean.md").write_text(CLEAN)
    (work / "tool.py").write_text("x = 1\n")
    git(work, "init", "-q")
    git(work, "add", ".")
    git(work, "commit", "-qm", "reports")
    env = {**os.environ, "PRE_COMMIT_HOME": str(tmp_path / "cache"), "NO_COLOR": "1"}

    def hook(name: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "pre_commit", "try-repo", str(ROOT), name, "--verbose"],
            cwd=work,
            env=env,
            capture_output=True,
            text=True,
            timeout=900,
        )

    # an untracked draft never fails a commit that only touches tool.py; an unstaged
    # edit of a tracked report is stashed away by pre-commit
    (work / "reports" / "draft.md").write_text(BROKEN)
    (work / "reports" / "clean.md").write_text(BROKEN)
    (work / "tool.py").write_text("x = 2\n")
    git(work, "add", "tool.py")
    every = hook("citelint-all")
    assert every.returncode == 0, every.stdout + every.stderr
    assert "CL101" not in every.stdout
    # a staged report whose source is on disk but not added: the commit lacks the source
    (work / "reports" / "clean.md").write_text(CLEAN)
    (pubmed / "2.json").write_text(json.dumps({"abstract": "Median OS was 9 months."}))
    (work / "reports" / "new.md").write_text("Median OS was 9 months [pmid:2:abstract].\n")
    git(work, "add", "reports/new.md")
    staged = hook("citelint")
    assert staged.returncode == 1, staged.stdout + staged.stderr
    assert (
        "reports/new.md:1:24: CL002 [critical] unresolved source [pmid:2:abstract]: "
        "reports/sources/pubmed/2.json is not tracked by git" in staged.stdout
    )
    git(work, "add", "reports/sources/pubmed/2.json")
    assert hook("citelint").returncode == 0


# -- the composite action -------------------------------------------------------------------

ACTION = yaml.safe_load((ROOT / "action.yml").read_text())


def test_action_passes_inputs_through_env_only() -> None:
    assert ACTION["runs"]["using"] == "composite"
    assert set(ACTION["inputs"]) == {
        "paths",
        "sources",
        "config",
        "args",
        "fail-on",
        "sarif-file",
        "summary",
        "version",
    }
    assert set(ACTION["outputs"]) == {"exit-code", "sarif-file", "findings"}
    for step in ACTION["runs"]["steps"]:
        assert "${{" not in step["run"], "expressions are never interpolated into shell"


def _expand(value: str, context: dict[str, str]) -> str:
    return re.sub(r"\$\{\{\s*([\w.-]+)\s*\}\}", lambda m: context[m.group(1)], value)


def run_action(workspace: Path, tmp_path: Path, **inputs: str) -> tuple[int, dict[str, str], str]:
    """Run the composite steps like a runner: bash -eo pipefail, documented environment."""
    context = {f"inputs.{k}": str(v.get("default", "")) for k, v in ACTION["inputs"].items()}
    context.update({f"inputs.{k}": v for k, v in inputs.items()})
    context["github.action_path"] = str(ROOT)
    runner_temp = tmp_path / "runner_temp"
    runner_temp.mkdir(exist_ok=True)
    context["runner.temp"] = str(runner_temp)
    output, summary = tmp_path / "github_output", tmp_path / "step_summary"
    output.write_text("")
    summary.write_text("")
    base = {
        **os.environ,
        "RUNNER_TEMP": str(runner_temp),
        "GITHUB_OUTPUT": str(output),
        "GITHUB_STEP_SUMMARY": str(summary),
        "GITHUB_ACTIONS": "true",
        "GITHUB_WORKSPACE": str(workspace),
        "CI": "true",
    }
    log = ""
    code = 0
    for step in ACTION["runs"]["steps"]:
        env = {**base, **{k: _expand(str(v), context) for k, v in step.get("env", {}).items()}}
        script = tmp_path / "step.sh"
        script.write_text(step["run"])
        proc = subprocess.run(
            ["bash", "--noprofile", "--norc", "-eo", "pipefail", str(script)],
            cwd=workspace,
            env=env,
            capture_output=True,
            text=True,
            timeout=900,
        )
        log += proc.stdout + proc.stderr
        code = proc.returncode
        if code:
            break
    outputs = dict(line.split("=", 1) for line in output.read_text().splitlines() if "=" in line)
    return code, outputs, log + "\n--summary--\n" + summary.read_text()


@pytest.mark.slow
def test_action_steps_like_a_runner(tmp_path: Path) -> None:
    workspace = tmp_path / "workspace"
    shutil.copytree(ROOT / "examples", workspace / "examples")
    code, outputs, log = run_action(workspace, tmp_path, paths="examples")
    assert code == 1, log
    assert outputs["exit-code"] == "1" and outputs["sarif-file"] == "citelint.sarif"
    assert int(outputs["findings"]) == 9  # the findings `citelint examples/` prints (README)
    sarif = json.loads((workspace / "citelint.sarif").read_text())
    assert sarif["runs"][0]["results"]
    schema_path = SCHEMAS / "sarif-schema-2.1.0.json"
    if schema_path.is_file():  # every SARIF file the tests produce is validated
        import jsonschema

        schema = json.loads(schema_path.read_text(encoding="utf-8"))
        jsonschema.validators.validator_for(schema)(schema).validate(sarif)
    assert "::error file=examples/reports/broken.html" in log  # annotations in the log
    assert "examples/reports/broken.html:6:41: CL101 [critical]" in log  # text in the log
    assert "## citelint: ❌ blocked" in log.split("--summary--")[1]
    clean_code, clean_outputs, _ = run_action(
        workspace,
        tmp_path,
        paths="examples/reports/clean.md examples/reports/rich.md",
        **{"sarif-file": "clean.sarif"},
    )
    assert clean_code == 0 and clean_outputs["findings"] == "0"
    # a config planted in the pull request cannot lower the gate given a trusted config
    (workspace / "pyproject.toml").write_text('[tool.citelint]\nignore = ["CL0", "CL1", "CL3"]\n')
    planted, planted_outputs, log = run_action(workspace, tmp_path, paths="examples")
    assert planted == 0, log
    # the job's second step with the default name writes a file of its own, never the first's
    assert planted_outputs["sarif-file"] == "citelint-2.sarif"
    assert json.loads((workspace / "citelint.sarif").read_text())["runs"][0]["results"]
    base = tmp_path / "base" / "citelint.toml"
    base.parent.mkdir()
    base.write_text('select = ["CL"]\n')
    pinned, _, log = run_action(workspace, tmp_path, paths="examples", config=str(base))
    assert pinned == 1 and "CL101 [critical]" in log, log
    (workspace / "pyproject.toml").unlink()
    # the PDF cache went to the runner's temporary folder, never into the checkout
    assert not (workspace / ".citelint_cache").exists()

    # every line of `paths` and `args` counts; globs expand; quotes group; shards are apart
    code, outputs, log = run_action(
        workspace,
        tmp_path,
        paths="examples/reports/clean.md\nexamples/reports/broken.html\n",
        args="--ignore 'CL301,CL103'\n--shard 1/1",
        **{"sarif-file": "multi.sarif"},
    )
    assert code == 1 and "CL101" in log and "CL301" not in log and "CL103" not in log, log
    assert "no findings" not in log and "in 2 files" in log
    multi = json.loads((workspace / "multi.sarif").read_text())
    assert multi["runs"][0]["automationDetails"]["id"] == "citelint/shard-1-of-1/"
    assert "automationDetails" not in json.loads((workspace / "clean.sarif").read_text())["runs"][0]
    code, outputs, log = run_action(workspace, tmp_path, paths="examples/reports/*.md")
    assert code == 0 and "in 3 files" in log, log
    code, _, log = run_action(workspace, tmp_path, paths="examples/reports/*.txt")
    assert code == 2 and "matches no file or folder" in log
    code, _, log = run_action(workspace, tmp_path, args="--select 'CL101")
    assert code == 2 and "the args input does not parse" in log


@pytest.mark.slow
def test_action_never_passes_by_a_paths_word_or_a_report_name(tmp_path: Path) -> None:
    workspace = tmp_path / "workspace"
    shutil.copytree(ROOT / "examples", workspace / "examples")
    broken = (ROOT / "examples/reports/broken.html").read_bytes()
    (workspace / "rules").mkdir()
    (workspace / "rules/broken.html").write_bytes(broken)
    # a folder named like a subcommand is linted
    code, outputs, log = run_action(workspace, tmp_path, paths="rules")
    assert code == 1 and outputs["findings"] != "0" and "rules/broken.html:6:67:" in log, log
    # a word like an option is a path (here: no such file, exit 2), never an option
    code, outputs, log = run_action(workspace, tmp_path, paths="--exit-zero examples")
    assert code == 2 and outputs["exit-code"] == "2", log
    assert "--exit-zero: no such file or folder" in log
    # a second failing step in the same job reports its own findings, not the first's
    code, outputs, log = run_action(workspace, tmp_path, paths="examples")
    assert code == 1 and int(outputs["findings"]) == 9
    code, outputs, log = run_action(workspace, tmp_path, paths="missing")
    assert code == 2 and "::error file=" not in log and outputs["findings"] == "0", log
    # a report named like a workflow command is text inside a stop-commands block
    (workspace / "odd").mkdir()
    (workspace / "odd/::stop-commands::x.md").write_text("The rate was 45%.\n")
    (workspace / "odd/my report.md").write_text("The rate was 45%.\n")
    code, outputs, log = run_action(workspace, tmp_path, paths='"odd/my report.md" odd')
    lines = log.split("--summary--")[0].splitlines()
    opened = next(i for i, line in enumerate(lines) if line.startswith("::stop-commands::"))
    token = lines[opened].split("::")[2]
    closed = lines.index(f"::{token}::")
    assert code == 1 and int(outputs["findings"]) == 2, log
    assert any(line.startswith("odd/::stop-commands::x.md:1:") for line in lines[opened:closed])
    assert any(line.startswith("odd/my report.md:1:") for line in lines[opened:closed])
    assert all(not line.startswith("::") or line.startswith(("::error", "::warning", "::notice"))
               for line in lines[closed + 1 :])  # fmt: skip
    # a line break in sarif-file could write extra outputs: refused
    code, outputs, log = run_action(
        workspace, tmp_path, paths="examples", **{"sarif-file": "x.sarif\nexit-code=0"}
    )
    assert code == 2 and outputs == {} and "sarif-file input must be one file name" in log


def test_readme_shows_the_workflow() -> None:
    readme = (ROOT / "README.md").read_text()
    workflow = re.search(r"```yaml\n(name: citelint.*?)```", readme, re.S)
    assert workflow, "README holds the workflow to copy"
    data: dict[str, Any] = yaml.safe_load(workflow.group(1))
    steps = data["jobs"]["citelint"]["steps"]
    upload = next(s for s in steps if "upload-sarif" in s.get("uses", ""))
    assert upload["if"] == "always()"
    permissions = data["jobs"]["citelint"]["permissions"]
    # upload-sarif writes the analysis and, on a private repository, reads the run
    assert permissions == {"contents": "read", "security-events": "write", "actions": "read"}


def test_readme_documents_the_trust_model() -> None:
    ci = (ROOT / "docs" / "ci.md").read_text()
    section = ci.split("## Running on untrusted pull requests", 1)[1].split("\n## ", 1)[0]
    for promise in ("CL006", "regular file", "max-pdf-pages", "cache-dir", "exits 130"):
        assert promise in section
    step = next(s for s in ACTION["runs"]["steps"] if s.get("id") == "run")
    assert step["env"]["CITELINT_CACHE_DIR"].startswith("${{ runner.temp }}")


def test_readme_documents_every_flag_and_the_fast_suite() -> None:
    # the README and the docs it leads to
    readme = "\n".join(p.read_text() for p in [ROOT / "README.md", *sorted(ROOT.glob("docs/*.md"))])
    marked = sum(
        line.strip() == "@pytest.mark.slow"
        for path in (ROOT / "tests").rglob("*.py")
        for line in path.read_text().splitlines()
    )
    words = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
    assert f"skips the {words[marked - 1]} slow tests" in readme, marked
    for text in (
        "summary",
        "--no-progress",
        "--list-rules",
        "--explain",
        '-m "not slow"',
        "--no-respect-gitignore",
        "--sarif-max-results",
        "files: ^reports/",
    ):
        assert text in readme, text  # fmt: skip
    from citelint.commands.arguments import build_parser

    for action in build_parser()._actions:
        for flag in action.option_strings:
            if flag.startswith("--") and flag not in ("--help", "--version"):
                assert flag in readme, flag
