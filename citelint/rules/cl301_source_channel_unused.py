"""CL301 source-channel-unused: a saved source channel never reaches the analysis.

When the sources root holds saved files of a channel named in `required-source-channels`
(default `["clinical_trials", "pubtator"]`) but the body has no resolving anchor of that
channel's types, the evidence was fetched and then ignored. Channels: `clinical_trials`
(`trials/`, `clinical_trials/`; anchor types `nct`, `aact`), `pubtator` (`pubtator`),
`pubmed` (`pmid`), `europepmc`, `bioc`, `guidelines` (`guideline`), `evidence`, and custom
types. A citation in a report's own style (a reference number, a link, an identifier)
uses the channel of the record it resolves to. A channel with no saved files is skipped;
appendix anchors and unresolved anchors are not use. When one sources root is shared by
several reports (`--sources` or `sources =` in config), CL301 runs only if
`required-source-channels` is set explicitly.

The finding points at the report's first heading and names the counts and the sources
root, and whether that root was found beside the report or given: the same folder can
give different results either way.
"""

from __future__ import annotations

from collections.abc import Iterator

from citelint.outputs.diagnostic import Severity
from citelint.read.analysis import Analysis
from citelint.rules.base import Finding, NoOptions, Rule
from citelint.sources.model import Span


class SourceChannelUnused(Rule[NoOptions]):
    code = "CL301"
    name = "source-channel-unused"
    severity = Severity.CRITICAL
    summary = "a required source channel has saved files but no resolving body anchor"
    suggestion = "use the saved channel's evidence in the body, or remove the unused files"
    options_type = NoOptions
    pipeline_only = True

    def check(self, analysis: Analysis) -> Iterator[Finding]:
        channels = analysis.channels
        if not channels.applies:
            return  # a shared sources root belongs to no single report (DECISIONS F10)
        used: dict[str, int] = {}
        for block in analysis.doc.blocks:
            if block.appendix:
                continue
            for anchor in {a for s in block.sentences for a in s.anchors}:
                if isinstance(analysis.resolutions.get(anchor), Span):
                    kind = analysis.cited_kinds.get(anchor, anchor.type)  # a citation's record
                    channel = channels.channel_of.get(kind, kind)
                    used[channel] = used.get(channel, 0) + 1
        at = analysis.doc.first_heading_offset()
        root = analysis.display(analysis.sources_root or "")
        how = "given with --sources or `sources =`" if channels.given else "found beside the report"
        for channel in channels.required:
            if used.get(channel):
                continue  # a cited channel's files are never counted (listing is the cost)
            saved = channels.saved.get(channel, 0)
            if saved:
                yield Finding(
                    self.code,
                    at,
                    at + 1,
                    f"source channel '{channel}' has {saved} saved file"
                    f"{'s' if saved != 1 else ''} in {root} (the sources root {how}) but no "
                    "body anchor uses it: cite what the channel says, or remove the unused files",
                    subject=channel,
                )
