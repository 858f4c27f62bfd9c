"""What a `citelint fetch` did, kept as records and said as text lines or one JSON document.

The records are made while sources are asked; the two renderings are pure functions of
them, so `--output-format json` and the text lines can never disagree on a count.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from citelint.commands.fetch.targets import printable

# Each outcome a source can have after a run, in the order the closing line names them.
OUTCOMES = ("saved", "missing", "failed", "skipped", "accepted")


@dataclass(frozen=True, slots=True)
class Asked:
    """One cited source and what became of it under its sources root."""

    root: str  # the sources root, as displayed
    key: str  # `PMID 22663011`, `URL https://…`
    outcome: str  # one of OUTCOMES
    detail: str  # the saved file, or the registry's or the server's reason


@dataclass
class Tally:
    """Every source a run asked for (or, on a dry run, would ask for)."""

    asked: list[Asked] = field(default_factory=list)
    would: list[Asked] = field(default_factory=list)  # --dry-run: "pending" or "skipped"
    already: int = 0  # cited sources found saved, not asked
    requests: int = 0
    created: list[str] = field(default_factory=list)  # sources roots made by this run
    dry_run: bool = False

    def count(self, outcome: str) -> int:
        return sum(1 for a in self.asked if a.outcome == outcome)

    @property
    def exit_code(self) -> int:
        """1 when a fetch failed (it is tried again next run), else 0."""
        return 1 if self.count("failed") else 0


def line(asked: Asked) -> str:
    """The text line for one source: `failed: URL https://…: HTTP 503`."""
    return printable(f"{asked.outcome}: {asked.key}: {asked.detail}")


def would_lines(tally: Tally) -> list[str]:
    """A dry run's lines: `would fetch PMID 2001 into sources`, `would skip URL …: why`."""
    return [
        printable(
            f"would skip {w.key}: {w.detail}"
            if w.outcome == "skipped"
            else f"would fetch {w.key} into {w.root}"
        )
        for w in tally.would
    ]


def closing_line(tally: Tally) -> str:
    """`fetched 12, already saved 30, missing 2, failed 1 (45 requests)`; the outcomes
    config decided (skipped, accepted) only when there are some."""
    if tally.dry_run:
        skipped = sum(w.outcome == "skipped" for w in tally.would)
        tail = f", {skipped} skipped by config" if skipped else ""
        return f"{len(tally.would) - skipped} source(s) would be fetched{tail}"
    parts = [f"fetched {tally.count('saved')}", f"already saved {tally.already}"]
    parts += [f"{o} {tally.count(o)}" for o in ("missing", "failed")]
    parts += [f"{o} {tally.count(o)}" for o in ("skipped", "accepted") if tally.count(o)]
    plural = "" if tally.requests == 1 else "s"
    return f"{', '.join(parts)} ({tally.requests} request{plural})"


def as_json(tally: Tally) -> str:
    """One JSON document: each source's outcome, the counts and the roots made."""
    counts = {o: tally.count(o) for o in OUTCOMES} | {"already_saved": tally.already}
    document = {
        "dry_run": tally.dry_run,
        "sources": [
            {"root": a.root, "source": a.key, "outcome": a.outcome, "detail": a.detail}
            for a in (tally.would if tally.dry_run else tally.asked)
        ],
        "counts": counts,
        "requests": tally.requests,
        "created": tally.created,
        "exit_code": tally.exit_code,
    }
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"
