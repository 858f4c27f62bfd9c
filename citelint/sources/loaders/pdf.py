"""PDF sources through pypdf, page by page (DECISIONS X12, L8).

A PDF that pypdf cannot open, cannot decrypt with the empty password, or whose cited
pages hold fewer than 20 letters is unreadable: CL007, never support and never absence.
"""

from __future__ import annotations

import hashlib
import io
import logging
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from citelint.sources.model import Failure, FailureKind, Resolution, SourceError, Span
from citelint.sources.text_cache import TextCache

if TYPE_CHECKING:
    from pypdf import PdfReader

MIN_LETTERS = 20
# At most nine digits a number (no file has a billion pages): `int()` never sees a run of
# thousands of digits, which Python refuses (and that would crash the lint).
_PAGES = re.compile(r"^page:(\d{1,9})(?:-(\d{1,9}))?(?::lines?:(\d{1,9})(?:-(\d{1,9}))?)?$", re.I)


@dataclass(frozen=True, slots=True)
class PdfSource:
    path: str
    pages: tuple[str, ...]
    toc: dict[str, tuple[int, int]] | None = None

    def locators(self) -> tuple[str, ...]:
        return tuple(f"page:{n}" for n in range(1, len(self.pages) + 1))

    def resolve(self, locator: str | None) -> Resolution:
        if locator is None:
            return self._span(None, 1, len(self.pages))
        if self.toc is not None and locator in self.toc:
            first, last = self.toc[locator]  # a PDF's toc entries name pages
            locator = f"page:{first}-{last}"
        m = _PAGES.match(locator.strip())
        if m is None:
            if locator.lower().startswith(("line:", "lines:")):
                return Failure(
                    FailureKind.NO_LOCATOR,
                    "PDF lines are page-relative: write page:N:line:A-B",
                    self.path,
                )
            return Failure(
                FailureKind.NO_LOCATOR,
                f"'{locator}' is not a page locator (page:N or page:N-M); "
                "PDF headings are not located",
                self.path,
            )
        first, last = int(m.group(1)), int(m.group(2) or m.group(1))
        if first < 1 or last < first or first > len(self.pages):
            return Failure(
                FailureKind.NO_LOCATOR,
                f"page {first} is outside the file's {len(self.pages)} pages",
                self.path,
            )
        span = self._span(locator, first, min(last, len(self.pages)))
        if m.group(3) and isinstance(span, Span):
            lines = span.text.split("\n")
            a, b = int(m.group(3)), int(m.group(4) or m.group(3))
            if a < 1 or b < a or a > len(lines):
                return Failure(
                    FailureKind.NO_LOCATOR,
                    f"page line {a} is outside the page's {len(lines)} lines",
                    self.path,
                )
            return Span(self.path, locator, "\n".join(lines[a - 1 : b]), first, last)
        return span

    def _span(self, locator: str | None, first: int, last: int) -> Resolution:
        text = "\n".join(self.pages[first - 1 : last])
        if sum(ch.isalpha() for ch in text) < MIN_LETTERS:
            where = "the document" if locator is None else f"page {first}-{last}"
            return Failure(
                FailureKind.UNREADABLE,
                f"has no extractable text on {where} (image-only or empty)",
                self.path,
            )
        return Span(self.path, locator, text, first, last)


# The pages of the PDFs this process extracted, by the SHA-256 of their bytes: the same
# file saved under many sources roots is extracted once per run, cache or no cache.
_EXTRACTED: dict[str, tuple[str, ...]] = {}
MAX_EXTRACTED = 64


def load_pdf(
    path: str, data: bytes, cache: TextCache | None = None, max_pages: int = 500
) -> PdfSource:
    digest = hashlib.sha256(data).hexdigest()
    cached = cache.get(data) if cache is not None else None
    if cached is None:
        cached = _EXTRACTED.get(digest)
        if cached is not None and cache is not None:
            cache.put(data, cached)  # a later run finds it on disk too
    if cached is not None:
        if len(cached) > max_pages:
            raise SourceError(f"has {len(cached)} pages, over max-pdf-pages ({max_pages})")
        return PdfSource(path, cached)
    source = _extract(path, data, max_pages)
    if cache is not None:
        cache.put(data, source.pages)
    if len(_EXTRACTED) >= MAX_EXTRACTED:
        del _EXTRACTED[next(iter(_EXTRACTED))]
    _EXTRACTED[digest] = source.pages
    return source


# Extraction decodes every page's content streams. Pages may share one stream (4,000
# pages of a 79 KB file, each pointing at the same 60 KB of drawing operators), so the
# page count alone does not bound the work: the streams the pages name, counted once per
# page that names them, may add up to at most this many times the file's size.
CONTENT_PER_FILE_BYTE = 8
CONTENT_FLOOR = 4 * 1024 * 1024


def _check_content(reader: PdfReader, size: int) -> None:
    """Refuse a PDF whose pages name more content than extraction should decode."""
    budget = max(CONTENT_FLOOR, CONTENT_PER_FILE_BYTE * size)
    total = 0
    for page in reader.pages:
        total += _named_bytes(page.get("/Contents"))
        resources = page.get("/Resources")
        resources = resources.get_object() if resources is not None else None
        forms = resources.get("/XObject") if isinstance(resources, dict) else None
        forms = forms.get_object() if forms is not None else None
        if isinstance(forms, dict):
            total += sum(_named_bytes(form) for form in forms.values())
        if total > budget:
            raise SourceError(
                f"names over {budget} bytes of page content ({CONTENT_PER_FILE_BYTE} times "
                "its size: pages that share content); it is not extracted"
            )


def _named_bytes(item: object) -> int:
    """The stored length of a content stream, or of an array of them (pypdf keeps a
    stream's bytes as read, and drops `/Length` once it has them)."""
    if item is None:
        return 0
    resolved = item.get_object() if hasattr(item, "get_object") else item
    if isinstance(resolved, list):
        return sum(_named_bytes(x) for x in resolved[:10_000])
    stored = getattr(resolved, "_data", b"")
    return len(stored) if isinstance(stored, bytes | str) else 0


def _extract(path: str, data: bytes, max_pages: int) -> PdfSource:
    # pypdf (with its crypto and imaging support) is imported when a PDF is first read:
    # a run without PDFs, and `citelint --version`, never pay for it
    from pypdf import PdfReader
    from pypdf.errors import DependencyError, PdfReadError, PyPdfError

    logging.getLogger("pypdf").setLevel(logging.ERROR)  # recoverable damage goes to --verbose
    try:
        reader = PdfReader(io.BytesIO(data), strict=False)
        if reader.is_encrypted:
            try:
                ok = reader.decrypt("")
            except DependencyError as exc:
                raise SourceError(f"is encrypted and needs a missing dependency: {exc}") from exc
            if not ok:
                raise SourceError("is encrypted with a password; save a decrypted copy")
        count = len(reader.pages)
        if count > max_pages:  # checked before any page is extracted
            raise SourceError(f"has {count} pages, over max-pdf-pages ({max_pages})")
        _check_content(reader, len(data))
        pages = tuple(page.extract_text() or "" for page in reader.pages)
    except SourceError:
        raise
    except (
        PdfReadError,
        PyPdfError,
        ValueError,
        KeyError,
        TypeError,
        AttributeError,
        IndexError,
        RecursionError,
        OSError,
        NotImplementedError,
    ) as exc:
        raise SourceError(f"is not a readable PDF ({type(exc).__name__}: {exc})") from exc
    return PdfSource(path, pages)
