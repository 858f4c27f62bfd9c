"""CL301 source-channel-unused: a saved source channel never reaches the analysis.

When the sources root holds saved files of a channel named in `required-source-channels`
(default `["clinical_trials", "pubtator"]`) but the body has no resolving anchor of that
channel's types, the evidence was fetched and then ignored. Channels: `clinical_trials`
(`trials/`, `clinical_trials/`; anchor types `nct`, `aact`), `pubtator` (`pubtator`),
`pubmed` (`pmid`), `europepmc`, `bioc`, `guidelines` (`guideline`), `evidence`, and custom
types. A channel with no saved files is skipped; appendix anchors and unresolved anchors
are not use. When one sources root is shared by several reports (`--sources` or `sources =`
in config), CL301 runs only if `required-source-channels` is set explicitly.

The finding points at the report's first heading and names the counts.
"""

from __future__ import annotations

from collections.abc import Iterator

from citelint.diagnostic import Severity
from citelint.document import Document
from citelint.rules.base import Context, Finding, Rule
from citelint.sources.model import Span
from citelint.sources.store import CHANNEL_OF_TYPE


class SourceChannelUnused(Rule):
    code = "CL301"
    name = "source-channel-unused"
    severity = Severity.CRITICAL
    summary = "a required source channel has saved files but no resolving body anchor"
    suggestion = "use the saved channel's evidence in the body, or remove the unused files"

    def check(self, doc: Document, ctx: Context) -> Iterator[Finding]:
        settings = ctx.settings
        if settings.sources is not None and not settings.channels_explicit:
            return  # a shared sources root belongs to no single report (DECISIONS F10)
        used: dict[str, int] = {}
        for block in doc.blocks:
            if block.appendix:
                continue
            for anchor in {a for s in block.sentences for a in s.anchors}:
                if isinstance(ctx.resolutions.get(anchor), Span):
                    channel = CHANNEL_OF_TYPE.get(anchor.type, anchor.type)
                    used[channel] = used.get(channel, 0) + 1
        at = doc.first_heading_offset()
        for channel in settings.required_source_channels:
            saved = ctx.channel_files.get(channel, 0)
            if saved and not used.get(channel):
                yield Finding(
                    self.code,
                    at,
                    at + 1,
                    f"source channel '{channel}' has {saved} saved file"
                    f"{'s' if saved != 1 else ''} but no body anchor uses it: cite what the "
                    "channel says, or remove the unused files",
                    subject=channel,
                )
