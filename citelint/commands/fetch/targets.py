"""What a URL asks for, read so that the check and the connection cannot disagree.

`parse_target` reads a URL with urllib3's own parser (the one the connection uses) and
with the standard library's, and refuses it when they disagree on the host or port, or
when it holds a backslash, white space, a control character or credentials. `is_public`
says whether an address leaves the machine and its networks; an IPv6 form that embeds an
IPv4 address (IPv4-mapped, IPv4-compatible, NAT64, 6to4, Teredo) is judged by that
address. No network here: `http.py` resolves and connects.
"""

from __future__ import annotations

import ipaddress
import re
from dataclasses import dataclass
from urllib.parse import urlsplit

import urllib3
from urllib3.util import parse_url

MAX_URL = 8192  # characters of a URL asked for
DEFAULT_PORTS = {"http": 80, "https": 443}
# white space, a backslash or a control character: two parsers may read such a URL two
# ways (`http://127.0.0.1\@8.8.8.8/`), and no real link holds one
_UNSAFE = re.compile(r"[\s\\\x00-\x1f\x7f-\x9f]")
_NAT64 = ipaddress.IPv6Network("64:ff9b::/96")


class FetchError(Exception):
    """A fetch that did not give the page: `transient` ones are retried next run."""

    def __init__(self, reason: str, *, transient: bool = True) -> None:
        super().__init__(reason)
        self.reason = reason
        self.transient = transient


@dataclass(frozen=True, slots=True)
class Target:
    """A URL as it will be asked: the host name, its port and the request path."""

    scheme: str
    host: str  # lower case, ASCII (IDNA), without brackets
    port: int
    path: str  # path and query, as urllib3 sends them

    @property
    def host_header(self) -> str:
        name = f"[{self.host}]" if ":" in self.host else self.host
        return name if self.port == DEFAULT_PORTS[self.scheme] else f"{name}:{self.port}"


_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def printable(text: str) -> str:
    """Text for the terminal or a file: a server's or report's control characters
    (escape sequences that move the cursor or retitle the window) are dropped."""
    return _CONTROL.sub("", text)


def refused(why: str) -> FetchError:
    return FetchError(f"refused: {why}", transient=False)


def parse_target(url: str) -> Target:
    """What `url` asks for, or FetchError when it cannot be asked safely."""
    if len(url) > MAX_URL:
        raise refused(f"URL longer than {MAX_URL} characters")
    if _UNSAFE.search(url):
        raise refused("the URL holds white space, a backslash or a control character")
    try:
        split = urlsplit(url)
        scheme = split.scheme.lower()
        port = split.port
        name = split.hostname or ""
        credentials = split.username is not None or split.password is not None
    except ValueError:
        raise refused("malformed URL") from None
    if scheme not in DEFAULT_PORTS:
        raise refused(f"{scheme or 'no'} scheme")
    if credentials:
        raise refused("the URL carries credentials; citelint never sends them")
    try:
        host = name.encode("idna").decode("ascii").lower() if name else ""
    except UnicodeError:
        raise refused("malformed host name") from None
    if not host:
        raise refused("the URL names no host")
    netloc = f"[{host}]" if ":" in host else host
    rebuilt = f"{scheme}://{netloc}{'' if port is None else f':{port}'}"
    rest = url[len(split.scheme) + 3 + len(split.netloc) :]
    try:
        parsed = parse_url(rebuilt + rest)
    except urllib3.exceptions.LocationParseError:
        raise refused("malformed URL") from None
    read = (parsed.host or "").lower().strip("[]")
    if read != host or parsed.port != port or parsed.auth:
        raise refused("the URL reads differently to two parsers")
    return Target(scheme, host, port or DEFAULT_PORTS[scheme], parsed.request_uri or "/")


def embedded_ipv4(address: ipaddress.IPv6Address) -> ipaddress.IPv4Address | None:
    """The IPv4 address an IPv6 form carries: IPv4-mapped, IPv4-compatible, NAT64
    (64:ff9b::/96), 6to4 or Teredo (its client)."""
    if address.ipv4_mapped is not None:
        return address.ipv4_mapped
    if address.sixtofour is not None:
        return address.sixtofour
    if address.teredo is not None:
        return address.teredo[1]
    value = int(address)
    if address in _NAT64 or (value >> 32 == 0 and value > 1):
        return ipaddress.IPv4Address(value & 0xFFFFFFFF)
    return None


def is_public(text: str) -> bool:
    """Whether a connection to this address leaves the machine and its networks."""
    try:
        address = ipaddress.ip_address(text.split("%")[0])
    except ValueError:
        return False
    if address.is_multicast or not address.is_global:
        return False
    inner = embedded_ipv4(address) if isinstance(address, ipaddress.IPv6Address) else None
    return inner is None or (inner.is_global and not inner.is_multicast)
