"""A paragraph about one study it cites once: the study's sentences share the citation."""

from __future__ import annotations

from tests.read.parse.conftest import cited as _cited
from tests.read.parse.conftest import parse


def test_a_paragraph_about_one_study_it_cites_once_is_that_studys_run() -> None:
    text = (
        "A Bayesian meta-analysis of 56 samples found a small effect (g = 0.16). "
        "Critically, tailored interventions exceed g = 0.3 [1]. "
        "However, 82% of the studies were at high risk of bias. "
        "Magnesium lowers pressure by 2 mmHg.\n"
    )
    assert [c for c in _cited(text)[:4]] == [
        (["[1]"], True),  # the study's introduction
        (["[1]"], False),
        (["[1]"], True),  # goes on with a connective
        ([], False),  # a subject of its own: the run ends
    ]
    two = "A trial enrolled 40 adults. A cohort of 90 followed them [1]. The mean age was 60.\n"
    assert [b for _, b in _cited(two)[:3]] == [False, False, False]  # two studies: neither


def test_a_trial_named_with_its_acronym_opens_its_run() -> None:
    text = (
        "The idea culminated in the Trial to Assess Chelation Therapy (TACT), which "
        "randomized 1,708 patients. Overall, chelation helped a little. The largest effect "
        "was in 633 diabetic patients: a 41% decrease [1]. Analysis of that subgroup "
        "showed 25% vs. 38%.\n"
    )
    assert _cited(text)[:4] == [
        (["[1]"], True),  # named with its acronym: the trial's introduction
        (["[1]"], True),
        (["[1]"], False),
        ([], False),  # after the citation, a subject of its own
    ]
    # a lower-case `trial (RCT)` names no trial; a bracket that is no short name opens nothing
    plain = "A meta-analysis reported 30% [2]. One trial (RCT) enrolled 90. Rates fell 5% [1].\n"
    assert _cited(plain)[1] == ([], False)


def test_a_trial_called_by_its_short_name_opens_its_run() -> None:
    text = (
        "The HARBOR2 trial—a randomized study of dockworkers—tested a night rota. "
        "The rota did not cut injuries after 5 years (41 vs. 40 cases). "
        "However, it cut sick days (12 vs. 19) [1]. "
        "Rotas may matter beyond injuries.\n"
    )
    assert [b for _, b in _cited(text)[:4]] == [True, True, False, False]


def test_the_sentences_between_a_work_named_as_subject_and_its_citation_again_borrow_it() -> None:
    text = (
        "Kruger and Dunning (1999) surveyed 65 students. The effect was modest (r = 0.26). "
        "Trust did not moderate it. They concluded it was marginal (Kruger & Dunning, 1999)."
    )
    refs = "\n\n## References\n\n1. Kruger, J., & Dunning, D. (1999). Unskilled and unaware.\n"
    doc = parse("r.md", text + refs)
    body = [s for s in doc.sentences if not s.block.appendix]
    assert [([a.id for a in s.anchors], s.borrowed) for s in body] == [
        (["1"], False),
        (["1"], True),  # between the work named as the subject and its citation again
        (["1"], True),
        (["1"], False),
    ]
    ended = (
        "Trametinib was studied in BRAF V600 melanoma [1]. Overall survival at 6 months was "
        "81%. Trametinib improved survival to 4.8 months [1]."
    )
    assert _cited(ended)[1] == ([], False)  # cited at its end: a claim, not the subject
