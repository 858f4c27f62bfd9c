"""Drug mentions from naming suffixes and stems, with brands."""

from __future__ import annotations

import pytest

from citelint.ground.tokens import (
    DrugGrammar,
)

G = DrugGrammar()


@pytest.mark.parametrize(
    ("text", "drugs"),
    [
        ("首选伏立康唑", [("伏立康唑", ())]),
        # verbs, particles, demonstratives and measure words are not part of a name
        ("已将奥希替尼纳入医保", [("奥希替尼", ())]),
        ("患者接受了恩沙替尼治疗", [("恩沙替尼", ())]),
        ("批准信迪利单抗上市", [("信迪利单抗", ())]),
        ("这款替雷利珠单抗", [("替雷利珠单抗", ())]),
        ("同时使用两种替尼", []),  # a measure word leaves only the suffix: a class
        ("可比司他", [("可比司他", ())]),  # `比` is no stop: names hold it
        ("推荐达拉非尼（泰菲乐）联合曲美替尼", [("达拉非尼", ("泰菲乐",)), ("曲美替尼", ())]),
        # a target named after a drug is not a mention of the drug
        ("the mammalian target of rapamycin (mTOR) pathway", []),
        ("rapamycin inhibits mTOR", [("rapamycin", ())]),
        ("推荐头孢曲松治疗", [("头孢曲松", ())]),
        ("奥希替尼（泰瑞沙）", [("奥希替尼", ("泰瑞沙",))]),
        ("奥希替尼(商品名：泰瑞沙)", [("奥希替尼", ("泰瑞沙",))]),
        (
            "帕博利珠单抗和纳武利尤单抗(Keytruda, Opdivo)",
            [("帕博利珠单抗", ("Keytruda",)), ("纳武利尤单抗", ("Opdivo",))],
        ),
        (
            "trametinib (Mekinist) and pembrolizumab",
            [("trametinib", ("Mekinist",)), ("pembrolizumab", ())],
        ),
        ("Trametinibs were given", [("Trametinib", ())]),
        ("cisplatin (75 mg/m2)", [("cisplatin", ())]),
        ("ALK-TKI", []),
        ("EGFR-TKI类药物", []),
        ("PD-1 单抗", []),
        ("statin therapy", []),
        ("他汀类药物", []),
        ("单抗", []),
        # a later suffix that reaches back over an earlier one makes one longer name
        ("度普利尤单抗每周300 mg", [("度普利尤单抗", ())]),
        ("卡托普利治疗", [("卡托普利", ())]),
    ],
)
def test_drug_mentions(text: str, drugs: list[tuple[str, tuple[str, ...]]]) -> None:
    assert [(d.name, d.brands) for d in G.mentions(text)] == drugs


@pytest.mark.parametrize(
    ("text", "name", "glosses"),
    [
        ("曲美替尼（trametinib）组", "曲美替尼", ("trametinib",)),
        ("trametinib (曲美替尼) was given", "trametinib", ("曲美替尼",)),
        ("度普利尤单抗 ( dupilumab ) 每周", "度普利尤单抗", ("dupilumab",)),
    ],
)
def test_a_name_in_the_other_script_is_a_gloss_not_a_second_drug(
    text: str, name: str, glosses: tuple[str, ...]
) -> None:
    (drug,) = G.mentions(text)
    assert (drug.name, drug.glosses, drug.brands) == (name, glosses, ())


def test_two_drugs_in_one_script_are_not_glosses() -> None:
    drugs = G.mentions("trametinib (dabrafenib) was given")
    assert [(d.name, d.glosses) for d in drugs] == [("trametinib", ()), ("dabrafenib", ())]
