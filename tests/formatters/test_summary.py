"""The Markdown job summary."""

from __future__ import annotations

from pathlib import Path

import pytest

from citelint.cli import main
from citelint.formatters import summary


def test_summary_is_bounded(
    project,
    tmp_path: Path,  # type: ignore[no-untyped-def]
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    body = "".join(f"Sentence {i} states {i}% and {'x' * 400}.\n\n" for i in range(3000))
    project("r.md", body)
    monkeypatch.chdir(tmp_path)
    out = tmp_path / "summary.md"
    out.write_text("previous step\n")
    assert main(["r.md", "--summary-file", str(out), "-q", "--output-format", "concise"]) == 1
    text = out.read_text(encoding="utf-8")
    assert text.startswith("previous step\n## citelint: ❌ blocked")  # appended
    assert len(text.encode()) < 1024 * 1024
    assert f"### Top findings ({summary.TOP} of 3000)" in text
