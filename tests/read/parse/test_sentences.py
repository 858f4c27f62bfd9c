"""Sentence splitting: semicolons, abbreviations, decimals, line separators."""

from __future__ import annotations

from citelint.read.parse.sentences import SentenceSplitter
from tests.read.parse.conftest import parse, sentences


def test_u2028_is_not_a_line_break() -> None:
    doc = parse("r.md", "a\u2028b [pmid:1]\n")
    assert doc.position(doc.anchors[0].start)[0] == 1


def test_semicolons_do_not_split() -> None:
    doc = parse("r.md", "甲4%；乙5%。[pmid:1]\n")
    assert sentences(doc) == ["甲4%；乙5%。[pmid:1]"]


def test_abbreviations_and_decimals() -> None:
    doc = parse("r.md", "See Fig. 2 and e.g. No. 5 vs. 5.5 et al. in 2012. Next.\n")
    assert sentences(doc) == ["See Fig. 2 and e.g. No. 5 vs. 5.5 et al. in 2012.", "Next."]


def test_a_stop_glued_to_a_citation_run_ends_the_sentence_after_the_run() -> None:
    splitter = SentenceSplitter()
    text = "Rate 5%.[3][4] Next 6%.³ Last."
    runs = [(8, 11), (11, 14), (23, 24)]
    assert [text[b:e] for b, e in splitter.split(text, runs)] == [
        "Rate 5%.[3][4]",
        "Next 6%.³",
        "Last.",
    ]
    # an abbreviation before the run, or a run glued to the next word, ends nothing
    text = "See Fig.[3] for 5%. Rate 5%.[3]x more."
    assert [text[b:e] for b, e in splitter.split(text, [(8, 11), (28, 31)])] == [
        "See Fig.[3] for 5%.",
        "Rate 5%.[3]x more.",
    ]


def test_dotted_initials_end_a_sentence_only_before_a_capital() -> None:
    # seen in a published report: `explains 50–70% of changes in the U.S. wage structure
    # … [22].` was split at `U.S.`, leaving the number without its citation (CL001)
    doc = parse("r.md", "Rates rose 5% in the U.S. wage data [3]. At 9 a.m. the U.S. The end.\n")
    assert sentences(doc) == [
        "Rates rose 5% in the U.S. wage data [3].",
        "At 9 a.m. the U.S.",
        "The end.",
    ]


def test_dotted_initials_go_on_before_a_code_or_an_acronym() -> None:
    text = "Of U.S. K–12 students, 92% use AI. In the U.S. GDP rose 2%. In the U.S. The end.\n"
    assert sentences(parse("r.md", text)) == [
        "Of U.S. K–12 students, 92% use AI.",
        "In the U.S. GDP rose 2%.",
        "In the U.S.",
        "The end.",
    ]


def test_a_short_words_dot_goes_on_before_a_word_all_in_lower_case() -> None:
    doc = parse(
        "r.md", "Sales fell 8% among Acme Inc. customers [3]. Costs est. ten. In 2020. mRNA rose.\n"
    )
    assert sentences(doc) == [
        "Sales fell 8% among Acme Inc. customers [3].",
        "Costs est. ten.",
        "In 2020.",  # a number before the dot, a gene's name after it: two sentences
        "mRNA rose.",
    ]


def test_dotted_initials_right_after_chinese_are_a_names() -> None:
    text = "美国插混销量达144万辆；J.D. Power预测纯电份额仅9.1%。据U.S. Steel公告增产。"
    doc = parse("r.md", text + "\n")
    assert sentences(doc) == [
        "美国插混销量达144万辆；J.D. Power预测纯电份额仅9.1%。",
        "据U.S. Steel公告增产。",
    ]
    # in English prose the initials may end a sentence, as before
    assert len(sentences(parse("r.md", "Made in the U.S. The next one.\n"))) == 2
