"""Configuration: discovery, validation (unknown keys are errors) and the `Settings` model.

Found as `--config FILE`, else the first of `.citelint.toml`, `citelint.toml` or a
`pyproject.toml` with `[tool.citelint]`, walking up from the current folder to the
repository root. Keys are kebab-case; every error names the file and the key path.
"""

from __future__ import annotations

import dataclasses
import os
import re
import tomllib
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from citelint.anchors import BUILTIN_TYPES
from citelint.diagnostic import FAIL_LEVELS, Severity
from citelint.parse.builder import DEFAULT_APPENDIX_HEADINGS
from citelint.parse.sentences import DEFAULT_ABBREVIATIONS
from citelint.rules import RULES_BY_CODE
from citelint.sources.store import DEFAULT_MAX_SOURCE_BYTES, SourceType

CONFIG_NAMES = (".citelint.toml", "citelint.toml", "pyproject.toml")
DEFAULT_CHANNELS = ("clinical_trials", "pubtator")


class ConfigError(Exception):
    """Bad configuration or arguments; the CLI prints it on one line and exits 2."""


@dataclass(frozen=True)
class RuleSettings:
    severity: Severity | None = None
    options: Any = None


@dataclass(frozen=True)
class Settings:
    project_root: str = "."
    config_path: str | None = None
    sources: str | None = None  # absolute
    include: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()
    select: tuple[str, ...] = ("CL",)
    ignore: tuple[str, ...] = ()
    extend_select: tuple[str, ...] = ()
    fail_on: str = "critical"
    required_source_channels: tuple[str, ...] = DEFAULT_CHANNELS
    channels_explicit: bool = False
    per_file_ignores: tuple[tuple[str, tuple[str, ...]], ...] = ()
    max_source_bytes: int = DEFAULT_MAX_SOURCE_BYTES
    max_report_bytes: int = 32 * 1024 * 1024
    evidence_roots: tuple[str, ...] = ()  # absolute
    appendix_headings: tuple[str, ...] = DEFAULT_APPENDIX_HEADINGS
    abbreviations: tuple[str, ...] = DEFAULT_ABBREVIATIONS
    anchor_scope: str = "sentence"
    locator_optional_types: tuple[str, ...] = ("nmpa-page",)
    source_types: Mapping[str, SourceType] = field(default_factory=dict)
    rules: Mapping[str, RuleSettings] = field(default_factory=dict)
    no_suppress: bool = False  # --no-suppress: audit with every suppression ignored
    cache_dir: str | None = ".citelint_cache"  # relative to the project root; None: no cache

    @property
    def anchor_types(self) -> tuple[str, ...]:
        return (*BUILTIN_TYPES, *sorted(self.source_types))

    def enabled(self, code: str) -> bool:
        rule = RULES_BY_CODE.get(code)
        if rule is not None and not rule.deselectable:
            return True
        chosen = _best(code, (*self.select, *self.extend_select))
        dropped = _best(code, self.ignore)
        return chosen > 0 and chosen > dropped

    def severity(self, code: str) -> Severity:
        override = self.rules.get(code, RuleSettings()).severity
        return override or RULES_BY_CODE[code].severity

    def options(self, code: str) -> Any:
        configured = self.rules.get(code, RuleSettings()).options
        return configured if configured is not None else RULES_BY_CODE[code].Options()


def _best(code: str, prefixes: Sequence[str]) -> int:
    """Length of the longest matching prefix, so `--ignore CL1 --select CL101` keeps CL101."""
    return max((len(p) for p in prefixes if code.startswith(p)), default=0)


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
            if os.path.isfile(path) and (name != "pyproject.toml" or _has_table(path)):
                return path
        if os.path.exists(os.path.join(here, ".git")):
            return None
    return None


def _has_table(path: str) -> bool:
    try:
        with open(path, "rb") as handle:
            return "citelint" in tomllib.load(handle).get("tool", {})
    except (OSError, tomllib.TOMLDecodeError):
        return False


def git_root(start: str) -> str | None:
    return next((d for d in _upwards(start) if os.path.exists(os.path.join(d, ".git"))), None)


def load_settings(config_path: str | None, cwd: str) -> Settings:
    """Settings from a config file (or defaults); the project root follows DECISIONS O3."""
    if config_path is None:
        return Settings(project_root=git_root(cwd) or os.path.abspath(cwd))
    try:
        with open(config_path, "rb") as handle:
            data = tomllib.load(handle)
    except OSError as exc:
        raise ConfigError(f"cannot read config {config_path}: {exc.strerror}") from exc
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{config_path} is not valid TOML: {exc}") from exc
    prefix = ""
    if os.path.basename(config_path) == "pyproject.toml" or "tool" in data:
        table = data.get("tool", {}).get("citelint", {})
        prefix = "tool.citelint."
        extra = sorted(set(data.get("tool", {})) - {"citelint"}) if "tool" in data else []
        if os.path.basename(config_path) != "pyproject.toml" and (extra or set(data) - {"tool"}):
            raise ConfigError(f"{config_path}: only [tool.citelint] belongs in this file")
    else:
        table = data
    root = os.path.dirname(os.path.abspath(config_path))
    return apply(Settings(project_root=root, config_path=config_path), table, prefix, config_path)


# -- validation ------------------------------------------------------------------------


def _strings(value: Any, key: str) -> tuple[str, ...]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ConfigError(f"'{key}' must be a list of strings")
    return tuple(value)


def _codes(value: Any, key: str) -> tuple[str, ...]:
    codes = tuple(c.strip() for v in _strings(value, key) for c in v.split(",") if c.strip())
    for code in codes:
        if not re.fullmatch(r"C(?:L\d{0,3})?", code):
            raise ConfigError(f"'{key}' has '{code}', which is not a rule code or prefix (CL1…)")
    return codes


def _int(value: Any, key: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ConfigError(f"'{key}' must be a whole number ≥ 0")
    return value


def _choice(*allowed: str) -> Callable[[Any, str], str]:
    def check(value: Any, key: str) -> str:
        if value not in allowed:
            raise ConfigError(f"'{key}' must be one of {', '.join(allowed)}; got {value!r}")
        return str(value)

    return check


def apply(settings: Settings, table: Mapping[str, Any], prefix: str, origin: str) -> Settings:
    """Validate a `[tool.citelint]` table (or CLI overrides) onto `settings`."""
    root = settings.project_root
    changes: dict[str, Any] = {}
    simple: dict[str, Callable[[Any, str], Any]] = {
        "include": _strings,
        "exclude": _strings,
        "select": _codes,
        "ignore": _codes,
        "extend-select": _codes,
        "fail-on": _choice(*FAIL_LEVELS),
        "max-source-bytes": _int,
        "max-report-bytes": _int,
        "appendix-headings": _strings,
        "abbreviations": _strings,
        "anchor-scope": _choice("sentence", "block"),
        "locator-optional-types": _strings,
    }
    try:
        for key, value in table.items():
            path = f"{prefix}{key}"
            if key in simple:
                changes[key.replace("-", "_")] = simple[key](value, path)
            elif key == "sources":
                if not isinstance(value, str):
                    raise ConfigError(f"'{path}' must be a folder path")
                changes["sources"] = os.path.normpath(os.path.join(root, value))
            elif key == "cache-dir":
                if not isinstance(value, str):
                    raise ConfigError(f"'{path}' must be a folder path")
                changes["cache_dir"] = value
            elif key == "evidence-roots":
                changes["evidence_roots"] = tuple(
                    os.path.normpath(os.path.join(root, v)) for v in _strings(value, path)
                )
            elif key == "required-source-channels":
                changes["required_source_channels"] = _strings(value, path)
                changes["channels_explicit"] = True
            elif key == "per-file-ignores":
                if not isinstance(value, dict):
                    raise ConfigError(f"'{path}' must be a table of glob = [codes]")
                changes["per_file_ignores"] = tuple(
                    (glob, _codes(codes, f"{path}.{glob}")) for glob, codes in value.items()
                )
            elif key == "source-types":
                changes["source_types"] = _source_types(value, path)
            elif key == "rules":
                changes["rules"] = _rules(value, path)
            else:
                raise ConfigError(f"unknown key '{path}'")
    except ConfigError as exc:
        raise ConfigError(f"{origin}: {exc}") from None
    return dataclasses.replace(settings, **changes)


def _source_types(value: Any, path: str) -> dict[str, SourceType]:
    if not isinstance(value, dict):
        raise ConfigError(f"'{path}' must be a table of source types")
    types: dict[str, SourceType] = {}
    for name, spec in value.items():
        here = f"{path}.{name}"
        if not re.fullmatch(r"[a-z][a-z0-9-]*", name) or name in BUILTIN_TYPES:
            raise ConfigError(f"'{here}': a custom type is a new lower-case name")
        if not isinstance(spec, dict):
            raise ConfigError(f"'{here}' must be a table with dirs and extensions")
        unknown = set(spec) - {"dirs", "extensions"}
        if unknown:
            raise ConfigError(f"unknown key '{here}.{sorted(unknown)[0]}'")
        dirs = _strings(spec.get("dirs", [name]), f"{here}.dirs")
        if any(d.startswith("/") or ".." in d.split("/") for d in dirs):
            raise ConfigError(f"'{here}.dirs' must stay inside the sources root")
        exts = tuple(
            e.lstrip(".")
            for e in _strings(spec.get("extensions", ["json", "txt"]), f"{here}.extensions")
        )
        types[name] = SourceType(dirs, exts)
    return types


def _rules(value: Any, path: str) -> dict[str, RuleSettings]:
    if not isinstance(value, dict):
        raise ConfigError(f"'{path}' must be a table of rule codes")
    out: dict[str, RuleSettings] = {}
    for code, table in value.items():
        here = f"{path}.{code}"
        rule = RULES_BY_CODE.get(code)
        if rule is None:
            raise ConfigError(f"unknown rule '{here}'")
        if not isinstance(table, dict):
            raise ConfigError(f"'{here}' must be a table")
        severity = None
        options: dict[str, Any] = {}
        fields = rule.option_fields()
        for key, val in table.items():
            if key == "severity":
                severity = Severity(_choice("critical", "warning", "info")(val, f"{here}.{key}"))
                continue
            name = key.replace("-", "_")
            if name not in fields:
                raise ConfigError(f"unknown option '{here}.{key}'")
            options[name] = _typed(val, getattr(rule.Options(), name), f"{here}.{key}")
        out[code] = RuleSettings(severity, rule.Options(**options) if options else None)
    return out


def _typed(value: Any, default: Any, key: str) -> Any:
    if isinstance(default, bool):
        if not isinstance(value, bool):
            raise ConfigError(f"'{key}' must be true or false")
        return value
    if isinstance(default, int):
        return _int(value, key)
    if isinstance(default, float):
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise ConfigError(f"'{key}' must be a number")
        return float(value)
    if isinstance(default, tuple):
        return _strings(value, key)
    if isinstance(default, dict):
        if not isinstance(value, dict) or not all(
            isinstance(v, int) and not isinstance(v, bool) for v in value.values()
        ):
            raise ConfigError(f"'{key}' must be a table of phrase = limit")
        return dict(value)
    if isinstance(default, str):
        if not isinstance(value, str):
            raise ConfigError(f"'{key}' must be a string")
        return value
    raise ConfigError(f"'{key}' cannot be set")
