"""The keys of `[tool.citelint]` and their checks: unknown keys are errors that name them.

A config file is untrusted input (it may come with a pull request): its paths must stay
inside the project root. Only the command line (`apply_table(..., trusted=True)`) may point
outside.
"""

from __future__ import annotations

import dataclasses
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TypeVar

from citelint.config.checks import (
    Check,
    check_bool,
    check_choice,
    check_codes,
    check_folder,
    check_globs,
    check_int,
    check_sarif_cap,
    check_strings,
    check_styles,
)
from citelint.config.presets import extended
from citelint.config.settings import RuleSettings, Settings
from citelint.ground.errors import ConfigError
from citelint.ground.spelling import did_you_mean
from citelint.outputs.diagnostic import FAIL_LEVELS, Severity
from citelint.read.claims import AnchorScope
from citelint.rules import RULES_BY_CODE, AnyRule
from citelint.sources.kinds import KINDS_BY_NAME, SourceKind, custom_kind
from citelint.sources.paths import inside
from citelint.sources.registries import fetch_table, judge_table

if TYPE_CHECKING:
    from _typeshed import DataclassInstance


# Top-level keys: (the Settings field, its check).
_SETTINGS_KEYS: Mapping[str, tuple[str, Check]] = {
    "include": ("include", check_globs),
    "exclude": ("exclude", check_globs),
    "select": ("select", check_codes),
    "ignore": ("ignore", check_codes),
    "extend-select": ("extend_select", check_codes),
    "fail-on": ("fail_on", check_choice(*FAIL_LEVELS)),
    "fail-on-unchecked": ("fail_on_unchecked", check_bool),
    "max-source-bytes": ("max_source_bytes", check_int),
    "max-total-source-bytes": ("max_total_source_bytes", check_int),
    "max-pdf-pages": ("max_pdf_pages", check_int),
    "max-report-bytes": ("max_report_bytes", check_int),
    "sarif-max-results": ("sarif_max_results", check_sarif_cap),
    "respect-gitignore": ("respect_gitignore", check_bool),
}
# Claim-model keys: (the ClaimSettings field, its check).
_CLAIM_KEYS: Mapping[str, tuple[str, Check]] = {
    "appendix-headings": ("appendix_headings", check_strings),
    "abbreviations": ("abbreviations", check_strings),
    "anchor-scope": (
        "anchor_scope",
        lambda v, k: AnchorScope(check_choice("sentence", "block")(v, k)),
    ),
    "locator-optional-types": ("locator_optional_types", check_strings),
    "citation-styles": ("citation_styles", check_styles),
    "numbered-locators": ("numbered_locators", check_choice("optional", "required")),
}
# The drug naming grammar (DrugGrammar fields), at the top level since 0.2.
_DRUG_KEYS: Mapping[str, str] = {
    "drug-suffixes-zh": "suffixes_zh",
    "drug-prefixes-zh": "prefixes_zh",
    "drug-stop-words-zh": "stop_words_zh",
    "drug-stems-en": "stems_en",
}


@dataclass
class _Changes:
    settings: dict[str, object] = field(default_factory=dict)
    claims: dict[str, object] = field(default_factory=dict)
    drugs: dict[str, object] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    roots: list[str] = field(default_factory=list)  # folders the command line named

    def onto(self, settings: Settings) -> Settings:
        claims = settings.claims
        if self.drugs:
            claims = dataclasses.replace(claims, drugs=_replaced(claims.drugs, self.drugs))
        claims = _replaced(claims, self.claims)
        return dataclasses.replace(
            _replaced(settings, self.settings),
            claims=claims,
            notes=(*settings.notes, *self.notes),
            cli_roots=(*settings.cli_roots, *self.roots),
        )


_D = TypeVar("_D", bound="DataclassInstance")


def _replaced(record: _D, changes: Mapping[str, object]) -> _D:
    """`record` with validated `changes`; each check above gave the field's type."""
    return dataclasses.replace(record, **changes)


def apply_table(
    settings: Settings,
    table: Mapping[str, object],
    prefix: str,
    origin: str,
    *,
    trusted: bool = False,
) -> Settings:
    """Validate a `[tool.citelint]` table (or command-line overrides) onto `settings`.

    A config file is untrusted input (it may come with a pull request): its paths must
    stay inside the project root. Only the command line (`trusted`) may point outside.
    """
    changes = _Changes()
    try:
        table = extended(table, f"{prefix}extends")
        for key, value in table.items():
            path = f"{prefix}{key}"
            if key in _PATH_KEYS:
                _apply_path(changes, settings.project_root, key, value, path, trusted)
            else:
                _apply_key(changes, key, value, path)
    except ConfigError as exc:
        raise ConfigError(f"{origin}: {exc}") from None
    return changes.onto(settings)


_PATH_KEYS = frozenset({"sources", "evidence-roots", "cache-dir"})


def _apply_path(
    changes: _Changes, root: str, key: str, value: object, path: str, trusted: bool
) -> None:
    folders = (
        [check_folder(value, path)] if key != "evidence-roots" else list(check_strings(value, path))
    )
    absolute = [os.path.normpath(os.path.join(root, f)) for f in folders]
    if trusted:
        changes.roots.extend(absolute)
    else:
        for folder in absolute:
            if not inside(folder, (os.path.realpath(root),)):
                raise ConfigError(
                    f"'{path}' = {folder!r} leads outside the project root; a config file "
                    "may only name folders inside the project (use the command line)"
                )
    if key == "sources":
        if not os.path.isdir(absolute[0]):
            raise ConfigError(f"'{path}' = {folders[0]!r} is not a folder")
        changes.settings["sources"] = absolute[0]
    elif key == "evidence-roots":
        changes.settings["evidence_roots"] = tuple(absolute)
    elif trusted:
        changes.settings["cache_dir"] = absolute[0]
    else:  # a cache inside the checkout can be planted by the pull request that is linted
        changes.notes.append(
            f"'{path}' is ignored: a cache inside the project could be written by the pull "
            "request being checked; pass --cache-dir or set CITELINT_CACHE_DIR instead"
        )


def _apply_key(changes: _Changes, key: str, value: object, path: str) -> None:
    if key in _SETTINGS_KEYS:
        name, check = _SETTINGS_KEYS[key]
        changes.settings[name] = check(value, path)
    elif key in _CLAIM_KEYS:
        name, check = _CLAIM_KEYS[key]
        changes.claims[name] = check(value, path)
    elif key in _DRUG_KEYS:
        changes.drugs[_DRUG_KEYS[key]] = check_strings(value, path)
    elif key == "required-source-channels":
        changes.settings["required_source_channels"] = check_strings(value, path)
        changes.settings["channels_explicit"] = True
    elif key == "per-file-ignores":
        if not isinstance(value, dict):
            raise ConfigError(f"'{path}' must be a table of glob = [codes]")
        changes.settings["per_file_ignores"] = tuple(
            (str(glob), check_codes(codes, f"{path}.{glob}")) for glob, codes in value.items()
        )
    elif key == "fetch":
        changes.settings.update(fetch_table(value, path))
    elif key == "judge":
        changes.settings.update(judge_table(value, path))
    elif key == "source-types":
        types = _source_types(value, path)
        changes.settings["source_types"] = types
        changes.claims["custom_types"] = tuple(sorted(types))
    elif key == "rules":
        changes.settings["rules"] = _rules(value, path, changes)
    else:
        raise ConfigError(f"unknown key '{path}'{did_you_mean(key, _TOP_KEYS)}")


_TABLE_KEYS = ("required-source-channels", "per-file-ignores", "fetch", "judge", "source-types")
_TOP_KEYS = frozenset(
    [*_SETTINGS_KEYS, *_CLAIM_KEYS, *_DRUG_KEYS, *_PATH_KEYS, *_TABLE_KEYS, "rules", "extends"]
)


def _source_types(value: object, path: str) -> dict[str, SourceKind]:
    if not isinstance(value, dict):
        raise ConfigError(f"'{path}' must be a table of source types")
    types: dict[str, SourceKind] = {}
    for name, spec in value.items():
        here = f"{path}.{name}"
        if not re.fullmatch(r"[a-z][a-z0-9-]*", name) or name in KINDS_BY_NAME:
            raise ConfigError(f"'{here}': a custom type is a new lower-case name")
        if not isinstance(spec, dict):
            raise ConfigError(f"'{here}' must be a table with dirs and extensions")
        unknown = set(spec) - {"dirs", "extensions"}
        if unknown:
            raise ConfigError(f"unknown key '{here}.{sorted(unknown)[0]}'")
        dirs = check_strings(spec.get("dirs", [name]), f"{here}.dirs")
        if any(d.startswith("/") or ".." in d.split("/") for d in dirs):
            raise ConfigError(f"'{here}.dirs' must stay inside the sources root")
        exts = tuple(
            e.lstrip(".")
            for e in check_strings(spec.get("extensions", ["json", "txt"]), f"{here}.extensions")
        )
        types[name] = custom_kind(name, dirs, exts)
    return types


def _rules(value: object, path: str, changes: _Changes) -> dict[str, RuleSettings]:
    if not isinstance(value, dict):
        raise ConfigError(f"'{path}' must be a table of rule codes")
    out: dict[str, RuleSettings] = {}
    for code, table in value.items():
        here = f"{path}.{code}"
        rule = RULES_BY_CODE.get(code)
        if rule is None:
            raise ConfigError(f"unknown rule '{here}'{did_you_mean(code, RULES_BY_CODE)}")
        if not isinstance(table, dict):
            raise ConfigError(f"'{here}' must be a table")
        out[code] = _rule_settings(rule, table, here, changes)
    return out


def _rule_settings(
    rule: type[AnyRule], table: Mapping[str, object], here: str, changes: _Changes
) -> RuleSettings:
    severity = None
    options: dict[str, object] = {}
    fields = {f.name for f in rule.option_fields()}
    defaults = rule.options_type()
    for key, val in table.items():
        if key == "severity":
            severity = Severity(check_choice("critical", "warning", "info")(val, f"{here}.{key}"))
        elif key in _DRUG_KEYS and key not in fields:
            # The drug grammar was CL103's option before it became the claim model's.
            changes.drugs[_DRUG_KEYS[key]] = check_strings(val, f"{here}.{key}")
            changes.notes.append(
                f"'{here}.{key}' is deprecated: set '{key}' at the top level of the config; "
                "it applies to every rule"
            )
        elif key.replace("-", "_") in fields:
            name = key.replace("-", "_")
            options[name] = _typed(val, getattr(defaults, name), f"{here}.{key}")
        else:
            raise ConfigError(f"unknown option '{here}.{key}'")
    return RuleSettings(severity, _replaced(defaults, options) if options else None)


def _typed(value: object, default: object, key: str) -> object:
    """`value` checked against the type of the option's default."""
    if isinstance(default, bool):
        if not isinstance(value, bool):
            raise ConfigError(f"'{key}' must be true or false")
        return value
    if isinstance(default, int):
        return check_int(value, key)
    if isinstance(default, float):
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise ConfigError(f"'{key}' must be a number")
        return float(value)
    if isinstance(default, tuple):
        return check_strings(value, key)
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


def in_effect(settings: Settings) -> list[tuple[str, object]]:
    """Each top-level and claim-model key with the value in effect, by its config name
    (`citelint --show-settings`); paths as given, tuples as lists."""
    values = [(key, getattr(settings, name)) for key, (name, _) in _SETTINGS_KEYS.items()]
    values += [(key, getattr(settings.claims, name)) for key, (name, _) in _CLAIM_KEYS.items()]
    return [(key, list(v) if isinstance(v, tuple) else getattr(v, "value", v)) for key, v in values]
