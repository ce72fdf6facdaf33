"""The SQLite store: a ledger file (eventsourcing's ``stored_events`` table), and the two ways projections and
imports reach its log in bulk.

:class:`SQLiteStore` is what :mod:`ledger.stores` makes of a ``--db`` path. Projections read the log through
:class:`LogReader`, one small interface; the PostgreSQL store (:mod:`ledger.postgres`) is a second reader of
it. The reader scans the stored rows itself: the library's own read path costs ~12 µs an event (see
``shared/notes/eventsourcing-9.5.md``), a raw scan ~2 µs.
"""

from __future__ import annotations

import hashlib
import os
import sqlite3
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import closing, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, NamedTuple, Protocol
from uuid import UUID

from eventsourcing.persistence import StoredEvent
from eventsourcing.sqlite import SQLiteApplicationRecorder, SQLiteCursor, SQLiteDatastore

from ledger import damage, decoding, ledger_file, witness
from ledger.errors import LedgerExistsError, LedgerFileError
from ledger.ledger_file import MARK_STATEMENTS, LedgerInfo, ReadOnlyConnection, inspect, open_read_only
from ledger.outputs import written_new
from ledger.witness import InsertWitness, link
from ledger.witness import type_of as type_of

DEFAULT_DB = "ratings.db"
"""The ledger file used when neither ``--db`` nor ``RATINGS_DB`` names one."""


def resolve_db(path: str | None) -> str:
    """The ledger file: the given path, else ``RATINGS_DB``, else ``./ratings.db``."""
    return path or os.environ.get("RATINGS_DB") or DEFAULT_DB


def sqlite_env(path: str) -> dict[str, str]:
    """The eventsourcing settings of a SQLite ledger file (passed explicitly, so
    that a stray shell variable cannot change the store).

    The recorder is :class:`LedgerRecorder`; it creates no table (only
    :func:`ledger.ledger_file.create` makes a ledger: a typo in ``--db`` never starts one).
    """
    return {
        "PERSISTENCE_MODULE": "eventsourcing.sqlite",
        "SQLITE_DBNAME": path,
        "SQLITE_LOCK_TIMEOUT": "30",
        "IS_SNAPSHOTTING_ENABLED": "no",
        "APPLICATION_RECORDER_TOPIC": "ledger.store:LedgerRecorder",
        "CREATE_TABLE": "no" if path != ":memory:" else "yes",
    }


class LedgerRecorder(SQLiteApplicationRecorder):
    """eventsourcing's SQLite recorder, reading no row the hash chain cannot cover.

    The chain (:mod:`ledger.chain`) covers positions (rowids) above 0; eventsourcing selects an
    aggregate's events by originator id whatever their rowid, so a row inserted by hand at rowid
    −1 would count. Here every select of events adds ``rowid > 0``. And a ledger made before the
    ledger mark (:mod:`ledger.ledger_file`) is marked by its first recorded fact, in the same
    transaction, when :attr:`unmarked` is set.
    """

    unmarked = False
    """Set by the application when the file has no ledger mark yet: the next insert marks it."""

    witnesses = True
    """Whether a recording writes the chain's witness of its events in its own transaction
    (:func:`ledger.witness.witness_recorded`); the chain's tests switch it off to leave a tail unsealed."""

    stops_at_duplicate = True
    """An insert of rows refused as a duplicate stops at that row (``executemany`` inserts row by row)."""

    def __init__(self, datastore: SQLiteDatastore, events_table_name: str = "stored_events") -> None:
        super().__init__(datastore, events_table_name)
        self.select_events_statement = f"SELECT * FROM {self.events_table_name} WHERE rowid > 0 AND originator_id=? "
        self._witnessed = threading.local()

    def witnessed(self) -> bool:
        """Whether the last insert of events in this thread wrote their witness in its own transaction: the
        application seals after a recording only when it did not."""
        return bool(getattr(self._witnessed, "done", False))

    def mark(self, cursor: SQLiteCursor | sqlite3.Cursor) -> None:
        """Mark an unmarked ledger, inside the caller's transaction."""
        if self.unmarked:
            for statement in MARK_STATEMENTS:
                cursor.execute(statement)

    def _insert_events(
        self, c: SQLiteCursor, stored_events: Sequence[StoredEvent], **kwargs: Any
    ) -> Sequence[int] | None:
        """Insert the events, then their witness in the same transaction: a recording is one commit.

        The inserts come first: they take SQLite's write lock, so the witness's end is read and extended
        with no other writer between (a read first would hold a snapshot an intervening commit makes stale).
        The witness is :func:`ledger.witness.witness_recorded`'s, O(1) in the log's length; when it cannot be
        written here (an unsealed tail, a mismatch), :meth:`witnessed` says so and the application seals
        after the commit, as before. Not for a ``:memory:`` store, which has no chain.
        """
        self._witnessed.done = False
        self.mark(c)
        positions = super()._insert_events(c, stored_events, **kwargs)
        if positions and self.witnesses and not self.datastore.pool.is_sqlite_memory_mode:
            self._witnessed.done = witness.witness_recorded(c.sqlite_cursor.connection, positions)
        return positions

    @contextmanager
    def lookup(self, statement: str, params: Callable[[UUID], Sequence[object]]) -> Iterator[Callable[[UUID], Any]]:
        """``find(originator_id)``: the first column of the first row of ``statement``, or None, for many ids
        in one read transaction (as :class:`ledger.postgres.PgLedgerRecorder` on PostgreSQL)."""
        with self.datastore.transaction(commit=False) as cursor:

            def find(originator_id: UUID) -> Any:
                cursor.execute(statement, params(originator_id))
                row = cursor.fetchone()
                return None if row is None else row[0]

            yield find

    def insert_rows(self, chunks: Iterator[Sequence[StoredRow]]) -> int:
        """Insert stored rows in one transaction, with their witness (:func:`insert_rows_in_one_transaction`)."""
        return insert_rows_in_one_transaction(self, chunks)


StoredRow = tuple[str, int, str, bytes]
"""A stored event as the ``stored_events`` table holds it: originator id (hex), version, topic, state."""

EventRow = tuple[int, str, str, int, bytes]
"""A stored event as the chain reads it: position, topic, originator id (hex), version, state."""


class LogRecord(NamedTuple):
    """One stored event: its position in the log, its type name and its JSON state.

    Its facts are read by :meth:`facts` (or, in bulk, :func:`ledger.decoding.facts`), never from the
    JSON directly: that is where an older version of an event is upcast to the current one.
    """

    position: int
    type: str
    state: bytes

    def facts(self) -> dict[str, Any]:
        """The event's facts, upcast to its type's current version (:func:`ledger.decoding.facts`)."""
        return decoding.facts(self.type, self.state)


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

    def chain_hash(self, position: int) -> bytes | None:
        """The log's hash chain at ``position`` (see :mod:`ledger.chain`); None if it holds no event there."""
        ...

    def chained(self, after: int, previous: bytes, upto: int | None = None) -> ChainedRecords:
        """Every record after position ``after`` (up to ``upto``), in log order, hashing the chain on
        from ``previous`` (the chain's hash at ``after``) as they are read."""
        ...


class ChainedRecords:
    """Records in log order, and the hash chain over them as far as they have been read.

    ``hash`` is h(``position``): the chain's hash at the last record read. A
    projection that folds these records and keeps ``position`` and ``hash``
    with what it folded is bound to the log it read: a later check finds whether that log is still the same.
    """

    def __init__(self, rows: Iterator[Sequence[tuple[int, str, str, int, bytes]]], after: int, previous: bytes) -> None:
        self._rows = rows
        self.position = after
        self.hash = previous

    def __iter__(self) -> Iterator[LogRecord]:
        types: dict[str, str] = {}
        h = self.hash
        for rows in self._rows:
            for position, topic, originator_id, version, state in rows:
                h = link(h, position, topic, originator_id, version, state)
                kind = types.get(topic)
                if kind is None:
                    kind = types[topic] = sys.intern(type_of(topic))
                self.position, self.hash = position, h
                yield LogRecord(position, kind, state)


class SQLiteLogReader:
    """A :class:`LogReader` over a SQLite ledger file: raw, read-only, in bulk."""

    def __init__(self, path: str, batch: int = 20_000) -> None:
        self.path = path
        self.batch = batch
        self._conn: sqlite3.Connection | None = None

    def _connection(self) -> witness.Connection:
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

    # The queries are written once, in SQLite's SQL; a reader of another store (ledger.postgres.PgLogReader)
    # runs them its own way, by overriding _batches and _connection.

    def _batches(self, sql: str, params: Sequence[object]) -> Iterator[Sequence[tuple[Any, ...]]]:
        """The rows of ``sql``, ``batch`` at a time."""
        cursor = self._connection().execute(sql, tuple(params))
        return iter(lambda: cursor.fetchmany(self.batch), [])

    def head(self) -> int:
        row = self._connection().execute("SELECT MAX(rowid) FROM stored_events").fetchone()
        return max(int(row[0] or 0), 0)

    # Every query reads positions > 0 only: the hash chain covers those (a row at rowid <= 0 is outside
    # it, and `ratings verify` names it), and the application reads no row the chain cannot cover.

    def records(self, after: int = 0) -> Iterator[LogRecord]:
        types: dict[str, str] = {}  # a handful of topics: one (interned) type name each
        for rows in self._batches(
            "SELECT rowid, topic, state FROM stored_events WHERE rowid > ? ORDER BY rowid", (max(after, 0),)
        ):
            for position, topic, state in rows:
                kind = types.get(topic)
                if kind is None:
                    kind = types[topic] = sys.intern(type_of(topic))
                yield LogRecord(position, kind, state)

    def records_of(self, types: Sequence[str], after: int = 0) -> Iterator[LogRecord]:
        # The store keeps topics (module:Class); the filter runs in the store, so that the few
        # publications of a million-event log are found without reading the rest.
        where = " OR ".join("topic LIKE ?" for _ in types) or "1 = 0"
        for rows in self._batches(
            f"SELECT rowid, topic, state FROM stored_events WHERE rowid > ? AND ({where}) ORDER BY rowid",
            (max(after, 0), *(f"%:{kind}" for kind in types)),
        ):
            for position, topic, state in rows:
                yield LogRecord(position, type_of(topic), state)

    def aggregate_records(self, originator_id: UUID) -> list[LogRecord]:
        rows = self._connection().execute(
            "SELECT rowid, topic, state FROM stored_events WHERE originator_id = ? AND rowid > 0 "
            "ORDER BY originator_version",
            (originator_id.hex,),
        )
        return [LogRecord(position, type_of(topic), state) for position, topic, state in rows]

    def chain_hash(self, position: int) -> bytes | None:
        return witness.hash_at(self._connection(), position)

    def chained(self, after: int, previous: bytes, upto: int | None = None) -> ChainedRecords:
        rows = self._batches(
            "SELECT rowid, topic, originator_id, originator_version, CAST(ifnull(state, x'') AS BLOB) "
            "FROM stored_events WHERE rowid > ? AND rowid <= ? ORDER BY rowid",
            (max(after, 0), 2**63 - 1 if upto is None else upto),
        )
        return ChainedRecords(rows, after, previous)

    def close(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None


class ReadOnlyLogReader(SQLiteLogReader):
    """A :class:`SQLiteLogReader` whose connection is :func:`ledger.ledger_file.open_read_only`'s:
    it never creates the file, and reads a WAL ledger in a read-only folder."""

    def __init__(self, path: str, conn: sqlite3.Connection | None = None, batch: int = 20_000) -> None:
        super().__init__(path, batch)
        self._conn = conn

    def _connection(self) -> sqlite3.Connection:
        if self._conn is None:
            self._conn = open_read_only(self.path)
        return self._conn


def open_reader(path: str) -> tuple[ReadOnlyLogReader, LedgerInfo]:
    """A read-only reader of the ledger at ``path``, and what it is; a typed refusal if it is not a ledger."""
    conn = open_read_only(path)
    try:
        info = inspect(path, conn)
    except BaseException:
        conn.close()
        raise
    return ReadOnlyLogReader(path, conn), info


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
    back (the recorder executes row by row to collect them). The hash chain's
    witness of the new rows is written in the same transaction, hashed as
    they go in (:class:`ledger.witness.InsertWitness`), when the witness ended
    at the log's last position; else the caller's seal makes it afterwards.
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
                if isinstance(recorder, LedgerRecorder):
                    recorder.mark(cursor)
                conn = cursor.sqlite_cursor.connection
                insert_witness = InsertWitness.begin(conn, flush=True)
                for chunk in chunks:
                    cursor.executemany(statement, chunk)
                    if insert_witness is not None:
                        insert_witness.add(chunk)
                    count += len(chunk)
                if insert_witness is not None:
                    insert_witness.finish(conn)
        finally:
            if bigger:
                pragma.execute(f"PRAGMA cache_size={previous}")
            pragma.sqlite_cursor.close()
    return count


class Written(NamedTuple):
    """A copy written into a store (:meth:`SQLiteStore.written_copy`), to be verified before it is taken."""

    db: str
    """The ledger written, as ``--db`` names it (a SQLite copy: its temporary name until it is verified)."""
    events: int
    refused: str
    """What a refused copy leaves, for the refusal's message."""


@dataclass(frozen=True)
class SQLiteStore:
    """A ledger in a SQLite file (:mod:`ledger.ledger_file`): the :class:`ledger.stores.Store` of a ``--db`` path."""

    db: str

    seals_under_lock: ClassVar[bool] = False
    """One writer at a time (SQLite's lock): a seal reads a snapshot and retries if another seal appended."""

    @property
    def shown(self) -> str:
        return self.db

    @property
    def file(self) -> Path:
        return Path(self.db)

    def check(self) -> LedgerInfo:
        return ledger_file.check(self.db)

    def write_problem(self) -> str | None:
        return ledger_file.write_problem(self.db)

    def create(self) -> None:
        ledger_file.create(self.db)

    def env(self) -> dict[str, str]:
        return sqlite_env(self.db)

    def recorder(self, recorder: object) -> LedgerRecorder:
        assert isinstance(recorder, LedgerRecorder), f"{type(recorder).__name__} is not the SQLite ledger's recorder"
        return recorder

    def open_reader(self) -> ReadOnlyLogReader:
        return open_reader(self.db)[0]

    def snapshot(self) -> ReadOnlyConnection:
        """The ledger file read-only (:func:`ledger.ledger_file.open_read_only`), checked to be a ledger, in
        one snapshot for every read on it."""
        conn = open_read_only(self.db)
        try:
            inspect(self.db, conn)
            conn.execute("BEGIN")  # one snapshot for every read below
        except BaseException:
            conn.close()
            raise
        return conn

    def writer(self) -> sqlite3.Connection:
        """A connection to the existing file only (``mode=rw``, never created)."""
        return sqlite3.connect(
            f"{Path(self.db).resolve().as_uri()}?mode=rw", uri=True, timeout=30, isolation_level=None
        )

    def errors(self, *also: type[Exception]) -> tuple[type[Exception], ...]:
        return (*also, sqlite3.Error)

    def describe_error(self, error: BaseException) -> str:
        return ledger_file.describe_store_error(error, self.db)

    def refuse_if_damaged(self) -> None:
        damage.refuse_if_found(self.db)

    def found_damaged(self, what: str) -> None:
        if Path(self.db).is_file():
            damage.found(self.db, what)

    def damage_cleared(self) -> str | None:
        return damage.cleared(self.db)

    def cache_file(
        self, cache_dir: str | None, name: Callable[[str], str], notice: Callable[[str], None] | None
    ) -> str | None:
        """In ``cache_dir`` under the file's name and a tag of its full path (two ledgers of one name, two
        projections files); else beside the file, or None when its folder is read-only."""
        if cache_dir is not None:
            tag = hashlib.sha256(str(Path(self.db).resolve()).encode()).hexdigest()[:12]
            return str(Path(cache_dir) / Path(name(f"{Path(self.db).stem}-{tag}.db")).name)
        beside = name(self.db)
        if not os.access(Path(beside).resolve().parent, os.W_OK):
            if notice is not None:
                notice(
                    f"note: the folder of {self.db} is read-only: the projections are kept in memory "
                    "(--cache-dir DIR keeps them)"
                )
            return None
        return beside

    def backup_file(self, dest: Path, progress: Callable[[int, int], None] | None = None) -> int:
        """SQLite's backup API (:func:`ledger.ledger_file.backup`)."""
        return ledger_file.backup(self.db, str(dest), progress)

    def check_new(self, kind: str) -> None:
        """A copy makes a new file: an existing one, or a missing folder, is refused."""
        target = Path(self.db)
        if target.exists() or target.is_symlink():
            what = "a folder" if target.is_dir() else "a file" if target.exists() else "a link to a missing file"
            raise LedgerExistsError(f"{self.db} already exists ({what}): the {kind} writes a new file")
        if not target.resolve().parent.is_dir():
            raise LedgerFileError(f"cannot write the {kind} {self.db}: the folder {target.parent} does not exist")

    @contextmanager
    def written_copy(
        self,
        events: Iterator[Sequence[EventRow]],
        blocks: list[tuple[Any, ...]],
        progress: Callable[[int], None] | None,
    ) -> Iterator[Written]:
        """The new file, written under a hidden temporary name beside it and named only once the ``with`` body
        has verified it (:func:`ledger.outputs.written_new`): a copy that fails or is killed leaves no ledger
        here (an empty one would pass ``verify`` with "0 events" and refuse the retry as "already exists")."""
        count = 0
        try:
            with written_new(Path(self.db)) as temp:
                ledger_file.create(str(temp))
                uri = temp.resolve().as_uri() + "?mode=rw"
                with closing(sqlite3.connect(uri, uri=True, isolation_level=None)) as conn:
                    conn.execute("BEGIN IMMEDIATE")
                    for rows in events:
                        conn.executemany(
                            f"INSERT INTO {ledger_file.EVENTS_TABLE} "
                            "(rowid, originator_id, originator_version, topic, state) VALUES (?, ?, ?, ?, ?)",
                            [(position, oid, version, topic, state) for position, topic, oid, version, state in rows],
                        )
                        count += len(rows)
                        if progress is not None:
                            progress(len(rows))
                    conn.execute(witness.CREATE_WITNESS)
                    conn.executemany(witness.INSERT_BLOCK, blocks)
                    conn.execute("COMMIT")
                yield Written(str(temp), count, "it was removed, and nothing was written")
        except (FileNotFoundError, PermissionError) as error:  # the folder went away, or may not be written
            raise LedgerFileError(f"cannot write {self.db}: {error.strerror or error}") from None
