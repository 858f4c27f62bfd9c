"""Connections whose sockets a request's deadline can close: each connection notes the
sockets it opens (`noted`), and a watchdog closes them when the request's overall deadline
passes, so a server that drips its status line is cut as surely as one that drips its
body; the one system name resolution."""

from __future__ import annotations

import contextlib
import socket
import threading

import urllib3
from urllib3.connection import HTTPConnection, HTTPSConnection

_OPENED = threading.local()  # the sockets the current request opened, for its deadline


def noted(sock: socket.socket) -> socket.socket:
    """Note a socket a connection opens, so the request's deadline can close it."""
    opened = getattr(_OPENED, "socks", None)
    if opened is not None:
        opened.append(sock)
    return sock


class _Connection(HTTPConnection):
    def _new_conn(self) -> socket.socket:
        return noted(super()._new_conn())


class _TLSConnection(HTTPSConnection):
    def _new_conn(self) -> socket.socket:
        return noted(super()._new_conn())


class Pool(urllib3.HTTPConnectionPool):
    ConnectionCls = _Connection


class TLSPool(urllib3.HTTPSConnectionPool):
    ConnectionCls = _TLSConnection


class Watchdog:
    """Closes a request's sockets at its deadline: a server that sends its status line
    and headers one byte a second is cut there too, not only its body."""

    def __init__(self, seconds: float) -> None:
        self.fired = False
        self.socks: list[socket.socket] = []
        self._timer = threading.Timer(max(seconds, 0.0), self.fire)
        self._timer.daemon = True

    def __enter__(self) -> Watchdog:
        _OPENED.socks = self.socks
        self._timer.start()
        return self

    def __exit__(self, *exc: object) -> None:
        """Every socket of the request closed: each request has its own connection
        (`Connection: close`), and one that failed mid-answer is never left open."""
        self._timer.cancel()
        _OPENED.socks = None
        for sock in self.socks:
            sock.close()

    def fire(self) -> None:
        """Cut the request now: at its deadline, or when the run is interrupted."""
        self.fired = True
        for sock in self.socks:
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)


def system_resolve(host: str, port: int) -> list[str]:
    """Every address the system gives a host name, in its order."""
    infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    return list(dict.fromkeys(str(info[4][0]) for info in infos))


POOLS = 8  # connections kept open (one per host and address)


def pool_for(
    pools: dict[tuple[str, str, int, str], urllib3.HTTPConnectionPool],
    scheme: str,
    host: str,
    address: str,
    port: int,
) -> urllib3.HTTPConnectionPool:
    """The pool of connections to `address` for `host` (TLS checked against the name,
    never the address), made on first use; the oldest of more than `POOLS` is closed."""
    key = (scheme, address, port, host)
    pool = pools.get(key)
    if pool is not None:
        return pool
    if len(pools) >= POOLS:
        pools.pop(next(iter(pools))).close()
    if scheme == "https":
        pool = TLSPool(address, port, maxsize=1, server_hostname=host, assert_hostname=host)
    else:
        pool = Pool(address, port, maxsize=1)
    pools[key] = pool
    return pool
