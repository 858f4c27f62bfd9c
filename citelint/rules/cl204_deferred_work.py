"""CL204 deferred-work: the body promises work instead of doing it.

Placeholder and deferred-work language means the report is not finished: every
occurrence in the body is CL204 (appendix sections do not count). Defaults: `待worker`,
`worker继续`, `后续量化模型`, `再补足量化模型`, `后续补足`, `继续估算`, `deferred worker`,
`deferred model`, `TODO`, `TBD` (not inside table cells), `lorem ipsum`, `placeholder`,
`as an AI`, `占位符`, `占位内容`. CJK phrases ignore whitespace and width (`待 Worker`);
Latin phrases match whole words (a hyphen joins a word: `as an AI-powered assistant` is
no `as an AI`), and phrases in capitals match in capitals only. A phrase in capitals that
the report defines as an abbreviation — in parentheses right after the words whose
initials spell it, `Track-Before-Detect (TBD)` — names that thing wherever the report
uses it; `To Be Determined (TBD)` spells the deferral out and defines nothing.

`placeholder` before a plural noun of something else than the report's own content names a
kind of thing, not a gap (`low-priority placeholder Pods`, `placeholder containers`), and
in a report that names it so, before any other noun too (`the placeholder priority class`
beside `placeholder pods`); `placeholder text`, `placeholder values`, `[placeholder]` stay
deferrals.

Chinese deferrals are also read by their form, not from a list of sentences: a bare
`待完善`, `待补充`, `待补`, `暂为占位`, `暂缺` or `（略）` that opens a clause
(`，待完善。`, `待补充数据`) or closes one (`数据暂缺。`) defers work. After `有`, `仍`,
`尚`, `亟`, `需`, `还` or `要` it is an analytic statement ("still needs improvement") and is
not flagged: `医保支付体系仍有待完善` passes.

An agent's narration of the research it is about to do, left in the report by a transcript
(`Let me do one final search to gather information about …`, `Let me continue my research
…`, `Now let's search for …`, `I'll conduct systematic web research …`, `让我继续搜索：`), is
work promised, not done: a first person about to search, research, look for or gather
information, at a sentence's start, is CL204 by that form, whatever the topic. The report
speaking of itself (`I'll provide a comprehensive analysis`, `Let me explain the research
findings`, `我将为您撰写…报告`) is not. A run of such notes is one finding, across its
paragraphs and a remark between them (`I'll research X. This is an important topic.` then
`Let me search for …`): the editor deletes it once.

A model's reasoning left above the report, closed by a `</think>` tag the renderer hides
(`? The user wants report. I need output final. … Let's write.</think># How …`), is the
same: from the report's first prose (or the `<think>` tag) to the closing tag is one
finding. A tag shown as text (`` `</think>` `` in a code span, or in a code block) is a
mention, not a leak.

Fails:

    市场规模待worker继续估算。

    Let me do one final search to gather information about pricing.

    市场规模数据暂为占位，待完善。

Passes:

    市场规模为7.5亿元 [evidence:market_model.md:Result]。
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from citelint.evidence.phrases import PhraseMatcher
from citelint.outputs.diagnostic import Severity
from citelint.read.analysis import Analysis
from citelint.read.parse.method_sections import leaked_reasoning
from citelint.read.voice import research_narrations
from citelint.rules.base import Finding, Rule, RuleOptions

DEFAULT_PHRASES = (
    "待worker", "worker继续", "后续量化模型", "再补足量化模型", "后续补足", "继续估算",
    "deferred worker", "deferred model", "TODO", "TBD", "lorem ipsum", "placeholder",
    "as an AI", "占位符", "占位内容",
)  # fmt: skip
_CLAUSE_EDGE = "。，,；;：:！!？?\n"
# Deferral markers; `_defers` decides by where they stand in their clause.
_DEFERRAL = re.compile(r"(?P<m>待完善|待补充|待补|暂为占位|暂缺|[（(]略[)）])")
_ANALYTIC = "有仍尚亟需还要"  # `仍有待完善`: the marker is what still needs doing, analysis

_NOT_IN_CELLS = frozenset({"TBD"})  # a table cell saying TBD is a plan, not a deferral
# `placeholder Pods`: the word names a kind of thing before a plural noun that is not one of
# the report's own parts (`placeholder text`, `placeholder values` stay deferrals)
_OWN_PARTS = (
    r"(?!(?:texts?|contents?|sections?|data|values?|figures?|numbers?|charts?|tables?|"
    r"images?|links?|citations?|references?|sources?|entries|paragraphs?)\b)"
)
_KIND_OF_THING = re.compile(rf"[ \t]+{_OWN_PARTS}[A-Za-z][a-z]+s\b", re.I)
# in a report that names a kind of thing so (`placeholder pods`), the word before any other
# noun is that kind too (`the placeholder priority class`)
# (a word that joins or follows, `placeholder for …`, `placeholder until …`, is no noun)
_MODIFIER = re.compile(
    rf"[ \t]+{_OWN_PARTS}(?!(?:for|until|to|in|of|on|at|by|as|from|with|here|there|now|only|"
    r"that|which|while|and|or|but|is|are|was|were|will|pending)\b)[A-Za-z][a-z]+\b",
    re.I,
)


@dataclass(frozen=True)
class Options(RuleOptions):
    phrases: tuple[str, ...] = DEFAULT_PHRASES


class DeferredWork(Rule[Options]):
    code = "CL204"
    name = "deferred-work"
    severity = Severity.CRITICAL
    summary = "the body holds deferred-work or placeholder language"
    suggestion = "finish the deferred work or remove the placeholder"
    options_type = Options

    def check(self, analysis: Analysis) -> Iterator[Finding]:
        matcher = PhraseMatcher(self.options.phrases)
        named = defined_abbreviations(analysis.doc.text, self.options.phrases)
        text = analysis.doc.text
        hits = [
            (block, hit)
            for block in analysis.doc.blocks
            if not block.appendix
            for hit in matcher.find(block)
        ]
        a_kind = any(
            h.phrase == "placeholder" and _KIND_OF_THING.match(text, h.end) for _, h in hits
        )
        for block, hit in hits:
            if hit.phrase in _NOT_IN_CELLS and block.kind in ("row", "header-row"):
                continue
            if hit.phrase in named:
                continue  # `Track-Before-Detect (TBD)`: the report's own abbreviation
            if hit.phrase == "placeholder" and (
                _KIND_OF_THING.match(text, hit.end) or (a_kind and _MODIFIER.match(text, hit.end))
            ):
                continue
            yield self._finding(hit.phrase, hit.start, hit.end)
        for block in analysis.doc.blocks:
            if block.appendix:
                continue
            for m in _DEFERRAL.finditer(block.text):
                if _defers(block.text, m):
                    start, end = block.offsets[m.start("m")], block.offsets.end(m.end("m"))
                    yield self._finding(m.group("m"), start, end)

        yield from _leaked_reasoning(self.code, analysis)
        for start, end, lead, more in _narration_runs(analysis):
            also = f" and {more} more sentence{'s' if more > 1 else ''} like it" if more else ""
            yield Finding(
                self.code,
                start,
                end,
                f"research narration '{lead}'{also}: the writer's notes of the searches it "
                "was about to make are not the report; remove them before it ships",
                subject=lead,
            )

    def _finding(self, phrase: str, start: int, end: int) -> Finding:
        return Finding(
            self.code,
            start,
            end,
            f"deferred-work language '{phrase}': finish the analysis or remove the "
            "promise before the report ships",
            subject=phrase,
        )


# An abbreviation defined in parentheses right after the words it abbreviates: up to 40
# characters of words before `(TBD)`, their initials read from the last word back
_DEFINED = re.compile(r"([A-Za-z][A-Za-z\s-]{0,40}?)\s*[(（]\s*([A-Z]{2,6})\s*[)）]")
# the parenthesis alone: found first, so `_DEFINED` runs only on the words right before
# each one (over the whole text it tried up to 41 characters from every letter)
_PARENTHESISED = re.compile(r"[(（]\s*([A-Z]{2,6})\s*[)）]")
_SPACE = re.compile(r"\s")
# `To Be Determined (TBD)`, `to be done`: the deferral spelled out, no other thing named
_TO_BE = re.compile(r"to\s+be\b", re.I)


def defined_abbreviations(text: str, phrases: tuple[str, ...]) -> frozenset[str]:
    """The phrases in capitals (`TBD`) the report defines as an abbreviation of something
    else: in parentheses after words whose initials, hyphenated parts counted, spell it."""
    wanted = {p for p in phrases if p.isupper() and p.isalpha()}
    if not wanted:
        return frozenset()
    named = set()
    after = 0  # the end of the parenthesis before: the words of the next start after it
    for paren in _PARENTHESISED.finditer(text):
        short, start, end = paren.group(1), paren.start(), paren.end()
        if short in wanted and short not in named:
            words_end = start
            while words_end > after and _SPACE.match(text, words_end - 1):
                words_end -= 1
            # the words `_DEFINED` would read over the whole text: 41 characters at most
            m = _DEFINED.search(text, max(after, words_end - 41), end)
            if m is not None:
                words = re.split(r"[\s-]+", m.group(1).strip())[-len(short) :]
                initials = "".join(w[:1] for w in words).upper()
                if initials == short and not _TO_BE.match(" ".join(words)):
                    named.add(short)
        after = end
    return frozenset(named)


def _leaked_reasoning(code: str, analysis: Analysis) -> Iterator[Finding]:
    """The first `</think>` tag a prose block's markup hides, as one finding from the
    reasoning's start (its `<think>` tag, else the first block) to the tag."""
    found = leaked_reasoning(analysis.doc.text, analysis.doc.blocks)
    if found is not None:
        yield Finding(
            code,
            *found,
            "leaked reasoning: the model's thinking, closed by '</think>', is in the report; "
            "remove it before it ships",
            subject="</think>",
        )


def _narration_runs(analysis: Analysis) -> Iterator[tuple[int, int, str, int]]:
    """Each run of research narration as one finding: its start and end in the report, its
    first sentence's lead and how many sentences follow it. Sentences join a run when only
    space lies between them in one paragraph, or across paragraphs when the one before holds
    narration and the next opens with it in its first sentence (`我发现现有结果不够具体，
    让我…`) — an agent's transcript left above a report is one thing to delete, a remark
    between its notes (`I'll research X. This is an important topic.`) included."""
    run: list[int] = []  # start, end, sentences
    lead = ""
    seam = -1  # the index of the block whose last narration ends it, the run still open
    for i, block in enumerate(analysis.doc.blocks):
        if block.appendix:
            continue
        text = block.text
        last = 0
        for start, end, words in research_narrations(text):
            across = seam == i - 1 and not last and not _SENTENCE_STOP.search(text, 0, start)
            joins = run and (across or (last and not text[last:start].strip()))
            if joins:
                run[1] = block.offsets.end(end)
                run[2] += 1
            else:
                if run:
                    yield run[0], run[1], lead, run[2] - 1
                run, lead = [block.offsets[start], block.offsets.end(end), 1], words
            last = end
        if run and last:
            seam = i
        elif run and (last or text.strip()):
            yield run[0], run[1], lead, run[2] - 1
            run, seam = [], -1
    if run:
        yield run[0], run[1], lead, run[2] - 1


_SENTENCE_STOP = re.compile(r"[.!?。！？]")


def _defers(text: str, m: re.Match[str]) -> bool:
    """Opens a clause (nothing but space before it since the clause edge) or closes one."""
    if m.group("m").endswith(("略)", "略）")):
        return True
    i = m.start("m")
    while i and text[i - 1] in " \t":  # a bounded look back, never a copy of the block
        i -= 1
    before = text[i - 1] if i else ""
    opens = not before or before in _CLAUSE_EDGE
    after = text[m.end("m") : m.end("m") + 1]
    closes = not after or after in _CLAUSE_EDGE or after.isspace()
    return opens or (closes and before not in _ANALYTIC)
