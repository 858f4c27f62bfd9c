"""The HTML audit view: self-contained pages, no network, no external assets.

`render` is one page for a run (`-o html:FILE`); `pages` is an index page and one page per
report (`--html-dir DIR`), for runs too large for one page. The index is sortable (click a
column) and searchable (a box filters by path). Each report shows its claims by line,
coloured by verdict — green supported, blue unchecked, amber warnings, red critical,
grey not fact-bearing. Clicking a claim (or opening the page at `#claim-<id>`) shows
its anchors, the cited span with the matched tokens highlighted (±300 characters around
them, DECISIONS I6) and the missing ones.
Filters show failed claims only, one rule or one file (also from the address:
`?failed=1&rule=CL101&file=report-0`), and each finding in a report's list links to its
claim. Everything shown is escaped; the script only moves prepared
markup into the panel and hides what the filters leave out.
"""

from __future__ import annotations

import bisect
import dataclasses
import hashlib
import html
import os
import re
import time
from collections.abc import Callable, Iterator, Sequence

from citelint import __version__
from citelint.outputs.diagnostic import Diagnostic
from citelint.outputs.formatters.html_assets import SCRIPT, STYLE
from citelint.outputs.formatters.text import summary_line
from citelint.outputs.generated import HTML_MARK
from citelint.outputs.result import ClaimRecord, FileResult, Result


def _e(text: str) -> str:
    return html.escape(text, quote=True)


def _highlight(excerpt: str, tokens: Sequence[str]) -> str:
    """Marks the tokens in the raw excerpt, then escapes each piece: matching escaped text
    would find `27` inside `&#x27;`."""
    needles = sorted({t for t in tokens if t and t in excerpt}, key=len, reverse=True)
    if not needles:
        return _e(excerpt)
    pattern = re.compile("|".join(re.escape(n) for n in needles))
    out, pos = [], 0
    for m in pattern.finditer(excerpt):
        out.append(_e(excerpt[pos : m.start()]))
        out.append(f'<mark class="match">{_e(m.group(0))}</mark>')
        pos = m.end()
    out.append(_e(excerpt[pos:]))
    return "".join(out)


def _needles(record: ClaimRecord) -> list[str]:
    found = []
    for token in record.tokens:
        if token in record.missing:
            continue
        found.append(token)
        number = re.search(r"\d+(?:[.,]\d+)*", token)
        if number:
            found.append(number.group(0))
    return found


def _coverage(record: ClaimRecord) -> str:
    """The share of the claim's words its window holds, for a reader's script to sort by."""
    return "" if record.coverage is None else f' data-coverage="{record.coverage}"'


def _detail(key: str, record: ClaimRecord) -> str:
    parts = [
        f'<div class="details" id="detail-{key}">',
        f'<p class="verdict verdict-{record.verdict}">line {record.line}: {record.verdict}'
        + (f" ({_e(', '.join(record.codes))})" if record.codes else "")
        + "</p>",
        f'<blockquote class="claim-text">{_e(record.text)}</blockquote>',
    ]
    if record.missing:
        parts.append(
            "<p>Missing: "
            + " ".join(f'<mark class="missing">{_e(m)}</mark>' for m in record.missing)
            + "</p>"
        )
    if not record.anchors:
        parts.append("<p>No anchor.</p>")
    if record.unchecked_because:
        parts.append(f'<p class="unchecked-why">Unchecked: {_e(record.unchecked_because)}</p>')
    if record.evidence:  # the sentence its relations were checked against
        parts.append(
            f'<p class="evidence-label">Evidence window, {_e(record.evidence_at)}: '
            f"{record.coverage}% of the claim's words</p>"
        )
        parts.append(
            f'<div class="excerpt evidence">{_highlight(record.evidence, _needles(record))}</div>'
        )
    if record.judge is not None:  # the judge's verdict, its quote marked in what it read
        verdict, model, quote, reason, evidence = record.judge
        parts.append(
            f'<p class="judge-label">Judge ({_e(model)}): {_e(verdict)}'
            + (f" — {_e(reason)}" if reason else "")
            + "</p>"
        )
        parts.append(f'<div class="excerpt judge">{_highlight(evidence, [quote])}</div>')
    for place, shown in record.found_in:  # the suggested span beside the cited one
        parts.append(f'<p class="found">Found in {_e(place)}</p>')
        parts.append(f'<div class="excerpt found">{_highlight(shown, _needles(record))}</div>')
    for span in record.spans:
        style = "" if span.style == "anchor" else f" <small>({_e(span.style)} citation)</small>"
        parts.append(f'<h4 class="anchor">{_e(span.anchor)}{style}</h4>')
        if span.problem:
            parts.append(f'<p class="problem">{_e(span.problem)}</p>')
            continue
        parts.append(f'<p class="source">{_e(span.path)} › {_e(span.where)}</p>')
        if span.fetched:
            parts.append(f'<p class="fetched">{_e(span.fetched)}</p>')
        parts.append(f'<div class="excerpt">{_highlight(span.excerpt, _needles(record))}</div>')
    parts.append("</div>")
    return "".join(parts)


def _claims_by_code(n: int, records: Sequence[ClaimRecord]) -> Callable[[Diagnostic], str]:
    """The claim a finding stands on: the last claim starting at or before it that holds
    its code ("" for findings outside claims, such as a malformed directive)."""
    lines: dict[str, list[int]] = {}
    keys: dict[str, list[str]] = {}
    for record in records:  # records come in document order
        for code in record.codes:
            lines.setdefault(code, []).append(record.line)
            keys.setdefault(code, []).append(f"r{n}-c{record.id}")

    def claim_of(d: Diagnostic) -> str:
        i = bisect.bisect_right(lines.get(d.code, []), d.line) - 1
        return keys[d.code][i] if i >= 0 else ""

    return claim_of


def _filters(result: Result) -> str:
    codes = sorted({d.code for d in result.diagnostics})
    rule_options = "".join(f'<option value="{c}">{c}</option>' for c in codes)
    file_options = "".join(
        f'<option value="report-{n}">{_e(f.path)}</option>' for n, f in enumerate(result.files)
    )
    return (
        '<form class="filters" onsubmit="return false">'
        '<label><input type="checkbox" id="filter-failed"> failed only</label> '
        '<label>rule <select id="filter-rule"><option value="">all</option>'
        f"{rule_options}</select></label> "
        '<label>file <select id="filter-file"><option value="">all</option>'
        f"{file_options}</select></label></form>"
    )


def _report(n: int, f: FileResult) -> str:
    out = [
        f'<section class="report" id="report-{n}" data-path="{_e(f.path)}">',
        f"<h2>{_e(f.path)}</h2>",
    ]
    if f.diagnostics:
        out.append('<ul class="findings">')
        claim_of = _claims_by_code(n, f.records)
        for d in f.diagnostics:
            key = claim_of(d)
            where = (
                f'<a href="#claim-{key}">{d.line}:{d.column}</a>'
                if key
                else (f"{d.line}:{d.column}")
            )
            out.append(
                f'<li class="finding severity-{d.severity.value}" data-code="{d.code}">'
                f"{where} {d.code} {_e(d.message)}</li>"
            )
        out.append("</ul>")
    current = -1
    details = []
    for record in f.records:
        key = f"r{n}-c{record.id}"
        if record.block != current:
            if current >= 0:
                out.append("</p>")
            current = record.block
            out.append(f'<p class="unit"><span class="ln">{record.line}</span>')
        out.append(
            f'<span class="claim verdict-{record.verdict}" id="claim-{key}" data-claim="{key}" '
            f'data-verdict="{record.verdict}" data-codes="{" ".join(record.codes)}" '
            f'data-line="{record.line}"{_coverage(record)} tabindex="0">'
            f"{_e(record.text)}</span> "
        )
        details.append(_detail(key, record))
    if current >= 0:
        out.append("</p>")
    out += details
    out.append("</section>")
    return "\n".join(out)


def _index(result: Result, link: Callable[[int], str]) -> str:
    rows = "".join(
        f'<tr data-path="{_e(f.path)}"><td data-value="{_e(f.path)}">'
        f'<a href="{link(n)}">{_e(f.path)}</a></td>'
        f'<td data-value="{len(f.diagnostics)}">{len(f.diagnostics)}</td>'
        f'<td data-value="{f.claims}">{f.claims}</td>'
        f'<td data-value="{f.supported}">{f.supported}</td>'
        f'<td data-value="{f.unsupported}">{f.unsupported}</td>'
        f'<td data-value="{f.unchecked}">{f.unchecked}</td></tr>'
        for n, f in enumerate(result.files)
    )
    files = result.files
    totals = (
        len(result.diagnostics),
        sum(f.claims for f in files),
        sum(f.supported for f in files),
        sum(f.unsupported for f in files),
        sum(f.unchecked for f in files),
    )
    foot = f"<td>{len(files)} reports</td>" + "".join(f"<td>{t}</td>" for t in totals)
    return (
        '<input id="index-search" type="search" placeholder="filter reports by path" '
        'aria-label="filter reports by path">'
        '<table class="index"><thead><tr><th>report</th><th>findings</th><th>claims</th>'
        "<th>supported</th><th>unsupported</th><th>unchecked</th></tr></thead>"
        f'<tbody>{rows}</tbody><tfoot><tr class="totals">{foot}</tr></tfoot></table>'
    )


def _page(result: Result, body: Sequence[str], title: str, back: bool = False) -> str:
    summary = result.summary()
    by_severity = summary["by_severity"]
    assert isinstance(by_severity, dict)
    counts = " ".join(
        f'data-{k}="{by_severity.get(k, 0)}"' for k in ("critical", "warning", "info")
    )
    return "\n".join(
        [
            "<!DOCTYPE html>",
            f'<html lang="en"><head><meta charset="utf-8">{HTML_MARK}',
            '<meta name="viewport" content="width=device-width, initial-scale=1">',
            f"<title>{_e(title)}</title><style>{STYLE}</style></head><body>",
            "<main><header>",
            '<p><a href="index.html">← all reports</a></p>' if back else "",
            f'<h1>{_e(title)}</h1><p class="counts" {counts} data-claims="{summary["claims"]}" '
            f'data-supported="{summary["supported_claims"]}">{_e(summary_line(result))}</p>',
            f'<p class="tool">citelint {__version__}, {run_date()}</p>',
            *body,
            "</main>",
            '<aside id="panel"><h3>Claim</h3><div id="panel-body">Click a claim to see its '
            "anchors and the cited span.</div></aside>",
            f"<script>{SCRIPT}</script>",
            "</body></html>",
            "",
        ]
    )


def render(result: Result, color: bool = False) -> str:
    """The whole run on one page."""
    head = _index(result, lambda n: f"#report-{n}") + _filters(result) + "</header>"
    reports = (_report(n, f) for n, f in enumerate(result.files))
    return _page(result, [head, *reports], "citelint audit")


def pages(result: Result) -> Iterator[tuple[str, str]]:
    """`index.html` and one page per report, named by the report's path (a report added
    or removed never renames another's page): (file name, page), one at a time. Each
    report's page counts that report's findings and claims."""
    names = [page_name(f.path) for f in result.files]
    head = _index(result, lambda n: names[n]) + "</header>"
    yield "index.html", _page(result, [head], "citelint audit")
    for n, f in enumerate(result.files):
        one = dataclasses.replace(result, files=(f,))
        body = [_filters(one) + "</header>", _report(n, f)]
        yield names[n], _page(one, body, f"citelint audit: {f.path}", back=True)


def run_date() -> str:
    """The day of the run (UTC), or of `SOURCE_DATE_EPOCH` when set: reproducible
    builds fix it, and the bytes stay the same."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "")
    when = int(epoch) if epoch.isdigit() else int(time.time())
    return time.strftime("%Y-%m-%d", time.gmtime(when))


def page_name(path: str) -> str:
    """A report's page: its path made a file name, and a digest of the path so that two
    paths made alike (`a/b.md`, `a-b.md`) never share one."""
    slug = re.sub(r"[^A-Za-z0-9._-]+", "-", path).strip("-.")[:80] or "report"
    return f"{slug}-{hashlib.sha256(path.encode()).hexdigest()[:8]}.html"
