"""Enough of Mermaid's grammar to judge a diagram's substance (RULES §3, DECISIONS M1–M5).

`analyze` strips front matter, `%%{…}%%` directives and comments, finds the diagram type,
and counts nodes, distinct labels and edges for flowchart/graph, sequence, class, state,
ER and requirement diagrams, and items (slices, tasks, events, nodes, points, rows) for
the edge-less types. Labels keep their offsets in the diagram source so findings can
point at them.
"""

from __future__ import annotations

import itertools
import re

from citelint.ground.mermaid.items import read_items
from citelint.ground.mermaid.model import (
    DATA_TYPES,
    EDGE_TYPES,
    ITEM_TYPES,
    KEYWORDS,
    Diagram,
    Label,
)
from citelint.ground.mermaid.model import add_label as _label

_FRONT_MATTER = re.compile(r"\A\s*---\n.*?\n---[ \t]*\n", re.S)
_DIRECTIVE = re.compile(r"%%\{.*?\}%%", re.S)
_CITE = re.compile(r"^[ \t]*%%[ \t]*cite:(.*)$", re.M | re.I)
_COMMENT = re.compile(r"^[ \t]*%%.*$", re.M)

_SHAPE = (
    r"@\{.*?\}|\(\(\(.*?\)\)\)|\(\(.*?\)\)|\(\[.*?\]\)|\[\[.*?\]\]|\[\(.*?\)\]|\{\{.*?\}\}|"
    r"\[/.*?[/\\]\]|\[\\.*?[/\\]\]|\[.*?\]|\(.*?\)|\{.*?\}|>.*?\]"
)
_NODE = re.compile(
    rf"\s*(?P<id>[^\s\[\](){{}}<>|&;:\"'=-][^\s\[\](){{}}<>|&;\"'=]*?)\s*"
    rf"(?P<shape>{_SHAPE})?(?::::[\w-]+)?\s*(?=$|&|<?[ox]?(?:-{{2,}}|={{2,}}|-\.|~{{3,}}))"
)
_LINK = re.compile(
    r"\s*(?:(?P<mid>--|==|-\.)\s*(?P<midlabel>[^|>\n\-=.\s][^|>\n]*?)\s*(?:-{2,}>|={2,}>|\.+-+>|-{3,}|={3,}|"
    r"-\.+-)|[<ox]?(?:-{2,}|={2,}|-\.+-|~{3,})[>ox]?)"
    r"(?:\s*\|(?P<pipe>[^|]*)\|)?"
)
_SEQ_MESSAGE = re.compile(
    r"^\s*(?P<a>[^\s:+-][^:]*?)\s*(?:<<-{1,2}>>|-{1,2}>>|-{1,2}>|-{1,2}x|-{1,2}\))\s*(?:[+-]\s*)?"
    r"(?P<b>[^:]+?)\s*:(?P<text>.*)$"
)
_SEQ_PARTICIPANT = re.compile(
    r"^\s*(?:participant|actor)\s+(?P<id>\S+)(?:\s+as\s+(?P<alias>.+))?$", re.I
)
_CLASS_REL = re.compile(
    r"^\s*(?P<a>[\w.`~-]+)\s*(?:\"[^\"]*\"\s*)?(?:<\|--|\*--|o--|-->|--\*|--o|--\|>|\.\.>|"
    r"\.\.\|>|<\.\.|<--|--|\.\.)\s*(?:\"[^\"]*\"\s*)?(?P<b>[\w.`~-]+)(?:\s*:\s*(?P<text>.*))?$"
)
_CLASS_DECL = re.compile(r"^\s*class\s+(?P<id>[\w.`~-]+)", re.I)
_STATE_EDGE = re.compile(r"^\s*(?P<a>\S+?)\s*-->\s*(?P<b>[^:\s]+)\s*(?::(?P<text>.*))?$")
_STATE_DECL = re.compile(r"^\s*state\s+(?:\"(?P<label>[^\"]*)\"\s+as\s+)?(?P<id>[\w-]+)", re.I)
_ER_REL = re.compile(
    r"^\s*(?P<a>[\w\"-]+)\s*[|}o]{1,2}(?:--|\.\.)[|{o]{1,2}\s*(?P<b>[\w\"-]+)\s*:\s*(?P<text>.*)$"
)
_REQ_REL = re.compile(
    r"^\s*(?P<a>\S+)\s*-\s*\w+\s*->\s*(?P<b>\S+)|^\s*(?P<c>\S+)\s*<-\s*\w+\s*-\s*"
    r"(?P<d>\S+)"
)
_REQ_DECL = re.compile(r"^\s*(?:\w*requirement|element)\s+(?P<id>[\w-]+)\s*\{", re.I)
_PLACEHOLDER = re.compile(r"^[A-Za-z]\d?$")


def clean(source: str) -> tuple[str, list[tuple[str, int]]]:
    """Source with front matter, directives and comments blanked (offsets kept)."""

    def blank(m: re.Match[str]) -> str:
        return re.sub(r"[^\n]", " ", m.group(0))

    cites = [(m.group(1).strip(), m.start(1)) for m in _CITE.finditer(source)]
    text = _FRONT_MATTER.sub(blank, source, count=1)
    text = _DIRECTIVE.sub(blank, text)
    text = _COMMENT.sub(blank, text)
    return text, cites


def analyze(source: str) -> Diagram:
    text, cites = clean(source)
    lines = [(m.group(0), m.start()) for m in re.finditer(r"[^\n]+", text) if m.group(0).strip()]
    if not lines:
        return Diagram("empty", cites=cites)
    header, first = lines[0]
    kind = header.split()[0].rstrip(":").lower()
    diagram = Diagram(kind, cites=cites)
    body = lines[1:]
    # `graph TD; A-->B` keeps statements on the header line
    if ";" in header:
        rest = header.split(";", 1)[1]
        body.insert(0, (rest, first + header.index(";") + 1))
    diagram.statements = len(body)
    parser = {
        "flowchart": _flowchart, "graph": _flowchart, "sequencediagram": _sequence,
        "classdiagram": _class, "statediagram": _state, "statediagram-v2": _state,
        "erdiagram": _er, "requirementdiagram": _requirement,
    }.get(kind)  # fmt: skip
    if parser is not None:
        start = body[0][1] if body else len(text)
        brackets = kind in ("flowchart", "graph")  # only flowcharts wrap labels over lines
        for part, at in _statements(text, start, brackets=brackets):
            parser(diagram, part.replace("\n", " "), at)
    elif kind in ITEM_TYPES:
        read_items(diagram, kind, body)
    else:
        for line, offset in body:
            diagram.labels.append(Label(line.strip(), offset + len(line) - len(line.lstrip())))
    # M3 counts labels and ids; that calls a structured but unlabelled diagram (9 nodes,
    # 7 edges, subgraphs) shallow, so the count is every non-whitespace character of the
    # statements, still without the header, front matter and comments.
    diagram.chars = sum(len(re.sub(r"\s", "", line)) for line, _ in body)
    has_labels = any(label.text.strip() for label in diagram.labels)
    diagram.placeholders_only = (
        kind in ("flowchart", "graph")
        and bool(diagram.nodes)
        and not has_labels
        and all(_PLACEHOLDER.match(n) for n in diagram.nodes)
    )
    return diagram


def _statements(text: str, start: int, *, brackets: bool) -> list[tuple[str, int]]:
    """Statements split at `;` and newlines outside brackets and quotes, so a node label
    that spans lines (`A["first\nsecond"]`) stays one statement."""
    out: list[tuple[str, int]] = []
    depth = 0
    quoted = False
    begin = start
    for i in range(start, len(text) + 1):
        ch = text[i] if i < len(text) else "\n"
        if ch == '"' and brackets:
            quoted = not quoted
        elif not brackets:
            pass
        elif not quoted and ch in "[(":
            depth += 1
        elif not quoted and ch in "])" and depth:
            depth -= 1
        if not quoted and depth == 0 and ch in ";\n":
            piece = text[begin:i]
            if piece.strip():
                out.append((piece, begin))
            begin = i + 1
    return out


def _flowchart(diagram: Diagram, line: str, at: int) -> None:
    if KEYWORDS.match(line):
        m = re.match(r"\s*subgraph\s+(\S+)(?:\s*\[(.*)\])?", line, re.I)
        if m and m.group(2):
            _label(diagram, m.group(2), at + m.start(2))
        return
    pos = 0
    groups: list[list[str]] = []
    while pos < len(line):
        group: list[str] = []
        while True:
            node = _NODE.match(line, pos)
            if not node or not node.group("id"):
                break
            group.append(node.group("id"))
            if node.group("shape"):
                _label(diagram, node.group("shape"), at + node.start("shape"))
            pos = node.end()
            amp = re.match(r"\s*&", line[pos:])
            if not amp:
                break
            pos += amp.end()
        if not group:
            break
        groups.append(group)
        link = _LINK.match(line, pos)
        if not link or link.end() == pos:
            break
        for name in ("midlabel", "pipe"):
            if link.group(name):
                _label(diagram, link.group(name), at + link.start(name))
        pos = link.end()
    for group in groups:
        diagram.nodes.update(group)
    for left, right in itertools.pairwise(groups):
        diagram.edges += len(left) * len(right)


def _sequence(diagram: Diagram, line: str, at: int) -> None:
    p = _SEQ_PARTICIPANT.match(line)
    if p:
        diagram.nodes.add(p.group("id"))
        if p.group("alias"):
            _label(diagram, p.group("alias"), at + p.start("alias"))
        return
    m = _SEQ_MESSAGE.match(line)
    if m:
        _relation(diagram, m, at, strip=" ")
    elif re.match(r"\s*note\b", line, re.I) and ":" in line:
        _label(diagram, line.split(":", 1)[1], at + line.index(":") + 1)


def _relation(diagram: Diagram, m: re.Match[str], at: int, strip: str = "") -> None:
    """One edge between groups `a` and `b`, labelled by group `text` when present."""
    diagram.nodes.update((m.group("a").strip(strip), m.group("b").strip(strip)))
    diagram.edges += 1
    if m.group("text"):
        _label(diagram, m.group("text"), at + m.start("text"))


def _class(diagram: Diagram, line: str, at: int) -> None:
    m = _CLASS_REL.match(line)
    if m:
        _relation(diagram, m, at)
        return
    d = _CLASS_DECL.match(line)
    if d:
        diagram.nodes.add(d.group("id"))
    elif line.strip() not in ("{", "}") and not KEYWORDS.match(line):
        _label(diagram, line, at)  # members and methods carry the class's content


def _state(diagram: Diagram, line: str, at: int) -> None:
    m = _STATE_EDGE.match(line)
    if m:
        _relation(diagram, m, at)
        return
    d = _STATE_DECL.match(line)
    if d:
        diagram.nodes.add(d.group("id"))
        if d.group("label"):
            _label(diagram, d.group("label"), at + d.start("label"))
    elif ":" in line and not KEYWORDS.match(line):
        name, _, text = line.partition(":")
        diagram.nodes.add(name.strip())
        _label(diagram, text, at + len(name) + 1)


def _er(diagram: Diagram, line: str, at: int) -> None:
    m = _ER_REL.match(line)
    if m:
        _relation(diagram, m, at, strip='"')
        return
    entity = re.match(r"^\s*([\w\"-]+)\s*\{", line)
    if entity:
        diagram.nodes.add(entity.group(1).strip('"'))
    elif line.strip() != "}":
        _label(diagram, line, at)


def _requirement(diagram: Diagram, line: str, at: int) -> None:
    m = _REQ_REL.match(line)
    if m:
        diagram.nodes.update(x for x in m.groups() if x)
        diagram.edges += 1
        return
    d = _REQ_DECL.match(line)
    if d:
        diagram.nodes.add(d.group("id"))
    elif ":" in line:
        _label(diagram, line.split(":", 1)[1], at + line.index(":") + 1)


__all__ = ["DATA_TYPES", "EDGE_TYPES", "ITEM_TYPES", "Diagram", "Label", "analyze", "clean"]
