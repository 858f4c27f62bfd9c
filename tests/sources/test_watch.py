from __future__ import annotations

from citelint.sources.watch import DIR, PATH, Watch


def test_a_recording_sees_what_is_noted_inside_it_and_nested_ones_too() -> None:
    watch = Watch(active=True)
    watch.note(PATH, "/before")  # no recording open: kept nowhere
    with watch.recording() as outer:
        watch.note(PATH, "/a")
        with watch.recording() as inner:
            watch.note(DIR, "/b")
        watch.note(PATH, "/c")
    assert inner == {(DIR, "/b")}
    assert outer == {(PATH, "/a"), (DIR, "/b"), (PATH, "/c")}


def test_a_memo_hit_notes_what_the_first_computation_looked_at() -> None:
    watch = Watch(active=True)
    table: dict[str, int] = {}
    calls: list[str] = []

    def compute() -> int:
        calls.append("x")
        watch.note(PATH, "/source.xml")
        return 7

    with watch.recording() as first:
        assert watch.memo(table, "k", compute) == 7
    with watch.recording() as second:  # another report reuses the loaded source
        assert watch.memo(table, "k", compute) == 7
    assert calls == ["x"]
    assert first == second == {(PATH, "/source.xml")}


def test_nested_memos_carry_their_dependencies_up() -> None:
    watch = Watch(active=True)
    inner: dict[str, int] = {}
    outer: dict[str, int] = {}

    def leaf() -> int:
        watch.note(PATH, "/leaf")
        return 1

    def root() -> int:
        return watch.memo(inner, "leaf", leaf) + 1

    with watch.recording():
        watch.memo(inner, "leaf", leaf)  # the leaf is computed first, elsewhere
    with watch.recording() as seen:
        assert watch.memo(outer, "root", root) == 2
    with watch.recording() as again:
        watch.memo(outer, "root", root)
    assert seen == again == {(PATH, "/leaf")}


def test_an_inactive_watch_memoizes_and_records_nothing() -> None:
    watch = Watch()
    table: dict[str, int] = {}
    with watch.recording() as seen:
        watch.note(PATH, "/a")
        assert watch.memo(table, "k", lambda: 3) == 3
    assert seen == set() and table == {"k": 3}


def test_memos_that_looked_at_the_same_things_share_one_set() -> None:
    watch = Watch(active=True)
    index: dict[str, int] = {}
    held: dict[str, bool] = {}

    def build() -> int:
        for i in range(100):
            watch.note(PATH, f"/sources/{i}.xml")
        return 1

    with watch.recording():
        watch.memo(index, "root", build)
        for token in ("5%", "7%"):  # each asks only for the root's index
            watch.memo(held, token, lambda: watch.memo(index, "root", build) > 0)
    kept = watch._kept
    assert kept[(id(held), "5%")] is kept[(id(held), "7%")] is kept[(id(index), "root")]
