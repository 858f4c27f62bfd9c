"""Control characters a report, a saved source or a judge's reply carries never reach a
terminal or a log as controls.

An escape sequence in a report (`ESC ]0;…` retitles the window, `ESC [2J` clears it, a
carriage return overwrites the finding a reader is looking at) or a bidirectional
override that reorders what a line seems to say is shown as a visible stand-in: a C0
control or DEL as its Unicode control picture (`␛`), a C1 control or a bidirectional
override as `�`. Each stays one code point, so every column a finding gives still counts
code points of the report's line. Line feeds and tabs are the outputs' own. JSON outputs
keep the exact value: those characters are written as `\\uXXXX` escapes, which every JSON
reader decodes back.
"""

from __future__ import annotations

import re

_SHOWN = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
_RAW_IN_JSON = re.compile("[\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def _picture(match: re.Match[str]) -> str:
    code = ord(match.group(0))
    if code < 0x20:
        return chr(0x2400 + code)
    return "\u2421" if code == 0x7F else "\ufffd"


def visible(text: str) -> str:
    """`text` with every control character but line feed and tab made visible."""
    return _SHOWN.sub(_picture, text) if _SHOWN.search(text) else text


def json_escaped(text: str) -> str:
    """JSON text (from `json.dumps(…, ensure_ascii=False)`, which escapes C0 controls
    already) with DEL, C1 controls, line separators and bidirectional overrides escaped:
    the same value, no raw control."""
    return _RAW_IN_JSON.sub(lambda m: f"\\u{ord(m.group(0)):04x}", text)
