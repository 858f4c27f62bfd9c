"""CL205 template-repetition: the report repeats one template sentence or scenario.

A sentence of at least `min-chars` (10) characters that occurs `max-repeats` (8) times or
more, after normalisation (width, case, spacing), with anchors replaced by `[cite]` and
numbering (`场景1`, `scenario 2`, `Block 3`, `case 4`, `LP5`) replaced by `#`, is padding:
CL205 at its first occurrence. Numbered scenarios (`场景N：`, `Scenario N:`) with more than
`max-scenarios` (9) distinct numbers are CL205 too, at the first scenario past the limit.
Appendix sections do not count, and neither do repeated headings, tables' header rows or
bold label lines: a subheading such as `#### Emerging (moderate evidence quality)`, a
`| Feature | Strength | Weakness |` table under each of a dozen sections or a
`**Bottom line**` line under several is the report's structure (numbered scenarios in
headings still count toward `max-scenarios`). Nor does a profile's field, a short label and a value
of three words at most (`**Final Fate**: Survives.` under each of a dozen characters,
`状态：完成`): the same answer to the same question, not a sentence padding the text.

Fails: eight paragraphs that read `场景1：需求稳定，价格不变。`, `场景2：需求稳定，价格不变。`, ….
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from citelint.ground.anchors import ANCHOR_SHAPE
from citelint.ground.document import Sentence
from citelint.ground.tokens import fold
from citelint.outputs.diagnostic import Severity
from citelint.read.analysis import Analysis
from citelint.rules.base import Finding, Rule, RuleOptions

_NUMBERING = re.compile(r"(场景|scenario|block|case|lp)\s*\d+", re.I)
_SCENARIO = re.compile(r"(?:场景|scenario)\s*(\d+)\s*[:：]", re.I)
# a profile's field: a label of four words at most, a colon, a value of three words at most
_FIELD = re.compile(
    r"\W*(?:[A-Za-z][\w'’-]*\s+){0,3}[A-Za-z][\w'’-]*\s*[:：]\s*"
    r"(?:[A-Za-z][\w'’-]*[\s,]*){1,3}\W*|\W*[\u4e00-\u9fff]{1,6}[:：]\s*[\u4e00-\u9fff]{1,4}\W*"
)


@dataclass(frozen=True)
class Options(RuleOptions):
    max_repeats: int = 8
    max_scenarios: int = 9
    min_chars: int = 10


def normalized(text: str) -> str:
    text = fold(ANCHOR_SHAPE.sub("[cite]", text))
    return _NUMBERING.sub(lambda m: m.group(1) + "#", text)


class TemplateRepetition(Rule[Options]):
    code = "CL205"
    name = "template-repetition"
    severity = Severity.CRITICAL
    summary = "one normalised sentence repeats max-repeats times, or too many numbered scenarios"
    suggestion = "merge the repeated template sentences into one table or statement"
    options_type = Options

    def check(self, analysis: Analysis) -> Iterator[Finding]:
        o = self.options
        seen: dict[str, list[Sentence]] = {}
        scenarios: dict[str, Sentence] = {}
        for block in analysis.doc.blocks:
            if block.appendix:
                continue
            for sentence in block.sentences:
                key = normalized(sentence.text)
                # Repeated subheadings, tables' header rows and bold label lines
                # (`**Bottom line**` under each section) are the report's structure, not
                # filler.
                if (
                    len(key) >= o.min_chars
                    and block.kind not in ("heading", "header-row")
                    and not block.strong_only
                    and not _FIELD.fullmatch(sentence.text)
                ):
                    seen.setdefault(key, []).append(sentence)
                for m in _SCENARIO.finditer(sentence.text):
                    scenarios.setdefault(m.group(1), sentence)
        for key, sentences in seen.items():
            if len(sentences) >= o.max_repeats:
                first = sentences[0]
                yield Finding(
                    self.code,
                    first.start,
                    first.end,
                    f"template sentence repeated {len(sentences)} times (max-repeats "
                    f"{o.max_repeats}): '{key[:60]}'",
                    claim=first.text,
                    subject=key,
                )
        if len(scenarios) > o.max_scenarios:
            first_over = list(scenarios.values())[o.max_scenarios]
            yield Finding(
                self.code,
                first_over.start,
                first_over.end,
                f"{len(scenarios)} numbered scenarios (max-scenarios {o.max_scenarios}): "
                "merge them into a table or a model file",
                subject="scenarios",
            )
