"""citelint: the Cite-or-Block gate for evidence-based reports.

>>> import citelint
>>> result = citelint.lint_paths(["reports/"])
>>> [d.code for d in result.diagnostics]
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Sequence
from typing import TYPE_CHECKING

__version__ = "0.1.0"

if TYPE_CHECKING:
    from citelint.config.load import Settings
    from citelint.outputs.diagnostic import Diagnostic
    from citelint.outputs.result import Result

__all__ = ["__version__", "lint_paths", "lint_text"]


def lint_paths(paths: Sequence[str], config: Settings | str | None = None) -> Result:
    """Lint files and folders. `config` is a `Settings`, a config file path, or None to
    discover `.citelint.toml`, `citelint.toml` or `[tool.citelint]` from the current folder."""
    from citelint.config.load import Settings, find_config, load_settings
    from citelint.lint.runner import Runner

    if not isinstance(config, Settings):
        explicit = config is not None
        config = load_settings(config or find_config(os.getcwd()), os.getcwd(), explicit=explicit)
    named = list(paths) or ["."]
    return Runner.of(config, named).lint()


def lint_text(
    text: str, *, suffix: str = ".md", sources: str | None = None, config: Settings | None = None
) -> list[Diagnostic]:
    """Lint one report given as a string; `sources` is its sources root (or None)."""
    from citelint.config.load import Settings
    from citelint.config.run import Run
    from citelint.lint.linter import Linter

    settings = config or Settings(project_root=os.getcwd())
    if sources:  # the caller names the sources root: it is trusted as the command line is
        settings = dataclasses.replace(settings, cli_roots=(*settings.cli_roots, sources))
    linter = Linter(Run.of(settings), settings)
    name = f"<text>{suffix if suffix.startswith('.') else '.' + suffix}"
    root = os.path.abspath(sources) if sources else None
    return list(linter.lint_bytes(name, text.encode("utf-8"), root).diagnostics)
