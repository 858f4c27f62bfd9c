"""Config values are typed or refused with the key named."""

from __future__ import annotations

import pytest

from citelint.config.checks import (
    check_bool,
    check_choice,
    check_codes,
    check_globs,
    check_int,
    check_sarif_cap,
    check_strings,
)
from citelint.ground.errors import ConfigError


def test_each_check_gives_the_typed_value() -> None:
    assert check_strings(["a", "b"], "k") == ("a", "b")
    assert check_codes(["CL001,CL1"], "select") == ("CL001", "CL1")
    assert check_int(3, "k") == 3 and check_bool(True, "k") is True
    assert check_choice("a", "b")("b", "k") == "b"
    assert check_globs(["docs/**"], "exclude") == ("docs/**",)


@pytest.mark.parametrize(
    ("check", "value", "says"),
    [
        (check_int, True, "'k' must be a whole number"),
        (check_int, -1, "'k' must be a whole number"),
        (check_bool, "yes", "'k' must be true or false"),
        (check_sarif_cap, 30_000, "at most 25000"),
        (check_globs, ["../x"], "relative to the project root"),
        (check_codes, ["XX1"], "k"),
    ],
)
def test_a_wrong_value_names_its_key(check: object, value: object, says: str) -> None:
    assert callable(check)
    with pytest.raises(ConfigError, match=says.replace("(", r"\(")):
        check(value, "k")
