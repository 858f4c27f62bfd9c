"""Link text that names a source, and link text that is the sentence's prose."""

from __future__ import annotations

import pytest

from citelint.read.citations.labels import after_sentence, in_brackets, names_source


@pytest.mark.parametrize("label", ["frontiersin.org", "PubMed + 2", "3", "1, 2–4"])
def test_a_domain_a_count_or_numbers_name_the_source(label: str) -> None:
    assert names_source(label)


@pytest.mark.parametrize("label", ["pembrolizumab", "Oncology News", "the FDA label"])
def test_words_alone_do_not(label: str) -> None:
    assert not names_source(label)


def test_a_link_after_a_sentence_end_or_opening_the_text() -> None:
    assert after_sentence("Rate 5%. X", 9) and after_sentence("X", 0)
    assert not after_sentence("Rate was X", 9)


def test_a_link_that_is_all_its_brackets_hold() -> None:
    text = "Rate (A; B) and (see C)."
    assert in_brackets(text, 6, 7, -1)  # `(A;`
    assert in_brackets(text, 9, 10, 7)  # `; B)`: listed after A
    assert not in_brackets(text, 9, 10, -1)  # `; B)` with no link before it
    assert not in_brackets(text, 21, 22, -1)  # `(see C)`: words beside it
