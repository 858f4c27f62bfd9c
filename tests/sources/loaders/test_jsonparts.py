from __future__ import annotations

import pytest

from citelint.sources.loaders.jsonparts import dig, items, obj, parse_json, pointer
from citelint.sources.model import SourceError


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b'{"a": 1}\x00', "is a binary file (NUL bytes found), not JSON"),
        (b'{"a": "\xff"}', "is not valid UTF-8 (offset 7)"),
        (b'{"a": }', "is not valid JSON (Expecting value at line 1 column 7)"),
        (b"[" * 100_000, "is JSON nested too deeply to read"),
        (b"1" * 5000, "is not readable JSON (Exceeds the limit"),
    ],
)
def test_bad_json_is_a_one_line_error(data: bytes, message: str) -> None:
    with pytest.raises(SourceError) as caught:
        parse_json(data)
    assert str(caught.value).startswith(message)
    assert "\n" not in str(caught.value)


def test_a_byte_order_mark_is_read_past() -> None:
    assert parse_json('\ufeff{"a": [1]}'.encode()) == {"a": [1]}


def test_dig_follows_objects_and_arrays_and_trusts_no_shape() -> None:
    record = {"a": {"b": [{"c": 1}, {"c": 2}]}, "n": 3}
    assert dig(record, "a.b.1.c") == (True, 2)
    assert dig(record, "a.b.2.c") == (False, None)
    assert dig(record, "n.x") == (False, None)
    assert dig(record, "a.b.9999999999") == (False, None)  # past any list, not a huge int
    assert dig(record, "a.b.-1") == (False, None)


def test_pointer_escapes_its_parts() -> None:
    assert pointer("resultsSection.outcomeMeasuresModule") == (
        "/resultsSection/outcomeMeasuresModule"
    )
    assert pointer("a~b.c/d") == "/a~0b/c~1d"


def test_shapes_are_never_trusted() -> None:
    assert obj([1]) == {} and obj({"a": 1}) == {"a": 1}
    assert items({"a": 1}) == [] and items([1]) == [1]
