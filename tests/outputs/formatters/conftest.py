"""Shared by the formatter tests."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from citelint.commands.cli import main
from tests.conftest import SCHEMAS

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"


SUBSET = Path(__file__).resolve().parents[2] / "data" / "sarif-2.1.0-subset.schema.json"


@pytest.fixture
def sarif_schema() -> dict[str, object]:
    """The official SARIF 2.1.0 schema where `../shared/schemas` holds it (it is not ours
    to ship); on a clone without it, the part of SARIF citelint writes, written here from
    the specification (`tests/data/`), so the tests never skip."""
    path = SCHEMAS / "sarif-schema-2.1.0.json"
    found = path if path.is_file() else SUBSET
    return dict(json.loads(found.read_text(encoding="utf-8")))


def validate(document: Any, schema: dict[str, object]) -> None:
    import jsonschema

    validator_class = jsonschema.validators.validator_for(schema)
    validator_class(schema).validate(document)


def run_sarif(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, *paths: str) -> dict[str, Any]:
    monkeypatch.chdir(EXAMPLES.parent)
    out = tmp_path / "out.sarif"
    main([*paths, "-o", f"sarif:{out}", "--quiet", "--output-format", "concise"])
    return dict(json.loads(out.read_text(encoding="utf-8")))
