"""The URL indexes of a sources root: read once as confined regular files; a broken one is
a failure of its own, never an absent index."""

from __future__ import annotations

import json

from citelint.read.citations.indexes import read_index
from citelint.read.citations.urls import normalize_url
from citelint.sources.model import FailureKind
from citelint.sources.store import SourceStore
from tests.conftest import Writer


def test_web_and_storm_indexes_are_read(project: Writer) -> None:
    project("sources/web/index.json", json.dumps({"https://x.org/p": "p.html"}))
    storm = {
        "url_to_unified_index": {"https://y.org/": 3},
        "url_to_info": {"https://y.org/": {"snippets": ["a", "b"], "title": "T"}},
    }
    root = project("sources/url_to_info.json", json.dumps(storm)).parent
    index = read_index(SourceStore(trusted=(str(root.parent),)), str(root))
    assert index.web == {normalize_url("https://x.org/p"): "p.html"}
    assert index.storm == {normalize_url("https://y.org/"): ("a\nb", "T")}
    assert index.storm_numbers == {"3": "https://y.org/"} and index.broken is None


def test_absent_indexes_are_no_failure(project: Writer) -> None:
    root = project("sources/pubmed/1.json", "{}").parent.parent
    index = read_index(SourceStore(trusted=(str(root.parent),)), str(root))
    assert index.web == {} and index.storm == {} and index.broken is None


def test_a_storm_index_of_the_wrong_shape_is_unreadable(project: Writer) -> None:
    root = project("sources/url_to_info.json", "[]").parent
    broken = read_index(SourceStore(trusted=(str(root.parent),)), str(root)).broken
    assert broken is not None and broken.kind is FailureKind.UNREADABLE
    assert broken.message.endswith(
        "url_to_info.json is not a JSON object; the URLs it lists are not checked"
    )
