"""The closed-class words of relations: words and numbers, negation, direction, hedges."""

from __future__ import annotations

from citelint.ground.tokens import relation_words as g


def test_words_normalise_numbers_and_split_cjk() -> None:
    found = [(w.text, w.kind) for w in g.words("Rate 1,277 vs 4.80% (n=3)；为12.0个月")]
    assert found == [
        ("rate", "word"),
        ("1277", "num"),
        ("vs", "word"),
        ("4.8", "num"),
        ("(", "sep"),
        ("n", "word"),
        ("3", "num"),
        (")", "sep"),
        ("；", "sep"),
        ("为", "word"),
        ("12", "num"),
        ("个月", "word"),
    ]
    assert [w.text for w in g.words("HER2 CD20 v2.1") if w.kind == "num"] == []


def test_negations_directions_hedges_and_causes() -> None:
    assert g.negations("did not improve; no difference; failed to reach; wasn't; 未见") == 5
    assert g.directions("higher and lower rates 升高") == {"higher", "lower", "升高"}
    assert g.opposite("higher") == frozenset({"lower"})
    assert g.opposite("降低") == frozenset({"升高"})
    assert g.opposite("blue") == frozenset()
    assert g.direction_counts("more and more, fewer") == {"more": 2, "fewer": 1}
    assert g.hedged("was associated with") and g.hedged("可能") and not g.hedged("reduced")
    assert g.causal("led to") and g.causal("导致") and not g.causal("was seen")
    assert g.is_label(g.words("trametinib")[0]) and not g.is_label(g.words("the")[0])
    assert g.number_value("12.50") == "12.5" and g.number_value("x") == "x"
