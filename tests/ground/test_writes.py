"""citelint.ground.writes: whole files, never through a symlink below the trusted root."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path
from types import FrameType
from typing import Any

import pytest

from citelint.ground import writes


def test_write_atomic_replaces_a_link_and_keeps_its_target(tmp_path: Path) -> None:
    target = tmp_path / "target.txt"
    target.write_text("kept\n")
    (tmp_path / "out.txt").symlink_to(target)
    writes.write_atomic(str(tmp_path / "out.txt"), (b"a", b"b"), root=str(tmp_path))
    assert target.read_text() == "kept\n"
    assert not (tmp_path / "out.txt").is_symlink() and (tmp_path / "out.txt").read_text() == "ab"
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


def test_write_atomic_refuses_a_link_when_asked(tmp_path: Path) -> None:
    (tmp_path / "out.txt").symlink_to(tmp_path / "t")
    with pytest.raises(writes.UnsafeWriteError, match="is a symlink"):
        writes.write_atomic(str(tmp_path / "out.txt"), (b"x",), replace_link=False)
    assert not (tmp_path / "t").exists()


def test_a_symlinked_folder_below_the_root_is_refused(tmp_path: Path) -> None:
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "root").mkdir()
    (tmp_path / "root" / "out").symlink_to(tmp_path / "elsewhere")
    path = str(tmp_path / "root" / "out" / "x.json")
    calls: tuple[Callable[[], object], ...] = (
        lambda: writes.write_atomic(path, (b"x",), root=str(tmp_path / "root")),
        lambda: writes.append(path, (b"x",), root=str(tmp_path / "root")),
        lambda: writes.make_folders(os.path.dirname(path) + "/deeper", str(tmp_path / "root")),
    )
    for call in calls:
        with pytest.raises(writes.UnsafeWriteError, match="is a symlink"):
            call()
    assert list((tmp_path / "elsewhere").iterdir()) == []
    # outside the root the caller's own folders are used as named
    writes.write_atomic(path, (b"x",), root=str(tmp_path / "other"))
    assert (tmp_path / "elsewhere" / "x.json").read_bytes() == b"x"


def test_append_and_special_files(tmp_path: Path) -> None:
    path = tmp_path / "log.md"
    writes.append(str(path), (b"a\n",))
    writes.append(str(path), (b"b\n",))
    assert path.read_text() == "a\nb\n"
    os.mkfifo(tmp_path / "fifo")
    for call in (writes.append, writes.write_atomic):
        with pytest.raises(writes.UnsafeWriteError, match="not a regular file"):
            call(str(tmp_path / "fifo"), (b"x",))
    (tmp_path / "link.md").symlink_to(path)
    with pytest.raises(writes.UnsafeWriteError, match="is a symlink"):
        writes.append(str(tmp_path / "link.md"), (b"c\n",))
    assert path.read_text() == "a\nb\n"


def test_new_files_follow_the_umask_and_a_given_mode(tmp_path: Path) -> None:
    old = os.umask(0o027)
    try:
        writes.write_atomic(str(tmp_path / "a"), (b"",))
    finally:
        os.umask(old)
    writes.write_atomic(str(tmp_path / "b"), (b"",), mode=0o600)
    assert (tmp_path / "a").stat().st_mode & 0o777 == 0o640
    assert (tmp_path / "b").stat().st_mode & 0o777 == 0o600


def _interrupted_at(moment: int) -> Callable[[FrameType, str, Any], Any]:
    """A tracer that raises KeyboardInterrupt at the `moment`-th line that runs."""
    seen = 0

    def trace(frame: FrameType, event: str, arg: Any) -> Any:
        nonlocal seen
        if event == "line":
            seen += 1
            if seen == moment:
                raise KeyboardInterrupt
        return trace

    return trace


# an interrupt between the open and the file object that owns it leaves a descriptor to
# the process's end (which an interrupt is): not this test's business
@pytest.mark.filterwarnings("ignore::ResourceWarning")
@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")
def test_an_interrupt_at_any_line_of_a_write_leaves_no_temporary_file(tmp_path: Path) -> None:
    """A Ctrl-C is raised at whatever line runs: raised at each line event of a write in
    turn (in the write and in what it calls), it never leaves a temporary file behind."""
    target = tmp_path / "out" / "entry.json"
    target.parent.mkdir()
    moment = 0
    measuring = sys.gettrace()  # coverage's tracer: given back after each try, never dropped
    while True:
        moment += 1
        sys.settrace(_interrupted_at(moment))
        try:
            writes.write_atomic(str(target), [b"whole"])
        except KeyboardInterrupt:
            pass
        else:
            break
        finally:
            sys.settrace(measuring)
        assert [p.name for p in target.parent.iterdir() if p.name != "entry.json"] == []
    assert moment > 5 and target.read_bytes() == b"whole"
