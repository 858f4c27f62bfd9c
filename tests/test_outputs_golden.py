"""Every output byte of citelint on fixed inputs, against the digests committed in
`bench/outputs.golden`: a refactor that should change nothing changes nothing. A change
that means to change outputs regenerates the file in the same commit
(`python bench/outputs.py > bench/outputs.golden`), and its diff names the input sets
whose outputs changed — the examples, a rule's fixtures, the corpus, the scale corpus."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = ROOT / "bench" / "outputs.golden"


@pytest.mark.slow
def test_the_outputs_are_the_committed_bytes() -> None:
    from bench import outputs

    golden = dict(line.split("  ", 1)[::-1] for line in GOLDEN.read_text().splitlines())
    golden = {name.strip(): digest for name, digest in golden.items()}
    found = {}
    with tempfile.TemporaryDirectory() as home:
        for name, folder in outputs.input_sets():
            found[name] = outputs.set_digest(name, folder, Path(home))
    expected = {name: golden.get(name) for name in found}
    assert found == expected
