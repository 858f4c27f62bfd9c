"""What a fetch says: the closing line and the JSON document, from the same records."""

from __future__ import annotations

import json

from citelint.commands.fetch.tally import Asked, Tally, as_json, closing_line, line, would_lines


def _tally() -> Tally:
    return Tally(
        asked=[
            Asked("sources", "PMID 1", "saved", "pubmed/1.xml"),
            Asked("sources", "PMID 2", "missing", "PubMed answered an empty set"),
            Asked("sources", "URL https://a.org/x", "failed", "HTTP 503\x1b[2J"),
            Asked("sources", "URL https://b.org/y", "accepted", "HTTP 403"),
        ],
        already=30,
        requests=5,
    )


def test_the_closing_line_names_config_outcomes_only_when_there_are_some() -> None:
    tally = _tally()
    assert closing_line(tally) == (
        "fetched 1, already saved 30, missing 1, failed 1, accepted 1 (5 requests)"
    )
    assert closing_line(Tally(requests=1)) == (
        "fetched 0, already saved 0, missing 0, failed 0 (1 request)"
    )
    assert tally.exit_code == 1 and Tally().exit_code == 0


def test_a_line_drops_a_servers_control_characters() -> None:
    assert line(_tally().asked[2]) == "failed: URL https://a.org/x: HTTP 503[2J"


def test_json_and_text_count_alike() -> None:
    tally = _tally()
    document = json.loads(as_json(tally))
    assert document["counts"] == {
        "saved": 1,
        "missing": 1,
        "failed": 1,
        "skipped": 0,
        "accepted": 1,
        "already_saved": 30,
    }
    assert [s["outcome"] for s in document["sources"]] == ["saved", "missing", "failed", "accepted"]
    assert document["exit_code"] == 1 and document["requests"] == 5


def test_a_dry_run_lists_what_it_would_ask() -> None:
    tally = Tally(dry_run=True, would=[Asked("reports/sources", "PMID 7", "pending", "")])
    assert would_lines(tally) == ["would fetch PMID 7 into reports/sources"]
    assert closing_line(tally) == "1 source(s) would be fetched"
    assert json.loads(as_json(tally))["sources"][0]["outcome"] == "pending"
