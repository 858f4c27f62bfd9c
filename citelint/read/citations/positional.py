"""Numbers that cite by where they stand, not by brackets: glued to a stop (`carcinoma.17`),
closing a table cell (`(?) 31 |`, `… a phrase of several words 3 |`) or spaced in prose
(`heating issues 10 but …`). Patterns and the function words they turn on; the scanner
(`styles.py`) decides when each is read (only numbers the reference list holds, or, for
glued ones, where the report's sentences keep closing on them)."""

from __future__ import annotations

import re

GLUED = re.compile(r"(?<=[A-Za-z\)\]%\"”’'?])([.,;:])(\d{1,3}(?:[,–-]\d{1,3})*)(?=\s|$)")
# In a table row, a reference number closing a cell after a parenthesis or a question
# mark (never after a plain word, where it would be the cell's value): `(?) 31 |`.
CELL_END = re.compile(r"(?<=[)?）？])([ \t]+)(\d{1,3}(?:,[ \t]?\d{1,3})*)(?=[ \t]*(?:\||$))")
# …or after a phrase of several words (a cell's value is a short label, never a phrase):
CELL_TAIL = re.compile(
    r"(?:^|(?<=\|))([^|]*?[A-Za-z])[ \t]+(\d{1,3}(?:,[ \t]?\d{1,3})*)(?=[ \t]*(?:\||$))"
)
PHRASE_WORDS = 4
# Gemini's spaced markers in prose: `heating issues 10 but introduces …`, `architectures
# like WISE 37 and microwave control 22 point towards …`: a list's number after a word
# that opens no quantity and before a word that is no unit (a conjunction, an auxiliary,
# a preposition, a reporting verb), or before a comma and a word (`distillation protocols
# 62, which …`, `Color codes 47, quantum …`) or a closing parenthesis (`… coupled to ions
# 62)`). Read only in a report that cites by glued numbers. Before the sentence's own verb
# too, known by its form: an adverb (`missions 6 inherently enhances`) or a verb's `-s`
# with its object's determiner after it (`manifolds 18 complicates the prediction`); a
# frequency (`2 daily`) or a multiplier (`10 times the`) is a quantity's.
SPACED = re.compile(
    r"\b([A-Za-z][a-z-]{2,}) (\d{1,3})(?= (?:and|or|but|nor|to|does|do|did|is|are|was|were|"
    r"has|have|had|could|might|may|can|will|would|should|must|also|directly|which|that|"
    r"while|whereas|as|in|on|for|with|by|at|of|from|into|point|points|offer|offers|"
    r"suggest|suggests|show|shows|indicate|indicates|highlight|highlights)\b|, [a-z]{2,}\b|\)|"
    r" (?!(?:daily|weekly|monthly|yearly|hourly|only|early|nearly)\b)[a-z]{2,}ly\b|"
    r" (?!times\b)[a-z]{2,}s (?:the|a|an|its|their|this|these|those)\b)"
)
# …or after a closing parenthesis, before a comma and a word (`(MSX) 31, were primarily`,
# `(integrated cavities, high-NA optics) 61, low-loss transmission`)
SPACED_AFTER_BRACKET = re.compile(r"(\)) (\d{1,3})(?=, [a-z]{2,}\b)")
# …and never after a word that opens a quantity or a label (`with 32 qubits`, `phase 3
# and`, `aged 18 or older`)
_OPENER_WORDS = (
    "about approximately around nearly almost roughly over under than only just some all "
    "with without to by for at in on from into within per and or the its their these "
    "those is are was were be been has have had total reached exceeds least most top "
    "first last next every each plus minus times up down of phase stage grade type class "
    "level version step day days week weeks month months year years cycle cycles arm "
    "cohort group part figure fig table chapter section page tier round generation "
    "series model number no aged age ages"
)
QUANTITY_OPENERS = frozenset(_OPENER_WORDS.split())
# …or to a power of ten's exponent (`1.2(1)×10−3.27`: `10⁻³` cited by 27), only for a
# number the list holds
AFTER_POWER = re.compile(r"(?<=10[−-]\d)([.])(\d{1,3})(?=\s|$)")
