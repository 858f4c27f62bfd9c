"""What a report says of itself, by form: its scope (`This report evaluates …`, `本报告旨在…`),
its own account opening a method section (`This comprehensive review employed …`), what it
announces (`Below are five patterns …`, `下面给出 5 种…模式`, `下面按…口径先定样本，…最后给出…的
2–3家公司`), how it lays out its answer (`下面按先进逻辑/DRAM来回答：…`), what its own
materials lack (`本轮资料不足以逐家计算…，只能提供近3年…`), and the symbols of its formulas
(`其中 O_s=过去24个月…`).

Each names the report as its subject or points at what follows, so its figures count the
report's own items or name its parts, never a finding (`claims.py` asks these once per
sentence; `parse/method_sections.py` asks the own account of a section's first paragraph).
"""

from __future__ import annotations

import re

# What the report itself does (`This report evaluates …`, `This section summarises …`,
# `Assumptions used throughout: this report is limited to …`): the report as its own
# subject, in the present tense — `This report found 40%` points back to a cited one.
SCOPE = re.compile(
    r"\W*(?:[A-Z][\w -]{0,40}[:：]\s*)?this\s+(?:report|research\s+brief|brief|document|"
    r"section|chapter|memo|overview|guide)\s+(?!(?:\w+ed|found|showed|shown|made|gave|said|"
    r"was|were|had)\b)\w+"
    # `为便于分析，本报告采用综合性定义：…`, `本报告旨在…`: the report's own method (a
    # clause before it at most); `本报告发现…` points back to a finding and is no scope
    r"|[^。！？]{0,24}?本(?:报告|研究|文)(?:将|拟)?(?:采用|旨在|聚焦|基于|整合|界定|定义)",
    re.I,
)
# …and, in a paragraph that opens with the report's scope, a sentence going on with what the
# report covers or does, the report its bare subject (`本报告基于…梳理出…前十大创新成果。
# 报告覆盖威立雅…，最终提出…3-5个方向建议。`, `The report then compares 4 options.`): its
# figures count the report's own items. A verb of finding (`报告发现…`, `The report found …`)
# stays a claim, and so does `It covers 40% of …` (`it` may be any subject the paragraph
# names).
SCOPE_GOES_ON = re.compile(
    r"\W*(?:(?:本)?报告|全文|(?:the|this)\s+report)\s*(?:还|也|并|将|则|主要|最终|then|also|further)?"
    r"\s*(?:覆盖|涵盖|聚焦|围绕|梳理|对比|比较|提出|给出|总结|介绍|探讨|"
    r"(?:covers|reviews|compares|examines|proposes|summari[sz]es|discusses|focuses|outlines)\b)",
    re.I,
)
# The report naming itself to open its method section (`This comprehensive review employed
# a multi-database search strategy …`, `This research brief was developed using …`); `This
# study …` may be a cited one, so a study is never the report naming itself.
OWN_ACCOUNT = re.compile(
    r"\W*this\s+(?:[a-z-]+\s+){0,2}(?:report|review|brief|document|analysis|overview|"
    r"synthesis)\b",
    re.I,
)
# The report announcing what follows: a deictic opening (`Below are five patterns …`,
# `Here we compare …`, `下面给出 5 种…模式`, `以下列出…`) or a lead-in ending in a colon
# (`The following 3 trials enrolled adults:`): its number counts the report's own items.
# `Below 5% of patients …` is a quantity's preposition, not the report pointing down.
ANNOUNCE = re.compile(
    r"\W*(?:(?:below|here)\s*,?\s+(?:are|is|we|I|you)\b|the\s+following\b[^.。]*[:：]\s*$|"
    r"(?:下面|以下|下文|接下来)\s*(?:将|我们|先|再)?\s*(?:给出|列出|介绍|总结|归纳|列举|梳理|提供|是|为))",
    re.I,
)
# …or a lead-in saying how the answer is laid out, ending in a colon (`下面按先进逻辑（约7/5/3/2
# nm）/DRAM/3D NAND，并按FEOL/BEOL来回答：…`, `Below, by node and by layer, we answer:`): its
# figures name the answer's parts (`7/5/3/2 nm`: the nodes it is sorted by), and what follows
# the colon is the sentence's statement. `以下按2024年数据，销量增长30%` has no colon after
# a verb of answering and stays a claim.
LAYOUT_LEAD = re.compile(
    r"\W*(?:(?:下面|以下|下文|接下来)\s*(?:将|我们|我)?\s*(?:按|从|就|分)[^。！？：:]{0,160}?"
    r"(?:来|进行)?(?:回答|分析|说明|展开|介绍|梳理|讨论|阐述)"
    r"|below\s*,?\s+(?:by|per)\b[^.:：]{0,160}?\b(?:we|I)\s+(?:answer|discuss|review)\b)"
    r"\s*[:：]",
    re.I,
)
# …or a plan of the whole answer in one sentence, no colon in it (`下面按“可量化、可复核”的口径，
# 把…先定样本，再做横向比较，最后给出…的2–3家公司。`): its figures count what the report will
# give. With a colon the lead-in is LAYOUT_LEAD's and what follows it is read; without a verb
# of laying out (`以下按2024年数据，销量增长30%`) the sentence is a claim.
_PLAN_LEAD = re.compile(
    r"\W*(?:下面|以下|下文|接下来)\s*(?:将|我们|我)?\s*(?:先)?\s*(?:按|把|从|就|围绕)"
    r"[^。！？：:]{0,200}?(?:给出|整理|梳理|归纳|汇总|比较|对比|回答|评估|列出|标注)"
)
# What the report's own materials of this round lack (`本轮资料不足以对Top10逐家计算…；只能提供
# “少数公司近3年财务轨迹”`, `当前摘录未给出MAE数值`, after a label at most: `结论：…`): a gap
# in its research, whose figures name what is missing. `本轮资料显示，营收增长30%` reports a
# finding and stays a claim.
_OWN_GAP = re.compile(
    r"\W*(?:[^。！？：:\s]{1,8}[：:]\s*)?(?:本轮|本次|当前)(?:可核验)?(?:资料|材料|摘录|检索|来源|上下文)?"
    r"\s*(?:中|里)?\s*(?:不足|未|没有|缺|无法|仅能|只能)"
)


# The report's offer to the reader, a condition on what the reader wants (`如果你后续希望我把
# “九档”变成九分位（每档11.1%人口），那需要…`, `If you'd like me to split the 9 tiers …`): its
# figures are what it would do.
_OFFER = re.compile(
    r"\W*(?:(?:如果|若|假如|要是)\s*(?:你|您)[^。！？]{0,40}?(?:希望|想|需要|要)\s*我"
    r"|if\s+you(?:'d|\s+would)?\s+(?:like|want|prefer)\s+(?:me|us)\b)",
    re.I,
)


# The symbols of a formula defined (`其中 \(O_s\)=过去24个月正畸付费/在治；…`, `where \(\mu\)
# is the expected return`, `式中 σ 为波动率`): a symbol — one letter or a command, a sub- or
# superscript at most — and what it stands for, its figures the author's definition. `where
# 30% of patients …` and `where Pfizer is …` name no symbol.
_DEFINES = re.compile(
    # (the display formula itself may open the sentence: `[ P(O_s \cap A_s) = … ] 其中 …`)
    r"\W*(?:(?:\[[^\]\n]{0,400}\]|\$\$[^$\n]{0,400}\$\$)\s*)?"
    r"(?:其中|式中|where)[\s,，:：\\(（$]*"
    r"(?:\\[A-Za-z]+|[A-Za-z\u0370-\u03ff])(?:[_^]\{?\w{1,6}\}?)?[\s\\)）$]*"
    r"(?:=|为|表示|代表|denotes\b|is\b|are\b)",
    re.I,
)


def speaks_for_itself(text: str, paragraph: str = "") -> bool:
    """Whether the sentence is the report's own voice throughout: its scope (or, in a
    `paragraph` that opens with the scope, the scope going on), an announcement, a plan of
    its answer with no colon in it, what its materials lack, its offer to the reader, or the
    symbols of a formula defined."""
    if SCOPE.match(text) or ANNOUNCE.match(text) or _OWN_GAP.match(text) or _OFFER.match(text):
        return True
    if SCOPE_GOES_ON.match(text) and SCOPE.match(paragraph):
        return True  # `报告覆盖…，最终提出…3-5个方向建议。` after `本报告基于…`
    if _DEFINES.match(text):
        return True
    return _PLAN_LEAD.match(text) is not None and ":" not in text and "：" not in text


# The writer narrating the research it is about to do, as an agent's transcript leaves it in
# the report (`Let me do one final search to gather information about …`, `Let me continue
# my research …`, `Now let's search for …`, `I'll conduct systematic web research …`,
# `让我继续搜索：`, `让我为您进行全面调研分析`): a first person about to search, research,
# look for or gather information, at a sentence's start, or saying it needs more of it
# (`我需要更多关于…的信息`, `我需要再查找一些关于…的信息`, `I need more specific information
# on …`, `I'll need more specific information on …`, `Now I need to search for information
# about …`). The verb decides, never the
# topic: `Let me explain the research findings` and `I'll provide a comprehensive analysis`
# are the report speaking, `我将为您撰写…报告` announces it.
_DETERMINERS = (
    r"(?:(?:my|the|a|an|one|another|some|more|any|final|further|additional|specific|latest|"
    r"most|recent|necessary|relevant|detailed|current|targeted|systematic|comprehensive|web|"
    r"quick|last|deeper|few|several|with|on)\s+){0,3}"
)
RESEARCH_NARRATION = re.compile(
    r"(?:^|(?<=[.!?。！？:：，,；;]))[ \t]*(?P<n>"
    r"(?:(?:now|next|first|then|finally)\s*,?\s+)?"
    r"(?:let\s+me|let's|let\s+us|I'll|I\s+will|I'm\s+going\s+to|I\s+am\s+going\s+to)\s+"
    r"(?:(?:now|next|first|then|also|quickly|finally|specifically)\s+)?(?:help\s+you\s+)?"
    r"(?:(?:search|research)\b(?!\s+(?:findings|results|shows?|suggests?)\b)"
    r"|(?:look|dig)\s+(?:for|up|into|deeper)\b"
    r"|(?:gather|find|collect|get)\s+" + _DETERMINERS + r"(?:information|research|details|"
    r"sources|evidence|insights)\b"
    r"|(?:continue|start|begin|do|make|run|conduct|perform|try)\s+(?:by\s+)?"
    + _DETERMINERS
    + r"(?:search|searches|searching|research|researching|investigation|lookup|queries)\b)"
    r"|(?:(?:now|next|first|then|finally)\s*,?\s+)?I(?:'ll|’ll|\s+will)?\s+"
    r"(?:still\s+|also\s+)?need\s+"
    r"(?:(?:more|additional|further|specific|detailed)\s+(?:[\w-]+\s+){0,3}?"
    r"(?:information|details|data)\b"
    r"|to\s+(?:(?:search|research|look\s+(?:for|up|into)|dig\s+into)\b"
    r"(?!\s+(?:findings|results|shows?|suggests?)\b)"
    r"|(?:gather|find|collect|get)\s+" + _DETERMINERS + r"(?:information|details|sources|"
    r"evidence|data)\b))"
    r"|让我们?[^。！？\n]{0,12}?(?:搜索|检索|查找|查询|搜集|收集|调研)"
    r"|我(?:还)?需要(?:再|继续|进一步)?(?:获取|查找|了解|搜集|搜索|检索)?(?:更|一些)[^。！？\n]{0,40}?"
    r"(?:信息|资料)"
    r"|我(?:将|会|来)\s*(?:先|再|继续|进一步|接着)?\s*(?:搜索|检索|查找|查询|搜集))",
    re.I | re.M,
)


def research_narrations(text: str) -> list[tuple[int, int, str]]:
    """The sentences of `text` that narrate the writer's research to come: each one's start,
    its end (its stop included) and its words up to the verb (`Let me do one final search`)."""
    found: list[tuple[int, int, str]] = []
    for m in RESEARCH_NARRATION.finditer(text):
        if found and m.start("n") < found[-1][1]:
            continue  # a second form in the same sentence (`我需要…信息，让我继续搜索：`)
        end = m.end("n")
        while end < len(text) and text[end] not in ".!?。！？:：\n":
            end += 1
        found.append((m.start("n"), min(end + 1, len(text)), " ".join(m.group("n").split())))
    return found
