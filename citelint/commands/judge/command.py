"""`citelint judge`: ask a model once about each unchecked claim and save its verdict.

The reports are read as the lint reads them. A claim is asked about when the lint leaves
it unchecked or CL111 flags it (every supported one too with `--all`), it has evidence
windows, and `judged.jsonl` holds no verdict under its key (`--refresh` asks again). A
failed call (a timeout, a 5xx, a reply with no verdict) is saved as failed and asked
again next run, never a verdict. `--max-calls` stops at the budget and says how many
claims are left.
"""

from __future__ import annotations

import argparse
import bisect
import datetime
import ipaddress
import json
import os
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

from citelint.commands.fetch.http import Client, FetchError
from citelint.commands.fetch.targets import parse_target, printable
from citelint.commands.judge import prompt
from citelint.config.load import Settings
from citelint.evidence import judged
from citelint.ground import redact
from citelint.ground.errors import UsageError
from citelint.ground.writes import write_atomic
from citelint.lint.runner import Runner
from citelint.read.analysis import Analysis, BodyClaim
from citelint.read.parse import UnreadableReport
from citelint.rules import RULES_BY_CODE, AnyRule
from citelint.rules.cl111_unsupported_statement import UnsupportedStatement
from citelint.rules.verdicts import Verdict, verdicts
from citelint.sources.model import SourceError
from citelint.sources.paths import inside, read_regular

ENV_BASE, ENV_MODEL, ENV_KEY = (
    "CITELINT_JUDGE_BASE_URL",
    "CITELINT_JUDGE_MODEL",
    "CITELINT_JUDGE_API_KEY",
)
CAP = 64 * 1024 * 1024  # bytes of a judged.jsonl read back


@dataclass(frozen=True, slots=True)
class Endpoint:
    base: str
    model: str
    key: str  # "" when none is sent
    host: str


@dataclass(frozen=True, slots=True)
class Ask:
    """One claim to ask about."""

    root: str
    shown: str  # `report.md:12`
    claim: str
    windows: tuple[str, ...]
    key: str


@dataclass
class Tally:
    counts: dict[str, int] = field(default_factory=dict)
    left: int = 0  # claims the budget left unjudged

    def line(self, calls_left: int) -> str:
        n = sum(self.counts.values())
        parts = [f"{self.counts.get(v, 0)} {v}" for v in (*judged.VERDICTS, "failed")]
        if self.counts.get("invalid"):  # a quote the gate will not take: no verdict
            parts.insert(-1, f"{self.counts['invalid']} invalid")
        tail = f"; {self.left} claim(s) left unjudged (--max-calls)" if self.left else ""
        return f"judged {n}: {', '.join(parts)}; {calls_left} calls left{tail}"


def endpoint(settings: Settings, env: Mapping[str, str]) -> Endpoint:
    """The endpoint, the model and the key that may be sent to it."""
    base = env.get(ENV_BASE) or settings.judge_base_url
    model = env.get(ENV_MODEL) or settings.judge_model
    if not base or not model:
        raise UsageError(
            f"citelint judge needs an endpoint and a model: set {ENV_BASE} and {ENV_MODEL} "
            "(or [judge] base-url and model in the config)"
        )
    try:
        target = parse_target(base)
    except FetchError as exc:
        raise UsageError(f"judge base URL {printable(base)}: {exc.reason}") from None
    chosen = bool(env.get(ENV_BASE)) or _loopback(target.host)
    return Endpoint(base.rstrip("/"), model, env.get(ENV_KEY, "") if chosen else "", target.host)


def _loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def judge_command(
    args: argparse.Namespace,
    settings: Settings,
    *,
    say: Callable[[str], None],
    note: Callable[[str], None],
    progress: Callable[[int, int], None],
) -> int:
    point = _endpoint(settings, args.dry_run, note)
    runner = Runner.of(settings, args.paths or ["."])
    saved: dict[str, dict[str, dict[str, str]]] = {}
    todo = list(_asks(runner, point.model if point else "", args, saved, note))
    budget = settings.judge_max_calls if args.max_calls is None else args.max_calls
    if args.dry_run or point is None:
        for ask in todo:
            say(printable(f"would judge {ask.shown}: {ask.claim[:100]}"))
        say(f"{len(todo)} call(s) would be made (budget {budget})")
        return 0
    tally = Tally(left=max(0, len(todo) - budget))
    today = datetime.date.today().isoformat()
    clients = threading.local()  # one client a thread: a client asks one thing at a time

    def ask_one(ask: Ask) -> dict[str, str]:
        if not hasattr(clients, "client"):
            clients.client = Client(
                deadline=settings.judge_timeout,
                read_timeout=settings.judge_timeout,
                allow_private=True,  # the endpoint is the one URL asked: a local model
                default_interval=0.0,
            )
        return _judge(clients.client, point, ask, today)

    as_json = args.output_format == "json"
    told: list[dict[str, str]] = []  # each call's outcome, for the JSON document
    with ThreadPoolExecutor(max_workers=settings.judge_concurrency) as pool:
        answers = pool.map(ask_one, todo[:budget])  # in the asks' order, whatever finishes first
        for done, (ask, line) in enumerate(zip(todo, answers, strict=False), 1):
            saved.setdefault(ask.root, {})[ask.key] = line
            outcome = _tell(line, ask, tally, (lambda _: None) if as_json else say)
            told.append({"claim": ask.shown, "outcome": outcome, "reason": line.get("reason", "")})
            if args.verbose and not as_json and outcome not in ("failed", "invalid"):
                say(printable(f"{outcome}: {ask.shown}: {line.get('reason', '')[:200]}"))
            progress(done, min(budget, len(todo)))
    for root, lines in saved.items():
        _write(root, lines)
    summary = tally.line(budget - min(budget, len(todo)))
    if as_json:
        say(json.dumps({"judged": told, "summary": summary}, ensure_ascii=False, indent=1))
    elif not args.quiet:
        say(summary)
    return 1 if tally.counts.get("failed") and not args.exit_zero else 0


def _endpoint(settings: Settings, dry_run: bool, note: Callable[[str], None]) -> Endpoint | None:
    """The endpoint to ask; none for a dry run when none is set (what would be asked is
    known without one: every claim, as no model's verdicts can be told apart)."""
    try:
        point = endpoint(settings, os.environ)
    except UsageError:
        if not dry_run:
            raise
        note(f"note: no endpoint or model is set ({ENV_BASE}, {ENV_MODEL}): counting every claim")
        return None
    if os.environ.get(ENV_KEY) and not point.key:
        note(
            f"note: {ENV_KEY} is not sent to {point.host}: a base URL a config file set gets no key"
        )
    return point


def _tell(line: dict[str, str], ask: Ask, tally: Tally, say: Callable[[str], None]) -> str:
    """Count one call's outcome as the gate will take it (a verdict whose quote is not in
    the evidence counts for nothing: `invalid`); a failure or an invalid reply is said as
    it comes, in the asks' order."""
    outcome = line.get("verdict") or "failed"
    evidence = judged.WINDOW_JOIN.join(ask.windows)
    if outcome != "failed" and judged.valid(line, ask.claim, evidence) is None:
        outcome = "invalid"
        say(printable(f"invalid: {ask.shown}: the quote is not in the evidence it was sent"))
    tally.counts[outcome] = tally.counts.get(outcome, 0) + 1
    if outcome == "failed":
        say(printable(f"failed: {ask.shown}: {line['failed']}"))
    return outcome


def _asks(
    runner: Runner,
    model: str,
    args: argparse.Namespace,
    saved: dict[str, dict[str, dict[str, str]]],
    note: Callable[[str], None],
) -> Iterator[Ask]:
    """The claims to ask about, report by report, in document order."""
    linter = runner.linter
    for path in runner.discovery.files(runner.run.paths).reports:
        root = linter.sources_root(path)
        if root is None or not inside(path, runner.run.trusted):
            continue
        if root not in saved:
            saved[root] = _read(root)
        try:
            data = read_regular(os.path.realpath(path), linter.settings.max_report_bytes, "report")
            doc = linter.parser.parse(linter.display(path), data)
        except (SourceError, UnreadableReport) as exc:
            note(f"refused: {linter.display(path)} cannot be read: {exc}")
            continue
        analysis = linter.analyze(doc, root)
        for item in _wanted(analysis, linter.all_rules, everything=args.all):
            claim = judged.said(item)
            windows = judged.windows(item, analysis.evidence)
            if not windows:
                continue  # nothing saved to judge it by
            key = judged.key(claim, judged.WINDOW_JOIN.join(windows), model)
            if "verdict" in saved[root].get(key, {}) and not args.refresh:
                continue
            line = doc.text.count("\n", 0, item.sentence.start) + 1
            yield Ask(root, f"{doc.path}:{line}", claim, windows, key)


def _wanted(
    analysis: Analysis, rules: Sequence[AnyRule], *, everything: bool
) -> Iterator[BodyClaim]:
    findings = [f for rule in rules for f in rule.check(analysis)]
    unverified = [f for f in findings if RULES_BY_CODE[f.code].marks_unverified]
    of = verdicts(
        analysis,
        sorted(f.start for f in unverified if RULES_BY_CODE[f.code].unsupports),
        sorted(f.start for f in unverified if not RULES_BY_CODE[f.code].unsupports),
    ).of
    # the claims CL111 asks a reader to look at: the judge reads them
    flagged = sorted(f.start for f in findings if f.code == UnsupportedStatement.code)
    for i, item in enumerate(analysis.claims):
        verdict = of.get(i)
        at = bisect.bisect_left(flagged, item.sentence.start)
        if (
            verdict is Verdict.UNCHECKED
            or item.sentence.start in analysis.judged  # judged before: `--refresh` asks again
            or (at < len(flagged) and flagged[at] <= item.sentence.end)
            or (everything and verdict is Verdict.SUPPORTED)
        ):
            yield item


def _judge(client: Client, point: Endpoint, ask: Ask, today: str) -> dict[str, str]:
    """One call; the saved line (a verdict, or why it failed)."""
    evidence = judged.WINDOW_JOIN.join(ask.windows)
    line = {
        "key": ask.key,
        "for": judged.subject(ask.claim, evidence),
        "model": point.model,
        "host": point.host,
        "date": today,
        "prompt": judged.PROMPT_VERSION,
    }
    headers = {"Content-Type": "application/json", "Accept": "application/json"}
    if point.key:
        headers["Authorization"] = f"Bearer {point.key}"
    url = f"{point.base}/chat/completions"
    try:
        answer = client.post(url, prompt.body(point.model, ask.claim, ask.windows), headers)
        if answer.status == 400 and b"response_format" in answer.body:
            # a server that refuses the JSON-schema format: the prompt asks for JSON too
            plain = prompt.body(point.model, ask.claim, ask.windows, schema=False)
            answer = client.post(url, plain, headers)
        if answer.status != 200:
            raise FetchError(f"HTTP {answer.status}")
        reply = prompt.read_reply(answer.body)
    except (FetchError, ValueError) as exc:
        reason = exc.reason if isinstance(exc, FetchError) else str(exc)
        return line | {"failed": redact.Redactor((point.key,)).text(reason)}
    fields = {"verdict": reply.verdict, "quote": reply.quote, "reason": reply.reason}
    return line | fields | {"tokens": str(reply.tokens)}


def _read(root: str) -> dict[str, dict[str, str]]:
    """The lines saved before, by key (only a regular file inside the root is read)."""
    path = os.path.join(root, judged.JUDGED_FILE)
    if not os.path.lexists(path) or not inside(path, (os.path.realpath(root),)):
        return {}
    try:
        text = read_regular(path, CAP, "the judged.jsonl cap").decode("utf-8", "replace")
    except (OSError, SourceError):
        return {}
    return {
        line["key"]: line
        for lines in judged.parse_lines(text).values()
        for line in lines
        if isinstance(line.get("key"), str)
    }


def _write(root: str, lines: dict[str, dict[str, str]]) -> None:
    """`judged.jsonl`, one line per key, sorted by key: the same verdicts, the same bytes."""
    text = "".join(
        json.dumps(lines[k], sort_keys=True, ensure_ascii=False) + "\n" for k in sorted(lines)
    )
    write_atomic(os.path.join(root, judged.JUDGED_FILE), [text.encode()], root=root)
