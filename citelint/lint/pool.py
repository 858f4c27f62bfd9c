"""Parallel runs: reports linted by worker processes, results back in input order; one
process lints them all where no pool can be started.

On Linux the workers are forked from the parent's warm runner (what it already loaded and
indexed is shared, not read again); elsewhere each builds its own from the run record and settings.
`map` returns results in the order of the work, so the output is the same bytes whatever
the number of workers. Ctrl-C is the parent's: it cancels what waits and terminates what
runs; a parent killed outright takes its workers with it (Linux).
"""

from __future__ import annotations

import contextlib
import ctypes
import multiprocessing
import os
import signal
import sys
import threading
from collections.abc import Callable, Generator, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Protocol

from citelint.outputs.result import FileResult


class _Runner(Protocol):
    def lint_file(self, path: str, config: str | None) -> FileResult: ...

    def release(self, config: str | None, root: str | None) -> None: ...


Item = tuple[str, str | None, str | None]  # a report, its config, its sources root


def lint_in_workers(
    work: Sequence[Item],
    jobs: int,
    make: Callable[[], _Runner],
    warm: _Runner | None = None,
) -> Generator[FileResult, None, None]:
    """Results of `work` in its order. Where processes are forked, the workers start as
    copies of `warm` (a runner that already loaded and indexed the sources the first
    reports needed), so no worker reads and indexes them again; elsewhere each worker
    builds its own with `make` (picklable: the run record and settings it is made of).
    Work comes grouped by sources root and in chunks: a worker lets a root go when its
    next report is another root's."""
    global _WORKER
    chunk = max(1, len(work) // (jobs * 4))
    context = _FORK if warm is not None else None
    _WORKER = warm if context is not None else None  # what a forked worker starts from
    done = 0
    executor: ProcessPoolExecutor | None = None
    try:
        with _held_interrupts():
            executor = ProcessPoolExecutor(
                jobs,
                mp_context=context,
                initializer=_init_worker,
                initargs=(make, os.getpid()),
            )
            results = executor.map(_lint_in_worker, work, chunksize=chunk)
    except KeyboardInterrupt:  # while the workers start: none is left waiting for work
        if executor is not None:
            _stop(executor)
        raise
    except (OSError, BrokenProcessPool):
        # no pool on this machine (no semaphores, no /dev/shm, a sandbox): one process
        # lints it all, the same results in the same order
        _WORKER = None
        yield from serial(work, warm or make())
        return
    try:
        for result in results:
            done += 1
            _check_interrupt()
            yield result
    except BrokenProcessPool:
        if done:
            raise  # a worker died mid-run: a crash, never a silent retry
        _stop(executor)
        _WORKER = None
        yield from serial(work, warm or make())
        return
    except BaseException:  # Ctrl-C, or the consumer stopped (GeneratorExit)
        _stop(executor)
        raise
    finally:
        _WORKER = None
    executor.shutdown()


@contextlib.contextmanager
def _held_interrupts() -> Iterator[None]:
    """Ctrl-C waits while the workers are forked, and is taken right after: one landing in
    the interpreter's own fork handlers (logging's lock) is printed as ignored, and the
    run stopped only at its next report, a second later."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def serial(work: Sequence[Item], runner: _Runner) -> Generator[FileResult, None, None]:
    """Results of `work` (grouped by root) in one process: a sources root is let go after
    its last report, so memory holds the roots in flight, not the run's."""
    last: tuple[str | None, str | None] | None = None
    for path, config, root in work:
        if last is not None and last != (config, root):
            runner.release(*last)
        last = (config, root)
        result = runner.lint_file(path, config)
        _check_interrupt()
        yield result


@contextlib.contextmanager
def interruptible() -> Iterator[None]:
    """Ctrl-C stops the run even when CPython loses it. The KeyboardInterrupt of a
    SIGINT is raised in whatever Python code runs at that moment, and one raised inside
    a finalizer (a generator closed by the collector, a weakref callback) is printed as
    ignored and dropped; the run would then go on to the end. So the signal is also
    remembered, and the run checks after every report whether one came."""
    if threading.current_thread() is not threading.main_thread():
        yield  # only the main thread receives signals: nothing to guard
        return
    previous = signal.getsignal(signal.SIGINT)
    if previous is not signal.default_int_handler:
        yield  # the caller handles Ctrl-C its own way
        return

    def remember(signum: int, frame: object) -> None:
        _INTERRUPTED.append(signum)
        raise KeyboardInterrupt

    signal.signal(signal.SIGINT, remember)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
        _INTERRUPTED.clear()


_INTERRUPTED: list[int] = []  # the SIGINTs the run has had


def _check_interrupt() -> None:
    if _INTERRUPTED:
        raise KeyboardInterrupt


def by_root(
    work: Sequence[tuple[str, str | None]], root_of: Callable[[str, str | None], str | None]
) -> list[Item]:
    """The work with each report's sources root, grouped by config and root (in the
    order each first appears; results are sorted by path afterwards), so that a root is
    let go once, when its last report is done."""
    first: dict[tuple[str | None, str | None], int] = {}
    items = []
    for n, (path, config) in enumerate(work):
        root = root_of(path, config)  # the root the report's own linter reads
        order = first.setdefault((config, root), n)
        items.append((order, n, (path, config, root)))
    return [item for _, _, item in sorted(items, key=lambda x: (x[0], x[1]))]


PARALLEL_FROM = 8  # below this many files a process pool costs more than it saves
WARM_ROOTS = 4  # sources roots whose first report the parent lints before forking
_WORKER: _Runner | None = None
# Forked workers share what the parent has read; only Linux forks safely by default
# (macOS may crash forked processes that use system frameworks).
_FORK = (
    multiprocessing.get_context("fork")
    if sys.platform.startswith("linux") and "fork" in multiprocessing.get_all_start_methods()
    else None
)


def _init_worker(make: Callable[[], _Runner], parent: int) -> None:
    global _WORKER
    # Ctrl-C is the parent's to handle; SIGTERM from the parent exits through `finally`
    # blocks, so a half-written cache entry is removed.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _exit_worker)
    _die_with(parent)
    if _WORKER is None:  # not a copy of the parent's warm runner
        _WORKER = make()


def _die_with(parent: int) -> None:
    """A worker whose parent is killed outright (out of memory, a cancelled CI job) must
    not wait for work forever: on Linux the kernel kills it with its parent. (A temporary
    cache file it leaves is removed by the next run's pruning.)"""
    if not sys.platform.startswith("linux"):
        return
    try:
        ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    except (OSError, AttributeError):
        return
    if os.getppid() != parent:  # the parent died before the request was made
        os._exit(1)


_PR_SET_PDEATHSIG = 1


def _exit_worker(signum: int, frame: object) -> None:
    raise SystemExit(128 + signum)


def _stop(executor: ProcessPoolExecutor) -> None:
    """Stop the workers at once on Ctrl-C: cancel what waits, terminate what runs."""
    # the executor offers no public handle on its processes, and shutdown() drops them
    processes = list((getattr(executor, "_processes", None) or {}).values())
    executor.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.terminate()
    for process in processes:
        process.join(timeout=1)


_DONE: list[tuple[str | None, str | None]] = []  # the worker's last (config, root)


def _lint_in_worker(item: Item) -> FileResult:
    assert _WORKER is not None
    path, config, root = item
    try:
        if _DONE and _DONE[0] != (config, root):
            _WORKER.release(*_DONE[0])
        _DONE[:] = [(config, root)]
        return _WORKER.lint_file(path, config)
    except SystemExit as stop:  # SIGTERM: `finally` blocks have run; leave at once, since
        os._exit(int(stop.code or 1))  # the executor would catch the exit and carry on
