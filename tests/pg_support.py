"""A PostgreSQL server for the tests of the PostgreSQL store (issue 15 §2).

The server is ``RATINGS_TEST_POSTGRES`` (a ``postgresql://`` URL of a database on it whose user may
create databases), else this machine's default ``postgresql://postgres@127.0.0.1:5432/postgres``.
Every test gets a database of its own, made fresh and dropped afterwards.

Without a reachable server the PostgreSQL tests are skipped, with the reason in pytest's summary;
under CI (``CI`` set) they fail instead, so that a CI run never passes without them.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from urllib.parse import urlsplit, urlunsplit

import psycopg
import pytest

DEFAULT_SERVER = "postgresql://postgres@127.0.0.1:5432/postgres"


def server_url() -> str:
    """The URL of the test server's maintenance database."""
    return os.environ.get("RATINGS_TEST_POSTGRES") or DEFAULT_SERVER


def unreachable() -> str | None:
    """Why no PostgreSQL server can be used; None when one can."""
    try:
        with psycopg.connect(server_url(), connect_timeout=5, autocommit=True) as conn:
            conn.execute("SELECT 1")
    except psycopg.Error as error:
        detail = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
        return f"no PostgreSQL server at {server_url()} ({detail}); set RATINGS_TEST_POSTGRES to one"
    return None


def require_server() -> None:
    """Skip the test (fail it under CI) when no server is reachable."""
    reason = unreachable()
    if reason is None:
        return
    if os.environ.get("CI"):
        pytest.fail(f"CI runs the PostgreSQL tests: {reason}")
    pytest.skip(reason)


def database_url(name: str) -> str:
    """The URL of database ``name`` on the test server."""
    parts = urlsplit(server_url())
    return urlunsplit(parts._replace(path=f"/{name}"))


@contextmanager
def fresh_database(prefix: str = "ratings_test") -> Iterator[str]:
    """A new, empty database on the test server, dropped afterwards; its URL."""
    require_server()
    name = f"{prefix}_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(server_url(), autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        yield database_url(name)
    finally:
        with psycopg.connect(server_url(), autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
