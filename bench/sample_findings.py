"""Draw findings from the real reports for an editor's judgement (issue 22's measure).

    python bench/sample_findings.py [--n 50] [--seed 22] [--exclude CL011] [--files LIST]

Lints ../shared/corpus/reports (wild/ included, as published, no sources saved) and prints
a fixed-seed sample of the findings other than the excluded codes, each with the report
line it points at, numbered for a judgement table (fix it / true but useless / false).
`--files bench/editor_holdout.txt` draws only from the files that list names (one path
under the corpus's reports/ per line, `#` comments), `--exclude ""` keeps every code.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from citelint.config.load import Settings  # noqa: E402
from citelint.lint.runner import Runner  # noqa: E402

CORPUS = ROOT.parent / "shared" / "corpus" / "reports"


def main() -> None:
    args = argparse.ArgumentParser()
    args.add_argument("--n", type=int, default=50)
    args.add_argument("--seed", type=int, default=22)
    args.add_argument("--exclude", default="CL011")
    args.add_argument("--files", type=Path, help="draw only from the reports this file lists")
    opts = args.parse_args()
    excluded = set(filter(None, opts.exclude.split(",")))
    only: set[str] | None = None
    if opts.files is not None:
        lines = opts.files.read_text(encoding="utf-8").splitlines()
        only = {line.strip() for line in lines if line.strip() and not line.startswith("#")}
    settings = Settings(project_root=str(CORPUS), cache_dir=None)
    result = Runner.of(settings, [str(CORPUS)]).lint()
    found = [
        (f.path, d)
        for f in result.files
        if not f.path.endswith("PROVENANCE.md")  # the corpus's own notes, not a report
        for d in f.diagnostics
        if d.code not in excluded and (only is None or f.path in only)
    ]
    print(f"{len(found)} findings other than {', '.join(sorted(excluded)) or 'none'}")
    for i, (path, d) in enumerate(
        sorted(
            random.Random(opts.seed).sample(found, min(opts.n, len(found))),
            key=lambda x: (x[0], x[1].line),
        ),
        1,
    ):
        line = (
            (CORPUS / path).read_text(encoding="utf-8", errors="replace").splitlines()[d.line - 1]
        )
        print(f"\n{i}. {path}:{d.line}:{d.column} {d.code} {d.message}")
        print(f"   | {line[max(0, d.column - 120) : d.column + 200]}")


if __name__ == "__main__":
    main()
