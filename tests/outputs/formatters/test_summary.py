"""The Markdown job summary."""

from __future__ import annotations

from pathlib import Path

import pytest

from citelint.commands.cli import main
from citelint.outputs.diagnostic import Diagnostic
from citelint.outputs.formatters import summary
from citelint.rules import CATALOG
from tests.conftest import Writer


def test_summary_is_bounded(
    project: Writer,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    body = "".join(f"Sentence {i} states {i}% and {'x' * 400}.\n\n" for i in range(3000))
    project("r.md", body)
    project("sources/pubmed/1.json", "{}")  # beside sources: one finding per sentence
    monkeypatch.chdir(tmp_path)
    out = tmp_path / "summary.md"
    out.write_text("previous step\n")
    assert main(["r.md", "--summary-file", str(out), "-q", "--output-format", "concise"]) == 1
    text = out.read_text(encoding="utf-8")
    assert text.startswith("previous step\n<!-- generator: citelint -->\n## citelint: ❌ blocked")
    assert len(text.encode()) < 1024 * 1024
    assert f"### Top findings ({summary.TOP} of 3000, critical first)" in text


def test_summary_escapes_report_text_and_counts_per_file() -> None:
    from citelint.outputs.diagnostic import Diagnostic, Severity
    from citelint.outputs.result import FileResult, Result

    hostile = "malformed anchor [x:<img src=x onerror=alert(1)>] *boom* `tick`"
    ds = [
        Diagnostic("r`.md", 1, 1, 1, 2, "CL005", "malformed-anchor", Severity.CRITICAL, hostile),
        *(
            Diagnostic("s.md", i, 1, i, 2, "CL001", "missing-anchor", Severity.CRITICAL, "m")
            for i in range(1, summary.TOP + 5)
        ),
    ]
    text = summary.render(
        Result(
            (FileResult("r`.md", tuple(ds[:1])), FileResult("s.md", tuple(ds[1:]))),
            catalog=CATALOG,
        )
    )
    assert "<img" not in text and "&lt;img src=x onerror=alert\\(1\\)&gt;" in text
    assert "\\*boom\\*" in text and "\\`tick\\`" in text
    assert "| ``r`.md`` | 1 | 0 | 0 |" in text and "| `s.md` | 34 | 0 | 0 |" in text
    assert "Truncated: 5 more findings are in the job log" in text
    top = [line for line in text.splitlines() if line.startswith("- ")]
    assert top[0].startswith("- ``r`.md:1:1`` **CL005**") and len(top) == summary.TOP


def _findings(path: str, n: int, severity: str = "critical") -> list[Diagnostic]:
    from citelint.outputs.diagnostic import Diagnostic, Severity

    level = Severity(severity)
    return [
        Diagnostic(path, i, 1, i, 2, "CL001", "missing-anchor", level, "m") for i in range(1, n + 1)
    ]


def test_the_worst_files_come_first_and_findings_are_taken_in_turn() -> None:
    from citelint.outputs.result import FileResult, Result

    files = {
        "a.md": _findings("a.md", 40),  # first by path, and the most findings
        "b.md": _findings("b.md", 2),
        "c|d.md": _findings("c|d.md", 1, "warning") + _findings("c|d.md", 3)[1:],
        "z.md": _findings("z.md", 60),
    }
    files_ = tuple(FileResult(p, tuple(ds)) for p, ds in sorted(files.items()))
    result = Result(files_, catalog=CATALOG)
    text = summary.render(result)
    rows = [line for line in text.splitlines() if line.startswith("| `")]
    # most critical first; a tie goes to the one with more warnings
    assert [row.split(" | ")[0] for row in rows] == [
        "| `z.md`",
        "| `a.md`",
        "| `c\\|d.md`",
        "| `b.md`",
    ]
    assert rows[2] == "| `c\\|d.md` | 2 | 1 | 0 |"  # a `|` in a name stays in its cell
    top = [line.split("`")[1] for line in text.splitlines() if line.startswith("- ")]
    assert top[:8] == [
        "a.md:1:1", "b.md:1:1", "c\\|d.md:2:1", "z.md:1:1",
        "a.md:2:1", "b.md:2:1", "c\\|d.md:3:1", "z.md:2:1",
    ]  # fmt: skip


def test_findings_link_to_their_line_when_the_commit_is_known() -> None:
    import dataclasses

    from citelint.outputs.result import FileResult, Result

    found = tuple(_findings("my docs/a.md", 1))
    result = Result((FileResult("my docs/a.md", found),), catalog=CATALOG)
    linked = dataclasses.replace(result, blob_url="https://github.com/o/r/blob/abc/")
    (line,) = [x for x in summary.render(linked).splitlines() if x.startswith("- ")]
    assert line.startswith(  # GitHub renders Markdown: only its plain view keeps `#L1`
        "- [`my docs/a.md:1:1`](https://github.com/o/r/blob/abc/my%20docs/a.md?plain=1#L1)"
    )
    assert "](" not in next(x for x in summary.render(result).splitlines() if x.startswith("- "))
    html = dataclasses.replace(linked, files=(FileResult("a.html", tuple(_findings("a.html", 1))),))
    (line,) = [x for x in summary.render(html).splitlines() if x.startswith("- ")]
    assert "blob/abc/a.html#L1)" in line


def test_the_job_summary_says_the_verdicts() -> None:
    from citelint.outputs.result import FileResult, Result

    result = Result((FileResult("r.md", (), claims=3, supported=1, unsupported=1, unchecked=1),))
    assert "3 claims: 1 supported, 1 unsupported, 1 unchecked" in summary.render(result)
