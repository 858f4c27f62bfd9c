"""citelint: the Cite-or-Block gate for evidence-based reports.

>>> import citelint
>>> result = citelint.lint_paths(["reports/"])
>>> [d.code for d in result.diagnostics]
"""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from types import ModuleType

# not `typing`'s: importing typing would cost the command's first milliseconds, while a
# Ctrl-C there still prints a traceback (`commands/entry.py` is not yet in place)
TYPE_CHECKING = False

__version__ = "0.1.0"

if TYPE_CHECKING:
    from importlib.abc import Loader  # (importlib.abc itself costs 8 ms at start-up)
    from typing import cast

    from citelint.config.load import Settings
    from citelint.outputs.diagnostic import Diagnostic
    from citelint.outputs.result import Result

if not TYPE_CHECKING:

    def cast(kind: object, value: object) -> object:
        return value


__all__ = ["Diagnostic", "Result", "Settings", "Severity", "__version__", "lint_paths", "lint_text"]

# The types a caller of the API names, loaded when first asked for (`citelint.Result`).
_TYPES = {
    "Diagnostic": "citelint.outputs.diagnostic",
    "Severity": "citelint.outputs.diagnostic",
    "Result": "citelint.outputs.result",
    "Settings": "citelint.config.settings",
}


def __getattr__(name: str) -> object:
    if name in _TYPES:
        return getattr(importlib.import_module(_TYPES[name]), name)
    raise AttributeError(f"module 'citelint' has no attribute {name!r}")


# Import paths of citelint 0.1, from before the package's folders were its floors
# (docs/architecture.md), kept working: `import citelint.result` is the module
# `citelint.outputs.result` under both names. Nothing is loaded until it is asked for.
_MOVED = {
    f"citelint.{old}": f"citelint.{new}"
    for old, new in (
        ("anchors", "ground.anchors"), ("controls", "ground.controls"),
        ("document", "ground.document"), ("errors", "ground.errors"),
        ("gitfiles", "ground.gitfiles"), ("globs", "ground.globs"),
        ("places", "ground.places"), ("redact", "ground.redact"), ("writes", "ground.writes"),
        ("tokens", "ground.tokens"), ("mermaid", "ground.mermaid"),
        ("registries", "sources.registries"), ("diagnostic", "outputs.diagnostic"),
        ("result", "outputs.result"), ("generated", "outputs.generated"),
        ("audit", "outputs.audit"), ("baseline", "outputs.baseline"), ("emit", "outputs.emit"),
        ("formatters", "outputs.formatters"), ("support", "evidence.support"),
        ("relations", "evidence.relations"), ("judged", "evidence.judged"),
        ("binding", "evidence.binding"), ("wording", "evidence.wording"),
        ("phrases", "evidence.phrases"), ("parse", "read.parse"),
        ("citations", "read.citations"), ("claims", "read.claims"),
        ("analysis", "read.analysis"), ("verdicts", "rules.verdicts"),
        ("config_keys", "config.keys"), ("settings", "config.settings"),
        ("presets", "config.presets"), ("run", "config.run"), ("discover", "config.discover"),
        ("suppress", "config.suppress"), ("records", "findings.records"),
        ("stamp", "findings.stamp"), ("repair", "findings.repair"), ("linter", "lint.linter"),
        ("runner", "lint.runner"), ("pool", "lint.pool"), ("cache", "lint.cache"),
        ("cli", "commands.cli"), ("arguments", "commands.arguments"),
        ("docgen", "commands.docgen"), ("fetch", "commands.fetch"), ("judge", "commands.judge"),
    )
}  # fmt: skip


class _MovedModules:
    """A finder and loader that answers an old import path with the moved module."""

    @staticmethod
    def find_spec(name: str, path: object = None, target: object = None) -> ModuleSpec | None:
        prefix = next((old for old in _MOVED if name == old or name.startswith(old + ".")), None)
        if prefix is None:
            return None
        loader: Loader = cast("Loader", _MovedModules())
        return ModuleSpec(name, loader, is_package=name == prefix)

    def create_module(self, spec: ModuleSpec) -> ModuleType:
        old = next(o for o in _MOVED if spec.name == o or spec.name.startswith(o + "."))
        return importlib.import_module(_MOVED[old] + spec.name[len(old) :])

    def exec_module(self, module: ModuleType) -> None:
        """The module ran when it was imported under its own name."""


sys.meta_path.append(_MovedModules())


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
    import dataclasses  # here, not at the top: the command's start-up does without it

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
