"""CL108 direction-mismatch: a comparative or change word of the claim is the opposite of
the source's.

"The rate was lower with trametinib (81% vs 67%)" where the source says higher. The
words are grammar, each with its opposite: higher/lower, increased/decreased,
improved/worsened, superior/inferior, more/fewer, longer/shorter, greater/smaller,
better/worse, rose/fell, prolonged/shortened, reduced/increased; 升高/降低, 增加/减少,
优于/劣于, 延长/缩短, 提高/下降. A claim word is flagged when the evidence sentence (see
CL106) says its opposite and not the word itself, or when the claim's own two figures
("lower with trametinib (81% vs. 67%)") go the other way than its comparative says.

Fails (the source: "... was higher in the trametinib group"):

    The rate was lower in the trametinib group (81% vs 67%) [pmid:22663011:abstract].

Passes:

    The rate was higher in the trametinib group (81% vs 67%) [pmid:22663011:abstract].

Fix: state the direction the source states.
"""

from __future__ import annotations

from collections.abc import Iterator

from citelint.outputs.diagnostic import Severity
from citelint.read.analysis import Analysis
from citelint.rules._relation_findings import checked, finding
from citelint.rules.base import Finding, NoOptions, Rule


class DirectionMismatch(Rule[NoOptions]):
    code = "CL108"
    name = "direction-mismatch"
    severity = Severity.CRITICAL
    summary = "a comparative or change word of the claim is the opposite of its source's"
    suggestion = "state the direction the source states"
    options_type = NoOptions
    marks_unverified = True
    unsupports = True

    def check(self, analysis: Analysis) -> Iterator[Finding]:
        for item, relations in checked(analysis):
            if relations.direction is not None:
                at, mine, theirs = relations.direction
                if theirs[:1].isdigit():  # its own figures say the other way
                    message = f"the claim says {mine!r} but its own figures say {theirs}"
                else:
                    message = f"the claim says {mine!r} where its source says {theirs!r}"
                yield finding(self.code, item, relations, at, message)
