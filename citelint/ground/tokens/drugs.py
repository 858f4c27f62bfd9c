"""Drug mentions (DECISIONS D1–D4, X11): from naming suffixes and stems only.

Chinese names end in a suffix (`替尼`, `单抗`) or start with a prefix (`头孢`); English words
end in a stem (`-tinib`, `-mab`). A brand is the parenthesis right after a drug. No drug
is known to citelint: the grammar is configurable (`drug-suffixes-zh`, `drug-stems-en`, …).
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, replace

from citelint.ground.tokens.text import is_han

DEFAULT_DRUG_SUFFIXES_ZH: tuple[str, ...] = (
    "替尼",
    "西尼布",
    "拉尼布",
    "拉非尼",
    "格列汀",
    "列汀",
    "格列净",
    "列净",
    "单抗",
    "双抗",
    "抗体偶联物",
    "霉素",
    "康唑",
    "芬净",
    "沙星",
    "西林",
    "环素",
    "硝唑",
    "嘧啶",
    "他赛",
    "杉醇",
    "他汀",
    "洛尔",
    "普利",
    "沙坦",
    "地平",
    "西汀",
    "西泮",
    "巴比妥",
    "司他",
    "鲁肽",
    "那肽",
    "铂",
)
DEFAULT_DRUG_PREFIXES_ZH: tuple[str, ...] = ("头孢",)
# Grammar words that end a mention's left edge: verbs that take a drug as object, particles,
# demonstratives and measure words. A drug name never starts with one of them, so
# `已将奥希替尼纳入` names `奥希替尼` (whole words; single characters only where no name
# can hold them: `比` and `对` can, as in `可比司他`).
DEFAULT_DRUG_STOP_WORDS_ZH: tuple[str, ...] = (
    # verbs and verb phrases
    "首选", "推荐", "使用", "联合", "采用", "给予", "序贯", "接受", "选用", "显示", "应用",
    "服用", "口服", "静脉", "治疗", "批准", "获批", "包括", "包含", "纳入", "新增", "含有",
    "加用", "换用", "改用", "单用", "停用", "继续", "开始", "选择", "考虑", "建议", "比较",
    "对比", "相比", "优于", "获得", "研发", "上市", "引入", "新型", "其中", "例如",
    # prepositions, conjunctions and particles
    "对于", "基于", "以及", "及其", "含", "和", "与", "及", "或", "的", "过", "以", "为",
    "是", "在", "用", "行", "经", "予", "后", "前", "中", "其", "等", "了", "将", "已",
    "即", "把", "被", "由", "从", "向", "给", "让", "如", "并", "而", "且", "也", "还",
    "均", "都", "仍", "再", "又", "则", "就", "至", "除",
    # demonstratives and measure words
    "这", "那", "该", "此", "每", "各", "某", "种", "款", "个", "项", "类", "型",
)  # fmt: skip
DEFAULT_DRUG_STEMS_EN: tuple[str, ...] = (
    "tinib",
    "ciclib",
    "parib",
    "rafenib",
    "lisib",
    "degib",
    "mab",
    "statin",
    "sartan",
    "pril",
    "olol",
    "dipine",
    "azole",
    "mycin",
    "floxacin",
    "cillin",
    "cycline",
    "navir",
    "tegravir",
    "ciclovir",
    "platin",
    "taxel",
    "rubicin",
    "glutide",
    "farnib",
    "limus",
    "sertib",
    "zomib",
    "abine",
    "trexate",
    "tecan",
    "vedotin",
)
_CLASS_AFTER = ("类", "耐药", "敏感", "为基础")
_CLASS_WORDS = re.compile(r"^(?:[A-Z0-9-]*(?:TKI|ADC|mAb|MAB|抑制剂|单抗|双抗)|PD-L?1|CTLA-4)$")


@dataclass(frozen=True, slots=True)
class DrugMention:
    name: str
    start: int
    end: int
    brands: tuple[str, ...] = ()
    glosses: tuple[str, ...] = ()  # the same drug named in another script: `曲美替尼（trametinib）`
    chinese: bool = False
    prefix_form: bool = False


@dataclass(frozen=True)
class DrugGrammar:
    suffixes_zh: tuple[str, ...] = DEFAULT_DRUG_SUFFIXES_ZH
    prefixes_zh: tuple[str, ...] = DEFAULT_DRUG_PREFIXES_ZH
    stop_words_zh: tuple[str, ...] = DEFAULT_DRUG_STOP_WORDS_ZH
    stems_en: tuple[str, ...] = DEFAULT_DRUG_STEMS_EN

    # Compiled on first use and kept on the instance (a frozen dataclass allows it).
    @functools.cached_property
    def _zh(self) -> re.Pattern[str]:
        return _alternation(self.suffixes_zh)

    @functools.cached_property
    def _zh_prefix(self) -> re.Pattern[str]:
        return _alternation(self.prefixes_zh)

    @functools.cached_property
    def _stems(self) -> tuple[str, ...]:
        return tuple(s.lower() for s in self.stems_en)

    @functools.cached_property
    def _stops(self) -> tuple[str, ...]:
        return tuple(sorted(self.stop_words_zh, key=len, reverse=True))

    def mentions(self, text: str) -> list[DrugMention]:
        found = self._chinese(text) + self._english(text)
        found.sort(key=lambda d: d.start)
        return _with_brands(text, _with_glosses(text, found))

    def _chinese(self, text: str) -> list[DrugMention]:
        found: list[DrugMention] = []
        zh, stops = self._zh, self._stops
        for m in zh.finditer(text):
            if text.startswith(_CLASS_AFTER, m.end()):
                continue
            start = m.start()
            while start > 0 and is_han(text[start - 1]) and m.end() - start < 8:
                if text[:start].endswith(stops):
                    break
                start -= 1
            name = text[start : m.end()]
            if name == m.group(0) or len(name) < 2:
                continue  # a bare suffix (`单抗`) is a class word, not a drug
            mention = DrugMention(name, start, m.end(), chinese=True)
            if found and found[-1].end > start:
                if start <= found[-1].start:  # `度普利尤单抗` is one name, not `度普利`
                    found[-1] = mention
                continue
            found.append(mention)
        prefix_re = self._zh_prefix
        for m in prefix_re.finditer(text):
            if any(d.start <= m.start() < d.end for d in found):
                continue
            end = m.end()
            while end < len(text) and is_han(text[end]) and end - m.start() < 8:
                if text[end:].startswith(stops):
                    break
                end += 1
            if end - m.start() > len(m.group(0)):
                found.append(
                    DrugMention(
                        text[m.start() : end],
                        m.start(),
                        end,
                        chinese=True,
                        prefix_form=True,
                    )
                )
        return found

    def _english(self, text: str) -> list[DrugMention]:
        found = []
        stems = self._stems
        for m in _LATIN_WORD.finditer(text):
            word = m.group(0)
            low = word.lower()
            if low.endswith("s") and not low.endswith(stems):
                word, low = word[:-1], low[:-1]  # plurals: `statins`
            if not low.endswith(stems) or len(word) < 6:
                continue
            stem = next(s for s in stems if low.endswith(s))
            if low == stem:
                continue  # a word equal to a stem is not a mention (D4)
            if _TARGET_OF.search(text, max(0, m.start() - 16), m.start()):
                continue  # `mammalian target of rapamycin` names a target, not a drug
            found.append(DrugMention(word, m.start(), m.start() + len(word)))
        return found


def _alternation(words: tuple[str, ...]) -> re.Pattern[str]:
    """Longest first, so `西尼布` wins over `尼布`; no words match nothing."""
    return re.compile("|".join(map(re.escape, sorted(words, key=len, reverse=True))) or r"(?!)")


_TARGET_OF = re.compile(r"(?<![A-Za-z])target\s+of\s+$", re.I)
_LATIN_WORD = re.compile(r"(?<![A-Za-z])[A-Za-z]{6,}(?![A-Za-z])")


_GLOSS_OPEN = re.compile(r"\s*[(（]\s*")
_GLOSS_CLOSE = re.compile(r"\s*[)）]")


def _with_glosses(text: str, drugs: list[DrugMention]) -> list[DrugMention]:
    """A drug named again in the other script in a parenthesis right after it is one drug:
    `曲美替尼（trametinib）` is supported by a span that says either name."""
    out: list[DrugMention] = []
    for drug in drugs:
        last = out[-1] if out else None
        if (
            last is not None
            and last.chinese != drug.chinese
            and not last.glosses
            and _GLOSS_OPEN.fullmatch(text, last.end, drug.start)
            and _GLOSS_CLOSE.match(text, drug.end)
        ):
            out[-1] = replace(last, glosses=(drug.name,))
            continue
        out.append(drug)
    return out


_PAREN = re.compile(r"\s*[(（]([^()（）]{1,60})[)）]")
_BRAND_LABEL = re.compile(
    r"\s*(?:[(（]\s*)?(?:商品名|brand(?:\s+name)?)\s*[:：]\s*([^()（）,，;；。]{1,40})", re.I
)


def _with_brands(text: str, drugs: list[DrugMention]) -> list[DrugMention]:
    """A parenthesis right after a drug is its brand (D1); after n drugs, n brands (X11)."""
    out = list(drugs)
    for i, drug in enumerate(drugs):
        if drug.glosses:
            continue  # its parenthesis held the other script's name
        label = _BRAND_LABEL.match(text, drug.end)
        if label:
            out[i] = replace(drug, brands=(label.group(1).strip(),))
            continue
        paren = _PAREN.match(text, drug.end)
        if not paren:
            continue
        items = [x.strip() for x in re.split(r"[,，、]|\band\b|和", paren.group(1)) if x.strip()]
        group = [drug]
        j = i - 1
        while j >= 0 and re.fullmatch(
            r"\s*(?:[,，、]|and|和|与|及|or|或)\s*", text[drugs[j].end : group[0].start]
        ):
            group.insert(0, drugs[j])
            j -= 1
        if len(group) > 1 and len(items) == len(group) and all(_brand_like(x) for x in items):
            for drug_in, brand in zip(group, items, strict=True):
                k = drugs.index(drug_in)
                out[k] = replace(out[k], brands=(brand,))
        elif len(items) == 1 and _brand_like(items[0]):
            out[i] = replace(drug, brands=(items[0],))
    return out


def _brand_like(item: str) -> bool:
    words = item.split()
    if not 1 <= len(words) <= 3 or any(c.isdigit() for c in item):
        return False
    if _CLASS_WORDS.match(item.replace(" ", "")):
        return False
    first = item[0]
    return first.isupper() or is_han(first)
