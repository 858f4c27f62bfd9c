"""`citelint fetch`'s options: lychee's names on top of `[fetch]`, checked as its keys are."""

from __future__ import annotations

import pytest

from citelint.commands.cli import main
from citelint.commands.fetch.options import build_fetch_parser
from tests.conftest import Writer


def test_lychee_s_names_are_read() -> None:
    args = build_fetch_parser().parse_args(
        ["--max-concurrency", "4", "--max-retries", "0", "--timeout", "9.5", "--exclude",
         "https://a.org/*", "--exclude", "https://b.org/*", "--accept", "403,404", "r.md"]
    )  # fmt: skip
    assert (args.max_concurrency, args.max_retries, args.timeout) == (4, 0, 9.5)
    assert (args.exclude, args.accept, args.paths) == (
        ["https://a.org/*", "https://b.org/*"],
        "403,404",
        ["r.md"],
    )


@pytest.mark.parametrize(
    ("flags", "error"),
    [
        (["--max-concurrency", "0"], "'--max-concurrency' must be a whole number from 1 to 256"),
        (["--max-retries", "11"], "'--max-retries' must be a whole number from 0 to 10"),
        (["--timeout", "0"], "'--timeout' must be seconds, over 0 and at most 3600"),
        (["--accept", "200"], "'--accept' must be a list of HTTP error statuses (400-599)"),
        (["--accept", "x"], "--accept x: HTTP statuses, as 403,404"),
        (
            ["--header", "Accept-Language en"],
            "--header 'Accept-Language en': a header as 'Name: value'",
        ),
        (
            ["--header", "Cookie: a=1"],
            "'--header Cookie': not sent — citelint writes it itself, or it is a credential, "
            "which would go to every host the reports cite",
        ),
    ],
)
def test_a_bad_value_is_one_line_naming_the_flag(
    flags: list[str],
    error: str,
    project: Writer,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    pytest.importorskip("urllib3")
    monkeypatch.chdir(project("r.md", "A claim ([a](https://example.org/x)).\n").parent)
    assert main(["fetch", "--dry-run", *flags, "r.md"]) == 2
    assert capsys.readouterr().err == f"citelint: error: {error}\n"
