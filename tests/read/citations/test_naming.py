"""How citations and their targets are named in messages."""

from __future__ import annotations

from citelint.ground.document import Anchor, Reference
from citelint.read.citations.naming import describe, entry_for, show_id


def test_identifiers_are_shown_as_written() -> None:
    assert show_id("PMID", "123") == "PMID 123"
    assert show_id("NCT", "NCT01234567") == "NCT01234567"
    assert show_id("PMCID", "PMC9") == "PMC9" and show_id("arXiv", "2401.1") == "arXiv:2401.1"
    assert show_id("bioc", "PMC9") == "[bioc:PMC9]"


def test_an_entry_is_described_and_a_number_finds_its_sections_list() -> None:
    first = Reference(
        key="1", text="[1] Smith J. A trial. 2020.", start=10, end=20, title="A trial"
    )
    second = Reference(key="1", text="[1] Lee K. Another. 2021.", start=50, end=60)
    assert describe(first).startswith("reference [1] (") and "A trial" in describe(first)
    cite = Anchor("ref", "1", None, 30, 33, style="numbered")
    assert entry_for(cite, [first, second]) is second and entry_for(cite, [first]) is first
    assert entry_for(cite, []) is None
