"""How close the support checks come to the cost of reading the input.

Generates a corpus of reports (hundreds of files, thousands of anchors) over shared saved
sources, then times, in the same process:

  baseline  parsing every report and loading every cited source once
  full      linting every report (parse, resolve, all rules)
  parallel  the same with two worker processes

and prints claims per second and the ratio full / baseline. Uses the real PubMed records
of ../shared/corpus when present, synthetic ones otherwise.

    python bench/lint_throughput.py [--reports 300] [--sentences 20]
"""

from __future__ import annotations

import argparse
import json
import random
import re
import shutil
import tempfile
import time
from pathlib import Path

from citelint.config import Settings
from citelint.document import Anchor
from citelint.linter import Linter
from citelint.parse import Parser
from citelint.sources.store import SourceStore
from citelint.tokens import clear_caches

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus"


def build(root: Path, reports: int, sentences: int, seed: int = 7) -> list[tuple[str, str]]:
    """Write sources and reports; return (pmid, abstract) pairs used."""
    rng = random.Random(seed)
    pubmed = root / "sources" / "pubmed"
    pubmed.mkdir(parents=True)
    records: list[tuple[str, str]] = []
    xmls = sorted((CORPUS / "pubmed" / "metapub").glob("*.xml")) if CORPUS.is_dir() else []
    for xml in xmls:
        shutil.copy(xml, pubmed / xml.name)
        text = xml.read_text(encoding="utf-8")
        abstract = " ".join(re.findall(r"<AbstractText[^>]*>(.*?)</AbstractText>", text, re.S))
        records.append((xml.stem, re.sub(r"<[^>]+>", "", abstract)))
    if not records:
        for i in range(40):
            abstract = (
                f"In {100 + i} patients the response rate was {10 + i}% and median "
                f"survival {5 + i / 10} months (HR 0.{50 + i}; 95% CI 0.3-0.9)."
            )
            pmid = str(30000000 + i)
            (pubmed / f"{pmid}.json").write_text(json.dumps({"abstract": abstract}))
            records.append((pmid, abstract))
    facts = [
        (pmid, s)
        for pmid, a in records
        for s in re.split(r"(?<=\.)\s+", a)
        if re.search(r"\d+(?:\.\d+)?\s*(?:%|patients|months)", s)
    ]
    out = root / "reports"
    out.mkdir()
    for r in range(reports):
        lines = [f"# Report {r}", ""]
        for _ in range(sentences):
            pmid, sentence = rng.choice(facts)
            if rng.random() < 0.1:  # one in ten claims misquotes a number
                sentence = re.sub(r"\d+", lambda m: str(int(m.group()) + 1), sentence, count=1)
            lines.append(f"{sentence.rstrip('.')} [pmid:{pmid}:abstract].")
            lines.append("")
        suffix = ".md" if r % 2 else ".html"
        body = "\n".join(lines)
        if suffix == ".html":
            body = "".join(f"<p>{line}</p>\n" for line in lines if line and line[0] != "#")
        (out / f"report_{r:04d}{suffix}").write_text(body, encoding="utf-8")
    return records


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--reports", type=int, default=300)
    ap.add_argument("--sentences", type=int, default=20)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        build(root, args.reports, args.sentences)
        files = sorted((root / "reports").iterdir())
        settings = Settings(project_root=str(root))

        start = time.perf_counter()
        parser = Parser()
        store = SourceStore()
        anchors = 0
        for path in files:
            doc = parser.parse(path.name, path.read_bytes())
            anchors += len(doc.anchors)
            for anchor in doc.anchors:  # load each cited source once, whole
                store.resolve(Anchor(anchor.type, anchor.id, None, 0, 0), str(root / "sources"))
        baseline = time.perf_counter() - start

        clear_caches()  # every timed run starts cold: no tokens kept from an earlier one
        start = time.perf_counter()
        result = Linter(settings).lint_paths([str(root / "reports")])
        full = time.perf_counter() - start

        clear_caches()  # forked workers would inherit the warm caches otherwise
        start = time.perf_counter()
        Linter(settings).lint_paths([str(root / "reports")], jobs=2)
        parallel = time.perf_counter() - start

        summary = result.summary()
        claims = int(str(summary["claims"]))
        print(
            f"reports: {len(files)}  anchors: {anchors}  claims: {claims}  "
            f"findings: {len(result.diagnostics)}"
        )
        print(f"baseline (parse reports + read sources): {baseline:.3f} s")
        print(f"full lint:                               {full:.3f} s")
        print(f"claims per second: {claims / full:,.0f}")
        print(f"ratio full / baseline: {full / baseline:.2f}")
        print(f"full lint with 2 workers: {parallel:.3f} s (speed-up {full / parallel:.2f}x)")


if __name__ == "__main__":
    main()
