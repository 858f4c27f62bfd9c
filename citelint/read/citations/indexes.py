"""The indexes of a sources root, read once: `web/index.json` (`{url: file under web/}`,
or `{url: {"file": …, "fetched_at": …}}` as `citelint fetch` writes it), STORM's
`url_to_info.json` (its snippets are the span), and `fetched.json`, the fetch's record of
the cited ids a registry answered do not exist (CL012).

An index that is there but cannot be used — it leads out of the root, is not a regular
file, is not JSON of its shape — is recorded as the failure of every URL it would have
answered: a broken index is a finding, never "not saved".
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field

from citelint.evidence.judged import JUDGED_FILE, parse_lines
from citelint.read.citations.urls import normalize_url, strip_credentials
from citelint.sources.loaders.jsonparts import parse_json
from citelint.sources.model import Failure, FailureKind, SourceError
from citelint.sources.paths import inside
from citelint.sources.store import SourceStore
from citelint.sources.watch import PATH

WEB_INDEX = "web/index.json"
STORM_INDEX = "url_to_info.json"
STORM_POINTER = "/url_to_info/"  # a STORM snippet span's pointer: this, the URL, `/snippets`
FETCH_INDEX = "fetched.json"
DECLINED = ("skipped", "accepted")  # outcomes the `[fetch]` config decided, not a server
DECLINED_BY_CONFIG = "the [fetch] config keeps `citelint fetch` from saving it"


@dataclass
class RootIndex:
    """The URL and record indexes of one sources root, read once."""

    web: dict[str, str] = field(default_factory=dict)  # normalised URL → file under web/
    storm: dict[str, tuple[str, str]] = field(default_factory=dict)  # URL → (snippets, title)
    storm_numbers: dict[str, str] = field(default_factory=dict)  # number → URL
    storm_path: str = ""
    # An index that is there but cannot be used (it leads out of the root, is not a
    # regular file, is not JSON of its shape): the URLs it would answer are that failure,
    # never "not saved".
    broken: Failure | None = None
    # `PMID 99999999` → what the registry answered when `citelint fetch` asked, and when
    missing: dict[str, str] = field(default_factory=dict)
    # each file `citelint fetch` saved (its path) → where from and when, as outputs show it
    fetched: dict[str, str] = field(default_factory=dict)
    # a URL the `[fetch]` config kept fetch from saving → why (`skip-urls`, `accept-status`)
    declined: dict[str, str] = field(default_factory=dict)
    # the judge's saved verdicts (`judged.jsonl`) by what they are about (judged.py)
    judged: dict[str, list[dict[str, str]]] = field(default_factory=dict)
    # each saved file with a recorded digest (its path) → (SHA-256, "fetched" or "saved by
    # hand", when): what its bytes were when `citelint fetch` saved or recorded it
    recorded: dict[str, tuple[str, str, str]] = field(default_factory=dict)


def read_index(store: SourceStore, root: str) -> RootIndex:
    """The URL indexes of one sources root (memoised by the caller)."""
    index = RootIndex()
    web = _read_json(store, root, WEB_INDEX, index)
    files = {u: _file_of(f) for u, f in web.items()} if isinstance(web, dict) else {}
    if isinstance(web, dict) and all(files.values()):
        index.web = {normalize_url(u): f for u, f in files.items()}
        for entry in web.values():
            _note_fetch(index, root, entry, os.path.dirname(WEB_INDEX))
    elif web is not None:
        index.broken = index.broken or _broken(
            store, root, WEB_INDEX, "is not a JSON object of URL to file name"
        )
    storm = _read_json(store, root, STORM_INDEX, index)
    if isinstance(storm, dict):
        _read_storm(storm, index)
        index.storm_path = os.path.join(root, STORM_INDEX)
    elif storm is not None:
        index.broken = index.broken or _broken(store, root, STORM_INDEX, "is not a JSON object")
    fetched = _read_json(store, root, FETCH_INDEX, index)
    if isinstance(fetched, dict):
        index.missing = {
            key: f"{item.get('detail')} on {item.get('date')}"
            for key, item in fetched.items()
            if isinstance(item, dict) and item.get("outcome") == "missing"
        }
        for key, item in fetched.items():
            if isinstance(item, dict) and item.get("outcome") == "saved":
                _note_fetch(index, root, item, "")
            elif isinstance(item, dict) and item.get("outcome") in DECLINED and key[:4] == "URL ":
                why = str(item.get("detail", ""))[:200]
                index.declined[normalize_url(key[4:])] = f"{DECLINED_BY_CONFIG} ({why})"
    elif fetched is not None:
        index.broken = index.broken or _broken(store, root, FETCH_INDEX, "is not a JSON object")
    index.judged = parse_lines(_read_text(store, root, JUDGED_FILE))
    return index


def _read_text(store: SourceStore, root: str, name: str) -> str:
    """A file of the sources root read as UTF-8 text only as a confined regular file (a
    dependency of the result cache); "" when it is absent or cannot be read: the judge's
    verdicts only ever add findings or pass what the author judged."""
    path = os.path.join(root, name)
    store.watch.note(PATH, path)
    if not store.trusted_root(root) or not os.path.lexists(path):
        return ""
    if not inside(path, (os.path.realpath(root),)) or store.untracked(path, root) is not None:
        return ""
    try:
        return store.read(os.path.realpath(path)).decode("utf-8", "replace")
    except (OSError, SourceError):
        return ""


def _note_fetch(index: RootIndex, root: str, entry: object, folder: str) -> None:
    """Where and when `citelint fetch` got a saved file, from its record in an index, and
    the digest it recorded of the file's bytes."""
    if not isinstance(entry, dict):
        return
    name, digest = entry.get("file"), entry.get("sha256")
    if isinstance(name, str) and isinstance(digest, str) and len(digest) == 64:
        path = os.path.normpath(os.path.join(root, folder, name))
        how = "saved by hand" if entry.get("by") == "hand" else "fetched"
        when = entry.get("fetched_at") or entry.get("recorded_at") or ""
        index.recorded[path] = (digest.lower(), how, str(when)[:40])
    name, asked, when = (entry.get(k) for k in ("file", "asked", "fetched_at"))
    if isinstance(name, str) and isinstance(asked, str) and isinstance(when, str):
        path = os.path.normpath(os.path.join(root, folder, name))
        shown = strip_credentials(asked[:300])  # an index written before redaction, too
        index.fetched[path] = f"fetched from {shown} on {when[:40]}"


def _file_of(entry: object) -> str:
    """The saved file an index entry names: a name, or a fetch record's `file`."""
    if isinstance(entry, dict):
        entry = entry.get("file")
    return entry if isinstance(entry, str) else ""


def _read_json(store: SourceStore, root: str, name: str, index: RootIndex) -> object:
    """An index file of the sources root, read only as a confined regular file; one
    that is there but cannot be read is recorded in `index.broken`."""
    path = os.path.join(root, name)
    store.watch.note(PATH, path)
    if not store.trusted_root(root):
        return None
    if not inside(path, (os.path.realpath(root),)):  # before existence: no oracle
        index.broken = index.broken or Failure(
            FailureKind.UNSAFE_PATH,
            f"{store.display_path(path, root)} leads outside the sources root "
            "(symlink); it is not read",
            path,
        )
        return None
    if not os.path.lexists(path):
        return None
    absent = store.untracked(path, root)
    if absent is not None:  # under --only-tracked: the commit lacks the index
        index.broken = index.broken or absent
        return None
    try:
        return parse_json(store.read(os.path.realpath(path)))
    except SourceError as exc:
        why = str(exc)
    except OSError as exc:
        why = f"cannot be read ({exc.strerror})"
    except (ValueError, RecursionError):
        why = "is not valid JSON"
    index.broken = index.broken or _broken(store, root, name, why)
    return None


def _broken(store: SourceStore, root: str, name: str, why: str) -> Failure:
    path = os.path.join(root, name)
    return Failure(
        FailureKind.UNREADABLE,
        f"{store.display_path(path, root)} {why}; the URLs it lists are not checked",
        path,
    )


def _read_storm(storm: dict[str, object], index: RootIndex) -> None:
    numbers = storm.get("url_to_unified_index")
    if isinstance(numbers, dict):
        index.storm_numbers = {
            str(n): u for u, n in numbers.items() if isinstance(n, int) and isinstance(u, str)
        }
    info = storm.get("url_to_info")
    if not isinstance(info, dict):
        return
    for url, item in info.items():
        if not isinstance(item, dict):
            continue
        snippets = item.get("snippets")
        texts = [s for s in snippets if isinstance(s, str)] if isinstance(snippets, list) else []
        title = item.get("title")
        if texts:
            index.storm[normalize_url(url)] = (
                "\n".join(texts),
                title if isinstance(title, str) else "",
            )


def storm_pointer(url: str) -> str:
    """The JSON pointer of a URL's snippets in STORM's index (RFC 6901 escapes)."""
    return STORM_POINTER + url.replace("~", "~0").replace("/", "~1") + "/snippets"


def indexed_source(pointer: str | None) -> str | None:
    """The source a span of a shared index file is (STORM's snippets of one URL): its
    pointer's entry; None for a span that is a file of its own."""
    if pointer is None or not pointer.startswith(STORM_POINTER):
        return None
    return pointer[len(STORM_POINTER) :].rsplit("/", 1)[0]
