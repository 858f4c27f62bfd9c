"""The recipes of docs/architecture.md ("Where a change goes"), carried out in a copy of
the repository by writing only the files each names: a source type, an output format
and a config key (a rule's is docs/writing-a-rule.md's, tests/test_writing_a_rule.py). The copy's own checks pass with them, and a run uses them.
(The fetch service's recipe is carried out in tests/sources/test_registries.py, the citation
style's in tests/read/citations/test_styles.py and tests/commands/test_docgen.py.)"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]

FORMAT = '''"""`N findings`: a count, one line."""

from __future__ import annotations

from citelint.outputs.result import Result


def render(result: Result, color: bool = False) -> str:
    return f"{len(result.diagnostics)} findings\\n"
'''
FORMAT_TEST = """from citelint.outputs.formatters.count import render
from citelint.outputs.result import Result


def test_it_counts() -> None:
    assert render(Result(())) == "0 findings\\n"
"""
# (file, the line a piece goes before, the piece)
INSERTIONS = [
    ("citelint/sources/kinds.py", "ALL_KINDS: tuple[SourceKind, ...] = (\n", ""),
    (
        "citelint/outputs/formatters/__init__.py",
        '    "html": _through(visible, _whole(html.render)),\n',
        '    "count": _through(visible, _whole(count.render)),\n',
    ),
    (
        "citelint/outputs/formatters/__init__.py",
        "from citelint.outputs.formatters import concise,",
        "from citelint.outputs.formatters import count\n",
    ),
    (
        "citelint/config/keys.py",
        '    "max-report-bytes": ("max_report_bytes", check_int),\n',
        '    "max-report-lines": ("max_report_lines", check_int),\n',
    ),
    (
        "citelint/config/settings.py",
        "    max_report_bytes: int",
        "    max_report_lines: int = 100_000\n",
    ),
    ("docs/architecture.md", "`html.py` (pure functions of the `Result`", "`count.py`, "),
]
AFTER = [  # (file, the line a piece goes after, the piece)
    (
        "citelint/sources/kinds.py",
        "ALL_KINDS: tuple[SourceKind, ...] = (\n",
        '    SourceKind("thesis", ("theses",), ("json",), "theses"),\n',
    ),
]
SAME_LINE = [
    (
        "citelint/commands/arguments.py",
        'FORMAT_NAMES = ("concise", ',
        'FORMAT_NAMES = ("concise", "count", ',
    ),
]


def _copy(to: Path) -> None:
    for part in ("citelint", "tests", "docs", "examples", "pyproject.toml", "README.md"):
        source = ROOT / part
        if source.is_dir():
            shutil.copytree(source, to / part, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(source, to / part)


def _insert(path: Path, anchor: str, piece: str, *, after: bool = False) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(anchor) == 1, (path, anchor)
    path.write_text(
        text.replace(anchor, anchor + piece if after else piece + anchor), encoding="utf-8"
    )


@pytest.mark.slow
def test_a_source_type_an_output_format_and_a_config_key_by_their_recipes(
    tmp_path: Path,
) -> None:
    copy = tmp_path / "repo"
    _copy(copy)
    (copy / "citelint/outputs/formatters/count.py").write_text(FORMAT, encoding="utf-8")
    (copy / "tests/outputs/formatters/test_count.py").write_text(FORMAT_TEST, encoding="utf-8")
    for rel, anchor, piece in INSERTIONS:
        if piece:
            _insert(copy / rel, anchor, piece)
    for rel, anchor, piece in AFTER:
        _insert(copy / rel, anchor, piece, after=True)
    for rel, old, new in SAME_LINE:
        text = (copy / rel).read_text(encoding="utf-8")
        (copy / rel).write_text(text.replace(old, new, 1), encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(copy)}
    docs = subprocess.run(
        [sys.executable, "-m", "citelint.commands.docgen"],
        cwd=copy,
        env=env,
        capture_output=True,
        check=False,
    )
    assert docs.returncode == 0, docs.stderr.decode()[-2000:]
    checks = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-x",
         "tests/test_architecture.py", "tests/commands/test_docgen.py", "tests/commands/test_cli.py",
         "tests/test_rule_fixtures.py", "tests/sources/test_kinds.py", "tests/config/test_keys.py"],
        cwd=copy, env=env, capture_output=True, text=True, timeout=600, check=False,
    )  # fmt: skip
    assert checks.returncode == 0, checks.stdout[-3000:]
    project = tmp_path / "project"
    (project / "sources/theses").mkdir(parents=True)
    (project / "sources/theses/US1.json").write_text('{"abstract": "A yield of 45%."}')
    (project / "pyproject.toml").write_text("[tool.citelint]\nmax-report-lines = 10\n")
    (project / "r.md").write_text("The yield was 46% [thesis:US1:abstract].\n")
    ran = subprocess.run(
        [sys.executable, "-m", "citelint", "--no-cache", "--output-format", "count", "."],
        cwd=project, env=env, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert (ran.returncode, ran.stdout) == (1, "1 findings\n"), ran.stderr
