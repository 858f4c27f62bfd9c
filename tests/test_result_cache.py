"""The result cache end to end: a warm run parses nothing and prints the same bytes; a
change re-lints exactly the reports it can touch; an interrupted run leaves nothing that
changes the next run's output."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from citelint.commands.cli import main
from citelint.read.parse import Parser

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = tmp_path / "repo"
    shutil.copytree(EXAMPLES, root)
    (root / ".git").mkdir()
    monkeypatch.chdir(root)
    return root


@pytest.fixture
def parsed(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The reports each run parsed (a warm run parses none)."""
    seen: list[str] = []
    real = Parser.parse

    def counting(self: Parser, display: str, data: bytes) -> object:
        seen.append(display)
        return real(self, display, data)

    monkeypatch.setattr(Parser, "parse", counting)
    return seen


def _run(capsys: pytest.CaptureFixture[str], cache: Path | None, *extra: str) -> tuple[int, str]:
    where = ["--cache-dir", str(cache)] if cache else ["--no-cache"]
    code = main(["reports", "--output-format", "json", *where, *extra])
    return code, capsys.readouterr().out


def test_a_warm_run_parses_nothing_and_prints_the_same_bytes(
    repo: Path, tmp_path: Path, parsed: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    cold = _run(capsys, tmp_path / "cache")
    assert len(parsed) == 4
    parsed.clear()
    warm = _run(capsys, tmp_path / "cache")
    assert parsed == [] and warm == cold == _run(capsys, None)


def test_a_changed_report_is_the_only_one_linted_again(
    repo: Path, tmp_path: Path, parsed: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    _run(capsys, tmp_path / "cache")
    with open(repo / "reports" / "clean.md", "a", encoding="utf-8") as handle:
        handle.write("\nThe rate was 97% [pmid:10000001:abstract].\n")
    parsed.clear()
    warm = _run(capsys, tmp_path / "cache")
    assert parsed == ["reports/clean.md"]
    assert warm == _run(capsys, None) and '"CL101"' in warm[1]


def test_a_changed_source_relints_the_reports_that_depend_on_it(
    repo: Path, tmp_path: Path, parsed: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    _run(capsys, tmp_path / "cache")
    guideline = repo / "sources" / "guidelines" / "EXAMPLE-2024.md"
    guideline.write_text(guideline.read_text(encoding="utf-8") + "\nA new line.\n")
    parsed.clear()
    warm = _run(capsys, tmp_path / "cache")
    # clean.md and rich.md cite the guideline; broken.html's repair hints search every
    # saved record; numbered.md cites only a PubMed record and has no finding
    assert sorted(parsed) == ["reports/broken.html", "reports/clean.md", "reports/rich.md"]
    assert warm == _run(capsys, None)


def test_a_new_file_in_a_channel_folder_relints_the_reports_of_that_root(
    repo: Path, tmp_path: Path, parsed: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    _run(capsys, tmp_path / "cache")
    (repo / "sources" / "pubtator").mkdir()
    (repo / "sources" / "pubtator" / "1.json").write_text("{}")
    parsed.clear()
    warm = _run(capsys, tmp_path / "cache")
    assert len(parsed) == 4 and '"CL301"' in warm[1]  # the new channel is unused
    assert warm == _run(capsys, None)


def test_a_record_saved_in_another_form_changes_the_hints_it_gave(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A hint points at `pubmed/1.xml`; a `1.json` saved beside it is what `[pmid:1]`
    reads from then on (`.json` is tried first), and it does not say the claim: the
    report is linted again and loses the hint, though its own sources did not change."""
    root = tmp_path / "repo"
    (root / ".git").mkdir(parents=True)
    pubmed = root / "sources" / "pubmed"
    pubmed.mkdir(parents=True)
    xml = "<PubmedArticleSet><PubmedArticle><MedlineCitation><PMID>1</PMID><Article>"
    xml += "<Abstract><AbstractText>ORR was 45%.</AbstractText></Abstract>"
    (pubmed / "1.xml").write_text(
        xml + "</Article></MedlineCitation></PubmedArticle></PubmedArticleSet>"
    )
    (pubmed / "2.json").write_text('{"abstract": "Nothing here."}')
    (root / "reports").mkdir()
    (root / "reports" / "r.md").write_text("ORR was 45% [pmid:2:abstract].\n")
    monkeypatch.chdir(root)
    cold = _run(capsys, tmp_path / "cache")
    assert "pubmed/1.xml" in cold[1]  # the hint
    (pubmed / "1.json").write_text('{"abstract": "ORR was 50%."}')
    warm = _run(capsys, tmp_path / "cache")
    assert warm == _run(capsys, None) and "pubmed/1.xml" not in warm[1]


def test_a_saved_file_is_hashed_once_for_the_hints_and_the_cache(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    hashed: list[str],
) -> None:
    """The repair index keys each saved file by its content hash, and the result cache
    keeps the same hash of it: one memo, so an uncited record the hints read is not read
    and hashed again when the report's dependencies are kept."""
    root = tmp_path / "repo"
    (root / ".git").mkdir(parents=True)
    pubmed = root / "sources" / "pubmed"
    pubmed.mkdir(parents=True)
    (pubmed / "1.json").write_text('{"abstract": "ORR was 45%."}')
    (pubmed / "2.json").write_text('{"abstract": "Nothing here."}')
    (root / "reports").mkdir()
    (root / "reports" / "r.md").write_text("ORR was 45% [pmid:2:abstract].\n")
    monkeypatch.chdir(root)
    cold = _run(capsys, tmp_path / "cache")
    assert "pubmed/1.json" in cold[1]  # the hint: the index read the uncited record
    assert not any(p.endswith("1.json") for p in hashed), hashed


def test_a_run_interrupted_while_writing_leaves_no_entry(
    repo: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def interrupted(src: str, dst: str) -> None:
        raise KeyboardInterrupt  # Ctrl-C between writing the entry and renaming it

    monkeypatch.setattr(os, "replace", interrupted)
    assert _run(capsys, tmp_path / "cache")[0] == 130
    assert list((tmp_path / "cache").rglob("*.json")) == []
    assert list((tmp_path / "cache").rglob("*.tmp")) == []  # removed on the way out
    monkeypatch.undo()
    monkeypatch.chdir(repo)
    assert _run(capsys, tmp_path / "cache") == _run(capsys, None)


def test_a_run_killed_while_writing_changes_nothing_for_the_next(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tmp_path / "repo"
    shutil.copytree(EXAMPLES / "sources", root / "sources")
    (root / ".git").mkdir()
    (root / "reports").mkdir()
    text = (EXAMPLES / "reports" / "rich.md").read_text(encoding="utf-8")
    for i in range(200):  # enough reports that the kill lands while entries are written
        (root / "reports" / f"r{i:03}.md").write_text(f"{text}\nLine {i}.\n", encoding="utf-8")
    cache = tmp_path / "cache"
    argv = [sys.executable, "-m", "citelint", "reports", "--jobs", "1", "--cache-dir", str(cache)]
    child = subprocess.Popen(argv, cwd=root, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while not list(cache.rglob("*.json")) and time.monotonic() < deadline:
        time.sleep(0.005)
    child.send_signal(signal.SIGKILL)
    child.wait()
    kept = list(cache.rglob("*.json"))
    assert 0 < len(kept) < 200  # killed part-way
    monkeypatch.chdir(root)
    assert _run(capsys, cache) == _run(capsys, None)
    assert os.path.isdir(cache)


def test_entries_written_by_another_process_are_served(
    repo: Path, tmp_path: Path, parsed: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    # the key must be the same text in every process: no addresses, no hash seeds
    cache = tmp_path / "cache"
    argv = [sys.executable, "-m", "citelint", "reports", "--cache-dir", str(cache)]
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    subprocess.run(argv, cwd=repo, env=env, stdout=subprocess.DEVNULL, check=False)
    warm = _run(capsys, cache)
    assert parsed == [] and warm == _run(capsys, None)
