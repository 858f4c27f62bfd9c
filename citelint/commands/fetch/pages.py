"""What a web server's answer is: a page to save (HTML, text, PDF) or a bot check.

A PDF is known by its magic bytes (`%PDF-`), whatever type the server named it
(`application/octet-stream` is common). A bot check or captcha interstitial is known by
its structure — a challenge widget or form, or an interstitial's title, on a page with
almost no text of its own — never by a word alone: an article about reCAPTCHA, or a page
whose CSS class mentions it, is a page.
"""

from __future__ import annotations

import hashlib
import re

import lxml.etree
import lxml.html

PAGE_TYPES = {
    "text/html": "html",
    "application/xhtml+xml": "html",
    "text/plain": "txt",
    "text/markdown": "md",
    "application/pdf": "pdf",
}
# Types a server gives a PDF it does not name: the bytes decide.
_OPAQUE = ("application/octet-stream", "binary/octet-stream", "application/x-pdf", "")
WORDS_OF_A_PAGE = 150  # an interstitial says less than this in its own text
# The widgets and endpoints of challenge services, in an attribute (class, id, src,
# action) of an element that serves a challenge: a form, a script, an iframe, a div.
_WIDGET = re.compile(
    r"\b(?:g-recaptcha|h-captcha|cf-turnstile|cf-challenge|challenge-form|challenge-platform)\b"
    r"|/recaptcha/api|hcaptcha\.com/|challenges\.cloudflare\.com/|/cdn-cgi/challenge",
    re.I,
)
_INTERSTITIAL = re.compile(
    r"^\s*(?:just a moment|attention required|are you a robot|access denied|"
    r"verify you are (?:a )?human|please verify|security check|one more step)\b",
    re.I,
)
_ATTRIBUTES = ("class", "id", "src", "action", "data-sitekey")


def page_kind(content_type: str, body: bytes) -> str | None:
    """The ending a page is saved under (`html`, `pdf`, …), or None when it is no page."""
    if body.lstrip()[:5] == b"%PDF-" and content_type in (*_OPAQUE, "application/pdf"):
        return "pdf"
    if content_type == "application/pdf":
        return None  # named a PDF, and not one
    return PAGE_TYPES.get(content_type)


def is_bot_check(body: bytes) -> bool:
    """Whether an HTML answer is a challenge page instead of the page asked for."""
    try:
        root = lxml.html.document_fromstring(body[:2_000_000])
    except (lxml.etree.ParserError, ValueError):
        return False
    challenge = _has_widget(root) or _INTERSTITIAL.match(root.findtext(".//title") or "")
    if not challenge:
        return False
    for hidden in root.iter("script", "style", "noscript", "template"):
        hidden.text = ""
    words = sum(len(text.split()) for text in root.itertext())
    return words < WORDS_OF_A_PAGE


def _has_widget(root: lxml.html.HtmlElement) -> bool:
    for element in root.iter("form", "script", "iframe", "div"):
        if any(_WIDGET.search(element.get(name) or "") for name in _ATTRIBUTES):
            return True
    return False


def page_name(url: str) -> str:
    """The name a page is saved under in `web/` (before its ending): a hash of the URL
    asked, never a part of its path."""
    return hashlib.sha256(url.encode()).hexdigest()[:24]
