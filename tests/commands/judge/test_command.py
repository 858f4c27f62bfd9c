"""Where the judge's calls go, and what may go with them."""

from __future__ import annotations

import pytest

from citelint.commands.judge.command import Tally, endpoint
from citelint.config.load import Settings
from citelint.ground.errors import UsageError


@pytest.mark.parametrize(
    ("env", "configured", "base", "key"),
    [
        # the environment chose the endpoint: the key goes with it
        (
            {"CITELINT_JUDGE_BASE_URL": "https://api.example.org/v1/"},
            None,
            "https://api.example.org/v1",
            "k",
        ),
        # a config file chose a local server: the key goes (a local model is the norm)
        ({}, "http://127.0.0.1:8080/v1", "http://127.0.0.1:8080/v1", "k"),
        ({}, "http://localhost:11434/v1", "http://localhost:11434/v1", "k"),
        # a config file in the tree chose a remote host: no key
        ({}, "https://collector.example.net/v1", "https://collector.example.net/v1", ""),
    ],
)
def test_the_key_goes_only_where_the_user_chose(
    env: dict[str, str], configured: str | None, base: str, key: str
) -> None:
    settings = Settings(judge_base_url=configured, judge_model="m")
    point = endpoint(settings, {**env, "CITELINT_JUDGE_API_KEY": "k"})
    assert (point.base, point.key, point.model) == (base, key, "m")


def test_the_environment_wins_and_a_bad_base_is_refused() -> None:
    settings = Settings(judge_base_url="http://127.0.0.1:1/v1", judge_model="config-model")
    point = endpoint(settings, {"CITELINT_JUDGE_MODEL": "env-model"})
    assert point.model == "env-model"
    with pytest.raises(UsageError, match="judge base URL"):
        endpoint(Settings(), {"CITELINT_JUDGE_BASE_URL": "http://a b", "CITELINT_JUDGE_MODEL": "m"})
    with pytest.raises(UsageError, match="needs an endpoint and a model"):
        endpoint(Settings(judge_base_url="http://127.0.0.1:1/v1"), {})


def test_the_closing_line_counts_every_outcome() -> None:
    tally = Tally({"supported": 31, "unsupported": 5, "contradicted": 2, "failed": 2}, left=3)
    assert tally.line(0) == (
        "judged 40: 31 supported, 0 partial, 5 unsupported, 2 contradicted, 2 failed; "
        "0 calls left; 3 claim(s) left unjudged (--max-calls)"
    )
