"""Directives: citelint- comments and data-citelint-ignore attributes are collected."""

from __future__ import annotations

from tests.read.parse.conftest import parse


def test_directives_collected() -> None:
    doc = parse(
        "r.md",
        "<!-- citelint-disable-next-line CL101 -- rounded -->\nA 5%.\n\n"
        "x <!-- citelint-disable CL001, CL004 --> y <!-- citelint-bogus -->\n",
    )
    kinds = [(d.kind, d.codes, d.reason, d.error) for d in doc.directives]
    assert kinds == [
        ("disable-next-line", ("CL101",), "rounded", ""),
        ("disable", ("CL001", "CL004"), "", ""),
        ("invalid", (), "", "unknown directive 'citelint-bogus'"),
    ]
    html = parse("r.html", '<p data-citelint-ignore="CL001 CL101">A 5%</p>')
    assert [(d.kind, d.codes) for d in html.directives] == [("ignore-subtree", ("CL001", "CL101"))]
