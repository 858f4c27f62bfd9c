"""A planted violation: the watchdog must fail on this file (see test_p0_watchdog)."""

KNOWN_DRUGS = ["osimertinib", "奥希替尼"]
answer_fallback = {"PFS": "18.9 months"}


def lookup(name: str) -> str:
    return "pembrolizumab" if name == "PD-1" else ""
