"""The patterns of numbers that cite by where they stand."""

from __future__ import annotations

from citelint.read.citations.positional import CELL_END, GLUED, QUANTITY_OPENERS, SPACED


def test_glued_numbers_close_on_a_stop() -> None:
    assert [m.group(2) for m in GLUED.finditer("carcinoma.17 It rose; ends,3 and 4.5 mg")] == [
        "17",
        "3",
    ]


def test_a_cell_ends_with_a_number_after_a_bracket() -> None:
    assert [m.group(2) for m in CELL_END.finditer("| Low (<100 qubits) 27 | x 5 |")] == ["27"]


def test_spaced_numbers_need_a_function_word_after_them() -> None:
    found = [(m.group(1), m.group(2)) for m in SPACED.finditer("issues 10 but; with 32 qubits")]
    assert found == [("issues", "10")]
    assert "with" in QUANTITY_OPENERS and "phase" in QUANTITY_OPENERS


def test_a_citation_may_be_glued_to_a_power_of_ten() -> None:
    from citelint.read.citations.positional import AFTER_POWER

    found = [m.group(2) for m in AFTER_POWER.finditer("error 1.2(1)×10−3.27 Later")]
    assert found == ["27"]
    assert list(AFTER_POWER.finditer("error 10−3.5mm and 2.3 later")) == []  # keys decide the rest
