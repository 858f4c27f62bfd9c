"""Shared by the formatter tests."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from citelint.commands.cli import main
from tests.conftest import SCHEMAS

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"


@pytest.fixture
def sarif_schema() -> dict[str, object]:
    path = SCHEMAS / "sarif-schema-2.1.0.json"
    if not path.is_file():
        pytest.skip("../shared/schemas is not present")
    return dict(json.loads(path.read_text(encoding="utf-8")))


def validate(document: Any, schema: dict[str, object]) -> None:
    import jsonschema

    validator_class = jsonschema.validators.validator_for(schema)
    validator_class(schema).validate(document)


def run_sarif(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, *paths: str) -> dict[str, Any]:
    monkeypatch.chdir(EXAMPLES.parent)
    out = tmp_path / "out.sarif"
    main([*paths, "-o", f"sarif:{out}", "--quiet", "--output-format", "concise"])
    return dict(json.loads(out.read_text(encoding="utf-8")))
