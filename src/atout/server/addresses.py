"""Who a request comes from, and how many WebSockets one address holds.

The address of a client is the peer of its connection, unless that peer is one of the proxies the
server was told to trust (``Settings.trusted_proxies``): then it is read from ``X-Forwarded-For``,
from the right, skipping the trusted proxies (the left-most entries are whatever the client wrote,
so they are never believed). With no trusted proxy the header is ignored: a client cannot claim
another address to slip past the limits per address.

>>> client_address("10.0.0.2", "6.6.6.6, 203.0.113.9", ("10.0.0.2",))
'203.0.113.9'
>>> client_address("10.0.0.2", "6.6.6.6, 203.0.113.9, 10.0.0.3", ("10.0.0.2", "10.0.0.3"))
'203.0.113.9'
>>> client_address("198.51.100.7", "203.0.113.9", ("10.0.0.2",))
'198.51.100.7'
>>> client_address(None, None, ())
'?'
"""

from __future__ import annotations

import ipaddress
from collections import Counter
from collections.abc import Sequence

MAX_FORWARDED = 20
"""Entries of ``X-Forwarded-For`` looked at, from the right (a longer header is someone's game)."""


def trusted_network(text: str) -> ipaddress.IPv4Network | ipaddress.IPv6Network:
    """A trusted proxy as written in the settings: an address or a network (``10.0.0.0/8``); a
    ``ValueError`` says what is wrong."""
    return ipaddress.ip_network(text.strip(), strict=False)


def _trusted(address: str, proxies: Sequence[str]) -> bool:
    if not proxies:
        return False
    try:
        ip = ipaddress.ip_address(address.strip())
    except ValueError:
        return False
    for proxy in proxies:
        try:
            if ip in trusted_network(proxy):
                return True
        except ValueError:
            continue
    return False


def client_address(peer: str | None, forwarded: str | None, proxies: Sequence[str]) -> str:
    """The client's address: ``peer`` (the connection's), or, when ``peer`` is a trusted proxy, the
    right-most address of ``forwarded`` that is not one (see the module's doc)."""
    if not peer:
        return "?"
    if not forwarded or not _trusted(peer, proxies):
        return peer
    hops = [hop.strip() for hop in forwarded.split(",")[-MAX_FORWARDED:]]
    for hop in reversed(hops):
        if not hop:
            break
        if not _trusted(hop, proxies):
            try:
                return str(ipaddress.ip_address(hop))
            except ValueError:
                break   # not an address: the proxy's peer is all we know
    return peer


class SocketCount:
    """The open WebSockets per address, with a cap (``0``: none)."""

    def __init__(self, cap: int):
        self.cap = cap
        self.open: Counter[str] = Counter()

    def take(self, address: str) -> bool:
        """Count one more socket of ``address``; ``False`` (nothing counted) when it holds the cap."""
        if self.cap and self.open[address] >= self.cap:
            return False
        self.open[address] += 1
        return True

    def give_back(self, address: str) -> None:
        self.open[address] -= 1
        if self.open[address] <= 0:
            del self.open[address]
