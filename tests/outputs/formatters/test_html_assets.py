"""The HTML view's own style and script, written into every page."""

from __future__ import annotations

from citelint.outputs.formatters.html_assets import SCRIPT, STYLE


def test_the_page_carries_its_own_style_and_script_and_fetches_nothing() -> None:
    assert "{" in STYLE and "function" in SCRIPT
    assert "http://" not in STYLE + SCRIPT and "https://" not in STYLE + SCRIPT
