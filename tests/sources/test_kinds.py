"""Source kinds: one declaration per anchor type, and what is derived from the registry."""

from __future__ import annotations

from citelint.sources.kinds import (
    ALL_KINDS,
    BUILTIN_TYPES,
    DEFAULT_CHANNELS,
    FORMAT_LOADERS,
    KINDS_BY_NAME,
    LOCATOR_OPTIONAL,
    custom_kind,
)


def test_the_registry_derives_types_channels_and_optional_locators() -> None:
    assert tuple(k.name for k in ALL_KINDS) == BUILTIN_TYPES
    assert len(set(BUILTIN_TYPES)) == len(BUILTIN_TYPES)
    assert DEFAULT_CHANNELS == ("clinical_trials", "pubtator")
    assert LOCATOR_OPTIONAL == ("web", "nmpa-page")
    assert KINDS_BY_NAME["aact"].channel == KINDS_BY_NAME["nct"].channel


def test_loaders_by_ending_fall_back_to_the_format() -> None:
    pmid, guideline = KINDS_BY_NAME["pmid"], KINDS_BY_NAME["guideline"]
    assert pmid.loader("xml") is not FORMAT_LOADERS["json"]
    assert guideline.loader("pdf") is FORMAT_LOADERS["pdf"]
    assert guideline.loader("txt") is guideline.loader("md")  # the text loader


def test_custom_kinds_are_their_own_channel() -> None:
    patent = custom_kind("patent", ("patents",), ("json",))
    assert (patent.channel, patent.dirs, patent.fallback) == ("patent", ("patents",), None)


def test_kinds_declare_the_identifiers_that_name_their_records() -> None:
    identified = {name: k.identifies for name, k in KINDS_BY_NAME.items() if k.identifies}
    assert identified == {
        "pmid": ("PMID",),
        "crossref": ("DOI",),
        "doi": ("DOI",),
        "arxiv": ("arXiv",),
        "nct": ("NCT",),
        "aact": ("NCT",),
        "europepmc": ("PMCID",),
        "bioc": ("PMCID",),
    }
    assert [k.name for k in ALL_KINDS if k.web_pages] == ["web"]
    # a DOI names no file: its Crossref record is saved under a hash of it
    crossref = KINDS_BY_NAME["crossref"]
    assert crossref.file_id is not None
    assert crossref.file_id("10.1056/NEJMoa1203421") == crossref.file_id("10.1056/nejmoa1203421")
    assert "/" not in crossref.file_id("10.1056/x/y")
