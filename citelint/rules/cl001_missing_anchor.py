"""CL001 missing-anchor: a fact-bearing body sentence has no anchor.

A sentence is fact-bearing when it states a number in a fact context (a unit, a currency,
a count, a duration — an age at an event too, `at age 99` —, a rate, a dose, a statistic
label, a range; a year alone does not count), names a drug (by its naming suffix or stem,
never from a list), or carries a therapy-line or recommendation marker (`一线`,
`first-line`, `2L`, `I级推荐`, `Grade A`, `Category 2A`). Headings, bold lines ending
in a colon that label what follows (`**Weight management (2–4 years):**`) and bold lines
that are a band and its gloss (`**3-6岁：任务导向**`; not `**2023年：营收增长45%**`) state
facts only through numbers. Appendix sections (`参考文献`, `References`, …) are not claims.

Some sentences state no finding whatever they hold. A speculation (`If these trials
succeed, … might involve nivolumab`) and the author's own plan — a recommendation
(`should`, `need to`, `it is recommended that`; `建议`/`不建议` opening a clause, where no one
is named as giving the advice), a target, milestone or success criterion labelled as one
(`Success criterion: >200 qubits by 2027.`), an outlook (`the most plausible goal is …`),
a forecast dated by a target year and said in the future (`预计到2035年…将突破300万亿元`, `will
reach 4,000 clinics by 2030`; not when it also says what holds now, `将从目前的约30%提升至40%`, or
what was measured before, `was valued at $96 million in 2023 and will reach …`, though a
baseline is no measure: `rise by $2.1 million by 2030 from 2020 levels`, nor a gloss of the
basis with no figure, `（基于当前各子市场增速的保守估算）`) or
undated — a forecast's label over figures alone (`票房预估：30亿—150亿+`, `Revenue forecast:
$1.2B–$1.5B`; not `Forecast accuracy: 92%`) or a likely bar in time to come, every figure
open (`最有希望在未来实现（50亿+）的类型`; not `有望使候诊缩短30%`), the report's own odds,
said as its own (`本报告的核心判断：…的可能性低于10%`, `We estimate a 30% chance …`; not
`研究显示…的可能性为30%`), a
scenario (`Scenarios: 1) an outage delays 30% of calls`, or a list such a label leads in),
the items listed under a heading that names the plan (`### Recommendation Summary`, `####
Scenarios`, or the plan the reader asked for: `### 3.2 两周食谱表`, `Meal plan`), the
report's own definitions under their lead-in (`The key definitions used throughout this
report:` over `- Young-old: 65–74 years`; `本报告采用的定义如下：`) or the design it
recommends (`… the following pipeline is recommended for Component 1:`; not `… are
recommended by the WHO:`), the author's how-to or goals under their label (`实操方法：`,
`应对方法：`, `短期目标：` over a list; not `方法：`, an abstract's methods, nor an item that
reports a finding, `调查显示…低20%`), and
the lines of a schedule laid out under a time window (`Phase one (0–90 days)` over `•
Train 40 nurses`; two or more windows such as `**Immediate (0-30 days)**` and `**90
days**`, each over a list; a step opened by its window and a colon,
`第2–3天：再检索一次`, no figure after it) that report no finding — state a fact only through a
dose or a therapy-line marker (`should receive 2 mg daily`, `should be used second-line`;
a portion in grams or millilitres laid out in the plan, `全麦面包2片（60g）`, only beside a
drug's name; advice in prose, `建议每天饮用300ml液态奶`, states its amount; a speculation
through any number). What the report itself does (`This report evaluates 12
trials`; a `## Methodology` opened by naming the report or by what was done: `Items were
consolidated …`, `Only statements supported by the items are included …`; a model's
thinking left above the report, closed by a `</think>` tag
(CL204 asks it gone); an agent's summary of its own search, the list under a paragraph that
opens by narrating the research and ends in a colon, `I'll conduct web research …I've
gathered evidence on:`; a lead-in laying out the answer, up to its colon: `下面按先进逻辑（约7/5/3/2
nm）/DRAM来回答：…`), a number inside a work's title in 《》 (`《2020年中国大学生就业报告》`),
bounds offered as examples, every figure after a comparison (`目标成功概率（例如≥70%或≥80%）`;
not `(e.g., 30% of patients)`), a unit's denominator named with no value (`能耗（kWh/100km）`),
the author's own grade (`• Triage 3/4`, `Device Liability: High Risk
(3/5) – ageing fleet`, `PCO Liability: Medium—Score 2.6/4`: a score out of at most 10 and
no other figure; a table row of scores or stars, a criterion's weight before them: `|
Funding | 20% | ★★★★★ | ★★★★☆ | ★★★☆☆ |`) and a Mermaid diagram whose fence an export
dropped (`xychart-beta` and its lines) and a formula in LaTeX's inline math with a command in
it (`\\(\\beta_2(x) = (2/3)x\\)`, `$N = 1000 \\times d$`; not `\\(n = 450\\)`) state
nothing; a short line over bullet lines labels them, as a heading does, and a horizon's
window of time names a span, not a value (`短期（1-3年）`, `long term (5–10 years)`), as a
phase's does (`急性期（0–72小时）`, `急性期（3天内）`, a table's `| 超急性期 | 0–6小时 |`; not
one value, a follow-up's `随访期（12个月）`), as a group's age does (`年轻旅客（18-35岁）`,
`老年小鼠（18-24个月）`, `25–35 岁女性`; not an age found, `年龄在20–29岁之间`), and a name's
version bounded as releases are (`| Claude 4.5 及更早 |`, `Python 3.8 or later`; not
`Fidelity 0.999`) is a name, not a figure.
Under `--isolated` no schedule or rating of the report's own layout mutes a line.

Each fact-bearing sentence needs a citation that covers it (Cite-or-Block). A citation
covers its own sentence; a report's citations that close a paragraph cover the paragraph
when no sentence before them cites; a cited sentence covers the run of uncited sentences
just before it that continue its subject (a shared code, abbreviation, capitalised name
or drug, a measure in the same unit — `… range (about 36,000 km).` before `… to 450,000
km, a tenfold increase in range [2]` — or a sentence that points back: `This trial …`);
a paragraph that cites once covers the study it introduces from the introduction on (`A
2025 cohort of …`, `… the Trial to Assess Chelation Therapy (TACT), which randomized …`);
a sentence right after the citation that goes on with that study — its distinctive name
again and what it also found (`MonoTrack also demonstrated …`), or a connective and the
cited figure again (`However, even with 90% accuracy, …`) — and a neighbour that points
back to it; a section named as one case (`### 案例1：…`, `### Case 2: …`) whose
citations all close its last block covers the case (its `**背景**：…`, its list of
results), and so does any section closed that way on links labelled as its source (`…
benchmarks. [Source: The National WWII Museum](…)`) in a report that closes two sections
or more so; a list's closing citation covers its items and lead-in (a loose list's too,
its items a blank line apart; not a citation its last item only borrowed from the sub-list
under it), and a list's own last item that is a source line (`- **来源**：[…](…)`) the
items above it, nested ones too (one saying its source is the one above, `- **来源**：同上。`,
`Source: ibid.`, lends what the source line before it lent; with none before it, nothing),
as an item naming the list's key literature does wherever it stands
(`- **关键文献**：…已系统报道 [^7]。`, `- **Key references**: [4]`); a section that opens on
the line naming its literature (`### 3.1 …` then `**文献**：Werner et al. (2024) [[11]](…)`)
lends it to its blocks that cite nothing, to the next heading of its level. A covered sentence
is checked against the citation it borrows, never exempted. Projects that cite once per
paragraph can set `anchor-scope = "block"`. Table rows are covered by an anchor in any
cell, in the caption, in a `data-cite` on the table, in a sentence ending in `:` just
before the table, in a source line just under it (`数据来源：…`, `Source: …`,
`主要来源：…` after a note, `详见：[…](…)、[…](…)`, a line of nothing but citations, a note
in parentheses saying where the data come from: `（数据分别来自…[4]…）`), which covers a
list above it too, or in the table's own last
row naming its sources (`| **关键来源** | [年报](…)；[新闻](…) |`), and the paragraph right
under it when that paragraph only restates the figures it cites; under prose, a source line
or a line of nothing but citations cites the one paragraph or quotation right above it. A
sentence whose every figure the report states with a citation elsewhere — one of them
distinctive, a decimal or three digits or more that are no year: an abstract's `income
reached 43,377 yuan` over the body's cited `43,377 yuan [1]`, a list's `$1,085.2` over a
cited `$1,085.2B` — restates it and borrows that citation; one new figure, or only common
ones (`14 sites`, `2025`), and it is a finding. A section closed by its own list of pages
under a source label (`**Sources:**`, `**来源**：` over `- https://…` lines), the report
going on after it, is cited by that list, back to its heading — the heading of the section
the next heading
ends, its deeper parts with it (a list after `### 2.2`, then `## 3.`, cites all of `##
2.`). A table's first column numbering its rows 1 to the last (`| 1 | Veolia | …`) is each
row's place in the author's list, never a figure.

A report that cites nothing at all — no anchor, no citation in any style, no reference
entry — and has no saved source to cite (no sources folder, or one with nothing saved in
it: an agent's working notes, a draft as a deep-research system printed it, linted beside
the folder `citelint fetch` left empty) gets one CL001 for the whole report, at its first
fact-bearing sentence, counting the sentences and naming their lines: one thing to fix,
not forty. Every such sentence still counts as an unsupported claim. Beside saved
sources, each sentence keeps its own finding, as each can get a repair of its own.

Fails:

    中位PFS为4.8个月。

Passes:

    中位PFS为4.8个月。[pmid:22663011:results]
"""

from __future__ import annotations

from collections.abc import Iterator

from citelint.ground.tokens import distinct
from citelint.outputs.diagnostic import Severity
from citelint.read.analysis import Analysis, BodyClaim
from citelint.read.claims import Claim
from citelint.rules._claims import NUMBERED_OFF, numbered_off
from citelint.rules.base import Finding, NoOptions, Rule


class MissingAnchor(Rule[NoOptions]):
    code = "CL001"
    name = "missing-anchor"
    severity = Severity.CRITICAL
    summary = "a fact-bearing body sentence has no anchor"
    suggestion = "cite the saved source that states this fact, right after the sentence"
    options_type = NoOptions
    repairable = True
    marks_unverified = True

    def check(self, analysis: Analysis) -> Iterator[Finding]:
        doc = analysis.doc
        if not doc.anchors and not doc.references and not _saves_any(analysis):
            yield from self._cites_nothing(analysis)
            return
        anchored_blocks: dict[int, bool] = {}  # once per block: linear in its sentences
        said: dict[int, str] = {}  # once per claim: a repeated sentence shares its claim
        for item in analysis.claims:
            if item.anchors or not item.claim.fact_bearing:
                continue
            shown = said.get(id(item.claim))
            if shown is None:
                shown = said[id(item.claim)] = _states(item.claim)
            block = item.sentence.block
            if id(block) not in anchored_blocks:
                # its own citations: a borrowed one (a restated figure's) is not the paragraph's
                anchored_blocks[id(block)] = any(
                    s.anchors and not s.borrowed for s in block.sentences
                )
            others = anchored_blocks[id(block)]
            hint = (
                "; the other anchors of this paragraph do not cover it"
                if others
                else "; cite the saved source that states it"
            )
            mark = numbered_off(analysis, item.sentence.text)
            if mark:
                hint += f"; its {mark} is {NUMBERED_OFF}"
            yield self._finding(item, hint, shown)

    def _finding(self, item: BodyClaim, hint: str, shown: str = "") -> Finding:
        s = item.sentence
        return Finding(
            self.code,
            s.start,
            s.end,
            f"fact-bearing sentence has no anchor (states {shown or _states(item.claim)}){hint}",
            claim=s.text,
            subject=s.text,
        )

    def _cites_nothing(self, analysis: Analysis) -> Iterator[Finding]:
        uncited = []
        for item in analysis.claims:
            if not item.claim.fact_bearing:
                continue
            if analysis.suppressed(self.code, item.sentence.start):
                yield self._finding(item, "")  # the comment that silences it is used
            else:
                uncited.append(item)
        if not uncited:
            return
        first = uncited[0].sentence
        if len(uncited) == 1:
            yield self._finding(uncited[0], "; cite the saved source that states it")
            return
        lines = sorted({analysis.doc.position(item.sentence.start)[0] for item in uncited})
        shown = ", ".join(str(n) for n in lines[:MAX_LINES]) + (
            ", …" if len(lines) > MAX_LINES else ""
        )
        yield Finding(
            self.code,
            first.start,
            first.end,
            f"the report cites nothing: {len(uncited)} fact-bearing sentences have no anchor "
            f"(lines {shown}; the first states {_states(uncited[0].claim)}); cite the saved "
            "sources that state them",
            claim=first.text,
            subject="cites nothing",
        )


MAX_LINES = 8  # lines named in the message of a report that cites nothing


def _saves_any(analysis: Analysis) -> bool:
    """Whether the report's sources root holds a saved source: only then can each uncited
    sentence get a repair of its own (a root with nothing saved, or none, gives none)."""
    saved = analysis.channels.saved
    return analysis.sources_root is not None and any(saved[channel] for channel in saved)


def _states(claim: Claim) -> str:
    """What a claim states, for the message: its first four numbers, drugs and markers."""
    states = distinct(
        [t.text for t in claim.numbers] + [d.name for d in claim.drugs] + list(claim.markers)
    )
    return ", ".join(states[:4]) + (", …" if len(states) > 4 else "")
