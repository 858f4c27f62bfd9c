"""Baselines: adopt citelint on an existing corpus, then fail only on new findings.

`--write-baseline FILE` records the fingerprints of today's findings; `--baseline FILE`
hides them. A fingerprint is the code, the path and a hash of the normalised claim and
anchor (DECISIONS O6), never the line, so editing elsewhere in a report keeps old
findings matched. The baseline is a multiset: k recorded fingerprints hide at most k
findings, so a second copy of an old problem still fails.
"""

from __future__ import annotations

import dataclasses
import json
from collections import Counter

from citelint.ground.errors import UsageError
from citelint.outputs.result import Result

VERSION = 1


def dumps(result: Result) -> tuple[str, int]:
    """The baseline file's text, and how many findings it records."""
    entries = [
        {"code": d.code, "path": d.path, "fingerprint": d.fingerprint, "message": d.message}
        for d in result.diagnostics
        if result.fact(d.code).baselined
    ]
    text = json.dumps({"version": VERSION, "findings": entries}, ensure_ascii=False, indent=2)
    return text + "\n", len(entries)


def load(path: str) -> Counter[str]:
    try:
        with open(path, encoding="utf-8") as handle:
            data = json.load(handle)
    except OSError as exc:
        raise UsageError(f"cannot read baseline {path}: {exc.strerror}") from exc
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise UsageError(f"baseline {path} is not valid JSON") from exc
    if (
        not isinstance(data, dict)
        or data.get("version") != VERSION
        or not isinstance(data.get("findings"), list)
    ):
        raise UsageError(f"baseline {path} is not a citelint baseline (version {VERSION})")
    return Counter(str(e.get("fingerprint")) for e in data["findings"] if isinstance(e, dict))


def hide_known(result: Result, known: Counter[str]) -> Result:
    """The result without the findings the baseline knows (rules that opt out never hide)."""
    remaining = Counter(known)
    files = []
    for f in result.files:
        kept = []
        for d in f.diagnostics:
            if result.fact(d.code).baselined and remaining[d.fingerprint] > 0:
                remaining[d.fingerprint] -= 1
            else:
                kept.append(d)
        files.append(dataclasses.replace(f, diagnostics=tuple(kept)))
    return dataclasses.replace(result, files=tuple(files))
