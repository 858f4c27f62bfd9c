"""Suppression and appendix comments: `<!-- citelint-disable-next-line CL101 -- why -->`."""

from __future__ import annotations

import re

from citelint.ground.document import Directive

_KINDS = ("disable-next-line", "disable-file", "disable", "enable", "appendix")
_CODE = re.compile(r"CL\d{3}")
_DIRECTIVE = re.compile(r"\s*citelint-([A-Za-z-]+)(.*)", re.S)


def parse_comment(body: str, start: int, end: int) -> Directive | None:
    """A directive from the text inside `<!-- … -->`, or None when it is no directive."""
    m = _DIRECTIVE.match(body)
    if not m:
        return None
    kind, rest = m.group(1), m.group(2)
    raw = f"<!--{body}-->"
    codes_text, _, reason = rest.partition("--")
    if kind not in _KINDS:
        return Directive(
            "invalid", (), start, end, raw, error=f"unknown directive 'citelint-{kind}'"
        )
    if kind == "appendix":
        return Directive(kind, (), start, end, raw)
    words = codes_text.replace(",", " ").split()
    bad = [w for w in words if not _CODE.fullmatch(w)]
    if bad:
        return Directive(
            kind, (), start, end, raw, reason.strip(), error=f"'{bad[0]}' is not a rule code"
        )
    if not words:
        return Directive(
            kind,
            (),
            start,
            end,
            raw,
            reason.strip(),
            error="names no rule code; codes are required",
        )
    return Directive(kind, tuple(words), start, end, raw, reason.strip())


def parse_ignore_attribute(value: str, start: int, end: int) -> Directive:
    """`data-citelint-ignore="CL001 CL101"` on an element: suppress inside its subtree (X1)."""
    words = value.replace(",", " ").split()
    raw = f'data-citelint-ignore="{value}"'
    bad = [w for w in words if not _CODE.fullmatch(w)]
    if bad or not words:
        error = f"'{bad[0]}' is not a rule code" if bad else "names no rule code"
        return Directive("ignore-subtree", (), start, end, raw, error=error)
    return Directive("ignore-subtree", tuple(words), start, end, raw)
