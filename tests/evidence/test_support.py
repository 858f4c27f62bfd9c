"""Lexical support (CL111's measure): terms, weights, windows, coverage — and the
calibration on the corpus's real statement–source pairs."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from bench import support_pairs
from citelint.evidence.support import MIN_TERMS, Support, page, support, terms, weight
from citelint.rules.cl111_unsupported_statement import DEFAULT_MIN_COVERAGE

PAGE = (
    "The company designs guidance heads for portable missile systems. "
    "Its detectors are made of indium antimonide. "
    "The company was founded in 1993 as a research centre. "
    "The company reported 412 employees."
)


def _support(statement: str, texts: Sequence[str]) -> Support | None:
    return support(statement, [page(text) for text in texts])


def test_terms_are_stemmed_content_words_and_non_year_numbers() -> None:
    said = terms("The company's first-line designs, founded in 1993 with 1,200 staff and 2.50 m")
    # `first-line` gives itself (stemmed: `first`) and its parts; one letter is no word
    assert said.words == frozenset({"compa", "first", "line", "desig", "found", "staff"})
    assert said.numbers == frozenset({"1200", "2.5"})  # the year is not a figure


def test_chinese_is_read_by_character_bigrams() -> None:
    assert terms("制导头").words == frozenset({"制导", "导头"})
    assert terms("头").words == frozenset({"头"})


def test_a_rarer_term_weighs_more_and_an_absent_one_most() -> None:
    assert weight(0, 10) > weight(1, 10) > weight(10, 10) > 0


def test_a_statement_the_page_says_is_covered() -> None:
    found = _support("The company designs guidance heads for portable missile systems.", [PAGE])
    assert found is not None and found.coverage == 1.0
    assert found.windows[0].text.startswith("The company designs guidance heads")


def test_a_statement_the_page_does_not_say_is_barely_covered() -> None:
    found = _support("The company employs engineers across several European campuses.", [PAGE])
    assert found is not None and found.coverage < DEFAULT_MIN_COVERAGE


def test_a_number_the_window_lacks_halves_the_coverage() -> None:
    said = _support("The company designs guidance heads for 412 portable missile systems.", [PAGE])
    assert said is not None and said.missing_number and said.coverage == pytest.approx(0.5)


def test_two_cited_sources_each_give_their_words() -> None:
    one = "The company designs guidance heads."
    other = "Its detectors are made of indium antimonide."
    statement = "The company designs guidance heads and detectors of indium antimonide."
    both = _support(statement, [one, other])
    alone = _support(statement, [one])
    assert both is not None and alone is not None
    assert both.coverage == 1.0 > alone.coverage
    assert [w.source for w in both.windows] == [0, 1]


def test_too_few_words_or_another_script_is_not_measured() -> None:
    assert _support("The company grew.", [PAGE]) is None  # fewer than MIN_TERMS
    assert MIN_TERMS == 4
    # a Chinese statement citing an English page: no words to compare, not a miss
    assert _support("该公司为便携式防空导弹系统设计制导头", [PAGE]) is None
    assert _support("The company designs heads.", [""]) is None


def test_a_statement_costs_its_words_not_the_page() -> None:
    """Windows are looked for only near sentences holding one of the statement's terms."""
    filler = "Unrelated words fill this sentence. " * 5000
    found = _support("The company designs guidance heads for portable missiles.", [filler + PAGE])
    assert found is not None and found.coverage > 0.9


@pytest.mark.skipif(not support_pairs.REPORTS.is_dir(), reason="corpus not present")
def test_calibration_on_the_held_out_half() -> None:
    """The issue's target on pairs never looked at while tuning: at least 20% of the
    unsupported flagged, at most 2% of the supported."""
    scored = []
    for pair in support_pairs.half(support_pairs.pairs(), "held_out"):
        found = _support(pair.statement, pair.sources)
        if found is not None:
            scored.append((pair.supported, found.coverage < DEFAULT_MIN_COVERAGE))
    supported = [flag for ok, flag in scored if ok]
    unsupported = [flag for ok, flag in scored if not ok]
    assert len(supported) >= 80 and len(unsupported) >= 500
    assert sum(unsupported) / len(unsupported) >= 0.20
    assert sum(supported) / len(supported) <= 0.02


def test_a_page_writes_in_a_script_only_when_a_fifth_of_its_terms_are_in_it() -> None:
    """A Chinese page with `mg` and `PFS` in it does not measure an English statement."""
    chinese = "奥希替尼80 mg 每日一次，中位PFS为18.9个月，客观缓解率为百分之八十。"
    assert page(chinese).other and not page(chinese).latin
    assert _support("The drug was given at a daily dose to adults", [chinese]) is None
