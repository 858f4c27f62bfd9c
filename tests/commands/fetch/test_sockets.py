"""A request's deadline closes the sockets it opened."""

from __future__ import annotations

import socket
import time

from citelint.commands.fetch.sockets import Watchdog, noted, system_resolve


def test_the_watchdog_shuts_the_sockets_at_the_deadline_and_closes_them_after() -> None:
    a, b = socket.socketpair()
    try:
        with Watchdog(0.05) as dog:
            noted(a)
            time.sleep(0.3)
            assert dog.fired and a.recv(1) == b""  # shut at the deadline: reads end
        assert a.fileno() == -1  # and closed with the request
        with Watchdog(5.0) as calm:
            noted(b)
        assert not calm.fired and b.fileno() == -1
    finally:
        a.close()
        b.close()


def test_outside_a_request_a_socket_is_not_noted() -> None:
    a, b = socket.socketpair()
    with a, b:
        assert noted(a) is a


def test_names_resolve_to_their_addresses() -> None:
    assert system_resolve("127.0.0.1", 80) == ["127.0.0.1"]
