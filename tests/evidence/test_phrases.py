"""Phrase matching: CJK folded for width, case and spacing; Latin word by word."""

from __future__ import annotations

from citelint.evidence.phrases import PhraseMatcher
from citelint.read.parse import Parser


def _hits(text: str, *phrases: str) -> list[tuple[str, str]]:
    doc = Parser().parse("r.md", text.encode())
    matcher = PhraseMatcher(phrases)
    return [(h.phrase, doc.text[h.start : h.end]) for b in doc.blocks for h in matcher.find(b)]


def test_cjk_phrases_ignore_width_case_and_spaces() -> None:
    assert _hits("数据待 Worker 继续补充。\n", "待worker") == [("待worker", "待 Worker")]
    assert _hits("ＴＯＤＯ：占位 符。\n", "占位符") == [("占位符", "占位 符")]


def test_latin_phrases_need_word_boundaries_and_keep_capitals() -> None:
    assert _hits("A placeholder here.\n", "placeholder") == [("placeholder", "placeholder")]
    assert _hits("Placeholders are fine.\n", "placeholder") == []
    assert _hits("TODO: finish.\n", "TODO") == [("TODO", "TODO")]
    assert _hits("A to-do list.\n", "TODO") == []
    assert _hits("lorem   ipsum\n", "lorem ipsum") == [("lorem ipsum", "lorem   ipsum")]


def test_a_phrase_inside_a_word_passes_the_quick_test_and_is_still_no_hit() -> None:
    """The one search for any phrase leaves out the opening edge (it is a quick test);
    each phrase's own pattern keeps it: `un-placeholder` and `xplaceholder` are no hits,
    beside one that is."""
    text = "An xplaceholder, an AI-placeholder and a placeholder.\n"
    assert PhraseMatcher(("placeholder",)).any_latin.search("xplaceholder")
    assert _hits(text, "placeholder") == [("placeholder", "placeholder")]
    assert _hits("An xplaceholder.\n", "placeholder") == []
