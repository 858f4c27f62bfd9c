"""CL111 unsupported-statement: the cited source barely says what the statement says.

Most cited statements carry no number, code or drug ("the company develops guidance
heads for portable missile systems"), so no other check reads them. CL111 measures how
much of a cited statement its source says (`citelint/evidence/support.py`): the statement's
content words (stemmed, function words out; Chinese by character bigrams), each weighed
by how rare it is in the cited source — a word on every line of the page weighs little,
a word the page never says weighs most — and the run of one to three source sentences
that holds the largest weighted share of them: the **evidence window**, and its share,
the **coverage**. A number the statement states (a year aside) that the window does not
hold halves it. A statement citing several sources may take its words from each one's
best window.

A cited statement whose coverage is below `min-coverage` is CL111, quoting the best
window and its coverage so the reviewer can judge in one look. Its claim counts as
unsupported. A warning: a paraphrase in other words ("terrestrial sensors" for "Earth
surface-based platforms") or a statement summing up a whole page scores low too.

Measured: cited sentences, each with a source (a headline, a sentence of its own, a
table row, a question) and at least four content words, whose citations all reached
saved text. A statement naming a number, code or drug no cited source holds anywhere is
left to CL101–CL103, and one whose numbers a structured record's result fields give
(ClinicalTrials.gov results) to CL101 and CL106, which read the fields, their measure
and their group.

The default, 0.15, was chosen on the tuning half of real statement–source pairs
(`bench/support_pairs.py`: STORM's articles against the snippets it saved, ALCE's
answers against their passages, hand-labelled statements of a corpus report against
its saved notes), 0.10 below the highest threshold in steps of 0.05 that flagged no
supported pair there (0.25; the lowest supported pair scored 0.26). There it flags 82% of
688 unsupported pairs and 0 of 69 supported ones; on the held-out half, 74% of 810
unsupported and 0 of 89 supported (95% interval 0–4%). The unsupported pairs are
cross-paired (a statement against another source of the same run), easier than a real
wrong citation: take the first figure as an upper bound of what CL111 catches.

    [tool.citelint.rules.CL111]
    min-coverage = 0.15   # 0 turns it off; higher flags more, and more wrongly

Fails (the cited page is about the company's missiles, not its staff):

    The company employs more than a thousand engineers across four research campuses [1].

Passes:

    The company develops guidance heads for portable anti-aircraft missile systems [1].

A statement the judge read (`citelint judge`: a verdict saved in `judged.jsonl`, its
key the statement's today, its quote in the window) is not flagged: CL111 asks a reader
to look, and the judge has — its verdict is the finding (CL112, CL113) or the support.

Fix: cite the source that says it, or say what the cited source says.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from citelint.evidence.spans import drug_supported, entity_supported
from citelint.evidence.support import Page, Support, covered_by, support, terms
from citelint.ground.errors import ConfigError
from citelint.outputs.diagnostic import Severity
from citelint.read.analysis import Analysis, BodyClaim
from citelint.rules.base import Finding, Rule, RuleOptions
from citelint.sources.model import Span

DEFAULT_MIN_COVERAGE = 0.15
QUOTE = 240  # characters of the window a message quotes


@dataclass(frozen=True)
class Options(RuleOptions):
    min_coverage: float = DEFAULT_MIN_COVERAGE

    def __post_init__(self) -> None:
        if not 0.0 <= self.min_coverage <= 1.0:
            share = self.min_coverage
            raise ConfigError(f"CL111 min-coverage must be between 0 and 1, not {share}")


class UnsupportedStatement(Rule[Options]):
    code = "CL111"
    name = "unsupported-statement"
    severity = Severity.WARNING
    summary = "the cited source barely says what the statement says"
    suggestion = "cite the source that says it, or say what the cited source says"
    options_type = Options
    marks_unverified = True
    unsupports = True

    def check(self, analysis: Analysis) -> Iterator[Finding]:
        threshold = self.options.min_coverage
        for item in analysis.claims:
            spans = _saved(item)
            if not spans or item.sentence.start in analysis.judged:
                continue  # the judge read it: CL111 asks a reader to look, and one has
            if terms(item.said).numbers and all(s.structured and s.fields for s in spans):
                continue  # a record's result fields are read by CL101 and CL106, not prose
            pages = [analysis.evidence.index(span).page for span in spans]
            if _covered(analysis, item, spans, pages, threshold):
                continue
            found = support(item.said, pages)
            if found is None or found.coverage >= threshold:
                continue
            if not _named_said(analysis, item, spans, pages):
                continue  # a number, code or drug no cited source holds: CL101–CL103's
            yield _finding(self.code, item, found, spans)


def _saved(item: BodyClaim) -> list[Span]:
    """The saved spans a statement cites, when every citation reached one."""
    cited = item.cited
    if not item.statement or not cited.located or cited.failed or cited.whole:
        return []
    spans = [span for _, span in cited.located]
    return spans if all(span.path and span.text.strip() for span in spans) else []


def _covered(
    analysis: Analysis, item: BodyClaim, spans: list[Span], pages: list[Page], threshold: float
) -> bool:
    """Whether the window of the claim's numbers (CL106's) already covers enough of it:
    the best window covers no less, so no search is needed."""
    if len(spans) != 1:
        return False
    evidence = analysis.relations(item).evidence
    if evidence is None or evidence.span is not spans[0]:
        return False
    share = covered_by(item.said, pages[0], evidence.text)
    return share is None or share >= threshold


def _named_said(analysis: Analysis, item: BodyClaim, spans: list[Span], pages: list[Page]) -> bool:
    """Whether some cited span holds each number, code and drug the statement names."""
    held = frozenset().union(*(p.numbers for p in pages))
    if not terms(item.said).numbers <= held:
        return False
    indexes = [analysis.evidence.index(span) for span in spans]
    ids = [a.id for a in item.anchors]
    claim = item.claim
    return all(
        any(drug_supported(drug, idx)[0] for idx in indexes) for drug in claim.drugs
    ) and all(any(entity_supported(e, idx, ids) for idx in indexes) for e in claim.entities)


def _finding(code: str, item: BodyClaim, found: Support, spans: list[Span]) -> Finding:
    s = item.sentence
    percent = round(100 * found.coverage)
    window = found.main
    if window is not None:
        text = " ".join(window.text.split())
        quoted = text if len(text) <= QUOTE else text[: QUOTE - 1] + "…"
        said = f"its best window there: “{quoted}”"
        span, evidence = spans[window.source], window.text
    else:
        said, span, evidence = "no sentence there shares a word with it", spans[0], ""
    number = " (a number of the statement is not in it)" if found.missing_number else ""
    return Finding(
        code,
        s.start,
        s.end,
        f"the cited source barely says this: {percent}% of the statement's words, "
        f"weighed by their rarity there{number}; {said}",
        claim=s.text,
        anchors=item.anchors,
        spans=(span,),
        subject=s.text + code,
        evidence=evidence,
        coverage=percent,
    )
