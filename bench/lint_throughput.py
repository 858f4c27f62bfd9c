"""How close the support checks come to the cost of reading the input.

Generates a corpus of reports (hundreds of files, thousands of anchors) over shared saved
sources, then times, in the same process:

  baseline  parsing every report and loading every cited source once
  full      linting every report (parse, resolve, all rules)
  parallel  the same with two worker processes
  styles    the anchored reports linted with citation styles off against on (the cost
            of looking for citations in reports that use only anchors; target ≤ 1.10)
  numbered  the same claims cited by reference number through a reference list of PMIDs,
            against the anchored reports
  hints     the anchored reports linted with repair hints on against off (the evidence
            search for every failed claim; target ≤ 1.15)

and prints claims per second and the ratio full / baseline. Uses the real PubMed records
of ../shared/corpus when present, synthetic ones otherwise.

    python bench/lint_throughput.py [--reports 300] [--sentences 20]
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import re
import shutil
import tempfile
import time
from pathlib import Path

from citelint.config.load import Settings
from citelint.ground.document import Anchor
from citelint.ground.tokens import clear_caches
from citelint.lint.runner import Runner
from citelint.read.parse import Parser
from citelint.sources.store import SourceStore

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus"


def build(
    root: Path, reports: int, sentences: int, seed: int = 7, numbered: bool = False
) -> list[tuple[str, str]]:
    """Write sources and reports; return (pmid, abstract) pairs used. `numbered` cites by
    reference number through a reference list instead of by anchor."""
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
        cited: dict[str, int] = {}
        for _ in range(sentences):
            pmid, sentence = rng.choice(facts)
            if rng.random() < 0.1:  # one in ten claims misquotes a number
                sentence = re.sub(r"\d+", lambda m: str(int(m.group()) + 1), sentence, count=1)
            cite = f"[{cited.setdefault(pmid, len(cited) + 1)}]" if numbered else ""
            lines.append(f"{sentence.rstrip('.')} {cite or f'[pmid:{pmid}:abstract]'}.")
            lines.append("")
        entries = [f"{n}. Record {pmid}. Journal. 2020. PMID: {pmid}" for pmid, n in cited.items()]
        suffix = ".md" if r % 2 else ".html"
        body = "\n".join(lines + (["## References", "", *entries] if entries else []))
        if suffix == ".html":
            body = "".join(f"<p>{line}</p>\n" for line in lines if line and line[0] != "#")
            if entries:
                items = "".join(f"<li>{e.split('. ', 1)[1]}</li>" for e in entries)
                body += f"<h2>References</h2><ol>{items}</ol>\n"
        (out / f"report_{r:04d}{suffix}").write_text(body, encoding="utf-8")
    return records


def _best(settings: Settings, folder: Path, runs: int = 3) -> float:
    """The best of a few cold lints: less noise than one."""
    times = []
    for _ in range(runs):
        clear_caches()
        start = time.perf_counter()
        Runner.of(settings, [str(folder)]).lint()
        times.append(time.perf_counter() - start)
    return min(times)


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
        result = Runner.of(settings, [str(root / "reports")]).lint()
        full = time.perf_counter() - start

        clear_caches()  # forked workers would inherit the warm caches otherwise
        start = time.perf_counter()
        Runner.of(settings, [str(root / "reports")]).lint(jobs=2)
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

        no_styles = dataclasses.replace(
            settings, claims=dataclasses.replace(settings.claims, citation_styles=())
        )
        off = _best(no_styles, root / "reports")
        on = _best(settings, root / "reports")
        print(
            f"anchored reports, citation styles off / on: {off:.3f} / {on:.3f} s "
            f"(ratio on / off {on / off:.2f}; target <= 1.10)"
        )
        no_hints = dataclasses.replace(settings, hints=False)
        plain = _best(no_hints, root / "reports")
        print(
            f"repair hints off / on: {plain:.3f} / {on:.3f} s "
            f"(ratio on / off {on / plain:.2f}; target <= 1.15)"
        )
        numbered = root / "numbered"
        numbered.mkdir()
        build(numbered, args.reports, args.sentences, numbered=True)
        numbered_settings = Settings(project_root=str(numbered))
        cost = _best(numbered_settings, numbered / "reports")
        print(
            f"the same claims cited by number through a reference list: {cost:.3f} s "
            f"(ratio numbered / anchored {cost / on:.2f})"
        )


if __name__ == "__main__":
    main()
