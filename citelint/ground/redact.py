"""No secret leaves the process: one redaction for every file citelint writes and every
line it prints.

The user's keys and addresses live in the environment (`SECRET_ENV`). citelint sends
each only where it must — NCBI's key and address to E-utilities, the address to
Crossref's polite pool, the judge's key to the endpoint the user chose — and nothing it
writes or shows may carry one: not a URL it was redirected through, not an error page
that repeats the request, not a model's reply. A server may repeat a secret in any
spelling, so each secret is matched character by character in every form a URL, a form
body, JSON or HTML gives a character: as itself, percent-encoded (either case, once or
twice), `+` for a space, a JSON `\\uXXXX` escape, an HTML character reference. Letters
match in either case (a server may fold an address). A value shorter than
`MIN_SECRET` characters is never a secret: masking it would garble every output.

`writes.py` passes every file through `Redactor.stream`, and the command line wraps
stdout and stderr in `RedactedStream`; `citelint fetch` refuses to save an answer that
holds a secret (`Redactor.holds`), since a saved source is committed. The one exception
is `--fix`: it rewrites the user's own report, whose words are theirs to keep.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Iterator, Mapping

TYPE_CHECKING = False  # not `typing`'s: every command imports this module as it starts
if TYPE_CHECKING:
    from typing import TextIO

SECRET_ENV = (
    "NCBI_API_KEY",
    "NCBI_EMAIL",
    "CITELINT_FETCH_EMAIL",
    "CITELINT_JUDGE_API_KEY",
)
MASK = "***"
MIN_SECRET = 4
_MOST_PER_CHAR = 24  # the longest spelling of one character below (`&#x0000` + 6 digits + `;`)
_BUFFER = 64 * 1024  # bytes held before a streamed file is redacted and passed on

_HTML_NAMED = {"&": "amp", "<": "lt", ">": "gt", '"': "quot", "'": "apos"}
_JSON_SHORT = {'"': '\\"', "\\": "\\\\", "/": "\\/"}


def _spellings(char: str) -> list[str]:
    """Regular-expression alternatives for one character of a secret, in every encoding."""
    forms = [re.escape(char)]
    raw = char.encode("utf-8")
    forms.append("".join(f"%(?:25)?{b:02x}" for b in raw))  # percent, once or twice
    if char == " ":
        forms.append(r"\+")
    point = ord(char)
    if point < 0x10000:
        forms.append(rf"\\u{point:04x}")  # JSON
    if char in _JSON_SHORT:
        forms.append(re.escape(_JSON_SHORT[char]))
    forms.append(rf"&#0{{0,4}}{point};")  # HTML, decimal and hexadecimal
    forms.append(rf"&#x0{{0,4}}{point:x};")
    if char in _HTML_NAMED:
        forms.append(rf"&{_HTML_NAMED[char]};")
    return forms


def _pattern(secret: str) -> str:
    return "".join("(?:" + "|".join(_spellings(c)) + ")" for c in secret)


class Redactor:
    """Every configured secret, in every spelling, replaced by `***`."""

    def __init__(self, secrets: Iterable[str]) -> None:
        kept = sorted({s for s in secrets if len(s) >= MIN_SECRET}, key=lambda s: (-len(s), s))
        self.secrets = tuple(kept)
        self.names: dict[str, str] = {}
        self._text: re.Pattern[str] | None = None
        self._bytes: re.Pattern[bytes] | None = None
        self.window = max((len(s) for s in kept), default=0) * _MOST_PER_CHAR
        if kept:
            source = "|".join(_pattern(s) for s in kept)
            self._text = re.compile(source, re.I)
            self._bytes = re.compile(source.encode("utf-8"), re.I)

    def __bool__(self) -> bool:
        return bool(self.secrets)

    def text(self, text: str) -> str:
        return self._text.sub(MASK, text) if self._text is not None else text

    def data(self, data: bytes) -> bytes:
        return self._bytes.sub(MASK.encode(), data) if self._bytes is not None else data

    def holds(self, data: bytes | str) -> bool:
        """Whether `data` holds a secret in any spelling."""
        if isinstance(data, str):
            return self._text is not None and self._text.search(data) is not None
        return self._bytes is not None and self._bytes.search(data) is not None

    def stream(self, chunks: Iterable[bytes]) -> Iterator[bytes]:
        """`chunks` redacted as one text, passed on in pieces: a secret split between two
        chunks is still found (the last `window` bytes wait for the next chunk)."""
        pattern = self._bytes
        if pattern is None:
            yield from chunks
            return
        held: list[bytes] = []
        size = 0
        for chunk in chunks:
            held.append(chunk)
            size += len(chunk)
            if size < _BUFFER + self.window:
                continue
            buffer = b"".join(held)
            cut = len(buffer) - self.window
            out: list[bytes] = []
            last = 0
            for match in pattern.finditer(buffer):
                if match.end() > cut:  # it may go on in the next chunk: keep it whole
                    cut = min(cut, match.start())
                    break
                out += (buffer[last : match.start()], MASK.encode())
                last = match.end()
            out.append(buffer[last:cut])
            yield b"".join(out)
            held, size = [buffer[cut:]], len(buffer) - cut
        if held:
            yield self.data(b"".join(held))


NONE = Redactor(())


def from_env(env: Mapping[str, str]) -> Redactor:
    """The secrets an environment configures."""
    redactor = Redactor(env.get(name, "") for name in SECRET_ENV)
    redactor.names = {env[n]: n for n in SECRET_ENV if len(env.get(n, "")) >= MIN_SECRET}
    return redactor


_PROCESS: dict[tuple[str, ...], Redactor] = {}


def process() -> Redactor:
    """The secrets this process's environment configures (read again when it changes)."""
    values = tuple(os.environ.get(name, "") for name in SECRET_ENV)
    if values not in _PROCESS:
        _PROCESS.clear()
        _PROCESS[values] = from_env(os.environ)
    return _PROCESS[values]


class RedactedStream:
    """A text stream (stdout, stderr) whose lines leave redacted. Text is held until a
    line ends or the stream is flushed, so a secret written in two pieces is still one."""

    def __init__(self, inner: TextIO, redactor: Redactor) -> None:
        self.inner = inner
        self.redactor = redactor
        self._held = ""

    def write(self, text: str) -> int:
        self._held += text
        end = self._held.rfind("\n")
        if end >= 0:
            done, self._held = self._held[: end + 1], self._held[end + 1 :]
            self.inner.write(self.redactor.text(done))
        return len(text)

    def flush(self) -> None:
        if self._held:
            held, self._held = self._held, ""
            self.inner.write(self.redactor.text(held))
        self.inner.flush()

    def isatty(self) -> bool:
        return self.inner.isatty()

    def fileno(self) -> int:
        return self.inner.fileno()

    def writable(self) -> bool:
        return True

    def __getattr__(self, name: str) -> object:  # encoding, errors, buffer: the stream's
        return getattr(self.inner, name)
