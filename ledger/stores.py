"""Which store ``--db`` names, and the few things every store does (issue 15 §1).

A path names a SQLite ledger file (:mod:`ledger.ledger_file`, :mod:`ledger.store`); a
``postgresql://`` URL names a ledger in a PostgreSQL database (:mod:`ledger.postgres`). This module
is the one place that tells them apart: everything above it (the application, the projections, the
commands) asks it, and behaves the same on both.
"""

from __future__ import annotations

import sqlite3
import sys
from types import ModuleType
from typing import Protocol

from ledger import ledger_file
from ledger.ledger_file import LedgerInfo
from ledger.store import LogReader, ReadOnlyLogReader, sqlite_env
from ledger.store import open_reader as open_sqlite_reader
from ledger.urls import is_url
from ledger.urls import shown as shown_url


class ClosableReader(LogReader, Protocol):
    """A :class:`~ledger.store.LogReader` that holds a connection until closed."""

    def close(self) -> None: ...


def is_central(db: str) -> bool:
    """Whether ``db`` names a PostgreSQL ledger (a URL) rather than a SQLite file."""
    return is_url(db)


def shown(db: str) -> str:
    """``db`` as a message names it (a URL without its password)."""
    return shown_url(db) if is_central(db) else db


def check(db: str) -> LedgerInfo:
    """The ledger ``db``, checked without writing; a typed refusal when there is none there."""
    if is_central(db):
        from ledger import postgres

        with postgres.connect(db, read_only=True) as conn:
            first = postgres.inspect(db, conn)
        return LedgerInfo(db, marked=True, immutable=False, first_position=first)
    return ledger_file.check(db)


def write_problem(db: str) -> str | None:
    """Why the ledger cannot be written from here; None when it can (a server's permissions speak for
    themselves when a write is refused)."""
    return None if is_central(db) else ledger_file.write_problem(db)


def create(db: str) -> None:
    """A new, empty, marked ledger; :class:`~ledger.errors.LedgerExistsError` if one is there."""
    if is_central(db):
        from ledger import postgres

        postgres.create(db)
    else:
        ledger_file.create(db)


def env(db: str) -> dict[str, str]:
    """eventsourcing's settings of the ledger ``db``."""
    if is_central(db):
        from ledger import postgres

        return postgres.env(db)
    return sqlite_env(db)


def open_reader(db: str) -> ClosableReader:
    """A read-only reader of the ledger ``db``; a typed refusal if it is not a ledger."""
    if is_central(db):
        from ledger import postgres

        return postgres.open_reader(db)[0]
    reader: ReadOnlyLogReader = open_sqlite_reader(db)[0]
    return reader


def loaded_postgres() -> ModuleType | None:
    """:mod:`ledger.postgres` when this process opened a PostgreSQL ledger, else None.

    The PostgreSQL store (and its driver, ``psycopg``) is imported only for a ``postgresql://`` ledger, so
    code that must tell a PostgreSQL connection or error apart asks here: while it is not loaded, no
    connection or error of it can exist.
    """
    return sys.modules.get("ledger.postgres")


def store_errors(*also: type[Exception]) -> tuple[type[Exception], ...]:
    """The errors the stores in use raise (SQLite's, and the PostgreSQL driver's once it is loaded), and
    ``also``: a tuple for an ``except`` clause."""
    psycopg = sys.modules.get("psycopg")
    return (*also, sqlite3.Error) if psycopg is None else (*also, sqlite3.Error, psycopg.Error)
