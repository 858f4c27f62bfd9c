"""`citelint fetch --record FILE …`: a source saved by hand gets a record as a fetched one
does — its SHA-256, that it was saved by hand, and the day — in its sources root's
`fetched.json`. From then on the lint names any change to its bytes (CL013), as it does
for a file `citelint fetch` saved. Recording a file `fetch` saved, after reading an edit
to it, records the edit the same way.

No network: this module imports no HTTP client, so a user who saves every source by
hand needs no `[fetch]` extra for it.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable, Sequence

from citelint.config.settings import Settings
from citelint.ground.errors import UsageError
from citelint.ground.places import find_sources_root, relpath
from citelint.ground.writes import write_atomic
from citelint.read.citations.indexes import FETCH_INDEX
from citelint.sources.model import SourceError
from citelint.sources.paths import inside, read_regular

INDEX_CAP = 64 * 1024 * 1024  # bytes of a fetch index read back
HAND = "FILE "  # the key of a record saved by hand: `FILE pubmed/1.json`


def record_by_hand(
    files: Sequence[str],
    settings: Settings,
    today: str,
    say: Callable[[str], None],
    show: Callable[[str], str],
) -> int:
    """Record each file's digest in its sources root's `fetched.json`; the exit code (2
    when a file is not a regular file inside a sources root of the project)."""
    project = os.path.realpath(settings.project_root)
    by_root: dict[str, list[tuple[str, str]]] = {}
    for given in files:
        path = os.path.abspath(given)
        if not inside(path, (project,)) or os.path.islink(path) or not os.path.isfile(path):
            raise UsageError(f"--record {given}: not a regular file inside the project")
        root = settings.sources or find_sources_root(path, None, settings.project_root)
        if root is None or not inside(path, (os.path.realpath(root),)) or path == root:
            raise UsageError(f"--record {given}: not inside a sources folder")
        try:
            data = read_regular(os.path.realpath(path), settings.max_source_bytes, "the cap")
        except SourceError as exc:
            raise UsageError(f"--record {given}: {exc}") from None
        by_root.setdefault(root, []).append((path, hashlib.sha256(data).hexdigest()))
    for root, recorded in sorted(by_root.items()):
        index = _read(os.path.join(root, FETCH_INDEX), root)
        for path, digest in recorded:
            rel = relpath(path, root)
            key = next(
                (k for k, v in index.items() if isinstance(v, dict) and v.get("file") == rel),
                HAND + rel,
            )
            entry = index.get(key) if isinstance(index.get(key), dict) else {}
            assert isinstance(entry, dict)
            entry |= {
                "outcome": "saved",
                "file": rel,
                "sha256": digest,
                "by": "hand",
                "recorded_at": today,
                "detail": entry.get("detail") or "saved by hand",
            }
            index[key] = entry
            say(f"recorded {show(path)}: saved by hand, sha256 {digest[:16]}…")
        text = json.dumps(index, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
        write_atomic(os.path.join(root, FETCH_INDEX), [text.encode()], root=root)
    return 0


def _read(path: str, root: str) -> dict[str, object]:
    """The fetch index of a root, read only as a regular file inside it."""
    if not inside(path, (os.path.realpath(root),)) or os.path.islink(path):
        raise UsageError(f"{path} leads outside the sources root; citelint never follows it")
    if not os.path.lexists(path):
        return {}
    try:
        value = json.loads(read_regular(path, INDEX_CAP, "the fetch index cap"))
    except (OSError, ValueError, SourceError, RecursionError) as exc:
        raise UsageError(f"{path} cannot be read as JSON ({exc}); not rewritten") from None
    if not isinstance(value, dict):
        raise UsageError(f"{path} is not a JSON object; not rewritten")
    return value
