"""What a kept result is keyed by besides the report: settings as stable text, the code."""

from __future__ import annotations

import functools

from citelint.config.settings import Settings
from citelint.lint.cache.versions import code_version, stable


def test_settings_and_code_have_the_same_text_in_every_process() -> None:
    text = stable(Settings(project_root="/p", cache_dir=None))
    assert " at 0x" not in text and text == stable(Settings(project_root="/p", cache_dir=None))
    assert text != stable(Settings(project_root="/p", cache_dir=None, fail_on="warning"))
    assert len(code_version()) == 64


def test_a_callable_is_known_by_its_name_and_what_it_closes_over() -> None:

    def make(n: int) -> object:
        return lambda: n

    assert stable(make(1)) != stable(make(2)) and stable(make(1)) == stable(make(1))
    assert stable(functools.partial(int, base=2)) != stable(functools.partial(int, base=8))
    assert stable(len) == "builtins.len"


def test_the_code_version_covers_every_floor(monkeypatch: object) -> None:
    """Every module of the package counts, not only the cache's own folder."""
    import os

    import citelint

    package = os.path.dirname(citelint.__file__)
    floors = {p for p in os.listdir(package) if os.path.isdir(os.path.join(package, p))}
    assert {"ground", "rules", "commands"} <= floors and len(code_version()) == 64
