"""CL011 unsaved-source: a cited source is not saved, so nothing it supports is checked.

A reference entry, a link or an identifier that no saved file answers to (no anchor, no
PMID, PMCID, DOI or NCT id with a saved record, no page in the web index or STORM's
`url_to_info.json`, no saved record with its title) leaves every claim it supports
unverified. That is an honest negative, reported once per source at its first citation
with the number of claims that depend on it, not once per sentence — and once per report
when the report saves none of what it cites (deep-research reports usually save nothing:
one finding at the first citation says how many sources and claims are left unchecked and
names the sources, instead of one finding per URL). A finding on which no claim rests
(a source cited only by sentences that state nothing to check) is a warning: one step
below the rule's severity.

With `per-report = true` (the `deep-research` preset sets it) a report gets one CL011
whether it saves some of its sources or none: a published deep-research report that
cites forty pages is one thing to fix — run `citelint fetch` — not forty.

    [tool.citelint.rules.CL011]
    per-report = false   # true: one finding per report, naming the first unsaved sources

A link with a `#:~:text=` quote is still checked against its quote: the claim's numbers
and codes must be in the words the writer quoted. Those claims are checked, but not
verified, until the page is saved.

Fails (nothing under the sources root answers to the URL):

    Median PFS was 4.8 months ([ascopost.com](https://ascopost.com/news/a-trial/)).

Passes (`sources/web/index.json` maps the URL to a saved page that says it):

    Median PFS was 4.8 months ([ascopost.com](https://ascopost.com/news/a-trial/)).

A page the `[fetch]` config keeps fetch from (`skip-urls`, `accept-status`: a paywall's
403) is still unsaved; the finding names that config and asks for the page to be saved by
hand.

Fix: `citelint fetch` saves it; or save the source under the sources root yourself
(PubMed XML under `pubmed/`, a trial under `trials/`, a web page under `web/` with its URL
in `web/index.json`).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from citelint.outputs.diagnostic import Severity
from citelint.read.analysis import Analysis
from citelint.read.citations.indexes import DECLINED_BY_CONFIG
from citelint.rules.base import Finding, Rule, RuleOptions
from citelint.sources.model import Failure, FailureKind, Span


@dataclass(frozen=True)
class Options(RuleOptions):
    per_report: bool = False  # one finding per report, not one per unsaved source


class UnsavedSource(Rule[Options]):
    code = "CL011"
    name = "unsaved-source"
    severity = Severity.CRITICAL
    summary = "a cited source is not saved, so the claims it supports cannot be verified"
    suggestion = "save the source under the sources root (`citelint fetch` saves it)"
    options_type = Options
    marks_unverified = True
    failure_kind = FailureKind.UNSAVED

    def check(self, analysis: Analysis) -> Iterator[Finding]:
        if not analysis.unsaved:
            return
        source_of = {a: source for source, anchors in analysis.unsaved.items() for a in anchors}
        depend: dict[str, int] = dict.fromkeys(analysis.unsaved, 0)
        claims = 0
        for item in analysis.claims:  # one pass: each claim counts once per source
            if item.counted:
                sources = {source_of[a] for a in item.anchors if a in source_of}
                claims += bool(sources)
                for source in sources:
                    depend[source] += 1
        saves_any = _saves_any(analysis)
        if not saves_any or self.options.per_report:
            yield self._per_report(analysis, claims, saves_any)
            return
        for source, anchors in sorted(analysis.unsaved.items(), key=lambda s: s[1][0].start):
            first = anchors[0]
            result = analysis.resolutions.get(first)
            why = (
                result.message
                if isinstance(result, Failure)
                else f"{source} is not saved under the sources root (its quote was checked)"
            )
            n = depend[source]
            yield Finding(
                self.code,
                first.start,
                first.end,
                f"unsaved source: {why}; {n} claim{'s' if n != 1 else ''} depend"
                f"{'s' if n == 1 else ''} on it; {_remedy(why)}",
                anchors=(first,),
                subject=source,
                demoted=not n,
            )

    def _per_report(self, analysis: Analysis, claims: int, saves_any: bool) -> Finding:
        """One finding for the report, at its first unsaved citation."""
        ordered = sorted(analysis.unsaved.items(), key=lambda s: s[1][0].start)
        first = ordered[0][1][0]
        n = len(ordered)
        names = tuple(source for source, _ in ordered)
        shown = "; ".join(_short(name) for name in names[:MAX_NAMED])
        shown += f"; and {n - MAX_NAMED} more" if n > MAX_NAMED else ""
        sources = f"source{'s' if n != 1 else ''}"
        it = "them" if n != 1 else "it"
        what = (
            f"{n} {sources} this report cites {'are' if n != 1 else 'is'} not saved"
            if saves_any
            else f"none of the {n} {sources} this report cites is saved"
            if n != 1
            else "the one source this report cites is not saved"  # not `none of the 1`
        )
        return Finding(
            self.code,
            first.start,
            first.end,
            f"unsaved sources: {what} under the sources root, {_resting(claims, it)}: {shown}; "
            f"`citelint fetch` saves {it}",
            anchors=(first,),
            missing=names,
            subject="unsaved sources" if saves_any else "nothing saved",
            demoted=not claims,
        )


MAX_NAMED = 3  # sources named in the message of a report that saves none


def _remedy(why: str) -> str:
    """What saves the source: fetch, unless the config keeps fetch from it."""
    if DECLINED_BY_CONFIG in why:
        return "save it by hand (under web/, with its URL in web/index.json)"
    return "`citelint fetch` saves it"


def _resting(claims: int, it: str) -> str:
    if not claims:
        return f"though no claim rests on {it} (a warning)"
    return f"so {claims} claim{'s' if claims != 1 else ''} cannot be verified"


def _short(name: str) -> str:
    return name if len(name) <= 60 else name[:59] + "…"


def _saves_any(analysis: Analysis) -> bool:
    """Whether any anchor or citation of the report reached a saved file (a quote kept
    from an unsaved page is the writer's evidence, not a saved source)."""
    return any(isinstance(r, Span) and r.path for r in analysis.resolutions.values())
