from __future__ import annotations

import html
import io
import json
import urllib.parse
from pathlib import Path

import pytest

from citelint.ground import redact, writes
from citelint.ground.redact import MASK, RedactedStream, Redactor

EMAIL = "me+lab@example.org"
KEY = "SECRETKEY123"


@pytest.mark.parametrize(
    "spelled",
    [
        EMAIL,
        EMAIL.upper(),
        urllib.parse.quote(EMAIL, safe=""),
        urllib.parse.quote(EMAIL, safe="").lower(),
        urllib.parse.quote(urllib.parse.quote(EMAIL, safe=""), safe=""),
        urllib.parse.quote_plus(EMAIL),
        json.dumps(EMAIL, ensure_ascii=True).replace("@", "\\u0040")[1:-1],
        html.escape(EMAIL).replace("@", "&#64;").replace("+", "&#x2B;"),
        "me&#0043;lab&#x00040;example.org",
    ],
)
def test_a_secret_is_masked_in_every_spelling(spelled: str) -> None:
    redactor = Redactor([EMAIL, KEY])
    assert redactor.text(f"asked ?email={spelled}&x=1") == f"asked ?email={MASK}&x=1"
    assert redactor.data(f"<{spelled}>".encode()) == f"<{MASK}>".encode()
    assert redactor.holds(spelled) and redactor.holds(spelled.encode())


def test_a_value_too_short_to_be_a_secret_is_left_alone() -> None:
    redactor = Redactor(["abc", ""])
    assert not redactor and redactor.text("abc abc") == "abc abc"
    assert list(redactor.stream([b"abc"])) == [b"abc"]


def test_a_secret_split_between_two_chunks_is_still_masked() -> None:
    redactor = Redactor([KEY])
    big = b"x" * (70 * 1024)
    for cut in range(len(KEY) + 1):
        chunks = [big + KEY[:cut].encode(), KEY[cut:].encode() + b"y", b"z" * 10]
        joined = b"".join(redactor.stream(chunks))
        assert joined == big + MASK.encode() + b"y" + b"z" * 10


def test_a_stream_holds_a_line_until_it_ends() -> None:
    inner = io.StringIO()
    stream = RedactedStream(inner, Redactor([KEY]))
    stream.write("key=SECRET")
    assert inner.getvalue() == ""
    stream.write("KEY123 sent\nnext")
    assert inner.getvalue() == "key=*** sent\n"
    stream.flush()
    assert inner.getvalue() == "key=*** sent\nnext" and not stream.isatty()


def test_the_process_secrets_follow_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in redact.SECRET_ENV:
        monkeypatch.delenv(name, raising=False)
    assert not redact.process()
    monkeypatch.setenv("CITELINT_JUDGE_API_KEY", KEY)
    assert redact.process().secrets == (KEY,)
    assert redact.from_env({"NCBI_EMAIL": EMAIL}).names == {EMAIL: "NCBI_EMAIL"}


def test_every_file_write_is_redacted_but_a_fix_of_the_users_own_report(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NCBI_EMAIL", EMAIL)
    out = tmp_path / "out.json"
    writes.write_atomic(str(out), [b'{"asked": "?email=me%2Blab%40example.org"}'])
    assert out.read_bytes() == b'{"asked": "?email=***"}'
    writes.append(str(tmp_path / "log"), [EMAIL.encode()])
    assert (tmp_path / "log").read_bytes() == MASK.encode()
    mine = tmp_path / "report.md"
    writes.write_atomic(str(mine), [f"Contact {EMAIL}.".encode()], redactor=redact.NONE)
    assert mine.read_text() == f"Contact {EMAIL}."
