"""Where the log lives, and the two ways projections and imports reach it in bulk.

The default store is a SQLite file (eventsourcing's ``stored_events`` table).
Projections read it through :class:`LogReader`, one small interface, so that a
second store (PostgreSQL) needs only a second reader. The reader scans the
stored rows itself: the library's own read path costs ~12 µs an event (see
``shared/notes/eventsourcing-9.5.md``), a raw scan ~2 µs.
"""

from __future__ import annotations

import os
import sqlite3
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import NamedTuple, Protocol
from uuid import UUID

from eventsourcing.sqlite import SQLiteApplicationRecorder

DEFAULT_DB = "ratings.db"
"""The ledger file used when neither ``--db`` nor ``RATINGS_DB`` names one."""


def resolve_db(path: str | None) -> str:
    """The ledger file: the given path, else ``RATINGS_DB``, else ``./ratings.db``."""
    return path or os.environ.get("RATINGS_DB") or DEFAULT_DB


def sqlite_env(path: str) -> dict[str, str]:
    """The eventsourcing settings of a SQLite ledger file (passed explicitly, so
    that a stray shell variable cannot change the store)."""
    return {
        "PERSISTENCE_MODULE": "eventsourcing.sqlite",
        "SQLITE_DBNAME": path,
        "SQLITE_LOCK_TIMEOUT": "30",
        "IS_SNAPSHOTTING_ENABLED": "no",
    }


class LogRecord(NamedTuple):
    """One stored event: its position in the log, its type name and its JSON state."""

    position: int
    type: str
    state: bytes


def type_of(topic: str) -> str:
    """The event type name of a stored topic (``ledger.events:GameRecorded`` → ``GameRecorded``)."""
    return topic.rpartition(":")[2]


class LogReader(Protocol):
    """What a projection needs of a store: the head, and records in log order."""

    def head(self) -> int:
        """The position of the last event in the log (0 for an empty log)."""
        ...

    def records(self, after: int = 0) -> Iterator[LogRecord]:
        """Every record after position ``after``, in log order."""
        ...

    def records_of(self, types: Sequence[str], after: int = 0) -> Iterator[LogRecord]:
        """The records of the given event types after position ``after``, in log order."""
        ...

    def aggregate_records(self, originator_id: UUID) -> list[LogRecord]:
        """The records of one aggregate, in version order."""
        ...


class SQLiteLogReader:
    """A :class:`LogReader` over a SQLite ledger file: raw, read-only, in bulk."""

    def __init__(self, path: str, batch: int = 20_000) -> None:
        self.path = path
        self.batch = batch
        self._conn: sqlite3.Connection | None = None

    def _connection(self) -> sqlite3.Connection:
        if self._conn is None:
            if not Path(self.path).exists():
                self._conn = sqlite3.connect(":memory:")
                self._conn.execute(
                    "CREATE TABLE stored_events (originator_id TEXT, originator_version INTEGER, "
                    "topic TEXT, state BLOB)"
                )
            else:
                self._conn = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True)
        return self._conn

    def head(self) -> int:
        row = self._connection().execute("SELECT MAX(rowid) FROM stored_events").fetchone()
        return int(row[0] or 0)

    def records(self, after: int = 0) -> Iterator[LogRecord]:
        conn = self._connection()
        cursor = conn.execute("SELECT rowid, topic, state FROM stored_events WHERE rowid > ? ORDER BY rowid", (after,))
        types: dict[str, str] = {}  # a handful of topics: one (interned) type name each
        while rows := cursor.fetchmany(self.batch):
            for position, topic, state in rows:
                kind = types.get(topic)
                if kind is None:
                    kind = types[topic] = sys.intern(type_of(topic))
                yield LogRecord(position, kind, state)

    def records_of(self, types: Sequence[str], after: int = 0) -> Iterator[LogRecord]:
        # The store keeps topics (module:Class); the filter runs in SQLite, so that the few
        # publications of a million-event log are found without reading the rest.
        where = " OR ".join("topic LIKE ?" for _ in types) or "0"
        cursor = self._connection().execute(
            f"SELECT rowid, topic, state FROM stored_events WHERE rowid > ? AND ({where}) ORDER BY rowid",
            (after, *(f"%:{kind}" for kind in types)),
        )
        for position, topic, state in cursor:
            yield LogRecord(position, type_of(topic), state)

    def aggregate_records(self, originator_id: UUID) -> list[LogRecord]:
        rows = self._connection().execute(
            "SELECT rowid, topic, state FROM stored_events WHERE originator_id = ? ORDER BY originator_version",
            (originator_id.hex,),
        )
        return [LogRecord(position, type_of(topic), state) for position, topic, state in rows]

    def close(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None


StoredRow = tuple[str, int, str, bytes]
"""A stored event as the ``stored_events`` table holds it: originator id (hex), version, topic, state."""

BULK_CACHE_KIB = 256 * 1024
"""SQLite's page cache during a bulk insert, in KiB. The primary key index of
``stored_events`` is keyed by random uuids, so every insert lands on a random
index page: with the default 2 MiB cache a million-event import spends half its
time re-reading and spilling index pages. Allocated only as pages are used, and
set back when the import ends."""


def insert_rows_in_one_transaction(recorder: SQLiteApplicationRecorder, chunks: Iterator[Sequence[StoredRow]]) -> int:
    """Insert rows of ``stored_events`` (see :data:`StoredRow`) in one transaction: all or nothing.

    The rows are what the recorder's own ``_insert_events`` writes for the
    same stored events, with the recorder's own insert statement; they go in
    with one ``executemany`` a chunk, as the import needs no notification ids
    back (the recorder executes row by row to collect them).
    """
    count = 0
    statement = recorder.insert_events_statement
    with recorder.datastore.get_connection(commit=True) as connection:
        pragma = connection.cursor()
        pragma.execute("PRAGMA cache_size")
        previous = int(pragma.fetchone()[0])
        bigger = previous >= 0 or -previous < BULK_CACHE_KIB  # a positive size counts pages: make it KiB
        if bigger:
            pragma.execute(f"PRAGMA cache_size=-{BULK_CACHE_KIB}")
        try:
            with connection.transaction(commit=True) as cursor:
                for chunk in chunks:
                    cursor.executemany(statement, chunk)
                    count += len(chunk)
        finally:
            if bigger:
                pragma.execute(f"PRAGMA cache_size={previous}")
            pragma.sqlite_cursor.close()
    return count


@contextmanager
def first_event_lookup(recorder: SQLiteApplicationRecorder) -> Iterator[Callable[[UUID], bool]]:
    """``exists(originator_id)``: whether the aggregate has an event of version 1, for many ids in one read.

    The same question as ``bool(recorder.select_events(id, lte=1, limit=1))``,
    asked with one statement on one connection instead of a pooled
    transaction and :class:`StoredEvent` objects each time.
    """
    statement = f"SELECT 1 FROM {recorder.events_table_name} WHERE originator_id=? AND originator_version<=1 LIMIT 1"
    with recorder.datastore.transaction(commit=False) as cursor:

        def exists(originator_id: UUID) -> bool:
            cursor.execute(statement, (originator_id.hex if isinstance(originator_id, UUID) else originator_id,))
            return cursor.fetchone() is not None

        yield exists
