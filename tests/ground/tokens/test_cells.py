"""Numbers of a table row: a bare value takes its column's unit; a rating is no quantity."""

from __future__ import annotations

from citelint.ground.tokens.cells import cell_tokens, unit_from_header


def test_a_bare_cell_takes_its_columns_unit() -> None:
    text = "A | 45 | 12"
    (pct, n) = cell_tokens(text, ((0, 1), (4, 6), (9, 11)), ("Arm", "ORR (%)", "n"))
    assert (pct.text, pct.kind, pct.start) == ("45", "percent", 4)
    assert (n.text, n.kind) == ("12", "count")
    assert unit_from_header("PFS, months") is not None and unit_from_header("Arm") is None


def test_a_lone_score_under_a_rating_column_is_no_quantity() -> None:
    text = "Privacy | 3 | 12"
    tokens = cell_tokens(text, ((0, 7), (10, 11), (14, 16)), ("Line", "Rating", "Cases"))
    assert [t.text for t in tokens] == ["12"]


def test_a_graders_table_is_known_by_its_header() -> None:
    from citelint.ground.tokens.cells import judging_table

    assert judging_table(("#", "Criterion", "5 = Outstanding"))
    assert judging_table(("**Rank**", "Example", "Strengths"))
    assert judging_table(("Example", "Accuracy (×3)", "**Weighted total /50**"))
    assert not judging_table(("Trial", "Drug", "Phase", "ORR"))
    assert not judging_table(("Trial", "Ranking criteria used by FDA"))  # a phrase, no label
