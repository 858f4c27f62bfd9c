"""What a sentence does by its form, not what it states: the author's plan, a restated
prompt, a key of abbreviations, a class named by its members (a guess, a condition or a
supposition is `conditions.py`'s; the report describing itself is `voice.py`'s; chart
syntax an export left unfenced, `fenceless.py`'s).

Each is read from mood and shape — modal verbs, a plan's label, a demonstrative with the
report as its subject — never from a list of topics (`claims.py`
asks these once per sentence or block and reads the rest).
"""

from __future__ import annotations

import re

# A class named by its members, no clause of its own (`VEGF inhibitors: Bevacizumab and
# other agents targeting vascular endothelial growth factor`, `Lenvatinib, cabozantinib,
# and other agents targeting …`): a noun phrase, its members one word each, that says
# what the class is, not what any member did. What it targets is a few words with no
# verb form (`-ed`) and no figure: `Nivolumab and other inhibitors are approved …` and
# `… targeting PD-1 improved survival to 13 months` are claims.
_CLASS_BY_MEMBERS = re.compile(
    r"\W*(?:[^\s:：][^:：]{0,60}[:：]\s*)?(?:[\w-]+,\s+){0,4}[\w-]+,?\s+(?:and|or)\s+other\s+"
    r"(?:[\w/-]+\s+){0,3}?[\w/-]+\s+(?:targeting|that\s+targets?|directed\s+against)\s+"
    r"(?P<target>[^.;:,()]*?)\.?\s*$",
    re.I,
)
_VERB_OR_FIGURE = re.compile(r"\w+ed\b|(?<![\w.-])\d+(?:[.,]\d+)*(?![\w-])")
MAX_TARGET_WORDS = 6


def class_by_members(text: str) -> bool:
    """Whether a sentence only names a class by some of its members."""
    m = _CLASS_BY_MEMBERS.match(text)
    if m is None:
        return False
    target = m.group("target")
    return len(target.split()) <= MAX_TARGET_WORDS and not _VERB_OR_FIGURE.search(target)


# The author's plan by its mood: a recommendation (`should`, `ought to`, `need to`, `it is
# recommended that`, 应当/应该); a plan's label, singular (`Success criterion:`,
# `Milestone (0–3 y):`, `Near-term goal:`, `Scenarios:`; `Immunotherapy milestones:` heads
# past events), in Chinese a goal set, short (`短期目标：`, `目标示例：`; `目标人群：` names who
# was studied, `以真实人际关系为核心的治疗目标：` a kind of treatment) or the author's how-to
# named as such (`实操方法：`, `应对方法：`, `引导方法：`,
# `建立健康睡眠习惯的实操方法：`) — `方法：` alone opens an abstract's methods and
# `治疗策略：` a treatment's, and both stay claims;
# an outlook (`the most plausible goal`)
_DEONTIC = re.compile(
    r"\b(?:should|ought\s+to|needs?\s+to|we\s+recommend|it\s+is\s+(?:recommended|advisable|"
    r"essential|critical|important)\s+(?:to|that)|it(?:['’]s|\s+is)\s+best\s+to)\b|应当|应该"
    # 建议/不建议 opening a sentence or clause, no one named before it (`（不建议一次坐
    # 2–3小时）`): the author's advice; `WHO建议…` reports what WHO advises, and `建议的
    # 编码系统` (the advised systems) and `、建议有效性` are nouns: all stay claims
    r"|(?:^[\W_]*|(?<=[，,；;：:（(]))不?建议(?![的性])",
    re.I,
)
_PLAN_LABEL = re.compile(
    r"\W*(?:(?:[\w-]+\s+){0,3}(?:goal|target|milestone|criteri(?:on|a)|objective|KPI|"
    r"next\s+steps?|priority|recommendation|scenarios?)\b[^:：.。]{0,30}"
    r"|(?:[^\W\d_]{0,4}?目标(?:示例)?|(?:[^\W\d_]{1,12}的)?[^\W\d_]{0,4}?"
    r"(?:实操|实用|应对|引导|操作)(?:方法|措施|策略|技巧))[\s*]*)[:：]",
    re.I,
)
_OUTLOOK = re.compile(
    r"\b(?:most|more)\s+(?:plausible|likely|realistic)\s+(?:goal|target|path|outcome|"
    r"scenario|timeline)s?\b",
    re.I,
)


# a finding reported beside the advice (`… should be offered, as it improved OS to 18
# months`; `研究表明，每天运动60分钟…`): the sentence states a result too, and is no plan
_FINDING = re.compile(
    r"\b(?:was|were|has\s+been|have\s+been|showed|shown|reported|found|achieved|improved|"
    r"reduced|increased|decreased|demonstrated|yielded|led\s+to|rose|fell|grew)\b"
    r"|(?:研究|数据|调查|结果|统计|试验|报告)[^，。；,;]{0,12}?(?:表明|显示|发现|证实|指出)",
    re.I,
)


# A line set in bold that is a band before its colon and a gloss after it
# (`**3-6岁：任务导向，而非结果导向**`, `**Ages 3–6: play first**`,
# `**第一阶段（3-6岁）：广泛尝试**`): a heading in bold, its figures the band of the group
# or phase it heads. The label is the band alone, after a short name at most; a figure
# after the colon is a statement (`**2023年：营收增长45%**`), and so is a lead that says
# something (`**Median OS was 18 months: …**`, `**中位OS为18个月：…**`, no band).
_BOLD_LABEL = re.compile(
    r"\W*(?:[^\W\d_]{1,4}|(?:[^\W\d_]+\s+){1,2})?\s*[（(]?\d{1,3}\s*(?:[-–—~～至到]|to)\s*"
    r"\d{1,3}\s*[^\W\d_]{0,5}[)）]?\s*[:：]([^:：。.!?！？]*?)\W*",
    re.I,
)


def bold_label(text: str) -> bool:
    """Whether a bold line is a band's label: a band, a colon, a gloss with no figure."""
    m = _BOLD_LABEL.fullmatch(text)
    return m is not None and not any(c.isdigit() for c in m.group(1))


# A short line with no verb of its own, standing over bullet lines of the same paragraph
# (`Immediate (0–30 days)` / `• Roll out …`, as some systems lay out a plan without list
# markup): it heads the lines below, as a heading does.
_BULLET_NEXT = re.compile(r"\s*[•◦▪‣●○■□►➢·]")
MAX_LABEL_WORDS = 4


# A label's figure is a window of time or a phase (`(0–30 days)`, `6–12 Months`, `90 Days`),
# not a value stated (`Median wait 42 minutes` over bullets is a statement)
_WINDOW = re.compile(r"\([^()]*\d[^()]*\)|\d\s*(?:[-–—]|to)\s*\d|^\W*\d[\d.,]*\s*[^\W\d]+\W*$")


def line_label(text: str, after: str) -> bool:
    """Whether a sentence is a short label over the bullet lines that follow it."""
    return (
        len(text.split()) <= MAX_LABEL_WORDS
        and not text.rstrip().endswith((".", "!", "?", "。", "！", "？", ";", ":", "："))
        and _BULLET_NEXT.match(after) is not None
        and (not any(c.isdigit() for c in text) or _WINDOW.search(text) is not None)
    )


# A window of time standing alone as a label (`Immediate (0-30 days)`, `**90 days**`,
# `6–12 Months`, `### 90 days`): a schedule's phase, whose figure is a span of time (a unit
# of time is grammar). `Median wait 42 minutes` has no window; `At 12 months, PFS was 45%`
# is no label. A Chinese unit counts right after a small number (`0–30天`, `第1-2周`,
# `1-3个月`): inside a word (`大周期`) or after a calendar year (`2026 年初`, `2010—2011年`)
# it measures no span, and a history by years (`### 阶段A：2010—2011（…）`) is no plan.
_TIME_UNIT = re.compile(
    r"\b(?:days?|weeks?|months?|years?|quarters?|hours?|hrs?|yrs?|mos?|wks?|[hdwmy])\b|"
    r"(?<!\d)\d{1,3}\s*(?:个月|[天周月年]|季度)",
    re.I,
)


def window_label(text: str) -> bool:
    """Whether a line is only a window of time, heading a phase of a schedule."""
    label = text.strip().rstrip(":：").strip()
    return (
        len(label.split()) <= MAX_LABEL_WORDS
        and not label.endswith((".", "!", "?", "。", "！", "？", ";"))
        and _WINDOW.search(label) is not None
        and _TIME_UNIT.search(label) is not None
    )


# A step of a schedule opened by its window of time and a colon, the rest stating no
# figure and no finding (`- 第2–3天：再检索一次（闭卷）。`, `Months 0–6: pilot in two
# wards.`): the figures are the step's window, the author's plan. `Days 1–3: ORR 45%`
# states a value and `Weeks 1–2: most patients reported nausea` a finding; both are claims.
# The window is small numbers of a unit of time (`第2–3天`, `Months 0–6`, `Day 1`,
# `Immediate (0–30 days)`), never a year: `2025年成为拐点：…` dates a forecast.
_STEP = re.compile(r"\W*([^:：。.!?！？;；]{1,24})[:：](.*)", re.S)
_UNIT = r"(?:days?|weeks?|months?|years?|quarters?|hours?|hrs?|yrs?|mos?|wks?|个月|[天周月年]|季度)"
_SPAN = r"\d{1,3}(?:\s*(?:[-–—]|to)\s*\d{1,3})?"
_STEP_WINDOW = re.compile(
    rf"\W*(?:(?:第\s*)?{_SPAN}\s*{_UNIT}|{_UNIT}\s+{_SPAN}|"
    rf"[^\W\d][^()\d]{{0,20}}\(\s*{_SPAN}\s*{_UNIT}\s*\))\W*",
    re.I,
)


def window_step(text: str) -> bool:
    """Whether a sentence is a schedule's step: a window of time, a colon, a plan."""
    m = _STEP.match(text)
    return (
        m is not None
        and _STEP_WINDOW.fullmatch(m.group(1)) is not None
        and not any(c.isdigit() for c in m.group(2))
        and not _FINDING.search(m.group(2))
    )


# A heading that names the author's plan (`### Recommendation Summary`, `#### Scenarios`,
# `## Next Steps`, `Success criteria`, `### 4.4 技术路线图总结`, or the plan the reader asked
# for: `### 3.2 两周食谱表`, `Meal plan`, `7-day itinerary`; the targets a design must meet:
# `### 1.3 Design Objectives`, `Performance targets`): the items listed under it, and its
# table's rows, are the plan. Only these words, whole: `Milestones` heads past events,
# `Target population` describes who was studied, `Menu engineering results` a finding, an
# abstract's bare `Objectives` what the study set out to do.
_PLAN_HEADING = re.compile(
    r"\W*(?:\d+(?:\.\d+)*[.)）、]?\s*)?"  # a section's number: `6.2 Recommendations`
    r"(?:(?:[\w-]+\s+){0,3}(?:recommendations?|scenarios?|next\s+steps?|roadmap|"
    r"(?:success\s+)?criteri(?:on|a)|action\s+(?:items?|plan)|meal\s+plans?|"
    r"(?:sample|weekly|daily|\d+[- ]day)\s+menus?|itinerar(?:y|ies)|"
    r"(?:workout|training|exercise)\s+plans?|"
    r"(?:design|performance)\s+(?:objectives?|targets?|goals?|requirements?))(?:\s+[\w-]+){0,2}"
    # …or in Chinese, advice named alone (`建议`, `政策建议`, `对策建议`), never beside
    # what else the section holds (`结论与建议` keeps its conclusions); the plan the reader
    # asked for by its kind (`两周食谱表`, `七日行程`, `训练计划`), a gloss after it at most
    r"|(?:(?![与和及、])[\u4e00-\u9fff]){0,4}(?:建议|对策|行动计划|下一步工作|路线图(?:总结)?|"
    r"食谱表?|菜单|行程(?:安排|表)?|(?:训练|健身|饮食|膳食)计划))"
    r"\s*(?:[（(][^（()）]{0,40}[）)])?\W*",
    re.I,
)


# A section the author opens by proposing (`## 5. Proposed Evaluation Framework` / `We
# propose a … framework that …`; `## Proposed System Architecture` / `Synthesizing the
# above, I propose a five-layer …`): what it lays out is the author's own design — its
# splits, defaults and steps — not what a source found. The heading alone is not enough:
# `## Proposed Mechanisms` may review what others proposed (`Several mechanisms have been
# proposed [3]`), so the section's first paragraph must have the author propose.
_PROPOSAL_HEADING = re.compile(
    r"\W*(?:\d+(?:\.\d+)*[.)）、]?\s*)?(?:(?:our|an?|the)\s+)?propos(?:ed|al)\b", re.I
)
_PROPOSES = re.compile(
    r"\b(?:[Ww]e|I|[Tt]his\s+(?:report|paper|section))\s+"
    r"(?:(?:here|now|therefore|thus|also|further)\s+)?propos(?:e|es|ed)\b"
)


def proposal(heading: str, first: str) -> bool:
    """Whether a heading and its section's first paragraph open the author's proposal."""
    return _PROPOSAL_HEADING.match(heading) is not None and _PROPOSES.search(first) is not None


# …of which advice: its section's paragraphs on a list marker are its items too
ADVICE_HEADING = re.compile(
    r"recommendations?|next\s+steps?|action\s+(?:items?|plan)|建议|对策|行动计划|下一步工作", re.I
)


def plan_heading(text: str) -> bool:
    """Whether a heading names the author's plan, recommendations or scenarios."""
    return _PLAN_HEADING.fullmatch(text) is not None


# The author's own grade on a small scale, a label and a score and nothing else (`• Tech
# E&O  3/4`, `Cyber Liability: 2/4`): a rating given, not a quantity a source states.
# `3/4 patients responded` has words after its figure and is a claim.
_RATING = re.compile(r"\W*[^\W\d][^\d:：]{0,40}?[:：]?\s+(\d{1,2})\s*/\s*(\d{1,2})\s*")
# …or a grade in words with its score beside it, and a reason with no figure of its own
# (`Products Liability: High Risk (3/5) – large installed base, proven findings.`);
# `ORR (3/5) – durable responses` names no grade and stays a claim
_WORDED_RATING = re.compile(
    r"\W*[^\W\d][^\d:：]{0,40}?[:：]\s*[^\W\d][^\d():：]{0,30}?\s*"
    r"\((\d{1,2})\s*/\s*(\d{1,2})\)\s*(?:[-–—]\s*[^\d]*)?"
)
# …or a grade in words and then its score, named as one, which may be a mean of part
# scores (`PCO Liability: Medium—Score 2.6/4`); a decimal only here, where the grade and
# the word say a grade is given: `Mean pain score: 3.2/10` is a measured value
_SCORED_RATING = re.compile(
    r"\W*[^\W\d][^\d:：]{0,60}?[:：]\s*[^\W\d][^\d():：]{0,30}?\b(?:score|rating|grade)"
    r"(?:\s*[:：])?\s*(\d{1,2}(?:\.\d{1,2})?)\s*/\s*(\d{1,2})\s*(?:[-–—]\s*[^\d]*)?",
    re.I,
)
MAX_SCALE = 10


def rating_line(text: str) -> bool:
    """Whether a sentence only gives something a score out of at most `MAX_SCALE`."""
    m = _RATING.fullmatch(text) or _WORDED_RATING.fullmatch(text) or _SCORED_RATING.fullmatch(text)
    return m is not None and float(m.group(1)) <= int(m.group(2)) <= MAX_SCALE


def plan_label(text: str) -> bool:
    """Whether a sentence is a plan's label (`Scenarios:`, `Success criterion: …`)."""
    return _PLAN_LABEL.match(text) is not None


def prospective(text: str, planned: bool = False) -> bool:
    """Whether a sentence says what should be done or aimed at, not what was found; in a
    schedule or a list a plan's label leads in (`planned`), any sentence that reports no
    finding."""
    if _PLAN_LABEL.match(text) or _OUTLOOK.search(text):
        return True
    return (planned or bool(_DEONTIC.search(text))) and not _FINDING.search(text)


# A block that restates what the system was asked (`QUESTION:`, `RESEARCH TASKS (5
# total):`, as Onyx logs open) says what to find out, not what was found.
PROMPT = re.compile(
    r"\s*(?:(?:USER |RESEARCH )?(?:QUESTION|QUERY|PROMPT|TASKS?)|研究问题|问题|任务)"
    r"\s*(?:\([^)]{0,30}\))?\s*[:：]"
)


# An abbreviations key under a table, its lines joined into one paragraph (`Abbreviations:
# 1L: First-line 2L+: Second-line or later PFS: Progression-free survival …`): each term is
# written as abbreviations are (two or more capitals or digits, no space) and defined in a
# few words that state no number. It names what the report's terms mean, not a finding.
_GLOSSARY_KEY = re.compile(r"(?<!\S)(?=(?:[^\s:：]{0,7}[A-Z0-9]){2})[^\s:：]{1,8}[:：](?=\s)")
_GLOSSARY_LABEL = re.compile(r"\W*(?:[^\W\d_][\w-]*\s+){0,3}[^\W\d_][\w-]*\s*[:：]\s*")
_STANDALONE_NUMBER = re.compile(r"(?<![\w.])\d")
MIN_GLOSSARY_TERMS = 3
MAX_DEFINITION_WORDS = 8
MAX_LABEL = 60  # characters of the label before the first term


def glossary(text: str) -> bool:
    """Whether a block is a key of abbreviations: three or more `TERM: a few words`,
    after at most a label (`Abbreviations:`), and nothing else."""
    keys = list(_GLOSSARY_KEY.finditer(text))
    if len(keys) < MIN_GLOSSARY_TERMS:
        return False
    lead = text[: keys[0].start()]
    if lead.strip() and (len(lead) > MAX_LABEL or not _GLOSSARY_LABEL.fullmatch(lead)):
        return False
    ends = [k.start() for k in keys[1:]] + [len(text)]
    for key, end in zip(keys, ends, strict=True):
        words = text[key.end() : end].split()
        said = " ".join(words)
        if not 1 <= len(words) <= MAX_DEFINITION_WORDS or _STANDALONE_NUMBER.search(said):
            return False
        if said.endswith((".", "。", ";")) and end != len(text):
            return False  # a sentence, not a term's gloss
        if not _spells(key.group()[:-1], said):
            return False  # `FDA: approved pembrolizumab`: a statement, not a gloss
    return True


def _spells(term: str, words: str) -> bool:
    """Whether a definition spells its term as an abbreviation does: the term's letters in
    order among the definition's, a term opening with a letter opening with it
    (`PFS: Progression-free survival`, `1L: First-line`, `R/M: Recurrent/metastatic`)."""
    letters = [c for c in term.lower() if c.isalpha()]
    said = words.lower()
    if term[:1].isalpha() and not said.startswith(letters[0]):
        return False
    at = 0
    for c in letters:
        at = said.find(c, at) + 1
        if not at:
            return False
    return True
