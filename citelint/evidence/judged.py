"""The judge's saved verdicts, replayed offline: what the lint takes from `judged.jsonl`.

`citelint judge` asks a model once per claim and saves each verdict in the sources
root's `judged.jsonl`; the lint never opens a connection. A line counts for a claim only
when its key is the claim's today — the SHA-256 of the claim's words, the evidence
windows it was sent, the model and the prompt's version (a changed claim or window makes
it stale) — and its quote is in those windows, verbatim up to white space (else it is
invalid). Then `contradicted` is CL112, `unsupported` and `partial` are CL113, and
`supported` makes an otherwise unchecked claim supported (and drops its CL111). Under
`--isolated` a `supported` verdict is not taken: a verdict planted in a pull request can
only add findings, never pass a claim.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from citelint.evidence.relations import Relations
from citelint.evidence.spans import Cited, Evidence
from citelint.evidence.support import support
from citelint.ground.document import Anchor, Sentence

JUDGED_FILE = "judged.jsonl"
PROMPT_VERSION = "citelint-judge-1"  # part of every key: a new prompt asks again
VERDICTS = ("supported", "partial", "unsupported", "contradicted")
MAX_LINE = 64 * 1024  # characters of one saved line read back
WINDOW_JOIN = "\n…\n"  # how several windows are one evidence text


class Judgeable(Protocol):
    """What the judge reads of a claim (an `analysis.BodyClaim`)."""

    @property
    def sentence(self) -> Sentence: ...
    @property
    def anchors(self) -> tuple[Anchor, ...]: ...
    @property
    def cited(self) -> Cited: ...
    @property
    def said(self) -> str: ...
    @property
    def relations(self) -> Relations | None: ...


@dataclass(frozen=True, slots=True)
class Judgement:
    """A saved verdict that counts for one claim today."""

    verdict: str  # one of VERDICTS
    quote: str  # the model's verbatim quote from the evidence
    reason: str
    model: str
    evidence: str  # the windows it was sent


def said(item: Judgeable) -> str:
    """The claim as the judge is asked about it: its words, citations blanked."""
    return " ".join(item.said.split())


def windows(item: Judgeable, evidence: Evidence) -> tuple[str, ...]:
    """The evidence windows a claim is judged on, never a whole page: its numbers'
    window (the relation stage's), else the best run of sentences of each cited span
    by its words (CL111's)."""
    if item.relations is not None and item.relations.evidence is not None:
        return (item.relations.evidence.text,)
    spans = [span for _, span in item.cited.located if span.path and span.text.strip()]
    if not spans or item.cited.failed or not item.said.strip():
        return ()
    found = support(item.said, [evidence.index(span).page for span in spans])
    return tuple(w.text for w in found.windows) if found is not None else ()


def subject(claim: str, evidence: str) -> str:
    """What a saved line is about, whatever model judged it: claim and evidence."""
    return hashlib.sha256(f"{claim}\0{evidence}".encode()).hexdigest()


def key(claim: str, evidence: str, model: str) -> str:
    """A verdict's key: the claim, its evidence, the model and the prompt's version."""
    return hashlib.sha256(f"{claim}\0{evidence}\0{model}\0{PROMPT_VERSION}".encode()).hexdigest()


def squeezed(text: str) -> str:
    return " ".join(text.split())


def parse_lines(text: str) -> dict[str, list[dict[str, str]]]:
    """The saved lines by subject; a line that is not a JSON object of strings is skipped
    (the file is the author's, and a stranger's in a pull request)."""
    out: dict[str, list[dict[str, str]]] = {}
    for raw in text.splitlines():
        if len(raw) > MAX_LINE:
            continue
        try:
            line = json.loads(raw)
        except (ValueError, RecursionError):
            continue
        if not isinstance(line, dict):
            continue
        fields = {k: v for k, v in line.items() if isinstance(k, str) and isinstance(v, str)}
        if isinstance(fields.get("for"), str):
            out.setdefault(fields["for"], []).append(fields)
    return out


def replay(
    items: Sequence[Judgeable],
    lines: Mapping[str, list[dict[str, str]]],
    evidence: Evidence,
    *,
    isolated: bool,
) -> tuple[dict[int, Judgement], int]:
    """Each claim's judgement by its sentence's start, and how many saved lines for
    these claims were invalid (a quote not in the evidence, an unknown verdict)."""
    if not lines:
        return {}, 0
    out: dict[int, Judgement] = {}
    invalid = 0
    for item in items:
        if not item.anchors:
            continue
        claim = said(item)
        found = windows(item, evidence)
        text = WINDOW_JOIN.join(found)
        saved = lines.get(subject(claim, text), []) if found else []
        newest = sorted(saved, key=lambda x: (x.get("date", ""), x.get("key", "")), reverse=True)
        for line in newest:
            judgement = valid(line, claim, text)
            if judgement is None:
                invalid += "verdict" in line and line.get("key") == key(
                    claim, text, line.get("model", "")
                )
                continue
            if not (isolated and judgement.verdict == "supported"):
                out[item.sentence.start] = judgement
            break
    return out, invalid


def valid(line: Mapping[str, str], claim: str, evidence: str) -> Judgement | None:
    """A saved verdict that counts: its key today's, a known verdict, a verbatim quote
    (the judge's own tally counts by this too, so it says what the gate will take)."""
    model = line.get("model", "")
    verdict = line.get("verdict", "")
    quote = squeezed(line.get("quote", ""))
    if line.get("key") != key(claim, evidence, model) or verdict not in VERDICTS:
        return None
    if not quote or quote not in squeezed(evidence):
        return None
    return Judgement(verdict, quote, squeezed(line.get("reason", ""))[:500], model[:100], evidence)


def of_verdicts(
    judgements: Mapping[int, Judgement], verdicts: Sequence[str]
) -> Iterator[tuple[int, Judgement]]:
    """The judgements of the given verdicts, in document order."""
    for start in sorted(judgements):
        if judgements[start].verdict in verdicts:
            yield start, judgements[start]
