"""Calibration of CL111's lexical support on real statement–source pairs.

    python bench/support_pairs.py [--half held_out|tuning|all] [--at 0.25] [--show 5]

Pairs, all from ../shared/corpus/reports/:

- **STORM** (`storm_crw_telesystem/`): every sentence of both articles (the draft and the
  polished one) that cites `[n]`, against the snippets STORM saved for source n in
  `url_to_info.json` — labelled *supported* (the system's own evidence) — and against the
  snippets of each source of the same run it does not cite — *unsupported* (cross-paired);
- **ALCE** (`alce_demos/`): the demonstration answers, written by the benchmark's
  authors, sentence by sentence against the passages they cite (supported) and the
  passages of the same question they do not (unsupported);
- **hand-labelled** (`bench/support_labels.json`): statements of corpus reports against
  a saved source, each with its label and the reason for it.

The pairs are split by group — a STORM section (the same heading in both articles, so a
polished sentence never sits in the other half from its draft), an ALCE question, a
hand-labelled report — into a tuning half and a held-out half, listed in
`bench/support_split.json`. It prints, per half, how many pairs of each label there are,
the share flagged at the rule's default threshold (and at `--at`), each with its 95%
Wilson interval, and the ranking's AUC. Deterministic: no randomness.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.mutations import wilson  # noqa: E402
from citelint.evidence.support import page, support  # noqa: E402
from citelint.evidence.windows import sentences  # noqa: E402
from citelint.rules.cl111_unsupported_statement import DEFAULT_MIN_COVERAGE  # noqa: E402

REPORTS = ROOT.parent / "shared" / "corpus" / "reports"
SPLIT = Path(__file__).with_name("support_split.json")
LABELS = Path(__file__).with_name("support_labels.json")
_CITE = re.compile(r"\s*\[(\d+)\]")


@dataclass(frozen=True, slots=True)
class Pair:
    group: str
    statement: str
    sources: tuple[str, ...]
    supported: bool
    where: str  # what the pair is, for a reader


def _cited(text: str) -> Iterator[tuple[str, frozenset[int]]]:
    """Each sentence of a text that cites `[n]`, without its citations."""
    for b, e in sentences(text):
        piece = text[b:e]
        cited = frozenset(int(n) for n in _CITE.findall(piece))
        if cited:
            yield _CITE.sub("", piece).strip(), cited


def storm_pairs() -> Iterator[Pair]:
    folder = REPORTS / "storm_crw_telesystem"
    info = json.loads((folder / "url_to_info.json").read_text(encoding="utf-8"))
    snippets = {
        info["url_to_unified_index"][url]: "\n".join(entry["snippets"])
        for url, entry in info["url_to_info"].items()
    }
    for name in ("storm_gen_article.txt", "storm_gen_article_polished.txt"):
        section = ""
        for line in (folder / name).read_text(encoding="utf-8").splitlines():
            if line.startswith("#"):
                section = line.strip("# ").lower()
                continue
            for statement, cited in _cited(line):
                yield from _paired(f"storm:{section}", statement, cited, snippets, name)


def alce_pairs() -> Iterator[Pair]:
    for path in sorted((REPORTS / "alce_demos").glob("*.json")):
        for demo in json.loads(path.read_text(encoding="utf-8"))["demos"]:
            docs = {n: f"{d['title']}\n{d['text']}" for n, d in enumerate(demo["docs"], 1)}
            for statement, cited in _cited(demo["answer"]):
                group = f"alce:{demo['question']}"
                yield from _paired(group, statement, cited, docs, path.name)


def _paired(
    group: str, statement: str, cited: frozenset[int], texts: dict[int, str], name: str
) -> Iterator[Pair]:
    """The statement against what it cites (supported), and against each source of the
    same run it does not cite (unsupported)."""
    if not cited <= texts.keys():
        return  # a citation with no saved text: nothing to pair
    ns = sorted(cited)
    here = f"{name}: {group}"
    yield Pair(group, statement, tuple(texts[n] for n in ns), True, f"{here} vs {ns}")
    for n, text in sorted(texts.items()):
        if n not in cited:
            yield Pair(group, statement, (text,), False, f"{here} vs [{n}]")


def labelled_pairs() -> Iterator[Pair]:
    for item in json.loads(LABELS.read_text(encoding="utf-8")):
        source = (REPORTS / item["source"]).read_text(encoding="utf-8")
        group, label = f"label:{item['report']}", item["supported"]
        yield Pair(group, item["statement"], (source,), label, item["why"])


def pairs() -> list[Pair]:
    return [*storm_pairs(), *alce_pairs(), *labelled_pairs()]


def half(found: list[Pair], name: str) -> list[Pair]:
    if name == "all":
        return found
    tuning = set(json.loads(SPLIT.read_text(encoding="utf-8"))["tuning"])
    return [p for p in found if (p.group in tuning) == (name == "tuning")]


def auc(scores: list[tuple[float, bool]]) -> float:
    """The chance a supported pair scores above an unsupported one (ties count half)."""
    pos = sorted(s for s, ok in scores if ok)
    neg = sorted(s for s, ok in scores if not ok)
    if not pos or not neg:
        return float("nan")
    wins = 0.0
    for s in pos:
        wins += sum(1.0 if s > t else 0.5 if s == t else 0.0 for t in neg)
    return wins / (len(pos) * len(neg))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--half", default="held_out", choices=("held_out", "tuning", "all"))
    parser.add_argument("--at", type=float, default=None, help="a second threshold to report")
    parser.add_argument("--show", type=int, default=0, help="print N flagged supported pairs")
    args = parser.parse_args()
    if not REPORTS.is_dir():
        sys.exit("the corpus (../shared/corpus/reports) is not here")
    chosen = half(pairs(), args.half)
    scored = []
    for pair in chosen:
        found = support(pair.statement, [page(text) for text in pair.sources])
        if found is not None:
            scored.append((pair, found.coverage))
    print(f"{args.half}: {len(chosen)} pairs, {len(scored)} with enough words to measure")
    print(f"AUC {auc([(s, p.supported) for p, s in scored]):.3f}")
    for at in (DEFAULT_MIN_COVERAGE, *([args.at] if args.at is not None else [])):
        for label in (False, True):
            group = [s for p, s in scored if p.supported is label]
            hit = sum(1 for s in group if s < at)
            low, high = wilson(hit, len(group))
            name = "supported" if label else "unsupported"
            print(
                f"  below {at:.2f}: {name:11} {hit:4}/{len(group):<4} "
                f"{100 * hit / max(1, len(group)):5.1f}%  [{100 * low:.1f}, {100 * high:.1f}]"
            )
    flagged = [(p, s) for p, s in scored if p.supported and s < DEFAULT_MIN_COVERAGE]
    for p, s in flagged[: args.show]:
        print(f"\n{s:.2f} {p.where}\n  {p.statement}")


if __name__ == "__main__":
    main()
