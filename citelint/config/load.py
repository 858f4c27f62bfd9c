"""Configuration: finding and loading config files (their keys are `config_keys.py`).

Found as `--config FILE`, else the first of `.citelint.toml`, `citelint.toml` or a
`pyproject.toml` with `[tool.citelint]`, walking up from the current folder to the
repository root; each report then uses the config nearest to it (a monorepo's
`docs/pyproject.toml`). Keys are kebab-case; every error names the file and the key path.
"""

from __future__ import annotations

import dataclasses
import os
import tomllib
from collections.abc import Iterator, Mapping, Sequence

from citelint.config.keys import apply_table
from citelint.config.settings import RuleSettings, Settings
from citelint.ground.errors import ConfigError
from citelint.sources.model import SourceError
from citelint.sources.paths import read_regular

MAX_CONFIG_BYTES = 1024 * 1024
CONFIG_NAMES = (".citelint.toml", "citelint.toml", "pyproject.toml")

__all__ = [
    "ConfigError",
    "RuleSettings",
    "Settings",
    "apply_table",
    "find_config",
    "load_isolated",
    "load_report_config",
    "load_settings",
]


# -- discovery -------------------------------------------------------------------------


def _upwards(start: str) -> Iterator[str]:
    """`start` and each parent folder, up to the filesystem root."""
    here = os.path.abspath(start)
    while True:
        yield here
        parent = os.path.dirname(here)
        if parent == here:
            return
        here = parent


def find_config(start: str) -> str | None:
    """The first config file from `start` upwards, stopping at the repository root."""
    for here in _upwards(start):
        for name in CONFIG_NAMES:
            path = os.path.join(here, name)
            if name != "pyproject.toml" and os.path.lexists(path):
                return path  # citelint's own file: whatever it is, it must load or fail
            if name == "pyproject.toml" and os.path.isfile(path) and _has_table(path):
                return path
        if os.path.exists(os.path.join(here, ".git")):
            return None
    return None


def _has_table(path: str) -> bool:
    """Whether a pyproject.toml is citelint's: it has the table, or its text names it (a
    broken file that means to configure citelint must fail, not be skipped)."""
    if os.path.islink(path):
        return False  # never read through a symlink, so never citelint's
    try:
        raw = read_regular(path, MAX_CONFIG_BYTES, "the config size cap")
    except SourceError:
        return False  # a symlink, not a regular file, or too large: not read, not used
    try:
        tool = tomllib.loads(raw.decode("utf-8")).get("tool", {})
    except (UnicodeDecodeError, tomllib.TOMLDecodeError):
        return b"tool.citelint" in raw
    return isinstance(tool, dict) and "citelint" in tool


def git_root(start: str) -> str | None:
    return next((d for d in _upwards(start) if os.path.exists(os.path.join(d, ".git"))), None)


def load_settings(config_path: str | None, cwd: str, *, explicit: bool = False) -> Settings:
    """Settings from a config file (or defaults); the project root follows DECISIONS O3.

    Output paths are relative to the repository (the git top level, else `cwd`) whatever
    folder the config file is in.
    """
    start = os.path.dirname(os.path.abspath(config_path)) if config_path else cwd
    display_root = git_root(start) or os.path.abspath(cwd)
    settings = _load(config_path, cwd, explicit=explicit)
    return dataclasses.replace(settings, display_root=display_root)


def load_report_config(
    config_path: str, cwd: str, cli_overrides: Sequence[tuple[str, object]]
) -> Settings:
    """The settings of a report whose nearest config is not the run's (a monorepo's
    `docs/pyproject.toml`): that file (`""`: the defaults, for a report under no config
    outside the run's project), with the run's command-line options on top. What the run
    decides for every report is the run record's (`run.py`), never read from here."""
    loaded = _load(config_path or None, cwd)
    return apply_table(loaded, dict(cli_overrides), "--", "command line", trusted=True)


def _read(config_path: str, explicit: bool) -> bytes:
    """A config's bytes. A discovered one comes with the tree being linted: it is read only
    as a regular file, not through a symlink, under a size cap; `--config` is the user's."""
    if not explicit and os.path.islink(config_path):
        raise ConfigError(f"config {config_path} is a symlink; a discovered config is not read")
    try:
        if not explicit:
            return read_regular(config_path, MAX_CONFIG_BYTES, "the config size cap")
        with open(config_path, "rb") as handle:
            data = handle.read(MAX_CONFIG_BYTES + 1)
    except SourceError as exc:
        raise ConfigError(f"config {config_path} {exc}") from exc
    except OSError as exc:
        raise ConfigError(f"cannot read config {config_path}: {exc.strerror}") from exc
    if len(data) > MAX_CONFIG_BYTES:
        raise ConfigError(f"config {config_path} is over the config size cap ({MAX_CONFIG_BYTES})")
    return data


def _load(config_path: str | None, cwd: str, *, explicit: bool = False) -> Settings:
    if config_path is None:
        return Settings(project_root=git_root(cwd) or os.path.abspath(cwd))
    table, prefix = _table(config_path, explicit)
    root = os.path.dirname(os.path.abspath(config_path))
    return apply_table(
        Settings(project_root=root, config_path=config_path), table, prefix, config_path
    )


def load_isolated(config_path: str | None, cwd: str) -> Settings:
    """`--isolated`: the one trusted config (or the defaults) for the checkout at `cwd`;
    no config file and no suppression comment in the tree is read. The config is the
    user's (a base-branch copy outside the pull request's reach), so its folders are
    taken as the command line's, relative to the project it describes."""
    root = git_root(cwd) or os.path.abspath(cwd)
    settings = Settings(
        project_root=root,
        display_root=root,
        config_path=config_path,
        config_explicit=True,
        no_suppress=True,
        isolated=True,
    )
    if config_path is not None:
        table, prefix = _table(config_path, explicit=True)
        settings = apply_table(settings, table, prefix, config_path, trusted=True)
    # no marker in a report decides what is checked (the appendix comment and attribute,
    # a heading that only starts with an appendix word)
    return dataclasses.replace(settings, claims=dataclasses.replace(settings.claims, trusted=True))


def _table(config_path: str, explicit: bool) -> tuple[Mapping[str, object], str]:
    """The `[tool.citelint]` table of a config file and the prefix its key paths take."""
    raw = _read(config_path, explicit)
    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise ConfigError(f"{config_path} is not UTF-8 (offset {exc.start})") from exc
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{config_path} is not valid TOML: {exc}") from exc
    if os.path.basename(config_path) == "pyproject.toml" or "tool" in data:
        extra = sorted(set(data.get("tool", {})) - {"citelint"}) if "tool" in data else []
        if os.path.basename(config_path) != "pyproject.toml" and (extra or set(data) - {"tool"}):
            raise ConfigError(f"{config_path}: only [tool.citelint] belongs in this file")
        return data.get("tool", {}).get("citelint", {}), "tool.citelint."
    return data, ""
