"""Mermaid on real diagrams: no crash on any block, the curated rich ones are not shallow,
the trivial ones are, and the counts per diagram type that judge the thresholds."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from citelint.ground.mermaid import analyze
from citelint.read.parse import Parser
from citelint.rules.cl201_shallow_mermaid import ShallowMermaid

RULE = ShallowMermaid()


def blocks(corpus: Path, name: str) -> list[dict[str, str]]:
    return list(json.loads((corpus / "mermaid" / name).read_text(encoding="utf-8"))["blocks"])


@pytest.mark.parametrize(
    "name", ["mermaid_docs_syntax_blocks.json", "mermaid_demos_html_blocks.json"]
)
def test_every_real_block_is_analysed(corpus: Path, name: str) -> None:
    found = blocks(corpus, name)
    assert len(found) > 200
    for block in found:
        diagram = analyze(block["code"])
        assert diagram.kind


def test_real_blocks_inside_reports(corpus: Path) -> None:
    """The same blocks through both parsers: fenced Markdown and `<pre class=mermaid>`."""
    found = blocks(corpus, "mermaid_docs_syntax_blocks.json")[:120]
    md = "\n\n".join(f"```mermaid\n{b['code']}\n```" for b in found)
    html = "".join(
        f"<pre class='mermaid'>{b['code'].replace('&', '&amp;').replace('<', '&lt;')}</pre>"
        for b in found
    )
    assert len(Parser().parse("r.md", md.encode()).mermaid) == len(found)
    parsed = Parser().parse("r.html", html.encode()).mermaid
    assert [m.source for m in parsed] == [b["code"] for b in found]


def test_rich_examples_are_not_shallow(corpus: Path) -> None:
    for path in sorted((corpus / "mermaid" / "rich").glob("*.mmd")):
        assert RULE.problems(analyze(path.read_text(encoding="utf-8"))) == [], path.name


def test_trivial_examples_are_shallow(corpus: Path) -> None:
    for path in sorted((corpus / "mermaid" / "trivial").glob("*.mmd")):
        assert RULE.problems(analyze(path.read_text(encoding="utf-8"))), path.name


def shallow_table(corpus: Path) -> dict[str, tuple[int, int]]:
    total: Counter[str] = Counter()
    shallow: Counter[str] = Counter()
    for block in blocks(corpus, "mermaid_docs_syntax_blocks.json"):
        kind = block["diagram_type"]
        total[kind] += 1
        shallow[kind] += bool(RULE.problems(analyze(block["code"])))
    return {kind: (shallow[kind], total[kind]) for kind in sorted(total)}


def test_shallow_counts_per_type(corpus: Path) -> None:
    """Documentation examples are mostly minimal, so many are shallow; pinned so that a
    change of the thresholds or the grammar shows up here (see bench/mermaid_table.py)."""
    table = shallow_table(corpus)
    assert sum(t for _, t in table.values()) == 442
    flowchart_shallow, flowchart_total = table["flowchart"]
    assert flowchart_total == 111 and 0 < flowchart_shallow < flowchart_total
    assert table["pie"][0] < table["pie"][1]
