from __future__ import annotations

import dataclasses
import functools
import os
import shutil
import signal
import sys
from pathlib import Path
from typing import Any

import pytest

from citelint.config.load import Settings
from citelint.lint import pool
from citelint.lint.pool import lint_in_workers
from citelint.lint.runner import Runner
from tests.conftest import linter_of


def _maker(settings: Settings) -> functools.partial[Runner]:
    """What a worker builds its own runner with (picklable)."""
    return functools.partial(Runner.of, settings)


EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def test_workers_return_results_in_the_order_of_the_work(tmp_path: Path) -> None:
    reports = sorted(str(p) for p in (EXAMPLES / "reports").iterdir()) * 3
    settings = Settings(project_root=str(EXAMPLES), cache_dir=None)
    serial = linter_of(settings)
    expected = [serial.lint_file(path) for path in reports]
    work = [(path, None, None) for path in reports]
    assert list(lint_in_workers(work, 2, _maker(settings))) == expected


def test_workers_share_the_result_cache(tmp_path: Path) -> None:
    reports = sorted(str(p) for p in (EXAMPLES / "reports").iterdir())
    settings = dataclasses.replace(
        Settings(project_root=str(EXAMPLES), cache_dir=str(tmp_path)), result_cache=True
    )
    work = [(path, None, None) for path in reports]
    cold = list(lint_in_workers(work, 2, _maker(settings)))
    results = [p for p in tmp_path.rglob("*.json") if "results-" in p.as_posix()]
    kept = [p for p in results if p.parent.name != "deps"]  # not the deps, not repair pieces
    warm = list(lint_in_workers(work, 2, _maker(settings)))
    assert len(kept) == len(reports) and warm == cold


@pytest.mark.skipif(pool._FORK is None, reason="workers are forked on Linux only")
def test_forked_workers_start_from_what_the_parent_already_read(tmp_path: Path) -> None:
    project = tmp_path / "p"
    shutil.copytree(EXAMPLES, project)
    reports = sorted(str(p) for p in (project / "reports").iterdir())
    settings = Settings(project_root=str(project), cache_dir=None)
    warm = Runner.of(settings)
    expected = [warm.lint_file(path, None) for path in reports]
    for saved in (project / "sources").rglob("*.*"):
        saved.write_text("")  # emptied on disk, still loaded in the parent
    work = [(path, None, None) for path in reports]
    assert list(pool.lint_in_workers(work, 2, _maker(settings), warm=warm)) == expected
    cold = list(pool.lint_in_workers(work, 2, _maker(settings)))
    assert cold != expected  # a worker of its own reads the (now empty) sources


def test_a_parallel_run_gives_the_bytes_of_a_serial_one(tmp_path: Path) -> None:
    project = tmp_path / "p"
    shutil.copytree(EXAMPLES, project)
    for i in range(12):
        shutil.copy(project / "reports" / "broken.html", project / "reports" / f"b{i}.html")
    settings = Settings(project_root=str(project), cache_dir=None)
    serial = Runner.of(settings, [str(project / "reports")]).lint(jobs=1)
    parallel = Runner.of(settings, [str(project / "reports")]).lint(jobs=2)
    assert parallel == serial


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the kernel's parent-death signal")
def test_workers_die_with_a_parent_killed_outright(tmp_path: Path) -> None:
    """A parent killed by SIGKILL (out of memory, a cancelled job) leaves no worker waiting
    for work forever. The deadlines detect a hang; they measure no speed."""
    import signal
    import subprocess
    import time

    (tmp_path / ".git").mkdir()
    paragraph = "".join(f"Rate {j % 97}% in arm {j}. " for j in range(6000)) + "\n"
    for i in range(40):
        (tmp_path / "reports").mkdir(exist_ok=True)
        (tmp_path / "reports" / f"r{i}.md").write_text(paragraph)
    cache = tmp_path / "cache"
    command = [sys.executable, "-m", "citelint", "reports", "--jobs", "2", "-q"]
    env = {**os.environ, "CITELINT_CACHE_DIR": str(cache)}
    with subprocess.Popen(command, cwd=tmp_path, env=env, stdout=subprocess.DEVNULL) as proc:
        workers: list[int] = []
        deadline = time.monotonic() + 120
        while proc.poll() is None and time.monotonic() < deadline and len(workers) < 2:
            workers = _children(proc.pid)
            time.sleep(0.05)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    assert len(workers) == 2
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and any(_alive(pid) for pid in workers):
        time.sleep(0.05)
    assert not any(_alive(pid) for pid in workers), "a worker outlived its killed parent"


def _children(parent: int) -> list[int]:
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as handle:
                    fields = handle.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == parent:
                found.append(int(entry))
    return found


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as handle:
            state = handle.read().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def test_where_no_pool_can_start_one_process_lints_it_all(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from citelint.lint import pool

    def no_pool(*args: object, **kwargs: object) -> None:
        raise OSError(38, "Function not implemented")  # no semaphores in this sandbox

    reports = sorted(str(p) for p in (EXAMPLES / "reports").iterdir()) * 3
    settings = Settings(project_root=str(EXAMPLES), cache_dir=None)
    expected = [linter_of(settings).lint_file(path) for path in reports]
    monkeypatch.setattr(pool, "ProcessPoolExecutor", no_pool)
    work = [(path, None, None) for path in reports]
    assert list(pool.lint_in_workers(work, 2, _maker(settings))) == expected


class _Finalized:
    """Ctrl-C arriving while a finalizer runs: CPython prints the KeyboardInterrupt raised
    there as ignored and drops it."""

    def __del__(self) -> None:
        import signal

        os.kill(os.getpid(), signal.SIGINT)
        for _ in range(1000):  # the handler runs here, inside the finalizer
            pass


class _Runner:
    def __init__(self) -> None:
        self.linted: list[str] = []

    def lint_file(self, path: str, config: str | None) -> str:
        self.linted.append(path)
        if path == "b.md":
            _Finalized()  # collected at once: Ctrl-C comes while it is finalized
        return path

    def release(self, config: str | None, root: str | None) -> None:
        pass


def test_ctrl_c_lost_in_a_finalizer_still_stops_the_run(monkeypatch: pytest.MonkeyPatch) -> None:
    import signal

    # as a terminal's Ctrl-C is handled (a suite started in the background by a shell
    # without job control runs with SIGINT ignored)
    restore = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        lost: list[type[BaseException] | None] = []
        monkeypatch.setattr(
            sys, "unraisablehook", lambda unraisable: lost.append(unraisable.exc_type)
        )
        work = [(name, None, None) for name in ("a.md", "b.md", "c.md", "d.md")]
        runner: Any = _Runner()
        assert len(list(pool.serial(work, runner))) == 4
        assert lost == [KeyboardInterrupt]  # dropped by CPython: the run went on to the end
        runner = _Runner()
        with pytest.raises(KeyboardInterrupt), pool.interruptible():
            list(pool.serial(work, runner))
        assert runner.linted == ["a.md", "b.md"]  # stopped after the report it came in
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler  # put back
    finally:
        signal.signal(signal.SIGINT, restore)


@pytest.mark.skipif(not hasattr(signal, "pthread_sigmask"), reason="no signal masks here")
def test_ctrl_c_while_the_workers_are_forked_is_taken_right_after() -> None:
    from citelint.lint.pool import _held_interrupts

    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    reached = []
    try:
        with pytest.raises(KeyboardInterrupt), _held_interrupts():
            os.kill(os.getpid(), signal.SIGINT)
            reached.append("after the signal")  # held: the code that forks goes on
        assert reached == ["after the signal"]
    finally:
        signal.signal(signal.SIGINT, previous)
