"""What a kept result is keyed by besides the report: the settings written as text that is
the same in every process (`stable`: no addresses, sets in order), and citelint's own code
with its parsers' versions (`code_version`): new code never serves an old result."""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import hashlib
import os
import re
from collections.abc import Mapping
from enum import Enum
from functools import cache
from importlib import metadata

import citelint

_PARSERS = ("lxml", "pypdf", "pyromark")

_ADDRESS = re.compile(r" at 0x[0-9a-fA-F]+")


@cache
def code_version() -> str:
    """citelint's own files and its parsers' versions: new code never serves old results."""
    digest = hashlib.sha256()
    package = os.path.dirname(os.path.abspath(citelint.__file__))  # every floor
    for here, dirs, names in os.walk(package):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(n for n in names if n.endswith((".py", ".json"))):
            path = os.path.join(here, name)
            digest.update(os.path.relpath(path, package).encode() + b"\0")
            with open(path, "rb") as handle:
                digest.update(handle.read())
    for name in _PARSERS:
        with contextlib.suppress(metadata.PackageNotFoundError):
            digest.update(f"{name}={metadata.version(name)}\0".encode())
    return digest.hexdigest()


def stable(value: object) -> str:
    """A text of a settings value that is the same in every process (no addresses)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        inner = ",".join(
            f"{f.name}={stable(getattr(value, f.name))}" for f in dataclasses.fields(value)
        )
        return f"{type(value).__name__}({inner})"
    if isinstance(value, Enum):
        return repr(value.value)
    if isinstance(value, Mapping):
        items = sorted((stable(k), stable(v)) for k, v in value.items())
        return "{" + ",".join(f"{k}:{v}" for k, v in items) + "}"
    if isinstance(value, (tuple, list, frozenset, set)):
        parts = [stable(v) for v in value]
        if isinstance(value, (frozenset, set)):
            parts.sort()
        return "[" + ",".join(parts) + "]"
    if isinstance(value, re.Pattern):
        return f"re({value.pattern!r},{value.flags})"
    if isinstance(value, functools.partial):
        return f"partial({stable((value.func, value.args, value.keywords))})"
    if callable(value):
        name = f"{getattr(value, '__module__', '')}.{getattr(value, '__qualname__', '')}"
        cells = getattr(value, "__closure__", None) or ()
        return name + (stable([c.cell_contents for c in cells]) if cells else "")
    return _ADDRESS.sub("", repr(value))
