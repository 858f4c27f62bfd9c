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
from collections.abc import Callable
from enum import Enum
from functools import cache

from citelint.outputs.result import FileResult


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
    return _decoder(kind)(raw)


Decoder = Callable[[object], object]


@cache
def _decoder(kind: object) -> Decoder:
    """A decoder for one declared type, built once (a warm run decodes thousands)."""
    if isinstance(kind, type) and dataclasses.is_dataclass(kind):
        return _dataclass_decoder(kind)
    origin = typing.get_origin(kind)
    if origin in (typing.Union, types.UnionType):
        return _union_decoder(tuple(_decoder(a) for a in typing.get_args(kind)))
    if origin is tuple:
        return _tuple_decoder(typing.get_args(kind))
    if isinstance(kind, type) and issubclass(kind, Enum):
        return _enum_decoder(kind)
    if kind is type(None) or kind in (str, bool, int):
        exact = type(None) if kind is type(None) else kind
        assert isinstance(exact, type)

        def scalar(raw: object) -> object:
            if type(raw) is not exact:
                raise MalformedEntryError(f"expected {exact.__name__}, got {type(raw).__name__}")
            return raw

        return scalar
    raise TypeError(f"no decoder for {kind}")  # a field type this codec does not know


def _dataclass_decoder(kind: type) -> Decoder:
    fields = _fields(kind)
    hints = typing.get_type_hints(kind)
    parts = [_decoder(hints[f.name]) for f in fields]

    def build(raw: object) -> object:
        if not isinstance(raw, list) or len(raw) != len(parts):
            raise MalformedEntryError(f"{kind.__name__}: expected {len(parts)} fields")
        return kind(*(part(r) for part, r in zip(parts, raw, strict=True)))

    return build


def _union_decoder(options: tuple[Decoder, ...]) -> Decoder:
    def either(raw: object) -> object:
        for option in options:
            try:
                return option(raw)
            except MalformedEntryError:
                continue
        raise MalformedEntryError("no type of the union fits")

    return either


def _tuple_decoder(args: tuple[object, ...]) -> Decoder:
    if len(args) == 2 and args[1] is Ellipsis:
        item = _decoder(args[0])

        def many(raw: object) -> object:
            if not isinstance(raw, list):
                raise MalformedEntryError("expected a list")
            return tuple(item(r) for r in raw)

        return many
    items = [_decoder(a) for a in args]

    def fixed(raw: object) -> object:
        if not isinstance(raw, list) or len(raw) != len(items):
            raise MalformedEntryError(f"expected a list of {len(items)}")
        return tuple(item(r) for item, r in zip(items, raw, strict=True))

    return fixed


def _enum_decoder(kind: type[Enum]) -> Decoder:
    def member(raw: object) -> object:
        try:
            return kind(raw)
        except ValueError as exc:
            raise MalformedEntryError(str(exc)) from None

    return member


@cache
def _fields(kind: type) -> tuple[dataclasses.Field[object], ...]:
    return tuple(f for f in dataclasses.fields(kind) if f.init)
