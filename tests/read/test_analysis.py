"""The Analysis: one reading of a report that rules, counts and records share."""

from __future__ import annotations

import json
from pathlib import Path

from citelint.read.claims import AnchorScope
from citelint.sources.model import FailureKind, Span
from tests.conftest import Writer, analysis_of

REPORT = """# Report

Median PFS was 4.8 months [pmid:1:abstract]. ORR was 45%.

```mermaid
%% cite: [pmid:1:abstract]
pie title Response
  "Responders" : 45
  "Others" : 55
```

Missing source [pmid:2:abstract].
"""


def test_claims_diagrams_and_resolutions_are_read_once(project: Writer, tmp_path: Path) -> None:
    project("sources/pubmed/1.json", json.dumps({"abstract": "Median PFS 4.8 months; ORR 45%"}))
    a = analysis_of(tmp_path, "r.md", REPORT)
    texts = [c.sentence.text for c in a.claims]
    assert "Median PFS was 4.8 months [pmid:1:abstract]." in texts
    first = next(c for c in a.claims if c.sentence.text.startswith("Median"))
    assert [t.text for t in first.claim.numbers] == ["4.8 months"]
    assert [x.text for x, _ in first.cited.located] == ["[pmid:1:abstract]"]
    orr = next(c for c in a.claims if c.sentence.text.startswith("ORR"))
    assert orr.anchors == ()  # sentence scope: the paragraph's anchor does not cover it
    missing = next(c for c in a.claims if c.sentence.text.startswith("Missing"))
    assert [f.kind for _, f in missing.cited.failed] == [FailureKind.NO_SOURCE]
    assert len(a.diagrams) == 1
    diagram = a.diagrams[0]
    assert [x.text for x in diagram.covering] == ["[pmid:1:abstract]"]
    assert [label.text for label, _ in diagram.numbers] == ["45", "55"]  # data values
    assert all(isinstance(a.resolutions[x], Span) for x in diagram.covering)


def test_block_scope_covers_the_paragraph(project: Writer, tmp_path: Path) -> None:
    from citelint.read.claims import ClaimSettings

    project("sources/pubmed/1.json", json.dumps({"abstract": "4.8 months 45%"}))
    a = analysis_of(tmp_path, "r.md", REPORT, claims=ClaimSettings(anchor_scope=AnchorScope.BLOCK))
    orr = next(c for c in a.claims if c.sentence.text.startswith("ORR"))
    assert [x.text for x in orr.anchors] == ["[pmid:1:abstract]"]


def test_failure_reported_follows_suppression_not_selection(
    project: Writer, tmp_path: Path
) -> None:
    from dataclasses import replace

    a = analysis_of(tmp_path, "r.md", "Rate 5% [pmid:9:abstract].\n")
    assert a.failure_reported(FailureKind.NO_SOURCE, 0)  # the finding exists, shown or not
    hushed = replace(a, suppressed=lambda code, at: code == "CL002")
    assert not hushed.failure_reported(FailureKind.NO_SOURCE, 0)


def test_label_anchors_come_from_the_label_then_the_diagram(
    project: Writer, tmp_path: Path
) -> None:
    text = '```mermaid\nflowchart LR\n  A["ORR 45% [pmid:1:abstract]"] --> B["PFS"]\n```\n'
    a = analysis_of(tmp_path, "r.md", text)
    item = a.diagrams[0]
    labels = {label.text: a.label_anchors(item, label) for label in item.diagram.labels}
    assert [x.text for x in labels["ORR 45% [pmid:1:abstract]"]] == ["[pmid:1:abstract]"]
    assert labels["PFS"] == ()
