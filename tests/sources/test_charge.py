"""One report's total read cap: each cited file counted once, whoever read it."""

from __future__ import annotations

from citelint.sources.charge import ReadCharge
from citelint.sources.model import Failure, Span


def test_each_file_is_charged_once_and_past_the_cap_is_unread() -> None:
    charge = ReadCharge(max_total_bytes=100)
    for path, size in (("/r/a", 60), ("/r/b", 50)):
        charge.read(path, size)
    a, b = Span("/r/a", None, "x"), Span("/r/b", None, "y")
    assert charge.charge(a, str, str) is a  # outside a report: nothing is charged
    charge.charging(True)
    assert charge.charge(a, str, str) is a
    assert charge.charge(a, str, str) is a  # cited twice, counted once
    over = charge.charge(b, str, lambda p: f"<{p}>")
    assert isinstance(over, Failure) and over.message == (
        "</r/b> is not read: the sources this report cites reach max-total-source-bytes (100)"
    )
    charge.charging(True)  # the next report starts at nothing
    assert charge.charge(b, str, str) is b
    charge.release(lambda p: p.startswith("/r/"))
    assert charge.charge(Span("/r/c", None, "z"), str, str).path == "/r/c"
