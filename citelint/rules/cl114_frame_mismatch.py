"""CL114 frame-mismatch: the claim says of its evidence what the evidence does not.

A claim can hold every number and name of its cited window and still misstate it. The
claim and its window are read as frames (`citelint/evidence/frames.py`) and compared slot
by slot; each slot the window says otherwise is CL114, quoting the window:

- a **population** qualifier the source never says (`among patients with BRAF wild-type
  melanoma` where the trial enrolled V600E or V600K mutations);
- a **comparator** other than the window's (`as compared with BRAF-inhibitor therapy`
  where the window compares with chemotherapy);
- **roles** reversed around a connective both texts share (`the trametinib group crossed
  over to chemotherapy` where the chemotherapy group crossed over to trametinib);
- a **ratio**'s arms listed the other way round (`chemotherapy or trametinib in a 2:1
  ratio` where trametinib had the larger share);
- a **rank** the window does not give (`the most common toxic effect` said of one the
  source calls infrequent);
- a **direction** the window does not state at all (`inferior to chemotherapy` against a
  window that only gives the enrolment);
- something the window says was **absent** (`Secondary skin neoplasms were not
  observed`) that the claim says was there or was caused;
- a value said of a **measure** the source gives another value for (`the hazard ratio
  for death was 0.45` where 0.45 is the hazard ratio for progression or death).

Its claim counts as unsupported.

Fails (the abstract of PMID 22663011):

    Patients in the trametinib group were allowed to cross over to chemotherapy [1].

Passes:

    Patients in the chemotherapy group were allowed to cross over to trametinib [1].

Fix: say what the source says of whom, against what, in which order.
"""

from __future__ import annotations

from collections.abc import Iterator

from citelint.outputs.diagnostic import Severity
from citelint.read.analysis import Analysis
from citelint.rules._relation_findings import checked, finding
from citelint.rules.base import Finding, NoOptions, Rule


class FrameMismatch(Rule[NoOptions]):
    code = "CL114"
    name = "frame-mismatch"
    severity = Severity.CRITICAL
    summary = (
        "the claim's population, comparator, order, rank, direction, absence or measure is not "
        "its window's"
    )
    suggestion = "say what the source says of whom, against what, in which order"
    options_type = NoOptions
    marks_unverified = True
    unsupports = True

    def check(self, analysis: Analysis) -> Iterator[Finding]:
        for item, relations in checked(analysis):
            for mismatch in relations.frames[:1]:  # one finding a claim: the first slot
                message = f"{mismatch.slot}: {mismatch.says}"
                yield finding(self.code, item, relations, mismatch.at, message)
