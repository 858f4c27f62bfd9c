"""Text output: the finding, the offending line with carets, anchor, source and missing."""

from __future__ import annotations

import io

from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console
from rich.text import Text

from citelint.ground.controls import visible
from citelint.outputs.diagnostic import Diagnostic, Severity, SourceRef
from citelint.outputs.formatters.text import Line, _one, _rich, render, summary_line
from citelint.outputs.result import FileResult, Result, source_lines

TEXT = "# R\r\n\r\nMedian PFS was 5.8 months [pmid:1:abstract].\r\n"


def test_the_line_and_carets_under_the_finding() -> None:
    d = Diagnostic(
        "r.md", 3, 16, 3, 26, "CL101", "numeric-token-miss", Severity.CRITICAL, "5.8 months gone",
        anchors=("[pmid:1:abstract]",), missing=("5.8 months",),
        sources=(SourceRef("sources/pubmed/1.json", "abstract", pointer="/abstract"),),
    )  # fmt: skip
    out = render(Result((FileResult("r.md", (d,), lines=source_lines(TEXT, (3,))),)))
    lines = out.splitlines()
    assert lines[0] == "r.md:3:16: CL101 [critical] 5.8 months gone"
    assert lines[1] == "    3 | Median PFS was 5.8 months [pmid:1:abstract]."
    assert lines[2] == "      |                ^^^^^^^^^^"
    assert lines[3:] == [
        "      = anchor: [pmid:1:abstract]",
        "      = source: sources/pubmed/1.json › abstract (/abstract)",
        "      = missing: 5.8 months",
    ]


def test_many_findings_in_one_file_show_their_lines() -> None:
    text = "".join(f"Rate {i}%.\n" for i in range(2000))
    ds = tuple(
        Diagnostic("r.md", i + 1, 6, i + 1, 8, "CL001", "missing-anchor", Severity.CRITICAL, "m")
        for i in range(2000)
    )
    kept = source_lines(text, range(1, 2001))
    out = render(Result((FileResult("r.md", ds, lines=kept),)))
    assert out.count("\n") == 3 * 2000 and "| Rate 1999%." in out


def test_summary_line() -> None:
    d = Diagnostic("r.md", 1, 1, 1, 2, "CL005", "malformed-anchor", Severity.WARNING, "m")
    result = Result((FileResult("r.md", (d,), claims=3, supported=2, unchecked=1),))
    assert summary_line(result) == (
        "1 warning in 1 file; 3 claims: 2 supported, 0 unsupported, 1 unchecked"
    )
    one = Result((FileResult("r.md", (), claims=1, unsupported=1),))
    assert summary_line(one) == (
        "no findings in 1 file; 1 claim: 0 supported, 1 unsupported, 0 unchecked"
    )
    assert summary_line(Result(())) == "no findings in 0 files; 0 claims"


def test_summary_line_counts_read_as_english() -> None:
    ds = tuple(
        Diagnostic("r.md", i, 1, i, 2, code, "n", severity, "m")
        for i, (code, severity) in enumerate(
            [("CL005", Severity.WARNING)] * 8 + [("CL101", Severity.CRITICAL)] * 2, 1
        )
    )
    line = summary_line(Result((FileResult("r.md", ds),)))
    assert line.startswith("2 critical, 8 warnings in 1 file;")


def test_long_lines_show_a_window_with_carets_under_it() -> None:
    line = "word " * 1000 + "ORR was 99% [pmid:1:abstract]. " + "tail " * 1000
    column = line.index("99%") + 1
    d = Diagnostic("r.md", 1, column, 1, column + 3, "CL101", "n", Severity.CRITICAL, "99% gone")
    out = render(Result((FileResult("r.md", (d,), lines=((1, line),)),))).splitlines()
    shown, carets = out[1], out[2]
    assert shown.startswith("    1 | …") and shown.endswith("…") and len(shown) < 200
    at = carets.index("^")
    assert carets[at:] == "^^^" and shown[at : at + 3] == "99%"


_ODD = st.text(
    alphabet=st.sampled_from(
        [
            "a",
            " ",
            "\t",
            "\r",
            "\n",
            "\x07",
            "\x08",
            "\x0b",
            "\x0c",
            "\x1b",
            "中",
            "é",
            "🙂",
            "[",
            "]",
        ]
    ),
    max_size=30,
)


def _printed(lines: list[Line], color: bool) -> str:
    """The lines as rich's own console prints them: the reference for both renderings."""
    console = Console(
        file=io.StringIO(), force_terminal=color, no_color=not color, width=200,
        highlight=False, soft_wrap=True, emoji=False, markup=False,
    )  # fmt: skip
    for line in lines:
        text = Text()
        for piece, style in line:
            text.append(visible(piece), style=style or None)  # what reaches the terminal
        console.print(text)
    assert isinstance(console.file, io.StringIO)
    return console.file.getvalue()


@settings(max_examples=200, deadline=None)
@given(message=_ODD, line=_ODD, anchor=_ODD)
def test_plain_and_coloured_output_are_what_rich_prints(
    message: str, line: str, anchor: str
) -> None:
    text = f"# R\n\n{line}\n"
    d = Diagnostic(
        "r.md", 3, 1, 3, 4, "CL101", "numeric-token-miss", Severity.CRITICAL, message,
        anchors=(anchor,), missing=(anchor,), nowhere=(message,),
    )  # fmt: skip
    result = Result((FileResult("r.md", (d,), lines=source_lines(text, (3,))),))
    lines = list(_one(d, source_lines(text, (3,))[0][1]))
    assert render(result) == _rich(lines, color=False) == _printed(lines, color=False)
    assert render(result, color=True) == _printed(lines, color=True)


def test_the_examples_print_the_same_bytes_with_and_without_rich() -> None:
    from pathlib import Path

    from citelint.config.load import Settings
    from citelint.lint.runner import Runner

    examples = Path(__file__).resolve().parents[3] / "examples"
    result = Runner.of(
        Settings(project_root=str(examples), cache_dir=None), [str(examples / "reports")]
    ).lint()
    lines_of = {f.path: dict(f.lines) for f in result.files}
    every = [line for d in result.diagnostics for line in _one(d, lines_of[d.path].get(d.line))]
    assert render(result) == _printed(every, color=False) and len(every) > 10
    assert render(result, color=True) == _printed(every, color=True)


class _Counted(str):
    """A report line that counts the characters the formatter takes from it: a slice
    costs its length, any other method the whole line (work counted, never timed)."""

    taken = 0

    def __getitem__(self, key: object) -> str:
        piece = str.__getitem__(self, key)  # type: ignore[index]
        _Counted.taken += len(piece)
        return piece

    def __getattribute__(self, name: str) -> object:
        if not name.startswith("__"):
            _Counted.taken += str.__len__(self)
        return str.__getattribute__(self, name)


def test_a_long_line_costs_its_window_not_its_length_per_finding() -> None:
    def cost(length: int) -> float:
        line = _Counted("x" * length)
        ds = tuple(
            Diagnostic("r.md", 1, i + 1, 1, i + 2, "CL001", "n", Severity.CRITICAL, "m")
            for i in range(0, 2000)
        )
        result = Result((FileResult("r.md", ds, lines=((1, line),)),))
        _Counted.taken = 0
        printed = len(render(result))
        return _Counted.taken + printed

    # a paragraph written on one line: before, every finding copied the whole line
    assert cost(400_000) / cost(200_000) < 1.5
