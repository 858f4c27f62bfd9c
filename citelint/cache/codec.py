"""A file's result as JSON and back, every field checked against its declared type.

A cache entry is written by citelint but read from a folder someone else could have
written to: decoding accepts only values of exactly the declared shape (a dataclass as a
list of its fields in order, a tuple as a list, an enum as its value) and raises
`MalformedEntryError` for anything else, which the cache treats as a miss.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from enum import Enum
from functools import cache

from citelint.result import FileResult


class MalformedEntryError(ValueError):
    """The JSON does not have the shape of the type asked for."""


def encode(value: object) -> object:
    """A JSON-ready value: dataclasses as lists of their fields, tuples as lists."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return [encode(getattr(value, f.name)) for f in _fields(type(value))]
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple):
        return [encode(v) for v in value]
    return value


def decode_result(raw: object) -> FileResult:
    result = decode(FileResult, raw)
    assert isinstance(result, FileResult)
    return result


def decode(kind: object, raw: object) -> object:
    """`raw` read back as a value of `kind`; `MalformedEntryError` when it is not one."""
    if isinstance(kind, type) and dataclasses.is_dataclass(kind):
        fields = _fields(kind)
        if not isinstance(raw, list) or len(raw) != len(fields):
            raise MalformedEntryError(f"{kind.__name__}: expected {len(fields)} fields")
        hints = _hints(kind)
        return kind(*(decode(hints[f.name], r) for f, r in zip(fields, raw, strict=True)))
    origin = typing.get_origin(kind)
    if origin in (typing.Union, types.UnionType):
        return _decode_union(typing.get_args(kind), raw)
    if origin is tuple:
        return _decode_tuple(typing.get_args(kind), raw)
    if isinstance(kind, type) and issubclass(kind, Enum):
        try:
            return kind(raw)
        except ValueError as exc:
            raise MalformedEntryError(str(exc)) from None
    if kind is type(None) and raw is None:
        return None
    if kind in (str, bool) and type(raw) is kind:
        return raw
    if kind is int and type(raw) is int:
        return raw
    raise MalformedEntryError(f"expected {kind}, got {type(raw).__name__}")


def _decode_union(options: tuple[object, ...], raw: object) -> object:
    for option in options:
        try:
            return decode(option, raw)
        except MalformedEntryError:
            continue
    raise MalformedEntryError(f"no type of {options} fits")


def _decode_tuple(args: tuple[object, ...], raw: object) -> tuple[object, ...]:
    if not isinstance(raw, list):
        raise MalformedEntryError("expected a list")
    if len(args) == 2 and args[1] is Ellipsis:
        return tuple(decode(args[0], r) for r in raw)
    if len(args) != len(raw):
        raise MalformedEntryError(f"expected {len(args)} items")
    return tuple(decode(a, r) for a, r in zip(args, raw, strict=True))


@cache
def _fields(kind: type) -> tuple[dataclasses.Field[object], ...]:
    return tuple(f for f in dataclasses.fields(kind) if f.init)


@cache
def _hints(kind: type) -> dict[str, object]:
    return typing.get_type_hints(kind)
