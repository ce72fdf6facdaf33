"""Whether ``--db`` names a PostgreSQL ledger, and how a message shows its URL.

Light on purpose: :mod:`ledger.stores` asks :func:`is_url` of every ``--db`` (the only module that does: it
makes the store), and a SQLite ledger must not pay for the PostgreSQL driver (:mod:`ledger.postgres` imports
``psycopg``; this module imports nothing of it).
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit, urlunsplit

SCHEMES = ("postgresql://", "postgres://")
"""The URL schemes that name a PostgreSQL ledger."""


def is_url(db: str) -> bool:
    """Whether ``--db`` names a PostgreSQL ledger (a ``postgresql://`` URL) rather than a SQLite file.

    >>> is_url("postgresql://ratings@db.example.org:5432/federation"), is_url("federation.db")
    (True, False)
    """
    return db.startswith(SCHEMES)


def shown(url: str) -> str:
    """The URL without its password, for messages.

    >>> shown("postgresql://officer:secret@db:5432/fed")
    'postgresql://officer@db:5432/fed'
    """
    try:
        parts = urlsplit(url)
        password = parts.password
    except ValueError:  # an unclosed "[" of an IPv6 host: the message must still hide a password
        return _USER_PASSWORD.sub(r"\1@", url, count=1)
    if password is None:
        return url
    netloc = parts.netloc.rpartition("@")[2]
    user = parts.username or ""
    return urlunsplit(parts._replace(netloc=f"{user}@{netloc}"))


_USER_PASSWORD = re.compile(r"^([a-z]+://[^:@/]*):[^@/]*@")
"""``scheme://user:password@``: what :func:`shown` keeps of it (``scheme://user@``) when urllib cannot split it."""
