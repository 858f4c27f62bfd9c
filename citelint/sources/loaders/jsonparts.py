"""Reading JSON that strangers wrote: bytes to a value with a one-line error, and a
dotted path followed through objects and arrays without trusting any shape."""

from __future__ import annotations

import json
from typing import Any

from citelint.sources.model import SourceError


def parse_json(data: bytes) -> Any:
    if b"\x00" in data[:8192]:
        raise SourceError("is a binary file (NUL bytes found), not JSON")
    try:
        return json.loads(data.decode("utf-8").removeprefix("\ufeff"))
    except UnicodeDecodeError as exc:
        raise SourceError(f"is not valid UTF-8 (offset {exc.start})") from exc
    except json.JSONDecodeError as exc:
        raise SourceError(
            f"is not valid JSON ({exc.msg} at line {exc.lineno} column {exc.colno})"
        ) from exc
    except RecursionError as exc:
        raise SourceError("is JSON nested too deeply to read") from exc
    except ValueError as exc:  # an integer of more than 4,300 digits
        raise SourceError(f"is not readable JSON ({exc})") from exc


def obj(value: object) -> dict[str, Any]:
    """`value` if it is a JSON object, else an empty one: shapes are never trusted."""
    return value if isinstance(value, dict) else {}


def items(value: object) -> list[Any]:
    """`value` if it is a JSON array, else an empty one."""
    return value if isinstance(value, list) else []


def _index(part: str) -> int:
    """A JSON path part as a list index (at most nine digits); past any list otherwise."""
    return int(part) if part.isascii() and part.isdigit() and len(part) <= 9 else 1 << 62


def dig(node: Any, dotted: str) -> tuple[bool, Any]:
    """Follow `a.b.0.c`; (False, None) when any step is missing."""
    for part in dotted.split("."):
        if isinstance(node, dict) and part in node:
            node = node[part]
        elif isinstance(node, list) and _index(part) < len(node):
            node = node[int(part)]
        else:
            return False, None
    return True, node


def pointer(dotted: str) -> str:
    """`a.b` as a JSON Pointer (`/a/b`), its parts escaped."""
    return "/" + "/".join(p.replace("~", "~0").replace("/", "~1") for p in dotted.split("."))
