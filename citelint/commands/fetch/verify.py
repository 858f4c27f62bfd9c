"""`citelint fetch --verify`: ask again for every source `citelint fetch` saved, and say
whether the saved file is still what was fetched and what the service answers today.

A saved file is checked three ways: its bytes against the SHA-256 its record in
`fetched.json` holds, and both against what the recorded URL answers now. Each source
gets one line — `verified` (all three agree), `edited` (the file is not what was
fetched: exit 1), `changed at the source` (the service answers other bytes today: a
record updated upstream, a page that moved; the saved file is untouched), or `failed`
(the service could not be asked; exit 1). A file saved by hand has nothing to ask:
`saved by hand` says so. Nothing is written.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable, Iterable

from citelint.commands.fetch.http import Client, FetchError
from citelint.commands.fetch.run import redacted
from citelint.ground.redact import Redactor
from citelint.read.citations.indexes import FETCH_INDEX
from citelint.sources.model import SourceError
from citelint.sources.paths import inside, read_regular

INDEX_CAP = 64 * 1024 * 1024
FILE_CAP = 256 * 1024 * 1024


def verify_roots(
    roots: Iterable[str],
    client: Client,
    say: Callable[[str], None],
    show: Callable[[str], str],
    redactor: Redactor,
) -> int:
    """Check every saved source of each root; the exit code (1 when a file was edited
    or a source could not be asked)."""
    code = 0
    counts: dict[str, int] = {}
    for root in sorted(set(roots)):
        for key, entry in sorted(_records(root).items()):
            outcome, why = _check(root, entry, client)
            counts[outcome] = counts.get(outcome, 0) + 1
            code = code or int(outcome in ("edited", "failed"))
            file = os.path.join(root, str(entry.get("file")))
            say(redacted(f"{outcome}: {key}: {show(file)}{why}", redactor))
    parts = ", ".join(f"{n} {what}" for what, n in sorted(counts.items())) or "nothing saved"
    say(f"verify: {parts}")
    return code


def _records(root: str) -> dict[str, dict[str, object]]:
    """The saved entries of a root's fetch index that name a file and its digest."""
    path = os.path.join(root, FETCH_INDEX)
    if not inside(path, (os.path.realpath(root),)) or os.path.islink(path):
        return {}
    try:
        value = json.loads(read_regular(path, INDEX_CAP, "the fetch index cap"))
    except (OSError, ValueError, SourceError, RecursionError):
        return {}
    if not isinstance(value, dict):
        return {}
    return {
        str(k): v
        for k, v in value.items()
        if isinstance(v, dict)
        and v.get("outcome") == "saved"
        and isinstance(v.get("file"), str)
        and isinstance(v.get("sha256"), str)
    }


def _check(root: str, entry: dict[str, object], client: Client) -> tuple[str, str]:
    """(outcome, what more to say) of one saved source."""
    file = os.path.normpath(os.path.join(root, str(entry["file"])))
    recorded = str(entry["sha256"]).lower()
    if not inside(file, (os.path.realpath(root),)):
        return "edited", ": its record names a file outside the sources root"
    try:
        now = hashlib.sha256(read_regular(file, FILE_CAP, "the verify cap")).hexdigest()
    except (OSError, SourceError):
        return "edited", ": the saved file is gone or cannot be read"
    edited = now != recorded
    if entry.get("by") == "hand":
        if edited:
            return "edited", ": not the bytes recorded when it was saved by hand"
        return "saved by hand", " (nothing to ask)"
    asked = entry.get("asked")
    if not isinstance(asked, str) or not asked.startswith(("http://", "https://")):
        return ("edited", ": its record names no URL") if edited else ("verified", "")
    try:
        answer = client.get(asked)
    except FetchError as exc:
        return "failed", f": {exc.reason}"
    today = hashlib.sha256(answer.body).hexdigest()
    if edited:
        also = " (the service answers these bytes now)" if today == now else ""
        return "edited", f": not the bytes fetched from {asked}{also}"
    if answer.status != 200:
        return "failed", f": HTTP {answer.status} from {asked}"
    if today != recorded:
        return "changed at the source", f": {asked} answers other bytes today"
    return "verified", ""
