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
    assert f"### Top findings ({summary.TOP} of 3000, critical first)" in text


def test_summary_escapes_report_text_and_counts_per_file() -> None:
    from citelint.diagnostic import Diagnostic, Severity
    from citelint.result import FileResult, Result

    hostile = "malformed anchor [x:<img src=x onerror=alert(1)>] *boom* `tick`"
    ds = [
        Diagnostic("r`.md", 1, 1, 1, 2, "CL005", "malformed-anchor", Severity.CRITICAL, hostile),
        *(
            Diagnostic("s.md", i, 1, i, 2, "CL001", "missing-anchor", Severity.CRITICAL, "m")
            for i in range(1, summary.TOP + 5)
        ),
    ]
    text = summary.render(
        Result((FileResult("r`.md", tuple(ds[:1])), FileResult("s.md", tuple(ds[1:]))))
    )
    assert "<img" not in text and "&lt;img src=x onerror=alert\\(1\\)&gt;" in text
    assert "\\*boom\\*" in text and "\\`tick\\`" in text
    assert "| ``r`.md`` | 1 | 0 | 0 |" in text and "| `s.md` | 34 | 0 | 0 |" in text
    assert "Truncated: 5 more findings are in the job log" in text
    top = [line for line in text.splitlines() if line.startswith("- ")]
    assert top[0].startswith("- ``r`.md:1:1`` **CL005**") and len(top) == summary.TOP
