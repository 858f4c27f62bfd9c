"""The relation mutation suite: real result sentences from the saved PubMed abstracts in
../shared/corpus, each turned into a correct claim, a paraphrase and the mutants that
apply — every number and name still in the cited span, the claim wrong all the same.

    python bench/mutations.py [--half held_out|tuning|all] [--show 5] [--misses]

prints, per class, how many cases there are and how many citelint catches at the claim's
line (CL106–CL109), and the false alarms on correct claims and paraphrases. The same
cases run in tests/relations/test_mutations.py against the targets. Deterministic: no
randomness, the corpus files in sorted order. The records are split in two halves,
listed in `bench/mutation_split.json`: tune on `tuning`, report on `held_out` (the
default), each class with its 95% Wilson interval.

Classes: `correct` (the sentence itself), `paraphrase` (function words changed, or two
number phrases said the other way round — "30% in B and 45% in A" — nothing said
differently), `negation` (a negation added, or the source's dropped), `arm-swap` (two
neighbouring numbers of one kind trade places), `moved-number`
(a number moved to another measure: two distant numbers of one kind trade places),
`direction` (a comparative or change word turned to its opposite), `overclaim` (a hedge
dropped, or an association made a cause), `group-swap` (the arm, comparator or population
a figure is about replaced by another the same record names elsewhere).
"""

from __future__ import annotations

import argparse
import json
import math
import re
import sys
import tempfile
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from lxml import etree  # noqa: E402

from citelint.evidence.windows import sentences  # noqa: E402
from citelint.ground.tokens import relation_words as grammar  # noqa: E402
from citelint.sources.loaders.pubmed import load_pubmed_xml  # noqa: E402
from citelint.sources.model import SourceError  # noqa: E402

CORPUS = ROOT.parent / "shared" / "corpus"
CAUGHT_BY = {
    # a time point moved to another the record states: caught when the claim is not
    # counted supported (a finding, or no window that holds its numbers: unchecked)
    "time-point": "not-supported",
    "group-swap": "CL106",
    "ctgov-group": "CL106",
    "single-arm": "CL106",
    "negation": "CL107",
    "arm-swap": "CL106",
    "moved-number": "CL106",
    "direction": "CL108",
    "overclaim": "CL109",
}
RELATION_CODES = ("CL106", "CL107", "CL108", "CL109")
_NUMBER = re.compile(r"(?<![\w.])\d+(?:\.\d+)?(?P<unit>\s?%|\s[a-zA-Zμ/]+)?")
_AUX = re.compile(r"\b(was|were|is|are|has|have|had|did|could|can)\b")
_NEGATED = re.compile(r"\b(not|no)\s+")
_SKIP_LABELS = re.compile(r"background|objective|aim|purpose|introduction|method|design", re.I)
_PARAPHRASES = (
    (re.compile(r"\bpatients\b"), "participants"),
    (re.compile(r"\bcompared with\b"), "versus"),
    (re.compile(r"\bvs\.?\s"), "versus "),
    (re.compile(r"\bgroup\b"), "arm"),
    (re.compile(r"\bsubjects\b"), "participants"),
)
# The same measure or change said in other words: each that applies is a paraphrase of
# its own (an abbreviation for the measure, a synonym for the change, the passive made
# active by a reporting verb)
_SYNONYMS = (
    (re.compile(r"\bprogression-free survival\b", re.I), "PFS"),
    (re.compile(r"\boverall survival\b", re.I), "OS"),
    (re.compile(r"\bhazard ratio\b", re.I), "HR"),
    (re.compile(r"\bodds ratio\b", re.I), "OR"),
    (re.compile(r"\bconfidence interval\b", re.I), "CI"),
    (re.compile(r"\bincreased(?=\s+(?:to|from|by)\b)"), "rose"),  # the verb, not `increased LACI`
    (re.compile(r"\bdecreased(?=\s+(?:to|from|by)\b)"), "fell"),
    (re.compile(r"\breduced(?=\s+(?:to|from|by)\b)"), "lowered"),
    (re.compile(r"\bhigher\b"), "greater"),
    (re.compile(r"^(?:There|It) was\b"), "The study found"),
    (re.compile(r"\bwas observed\b"), "was seen"),
    (re.compile(r"\bin the ([a-z][\w-]{3,}) (?:group|arm)\b"), r"with \1"),  # the arm by its drug
)
# "45% in the A group and 30% in the B group" said the other way round: the same facts
_PAIRED = re.compile(
    r"(?P<a>\d+(?:\.\d+)?\s?%?(?:\s[a-z]+)?\s(?:in|with|for|among|of)\s[\w\- ]{2,40}?)"
    r"(?P<sep>,?\s(?:and|vs\.?|versus|compared with)\s)"
    r"(?P<b>\d+(?:\.\d+)?\s?%?(?:\s[a-z]+)?\s(?:in|with|for|among|of)\s[\w\- ]{2,40}?)"
    r"(?=[,.;)]|$)"
)
# number formats a writer may use for the same value: a middle dot, `mo` for months
_FORMATS = re.compile(r"(?<![\w.])(\d+)\.(\d+)(\s)months\b")


def _formatted(m: re.Match[str]) -> str:
    return f"{m.group(1)}·{m.group(2)}{m.group(3)}mo"


_UNHEDGE = (
    (re.compile(r"\bwas associated with\b"), "caused"),
    (re.compile(r"\bwere associated with\b"), "caused"),
    (re.compile(r"\bmay\s+"), ""),
    (re.compile(r"\bmight\s+"), ""),
    (re.compile(r"\bsuggest(?:s|ed)? that\s+"), "show that "),
)


@dataclass(frozen=True)
class Record:
    """A saved source as the suite's sources root holds it, and how a claim cites it."""

    name: str  # `pubmed/22663011.xml`, `web/PMC2599765.txt`
    anchor: str  # `[pmid:22663011:abstract]`
    data: bytes


@dataclass(frozen=True)
class Case:
    record: Record
    klass: str
    claim: str
    source: str  # the sentence it was made from


_MARKERS = re.compile(r"\s*\[\d+\](?:\s*[–,-]\s*\[\d+\])*")  # a paper's own citations


def _stating(text: str) -> Iterator[str]:
    """The sentences of a text that state two numbers or more (without the paper's own
    citation markers, which a report citing the paper does not copy)."""
    for b, e in sentences(text):
        sentence = _MARKERS.sub("", " ".join(text[b:e].split()))
        numbers = [w for w in grammar.words(sentence) if w.kind == "num"]
        if len(numbers) >= 2 and 30 <= len(sentence) <= 400:
            yield sentence


def result_sentences() -> Iterator[tuple[Record, str]]:
    """(record, sentence): abstract sentences stating two numbers or more, outside
    background and methods sections; then the results and discussion of the PMC full
    texts, saved as text pages."""
    for path in sorted((CORPUS / "pubmed").glob("*/*.xml")):
        pmid = path.stem
        try:
            loaded = load_pubmed_xml(str(path), path.read_bytes(), pmid)
        except SourceError:
            continue
        record = Record(f"pubmed/{pmid}.xml", f"[pmid:{pmid}:abstract]", path.read_bytes())
        for section in loaded.sections:
            if not _SKIP_LABELS.search(section.label or section.category or ""):
                for sentence in _stating(section.text):
                    yield record, sentence
    for path in sorted((CORPUS / "pmc_fulltext").glob("*/*.nxml")):
        text = _results_text(path)
        record = Record(f"web/{path.stem}.txt", f"[web:{path.stem}.txt]", text.encode())
        for sentence in _stating(text):
            yield record, sentence


def _results_text(path: Path) -> str:
    """The results and discussion paragraphs of a PMC JATS article, one a line."""
    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False)
    root = etree.parse(str(path), parser).getroot()
    lines = []
    for section in root.iterfind(".//body/sec"):
        title = "".join(section.findtext("title") or "")
        if re.search(r"result|discussion", title, re.I):
            for paragraph in section.iterfind(".//p"):
                lines.append(" ".join("".join(str(t) for t in paragraph.itertext()).split()))
    return "\n".join(lines) + "\n"


def _numbers(text: str) -> list[re.Match[str]]:
    return list(_NUMBER.finditer(text))


def _swap(text: str, a: re.Match[str], b: re.Match[str]) -> str:
    x, y = a.group(0), b.group(0)
    xv, yv = x[: len(x) - len(a.group("unit") or "")], y[: len(y) - len(b.group("unit") or "")]
    return (
        text[: a.start()]
        + yv
        + text[a.start() + len(xv) : b.start()]
        + xv
        + text[b.start() + len(yv) :]
    )


def _same_kind(a: re.Match[str], b: re.Match[str]) -> bool:
    ua, ub = (a.group("unit") or "").strip(), (b.group("unit") or "").strip()
    va, vb = a.group(0)[: len(a.group(0)) - len(a.group("unit") or "")], b.group(0)
    return ua == ub and ua != "" and va != vb[: len(vb) - len(b.group("unit") or "")]


def mutants(sentence: str) -> Iterator[tuple[str, str]]:
    """(class, claim) for each mutation that applies to the sentence."""
    yield "correct", sentence
    for pattern, replacement in _PARAPHRASES:
        if pattern.search(sentence):
            yield "paraphrase", pattern.sub(replacement, sentence, count=1)
            break
    else:
        yield "paraphrase", "The authors report that " + sentence[0].lower() + sentence[1:]
    for pattern, replacement in _SYNONYMS:
        if pattern.search(sentence):
            yield "paraphrase", pattern.sub(replacement, sentence, count=1)
    paired = _PAIRED.search(sentence)
    if paired:  # the two phrases trade places, each number with its own words
        a, sep, b = paired.group("a"), paired.group("sep"), paired.group("b")
        yield "paraphrase", sentence[: paired.start()] + b + sep + a + sentence[paired.end() :]
    formatted = _FORMATS.sub(_formatted, sentence, count=1)
    if formatted != sentence:  # `4.8 months` as `4·8 mo`
        yield "paraphrase", formatted
    negated = _NEGATED.search(sentence)
    if negated:
        yield "negation", sentence[: negated.start()] + sentence[negated.end() :]
    else:
        aux = _AUX.search(sentence)
        if aux:
            yield "negation", sentence[: aux.end()] + " not" + sentence[aux.end() :]
    found = _numbers(sentence)
    pairs = [(a, b) for i, a in enumerate(found) for b in found[i + 1 :] if _same_kind(a, b)]
    near = [(a, b) for a, b in pairs if found.index(b) == found.index(a) + 1]
    far = [(a, b) for a, b in pairs if found.index(b) > found.index(a) + 1]
    if near:
        yield "arm-swap", _swap(sentence, *near[0])
        yield from _one_arm(sentence, *near[0])
    if far:
        yield "moved-number", _swap(sentence, *far[0])
    for word in grammar.words(sentence):
        if word.kind == "word" and word.text in grammar.OPPOSITES:
            flipped = sorted(grammar.OPPOSITES[word.text])[0]
            original = sentence[word.start : word.start + len(word.text)]
            if original[0].isupper():
                flipped = flipped.capitalize()
            yield (
                "direction",
                sentence[: word.start] + flipped + sentence[word.start + len(word.text) :],
            )
            break
    for pattern, replacement in _UNHEDGE:
        if pattern.search(sentence):
            yield "overclaim", pattern.sub(replacement, sentence, count=1)
            break


_ARM_SEP = re.compile(r",?\s(?:and|vs\.?|versus|compared with)\s")


def _one_arm(sentence: str, a: re.Match[str], b: re.Match[str]) -> Iterator[tuple[str, str]]:
    """The first of two arms alone, up to the word that joins the second: with its own
    value (a paraphrase) and with the second arm's value (single-arm)."""
    sep = _ARM_SEP.search(sentence, a.end(), b.start())
    if sep is None or sep.start() - a.end() < 4:
        return
    value = _value(a)
    arm = sentence[a.start() + len(value) : sep.start()].rstrip(" ,(")
    head = sentence[: a.start()]
    yield "paraphrase", f"{head}{value}{arm}."
    yield "single-arm", f"{head}{_value(b)}{arm}."


def _value(m: re.Match[str]) -> str:
    return m.group(0)[: len(m.group(0)) - len(m.group("unit") or "")]


# "in the trametinib group", "with placebo", "than controls": who a figure is about
_WHO = re.compile(r"\b(?:in|with|among|than|versus|vs\.?)\s+(?:the\s+)?([a-z][\w-]{3,})(?=\s)")


def _swapped_group(sentence: str, record: Record, others: list[str]) -> str | None:
    """The sentence with its first group (arm, comparator or population) replaced by
    another group the same record names in another sentence."""
    mine = _WHO.search(sentence)
    if mine is None or grammar.words(mine.group(1))[0].text in grammar.SEPARATORS:
        return None
    for other in others:
        for found in _WHO.finditer(other):
            name = found.group(1)
            if name.lower() != mine.group(1).lower() and name.lower() not in sentence.lower():
                return sentence[: mine.start(1)] + name + sentence[mine.end(1) :]
    return None


def trial_cases() -> Iterator[Case]:
    """ClinicalTrials.gov results: for each outcome with two or more groups, a claim of
    the first measured value in its own group (correct) and in another group of the same
    outcome (ctgov-group), each group named by the first word of its title that is its
    own."""
    for path in sorted((CORPUS / "trials").glob("*/NCT*.json")):
        try:
            study = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        if isinstance(study, dict) and isinstance(study.get("studies"), list):
            study = study["studies"][0]
        results = study.get("resultsSection") if isinstance(study, dict) else None
        if not isinstance(results, dict):
            continue
        nct = path.name.split(".")[0]
        record = Record(f"trials/{nct}.json", f"[nct:{nct}:outcomes]", path.read_bytes())
        measures = results.get("outcomeMeasuresModule", {}).get("outcomeMeasures", [])
        for measure in measures[:6]:
            named = _group_words(measure.get("groups", []))
            value = _first_measured(measure)
            if len(named) < 2 or value is None or value[0] not in named:
                continue
            group, number = value
            title = " ".join(str(measure.get("title", "")).split()[:8])
            claim = f"{title} was {number} in the {named[group]} group."
            yield Case(record, "correct", claim, title)
            for other, word in named.items():
                if other != group:
                    yield Case(record, "ctgov-group", claim.replace(named[group], word), title)
                    break


def _group_words(groups: list[dict[str, str]]) -> dict[str, str]:
    """Each group's id with a word of its title no other group's title has."""
    titles = {g.get("id", ""): str(g.get("title", "")).lower() for g in groups}
    out = {}
    for gid, title in titles.items():
        others = " ".join(t for g, t in titles.items() if g != gid)
        own = [w for w in re.findall(r"[a-z][a-z-]{3,}", title) if w not in others]
        if own:
            out[gid] = own[0]
    return out if len(out) == len(titles) else {}


def _first_measured(measure: dict[str, object]) -> tuple[str, str] | None:
    for klass in measure.get("classes", []) or []:  # type: ignore[attr-defined]
        for category in klass.get("categories", []):
            for m in category.get("measurements", []):
                value = m.get("value")
                if isinstance(value, str) and re.fullmatch(r"\d+(?:\.\d+)?", value):
                    return str(m.get("groupId", "")), value
    return None


_TIME = re.compile(r"\b(\d+)[ -](months?|weeks?|years?|days?|h|hours?)\b", re.I)


def _moved_time(sentence: str, others: list[str]) -> str | None:
    """The sentence with its time point replaced by another of the same unit that the
    record states in another sentence (`at 6 months` where it also reports 12 months)."""
    mine = _TIME.search(sentence)
    if mine is None:
        return None
    unit = mine.group(2).rstrip("s").lower()
    for other in others:
        for found in re.finditer(rf"\b(\d+)[ -]{unit}s?\b", other, re.I):
            if found.group(1) != mine.group(1) and found.group(1) not in sentence:
                return sentence[: mine.start(1)] + found.group(1) + sentence[mine.end(1) :]
    return None


def cases() -> list[Case]:
    out: list[Case] = list(trial_cases())
    found = list(result_sentences())
    for record, sentence in found:
        for klass, claim in mutants(sentence):
            if klass == "correct" or claim != sentence:
                out.append(Case(record, klass, claim, sentence))
        others = [s for r, s in found if r == record and s != sentence]
        swapped = _swapped_group(sentence, record, others)
        if swapped is not None:
            out.append(Case(record, "group-swap", swapped, sentence))
        moved = _moved_time(sentence, others)
        if moved is not None:
            out.append(Case(record, "time-point", moved, sentence))
    return out


def run(found: list[Case]) -> dict[str, tuple[int, int]]:
    """Per class: (cases, caught at the claim's line by its rule, or for correct claims
    and paraphrases: flagged by any relation rule)."""
    tally: Counter[tuple[str, bool]] = Counter()
    for case, hit in outcomes(found):
        tally[(case.klass, hit)] += 1
    classes = sorted({k for k, _ in tally})
    return {k: (tally[(k, True)] + tally[(k, False)], tally[(k, True)]) for k in classes}


def outcomes(found: list[Case]) -> list[tuple[Case, bool]]:
    """Each case with whether it was caught (a mutant, by its rule at its line) or
    flagged (a correct claim or paraphrase, by any relation rule)."""
    from citelint.config.load import Settings
    from citelint.lint.runner import Runner

    by_record: dict[Record, list[Case]] = {}
    for case in found:
        by_record.setdefault(case.record, []).append(case)
    out: list[tuple[Case, bool]] = []
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        placed: list[tuple[Case, str, int]] = []
        for n, (record, group) in enumerate(by_record.items()):
            saved = root / "sources" / record.name
            saved.parent.mkdir(parents=True, exist_ok=True)
            saved.write_bytes(record.data)
            report = f"report-{n}.md"
            text = "".join(f"{c.claim} {record.anchor}\n\n" for c in group)
            (root / report).write_text(text, encoding="utf-8")
            placed += [(c, report, 1 + 2 * i) for i, c in enumerate(group)]
        settings = Settings(project_root=str(root), select=RELATION_CODES, claim_records=True)
        result = Runner.of(settings, [str(root)]).lint()
        hits = {(d.path, d.line, d.code) for d in result.diagnostics}
        supported = {(f.path, r.line) for f in result.files for r in f.records if r.verdict == "ok"}
        for case, report, line in placed:
            codes = {code for p, ln, code in hits if p == report and ln == line}
            want = CAUGHT_BY.get(case.klass)
            if want == "not-supported":
                out.append((case, (report, line) not in supported))
            else:
                out.append((case, want in codes if want else bool(codes)))
    return out


SPLIT = Path(__file__).with_name("mutation_split.json")


def half(found: list[Case], name: str) -> list[Case]:
    """The cases of one half of the records (`tuning`, `held_out`), or all of them."""
    if name == "all":
        return found
    records = set(json.loads(SPLIT.read_text(encoding="utf-8"))[name])
    return [c for c in found if c.record.name in records]


def wilson(hit: int, n: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a share."""
    if not n:
        return 0.0, 1.0
    z, p = 1.96, hit / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - spread), min(1.0, centre + spread)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--show", type=int, default=0, help="print N cases of each class")
    parser.add_argument("--misses", action="store_true", help="print every miss and alarm")
    parser.add_argument("--half", choices=("held_out", "tuning", "all"), default="held_out")
    options = parser.parse_args()
    show = options.show
    found = half(cases(), options.half)
    used = len({(c.record.name, c.source) for c in found})
    print(
        f"{options.half}: {used} result sentences from "
        f"{len({c.record.name for c in found})} records"
    )
    for klass, (n, hit) in run(found).items():
        what = "flagged (false alarms)" if klass in ("correct", "paraphrase") else "caught"
        low, high = wilson(hit, n)
        print(
            f"{klass:<14} {n:>4} cases  {hit:>4} {what}  {100 * hit / max(n, 1):5.1f}%"
            f"  [95% {100 * low:.0f}–{100 * high:.0f}%]"
        )
    for klass in sorted({c.klass for c in found}):
        for case in [c for c in found if c.klass == klass][:show]:
            print(f"\n[{klass}] {case.claim}\n  source: {case.source}")
    if options.misses:
        for case, hit in outcomes(found):
            if hit == (case.klass in ("correct", "paraphrase")):
                print(f"\n[{case.klass}] {case.claim}\n  source: {case.source}")


if __name__ == "__main__":
    main()
