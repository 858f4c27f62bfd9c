"""Raw blocks: what a parser hands the builder, with a report offset per character."""

from __future__ import annotations

from array import array

from citelint.read.parse.raw import ParseOutput, RawBlock


def test_a_raw_block_starts_with_no_links_breaks_or_superscripts() -> None:
    block = RawBlock("p", "Rate 5%.", array("l", range(8)))
    other = RawBlock("p", "Rate 6%.", array("l", range(8)))
    block.links.append((0, 4, "https://example.org"))
    assert other.links == [] and other.sups == [] and other.hard_breaks == []  # not shared
    assert ParseOutput().blocks == [] and ParseOutput().blocks is not ParseOutput().blocks


def test_a_bold_labels_tail_is_a_colon_or_a_gloss_and_a_colon() -> None:
    from citelint.read.parse.raw import label_tail

    for tail in ("", ":", " ：", " (2026 meta-analysis of RCTs):", "（2024年）："):
        assert label_tail(tail), tail
    for tail in (" (2026)", " and more:", ": 56 qubits", " (a) (b):", " (x):\n more"):
        assert not label_tail(tail), tail
