"""What a server's answer is: a page, a PDF by its bytes, or a bot check by its shape."""

from __future__ import annotations

import pytest

from citelint.commands.fetch.pages import is_bot_check, page_kind

ARTICLE = " ".join(["The trial enrolled 410 patients across twelve sites in Europe."] * 30)


@pytest.mark.parametrize(
    ("content_type", "body", "kind"),
    [
        ("application/octet-stream", b"%PDF-1.7\n...", "pdf"),
        ("", b"\n%PDF-1.4", "pdf"),
        ("application/pdf", b"%PDF-1.4", "pdf"),
        ("application/pdf", b"<html>Sign in</html>", None),  # named a PDF, and not one
        ("application/octet-stream", b"PK\x03\x04", None),
        ("text/html", b"<p>x</p>", "html"),
        ("text/plain", b"x", "txt"),
        ("application/zip", b"PK", None),
    ],
)
def test_a_page_is_known_by_its_type_and_a_pdf_by_its_bytes(
    content_type: str, body: bytes, kind: str | None
) -> None:
    assert page_kind(content_type, body) == kind


@pytest.mark.parametrize(
    "body",
    [
        # Cloudflare's interstitial: its title and challenge form
        b"<html><head><title>Just a moment...</title></head><body>"
        b'<form id="challenge-form" action="/cdn-cgi/challenge-platform/h/b/orchestrate">'
        b"</form><noscript>Enable JavaScript and cookies to continue</noscript></body></html>",
        # a reCAPTCHA wall: the widget and a line of text
        b'<html><body><p>Please complete the check.</p><div class="g-recaptcha" '
        b'data-sitekey="6Lc"></div><script src="https://www.google.com/recaptcha/api.js">'
        b"</script></body></html>",
        b"<html><title>Just a moment...</title>captcha</html>",
    ],
)
def test_a_challenge_page_is_a_bot_check(body: bytes) -> None:
    assert is_bot_check(body)


@pytest.mark.parametrize(
    "body",
    [
        # a real article whose page carries a comment form's CSS class
        f'<html><body class="f_grecaptcha_on"><article><p>{ARTICLE}</p></article></body></html>',
        # an article about the service itself
        f"<html><head><title>Invisible reCAPTCHA, explained</title></head><body><p>{ARTICLE}"
        "</p></body></html>",
        # a long article with a reCAPTCHA-guarded comment form below it
        f'<html><body><p>{ARTICLE}</p><form><div class="g-recaptcha"></div></form></body></html>',
        "<html><title>Short note</title><p>Access to the trial data is open.</p></html>",
    ],
)
def test_a_page_that_mentions_a_captcha_is_a_page(body: str) -> None:
    assert not is_bot_check(body.encode())


def test_a_page_is_named_by_a_hash_of_its_url_never_by_its_path() -> None:
    from citelint.commands.fetch.pages import page_name

    name = page_name("https://example.org/../../etc/passwd?x=1")
    assert len(name) == 24 and name.isalnum() and "/" not in name
    assert name == page_name("https://example.org/../../etc/passwd?x=1")
    assert name != page_name("https://example.org/other")
