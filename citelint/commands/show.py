"""`--show-files` and `--show-settings`: what a run would lint and under which settings,
without linting — for a user asking why a report is (not) checked, or which config a
nested folder obeys. Both print to stdout and exit 0 (2 when no report is found)."""

from __future__ import annotations

import json
from collections.abc import Sequence

from citelint.config.keys import in_effect
from citelint.config.skips import Found
from citelint.ground.errors import UsageError
from citelint.lint.runner import Runner


def _found(runner: Runner, paths: Sequence[str]) -> Found:
    """What discovery finds under `paths`; none is a usage error naming why."""
    found = runner.discovery.files(paths)
    if not found.reports:
        raise UsageError("no reports found: " + "; ".join([*found.skipped, *found.notes][:3]))
    return found


def show_files(runner: Runner, paths: Sequence[str]) -> list[str]:
    """The reports a run over `paths` would lint, one path a line, as outputs name them;
    the files named but skipped, with why, after them (`-v` says the same on a run)."""
    found = _found(runner, paths)
    shown = sorted(runner.linter.display(path) for path in found.reports)
    return shown + [f"# {note}" for note in (*found.skipped, *found.notes)]


def show_settings(runner: Runner, paths: Sequence[str]) -> list[str]:
    """The settings the first report of the run is linted under: its config file, its
    sources root, every key in effect and the rules that run, with their severities."""
    report = sorted(_found(runner, paths).reports)[0]
    config = runner.config_of(report)
    linter = runner.for_config(config)
    root = linter.sources_root(report)
    lines = [
        f"# settings for {linter.display(report)}",
        f"# config: {linter.display(config) if config else '(none: the defaults)'}",
        f"# sources root: {linter.display(root) if root else '(none found)'}",
    ]
    lines += [
        f"{key} = {json.dumps(value, ensure_ascii=False)}"
        for key, value in in_effect(linter.settings)
    ]
    lines += [f"# {rule.code} {rule.name}: {rule.severity.value}" for rule in linter.rules]
    return lines
