"""JSON sources: ClinicalTrials.gov, AACT, Europe PMC."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from citelint.sources.model import FailureKind, Span
from tests.sources.conftest import failure, span


def test_ctgov_aliases_against_real_record(real: Path) -> None:
    results = span(real, "nct", "NCT02513394", "results")
    assert results.structured and results.pointer == "/resultsSection"
    values = {f.value for f in results.fields}
    assert {"0.96", "0.81", "1.14"} <= values
    assert "Inclusion Criteria" in span(real, "nct", "NCT02513394", "eligibility").text
    design = span(real, "nct", "NCT02513394", "design")
    assert any(f.key == "count" for f in design.fields)
    dotted = span(real, "nct", "NCT02513394", "protocolSection.designModule.enrollmentInfo")
    assert dotted.pointer == "/protocolSection/designModule/enrollmentInfo"
    assert "NCT02513394" in results.ids
    for alias in (
        "outcomes",
        "adverse-events",
        "baseline",
        "arms",
        "conditions",
        "description",
        "status",
        "sponsor",
    ):
        assert span(real, "nct", "NCT02513394", alias).pointer


def test_ctgov_wrapper_and_missing_results(real: Path) -> None:
    assert span(real, "nct", "NCT06388018", "eligibility").text
    f = failure(real, "nct", "NCT06388018", "results")
    assert f.kind is FailureKind.NO_LOCATOR and "resultsSection" in f.message


def test_ctgov_id_mismatch(real: Path) -> None:
    f = failure(real, "nct", "NCT99999999", "design")
    assert f.kind is FailureKind.UNREADABLE and "not NCT99999999" in f.message


def test_aact_models(real: Path) -> None:
    assert "NON_RANDOMIZED" in span(real, "aact", "NCT06388018", "designs").text
    assert "NON_RANDOMIZED" in span(real, "aact", "NCT06388018", "Design").text
    assert failure(real, "aact", "NCT06388018", "nope").kind is FailureKind.NO_LOCATOR


def test_europepmc_records(real: Path) -> None:
    assert "BRCA1" in span(real, "europepmc", "20516115", "title").text
    f = failure(real, "europepmc", "core")
    assert f.kind is FailureKind.UNREADABLE and "holds 0 records" in f.message


def test_a_measurement_carries_the_title_of_its_result_group() -> None:
    from citelint.sources.loaders.structured import flatten

    outcome = {
        "title": "BMI",
        "groups": [
            {"id": "OG000", "title": "1 Placebo"},
            {"id": "OG001", "title": "2. Repaglinide"},
        ],
        "classes": [
            {
                "categories": [
                    {
                        "measurements": [
                            {"groupId": "OG000", "value": "19.63"},
                            {"groupId": "OG001", "value": "21.19"},
                        ]
                    }
                ]
            }
        ],
    }
    fields = flatten(outcome).fields
    assert [(f.value, f.group) for f in fields] == [
        ("19.63", "1 Placebo"),
        ("21.19", "2. Repaglinide"),
    ]


def test_a_measurement_shares_the_context_of_the_measure_it_belongs_to() -> None:
    """A measurement's own strings are its ids: its fields read the measure's words, and
    hold the one folded copy of them its siblings hold (a copy each was a third of a
    hinted run's memory)."""
    from citelint.sources.loaders.structured import flatten

    outcome = {
        "title": "Overall Survival",
        "unitOfMeasure": "Months",
        "measurements": [
            {"groupId": "OG000", "value": "19.6"},
            {"groupId": "OG001", "value": "21.2"},
        ],
        "denoms": [{"units": "Participants", "counts": [{"groupId": "OG000", "value": "88"}]}],
    }
    first, second, count = flatten(outcome).fields
    assert first.context == "overall survival months "
    assert first.context is second.context
    assert count.context == "participants overall survival months "


def test_an_alias_and_its_key_are_one_node_flattened_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`results` and `resultsSection` name one node: its text and fields are read once
    and both spans hold them; a node of its own is read again."""
    from citelint.sources.loaders import structured

    calls: list[object] = []
    real_flatten = structured.flatten

    def counted(node: object, **kw: Any) -> structured.Flat:
        calls.append(node)
        return real_flatten(node, **kw)

    monkeypatch.setattr(structured, "flatten", counted)
    record = {
        "protocolSection": {"identificationModule": {"nctId": "NCT00000001"}},
        "resultsSection": {"outcomeMeasuresModule": {"title": "ORR", "value": "36"}},
    }
    source = structured.JsonSource("t.json", record, structured.CTGOV_ALIASES)
    by_alias, by_key = source.resolve("results"), source.resolve("resultsSection")
    outcomes = source.resolve("outcomes")
    assert isinstance(by_alias, Span) and isinstance(by_key, Span)
    assert isinstance(outcomes, Span)
    assert by_alias.text == "ORR" and by_alias.text is by_key.text
    assert by_alias.fields is by_key.fields and [f.value for f in by_key.fields] == ["36"]
    assert (by_alias.pointer, by_key.pointer) == ("/resultsSection", "/resultsSection")
    section = record["resultsSection"]
    # the section once (its module inside it), the module as its own place once
    assert [c is section for c in calls] == [True, False, False]


def test_a_trial_saved_under_an_alias_id_is_the_study_it_names(tmp_path: Path) -> None:
    """ClinicalTrials.gov answers an alias (a merged duplicate registration) with the study
    that lists it in `nctIdAliases`; fetch saves it under the id asked."""
    import json

    from citelint.sources.loaders.structured import load_ctgov
    from citelint.sources.model import SourceError

    study = {
        "protocolSection": {
            "identificationModule": {
                "nctId": "NCT00000102",
                "nctIdAliases": ["NCT00000999"],
                "briefTitle": "Congenital adrenal hyperplasia in 42 children",
            }
        }
    }
    data = json.dumps(study).encode()
    record = load_ctgov("t.json", data, "NCT00000999")
    assert {"NCT00000999", "NCT00000102"} <= record.ids
    with pytest.raises(SourceError, match="not NCT00000555"):  # no alias it lists
        load_ctgov("t.json", data, "NCT00000555")
