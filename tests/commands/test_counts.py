"""`--jobs` and `--shard` as the command line gives them."""

from __future__ import annotations

import os

import pytest

from citelint.commands.counts import jobs, shard
from citelint.ground.errors import UsageError


def test_jobs_and_shards_are_read_or_refused_in_one_line() -> None:
    assert jobs(None) == (os.cpu_count() or 1) and jobs(3) == 3
    assert shard(None) is None and shard("2/4") == (2, 4)
    with pytest.raises(UsageError, match="--jobs must be 1 or more"):
        jobs(0)
    for bad in ("0/4", "5/4", "a/b", "1", "1/" + "9" * 12):
        with pytest.raises(UsageError, match="--shard"):
            shard(bad)
