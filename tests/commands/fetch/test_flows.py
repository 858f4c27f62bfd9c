"""The flows' own verdicts on an answer: what is a failure, what is a registry's "no such
id" (the flows themselves run end to end against the replay server in test_run.py)."""

from __future__ import annotations

import pytest

from citelint.commands.fetch.flows import FLOWS, missing, ok
from citelint.commands.fetch.http import FetchError, Response
from citelint.sources.registries import REGISTRIES


def _answer(status: int, kind: str) -> Response:
    return Response("u", "u", status, kind, b"")


def test_every_identifier_a_registry_decides_has_one_flow() -> None:
    assert set(FLOWS) == {*REGISTRIES, "URL"}


def test_an_answer_is_ok_only_at_200_and_of_its_type() -> None:
    ok(_answer(200, "application/json"), ("application/json",))
    with pytest.raises(FetchError, match="HTTP 503"):
        ok(_answer(503, "application/json"), ("application/json",))
    with pytest.raises(FetchError, match="content type text/html, expected application/json"):
        ok(_answer(200, "text/html"), ("application/json",))


def test_missing_names_its_registry_and_keeps_the_status() -> None:
    found = missing("NCT", "NCT09999999", "HTTP 404, no such study", 404)
    assert found.outcome == "missing"
    assert found.detail == "ClinicalTrials.gov answered HTTP 404, no such study"
    assert found.record["status"] == 404
    other = missing("DOI", "10.9/x", "HTTP 404, no such DOI", 404, registry="doi.org")
    assert other.detail.startswith("doi.org answered")
