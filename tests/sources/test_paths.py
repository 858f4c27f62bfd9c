"""Confinement: unsafe ids and symlinks are never followed out of the root."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from citelint.sources.model import Failure, FailureKind
from tests.conftest import Writer
from tests.sources.conftest import failure, opened_files, resolve, span


@pytest.mark.parametrize(
    "ident",
    ["../secret", "/etc/passwd", "a\\..\\b", "x\x00y", "C:x", "sub/../../secret", "..", "C:\\x"],
)
def test_unsafe_ids_are_cl006(project: Writer, ident: str) -> None:
    root = project("sources/pubmed/ok.json", "{}").parents[1]
    f = failure(root, "pmid", ident)
    assert f.kind is FailureKind.UNSAFE_PATH


def test_symlink_out_of_root_is_never_opened(project: Writer, tmp_path: Path) -> None:
    outside = tmp_path / "outside" / "secret.json"
    outside.parent.mkdir()
    outside.write_text(json.dumps({"title": "SECRET 42%"}))
    root = project("sources/pubmed/.keep", "").parents[1]
    (root / "pubmed" / "77.json").symlink_to(outside)
    (root / "trials").symlink_to(outside.parent, target_is_directory=True)
    with opened_files() as opened:
        f1 = resolve(root, "pmid", "77", "title")
        f2 = resolve(root, "nct", "secret", None)
    assert (
        isinstance(f1, Failure) and f1.kind is FailureKind.UNSAFE_PATH and "symlink" in f1.message
    )
    assert isinstance(f2, Failure) and f2.kind is FailureKind.UNSAFE_PATH
    assert not any(Path(p).resolve() == outside.resolve() for p in opened)


def test_symlink_inside_root_is_fine(project: Writer) -> None:
    target = project("sources/pubmed/real.json", json.dumps({"title": "inside"}))
    (target.parent / "88.json").symlink_to(target)
    assert span(target.parents[1], "pmid", "88", "title").text == "inside"


def test_opened_files_hook_sees_opens(project: Writer) -> None:
    """The proof above would be empty if the hook saw nothing: it does see reads."""
    root = project("sources/pubmed/5.json", json.dumps({"title": "t"})).parents[1]
    with opened_files() as opened:
        resolve(root, "pmid", "5", "title")
    assert any(p.endswith("5.json") for p in opened)


def _iter(paths: Iterator[str]) -> list[str]:
    return list(paths)


def test_kinds_of_special_files() -> None:
    import stat as st

    from citelint.sources.paths import kind_of

    assert kind_of(st.S_IFDIR) == "a folder" and kind_of(st.S_IFIFO) == "a FIFO"
    assert kind_of(st.S_IFSOCK) == "a socket" and kind_of(st.S_IFCHR) == "a device"
    assert kind_of(st.S_IFLNK) == "a symlink"


def test_read_regular_refuses_links_and_caps_size(tmp_path: Path) -> None:
    import pytest

    from citelint.sources.model import SourceError
    from citelint.sources.paths import read_regular

    (tmp_path / "f").write_bytes(b"12345")
    (tmp_path / "l").symlink_to(tmp_path / "f")
    assert read_regular(str(tmp_path / "f"), 5) == b"12345"
    with pytest.raises(SourceError, match="over max-source-bytes"):
        read_regular(str(tmp_path / "f"), 4)
    with pytest.raises(SourceError, match="cannot be read"):
        read_regular(str(tmp_path / "l"), 5)  # a final symlink is never followed


def test_read_regular_reads_on_past_a_size_that_grew_never_past_the_cap(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """It reads what `fstat` says and one byte more (no buffer of the cap for a small
    file); a file that grew since is read on to the end, or refused past the cap."""
    import os

    from citelint.sources.model import SourceError
    from citelint.sources.paths import read_regular

    (tmp_path / "f").write_bytes(b"1234567890")
    fstat = os.fstat

    def shrunk(fd: int) -> os.stat_result:  # the size it had a moment before
        info = list(fstat(fd))
        info[6] = 3  # st_size
        return os.stat_result(info)

    monkeypatch.setattr(os, "fstat", shrunk)
    assert read_regular(str(tmp_path / "f"), 10) == b"1234567890"
    with pytest.raises(SourceError, match="more than 9 bytes"):
        read_regular(str(tmp_path / "f"), 9)


def test_real_paths_resolve_as_realpath_does_with_each_folder_once(tmp_path: Path) -> None:
    """Each folder is resolved once; a file that is a link is always resolved in full, so
    a link planted after its folder was seen still shows where it leads."""
    import os

    from citelint.sources.paths import RealPaths

    (tmp_path / "real" / "sub").mkdir(parents=True)
    (tmp_path / "real" / "a.json").write_text("{}")
    (tmp_path / "outside").mkdir()
    (tmp_path / "link").symlink_to(tmp_path / "real")
    real = RealPaths()
    paths = [
        tmp_path / "link" / "a.json",  # through a linked folder
        tmp_path / "link" / "absent.json",  # absent, in a linked folder
        tmp_path / "link" / "gone" / "x.json",  # under an absent folder
        tmp_path / "link" / "sub" / "." / "a.json",
        tmp_path / "real" / "sub",
        tmp_path / "link",  # the link itself
    ]
    for path in paths:
        assert real(str(path)) == os.path.realpath(path), path
    (tmp_path / "real" / "b.json").symlink_to(tmp_path / "outside")  # after its folder
    assert real(str(tmp_path / "link" / "b.json")) == os.path.realpath(tmp_path / "outside")
    assert real("/") == "/"
    real.forget(lambda folder: folder.startswith(str(tmp_path)))
    assert real._folders and not any(f.startswith(str(tmp_path)) for f in real._folders)


def test_real_paths_of_a_known_folder_still_clean_what_they_are_given(tmp_path: Path) -> None:
    """A path in a folder resolved before is joined as it is only when it is clean: its
    `..`, `.`, doubled separators and trailing separator are still read as realpath
    reads them, whichever was asked first."""
    import os

    from citelint.sources.paths import RealPaths

    (tmp_path / "real" / "sub").mkdir(parents=True)
    (tmp_path / "link").symlink_to(tmp_path / "real")
    real = RealPaths()
    base = str(tmp_path / "link" / "sub")
    assert real(base + "/a.xml") == os.path.realpath(base + "/a.xml")  # the folder, known
    for path in (
        base + "/..",
        base + "/.",
        base + "/",
        base + "//a.xml",
        base + "/../sub/a.xml",
        base + "/./a.xml",
        str(tmp_path / "link") + "/../link/sub/a.xml",
    ):
        assert real(path) == os.path.realpath(path), path


def test_real_paths_resolve_a_new_folder_with_one_lstat(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Sibling roots share their parents: a new folder costs one `lstat` (the file's own
    is the other), and a folder of a thousand parts is walked without recursion."""
    import os

    from citelint.sources.paths import RealPaths

    for n in range(3):
        (tmp_path / "runs" / f"r{n}" / "sources").mkdir(parents=True)
    deep = tmp_path / "/".join(["d"] * 1500) / "x.json"  # (absent: no such folders)
    real = RealPaths()
    assert real(str(tmp_path / "runs" / "r0" / "sources" / "a.xml")) == os.path.realpath(
        tmp_path / "runs" / "r0" / "sources" / "a.xml"
    )
    wanted = {
        n: os.path.realpath(tmp_path / "runs" / f"r{n}" / "sources" / "a.xml") for n in (1, 2)
    }
    calls: list[str] = []
    lstat = os.lstat

    def counted(path: str) -> os.stat_result:
        calls.append(path)
        return lstat(path)

    monkeypatch.setattr(os, "lstat", counted)
    for n in (1, 2):
        assert real(str(tmp_path / "runs" / f"r{n}" / "sources" / "a.xml")) == wanted[n]
    monkeypatch.undo()
    assert len(calls) == 2 * 3  # the file, its `sources/`, its `rN/`
    assert real(str(deep)) == os.path.realpath(deep)


def test_read_tail_reads_a_regular_files_end_only(tmp_path: Path) -> None:
    import os

    from citelint.sources.paths import read_tail

    (tmp_path / "f.md").write_bytes(b"a" * 5000 + b"END")
    assert read_tail(str(tmp_path / "f.md"), 10) == b"aaaaaaaEND"
    assert read_tail(str(tmp_path / "f.md"), 10_000).endswith(b"END")
    os.mkfifo(tmp_path / "fifo")
    assert read_tail(str(tmp_path / "fifo"), 10) == b""  # never waited on
    os.symlink(tmp_path / "f.md", tmp_path / "link.md")
    assert read_tail(str(tmp_path / "link.md"), 10) == b""  # never followed
