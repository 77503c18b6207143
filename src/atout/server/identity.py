"""Guests without passwords: a random secret token per seat (and per host), kept by the browser.

The server keeps only a token's hash, so its database gives no one a seat. A token travels in
the WebSocket's ``hello`` or an ``Authorization`` header, never in an address.

>>> token = new_token()
>>> len(token) >= 32, token_hash(token) == token_hash(token), matches(token, token_hash(token))
(True, True, True)
>>> matches("forged", token_hash(token)), matches(None, token_hash(token)), matches(token, None)
(False, False, False)
>>> len(new_table_id()), new_table_id().isalnum()
(10, True)
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

_ID_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789"


def new_token() -> str:
    """A fresh secret (256 random bits, URL-safe text)."""
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    """What the server stores of a token."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def matches(token: str | None, stored: str | None) -> bool:
    """Whether ``token`` is the one whose hash is ``stored`` (in constant time)."""
    if not token or not stored:
        return False
    return hmac.compare_digest(token_hash(token), stored)


def new_table_id() -> str:
    """A table's public id: ten letters and digits (no secret: it is the invite link)."""
    return "".join(secrets.choice(_ID_ALPHABET) for _ in range(10))
