"""How often the lexical tier calls a claim `supported` when its cited source does not say
it (issue 53's "pairs labelled unsupported counted supported"), through the whole lint.

    python bench/verdict_pairs.py [--half held_out|tuning|all] [--show N]

`bench/support_pairs.py` scores CL111's support of a statement against a text alone; this
script runs the same real pairs through `citelint` as a report and its saved sources, and
reads each claim's verdict as the summary counts it:

- **STORM** (`storm_crw_telesystem/`): both articles against the snippets STORM saved
  (`url_to_info.json`) — the system's own evidence, *labelled supported* — and again with
  every source's snippets moved to the next source in citation order, so that each `[n]`
  now leads to another page of the same run — *labelled unsupported*;
- **ALCE** (`alce_demos/`): each demonstration answer as a report whose `[n]` lead to the
  question's passages saved as pages (supported), and again with each passage moved to the
  next citation number (unsupported);
- **hand-labelled** (`bench/support_labels.json`): each statement cites its corpus file,
  saved as a page, with the label given there.

Claims are grouped as `support_split.json` groups them (a STORM section, an ALCE question,
a hand-labelled report) and the halves are its halves. Printed per half and label: the
claims counted, and how many the lint calls supported, unsupported and unchecked, with the
supported share's 95% Wilson interval. Deterministic: no randomness, no network.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import sys
import tempfile
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.mutations import wilson  # noqa: E402
from citelint.config.load import Settings  # noqa: E402
from citelint.lint.runner import Runner  # noqa: E402
from citelint.outputs.result import Result  # noqa: E402

REPORTS = ROOT.parent / "shared" / "corpus" / "reports"
STORM = REPORTS / "storm_crw_telesystem"
ARTICLES = ("storm_gen_article_polished.txt", "storm_gen_article.txt")
SPLIT = Path(__file__).with_name("support_split.json")
LABELS = Path(__file__).with_name("support_labels.json")
VERDICT = {"ok": "supported", "fail": "unsupported", "warn": "unsupported"}
Outcome = tuple[str, bool, str, str, str]  # group, labelled supported, verdict, where, text


def _lint(folder: Path, reports: list[Path], sources: Path | None = None) -> Result:
    root = str(sources or folder)
    settings = Settings(project_root=str(folder), sources=root, cache_dir=None)
    return Runner.of(settings, [str(r) for r in reports]).lint()


def _records(result: Result, moved: dict[int, int]) -> Iterator[tuple[str, int, str, str]]:
    """Each cited fact-bearing claim's file, line, verdict and text. With sources moved
    (`moved`: where each number's text now comes from), a claim one of whose numbers now
    holds the text of another number it cites (`[6][7]`, 6 holding 7's) is left out: it
    still leads to its own source, and is no unsupported pair."""
    for file in result.files:
        for record in file.records:
            if record.verdict == "none" or not record.anchors:
                continue  # no claim, or a claim that cites nothing (CL001's, not ours)
            cited = {int(n) for a in record.anchors for n in re.findall(r"\d+", a)}
            if any(moved.get(n) in cited for n in cited):
                continue
            yield file.path, record.line, VERDICT.get(record.verdict, record.verdict), record.text


def _section(lines: list[str], line: int) -> str:
    """The STORM section a line sits in: its `#` heading, as support_split.json names it."""
    for text in reversed(lines[:line]):
        if text.startswith("#"):
            return text.lstrip("#").strip().lower()
    return ""


def storm(tmp: Path, moved: bool) -> Iterator[Outcome]:
    folder = tmp / ("storm-moved" if moved else "storm")
    folder.mkdir()
    for name in ARTICLES:
        shutil.copyfile(STORM / name, folder / name)
    data = json.loads((STORM / "url_to_info.json").read_text(encoding="utf-8"))
    index: dict[str, int] = data["url_to_unified_index"]
    urls = sorted(index, key=index.__getitem__)
    shift = {index[u]: index[urls[(i + 1) % len(urls)]] for i, u in enumerate(urls)}
    if moved:  # each source's snippets to the next source in citation order
        info = data["url_to_info"]
        snippets = [info[u]["snippets"] for u in urls]
        for i, url in enumerate(urls):
            info[url] = {**info[url], "snippets": snippets[(i + 1) % len(urls)]}
    (folder / "url_to_info.json").write_text(json.dumps(data), encoding="utf-8")
    result = _lint(folder, [folder / a for a in ARTICLES])
    for path, line, verdict, text in _records(result, shift if moved else {}):
        lines = (folder / path).read_text(encoding="utf-8").splitlines()
        yield (
            f"storm:{_section(lines, line)}",
            not moved,
            verdict,
            f"{Path(path).name}:{line}",
            text,
        )


def _pages(folder: Path, pages: list[tuple[str, str]]) -> None:
    """Save each (URL, text) as a page under the sources root, as `source-path` says."""
    web = folder / "sources" / "web"
    web.mkdir(parents=True, exist_ok=True)
    index = {}
    for n, (url, text) in enumerate(pages):
        index[url] = f"p{n}.txt"
        (web / f"p{n}.txt").write_text(text, encoding="utf-8")
    (web / "index.json").write_text(json.dumps(index), encoding="utf-8")


def alce(tmp: Path, moved: bool) -> Iterator[Outcome]:
    folder = tmp / ("alce-moved" if moved else "alce")
    folder.mkdir()
    reports: list[Path] = []
    groups: dict[str, str] = {}
    pages: list[tuple[str, str]] = []
    for path in sorted((REPORTS / "alce_demos").glob("*.json")):
        for d, demo in enumerate(json.loads(path.read_text(encoding="utf-8"))["demos"]):
            docs = demo["docs"]
            name = f"{path.stem}-{d}"
            refs = []
            for n in range(len(docs)):
                doc = docs[(n + 1) % len(docs)] if moved else docs[n]
                url = f"https://alce.example/{name}/{n + 1}"
                pages.append((url, f"{doc['title']}\n\n{doc['text']}\n"))
                refs.append(f"{n + 1}. {url}")
            report = folder / f"{name}.md"
            report.write_text(
                f"{demo['answer']}\n\n## References\n\n" + "\n".join(refs) + "\n", encoding="utf-8"
            )
            reports.append(report)
            groups[report.name] = f"alce:{demo['question']}"
    _pages(folder, pages)
    shift = {n: n % 5 + 1 for n in range(1, 6)} if moved else {}  # ALCE: five passages
    for where, line, verdict, text in _records(_lint(folder, reports, folder / "sources"), shift):
        yield groups[Path(where).name], not moved, verdict, f"{Path(where).name}:{line}", text


def labelled(tmp: Path) -> Iterator[Outcome]:
    folder = tmp / "labelled"
    folder.mkdir()
    reports: list[Path] = []
    pairs: dict[str, dict[str, Any]] = {}
    pages: list[tuple[str, str]] = []
    for i, pair in enumerate(json.loads(LABELS.read_text(encoding="utf-8"))):
        url = f"https://labelled.example/{i}"
        pages.append((url, (REPORTS / pair["source"]).read_text(encoding="utf-8")))
        report = folder / f"l{i}.md"
        report.write_text(f"{pair['statement']} [1]\n\n## References\n\n1. {url}\n", "utf-8")
        reports.append(report)
        pairs[report.name] = pair
    _pages(folder, pages)
    for path, _, verdict, text in _records(_lint(folder, reports, folder / "sources"), {}):
        pair = pairs[Path(path).name]
        yield f"labelled:{pair['report']}", pair["supported"], verdict, pair["report"], text


def outcomes(half: str) -> list[Outcome]:
    """Every cited claim of the pairs in a half (`held_out`, `tuning` or `all`)."""
    tuning = set(json.loads(SPLIT.read_text(encoding="utf-8"))["tuning"])
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        found = [
            *storm(tmp, False), *storm(tmp, True), *alce(tmp, False), *alce(tmp, True),
            *labelled(tmp),
        ]  # fmt: skip
    return [o for o in found if half == "all" or (o[0] in tuning) == (half == "tuning")]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--half", choices=("held_out", "tuning", "all"), default="held_out")
    parser.add_argument("--show", type=int, default=0, help="unsupported pairs counted supported")
    args = parser.parse_args()
    if not REPORTS.is_dir():
        raise SystemExit(f"verdict_pairs: {REPORTS} is not present")
    kept = outcomes(args.half)
    print(f"{args.half}: {len(kept)} cited claims")
    for label in (False, True):
        rows = [o for o in kept if o[1] is label]
        counts = Counter(o[2] for o in rows)
        low, high = (100 * x for x in wilson(counts["supported"], len(rows)))
        share = 100 * counts["supported"] / max(1, len(rows))
        print(
            f"  labelled {'supported  ' if label else 'unsupported'} {len(rows):4}: "
            f"supported {counts['supported']:3} ({share:4.1f}% [{low:.1f}, {high:.1f}]), "
            f"unsupported {counts['unsupported']:3}, unchecked {counts['unchecked']:3}"
        )
    wrong = [o for o in kept if not o[1] and o[2] == "supported"]
    for group, _, _, where, text in wrong[: args.show]:
        print(f"- {where} ({group}): {' '.join(text.split())[:200]}")


if __name__ == "__main__":
    main()
