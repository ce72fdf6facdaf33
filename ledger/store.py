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
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import NamedTuple, Protocol
from uuid import UUID

from eventsourcing.persistence import StoredEvent
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
        while rows := cursor.fetchmany(self.batch):
            for position, topic, state in rows:
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


def insert_in_one_transaction(recorder: SQLiteApplicationRecorder, chunks: Iterator[Sequence[StoredEvent]]) -> int:
    """Insert every chunk of stored events in a single transaction: all or nothing.

    ``Application.save`` commits once per call, and holding a million stored
    events for one call costs memory; this writes chunk by chunk inside one
    transaction of the recorder's own datastore, with the recorder's own
    insert statement, so a failure anywhere rolls the whole import back.
    """
    count = 0
    with recorder.datastore.transaction(commit=True) as cursor:
        for chunk in chunks:
            recorder._insert_events(cursor, chunk)
            count += len(chunk)
    return count
