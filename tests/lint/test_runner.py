"""The runner: per-file ignores, workers and shards give the same findings; each report
under its nearest config, sharing the one run record; roots let go when done."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import citelint
from citelint.commands.cli import main
from citelint.lint.runner import Runner
from tests.conftest import BROKEN, CLEAN, Writer, run, write_file


def test_per_file_ignores(project: Writer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    project("sources/pubmed/1.json", json.dumps({"abstract": "ORR 45%."}))
    project("reports/legacy/old.md", "ORR 46% [pmid:1].\n")
    project("reports/new.md", "ORR 46% [pmid:1].\n")
    config = project(".citelint.toml", 'per-file-ignores = { "reports/legacy/**" = ["CL004"] }\n')
    result = citelint.lint_paths([str(tmp_path / "reports")], str(config))
    assert [(d.path, d.code) for d in result.diagnostics] == [("reports/new.md", "CL004")]


def test_jobs_and_shards_give_the_same_findings(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for i in range(12):
        (repo / f"reports/r{i:02d}.md").write_text(BROKEN if i % 3 else CLEAN)
    json = ("--output-format", "json", "--no-cache")  # workers lint, not the result cache
    _, serial, _ = run(capsys, "reports", "--jobs", "1", *json)
    _, parallel, _ = run(capsys, "reports", "--jobs", "2", *json)
    assert parallel == serial  # same bytes whatever the number of workers
    shards = [
        run(capsys, "reports", "--shard", f"{k}/3", "--output-format", "concise")[1]
        for k in (1, 2, 3)
    ]
    lines = sorted(line for out in shards for line in out.splitlines())
    _, whole, _ = run(capsys, "reports", "--output-format", "concise")
    assert lines == sorted(whole.splitlines())
    assert all(shards)  # 12 files spread over 3 shards
    assert run(capsys, "reports", "--shard", "4/3")[0] == 2
    assert run(capsys, "reports", "--jobs", "0")[0] == 2


def test_a_monorepo_from_its_root(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Items 6, 7 and 9 of the gate: paths from the repository root, each report under its
    nearest config, .gitignore and the usual repository documents left out."""
    import subprocess

    write_file(tmp_path / "docs" / "pyproject.toml", '[tool.citelint]\nignore = ["CL001"]\n')
    write_file(tmp_path / "docs" / "reports" / "x.md", "ORR was 45%.\n")  # CL001, ignored there
    write_file(tmp_path / "reports" / "y.md", "ORR was 45%.\n")  # CL001 under the root defaults
    write_file(tmp_path / "venv" / "lib" / "page.md", "ORR was 45%.\n")  # ignored by git
    write_file(tmp_path / ".gitignore", "venv/\n")
    write_file(tmp_path / "README.md", "Our tool improves ORR by 45%.\n")  # not a report
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    monkeypatch.chdir(tmp_path)
    code = main([".", "--output-format", "concise", "-o", "sarif:out.sarif"])
    out = capsys.readouterr().out
    assert code == 1
    assert [line.split(" [")[0] for line in out.splitlines()] == ["reports/y.md:1:1: CL001"]
    sarif = json.loads((tmp_path / "out.sarif").read_text())
    uris = [r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
            for r in sarif["runs"][0]["results"]]  # fmt: skip
    assert uris == ["reports/y.md"]
    monkeypatch.chdir(tmp_path / "docs")  # from a subfolder: still repository paths
    assert main(["../reports", "reports", "--output-format", "concise"]) == 1
    assert capsys.readouterr().out.startswith("reports/y.md:1:1: CL001")  # not ../reports
    assert main([str(tmp_path / "venv"), "--no-respect-gitignore", "-q",
                 "--output-format", "concise"]) == 1  # fmt: skip
    assert "venv/lib/page.md:1:1: CL001" in capsys.readouterr().out


def test_a_run_keeps_only_the_sources_roots_in_flight(
    project: Writer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """200 report folders, each with its own sources root (as pipelines save them): what
    a root loaded and indexed is let go when its last report is done, so the live roots
    stay one however many folders the run holds. Every fifth folder has its own config
    (`sources = "saved"`, a root the run's config would not find): its linter lets its
    roots go like the others (they lived to the end of the run). Counted, not timed."""
    from citelint.config.load import Settings
    from citelint.lint.runner import Runner

    record = json.dumps({"abstract": "Median PFS was 4.8 months; ORR 45%."})
    for n in range(200):
        folder = f"runs/r{n:03d}"
        saved = "saved" if n % 5 == 0 else "sources"
        if saved == "saved":
            project(f"{folder}/pyproject.toml", '[tool.citelint]\nsources = "saved"\n')
        project(f"{folder}/{saved}/pubmed/1.json", record)
        project(
            f"{folder}/report.md",
            "Median PFS was 4.8 months [pmid:1:abstract]. ORR was 46% [pmid:1:abstract].\n",
        )
    monkeypatch.chdir(tmp_path)
    settings = Settings(
        project_root=str(tmp_path), cache_dir=str(tmp_path / "cache"), result_cache=True
    )
    runner = Runner.of(settings, [str(tmp_path / "runs")])
    live: list[int] = []
    sets: list[int] = []

    def count(done: int, total: int) -> None:
        roots: set[str | None] = set()
        for linter in runner.linters:
            # the memo tables, each keyed by its root first
            store, search = linter.store, linter.repair.search
            roots |= {k[0] for k in store._resolved} | {k[0] for k in store._channels}
            roots |= set(linter.citations._roots) | {k[0] for k in linter.repair._held}
            roots |= set(search._roots) | {k[0] for k in search._records}
            # the dependencies the result cache keeps of each memo go with the memo
            kept = {path for deps in linter.watch._kept.values() for _, path in deps}
            roots |= {p.rsplit("/pubmed/", 1)[0] for p in kept if "/pubmed/" in p}
        live.append(len(roots - {None}))  # (a report with no sources root holds none)
        sets.append(len(runner.linter.watch._sets))

    result = runner.lint(progress=count)
    assert len(result.files) == 200 and len(live) == 200 and len(runner.linters) == 41
    assert max(live) == 1  # the root in flight, never the 199 before it
    assert runner.linter.watch.active and max(sets) == max(sets[:2]), sets  # flat
    assert [d.code for d in result.diagnostics] == ["CL101"] * 200  # and every one checked
    for linter in runner.linters:
        assert len(linter.store._loaded) <= 1 and len(linter.evidence._spans) <= 2
        assert len(linter.evidence._parts) <= 2


def test_a_nested_config_chooses_its_rules_never_what_the_run_decides(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`docs/pyproject.toml` ignores a rule and asks for `fail-on = "never"`: its reports
    take the ignore, while the run's fail level, `--no-suppress` and `--no-hints` hold for
    them as for every report (one run record, nothing copied into the nested settings)."""
    import dataclasses

    from citelint.config.load import Settings

    (tmp_path / ".git").mkdir()
    record = json.dumps({"abstract": "ORR was 45%."})
    report = (
        "<!-- citelint-disable-next-line CL101 -->\nORR was 46% [pmid:1:abstract].\n\n"
        "ORR was 45% [pmid:1].\n\nORR was 45% [pmid:2:abstract].\n"
    )
    for folder in ("docs", "reports"):
        write_file(tmp_path / folder / "sources" / "pubmed" / "1.json", record)
        write_file(tmp_path / folder / "sources" / "pubmed" / "2.json", '{"abstract": "No."}')
        write_file(tmp_path / folder / "r.md", report)
    write_file(
        tmp_path / "docs" / "pyproject.toml",
        '[tool.citelint]\nignore = ["CL004"]\nfail-on = "never"\n',
    )
    monkeypatch.chdir(tmp_path)
    settings = Settings(project_root=str(tmp_path), cache_dir=None)
    strict = dataclasses.replace(settings, no_suppress=True, hints=False)
    result = Runner.of(strict, ["."]).lint()
    codes = {(d.path, d.code, d.line) for d in result.diagnostics}
    assert {("docs/r.md", "CL101", 2), ("reports/r.md", "CL101", 2)} <= codes  # not suppressed
    assert ("reports/r.md", "CL004", 4) in codes and ("docs/r.md", "CL004", 4) not in codes
    assert all(not d.suggestions for d in result.diagnostics)  # no hints, nested ones too
    assert result.fail_on == "critical" and result.failed()
    hinted = Runner.of(settings, ["."]).lint()
    shown = {(d.path, d.code, d.line): d for d in hinted.diagnostics}
    assert ("docs/r.md", "CL101", 2) not in shown  # suppressed, as the comment says
    assert shown["docs/r.md", "CL101", 6].suggestions  # where 45% is said: pmid:1


def test_the_same_bytes_whatever_the_workers_cache_and_hints(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Report folders with their own sources roots: `--jobs 1` and `--jobs 2`, the cache
    off, cold and warm, and every report changed over kept repair pieces and answers
    give the same JSON; `--no-hints` gives it without the hints."""
    (tmp_path / ".git").mkdir()
    record = json.dumps({"abstract": "Median PFS was 4.8 months; ORR 45%."})
    for n in range(10):
        saved = tmp_path / "runs" / f"r{n}" / "sources" / "pubmed"
        write_file(saved / "1.json", record)
        write_file(saved / "2.json", '{"abstract": "x"}')
        write_file(
            tmp_path / "runs" / f"r{n}" / "report.md",
            f"ORR was 45% [pmid:2:abstract]. PFS was {n}.8 months [pmid:1:abstract].\n",
        )
    monkeypatch.chdir(tmp_path)
    cache = str(tmp_path / "cache")

    def json_of(*args: str) -> str:
        run(capsys, "runs", "-o", "json:o.json", *args)
        return (tmp_path / "o.json").read_text()

    plain = json_of("--no-cache", "--jobs", "1")
    assert '"suggestions": [{' in plain  # hints were found: the comparison has teeth
    assert json_of("--no-cache", "--jobs", "2") == plain
    assert json_of("--cache-dir", cache) == plain  # cold
    assert json_of("--cache-dir", cache) == plain  # warm
    hintless = json.loads(json_of("--no-cache", "--no-hints"))
    hinted = json.loads(plain)
    for d in hinted["diagnostics"]:
        d["suggestions"], d["nowhere"] = [], []
    assert hintless == hinted
    for n in range(10):  # every report again, its hints from kept pieces and answers
        with open(tmp_path / "runs" / f"r{n}" / "report.md", "a") as report:
            report.write("\nOne more line.\n")
    assert list((tmp_path / "cache" / "repair-1" / "answers").glob("*.jsonl"))
    touched = json_of("--no-cache", "--jobs", "1")
    assert json_of("--cache-dir", cache, "--jobs", "2") == touched
    assert json_of("--cache-dir", cache) == touched


def test_workers_without_a_cache_share_pieces_through_a_folder_of_the_run(
    project: Writer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With no cache, forked workers still share the repair pieces they build, through a
    folder of the run's own (mode 0700) that is gone when the run ends; nothing is kept."""
    import os
    import stat
    import tempfile

    from citelint.config.load import Settings
    from citelint.lint import pool

    record = json.dumps({"abstract": "Median PFS was 4.8 months; ORR 45%."})
    for n in range(12):
        project(f"runs/r{n:02d}/sources/pubmed/1.json", record)
        project(f"runs/r{n:02d}/report.md", f"ORR was {n}% [pmid:1:abstract].\n")
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(scratch))
    monkeypatch.chdir(tmp_path)
    settings = Settings(project_root=str(tmp_path), cache_dir=None)
    runner = Runner.of(settings, [str(tmp_path / "runs")])
    pieces = runner.linter.pieces
    assert pieces.folder is None
    seen: list[tuple[str, int, list[str]]] = []
    in_workers = pool.lint_in_workers

    def watched(*args: object, **kwargs: object):  # type: ignore[no-untyped-def]
        folder = pieces.folder
        assert folder is not None and folder.startswith(str(scratch))
        yield from in_workers(*args, **kwargs)  # type: ignore[arg-type]
        top = os.path.dirname(os.path.dirname(folder))
        seen.append((folder, stat.S_IMODE(os.stat(top).st_mode), os.listdir(folder)))

    monkeypatch.setattr(pool, "lint_in_workers", watched)
    result = runner.lint(jobs=2)
    assert [d.code for d in result.diagnostics] == ["CL101"] * 12  # every one checked
    ((folder, mode, written),) = seen
    assert mode == 0o700 and any(name.endswith(".json") for name in written)  # the workers'
    assert pieces.folder is None and not os.path.exists(folder) and os.listdir(scratch) == []


def test_a_folder_run_lints_a_txt_report_only_when_it_cites(
    project: Writer,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """OpenAI's exports and STORM's articles are `.txt`: linted when citelint reads a
    citation in them; a package list, a note with no citation and citelint's own text
    output are not reports."""
    monkeypatch.chdir(tmp_path)
    project("r/export.txt", "Helios holds 98 qubits [1].\n\n[1] https://x.org/a\n")
    project("r/requirements.txt", "lxml>=5 [1]\n")
    project("r/notes.txt", "Call the lab on 12 May about 40 samples.\n")
    project("r/out.txt", "r/a.md:3:1: CL001 [critical] fact-bearing sentence [pmid:1:abstract]\n")
    code, out, _ = run(capsys, "r", "--no-cache", "--output-format", "concise", "--select", "CL011")
    assert code == 1
    assert out.splitlines()[0].startswith("r/export.txt:1:24: CL011 [critical] unsaved sources")
    assert "requirements" not in out and "notes" not in out and "out.txt" not in out
    project("r/export.txt", "Helios reports a 98-qubit system.\n")  # no citation left
    code, _, err = run(capsys, "r", "--no-cache")
    assert code == 2 and "no reports found (.html, .htm, .md, .markdown, or .txt" in err


def test_an_unsaved_source_no_claim_rests_on_is_a_warning(
    project: Writer,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.chdir(tmp_path)
    project("r.md", "# R\n\nSee the overview [1].\n\n## References\n\n1. https://x.org/a\n")
    code, out, _ = run(capsys, "r.md", "--no-cache", "--output-format", "concise")
    assert code == 0 and out == (
        "r.md:3:18: CL011 [warning] unsaved sources: the one source this report cites "
        "is not saved under the sources root, though no claim rests on it (a warning): "
        "reference [1] (https://x.org/a); `citelint fetch` saves it\n"
    )
    project("r.md", "# R\n\nRates rose to 40% [1].\n\n## References\n\n1. https://x.org/a\n")
    code, out, _ = run(capsys, "r.md", "--no-cache", "--output-format", "concise")
    assert code == 1 and "CL011 [critical]" in out and "so 1 claim cannot be verified" in out
