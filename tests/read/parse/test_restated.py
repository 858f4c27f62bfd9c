"""A figure restated from a cited place borrows that place's citation."""

from __future__ import annotations

from citelint.read.parse import Parser
from citelint.read.parse.restated import MAX_LENT, _distinctive, _figures

BODY = (
    "Household income rose to 43,377 yuan in 2025 [1]. The Tidewater trial enrolled "
    "312 patients at 14 sites [2]. Trametinib gave a 4.8-month median [3]."
)
REFS = "\n\n## References\n\n1. Income survey.\n2. Tidewater trial.\n3. Trametinib trial.\n"


def _cited(summary: str) -> dict[str, tuple[str, ...]]:
    """Each sentence of the summary paragraph and the references it cites."""
    doc = Parser().parse("r.md", f"# R\n\n{summary}\n\n{BODY}{REFS}".encode())
    (block,) = [b for b in doc.blocks if b.text.startswith(summary[:12])]
    return {s.text: tuple(a.id for a in s.anchors) for s in block.sentences}


def test_a_summary_restating_cited_figures_borrows_their_citations() -> None:
    got = _cited("Income reached 43,377 yuan and the trial enrolled 312 patients.")
    (keys,) = got.values()
    assert keys == ("1", "2")  # each figure's first cited place, in order


def test_the_borrower_is_marked_borrowed_not_a_statement_of_them() -> None:
    doc = Parser().parse(
        "r.md", f"# R\n\nThe trial enrolled 312 patients.\n\n{BODY}{REFS}".encode()
    )
    (s,) = doc.blocks[1].sentences
    assert s.borrowed and [a.id for a in s.anchors] == ["2"]


def test_one_new_figure_and_it_stays_uncited() -> None:
    got = _cited("The trial enrolled 312 patients and 96% finished.")
    assert list(got.values()) == [()]


def test_only_common_figures_borrow_nothing() -> None:
    # `14` and `2025` stand in cited sentences, but many sentences share them
    assert list(_cited("Work began in 2025 at 14 sites.").values()) == [()]


def test_a_distinctive_figure_needs_its_unit() -> None:
    assert list(_cited("The pilot enrolled 312 nurses.").values()) == [()]
    # cited `4.8-month` names no unit after the figure: any unit's
    assert list(_cited("The median was 4.8 months.").values()) == [("3",)]


def test_identifiers_and_years_are_not_figures() -> None:
    assert _figures("NCT06727565 and COVID-19 in H2-1 over 5G") == []
    assert _figures("a 12-month") == [("12", "", "")]  # a hyphen's word is its unit
    assert _figures("8.9% of 3320万户, 100 kHz") == [
        ("8.9", "%", ""),
        ("3320", "万", "户"),
        ("100", "", "khz"),
    ]
    assert not _distinctive(("2025", "", "")) and _distinctive(("2025", "万", ""))
    assert _distinctive(("0.5", "", "")) and not _distinctive(("81", "%", ""))


def test_citelint_anchors_do_not_lend() -> None:
    doc = Parser().parse(
        "r.md",
        b"# R\n\nThe trial enrolled 312 patients.\n\nIt enrolled 312 patients [pmid:1001:abstract].\n",
    )
    assert doc.blocks[1].sentences[0].anchors == ()


def test_a_borrower_takes_at_most_max_lent() -> None:
    cited = " ".join(f"Site {i} enrolled {100 + i} patients [{i}]." for i in range(1, 11))
    refs = "\n\n## References\n\n" + "".join(f"{i}. Site {i}.\n" for i in range(1, 11))
    summary = "Sites enrolled " + ", ".join(f"{100 + i}" for i in range(1, 11)) + " patients."
    doc = Parser().parse("r.md", f"# R\n\n{summary}\n\n{cited}{refs}".encode())
    assert len(doc.blocks[1].sentences[0].anchors) == MAX_LENT


def test_an_amount_of_money_keeps_its_magnitude_and_drops_the_next_word() -> None:
    assert _figures("Allianz ($1,085.2B) and AXA (€711.3bn)") == [
        ("1085.2", "", "b"),
        ("711.3", "", "b"),
    ]
    assert _figures("from $645.1 billion to $1,085.2 and more") == [
        ("645.1", "", "b"),
        ("1085.2", "", ""),
    ]
    assert _figures("5G masts and vitamin B12") == []  # names, not amounts


def test_an_amount_restated_without_its_magnitude_borrows_the_cited_one() -> None:
    doc = Parser().parse(
        "r.md",
        b"# R\n\n1. **Allianz** - $1,085.2\n\n"
        b"Assets: Allianz ($1,085.2B) [1].\n\n## References\n\n1. Rankings.\n",
    )
    (item,) = doc.blocks[1].sentences
    assert item.borrowed and [a.id for a in item.anchors] == ["1"]


def test_a_common_figure_two_cited_sentences_state_is_the_reports_own() -> None:
    # `2 hours` is common, but two cited sentences establish it as the report's subject
    body = (
        "The plan requires at least 2 hours of daily activity [1]. Ministries set the 2 "
        "hours as a target for every school [2].\n\nMeeting the 2 hours depends on the "
        "timetable.\n\nA lesson lasts 2 minutes.\n"
    )
    doc = Parser().parse("r.md", f"# R\n\n{body}{REFS}".encode())
    cited = {s.text: tuple(a.id for a in s.anchors) for s in doc.sentences}
    assert cited["Meeting the 2 hours depends on the timetable."] == ("1",)
    assert cited["A lesson lasts 2 minutes."] == ()  # another unit: not the same figure
    once = body.replace(" [2]", "")  # one cited sentence: a common figure stays uncited
    doc = Parser().parse("r.md", f"# R\n\n{once}{REFS}".encode())
    assert {s.text: s.anchors for s in doc.sentences}[
        "Meeting the 2 hours depends on the timetable."
    ] == ()


def test_an_amount_to_the_cent_is_distinctive_though_whole() -> None:
    """`$7.00` in a summary table is the cited price, as `$7.35` would be; a bare `7` is
    anyone's."""
    doc = Parser().parse(
        "r.md",
        b"# R\n\nThe price reached $7.00 per kilogram [1].\n\n"
        b"| Market | Price |\n|---|---|\n| Tokyo | $7.00 |\n| Osaka | 7 |\n\n"
        b"## References\n\n1. Price survey.\n",
    )
    rows = {s.text: [a.id for a in s.anchors] for s in doc.sentences if "7" in s.text}
    assert rows == {
        "The price reached $7.00 per kilogram [1].": ["1"],
        "Tokyo | $7.00": ["1"],
        "Osaka | 7": [],
    }
    priced: set[tuple[str, str, str]] = set()
    assert _figures("at $7.00 and 7.00 kg", priced) == [("7", "", ""), ("7", "", "kg")]
    assert priced == {("7", "", "")}
