"""What a URL asks for: every URL is read by a total parser that two parsers agree with,
and an address counts as public only when no private IPv4 address hides inside it."""

from __future__ import annotations

import pytest

from citelint.commands.fetch.targets import FetchError, is_public, parse_target


@pytest.mark.parametrize(
    "address",
    [
        "64:ff9b::7f00:1",  # NAT64 of 127.0.0.1
        "::127.0.0.1",  # IPv4-compatible
        "::ffff:127.0.0.1",  # IPv4-mapped
        "::ffff:169.254.169.254",
        "2002:7f00:1::1",  # 6to4 of 127.0.0.1
        "2001:0:4136:e378:8000:63bf:80ff:fffe",  # Teredo, client 127.0.0.1
        "10.0.0.5",
        "169.254.169.254",
        "fd00::1",
        "::1",
        "224.0.0.1",
    ],
)
def test_addresses_that_reach_inside_are_private(address: str) -> None:
    assert not is_public(address)


def test_public_addresses_are_public() -> None:
    assert is_public("8.8.8.8") and is_public("2606:4700::1111")
    assert is_public("64:ff9b::808:808")  # NAT64 of a public address


@pytest.mark.parametrize(
    "url",
    [
        "http://[x/",
        "http://a\\@b/",
        "ftp://x/",
        "http://user:SECRET@127.0.0.1/",
        "http://%00/",
        "http://" + "a" * 9000 + "/",
    ],
)
def test_every_report_url_is_parsed_by_a_total_parser(url: str) -> None:
    with pytest.raises(FetchError) as caught:
        parse_target(url)
    assert not caught.value.transient and "SECRET" not in caught.value.reason


def test_a_url_is_read_with_its_host_port_and_path() -> None:
    got = parse_target("https://Bücher.Example:8443/a/../b?x=1")
    assert (got.scheme, got.host, got.port, got.path) == (
        "https",
        "xn--bcher-kva.example",
        8443,
        "/b?x=1",
    )
    assert got.host_header == "xn--bcher-kva.example:8443"
    assert parse_target("http://[::1]/").host_header == "[::1]"
