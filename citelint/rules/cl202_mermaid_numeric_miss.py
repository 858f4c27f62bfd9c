"""CL202 mermaid-numeric-miss: a number in a Mermaid diagram is not anchored or supported.

Numbers in diagram labels follow the numeric grammar of CL101; in pie, xychart, sankey
and quadrant data every number is a fact that needs support. A label's anchors are those
inside the label (quoted form: `A["ORR 45% [pmid:1:abstract]"]`), in a `%% cite: [...]`
line of the block, in a `data-cite` attribute of the container, or in the caption or
sentence right before the diagram. A number with no such anchor, or not found in the
anchors' located spans, is CL202 at the label. A diagram's title, its sections and its
axes (`title Processors >200 qubits (2020–2026)`, `section After 1980`, `y-axis "USD m"
0 --> 120`) name what it shows, as a report's headings do, and are asked nothing.

Fails:

    ```mermaid
    pie title ORR
      "Responders" : 45
      "Others" : 55
    ```

Passes (the source states 45 and 55):

    ```mermaid
    %% cite: [pmid:1:results]
    pie title ORR
      "Responders" : 45
      "Others" : 55
    ```
"""

from __future__ import annotations

from collections.abc import Iterator

from citelint.evidence.spans import token_supported
from citelint.ground.mermaid import Label
from citelint.ground.tokens import NumericToken
from citelint.outputs.diagnostic import Severity
from citelint.read.analysis import Analysis, AnalyzedDiagram
from citelint.rules._claims import describe_spans
from citelint.rules.base import Finding, NoOptions, Rule


class MermaidNumericMiss(Rule[NoOptions]):
    code = "CL202"
    name = "mermaid-numeric-miss"
    severity = Severity.CRITICAL
    summary = "a number in a Mermaid label has no anchor, or its anchor does not support it"
    suggestion = "cite the diagram's numbers in a label, a %% cite: line or the sentence before it"
    options_type = NoOptions
    repairable = True
    marks_unverified = True
    unsupports = True

    def check(self, analysis: Analysis) -> Iterator[Finding]:
        for item in analysis.diagrams:
            for label, numbers in item.numbers:
                yield from self._judge(analysis, item, label, numbers)

    def _judge(
        self,
        analysis: Analysis,
        item: AnalyzedDiagram,
        label: Label,
        numbers: tuple[NumericToken, ...],
    ) -> Iterator[Finding]:
        kind = item.diagram.kind
        anchors = analysis.label_anchors(item, label)
        at = item.block.body_start + label.start
        if not anchors:
            yield Finding(
                self.code,
                at,
                at + len(label.text),
                f"number {numbers[0].text} in a Mermaid {kind} has no anchor: cite it in the "
                "label, in a `%% cite:` line or in the sentence before the diagram",
                claim=label.text,
                missing=tuple(t.text for t in numbers),
                subject=label.text,
            )
            return
        spans = analysis.cite(anchors)
        if spans.failed and not spans.located:
            return  # the failed anchor is reported by CL002/CL003/CL006/CL007
        usable = spans.located + spans.whole
        missing = [
            t
            for t in numbers
            if not any(
                token_supported(t, analysis.evidence.index(s), structured=s.structured)
                for _, s in usable
            )
        ]
        if missing:
            yield Finding(
                self.code,
                at,
                at + len(label.text),
                f"{', '.join(t.text for t in missing)} in a Mermaid {kind} not found in the "
                f"cited span {describe_spans(usable, analysis)}",
                claim=label.text,
                anchors=anchors,
                missing=tuple(t.text for t in missing),
                spans=tuple(s for _, s in usable),
                subject=label.text,
            )
