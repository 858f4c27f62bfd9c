"""Floor 7 of 10 — configuration.

What a run is told: `[tool.citelint]` found and validated (`load.py`, `keys.py`) into
typed `Settings`, the presets, the frozen `Run` record, discovery (which files are
reports), and the suppression comments a report carries.

May import: every floor below (`ground` … `rules`).
"""

# `from citelint.config import …` of citelint 0.1, when `config` was one module
# (the loader's names), kept working; loaded only when asked for (never a submodule)
_FORWARDED = (
    "CONFIG_NAMES",
    "ConfigError",
    "RuleSettings",
    "Settings",
    "apply_table",
    "find_config",
    "git_root",
    "load_isolated",
    "load_report_config",
    "load_settings",
)


def __getattr__(name: str) -> object:
    if name in _FORWARDED:
        import importlib

        return getattr(importlib.import_module("citelint.config.load"), name)
    raise AttributeError(f"module 'citelint.config' has no attribute {name!r}")
