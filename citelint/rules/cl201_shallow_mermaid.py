"""CL201 shallow-mermaid: a Mermaid diagram too small to carry analysis.

A diagram is shallow when it has fewer than `min-edges` (3) edges, fewer than `min-nodes`
(4) distinct nodes, fewer than `min-chars` (70) non-whitespace characters in its
statements (front matter and comments not counted), or when every node of a flowchart is a
bare placeholder (`A`, `B`, `C` with no label). Edges follow Mermaid's grammar: `-->`,
`---`, `-.->`, `==>`, `--o`, `--x`, `<-->`, labelled links, chains (`A-->B-->C` is two
edges), `A & B --> C`; sequence messages; class, state, ER and requirement relations.
Types without edges count their items instead — pie slices, gantt and journey tasks,
timeline events, mindmap nodes, quadrant points, xychart data points, sankey rows — both
as edges and as nodes. Other types count their statements against `min-edges` only.

Diagrams are found in `<div class="mermaid">`, `<pre class="mermaid">`,
`<code class="language-mermaid">` and in ```` ```mermaid ```` / `~~~mermaid` fences. The
finding points at the diagram's first line.

Fails:

    ```mermaid
    graph TD
    A-->B
    ```

Passes: a diagram with at least four labelled nodes and three edges.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from citelint.ground.mermaid import EDGE_TYPES, ITEM_TYPES, Diagram
from citelint.outputs.diagnostic import Severity
from citelint.read.analysis import Analysis
from citelint.rules.base import Finding, Rule, RuleOptions


@dataclass(frozen=True)
class Options(RuleOptions):
    min_edges: int = 3
    min_nodes: int = 4
    min_chars: int = 70


class ShallowMermaid(Rule[Options]):
    code = "CL201"
    name = "shallow-mermaid"
    severity = Severity.CRITICAL
    summary = "a Mermaid diagram has too few edges, nodes or characters, or only placeholders"
    suggestion = "replace the diagram with one that carries the analysis, or remove it"
    options_type = Options

    def problems(self, diagram: Diagram) -> list[str]:
        o = self.options
        problems = []
        if diagram.kind in EDGE_TYPES:
            edges, nodes, what = diagram.edges, len(diagram.nodes), "edges"
        elif diagram.kind in ITEM_TYPES:
            edges, nodes, what = diagram.items, diagram.items, "items"
        else:
            edges, nodes, what = diagram.statements, None, "statements"
        if edges < o.min_edges:
            problems.append(f"{edges} {what} (min {o.min_edges})")
        if nodes is not None and nodes < o.min_nodes:
            problems.append(f"{nodes} nodes (min {o.min_nodes})")
        if diagram.chars < o.min_chars:
            problems.append(f"{diagram.chars} characters (min {o.min_chars})")
        if diagram.placeholders_only:
            problems.append("only placeholder nodes without labels")
        return problems

    def check(self, analysis: Analysis) -> Iterator[Finding]:
        for item in analysis.diagrams:
            block, diagram = item.block, item.diagram
            problems = self.problems(diagram)
            if problems:
                yield Finding(
                    self.code,
                    block.start,
                    block.body_start,
                    f"shallow Mermaid {diagram.kind}: {', '.join(problems)}",
                    subject=" ".join(block.source.split()),
                )
