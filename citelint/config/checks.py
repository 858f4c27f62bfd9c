"""The checks of config values: each takes the value and its key, and gives the typed value
or raises `ConfigError` naming the key and what it wants."""

from __future__ import annotations

import re
from collections.abc import Callable

from citelint.ground.errors import ConfigError
from citelint.ground.globs import GlobError, alternatives
from citelint.ground.spelling import did_you_mean
from citelint.read.citations.styles import style_names
from citelint.rules import RULES_BY_CODE


def check_strings(value: object, key: str) -> tuple[str, ...]:
    items = [value] if isinstance(value, str) else value
    if not isinstance(items, list) or not all(isinstance(v, str) for v in items):
        raise ConfigError(f"'{key}' must be a list of strings")
    return tuple(str(v) for v in items)


def check_codes(value: object, key: str) -> tuple[str, ...]:
    """Rule codes or prefixes; one that selects no rule is an error, never a silent no-op."""
    codes = tuple(c.strip() for v in check_strings(value, key) for c in v.split(",") if c.strip())
    for code in codes:
        if not re.fullmatch(r"C(?:L\d{0,3})?", code):
            hint = did_you_mean(code, RULES_BY_CODE)
            raise ConfigError(
                f"'{key}' has '{code}', which is not a rule code or prefix (CL1…){hint}"
            )
        if not any(known.startswith(code) for known in RULES_BY_CODE):
            hint = did_you_mean(code, RULES_BY_CODE)
            raise ConfigError(
                f"'{key}' has '{code}', which matches no rule (`citelint rules`){hint}"
            )
    return codes


def check_int(value: object, key: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ConfigError(f"'{key}' must be a whole number ≥ 0")
    return value


def check_sarif_cap(value: object, key: str) -> int:
    """Code scanning rejects a run of more than 25,000 results: a larger cap would make
    the upload fail, and so hide every finding."""
    if check_int(value, key) > 25_000:
        raise ConfigError(f"'{key}' must be at most 25000 (code scanning's limit per run)")
    return check_int(value, key)


def check_globs(value: object, key: str) -> tuple[str, ...]:
    globs = check_strings(value, key)
    for glob in globs:
        if glob.startswith(("/", "\\")) or ".." in re.split(r"[\\/]", glob):
            raise ConfigError(f"'{key}' has {glob!r}: patterns are relative to the project root")
        try:
            alternatives(glob)
        except GlobError as exc:
            raise ConfigError(f"'{key}' has {exc}") from exc
    return globs


def check_bool(value: object, key: str) -> bool:
    if not isinstance(value, bool):
        raise ConfigError(f"'{key}' must be true or false")
    return value


def check_folder(value: object, key: str) -> str:
    if not isinstance(value, str):
        raise ConfigError(f"'{key}' must be a folder path")
    return value


def check_styles(value: object, key: str) -> tuple[str, ...]:
    styles = check_strings(value, key)
    names = style_names()
    for style in styles:
        if style not in names:
            raise ConfigError(f"'{key}' has '{style}'; the styles are {', '.join(names)}")
    return tuple(dict.fromkeys(styles))


def check_choice(*allowed: str) -> Callable[[object, str], str]:
    def check(value: object, key: str) -> str:
        if value not in allowed:
            raise ConfigError(f"'{key}' must be one of {', '.join(allowed)}; got {value!r}")
        return str(value)

    return check


Check = Callable[[object, str], object]
