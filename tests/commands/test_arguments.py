"""The command line's options: the parser gives one-line usage errors and knows --isolated."""

from __future__ import annotations

import pytest

from citelint.commands.arguments import build_parser
from citelint.ground.errors import UsageError


def test_isolated_and_config_parse_together() -> None:
    args = build_parser().parse_args(["--isolated", "--config", "base.toml", "reports"])
    assert args.isolated is True and args.config == "base.toml" and args.paths == ["reports"]
    assert build_parser().parse_args([]).isolated is False


def test_an_unknown_option_is_a_one_line_usage_error() -> None:
    with pytest.raises(UsageError, match="unrecognized arguments: --nope"):
        build_parser().parse_args(["--nope"])
