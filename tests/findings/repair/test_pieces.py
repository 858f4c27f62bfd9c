"""Index pieces: a saved file's part of a root's repair index, built once per content and
moved to each root that holds the same file."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from citelint.config.load import Settings
from citelint.findings.repair.pieces import Place
from citelint.lint.runner import Runner
from citelint.read.claims import Claim
from tests.conftest import write_file

RECORD = json.dumps({"abstract": "Median PFS was 4.8 months; ORR 45%."})
REPORT = "ORR was 45% [pmid:2:abstract].\n"  # pmid:2 does not say it; pmid:1 does


def _folders(tmp_path: Path, n: int, *, link: bool) -> None:
    (tmp_path / ".git").mkdir()
    first = tmp_path / "runs" / "r0" / "sources" / "pubmed"
    write_file(first / "1.json", RECORD)
    write_file(first / "2.json", '{"abstract": "Nothing here."}')
    for i in range(n):
        folder = tmp_path / "runs" / f"r{i}"
        write_file(folder / "report.md", REPORT)
        for name in ("1.json", "2.json"):
            target = folder / "sources" / "pubmed" / name
            if not target.exists():
                target.parent.mkdir(parents=True, exist_ok=True)
                if link:
                    os.link(first / name, target)
                else:
                    target.write_bytes((first / name).read_bytes())


def _hints(tmp_path: Path) -> tuple[list[str], int]:
    runner = Runner.of(Settings(project_root=str(tmp_path), cache_dir=None), [str(tmp_path)])
    result = runner.lint()
    shown = [f"{d.path} {s.describe()}" for d in result.diagnostics for s in d.suggestions]
    return shown, runner.linter.pieces.built


def test_roots_holding_the_same_files_share_their_pieces(tmp_path: Path) -> None:
    _folders(tmp_path, 5, link=True)
    shown, built = _hints(tmp_path)
    assert built == 2  # two saved files, five roots: each piece built once
    assert len(shown) == 5
    for i, line in enumerate(shown):  # each hint names its own root's file
        assert line.startswith(f"runs/r{i}/report.md ") and f"runs/r{i}/sources" in line, line


def test_copies_with_the_same_bytes_share_too_and_other_bytes_do_not(tmp_path: Path) -> None:
    _folders(tmp_path, 3, link=False)
    (tmp_path / "runs" / "r2" / "sources" / "pubmed" / "1.json").write_text(
        json.dumps({"abstract": "ORR 45% in the other arm."})
    )
    shown, built = _hints(tmp_path)
    assert built == 3  # 1.json twice the same, once other bytes; 2.json the same
    assert [line.split(" ")[0] for line in shown] == [f"runs/r{i}/report.md" for i in range(3)]
    assert "runs/r2/sources" in shown[2]


def _runner(tmp_path: Path, cache: Path) -> Runner:
    settings = Settings(project_root=str(tmp_path), cache_dir=str(cache))
    return Runner.of(settings, [str(tmp_path / "runs")])


def test_pieces_are_kept_between_runs_and_a_damaged_one_is_built_again(tmp_path: Path) -> None:
    _folders(tmp_path, 2, link=True)
    cache = tmp_path / "cache"
    first = _runner(tmp_path, cache)
    expected = first.lint()
    assert first.linter.pieces.built == 2
    kept = sorted((cache / "repair-1").glob("*.json"))
    assert len(kept) == 2
    again = _runner(tmp_path, cache)
    assert again.lint() == expected  # the same hints, read from this run's roots
    assert (again.linter.pieces.built, again.linter.pieces.kept) == (
        0,
        2,
    )
    kept[0].write_text('{"key": ["not", "this"], "locators": [], "values": [], "squashed": []}')
    kept[1].write_text('{"key": 1, "values": [["sNaN"]]')  # damaged
    third = _runner(tmp_path, cache)
    assert third.lint() == expected
    assert third.linter.pieces.built == 2  # neither was taken


def test_a_planted_piece_cannot_point_a_hint_at_another_record(tmp_path: Path) -> None:
    """A piece is only an index: a candidate it names is read and checked in the root
    that asks, so a piece claiming `2.json` states 45% gives no hint to `2.json`."""
    _folders(tmp_path, 1, link=True)
    cache = tmp_path / "cache"
    expected = _runner(tmp_path, cache).lint()
    for kept in (cache / "repair-1").glob("*.json"):
        data = json.loads(kept.read_text())
        data["values"] = [["45"] for _ in data["values"]]
        kept.write_text(json.dumps(data))
    assert _runner(tmp_path, cache).lint() == expected


def test_a_kept_piece_is_read_only_in_the_shape_written() -> None:
    from decimal import Decimal

    from citelint.findings.repair.pieces import _decode

    key = ("pubmed", "1", "pubmed/1.json", "a", "-")
    good = {"key": list(key), "locators": ["abstract"], "values": [["45"]], "squashed": ["x"]}
    piece = _decode(good, key)
    assert piece is not None and piece.values == (frozenset({Decimal(45)}),)
    for bad in (
        {**good, "key": ["other"]},
        {**good, "values": [["sNaN"]]},  # could not even be hashed
        {**good, "values": [["NaN"]]},
        {**good, "locators": [1]},
        {**good, "squashed": []},  # lengths differ
        [good],
    ):
        assert _decode(bad, key) is None, bad


def test_roots_holding_the_same_files_are_searched_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One index, one search and one check of each span serve every root whose files
    have the same content; each root still gets its own hint, naming its own file."""
    from citelint.findings.repair.search import EvidenceSearch

    checks: list[str] = []
    holds = EvidenceSearch.holds

    def counted(self: EvidenceSearch, claim: object, place: Place) -> bool:
        checks.append(place.span.path)
        return holds(self, claim, place)  # type: ignore[arg-type]

    monkeypatch.setattr(EvidenceSearch, "holds", counted)
    (tmp_path / "one").mkdir()
    _folders(tmp_path / "one", 1, link=True)
    _hints(tmp_path / "one")
    one, many = len(checks), tmp_path / "many"
    checks.clear()
    many.mkdir()
    _folders(many, 6, link=False)  # copies: the same bytes, other files
    runner = Runner.of(Settings(project_root=str(many), cache_dir=None), [str(many)])
    shown = [f"{s.describe()}" for d in runner.lint().diagnostics for s in d.suggestions]
    assert one > 0 and len(checks) == one  # the other five roots asked no span again
    assert len(runner.linter.repair.search.indexes._indexes) == 1
    assert [f"runs/r{i}/sources" in line for i, line in enumerate(shown)] == [True] * 6


def test_answers_are_kept_between_runs_and_checked_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What an index answered is kept under the contents it indexes: the next run asks
    no candidate, only checks the spans named in its own roots; an answer naming a span
    the index lacks, or the cited record itself, is searched again."""
    from citelint.findings.repair.index import RootIndex, candidates

    _folders(tmp_path, 2, link=True)
    for i in range(2):
        write_file(tmp_path / "runs" / f"r{i}" / "sources" / "pubmed" / "3.json", '{"title": "T"}')
    cache = tmp_path / "cache"
    first = _runner(tmp_path, cache)
    expected = first.lint()
    (index,) = first.linter.repair.search.indexes._indexes.values()
    assert [ref[:2] for ref in index.refs[1:3]] == [("pmid", "2"), ("pmid", "3")]
    (kept,) = (cache / "repair-1" / "answers").glob("*.jsonl")
    searched: list[int] = []

    def counted(claim: Claim, index: RootIndex) -> list[int]:
        searched.append(1)
        return candidates(claim, index)

    monkeypatch.setattr("citelint.findings.repair.search.candidates", counted)
    assert _runner(tmp_path, cache).lint() == expected
    assert searched == []  # every answer came back
    names = [json.loads(line)[0] for line in kept.read_text().splitlines()]
    planted = [json.dumps([name, [99]]) for name in names] + ["not json", '["x", [1]]']
    kept.write_text("\n".join(planted) + "\n")
    assert _runner(tmp_path, cache).lint() == expected
    assert searched  # none was taken
    searched.clear()
    names = [json.loads(line)[0] for line in kept.read_text().splitlines()[-len(names) :]]
    for planted_at in (1, 2):  # the cited record itself; a record that does not say it
        searched.clear()
        kept.write_text("".join(json.dumps([name, [planted_at]]) + "\n" for name in names))
        assert _runner(tmp_path, cache).lint() == expected
        assert searched


def test_the_kept_pieces_stay_under_their_cap(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """After a run that wrote pieces or answers, the oldest kept files go past the cap."""
    from citelint.findings.repair import pieces

    _folders(tmp_path, 1, link=True)
    cache = tmp_path / "cache"
    old = cache / "repair-1" / "old.json"
    write_file(old, "x" * 4096)
    os.utime(old, (1, 1))  # the oldest there is
    monkeypatch.setattr(pieces, "MAX_TOTAL_BYTES", 4096)
    _runner(tmp_path, cache).lint()
    assert not old.exists()
    assert len(list((cache / "repair-1").glob("*.json"))) == 2  # this run's pieces stay
    write_file(old, "x" * 4096)
    os.utime(old, (1, 1))
    _runner(tmp_path, cache).lint()  # wrote nothing: nothing is pruned
    assert old.exists()


def test_a_worker_takes_in_the_answers_the_others_added_since(tmp_path: Path) -> None:
    """A live reader of an index's kept answers reads, before it searches anew, the
    whole lines another worker appended since; a line still being written waits, and a
    file that began anew (its cap) is read from its start."""
    from citelint.findings.repair.pieces import Answers

    path = str(tmp_path / "answers" / "a.jsonl")
    one, two, three = ("1" * 64, "2" * 64, "3" * 64)
    mine, other = Answers(path, live=True), Answers(path)
    assert mine.get(one) is None  # nothing kept yet
    other.add(one, (4,))
    assert mine.get(one) == (4,)
    with open(path, "a") as handle:
        handle.write(json.dumps([two, [5]])[:-3])  # half a line
    assert mine.get(two) is None
    with open(path, "a") as handle:
        handle.write("5]]\n")
    assert mine.get(two) == (5,)
    with open(path, "w") as handle:  # begun anew, shorter than what was read
        handle.write(json.dumps([three, [6]]) + "\n")
    assert mine.get(three) == (6,) and mine.get(one) == (4,)
    still = Answers(path)  # not live: read once
    assert still.get(three) == (6,)
    other.add(one, (7,))
    assert still.get("9" * 64) is None and still.get(one) is None


def test_a_run_folder_keeps_answers_only_for_the_workers(tmp_path: Path) -> None:
    """Pieces shared through a run's own folder: the process that made it keeps no
    answers there (its indexes outlive the folder), and after the run nothing is kept."""
    from citelint.findings.repair.pieces import Pieces

    pieces = Pieces()
    pieces.share_through(str(tmp_path / "run"))
    assert pieces.folder is not None and pieces.answers((("k",),)).path is None
    pieces.unshare()
    assert pieces.folder is None
    kept = Pieces(str(tmp_path / "cache"))
    kept.share_through(str(tmp_path / "run"))  # a cache folder is kept as it is
    assert kept.folder == str(tmp_path / "cache" / "repair-1")
    assert kept.answers((("k",),)).path is not None
