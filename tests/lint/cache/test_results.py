from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import pytest

from citelint.lint.cache.results import ResultCache
from citelint.outputs.diagnostic import Diagnostic, Severity
from citelint.outputs.result import FileResult
from citelint.sources.watch import DIR, PATH

RESULT = FileResult(
    "r.md",
    (Diagnostic("r.md", 1, 1, 1, 2, "CL001", "missing-anchor", Severity.CRITICAL, "m"),),
    3,
    2,
    1,
    "text\n",
)


def _cache(tmp_path: Path, **kw: object) -> ResultCache:
    return ResultCache(str(tmp_path / "cache"), (str(tmp_path.resolve()),), **kw)  # type: ignore[arg-type]


def _kept(tmp_path: Path, deps: list[tuple[str, str]]) -> tuple[str, ResultCache]:
    first = _cache(tmp_path)
    key = first.key("settings", "r.md", str(tmp_path / "sources"), b"report")
    first.put(key, deps, RESULT)
    return key, _cache(tmp_path)  # a new run: observations made afresh


def test_a_kept_result_is_served_while_its_dependencies_hold(tmp_path: Path) -> None:
    source = tmp_path / "sources" / "pubmed" / "1.xml"
    source.parent.mkdir(parents=True)
    source.write_text("<a>42%</a>")
    deps = [(PATH, str(source)), (DIR, str(source.parent)), (PATH, str(tmp_path / "gone.json"))]
    key, cache = _kept(tmp_path, deps)
    assert cache.get(key) == RESULT and cache.hits == 1


@pytest.mark.parametrize(
    "change",
    [
        lambda src: src.write_text("<a>43%</a>"),  # the cited bytes changed
        lambda src: src.unlink(),  # the source is gone
        lambda src: (src.parent / "2.xml").write_text("x"),  # the folder's listing changed
        lambda src: (src.parent.parent / "gone.json").write_text("{}"),  # a candidate appeared
    ],
)
def test_any_change_to_a_dependency_is_a_miss(tmp_path: Path, change: object) -> None:
    source = tmp_path / "sources" / "pubmed" / "1.xml"
    source.parent.mkdir(parents=True)
    source.write_text("<a>42%</a>")
    deps = [
        (PATH, str(source)),
        (DIR, str(source.parent)),
        (PATH, str(tmp_path / "sources" / "gone.json")),
    ]
    key, cache = _kept(tmp_path, deps)
    assert callable(change)
    change(source)
    assert cache.get(key) is None and cache.misses == 1


def test_a_source_replaced_by_a_symlink_to_the_same_bytes_is_a_miss(tmp_path: Path) -> None:
    source = tmp_path / "sources" / "1.xml"
    source.parent.mkdir(parents=True)
    source.write_text("x")
    key, cache = _kept(tmp_path, [(PATH, str(source))])
    (tmp_path / "elsewhere.xml").write_text("x")
    source.unlink()
    source.symlink_to(tmp_path / "elsewhere.xml")  # same bytes, another real file
    assert cache.get(key) is None


def test_a_path_outside_the_trusted_roots_is_never_read(tmp_path: Path) -> None:
    outside = tmp_path.parent / f"{tmp_path.name}-secret"
    outside.mkdir()
    (outside / "s.txt").write_text("secret")
    project = tmp_path / "project"
    project.mkdir()
    (project / "link").symlink_to(outside / "s.txt")
    cache = ResultCache(str(tmp_path / "cache"), (str(project.resolve()),))
    seen = cache.observe((PATH, str(project / "link")))
    assert seen == f"outside:{(outside / 's.txt').resolve()}:True"  # no content hash taken
    assert cache.observe((DIR, str(outside))).startswith("outside:")


@pytest.mark.parametrize(
    "damage",
    [
        lambda p: p.write_bytes(p.read_bytes()[: len(p.read_bytes()) // 2]),  # truncated
        lambda p: p.write_bytes(b""),  # empty
        lambda p: p.write_bytes(b"citelint-result 1\n[]\n[1,2]\n"),  # another shape
        lambda p: p.write_bytes(b"\xff\xfe garbage"),  # not UTF-8
        lambda p: p.write_bytes(p.read_bytes().replace(b"CL001", b"CL00\xff")),  # bad bytes
        lambda p: p.write_bytes(b"citelint-result 9\n[]\n[]\n"),  # another format
    ],
)
def test_a_damaged_entry_is_a_miss_never_an_error(tmp_path: Path, damage: object) -> None:
    key, cache = _kept(tmp_path, [])
    entry = next((tmp_path / "cache").rglob(f"{key}.json"))
    assert callable(damage)
    damage(entry)
    assert cache.get(key) is None


def test_an_entry_that_is_a_symlink_or_a_fifo_is_a_miss(tmp_path: Path) -> None:
    key, cache = _kept(tmp_path, [])
    entry = next((tmp_path / "cache").rglob(f"{key}.json"))
    planted = tmp_path / "planted.json"
    planted.write_bytes(entry.read_bytes())
    entry.unlink()
    entry.symlink_to(planted)
    assert cache.get(key) is None
    entry.unlink()
    os.mkfifo(entry)
    assert cache.get(key) is None  # never waited on


def test_a_cache_folder_that_is_a_symlink_is_not_used(tmp_path: Path) -> None:
    (tmp_path / "real").mkdir()
    (tmp_path / "cache").symlink_to(tmp_path / "real")
    cache = _cache(tmp_path)
    cache.put("ab" * 32, [], RESULT)
    assert not cache.usable and list((tmp_path / "real").iterdir()) == []


def test_the_folder_is_kept_under_its_cap_oldest_first(tmp_path: Path) -> None:
    cache = _cache(tmp_path, max_total_bytes=1000)
    keys = [cache.key("s", f"r{i}.md", None, b"x") for i in range(12)]
    for age, key in enumerate(keys):
        cache.put(key, [], RESULT)
        entry = next((tmp_path / "cache").rglob(f"{key}.json"))
        os.utime(entry, (1_000_000 + age, 1_000_000 + age))
    stale = tmp_path / "cache" / "results-1" / "00" / ".x.tmp"
    stale.parent.mkdir(exist_ok=True)
    stale.write_text("half")
    os.utime(stale, (1, 1))
    cache.prune()
    left = sorted(p.name for p in (tmp_path / "cache").rglob("*.json"))
    total = sum(p.stat().st_size for p in (tmp_path / "cache").rglob("*.json"))
    assert 0 < len(left) < 12 and total <= 1000 * 3 // 4
    assert f"{keys[-1]}.json" in left and f"{keys[0]}.json" not in left
    assert not stale.exists()


def test_the_key_changes_with_every_part(tmp_path: Path) -> None:
    cache = _cache(tmp_path)
    base = ("s", "r.md", "/p/sources", b"x")
    others = [("t", *base[1:]), (base[0], "q.md", *base[2:]), (*base[:2], None, b"x")]
    others.append((*base[:3], b"y"))
    keys = {cache.key(*args) for args in [base, *others]}
    assert len(keys) == 5


def test_reports_that_share_dependencies_share_one_list(tmp_path: Path) -> None:
    source = tmp_path / "sources" / "1.xml"
    source.parent.mkdir(parents=True)
    source.write_text("x")
    cache = _cache(tmp_path)
    for name in ("a.md", "b.md", "c.md"):
        cache.put(cache.key("s", name, None, b"x"), [(PATH, str(source))], RESULT)
    lists = list((tmp_path / "cache").rglob("deps/*.json"))
    assert len(lists) == 1 and cache.written == 3


@pytest.mark.parametrize("tamper", ["planted", "missing"])
def test_a_dependency_list_not_as_written_is_a_miss(tmp_path: Path, tamper: str) -> None:
    source = tmp_path / "sources" / "1.xml"
    source.parent.mkdir(parents=True)
    source.write_text("x")
    key, cache = _kept(tmp_path, [(PATH, str(source))])
    (listed,) = (tmp_path / "cache").rglob("deps/*.json")
    if tamper == "planted":  # another list under the name: it no longer hashes to it
        listed.write_text("[]")
    else:
        listed.unlink()
    assert cache.get(key) is None


def test_a_run_whose_workers_wrote_the_entries_still_prunes(tmp_path: Path) -> None:
    writer = _cache(tmp_path, max_total_bytes=1000)
    for i in range(12):
        writer.put(writer.key("s", f"r{i}.md", None, b"x"), [], RESULT)
    parent = _cache(tmp_path, max_total_bytes=1000)  # wrote nothing itself
    parent.prune()
    assert len(list((tmp_path / "cache").rglob("*.json"))) == 13  # 12 entries, 1 list
    parent.prune(others_wrote=True)
    total = sum(p.stat().st_size for p in (tmp_path / "cache").rglob("*.json"))
    assert total <= 1000 * 3 // 4


def test_a_file_over_the_lints_read_cap_is_judged_by_its_size_never_hashed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import hashlib

    big = tmp_path / "sources" / "guidelines" / "big.md"
    big.parent.mkdir(parents=True)
    big.write_bytes(b"a" * 5000)
    hashed: list[int] = []
    real = hashlib.sha256

    class Counting:
        def __init__(self, data: bytes = b"") -> None:
            self.inner = real(data)
            hashed.append(len(data))

        def update(self, data: bytes) -> None:
            hashed.append(len(data))
            self.inner.update(data)

        def hexdigest(self) -> str:
            return self.inner.hexdigest()

    cache = _cache(tmp_path, max_read_bytes=1000)
    monkeypatch.setattr(hashlib, "sha256", Counting)
    seen = cache.observe((PATH, str(big)))
    assert seen == f"over:5000:{big.resolve()}" and sum(hashed) == 0
    big.write_bytes(b"b" * 5000)  # what was never read cannot change a verdict
    assert _cache(tmp_path, max_read_bytes=1000).observe((PATH, str(big))) == seen
    big.write_bytes(b"b" * 999)
    assert _cache(tmp_path, max_read_bytes=1000).observe((PATH, str(big))).startswith("file:")


def test_a_settled_file_is_known_again_by_its_identity_never_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, hashed: list[str]
) -> None:
    """A later run knows a file whose identity (device, inode, size, times) is the one an
    earlier run hashed, settled before that run began, from its `lstat` alone (copies
    under a root per report are not read again); the same bytes' length written again,
    its mtime set back, moves the ctime: the file is read, and the change is a miss."""
    from citelint.lint.cache import results

    source = tmp_path / "sources" / "1.xml"
    source.parent.mkdir(parents=True)
    source.write_text("<a>42%</a>")
    monkeypatch.setattr(results, "SETTLED_NS", -(10**12))  # every file settled
    key, cache = _kept(tmp_path, [(PATH, str(source))])
    assert hashed == [str(source)]  # hashed once, when kept
    assert cache.get(key) == RESULT and hashed == [str(source)]  # known, not read
    before = os.stat(source)
    source.write_text("<a>43%</a>")
    os.utime(source, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert _cache(tmp_path).get(key) is None and hashed[-1] == str(source)


def test_a_file_written_just_before_the_run_is_read_again_next_time(
    tmp_path: Path, hashed: list[str]
) -> None:
    """An identity not settled before the run that hashed it is not kept (a write in the
    same clock tick leaves the times as they were): the next run reads the file."""
    source = tmp_path / "sources" / "1.xml"
    source.parent.mkdir(parents=True)
    source.write_text("<a>42%</a>")
    key, cache = _kept(tmp_path, [(PATH, str(source))])  # (the file is not 3 s old)
    (listed,) = (tmp_path / "cache").rglob("deps/*.json")
    assert [len(item) for item in json.loads(listed.read_text())] == [3]  # no identity
    assert cache.get(key) == RESULT and hashed == [str(source), str(source)]


def test_a_kept_identity_of_another_shape_is_a_miss(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from citelint.lint.cache import results

    monkeypatch.setattr(results, "SETTLED_NS", -(10**12))
    source = tmp_path / "sources" / "1.xml"
    source.parent.mkdir(parents=True)
    source.write_text("x")
    key, _ = _kept(tmp_path, [(PATH, str(source))])
    (listed,) = (tmp_path / "cache").rglob("deps/*.json")
    (item,) = json.loads(listed.read_text())
    assert len(item) == 4
    for bad, served in (
        (item, RESULT),  # as written (the rewriting below has teeth)
        ([*item[:3], 7], None),
        ([item[0], item[1], "absent", item[3]], None),
        ([*item, "x"], None),
    ):
        raw = json.dumps([bad]).encode()
        digest = hashlib.sha256(raw).hexdigest()
        (listed.parent / f"{digest}.json").write_bytes(raw)
        entry = next((tmp_path / "cache").rglob(f"{key}.json"))
        head, _, rest = entry.read_bytes().split(b"\n", 2)
        entry.write_bytes(b"\n".join((head, digest.encode(), rest)))
        assert _cache(tmp_path).get(key) == served, bad


def test_a_warm_check_of_a_settled_file_is_one_lstat(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, hashed: list[str]
) -> None:
    """A warm run's work on each kept file is one `lstat` (a root per report holds
    hundreds): no `realpath`, no open, no second look."""
    from citelint.lint.cache import results

    monkeypatch.setattr(results, "SETTLED_NS", -(10**12))
    folder = tmp_path / "sources" / "pubmed"
    folder.mkdir(parents=True)
    files = [folder / f"{n}.xml" for n in range(5)]
    for path in files:
        path.write_text(f"<a>{path.name}</a>")
    key, cache = _kept(tmp_path, [(PATH, str(path)) for path in files])
    looked: list[str] = []
    real_lstat = os.lstat

    def lstat(path: str, *args: object, **kw: object) -> os.stat_result:
        looked.append(str(path))
        return real_lstat(path, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "lstat", lstat)
    assert cache.get(key) == RESULT
    assert sorted(p for p in looked if p.endswith(".xml")) == sorted(map(str, files))
    assert hashed == [str(path) for path in files]  # hashed when kept, never again


@pytest.mark.parametrize("where", ["inside", "outside"])
def test_a_folder_moved_and_linked_back_is_a_miss(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, where: str
) -> None:
    """The same inode, size and times under another real folder (the folder moved, a
    symlink left in its place) is another place: a miss, and never read outside."""
    from citelint.lint.cache import results

    monkeypatch.setattr(results, "SETTLED_NS", -(10**12))
    project = tmp_path / "project"
    folder = project / "sources" / "pubmed"
    folder.mkdir(parents=True)
    (folder / "1.xml").write_text("<a>42%</a>")
    trusted = (str(project.resolve()),)
    first = ResultCache(str(tmp_path / "cache"), trusted)
    key = first.key("settings", "r.md", str(project / "sources"), b"report")
    first.put(key, [(PATH, str(folder / "1.xml"))], RESULT)
    moved = (project if where == "inside" else tmp_path) / "moved"
    folder.rename(moved)
    folder.symlink_to(moved)
    again = ResultCache(str(tmp_path / "cache"), trusted)
    assert again.get(key) is None
    seen = again.observe((PATH, str(folder / "1.xml")))
    assert seen.startswith("file:" if where == "inside" else "outside:")
