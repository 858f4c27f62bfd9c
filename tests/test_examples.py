"""`citelint examples/` on a fresh clone: findings on the broken report, none on the clean one."""

from __future__ import annotations

from pathlib import Path

import pytest

from citelint.commands.cli import main

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def test_examples(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(EXAMPLES.parent)
    code = main(["examples", "--output-format", "concise"])
    out = capsys.readouterr().out
    assert code == 1
    found = [line.split(" [")[0] for line in out.splitlines()]
    assert found == [
        "examples/reports/broken.html:5:1: CL301",  # the trials channel is saved but unused
        "examples/reports/broken.html:6:41: CL101",
        "examples/reports/broken.html:7:4: CL001",
        "examples/reports/broken.html:8:4: CL103",
        "examples/reports/broken.html:9:31: CL002",
        "examples/reports/broken.html:9:97: CL003",
        "examples/reports/broken.html:10:4: CL001",
        "examples/reports/broken.html:10:63: CL005",
        "examples/reports/broken.html:11:23: CL101",
    ]


@pytest.mark.parametrize("report", ["clean.md", "rich.md", "numbered.md"])
def test_clean_examples_pass_every_rule(
    report: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(EXAMPLES.parent)
    assert main([f"examples/reports/{report}", "--fail-on", "info"]) == 0
    assert capsys.readouterr().out.startswith("no findings in 1 file")


def test_rich_example_has_diagrams_tables_and_an_appendix() -> None:
    from citelint.read.parse import Parser

    doc = Parser().parse("rich.md", (EXAMPLES / "reports" / "rich.md").read_bytes())
    assert len(doc.mermaid) == 3
    assert any(b.kind == "row" for b in doc.blocks)
    assert any(b.appendix for b in doc.blocks)


def test_numbered_example_cites_in_three_styles() -> None:
    from citelint.read.parse import Parser

    doc = Parser().parse("numbered.md", (EXAMPLES / "reports" / "numbered.md").read_bytes())
    # and a dose, which a number alone cannot cite, at the place that gives it (CL004)
    assert [a.style for a in doc.anchors] == [
        "identifier", "numbered", "anchor", "numbered", "superscript",
    ]  # fmt: skip
    assert [r.key for r in doc.references] == ["1"]


def test_readme_shows_what_the_command_prints(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    readme = (EXAMPLES.parent / "README.md").read_text(encoding="utf-8")
    shown = readme.split("$ citelint examples/\n", 1)[1].split("```", 1)[0].splitlines()
    head, last = shown[: shown.index("...")], shown[-1]
    monkeypatch.chdir(EXAMPLES.parent)
    main(["examples", "--no-color", "--no-progress"])
    printed = capsys.readouterr().out.splitlines()
    assert printed[: len(head)] == head and printed[-1] == last
