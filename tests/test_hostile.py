"""A hostile pull request: everything in the checkout is written by a stranger.

Each case builds a project the way an attacker would and runs citelint under a Python
audit hook that records every `open` and every folder listing. Nothing outside the
case's project folder (and the interpreter's own files) may be touched, no run may exit
2 unless a usage error is expected, and nothing planted may change a verdict.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import socket
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import citelint
from citelint.commands.cli import main
from tests.conftest import write_file as write

_EVENTS = {"open", "os.scandir", "os.listdir"}
_TOUCHED: list[str] | None = None


def _hook(event: str, args: tuple[object, ...]) -> None:
    if _TOUCHED is not None and event in _EVENTS and args and isinstance(args[0], str | bytes):
        path = os.fsdecode(args[0])
        _TOUCHED.append(os.path.abspath(path))


sys.addaudithook(_hook)  # audit hooks cannot be removed; it records only inside `watch`

_INTERPRETER = tuple(
    os.path.realpath(p)
    for p in {
        sys.prefix,
        sys.base_prefix,
        sys.exec_prefix,
        os.path.dirname(os.path.dirname(citelint.__file__)),
    }
)
_SYSTEM_FILES = {"/dev/null", "/dev/urandom", "/etc/localtime"}


@contextlib.contextmanager
def watch() -> Iterator[list[str]]:
    global _TOUCHED
    _TOUCHED = []
    try:
        yield _TOUCHED
    finally:
        _TOUCHED = None


def run(case: Path, *args: str) -> tuple[int, str, list[str]]:
    """citelint in `case`, with what it opened and listed outside the case folder."""
    out, err = io.StringIO(), io.StringIO()
    old = os.getcwd()
    os.chdir(case)
    try:
        with (
            watch() as touched,
            contextlib.redirect_stdout(out),
            contextlib.redirect_stderr(err),
        ):
            code = main(["--no-progress", "--output-format", "concise", *args])
    finally:
        os.chdir(old)
    outside = [p for p in touched if not _allowed(p, case)]
    return code, out.getvalue() + err.getvalue(), outside


def _allowed(path: str, case: Path) -> bool:
    """Judged by the real location: a symlink inside the case may lead outside it."""
    real = os.path.realpath(path)
    if real in _SYSTEM_FILES:
        return True
    cache = os.environ.get("CITELINT_CACHE_DIR", "")
    roots = [os.path.realpath(r) for r in (str(case), cache) if r] + list(_INTERPRETER)
    return any(real == root or real.startswith(root + os.sep) for root in roots)


@pytest.fixture
def case(tmp_path: Path) -> Path:
    """The attacker's checkout (`case/`), a git repository, beside a secret folder."""
    (tmp_path / "case" / ".git").mkdir(parents=True)
    secret = tmp_path / "secret"
    (secret / "pubmed").mkdir(parents=True)
    (secret / "hostname").write_text("Rate 42% everywhere.\n")
    (secret / "pubmed" / "1.json").write_text(json.dumps({"abstract": "Rate 42%."}))
    return tmp_path / "case"


def _refuse_listing(monkeypatch: pytest.MonkeyPatch, folder: Path) -> None:
    """The tests run as root, which ignores permissions: refuse to list `folder` as the
    kernel would refuse an unreadable one."""
    real_scandir = os.scandir
    locked = str(folder)

    def scandir(path: str = ".") -> object:
        if os.path.abspath(os.fspath(path)) == locked:
            raise PermissionError(13, "Permission denied", os.fspath(path))
        return real_scandir(path)

    monkeypatch.setattr(os, "scandir", scandir)


# -- symlinks out of the project ---------------------------------------------------------


def test_symlinked_sources_root_is_cl006(case: Path) -> None:
    (case / "sources").symlink_to(case.parent / "secret")
    write(case / "r.md", "Rate 42% everywhere [evidence:hostname:line:1].\n")
    code, out, outside = run(case, "r.md")
    assert outside == []
    assert code == 1 and "CL006" in out and "leads outside the project" in out
    assert "Rate 42% everywhere." not in out  # the secret's text is never shown


def test_root_symlinked_to_filesystem_root(case: Path) -> None:
    (case / "sources").symlink_to("/")
    write(case / "r.md", "Host 42% [evidence:etc/hostname:line:1].\n")
    code, out, outside = run(case, "r.md", "-o", "html:audit.html")
    assert outside == [] and code == 1 and "CL006" in out
    assert "hostname" not in (case / "audit.html").read_text().split("evidence:etc/hostname")[-1]


def test_symlinked_evidence_folder_is_not_read(case: Path) -> None:
    (case / "sources").mkdir()
    (case / "evidence").symlink_to(case.parent / "secret")
    write(case / "r.md", "Rate 42% everywhere [evidence:hostname:line:1].\n")
    code, out, outside = run(case, "r.md")
    assert outside == [] and code == 1 and "CL006" in out


def test_symlinked_channel_folder_is_never_listed(case: Path) -> None:
    (case / "sources").mkdir()
    (case / "sources" / "pubmed").symlink_to(case.parent / "secret" / "pubmed")
    write(case / "r.md", "# R\n\nRate 42% [pmid:1:abstract].\n")
    code, out, outside = run(case, "r.md")
    assert outside == [] and code == 1 and "CL006" in out


def test_symlinked_report_outside_the_project_is_not_read(case: Path) -> None:
    write(case / "reports" / "real.md", "Nothing to see.\n")
    (case / "reports" / "link.md").symlink_to(case.parent / "secret" / "hostname")
    code, out, outside = run(case, "reports")
    assert outside == [] and code == 1
    assert "reports/link.md:1:1: CL902" in out and "42%" not in out
    code, out, outside = run(case, "reports/link.md")  # as pre-commit would pass it
    assert outside == [] and code == 1 and "CL902" in out


def test_config_paths_must_stay_in_the_project(case: Path) -> None:
    write(case / "r.md", "Nothing to see.\n")
    for key, value in (
        ("sources", "../secret"),
        ("evidence-roots", ["../secret"]),
        ("include", ["../secret/**"]),
    ):
        write(case / ".citelint.toml", f"{key} = {json.dumps(value)}\n")
        code, out, outside = run(case, "r.md")
        assert code == 2 and key in out and outside == [], (key, out)
    (case / "inside").symlink_to(case.parent / "secret")
    write(case / ".citelint.toml", 'sources = "inside"\n')
    code, out, outside = run(case, "r.md")
    assert code == 2 and "leads outside the project root" in out and outside == []
    # the command line may point anywhere
    (case / ".citelint.toml").unlink()
    write(case / "r2.md", "Rate 42% [pmid:1:abstract].\n")
    code, out, outside = run(case, "r2.md", "--sources", str(case.parent / "secret"))
    assert code == 0, out


def test_planted_config_files_are_read_only_as_small_regular_files(case: Path) -> None:
    write(case / "r.md", "Nothing to see.\n")
    (case / ".citelint.toml").symlink_to(case.parent / "secret" / "hostname")
    code, out, outside = run(case, "r.md")
    assert code == 2 and "is a symlink" in out and outside == []
    (case / ".citelint.toml").unlink()
    os.mkfifo(case / ".citelint.toml")  # never waited on
    code, out, outside = run(case, "r.md")
    assert code == 2 and "FIFO" in out and outside == []
    (case / ".citelint.toml").unlink()
    write(case / ".citelint.toml", "# " + "x" * (2 * 1024 * 1024) + "\n")
    code, out, _ = run(case, "r.md")
    assert code == 2 and "over the config size cap" in out
    (case / ".citelint.toml").unlink()
    (case / "pyproject.toml").symlink_to(case.parent / "secret" / "hostname")
    code, _, outside = run(case, "r.md")  # a symlinked pyproject.toml is not citelint's
    assert code == 0 and outside == []


# -- a cache the pull request cannot write -------------------------------------------


def _pdf(text: str) -> bytes:
    from pypdf import PdfWriter
    from pypdf.generic import DecodedStreamObject, DictionaryObject, NameObject

    writer = PdfWriter()
    page = writer.add_blank_page(300, 300)
    font = DictionaryObject(
        {
            NameObject("/Type"): NameObject("/Font"),
            NameObject("/Subtype"): NameObject("/Type1"),
            NameObject("/BaseFont"): NameObject("/Helvetica"),
        }
    )
    page[NameObject("/Resources")] = DictionaryObject(
        {NameObject("/Font"): DictionaryObject({NameObject("/F1"): font})}
    )
    stream = DecodedStreamObject()
    stream.set_data(f"BT /F1 12 Tf 20 200 Td ({text}) Tj ET".encode())
    page[NameObject("/Contents")] = writer._add_object(stream)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def _cache_key(data: bytes) -> str:
    from citelint.sources.text_cache import TextCache

    return os.path.basename(TextCache("x")._path(data))


def test_planted_cache_entries_change_nothing(case: Path) -> None:
    pdf = _pdf("Median survival was 11 months.")
    write(case / "sources" / "guidelines" / "G.pdf", pdf)
    write(case / "r.md", "Median survival was 99 months [guideline:G:page:1].\n")
    planted = case / ".citelint_cache"
    write(planted / _cache_key(pdf), json.dumps(["Median survival was 99 months."]))
    code, out, outside = run(case, "r.md")
    assert outside == [] and code == 1 and "CL101" in out  # the planted text is not used
    write(case / ".citelint.toml", 'cache-dir = ".citelint_cache"\n')
    code, out, outside = run(case, "r.md")
    assert code == 1 and "CL101" in out and "cache-dir' is ignored" in out


@pytest.mark.parametrize("entry", ["fifo", "zero", "text"])
def test_cache_entries_read_only_as_regular_files(case: Path, entry: str) -> None:
    pdf = _pdf("Median survival was 11 months.")
    write(case / "sources" / "guidelines" / "G.pdf", pdf)
    write(case / "r.md", "Median survival was 11 months [guideline:G:page:1].\n")
    cache = case.parent / "cache"
    cache.mkdir()
    target = cache / _cache_key(pdf)
    if entry == "fifo":
        os.mkfifo(target)
    elif entry == "zero":
        target.symlink_to("/dev/zero")
    else:
        target.write_text(json.dumps({"not": "pages"}))
    code, out, outside = run(case, "r.md", "--cache-dir", str(cache))
    assert code == 0, out  # a miss: the PDF is read again, the true claim passes
    assert all(not p.startswith("/dev/zero") for p in outside)


def test_symlinked_cache_folder_is_not_written(case: Path) -> None:
    pdf = _pdf("Median survival was 11 months.")
    write(case / "sources" / "guidelines" / "G.pdf", pdf)
    write(case / "r.md", "Median survival was 11 months [guideline:G:page:1].\n")
    elsewhere = case.parent / "elsewhere"
    elsewhere.mkdir()
    (case / "cachelink").symlink_to(elsewhere)
    code, _out, _ = run(case, "r.md", "--cache-dir", "cachelink")
    assert code == 0 and list(elsewhere.iterdir()) == []


@pytest.mark.parametrize("failure", [OSError(28, "No space left on device"), KeyboardInterrupt()])
def test_failed_cache_write_leaves_no_temporary_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, failure: BaseException
) -> None:
    from citelint.sources import text_cache as cache_module

    def rename(*args: object, **kwargs: object) -> None:
        raise failure  # after the temporary file is written, before it is renamed

    monkeypatch.setattr(os, "replace", rename)
    cache = cache_module.TextCache(str(tmp_path / "c"))
    with contextlib.suppress(KeyboardInterrupt):
        cache.put(b"pdf", ("page",))
    assert [p.name for p in (tmp_path / "c").iterdir()] == []


# -- malformed sources are CL007 for their claims, not a crash ----------------------------

MALFORMED = [
    ("bioc/X.json", "bioc:X:abstract", '{"PubTator3": ["x"]}'),
    ("bioc/X.json", "bioc:X:abstract", '{"documents": [{"id": "X", "passages": 5}]}'),
    ("europepmc/X.json", "europepmc:X:abstract", '{"resultList": []}'),
    ("pubmed/1.json", "pmid:1:abstract", '{"abstract": ' + "9" * 5000 + "}"),
    ("guidelines/G.md", "guideline:G:sec", "# sec\nRate 42%.\n"),
]


@pytest.mark.parametrize(("rel", "anchor", "content"), MALFORMED)
def test_malformed_sources_cost_one_finding(
    case: Path, rel: str, anchor: str, content: str
) -> None:
    write(case / "sources" / rel, content)
    if rel.startswith("guidelines"):
        write(case / "sources" / "guidelines" / "G.toc.json", '{"sec": {"start_line": Infinity}}')
    write(case / "r.md", f"Rate 42% [{anchor}].\n\nAnother 7% with no anchor.\n")
    code, out, outside = run(case, "r.md")
    assert outside == [] and code == 1, out
    # the shape is unreadable (CL007) or holds no such section (CL003); the run goes on
    assert ("CL007" in out or "CL003" in out) and "CL001" in out and "CL903" not in out


def test_symlink_loop_and_unreadable_channel_folder(
    case: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (case / "sources" / "pubmed").mkdir(parents=True)
    (case / "sources" / "pubmed" / "1.json").symlink_to("1.json")  # a loop onto itself
    write(case / "r.md", "# R\n\nRate 42% [pmid:1:abstract].\n")
    code, out, outside = run(case, "r.md")
    assert outside == [] and code == 1 and "CL007" in out and "CL903" not in out
    write(case / "sources" / "trials" / "NCT1.json", "{}")
    _refuse_listing(monkeypatch, case / "sources" / "trials")
    code, out, _ = run(case, "r.md")
    assert code == 1 and "CL903" not in out  # an unlistable channel counts no files


@pytest.mark.parametrize("what", ["fifo", "socket", "folder"])
def test_special_files_are_cl007_and_never_opened(case: Path, what: str) -> None:
    target = case / "sources" / "pubmed" / "1.json"
    target.parent.mkdir(parents=True)
    if what == "fifo":
        os.mkfifo(target)
    elif what == "socket":
        with socket.socket(socket.AF_UNIX) as sock:
            sock.bind(str(target))
    else:
        target.mkdir()
    write(case / "r.md", "Rate 42% [pmid:1:abstract].\n")
    code, out, _ = run(case, "r.md")
    assert code == 1 and "CL007" in out and "not a source file" in out
    with watch() as touched:
        run(case, "r.md")
    assert str(target) not in touched


def test_fifo_report_is_cl902(case: Path) -> None:
    os.mkfifo(case / "pipe.md")
    write(case / "ok.md", "Nothing to see.\n")
    code, out, _ = run(case, ".")
    assert code == 1 and "pipe.md:1:1: CL902" in out and "FIFO" in out


def test_unreadable_report_folder_is_cl902(case: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    write(case / "reports" / "ok.md", "Nothing to see.\n")
    write(case / "reports" / "locked" / "hidden.md", "Rate 42%.\n")
    _refuse_listing(monkeypatch, case / "reports" / "locked")
    code, out, _ = run(case, "reports")
    assert code == 1 and "reports/locked:1:1: CL902" in out and "Permission denied" in out


# -- caps ------------------------------------------------------------------------------


def test_caps_are_findings_that_name_the_cap(case: Path) -> None:
    write(case / "sources" / "guidelines" / "A.md", "Rate 42%.\n" * 50)
    write(case / "sources" / "guidelines" / "B.md", "Rate 42%.\n" * 50)
    write(case / "r.md", "Rate 42% [guideline:A:line:1].\n\nRate 42% [guideline:B:line:1].\n")
    write(case / ".citelint.toml", "max-total-source-bytes = 600\n")
    code, out, _ = run(case, "r.md")
    assert code == 1 and "CL007" in out and "max-total-source-bytes" in out
    pdf = _pdf("Median survival was 11 months.")
    write(case / "sources" / "guidelines" / "P.pdf", pdf)
    write(case / "p.md", "Median survival was 11 months [guideline:P:page:1].\n")
    write(case / ".citelint.toml", "max-pdf-pages = 0\n")
    code, out, _ = run(case, "p.md")
    assert code == 1 and "over max-pdf-pages (0)" in out


# -- interrupts ---------------------------------------------------------------------------


def test_ctrl_c_stops_the_workers_and_exits_130(tmp_path: Path) -> None:
    import functools
    import signal
    import subprocess
    import time

    (tmp_path / ".git").mkdir()
    paragraph = "".join(f"Rate {j % 97}% in arm {j}. " for j in range(6000)) + "\n"
    for i in range(80):  # minutes of work for two workers: the run is interrupted midway
        write(tmp_path / "reports" / f"r{i}.md", paragraph)
    cache = tmp_path / "cache"
    command = [sys.executable, "-m", "citelint", "reports", "--jobs", "2", "-q"]
    env = {**os.environ, "CITELINT_CACHE_DIR": str(cache)}
    # Ctrl-C as a terminal sends it: a suite started in the background by a shell
    # without job control runs with SIGINT ignored, and a child would inherit that
    default = functools.partial(signal.signal, signal.SIGINT, signal.SIG_DFL)
    with subprocess.Popen(
        command,
        cwd=tmp_path,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        preexec_fn=default,
    ) as proc:
        # Interrupt once the run is under way (its first results are kept), however slow
        # the machine; the deadlines below detect a hang, they measure no speed.
        deadline = time.monotonic() + 120
        while proc.poll() is None and time.monotonic() < deadline:
            if (cache / "results-1").is_dir() and any((cache / "results-1").rglob("*.json")):
                break
            time.sleep(0.05)
        proc.send_signal(signal.SIGINT)
        try:
            _, err = proc.communicate(timeout=60)
        finally:
            proc.kill()
    assert proc.returncode == 130 and b"interrupted" in err
    assert not cache.exists() or not list(cache.glob("*.tmp"))


# -- git never runs a planted repository ---------------------------------------------------


def _plant_repository(folder: Path, marker: Path) -> None:
    """What a pull request can commit: a folder git would take for a bare repository
    whose config runs a command on every `git ls-files`."""
    (folder / "objects").mkdir(parents=True)
    (folder / "refs" / "heads").mkdir(parents=True)
    write(folder / "HEAD", "ref: refs/heads/main\n")
    write(
        folder / "config",
        f"[core]\n\trepositoryformatversion = 0\n\tbare = false\n\tworktree = .\n"
        f'\tfsmonitor = "touch {marker}; false"\n\thooksPath = .\n',
    )


@pytest.mark.parametrize(
    ("cwd", "args"),
    [
        ("docs", ["r.md"]),  # the project root is docs/ (its pyproject.toml)
        (".", ["--config", "docs/pyproject.toml", "docs/r.md"]),  # the README's pinning
        (".", ["docs/r.md"]),  # the nested config of a report
    ],
)
def test_planted_repository_config_runs_no_command(case: Path, cwd: str, args: list[str]) -> None:
    import subprocess

    (case / ".git").rmdir()
    subprocess.run(["git", "init", "-q", str(case)], check=True)
    marker = case.parent / "MARKER"
    _plant_repository(case / "docs", marker)
    write(case / "docs" / "pyproject.toml", '[tool.citelint]\nselect = ["CL"]\n')
    write(case / "docs" / "r.md", "# R\n\nNothing to see.\n")
    write(case / ".gitignore", "build/\n")
    write(case / "docs" / "build" / "b.md", "The rate was 12%.\n")  # ignored: never linted
    code, out, _ = run(case / cwd, "--no-cache", *args)
    assert not marker.exists(), "git ran the planted repository's command"
    assert code == 0, out
    code, out, _ = run(case, "--no-cache", "docs")
    assert not marker.exists() and code == 0 and "b.md" not in out


# -- nothing is written through a planted symlink -------------------------------------------


def test_output_file_planted_as_a_symlink_is_replaced_not_followed(case: Path) -> None:
    victim = case.parent / "secret" / "victim.txt"
    victim.write_text("precious\n")
    (case / "citelint.sarif").symlink_to(victim)  # the Action's default output path
    write(case / "r.md", "# R\n\nNothing to see.\n")
    code, out, _ = run(case, "r.md", "-o", "sarif:citelint.sarif", "--summary-file", "s.md")
    assert code == 0, out
    assert victim.read_text() == "precious\n"
    assert not (case / "citelint.sarif").is_symlink()
    assert json.loads((case / "citelint.sarif").read_text())["version"] == "2.1.0"
    (case / "s2.md").symlink_to(victim)
    code, out, _ = run(case, "r.md", "--summary-file", "s2.md")
    assert code == 2 and "cannot write s2.md" in out and victim.read_text() == "precious\n"


def test_symlinked_folder_inside_the_audit_dir_is_refused(case: Path) -> None:
    outside = case.parent / "secret" / "drop"
    outside.mkdir()
    (case / "audit").mkdir()
    (case / "audit" / "reports").symlink_to(outside)
    write(case / "reports" / "r.md", "# R\n\nNothing to see.\n")
    code, out, _ = run(case, "reports", "--audit-dir", "audit")
    assert code == 2 and "cannot write to --audit-dir audit" in out
    assert list(outside.iterdir()) == []
    (case / "auditlink").symlink_to(outside)
    code, out, _ = run(case, "reports", "--audit-dir", "auditlink")
    assert code == 2 and list(outside.iterdir()) == []


def test_fix_never_edits_through_a_symlinked_report(case: Path) -> None:
    import shutil

    from tests.conftest import FIXES

    shutil.copytree(FIXES / "sources", case / "sources")
    protected = case / "docs" / "protected.md"
    protected.parent.mkdir()
    shutil.copy(FIXES / "locator.before.md", protected)
    before = protected.read_bytes()
    (case / "reports").mkdir()
    (case / "reports" / "link.md").symlink_to("../docs/protected.md")
    (case / "linked").symlink_to("docs")
    for target in ("reports", "linked/protected.md"):
        _code, out, _ = run(case, "--fix", target)
        assert protected.read_bytes() == before, target
        assert "fixed 0," in out
    _code, out, _ = run(case, "--fix", "docs")  # the report at its own path is fixed
    assert protected.read_bytes() != before and "fixed 1," in out


# -- confinement before existence: nothing outside answers --------------------------------


def _codes(out: str) -> list[str]:
    return sorted(w for line in out.splitlines() for w in line.split() if w.startswith("CL"))


@pytest.mark.parametrize(
    ("link", "target", "anchors"),
    [
        ("sources/evidence", "/", ("[evidence:etc/hostname:line:1]", "[evidence:etc/nope:line:1]")),
        ("sources/pubmed", "secret/pubmed", ("[pmid:1:abstract]", "[pmid:2:abstract]")),
    ],
)
def test_an_escaping_folder_answers_the_same_whether_or_not_the_file_exists(
    case: Path, link: str, target: str, anchors: tuple[str, str]
) -> None:
    (case / "sources").mkdir()
    (case / link).symlink_to(target if target == "/" else case.parent / target)
    seen = []
    for anchor in anchors:
        write(case / "r.md", f"# R\n\nRate 42% {anchor}.\n")
        code, out, outside = run(case, "--no-cache", "r.md")
        assert outside == [] and code == 1 and "CL006" in out and "CL002" not in out
        seen.append(_codes(out))
    assert seen[0] == seen[1]


def test_escaping_and_broken_url_indexes_are_findings(case: Path) -> None:
    (case / "sources").mkdir()
    elsewhere = case.parent / "secret" / "web"
    elsewhere.mkdir()
    write(elsewhere / "index.json", json.dumps({"https://x.org/p": "p.html"}))
    (case / "sources" / "web").symlink_to(elsewhere)
    write(case / "r.md", "# R\n\nRate 42% ([x](https://x.org/p)).\n")
    code, out, outside = run(case, "--no-cache", "r.md")
    assert outside == [] and code == 1 and "CL006" in out and "CL011" not in out
    (case / "sources" / "web").unlink()
    (case / "sources" / "url_to_info.json").symlink_to(case.parent / "secret" / "hostname")
    code, out, _ = run(case, "--no-cache", "r.md")
    assert code == 1 and "CL006" in out and "url_to_info.json leads outside" in out
    (case / "sources" / "url_to_info.json").unlink()
    write(case / "sources" / "url_to_info.json", '{"url_to_info": ')
    code, out, _ = run(case, "--no-cache", "r.md")
    assert code == 1 and "CL007" in out and "url_to_info.json is not valid JSON" in out
    assert "CL011" not in out


def test_a_capped_doi_look_up_is_a_finding(case: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from citelint.read.citations import lookup

    monkeypatch.setattr(lookup, "MAX_LISTED_RECORDS", 2)
    for pmid in (1, 2, 3):
        write(
            case / "sources" / "pubmed" / f"{pmid}.json",
            json.dumps({"abstract": "Rate 42%.", "title": f"T{pmid}"}),
        )
    write(case / "r.md", "# R\n\nRate 42% (doi:10.1000/xyz).\n")
    code, out, _ = run(case, "--no-cache", "r.md")
    assert code == 1 and "CL007" in out
    assert "in only the first 2 of 3 saved records (the look-up cap)" in out


# -- the gate cannot be talked out of failing ------------------------------------------------

_GATE = ("--select", "CL", "--fail-on", "critical", "--no-cache")


@pytest.mark.parametrize(
    ("planted", "where"),
    [
        ('[tool.citelint.rules.CL101]\nseverity = "info"\n', "pyproject.toml"),
        ('[tool.citelint]\nignore = ["CL101"]\n', "pyproject.toml"),
        ('appendix-headings = ["Results"]\n', ".citelint.toml"),
        ("<!-- citelint-disable-file CL101 -->\n", "report"),
        ("<!-- citelint-disable-next-line CL101 -->\n", "report"),
    ],
)
def test_isolated_ignores_every_planted_config_and_suppression(
    case: Path, planted: str, where: str
) -> None:
    write(case / "sources" / "guidelines" / "G.md", "# Results\n\nThe rate was 42%.\n")
    report = "# Results\n\nThe rate was 43% [guideline:G:line:3].\n"
    if where == "report":
        report = report.replace("The rate", planted + "The rate")
    else:
        write(case / where, planted)
    write(case / "reports" / "r.md", report)
    trusted = case.parent / "base" / "citelint.toml"  # the base branch's, out of reach
    write(trusted, 'select = ["CL"]\n')
    code, out, _ = run(case, *_GATE, "reports")
    assert code == 0, out  # what the planted file does without --isolated
    code, out, _ = run(case, *_GATE, "--isolated", "--config", str(trusted), "reports")
    assert code == 1 and "reports/r.md:" in out and "CL101" in out, out
    code, out, _ = run(case, *_GATE, "--isolated", "reports")  # the defaults alone
    assert code == 1 and "CL101" in out, out


def test_isolated_ignores_a_planted_cap(case: Path) -> None:
    write(case / "r.md", "# R\n\nNothing to see here at all.\n")
    write(case / ".citelint.toml", "max-report-bytes = 10\n")
    code, out, _ = run(case, "--no-cache", "r.md")
    assert code == 1 and "over max-report-bytes (10)" in out
    code, out, _ = run(case, "--no-cache", "--isolated", "r.md")
    assert code == 0, out


def test_isolated_takes_the_trusted_configs_folders_in_the_linted_project(case: Path) -> None:
    write(case / "data" / "guidelines" / "G.md", "The rate was 42%.\n")
    write(case / "r.md", "The rate was 42% [guideline:G:line:1].\n")
    trusted = case.parent / "base" / "citelint.toml"
    write(trusted, 'sources = "data"\n')
    code, out, outside = run(case, "--isolated", "--config", str(trusted), "--no-cache", "r.md")
    assert code == 0 and "0 supported" not in out, out
    assert [p for p in outside if not p.startswith(str(trusted))] == []


# -- digit runs that Python's int() refuses are findings, never a crash ----------------------

_RUN = "1" * 5000  # past the 4,300 digits int() takes


@pytest.mark.parametrize(
    "report",
    [
        f"Rate 12 per {_RUN} [guideline:G:line:1].\n",
        f"Rate 42% [guideline:G:line:{_RUN}].\n",
        f"Rate 42% [guideline:G:L{_RUN}].\n",
        f"Median survival was 11 months [guideline:P:page:{_RUN}].\n",
        f"Median survival was 11 months [guideline:P:page:1:lines:{_RUN}].\n",
        f"Rate 42% [nct:NCT00000001:protocolSection.{_RUN}].\n",
        f"Rate 42% [nct:NCT00000001:list.{_RUN}].\n",
    ],
)
def test_unbounded_digit_runs_never_crash(case: Path, report: str) -> None:
    write(case / "sources" / "guidelines" / "G.md", f"Rate 42%.\nRate 12 per {_RUN}.\n")
    write(case / "sources" / "guidelines" / "P.pdf", _pdf("Median survival was 11 months."))
    write(case / "sources" / "trials" / "NCT00000001.json", json.dumps({"list": [1]}))
    write(case / "r.md", "# R\n\n" + report)
    code, out, _ = run(case, "--no-cache", "r.md")
    assert code == 1 and "CL903" not in out, out[-400:]
    write(case / "s.md", "# R\n\nRate 42% [guideline:G:line:1].\n")  # the source's run
    code, out, _ = run(case, "--no-cache", "s.md", "--shard", f"1/{_RUN}")
    assert code == 2 and "--shard 1/111" in out and "Traceback" not in out


def test_every_cache_file_replaced_by_a_folder_is_a_miss(case: Path) -> None:
    write(case / "sources" / "guidelines" / "G.pdf", _pdf("Median survival was 11 months."))
    write(case / "sources" / "guidelines" / "T.md", "Rate 42%.\n")
    write(case / "p.md", "# R\n\nMedian survival was 11 months [guideline:G:page:1].\n")
    write(case / "r.md", "# R\n\nRate 42% [guideline:T:line:1].\n")
    cache = case.parent / "cache"
    first = run(case, "p.md", "r.md", "--cache-dir", str(cache))
    files = [p for p in cache.rglob("*") if p.is_file()]
    assert {p.parent.name for p in files} >= {"deps"} and any("pdf-" in p.name for p in files)
    for path in files:  # results, dependency lists, PDF text: each a folder now
        path.unlink()
        path.mkdir()
    again = run(case, "p.md", "r.md", "--cache-dir", str(cache))
    assert first[:2] == again[:2] and again[0] == 0


# -- the same answer whatever ran before ------------------------------------------------------


def test_fix_lints_again_with_the_same_baseline_and_shard(case: Path) -> None:
    import shutil

    from citelint.ground.places import in_shard
    from tests.conftest import FIXES

    shutil.copytree(FIXES / "sources", case / "sources")
    shutil.copy(FIXES / "locator.before.md", case / "fixme.md")
    shard = next(k for k in (1, 2) if in_shard("fixme.md", (k, 2)))
    names = [f"o{i}.md" for i in range(12)]
    known = next(n for n in names if in_shard(n, (shard, 2)))
    for name in names:
        write(case / name, "# O\n\nThe rate was 66%.\n")  # CL001 each
    common = ("--no-cache", "--ignore", "CL301")
    run(case, *common, "--write-baseline", "base.json", known)
    args = (*common, "--baseline", "base.json", "--shard", f"{shard}/2", "fixme.md", *names)
    code, out, _ = run(case, "--fix", *args)
    code_after, after, _ = run(case, *args)  # what a plain run says is left
    left = after.count(": CL")
    assert f"fixed 1, {left} remaining" in out, out
    assert f"{known}:" not in out and f"{known}:" not in after  # the baseline still hides it
    outside = [n for n in names if not in_shard(n, (shard, 2))]
    assert all(f"{n}:" not in out for n in outside)  # the shard is still the shard
    assert left == len([n for n in names if n not in outside]) - 1 and code == code_after


# -- globs: linear, and never through a symlinked folder ------------------------------------


def test_globbed_paths_never_enter_symlinked_folders(case: Path) -> None:
    write(case / "reports" / "a.md", "# A\n\nNothing to see.\n")
    (case / "reports" / "out").symlink_to(case.parent / "secret")
    write(case.parent / "secret" / "s.md", "Rate 42% everywhere.\n")
    (case / "reports" / "self1").symlink_to(".")
    (case / "reports" / "self2").symlink_to(".")
    code, out, outside = run(case, "--no-cache", "--output-format", "text", "reports/**/*.md")
    assert outside == [] and code == 0 and "in 1 file" in out, out


def test_a_config_glob_of_many_double_stars_on_a_deep_path(case: Path) -> None:
    deep = case / "/".join(["d"] * 60)
    write(deep / "r.md", "# R\n\nNothing to see.\n")
    write(case / ".citelint.toml", "exclude = ['" + "/".join(["**"] * 12) + "/x/*.nope']\n")
    code, out, _ = run(case, "--no-cache", "--output-format", "text", ".")
    assert code == 0 and "in 1 file" in out, out


def test_pages_sharing_one_content_stream_are_refused_before_extraction(case: Path) -> None:
    from pypdf import PdfWriter
    from pypdf.generic import DecodedStreamObject, NameObject

    writer = PdfWriter()
    stream = DecodedStreamObject()
    stream.set_data(b"BT 20 200 Td (Rate 42%) Tj ET\n" * 400)  # 12 KB, drawn on every page
    shared = writer._add_object(stream)
    for _ in range(400):
        writer.add_blank_page(300, 300)[NameObject("/Contents")] = shared
    data = io.BytesIO()
    writer.write(data)
    assert len(data.getvalue()) < 200_000
    write(case / "sources" / "guidelines" / "P.pdf", data.getvalue())
    write(case / "r.md", "# R\n\nRate 42% [guideline:P:page:1].\n")
    code, out, _ = run(case, "--no-cache", "r.md")
    assert code == 1 and "CL007" in out and "bytes of page content" in out, out


def _three_reports_with_hints(case: Path) -> list[str]:
    write(
        case / "sources" / "pubmed" / "1.json", json.dumps({"abstract": "The OR was 0.5 in 2015."})
    )
    write(case / "sources" / "pubmed" / "2.json", json.dumps({"abstract": "Nothing here."}))
    write(case / "reports" / "a.md", "# A\n\nThe OR was 0.5 [pmid:2:abstract].\n")
    write(case / "reports" / "b.md", "# B\n\nIn 2015 the OR was 0.5 [pmid:2:abstract].\n")
    write(case / "reports" / "c.md", "# C\n\nThe HR was 0.7 in 2015 [pmid:2:abstract].\n")
    return ["reports/a.md", "reports/b.md", "reports/c.md"]


def _three_reports_at_the_total_cap(case: Path) -> list[str]:
    for name in "ABC":
        write(case / "sources" / "guidelines" / f"{name}.md", "Rate 42%.\n" * 30)
    write(case / ".citelint.toml", "max-total-source-bytes = 500\n")  # one and a half
    for i, pair in enumerate(("AB", "BC", "CA")):
        body = "".join(f"Rate 42% [guideline:{g}:line:1].\n\n" for g in pair)
        write(case / "reports" / f"r{i}.md", f"# R\n\n{body}")
    return ["reports/r0.md", "reports/r1.md", "reports/r2.md"]


@pytest.mark.parametrize("make", [_three_reports_with_hints, _three_reports_at_the_total_cap])
def test_output_is_the_same_bytes_whatever_the_run(case: Path, make: object) -> None:
    import subprocess

    files = make(case)  # type: ignore[operator]
    cache = case.parent / "cache"

    def lint(*args: str, cwd: Path = case, seed: str = "0", paths: list[str] = files) -> bytes:
        env = {**os.environ, "PYTHONHASHSEED": seed, "CITELINT_CACHE_DIR": str(cache)}
        command = [sys.executable, "-m", "citelint", "--no-progress", "--output-format", "json"]
        done = subprocess.run(
            [*command, *args, *paths], cwd=cwd, env=env, capture_output=True, check=False
        )
        assert done.returncode == 1, done.stderr
        return done.stdout

    reference = lint("--no-cache", "--jobs", "1")
    assert b'"CL' in reference
    variants = {
        "jobs 2": lint("--no-cache", "--jobs", "2"),
        "hash seed": lint("--no-cache", "--jobs", "1", seed="12345"),
        "cache cold": lint("--jobs", "2"),
        "cache warm": lint("--jobs", "1"),
        "order": lint("--no-cache", paths=files[::-1]),
        "cwd": lint("--no-cache", cwd=case / "reports", paths=[f[8:] for f in files]),
    }
    assert {name: out for name, out in variants.items() if out != reference} == {}
    alone = [json.loads(lint("--no-cache", paths=[f]))["diagnostics"] for f in files]
    together = json.loads(reference)["diagnostics"]
    assert [d for ds in alone for d in ds] == together  # no report depends on another
