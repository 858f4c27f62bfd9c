"""CL104 reference-mismatch: a reference entry disagrees with the record it resolves to.

When an entry resolves to a saved record (through its anchor, identifier, URL or title)
and both say who wrote it, when and where, they must agree: the entry's year must be one
of the record's publication years, its first author's family name must be among the
record's authors, its title's words must be the record's (at least 60% of them), and its
journal must name or abbreviate the record's journal (`N Engl J Med` for `The New England
journal of medicine`). A disagreement is a misattributed or fabricated citation. Formats
whose records carry these fields: PubMed XML and Europe PMC.

Fails (`sources/pubmed/22663011.xml` was published in 2012):

    1. Smith J, et al. Its real title. Its Journal. 2019;1:1-2. PMID: 22663011

A year written beside a citation or in author–year form (`Smith et al. (2015) [3]`,
`(Smith, 2015)`) says when the cited work appeared: it is checked against the cited
entry's year and the record's publication years, never against the span's text. Beside
means in the same sentence: a citation that covers the sentence from elsewhere (the one
closing its paragraph) dates none of its years (`*One Hundred Years of Solitude* (1967)`
opening a paragraph closed by `(The Economist, 2024)`). A year
dates the run of citations that follows it in its sentence (`validated (2024) [2];
audited (2025) [1]`: each year its own entry's; `(2025) and … (2023) [1][2]`: either of the
run's), or all the sentence's citations when none follows — unless a name that no cited
entry holds gives it, in its own parentheses (`the paradigm of (Kassin & Kiechel, 1996)`
in a sentence citing Hejniak's study) or in prose (`the documentary Queer Japan (2019)`):
that year dates a work named beside them. An
entry's year is read from Vancouver (`… Lancet. 2019;394:…`), APA (`Smith, J. (2021). …`)
and comma forms (`Barker et al., 2023, Optimizing …`). A work named beside its citation
by year and title (`(2025, Precise Orbit Determination…) [10]`) whose words are another
entry's title (80% of them) and not the cited entry's (under half) is a citation numbered
against the wrong entry.

Passes: the entry's year, author, title and journal are the record's.

Fix: correct the entry from the saved record, or cite the record it meant.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Iterable, Iterator, Mapping

from citelint.ground.document import Anchor, Reference
from citelint.ground.tokens import fold
from citelint.outputs.diagnostic import Severity
from citelint.read.analysis import Analysis, BodyClaim
from citelint.rules.base import Finding, NoOptions, Rule
from citelint.sources.model import Span

_RUN_GAP = 3  # characters between two citations of one run
# a work named by its year and title in parentheses before its citation (`(2025, Precise
# Orbit Determination for Cislunar Space Targets…) [10]`), as DLS reports write it
_DATED_TITLE = re.compile(r"\((?:19|20)\d\d,\s*([^()]{12,300}?)\)")
_MIN_TITLE_WORDS = 3  # fewer words name no title
_TITLE_SAME = 0.8  # the share of its words another entry's title must hold…
_TITLE_OTHER = 0.5  # …while the cited entry's holds less than this
# a name and its year in parentheses, the year's item (`(Kassin & Kiechel, 1996)`, `(…;
# Smith et al., 2019)`): the name's first word is looked for in the cited entries
_NAME_BEFORE_YEAR = re.compile(
    r"[(;]\s*(?P<name>[A-Z][\w'’-]+)[^()\d;]{0,60}?,?\s*(?:(?:19|20)\d\d[a-z]?,\s*)*\Z"
    # …or a name in prose, its year in parentheses after it (`the documentary Queer Japan
    # (2019)`, `Smith et al. (2015)`): its last capitalised word is looked for
    r"|(?P<prose>[A-Z][\w'’-]+)(?:\s+et\s+al\.?)?\s*\(\Z"
)
_NAME_REACH = 120  # how far before its year a name in parentheses is looked for
_COMMON = 32  # a title word in more entries than this identifies none
_STOP = frozenset({"the", "of", "and", "for", "in", "on", "a", "an", "de", "la"})


class ReferenceMismatch(Rule[NoOptions]):
    code = "CL104"
    name = "reference-mismatch"
    severity = Severity.CRITICAL
    summary = "a reference entry's year, author, title or journal disagrees with its record"
    suggestion = "correct the entry from the saved record, or cite the record it meant"
    options_type = NoOptions
    marks_unverified = True
    unsupports = True

    def check(self, analysis: Analysis) -> Iterator[Finding]:
        for entry, record in analysis.entry_records():
            assert isinstance(record.resolution, Span)
            wrong = _disagreements(entry, record.fields, record.resolution.dates)
            if wrong:
                yield Finding(
                    self.code,
                    entry.start,
                    entry.end,
                    f"reference [{entry.key}] does not match the saved record {record.target}: "
                    + "; ".join(wrong),
                    spans=(record.resolution,),
                    subject=f"[{entry.key}] {entry.text}",
                )
        entries = {e.key: e for e in analysis.doc.references if e.title}
        if len(entries) < sum(1 for e in analysis.doc.references if e.title):
            entries = {}  # keys that repeat (a list per section): whose title is unknown
        titles = _TitleIndex(entries.values())
        keyed: dict[str, list[int]] = {}  # each key's places in the list, looked up once
        for i, entry in enumerate(analysis.doc.references):
            keyed.setdefault(entry.key, []).append(i)
        for item in analysis.claims:
            # a year is beside the citations written in its own sentence; one that covers it
            # from elsewhere (a paragraph's closing citation) was written beside no year of it
            own = _written_in(item)
            runs = _Runs(item, own) if own else None
            if item.claim.years and runs:
                yield from self._years(item, analysis, runs, keyed)
            if entries and runs:
                yield from self._titles(item, entries, titles, runs)

    def _titles(
        self,
        item: BodyClaim,
        entries: Mapping[str, Reference],
        titles: _TitleIndex,
        runs: _Runs,
    ) -> Iterator[Finding]:
        """A work named beside a citation by its year and title (`(2025, Precise Orbit
        Determination…) [10]`) whose title is another entry's, not the cited one's."""
        text = item.sentence.text
        for m in _DATED_TITLE.finditer(text):
            named = [w for w in _words(m.group(1)) if len(w) > 2]
            if len(named) < _MIN_TITLE_WORDS:
                continue
            run = runs.after(m.end())[1]
            cited = [entries[a.id] for a in run if a.type == "ref" and a.id in entries]
            if not cited or len(cited) < len(run):
                continue  # a citation whose entry has no title: nothing to compare
            if max(_share(named, e.title) for e in cited) >= _TITLE_OTHER:
                continue
            best, share = titles.best(named)
            if best is None or share < _TITLE_SAME:
                continue  # named nowhere in the list: not this rule's to judge
            cites = ", ".join(a.text for a in run)
            yield Finding(
                self.code,
                item.sentence.offset_of(m.start()),
                item.sentence.offset_of(m.end() - 1) + 1,
                f"the work named beside {cites} ('{_short(m.group(1).strip())}') is "
                f"reference [{best.key}], not {cites}: the citation is numbered against the "
                "wrong entry",
                claim=item.sentence.text,
                anchors=item.anchors,
                subject=item.sentence.text,
            )

    def _years(
        self, item: BodyClaim, analysis: Analysis, runs: _Runs, keyed: Mapping[str, list[int]]
    ) -> Iterator[Finding]:
        said_by_run: dict[int, dict[str, str]] = {}  # the years each run's entries give
        for tok in item.claim.years:
            at, dated = runs.after(tok.end)
            if at not in said_by_run:
                said_by_run[at] = _said_years(dated, analysis, keyed)
            said = said_by_run[at]
            if not said:
                continue  # nothing cited says when it appeared: a year alone states no fact
            if _dates_another(item.sentence.text, tok.start, dated, analysis, keyed):
                continue
            if str(tok.date[0] if tok.date else "") in said:
                continue
            cites = ", ".join(a.text for a in dated)
            known = ", ".join(f"{what} says {year}" for year, what in sorted(said.items()))
            yield Finding(
                self.code,
                item.sentence.offset_of(tok.start),
                item.sentence.offset_of(tok.end - 1) + 1,
                f"year {tok.text} beside {cites} is not when the cited work appeared: {known}",
                claim=item.sentence.text,
                anchors=item.anchors,
                subject=item.sentence.text,
            )


class _Runs:
    """The citations each year or title of one sentence dates: the sentence's first run of
    citations after it (`modelling (2024) [7]; strategies (2025) [11]`: each year its own
    entry's; `the 2024 pipeline (2024) … the 2025 survey (2025) [11][13]`: the run's), else
    all that cover the sentence. The anchors are ordered once and each run found once, so
    N years beside N citations cost N, not N²."""

    def __init__(self, item: BodyClaim, anchors: tuple[Anchor, ...]) -> None:
        self._item = item
        self._anchors = anchors
        self._ordered = sorted(anchors, key=lambda a: a.start)
        self._starts = [a.start for a in self._ordered]
        self._stop = item.sentence.offset_of(len(item.sentence.text) - 1) + 1
        self._found: dict[int, tuple[Anchor, ...]] = {}

    def after(self, end: int) -> tuple[int, tuple[Anchor, ...]]:
        """(where the run begins among the anchors, -1 for all of them; the run) for a
        year or title ending at `end`."""
        i = bisect_left(self._starts, self._item.sentence.offset_of(end - 1) + 1)
        if i == len(self._ordered) or self._starts[i] > self._stop:
            return -1, self._anchors
        if i not in self._found:
            run = [self._ordered[i]]
            for anchor in self._ordered[i + 1 :]:
                if anchor.start > self._stop or anchor.start - run[-1].end > _RUN_GAP:
                    break  # (`[11][13]`, `[11], [13]`, `[1,3]` are one run)
                run.append(anchor)
            self._found[i] = tuple(run)
        return i, self._found[i]


def _written_in(item: BodyClaim) -> tuple[Anchor, ...]:
    """The citations that cover a sentence and stand in it (or right after its stop), or on
    the element that holds it (`data-cite`)."""
    text = item.sentence.text
    if not text:
        return ()
    start = item.sentence.offset_of(0)
    stop = item.sentence.offset_of(len(text) - 1) + 1 + _RUN_GAP
    return tuple(a for a in item.anchors if a.in_attribute or start <= a.start <= stop)


def _dates_another(
    text: str,
    at: int,
    anchors: tuple[Anchor, ...],
    analysis: Analysis,
    keyed: Mapping[str, list[int]],
) -> bool:
    """Whether the year at `at` is one a name in its own parentheses gives (`the false
    confession paradigm (Kassin & Kiechel, 1996)`) that none of the cited entries holds:
    it dates a work named beside them, not the one they cite."""
    item = _NAME_BEFORE_YEAR.search(text, max(0, at - _NAME_REACH), at)
    if item is None:
        return False
    name = (item.group("name") or item.group("prose")).lower()
    return not any(
        re.search(rf"\b{re.escape(name)}\b", analysis.doc.references[i].text.lower())
        for a in anchors
        if a.type == "ref"
        for i in keyed.get(a.id, ())
    )


def _said_years(
    anchors: tuple[Anchor, ...], analysis: Analysis, keyed: Mapping[str, list[int]]
) -> dict[str, str]:
    """The years the cited entries and their records give, each with who gives it (the
    entries found by key, `keyed`: their places in the list, in its order)."""
    said: dict[str, str] = {}
    at = sorted({i for a in anchors if a.type == "ref" for i in keyed.get(a.id, ())})
    for entry in (analysis.doc.references[i] for i in at):
        if entry.year:
            said.setdefault(entry.year, f"reference [{entry.key}]")
        record = analysis.records.get(entry.place)
        for year in re.findall(r"(?:19|20)\d\d", record.fields.get("year", "") if record else ""):
            said.setdefault(year, f"the record {record.target}" if record else "")
    return said


def _disagreements(entry: Reference, fields: Mapping[str, str], dates: str) -> list[str]:
    wrong = []
    year = fields.get("year", "")
    if entry.year and year and entry.year not in year and entry.year not in dates:
        wrong.append(f"year {entry.year}, the record says {year}")
    authors = fold(fields.get("authors", ""))
    if entry.author and authors and fold(entry.author) not in authors:
        wrong.append(f"first author {entry.author} is not among the record's authors")
    title = fields.get("title", "")
    if entry.title and title and _overlap(entry.title, title) < 0.6:
        wrong.append(f"title '{_short(entry.title)}', the record's is '{_short(title)}'")
    journal = fields.get("journal", "")
    if entry.journal and journal and not _abbreviates(entry.journal, journal):
        wrong.append(f"journal '{entry.journal}', the record's is '{journal}'")
    return wrong


def _words(text: str) -> list[str]:
    return [w for w in re.findall(r"\w+", fold(text)) if w not in _STOP]


class _TitleIndex:
    """The entries holding each title word, built once a report: a work named beside its
    citation is looked up by its words, not compared with every entry (N named works
    against N entries cost N). A word in more than `_COMMON` titles names none of them."""

    def __init__(self, entries: Iterable[Reference]) -> None:
        self._order = {e.key: i for i, e in enumerate(entries)}
        self._entries = {e.key: e for e in entries}
        self._holding: dict[str, list[str]] = {}
        for key, entry in self._entries.items():
            for word in set(_words(entry.title)):
                self._holding.setdefault(word, []).append(key)

    def best(self, named: list[str]) -> tuple[Reference | None, float]:
        """The entry whose title holds most of the words, and the share it holds."""
        counts: dict[str, int] = {}
        for word in named:
            holding = self._holding.get(word, ())
            if len(holding) > _COMMON:
                continue
            for key in holding:
                counts[key] = counts.get(key, 0) + 1
        if not counts:
            return None, 0.0
        key = min(counts, key=lambda k: (-counts[k], self._order[k]))
        return self._entries[key], counts[key] / len(named)


def _share(named: list[str], title: str) -> float:
    """The share of the words a report names a work by that are in an entry's title."""
    have = set(_words(title))
    words = [w for w in named if len(w) > 2]
    return sum(1 for w in words if w in have) / len(words) if words else 0.0


def _overlap(entry: str, record: str) -> float:
    """The share of the entry's title words that are the record's title words."""
    words = [w for w in _words(entry) if len(w) > 2]
    have = set(_words(record))
    return sum(1 for w in words if w in have) / len(words) if words else 1.0


def _abbreviates(short: str, full: str) -> bool:
    """Whether each word of `short` begins a later word of `full`, in order."""
    words = _words(full)
    i = 0
    for part in _words(short):
        while i < len(words) and not words[i].startswith(part):
            i += 1
        if i == len(words):
            return False
        i += 1
    return True


def _short(text: str) -> str:
    return text if len(text) <= 60 else text[:57] + "…"
