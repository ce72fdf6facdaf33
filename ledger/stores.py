"""The store ``--db`` names, chosen once: everything that differs between a SQLite file and PostgreSQL.

As eventsourcing's infrastructure factory (``eventsourcing.persistence``) chooses its recorders once,
from the environment, :func:`store` makes one :class:`Store` of the ``--db`` value: a path names a
SQLite ledger file (:class:`ledger.store.SQLiteStore`), a ``postgresql://`` URL a ledger in a
PostgreSQL database (:class:`ledger.postgres.PgStore`). This is the one place that tells them apart;
the application, the chain, the copy, the projections and the commands ask the :class:`Store` what they
need (its recorder's settings, a reader, the chain's connections, its errors, where its projections file
lives, how a message names it) and behave the same on both.

The PostgreSQL store, and its driver ``psycopg``, are imported only when a ``postgresql://`` ledger is
named: a SQLite ledger never pays for them.

The modules below this one form no cycle: :mod:`ledger.witness` (the chain's SQL, on any connection) ←
:mod:`ledger.store` (SQLite) ← :mod:`ledger.postgres` ← this module ← :mod:`ledger.chain` (verify, seal)
and :mod:`ledger.copying`.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any, Protocol
from uuid import UUID

from ledger.ledger_file import LedgerInfo
from ledger.store import EventRow, LogReader, SQLiteStore, StoredRow, Written
from ledger.urls import is_url
from ledger.witness import Connection

Notice = Callable[[str], None]
"""Told, one line at a time, what was done besides answering (a projections file kept in memory...)."""


class ClosableReader(LogReader, Protocol):
    """A :class:`~ledger.store.LogReader` that holds a connection until closed."""

    def close(self) -> None: ...


class Snapshot(Connection, Protocol):
    """A read-only connection to a ledger, in one snapshot for every read on it: what the chain verifies."""

    @property
    def immutable(self) -> bool:
        """Whether it was opened so that nothing can be written from here (a SQLite file in a read-only folder)."""
        ...

    def integrity_problems(self) -> tuple[str, ...]:
        """What the store's own check of its pages finds wrong (empty: nothing)."""
        ...


class BulkRecorder(Protocol):
    """What the application asks of its store's eventsourcing recorder besides eventsourcing's own methods."""

    unmarked: bool
    """Set when the ledger has no mark yet: the next insert marks it, in its transaction."""

    witnesses: bool
    """Whether a recording writes the chain's witness of its events in its own transaction."""

    @property
    def stops_at_duplicate(self) -> bool:
        """Whether a bulk insert refused as a duplicate stopped at that row: the last row it took from its
        chunks (:attr:`ledger.bulk.Chunk.taken`) is the one refused."""
        ...

    def witnessed(self) -> bool:
        """Whether the last insert of events in this thread wrote their witness in its own transaction."""
        ...

    def lookup(
        self, statement: str, params: Callable[[UUID], Sequence[object]]
    ) -> AbstractContextManager[Callable[[UUID], Any]]:
        """``find(originator_id)``: the first column of the first row of ``statement`` (SQLite's SQL), for many
        ids in one read transaction."""
        ...

    def insert_rows(self, chunks: Iterator[Sequence[StoredRow]]) -> int:
        """Insert stored rows in one transaction, with their witness; how many."""
        ...


class Store(Protocol):
    """One ledger's store, made once of ``--db`` by :func:`store`: what differs between the stores.

    Nothing outside the stores asks which store it is: it asks for what it needs here.
    """

    @property
    def db(self) -> str:
        """The ledger as ``--db`` names it."""
        ...

    @property
    def shown(self) -> str:
        """The ledger as a message names it (a URL without its password)."""
        ...

    @property
    def file(self) -> Path | None:
        """The file on this machine that holds the ledger (its side files and projections file are beside it):
        what a command must never write onto. None for a ledger on a server."""
        ...

    @property
    def seals_under_lock(self) -> bool:
        """Whether the chain's seal reads and writes under the witness's lock, several writers appending at
        once (PostgreSQL); else it reads a snapshot and retries when another seal appended meanwhile."""
        ...

    def check(self) -> LedgerInfo:
        """The ledger, checked without writing; a typed refusal when there is none there."""
        ...

    def write_problem(self) -> str | None:
        """Why the ledger cannot be written from here, in a few words; None when it can (or when the store
        will say so itself when a write is refused)."""
        ...

    def create(self) -> None:
        """A new, empty, marked ledger; :class:`~ledger.errors.LedgerExistsError` if one is there."""
        ...

    def env(self) -> dict[str, str]:
        """eventsourcing's settings of the ledger: its persistence module and the ledger's recorder."""
        ...

    def recorder(self, recorder: object) -> BulkRecorder:
        """The application's recorder (made by eventsourcing from :meth:`env`), as the store's own."""
        ...

    def open_reader(self) -> ClosableReader:
        """A read-only bulk reader of the log; a typed refusal if it is not a ledger."""
        ...

    def snapshot(self) -> Snapshot:
        """A read-only connection in one snapshot, checked to be a ledger, for the chain's reads."""
        ...

    def writer(self) -> Connection:
        """A connection that writes the chain's witness (into an existing ledger only)."""
        ...

    def errors(self, *also: type[Exception]) -> tuple[type[Exception], ...]:
        """The errors this store raises (and the projections file's, SQLite's), and ``also``: for an ``except``."""
        ...

    def describe_error(self, error: BaseException) -> str:
        """An error of the store as what it is, naming the ledger, for the user."""
        ...

    def refuse_if_damaged(self) -> None:
        """Refuse to record while a command has found the ledger damaged (:mod:`ledger.damage`)."""
        ...

    def found_damaged(self, what: str) -> None:
        """Remember that a command found the ledger damaged (``what``: what the store said); never raises."""
        ...

    def damage_cleared(self) -> str | None:
        """Forget that the ledger was found damaged (it verifies again): what was remembered, or None."""
        ...

    def cache_file(self, cache_dir: str | None, name: Callable[[str], str], notice: Notice | None) -> str | None:
        """Where the ledger's projections file lives: in ``cache_dir`` when given, else where this store keeps
        it; None (``notice`` told why) when there is nowhere to write it. ``name`` names the projections file of
        a ledger file (:func:`projections.replay.cache_path_for`)."""
        ...

    def backup_file(self, dest: Path, progress: Callable[[int, int], None] | None = None) -> int | None:
        """Copy the ledger into the new SQLite file ``dest`` by the store's own consistent copy; the number of
        events, or None when the store has none (then :func:`ledger.copying.copy` copies it event by event).
        ``progress`` is told the pages copied, of how many."""
        ...

    def check_new(self, kind: str) -> None:
        """Refuse, before anything is read, to copy into this ledger what would never be taken (``kind``:
        ``copy`` or ``backup``, as the refusal names it)."""
        ...

    def written_copy(
        self,
        events: Iterator[Sequence[EventRow]],
        blocks: list[tuple[Any, ...]],
        progress: Callable[[int], None] | None,
    ) -> AbstractContextManager[Written]:
        """Write a copy's events and witness blocks into this ledger in one transaction; the ``with`` body
        verifies the ledger :class:`~ledger.store.Written` names, and an error it raises refuses the copy."""
        ...


_ERRORS: dict[type[Exception], None] = {sqlite3.Error: None}
"""The errors of the stores made so far in this process (SQLite's always: every projections file is one)."""


def store(db: str | Store) -> Store:
    """The store the ``--db`` value ``db`` names (a :class:`Store` is returned as it is)."""
    if not isinstance(db, str):
        return db
    made: Store
    if is_url(db):
        from ledger.postgres import PgStore  # the driver, for a PostgreSQL ledger only

        made = PgStore(db)
    else:
        made = SQLiteStore(db)
    _ERRORS.update(dict.fromkeys(made.errors()))
    return made


def errors(*also: type[Exception]) -> tuple[type[Exception], ...]:
    """The errors of every store made in this process, and ``also``: for an ``except`` clause that knows no
    ledger (``refusals()`` without a command's context)."""
    return (*also, *_ERRORS)
