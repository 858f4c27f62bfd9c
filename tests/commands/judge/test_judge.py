"""`citelint judge` as authors run it against a local model server, and the gate that
replays its verdicts offline."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from citelint.commands import cli
from tests.commands.judge.conftest import Model, completion, evidence_of, verdict

PAGE = (
    "<html><body><p>The company develops guidance heads for portable anti-aircraft missile "
    "systems.</p>\n<p>It was founded in 1992 in Warsaw and employs engineers.</p>\n"
    "<p>Its seekers are fitted to launchers carried by one soldier.</p></body></html>\n"
)
LINK = "([a](https://example.org/a))"
REPORT = (
    f"The firm builds seekers for shoulder-fired air-defence weapons {LINK}.\n\n"
    f"The company develops guidance heads for portable anti-aircraft missile systems {LINK}.\n\n"
    f"The firm was founded by former naval officers in Gdansk {LINK}.\n"
)
SEEKERS = "Its seekers are fitted to launchers carried by one soldier."
FOUNDED = "It was founded in 1992 in Warsaw"


def _project(tmp_path: Path, report: str = REPORT) -> Path:
    (tmp_path / "sources" / "web").mkdir(parents=True)
    (tmp_path / "sources" / "web" / "index.json").write_text(
        '{"https://example.org/a": "a.html"}', encoding="utf-8"
    )
    (tmp_path / "sources" / "web" / "a.html").write_text(PAGE, encoding="utf-8")
    (tmp_path / "report.md").write_text(report, encoding="utf-8")
    (tmp_path / "pyproject.toml").write_text("[tool.citelint]\n", encoding="utf-8")
    return tmp_path


@pytest.fixture
def judging(model: Model, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    monkeypatch.setenv("CITELINT_JUDGE_BASE_URL", model.base)
    monkeypatch.setenv("CITELINT_JUDGE_MODEL", "qwen2.5-7b-instruct")
    monkeypatch.delenv("CITELINT_JUDGE_API_KEY", raising=False)
    project = _project(tmp_path)
    monkeypatch.chdir(project)
    return project


def _lint(capsys: pytest.CaptureFixture[str], *extra: str) -> tuple[int, list[str]]:
    """The exit code, each finding's first line and the summary line."""
    capsys.readouterr()
    code = cli.main(["--no-cache", "--no-progress", *extra, "."])
    out = capsys.readouterr().out.splitlines()
    return code, [line for line in out if line.startswith("report.md:")] + out[-1:]


def test_judge_once_and_the_gate_replays_offline(
    judging: Path, model: Model, capsys: pytest.CaptureFixture[str]
) -> None:
    model.answers = [
        verdict("supported", SEEKERS, shape="llama.cpp"),
        verdict("contradicted", FOUNDED, "it was founded in Warsaw", shape="ollama"),
    ]
    assert cli.main(["judge", "--dry-run", "."]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "2 call(s) would be made (budget 200)"
    assert cli.main(["judge", "."]) == 0
    assert capsys.readouterr().out == (
        "judged 2: 1 supported, 0 partial, 0 unsupported, 1 contradicted, 0 failed; "
        "198 calls left\n"
    )
    headers, sent = model.requests[0]
    assert (sent["temperature"], sent["seed"], sent["model"]) == (
        0,
        20261204,
        "qwen2.5-7b-instruct",
    )
    assert sent["response_format"]["type"] == "json_schema"
    assert SEEKERS in sent["messages"][1]["content"] and "Authorization" not in headers
    saved = (judging / "sources" / "judged.jsonl").read_text(encoding="utf-8").splitlines()
    keys = [json.loads(line)["key"] for line in saved]
    assert keys == sorted(keys) and len(keys) == 2
    code, lines = _lint(capsys)
    assert code == 1
    assert lines[0].startswith(
        "report.md:5:1: CL112 [critical] the judge (qwen2.5-7b-instruct) found that the cited "
        "source contradicts it (contradicted); the source says: “It was founded in 1992 in Warsaw”"
    )
    assert lines[-1] == (
        "1 critical in 1 file; 3 claims: 2 supported (1 by judge), 1 unsupported, 0 unchecked"
    )
    asked = len(model.requests)
    assert cli.main(["judge", "."]) == 0  # a second run asks nothing
    assert len(model.requests) == asked
    assert capsys.readouterr().out.startswith("judged 0:")
    for jobs in ("1", "2"):  # the same findings on every run, any worker count
        assert _lint(capsys, "--jobs", jobs)[1] == lines


def test_a_changed_claim_makes_its_verdict_stale(
    judging: Path, model: Model, capsys: pytest.CaptureFixture[str]
) -> None:
    model.answers = [verdict("supported", SEEKERS), verdict("supported", FOUNDED)]
    assert cli.main(["judge", "."]) == 0
    (judging / "report.md").write_text(REPORT.replace("builds seekers", "makes seekers"))
    code, lines = _lint(capsys)
    assert code == 0  # warnings only
    assert [line.split(" ")[1] for line in lines[:-1]] == ["CL111"]  # the changed one
    assert "(1 by judge)" in lines[-1]


def test_a_planted_supported_verdict_passes_nothing_under_isolated(
    judging: Path, model: Model, capsys: pytest.CaptureFixture[str]
) -> None:
    model.answers = [verdict("supported", SEEKERS), verdict("unsupported", FOUNDED)]
    assert cli.main(["judge", "."]) == 0
    code, lines = _lint(capsys, "--isolated")
    assert code == 0
    assert [line.split(" ")[1] for line in lines[:-1]] == ["CL111", "CL113"]
    assert "by judge" not in lines[-1]


def test_a_quote_not_in_the_window_is_no_verdict(
    judging: Path, model: Model, capsys: pytest.CaptureFixture[str]
) -> None:
    model.answers = [verdict("supported", "The firm builds seekers"), verdict("supported", FOUNDED)]
    assert cli.main(["judge", "."]) == 0
    said = capsys.readouterr().out.splitlines()
    # the judge counts as the gate takes: the quote of the first is not in its evidence
    assert said == [
        "invalid: report.md:1: the quote is not in the evidence it was sent",
        "judged 2: 1 supported, 0 partial, 0 unsupported, 0 contradicted, 1 invalid, "
        "0 failed; 198 calls left",
    ]
    code, lines = _lint(capsys)
    assert code == 0
    assert [line.split(" ")[1] for line in lines[:-1]] == ["CL111"]


@pytest.mark.parametrize(
    ("answers", "failed"),
    [
        ([(500, {}, b"")] * 3, "HTTP 500 after 3 attempts"),
        ([completion("I think it is supported.")], "the reply holds no JSON object"),
        ([completion('{"verdict": "maybe", "quote": "", "reason": ""}')], "is not one of"),
        ([(200, {"Content-Type": "application/json"}, b"<html>")], "is not a chat completion"),
    ],
)
def test_a_failed_call_is_saved_as_failed_and_asked_again(
    judging: Path,
    model: Model,
    capsys: pytest.CaptureFixture[str],
    answers: list[tuple[int, dict[str, str], bytes]],
    failed: str,
) -> None:
    model.answers = list(answers)
    assert cli.main(["judge", "--max-calls", "1", "."]) == 1
    out = capsys.readouterr().out
    assert "failed: report.md:1: " in out and failed in out
    assert out.endswith("0 calls left; 1 claim(s) left unjudged (--max-calls)\n")
    model.answers = [verdict("supported", SEEKERS), verdict("supported", FOUNDED)]
    assert cli.main(["judge", "."]) == 0  # the failed one is asked again
    assert capsys.readouterr().out.startswith("judged 2: 2 supported")


@pytest.mark.parametrize(
    "content",
    [
        f'```json\n{{"verdict": "supported", "quote": "{SEEKERS}", "reason": "r"}}\n```',
        f'Here is my answer: {{"verdict": "supported", "quote": "{SEEKERS}", "reason": "r"}} Done.',
    ],
)
def test_json_in_a_fence_or_in_prose_is_read(
    judging: Path, model: Model, capsys: pytest.CaptureFixture[str], content: str
) -> None:
    model.answers = [completion(content, shape="vllm"), verdict("supported", FOUNDED)]
    assert cli.main(["judge", "."]) == 0
    assert "(2 by judge)" in _lint(capsys)[1][-1]


def test_a_server_that_refuses_the_schema_is_asked_without_it(
    judging: Path, model: Model, capsys: pytest.CaptureFixture[str]
) -> None:
    refusal = (
        400,
        {"Content-Type": "application/json"},
        b'{"error": "response_format not supported"}',
    )
    model.answers = [refusal, verdict("supported", SEEKERS), refusal, verdict("supported", FOUNDED)]
    assert cli.main(["judge", "."]) == 0
    formats = ["response_format" in body for _, body in model.requests]
    assert formats == [True, False, True, False]


def test_429_with_retry_after_is_waited_for(
    judging: Path, model: Model, capsys: pytest.CaptureFixture[str]
) -> None:
    model.answers = [
        (429, {"Retry-After": "0"}, b""),
        verdict("supported", SEEKERS),
        verdict("supported", FOUNDED),
    ]
    assert cli.main(["judge", "."]) == 0
    assert len(model.requests) == 3


def test_the_key_goes_only_to_a_base_url_the_environment_set(
    judging: Path, model: Model, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    model.answers = [verdict("supported", SEEKERS), verdict("supported", FOUNDED)]
    monkeypatch.setenv("CITELINT_JUDGE_API_KEY", "sk-test-123456")
    assert cli.main(["judge", "."]) == 0
    assert model.requests[0][0]["Authorization"] == "Bearer sk-test-123456"
    assert "sk-test" not in (judging / "sources" / "judged.jsonl").read_text()


def test_no_endpoint_is_a_one_line_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    for name in ("CITELINT_JUDGE_BASE_URL", "CITELINT_JUDGE_MODEL"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(_project(tmp_path))
    assert cli.main(["judge", "."]) == 2
    err = capsys.readouterr().err
    assert err.startswith("citelint: error: citelint judge needs an endpoint and a model")
    assert err.count("\n") == 1
    # a dry run needs none: the user sees the number of calls before choosing a model
    assert cli.main(["judge", "--dry-run", "."]) == 0
    done = capsys.readouterr()
    assert done.out.splitlines()[-1] == "2 call(s) would be made (budget 200)"
    assert "no endpoint or model is set" in done.err


def test_verbose_json_and_exit_zero(
    judging: Path, model: Model, capsys: pytest.CaptureFixture[str]
) -> None:
    model.answers = [verdict("supported", SEEKERS, "the page says so"), completion("nonsense")]
    assert cli.main(["judge", "-v", "--exit-zero", "."]) == 0  # a call failed: exit 0 asked
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "supported: report.md:1: the page says so"
    assert out[1].startswith("failed: report.md:5: ") and out[-1].startswith("judged 2:")
    model.answers = [verdict("unsupported", FOUNDED, "no founders named")]
    assert cli.main(["judge", "--output-format", "json", "."]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["judged"] == [
        {"claim": "report.md:5", "outcome": "unsupported", "reason": "no founders named"}
    ]
    assert document["summary"].startswith("judged 1: 0 supported, 0 partial, 1 unsupported")


def test_the_outputs_carry_the_verdicts(
    judging: Path, model: Model, capsys: pytest.CaptureFixture[str]
) -> None:
    model.answers = [verdict("supported", SEEKERS), verdict("contradicted", FOUNDED, "no")]
    assert cli.main(["judge", "."]) == 0
    capsys.readouterr()
    cli.main(["--no-cache", "--no-progress", "--audit-dir", "audit", "-o", "html:view.html", "."])
    audit = json.loads((judging / "audit/report.md/verification_report.json").read_text())
    judged = [c["judge"] for c in audit["claims"] if "judge" in c]
    assert [(j["verdict"], j["model"]) for j in judged] == [
        ("supported", "qwen2.5-7b-instruct"),
        ("contradicted", "qwen2.5-7b-instruct"),
    ]
    lines = (judging / "audit/judged.jsonl").read_text().splitlines()
    assert [json.loads(line)["line"] for line in lines] == [1, 5]
    view = (judging / "view.html").read_text()
    assert f'<mark class="match">{SEEKERS}</mark>' in view and "Judge (qwen2.5-7b-instruct)" in view


def test_a_timeout_is_a_failed_call(
    judging: Path, model: Model, capsys: pytest.CaptureFixture[str]
) -> None:
    (judging / "pyproject.toml").write_text("[tool.citelint.judge]\ntimeout = 1\n")
    model.answers = [(200, {"X-Sleep": "3"}, b"")]
    assert cli.main(["judge", "--max-calls", "1", "."]) == 1
    out = capsys.readouterr().out
    # the read's timeout and the deadline's watchdog are both at 1 s: whichever fires first
    # on a loaded machine, the call fails for the deadline and no retry is made after it
    assert "1 failed" in out
    assert "over the deadline of 1 s" in out or "is past the deadline (1 s)" in out


def test_a_real_report_is_judged_once_and_replayed_the_same_every_way(
    corpus: Path,
    tmp_path: Path,
    model: Model,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """STORM's article over its saved snippets, judged by a model that calls every claim
    unsupported quoting its evidence's first words: the same findings on every run, with
    one worker or two, with a cold cache and a warm one."""
    folder = corpus / "reports" / "storm_crw_telesystem"
    if not folder.is_dir():
        pytest.skip("the corpus is not present")
    for name in ("storm_gen_article_polished.txt", "url_to_info.json"):
        (tmp_path / name).write_bytes((folder / name).read_bytes())
    (tmp_path / "pyproject.toml").write_text('[tool.citelint]\nsources = "."\n')

    def unsupported(sent: dict[str, object]) -> tuple[int, dict[str, str], bytes]:
        words = " ".join(evidence_of(sent).split()[:6])
        return verdict("unsupported", words)

    model.answers = [unsupported]
    monkeypatch.setenv("CITELINT_JUDGE_BASE_URL", model.base)
    monkeypatch.setenv("CITELINT_JUDGE_MODEL", "m")
    monkeypatch.chdir(tmp_path)
    report = "storm_gen_article_polished.txt"
    assert cli.main(["judge", report]) == 0
    asked = capsys.readouterr().out
    assert asked.startswith("judged ") and " unsupported" in asked and len(model.requests) > 5
    runs = []
    for extra in (
        ["--no-cache", "--jobs", "1"],
        ["--no-cache", "--jobs", "2"],
        ["--cache-dir", "c", "--jobs", "1"],
        ["--cache-dir", "c", "--jobs", "2"],
    ):
        cli.main(["--no-progress", *extra, report])
        runs.append(capsys.readouterr().out)
    assert runs[0].count(" CL113 ") == len(model.requests)
    assert len(set(runs)) == 1


def test_calls_under_way_at_once_save_the_same_verdicts(
    judging: Path, model: Model, capsys: pytest.CaptureFixture[str]
) -> None:
    """`[judge] concurrency`: the verdicts and the file are the same bytes as one call at
    a time; the lines are said in the asks' order."""
    model.answers = [
        lambda sent: verdict("supported", SEEKERS if SEEKERS in evidence_of(sent) else FOUNDED)
    ]
    assert cli.main(["judge", "."]) == 0
    one_at_a_time = (judging / "sources/judged.jsonl").read_bytes()
    (judging / "pyproject.toml").write_text("[tool.citelint.judge]\nconcurrency = 2\n")
    assert cli.main(["judge", "--refresh", "."]) == 0
    assert (judging / "sources/judged.jsonl").read_bytes() == one_at_a_time
    assert capsys.readouterr().out.splitlines()[-1].startswith("judged 2: 2 supported")


def test_a_key_the_endpoint_repeats_is_never_saved_or_shown(
    judging: Path, model: Model, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    key = "sk-live-0123456789"
    monkeypatch.setenv("CITELINT_JUDGE_API_KEY", key)
    model.answers = [
        verdict("unsupported", SEEKERS, f"your key {key} is on file"),
        (500, {"Content-Type": "text/plain"}, f"bad key sk-live-0123456789 {key}".encode()),
    ]
    cli.main(["judge", "."])
    said = capsys.readouterr()
    assert model.requests[0][0]["Authorization"] == f"Bearer {key}"  # sent, as configured
    saved = (judging / "sources" / "judged.jsonl").read_text(encoding="utf-8")
    assert "your key *** is on file" in saved and key not in saved + said.out + said.err
    code, lines = _lint(capsys)
    assert code == 0 and any("CL113" in line for line in lines)
    assert key not in "\n".join(lines)
