"""The persistent PDF text cache: a cold run against a warm one, in the same process.

Lints reports that cite every page of the real PLOS ONE article in ../shared/corpus,
first with an empty cache, then again with the cache filled, and prints the ratio.

    python bench/pdf_cache.py
"""

from __future__ import annotations

import shutil
import tempfile
import time
from pathlib import Path

from citelint.config.load import Settings
from citelint.lint.runner import Runner

PDF = (
    Path(__file__).resolve().parents[2]
    / "shared"
    / "corpus"
    / "pdf"
    / "papers"
    / "journal.pone.0196757.pdf"
)


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        (root / "sources" / "guidelines").mkdir(parents=True)
        for i in range(10):  # ten saved copies: ten distinct files to extract
            (root / "sources" / "guidelines" / f"P{i}.pdf").write_bytes(PDF.read_bytes())
        for i in range(10):
            (root / f"r{i}.md").write_text(
                "".join(f"Page {p} [guideline:P{i}:page:{p}].\n\n" for p in range(1, 12))
            )
        settings = Settings(project_root=str(root))
        timings = []
        for _ in range(2):
            start = time.perf_counter()
            Runner.of(settings, [str(root)]).lint(jobs=1)
            timings.append(time.perf_counter() - start)
        shutil.rmtree(root / ".citelint_cache")
        cold, warm = timings
        print(f"cold (extract 10 PDFs): {cold:.3f} s")
        print(f"warm (cached text):     {warm:.3f} s")
        print(f"ratio cold / warm: {cold / warm:.1f}x")


if __name__ == "__main__":
    main()
