"""CL202 mermaid-numeric-miss: a number in a Mermaid diagram is not anchored or supported.

Numbers in diagram labels follow the numeric grammar of CL101; in pie, xychart, sankey
and quadrant data every number is a fact that needs support. A label's anchors are those
inside the label (quoted form: `A["ORR 45% [pmid:1:abstract]"]`), in a `%% cite: [...]`
line of the block, in a `data-cite` attribute of the container, or in the caption or
sentence right before the diagram. A number with no such anchor, or not found in the
anchors' located spans, is CL202 at the label.

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

from citelint.diagnostic import Severity
from citelint.document import Document
from citelint.evidence import cited, token_supported
from citelint.mermaid import DATA_TYPES
from citelint.rules._claims import describe_spans
from citelint.rules._mermaid import analyzed, diagram_anchors, label_anchors
from citelint.rules.base import Context, Finding, Rule
from citelint.tokens import NumericToken, mask_anchors, numeric_tokens


class MermaidNumericMiss(Rule):
    code = "CL202"
    name = "mermaid-numeric-miss"
    severity = Severity.CRITICAL
    summary = "a number in a Mermaid label has no anchor, or its anchor does not support it"
    suggestion = "cite the diagram's numbers in a label, a %% cite: line or the sentence before it"

    def check(self, doc: Document, ctx: Context) -> Iterator[Finding]:
        for block, diagram in analyzed(doc):
            covering = diagram_anchors(doc, block, diagram)
            items = [(label, numeric_tokens(mask_anchors(label.text))) for label in diagram.labels]
            if diagram.kind in DATA_TYPES:
                items += [
                    (
                        value,
                        [
                            NumericToken(value.text, t.value, "bare", start=0, end=len(value.text))
                            for t in numeric_tokens(value.text, source=True)
                        ],
                    )
                    for value in diagram.data
                ]
            for label, tokens in items:
                numbers = [t for t in tokens if t.kind != "date"]
                if not numbers:
                    continue
                anchors = label_anchors(doc, label, block) + covering
                at = block.body_start + label.start
                if not anchors:
                    yield Finding(
                        self.code,
                        at,
                        at + len(label.text),
                        f"number {numbers[0].text} in a Mermaid {diagram.kind} has no anchor: "
                        "cite it in the label, in a `%% cite:` line or in the sentence before "
                        "the diagram",
                        claim=label.text,
                        missing=tuple(t.text for t in numbers),
                        subject=label.text,
                    )
                    continue
                spans = cited(anchors, ctx.resolutions, ctx.settings.locator_optional_types)
                if spans.failed and not spans.located:
                    continue  # the failed anchor is reported by CL002/CL003/CL006/CL007
                missing = [
                    t
                    for t in numbers
                    if not any(
                        token_supported(t, ctx.evidence.index(s), structured=s.structured)
                        for _, s in spans.located + spans.whole
                    )
                ]
                if missing:
                    yield Finding(
                        self.code,
                        at,
                        at + len(label.text),
                        f"{', '.join(t.text for t in missing)} in a Mermaid {diagram.kind} "
                        f"not found in the cited span "
                        f"{describe_spans(spans.located + spans.whole, ctx)}",
                        claim=label.text,
                        anchors=anchors,
                        missing=tuple(t.text for t in missing),
                        spans=tuple(s for _, s in spans.located + spans.whole),
                        subject=label.text,
                    )
