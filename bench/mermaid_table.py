"""For every diagram type of the Mermaid documentation blocks, how many CL201 calls shallow.

python bench/mermaid_table.py     (needs ../shared/corpus)
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from citelint.ground.mermaid import analyze
from citelint.rules.cl201_shallow_mermaid import ShallowMermaid

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "mermaid"


def main() -> None:
    rule = ShallowMermaid()
    data = json.loads((CORPUS / "mermaid_docs_syntax_blocks.json").read_text(encoding="utf-8"))
    total: Counter[str] = Counter()
    shallow: Counter[str] = Counter()
    reasons: Counter[str] = Counter()
    for block in data["blocks"]:
        problems = rule.problems(analyze(block["code"]))
        total[block["diagram_type"]] += 1
        shallow[block["diagram_type"]] += bool(problems)
        for problem in problems:
            reasons[problem.split(" (")[0].split()[-1]] += 1
    print("| diagram type | blocks | shallow |")
    print("|---|---:|---:|")
    for kind in sorted(total, key=lambda k: (-total[k], k)):
        print(f"| {kind} | {total[kind]} | {shallow[kind]} |")
    print(f"| **all** | {sum(total.values())} | {sum(shallow.values())} |")
    print("\nreasons:", dict(reasons.most_common()))


if __name__ == "__main__":
    main()
