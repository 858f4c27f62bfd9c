"""Sentences tied to a cited neighbour share its citations; anchors are never shared."""

from __future__ import annotations

from tests.read.parse.conftest import cited as _cited


def test_a_demonstrative_early_in_the_next_sentence_ties_it() -> None:
    text = (
        "Ozuriftamab vedotin is an ADC targeting ROR2. In mid-2024, the FDA granted this agent "
        "Fast Track designation [1]. Rates were 5% [2]."
    )
    assert _cited(text) == [(["[1]"], True), (["[1]"], False), (["[2]"], False)]


def test_a_name_the_next_sentence_opens_with_ties_it() -> None:
    text = (
        "A notable example is petosemtamab, a bispecific antibody. Petosemtamab is designed to "
        "inhibit EGFR [1]. Other work used 5 mg [2]."
    )
    assert _cited(text)[0] == (["[1]"], True)


def test_the_and_a_noun_the_sentence_before_holds_ties_it() -> None:
    text = (
        "Dane County Regional Airport handled 2.35 million passengers. The airport generated "
        "$2.6 billion in sales [1]. Later 5 mg [2]."
    )
    assert _cited(text)[0] == (["[1]"], True)
    trials = "The trials enrolled 322 patients. The trial reported 4.8 months [1]. Later [2]."
    assert _cited(trials)[0] == (["[1]"], True)  # the noun's plural in the one before
    for after in ("The airport", "The same airport", "The first report"):
        text = f"METRIC enrolled 322 patients. {after} reported 4.8 months [1]. Later 5 mg [2]."
        assert _cited(text)[0] == ([], False), after  # not held, or a word that ranks


def test_the_and_a_noun_phrase_the_cited_sentence_before_holds_goes_on_about_it() -> None:
    text = (
        "The roadmap keeps nanosheets for three generations, with a comb-gate architecture "
        "bridging the gap [1]. The outer-wall comb-gate architecture cuts cell area by 18%. "
        "Other cells use 6 transistors [2]."
    )
    assert _cited(text)[1] == (["[1]"], True)
    other = (
        "The roadmap keeps nanosheets for three generations [1]. The market grew 20%. "
        "Other cells use 6 transistors [2]."
    )
    assert _cited(other)[1] == ([], False)  # a noun phrase the cited sentence does not hold


def test_no_tie_no_sharing() -> None:
    text = "Cetuximab was approved in 2006. Rates were 5% in most trials [1]. Later 5 mg [2]."
    assert _cited(text)[0] == ([], False)  # `Rates` names nothing the first one holds
    year = "Cetuximab was approved. In this year rates were 5% [1]. Later 5 mg [2]."
    assert _cited(year)[0] == ([], False)  # `this year` points back at nothing


def test_the_run_before_a_citation_that_continues_its_subject_borrows_it() -> None:
    text = (
        "Rates were 5% [2]. The farnesyltransferase inhibitor tipifarnib blocks HRAS signalling "
        "in 40% of tumours. The AIM-HN trial enrolled 59 patients. In AIM-HN, tipifarnib "
        "achieved disease control in 100% [1]."
    )
    assert _cited(text) == [
        (["[2]"], False),
        (["[1]"], True),  # HRAS and tipifarnib: the run's subject, back to the [2] sentence
        (["[1]"], True),
        (["[1]"], False),
    ]


def test_a_sentence_that_names_nothing_of_the_run_ends_it() -> None:
    text = (
        "Cetuximab was approved in 2006 [2]. Despite treatment, 5-year survival remains 65%. "
        "The KEYNOTE-048 trial established pembrolizumab plus chemotherapy in 2019 [1]."
    )
    assert _cited(text)[1] == ([], False)
    first_words = "Rates were 5% [2]. Survival was 65% in 2020. Survival rose to 70% [1]."
    assert _cited(first_words)[1] == ([], False)  # a sentence's first word names nothing


def test_a_paragraph_that_opens_by_pointing_back_borrows_the_last_citation() -> None:
    from citelint.read.parse import Parser

    text = (
        "> 73% of the middle class is at the margin. ([Li 2021](https://example.org/li))\n\n"
        "这意味着，约有3/4的中产阶级成员处于脆弱区。\n\nThe next point is 40% of households.\n"
    )
    doc = Parser().parse("r.md", text.encode())
    assert [(s.text[:12], s.borrowed) for s in doc.sentences] == [
        ("73% of the m", False),
        ("这意味着，约有3/4的中", True),
        ("The next poi", False),  # opens with no pointer: its own claim
    ]


def test_a_chinese_back_reference_after_a_preposition_ties_it() -> None:
    text = "一项案例研究考察了4名学生的课堂参与[1]。在该研究中，参与度从5%提升至60%。其他学校为5 mg[2]。"
    assert _cited(text)[1] == (["[1]"], True)
    unrelated = (
        "一项案例研究考察了4名学生的课堂参与[1]。在2023年，参与度从5%提升至60%。其他为5 mg[2]。"
    )
    assert _cited(unrelated)[1] == ([], False)  # no demonstrative; `其他` ("other") neither


def test_a_paragraph_pointing_back_among_its_first_words_borrows_the_last_citation() -> None:
    cited = "Every 1,000 passengers are associated with 0.954 direct jobs. [1]\n\n"
    for opening in (
        "Using this metric, an airport with 500,000 passengers would support 477 jobs.",
        "For an airport with 500,000 passengers, this would translate to 477 jobs.",
        "Extrapolating from this data, 500,000 passengers would support 477 jobs.",
    ):
        assert _cited(cited + opening + "\n")[1] == (["[1]"], True)
    unrelated = "In 2023, an airport with 500,000 passengers supported 477 jobs.\n"
    assert _cited(cited + unrelated)[1] == ([], False)


def test_a_sentence_points_back_at_a_noun_of_the_sentence_before() -> None:
    from citelint.read.parse.ties import points_back_at

    before = "It works by sharing the read path current with the main body current."
    assert points_back_at("The current sharing mechanism acts as feedback.", before)
    assert points_back_at("This design halves leakage.", before)
    assert not points_back_at("The current market grows.", before)  # `current`: no noun
    assert not points_back_at("A new design halves leakage.", before)


def test_a_definite_noun_between_two_sentences_of_one_subject_joins_the_run() -> None:
    """`The app had …` names nothing of the run, but the sentence before it names its
    subject again: both join; a definite noun with nothing of the subject before it does
    not."""
    text = (
        "Editors like it [1]. By 2024, Vidly had passed 1 billion downloads. The app had 6.2 million "
        "downloads in a month. After $100 million in spending, Vidly is adding business tools [2].\n"
    )
    assert _cited(text) == [(["[1]"], False), (["[2]"], True), (["[2]"], True), (["[2]"], False)]
    other = text.replace("Vidly had passed", "phones had passed")
    assert _cited(other)[1:3] == [([], False), ([], False)]


def test_a_measure_stated_before_a_cited_one_in_the_same_unit_joins_its_run() -> None:
    text = (
        "The survey reached 550,000 km [2]. Until recently, monitoring stopped near "
        "geostationary range (about 36,000 km). New missions extend the reach to 450,000 km, "
        "a tenfold increase in range [1]."
    )
    assert _cited(text) == [(["[2]"], False), (["[1]"], True), (["[1]"], False)]
    # a multiple is a comparison, not a unit; another unit is another measure
    assert _cited("Output fell 20% [2]. Costs were cut threefold. Sales rose 1,000-fold [1].")[
        1
    ] == ([], False)
    assert _cited("Rates were 5% [2]. The dish is 40 m wide. The array spans 3 km [1].")[1] == (
        [],
        False,
    )
    # one unit, two things measured: a missile's penetration is no calibre's baseline
    two = (
        "Rates were 5% [2]. A light missile can penetrate up to 560 mm of steel armor. The "
        "launcher guides ammunition such as the APR 155 mm and APR 120 mm [1]."
    )
    assert _cited(two)[1] == ([], False)
    # …and in Chinese the thing measured is named by its characters: `接触`, `极限`
    han = (
        "速率为5% [2]。理论量子极限接触电阻约为 26 Ω·μm。目前最佳结果（Bi 接触 123 Ω·μm）"
        "已接近此极限 [1]。"
    )
    assert _cited(han)[1] == (["[1]"], True)


def test_a_sentence_going_on_with_the_cited_study_borrows_its_citation() -> None:
    named = (
        "MonoTrack overcame this by joining court and poses, reaching 86% [1]. "
        "MonoTrack also demonstrated 5 cm error on 12 rallies.\n"
    )
    assert _cited(named)[1] == (["[1]"], True)  # its name again, and what it also found
    restated = (
        "The network achieves 90% accuracy on one dataset [1]. However, even with 90% "
        "accuracy, errors occur for 20% of shots.\n"
    )
    assert _cited(restated)[1] == (["[1]"], True)  # a connective and the cited figure again
    # a name alone, saying something of its own, is a claim of its own
    own = "CoQ10 lowered pressure by 11 mmHg [1]. CoQ10 supplementation (100 mg/day) is safe.\n"
    assert _cited(own)[1] == ([], False)
    # a connective with a new figure only is a claim of its own too
    fresh = "The network achieves 90% accuracy [1]. However, 20% of shots fail.\n"
    assert _cited(fresh)[1] == ([], False)
