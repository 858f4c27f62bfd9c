"""Exported tables: a column of citation numbers cites its row, a quantity column never."""

from __future__ import annotations

from citelint.read.parse import Parser
from tests.read.parse.conftest import parse


def _rows(text: str) -> list[tuple[str, list[str]]]:
    doc = Parser().parse("r.md", text.encode())
    return [
        (s.text.strip(" |"), [a.text for a in s.anchors])
        for s in doc.sentences
        if s.block.kind == "row"
    ]


LIST = "\n\n## Works cited\n\n1. A. PMID: 1\n2. B. PMID: 2\n3. C. PMID: 3\n"


def test_a_column_the_header_names_as_sources_cites_its_rows() -> None:
    table = "| Lineage | Share | Snippet IDs |\n|---|---|---|\n| Ferns | 17% | 1 |\n| Moss | 2% | 2, 3 |"
    rows = _rows(table + LIST)
    assert [anchors for _, anchors in rows] == [["[1]"], ["[2]", "[3]"]]
    assert "17%" in rows[0][0]  # the row's own numbers stay its claim


def test_a_column_of_number_lists_cites_without_a_header() -> None:
    table = "| Lineage | Share | |\n|---|---|---|\n| Ferns | 17% | 1, 2 |\n| Moss | 2% | 3 |"
    assert [anchors for _, anchors in _rows(table + LIST)] == [["[1]", "[2]"], ["[3]"]]


def test_quantity_columns_and_first_columns_never_cite() -> None:
    phase = "| Trial | Drug | Phase |\n|---|---|---|\n| A | x 2 mg | 1 |\n| B | y 5 mg | 3 |"
    assert [anchors for _, anchors in _rows(phase + LIST)] == [[], []]
    first = "| # | Refs |\n|---|---|\n| 1 | x |\n| 2 | y |"
    assert [anchors for _, anchors in _rows(first + LIST)] == [[], []]
    beyond = "| A | Sources |\n|---|---|\n| x | 1 |\n| y | 9 |"  # 9 is no entry: no column
    assert [anchors for _, anchors in _rows(beyond + LIST)] == [[], []]
    assert [anchors for _, anchors in _rows(phase)] == [[], []]  # no list, no keys


def _stated(text: str) -> list[str]:
    """Each row's text with what it says nothing with (its masks) blanked."""
    doc = parse("r.md", text)
    out = []
    for s in doc.sentences:
        if s.block.kind == "row":
            chars = list(s.text)
            for b, e in s.masks:
                chars[b:e] = " " * (e - b)
            out.append("".join(chars))
    return out


def test_a_first_column_numbering_the_rows_states_nothing() -> None:
    """`| 1 | Veolia | …` to `| 3 | …`: each row's place in the author's list, no figure."""
    ranked = "| 排名 | 企业 | 规模 |\n|---|---|---|\n| 1 | 甲 | 20亿 |\n| 2 | 乙 | 26亿 |\n| **3** | 丙 | 8亿 |"
    assert [row.split("|")[0].strip() for row in _stated(ranked)] == ["", "", ""]
    assert "20亿" in _stated(ranked)[0]  # the row's own figures stay
    for first in ("1, 2, 4", "2, 3, 4", "1, 2"):  # not 1 to N, or too few rows to tell
        cells = first.split(", ")
        table = "| # | 规模 |\n|---|---|\n" + "".join(f"| {c} | {c}0亿 |\n" for c in cells)
        assert [row.split("|")[0].strip() for row in _stated(table)] == cells, first


FLAT = (
    "Recipient (system)\n\nGenomic evidence\n\nKey references\n\n"
    "Amborella (mitochondrion)\n\nGenome size 3.9 Mb\n\nRice et al. 2013 [1]\n\n"
    "Rafflesia (nucleus)\n\nAbout 2% of transcripts\n\nXi et al. 2012\n"
)


def test_a_flattened_table_is_read_back_as_rows() -> None:
    doc = Parser().parse("r.txt", (FLAT + LIST).encode())
    cited = {
        s.text: ([a.text for a in s.anchors], s.borrowed)
        for s in doc.sentences
        if not s.block.appendix
    }
    assert cited["Genome size 3.9 Mb"] == (["[1]"], True)  # its row's references cell
    assert cited["Amborella (mitochondrion)"] == (["[1]"], True)
    assert cited["About 2% of transcripts"] == ([], False)  # its row cites nothing
    assert cited["Recipient (system)"] == ([], False)  # the header is no row


APA = (
    "\n\n## 参考文献\n\nLivmo. (2026, February 23). *AI SaaS Valuation Premium*. https://a\n\n"
    "SaaS Mag. (2026, June 29). *AI-Native vs AI-Bolted-On*. https://b\n"
)


def test_a_source_column_of_names_and_years_cites_its_rows() -> None:
    table = (
        "| 指标 | 数据 | 来源 |\n|---|---|---|\n"
        "| 买家支付溢价 | 1–3倍 | Livmo, 2026 |\n| 估值折扣 | 15%–30% | SaaS Mag, 2026 |"
    )
    rows = _rows(table + APA)
    assert [len(anchors) for _, anchors in rows] == [1, 1]
    assert "15%" in rows[1][0]  # the row's own numbers stay its claim
    # a cell naming no entry, or a column no header calls the source: no citation column
    other = table.replace("SaaS Mag, 2026", "Gartner, 2026")
    assert [anchors for _, anchors in _rows(other + APA)] == [[], []]
    unlabelled = table.replace("| 来源 |", "| 备注 |")
    assert [anchors for _, anchors in _rows(unlabelled + APA)] == [[], []]


CITED_LAST = (
    "Dataset\n\nModality\n\nSize\n\nNotes\n\n"
    "GrainSet\n\nRGB images\n\nAbout 352,700 images\n\nDeposited under CC BY [1]\n\n"
    "Wheat kernels\n\nNIR spectra\n\nOver 140,000 kernels, 30 varieties\n\nScale described in [2]\n\n"
    "Seed maps\n\nDepth\n\nAbout 900 seeds\n\nNot yet released\n"
)


def test_a_flattened_table_whose_last_column_cites_in_every_row_is_read_back() -> None:
    """No header label names the sources, but each row's last cell cites: the rows are read
    back, each borrowing its own row's citation; a row whose last cell cites nothing ends
    it (its cells stay uncited)."""
    doc = Parser().parse("r.txt", (CITED_LAST + LIST).encode())
    cited = {
        s.text: ([a.text for a in s.anchors], s.borrowed)
        for s in doc.sentences
        if not s.block.appendix
    }
    assert cited["About 352,700 images"] == (["[1]"], True)
    assert cited["Over 140,000 kernels, 30 varieties"] == (["[2]"], True)
    assert cited["About 900 seeds"] == ([], False)
    assert cited["Size"] == ([], False)  # the header is no row
    # one row citing is no table: short lines and a citation every fourth line by chance
    one = CITED_LAST.replace("Scale described in [2]", "Scale described later")
    doc = Parser().parse("r.txt", (one + LIST).encode())
    assert all(not s.borrowed for s in doc.sentences)
