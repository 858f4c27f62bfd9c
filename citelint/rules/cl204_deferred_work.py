"""CL204 deferred-work: the body promises work instead of doing it.

Placeholder and deferred-work language means the report is not finished: every
occurrence in the body is CL204 (appendix sections do not count). Defaults: `待worker`,
`worker继续`, `后续量化模型`, `再补足量化模型`, `后续补足`, `继续估算`, `deferred worker`,
`deferred model`, `TODO`, `TBD` (not inside table cells), `lorem ipsum`, `placeholder`,
`as an AI`, `占位符`, `占位内容`, `待补`, `待完善内容`, `待完善数据`, `待完善分析`. CJK phrases
ignore whitespace and width (`待 Worker`); Latin phrases match whole words, and phrases in
capitals match in capitals only.

Fails:

    市场规模待worker继续估算。

Passes:

    市场规模为7.5亿元 [evidence:market_model.md:Result]。
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from citelint.analysis import Analysis
from citelint.diagnostic import Severity
from citelint.phrases import PhraseMatcher
from citelint.rules.base import Finding, Rule, RuleOptions

DEFAULT_PHRASES = (
    "待worker", "worker继续", "后续量化模型", "再补足量化模型", "后续补足", "继续估算",
    "deferred worker", "deferred model", "TODO", "TBD", "lorem ipsum", "placeholder",
    "as an AI", "占位符", "占位内容", "待补", "待完善内容", "待完善数据", "待完善分析",
)  # fmt: skip
_NOT_IN_CELLS = frozenset({"TBD"})  # a table cell saying TBD is a plan, not a deferral


@dataclass(frozen=True)
class Options(RuleOptions):
    phrases: tuple[str, ...] = DEFAULT_PHRASES


class DeferredWork(Rule[Options]):
    code = "CL204"
    name = "deferred-work"
    severity = Severity.CRITICAL
    summary = "the body holds deferred-work or placeholder language"
    suggestion = "finish the deferred work or remove the placeholder"
    options_type = Options

    def check(self, analysis: Analysis) -> Iterator[Finding]:
        matcher = PhraseMatcher(self.options.phrases)
        for block in analysis.doc.blocks:
            if block.appendix:
                continue
            for hit in matcher.find(block):
                if hit.phrase in _NOT_IN_CELLS and block.kind in ("row", "header-row"):
                    continue
                yield Finding(
                    self.code,
                    hit.start,
                    hit.end,
                    f"deferred-work language '{hit.phrase}': finish the analysis or remove the "
                    "promise before the report ships",
                    subject=hit.phrase,
                )
