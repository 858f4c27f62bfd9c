"""CL203 source-filler: the body pads itself with talk about saved sources.

Reports that list what was saved instead of analysing it repeat the same filler phrases.
Each phrase has a limit; an occurrence past the limit in the body (appendix sections do
not count) is CL203, at the occurrence that crossed it. Defaults: `已保存` 30,
`附录证据说明` 20, `来源索引` 20, `证据消化矩阵` 7. Matching folds width and case and ignores
whitespace for CJK phrases; Latin phrases match whole words.

    [tool.citelint.rules.CL203]
    phrases = { "已保存" = 30, "saved source" = 10 }

Fails: a body that says `已保存` 31 times.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from citelint.evidence.phrases import PhraseMatcher
from citelint.outputs.diagnostic import Severity
from citelint.read.analysis import Analysis
from citelint.rules.base import Finding, Rule, RuleOptions


def _defaults() -> dict[str, int]:
    return {"已保存": 30, "附录证据说明": 20, "来源索引": 20, "证据消化矩阵": 7}


@dataclass(frozen=True)
class Options(RuleOptions):
    phrases: dict[str, int] = field(default_factory=_defaults)


class SourceFiller(Rule[Options]):
    code = "CL203"
    name = "source-filler"
    severity = Severity.CRITICAL
    summary = "a filler phrase about saved sources appears more often than its limit in the body"
    suggestion = "replace the inventory of saved sources with analysis"
    options_type = Options

    def check(self, analysis: Analysis) -> Iterator[Finding]:
        limits: dict[str, int] = self.options.phrases
        matcher = PhraseMatcher(tuple(limits))
        counts = dict.fromkeys(limits, 0)
        for block in analysis.doc.blocks:
            if block.appendix:
                continue
            for hit in matcher.find(block):
                counts[hit.phrase] += 1
                if counts[hit.phrase] == limits[hit.phrase] + 1:
                    total = sum(
                        1
                        for b in analysis.doc.blocks
                        if not b.appendix
                        for h in matcher.find(b)
                        if h.phrase == hit.phrase
                    )
                    yield Finding(
                        self.code,
                        hit.start,
                        hit.end,
                        f"filler phrase '{hit.phrase}' occurs {total} times in the body "
                        f"(limit {limits[hit.phrase]}): replace inventories of saved sources "
                        "with analysis",
                        subject=hit.phrase,
                    )
