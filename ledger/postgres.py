"""The PostgreSQL store: one central log that several offices record into at once.

``--db postgresql://USER@HOST:PORT/DBNAME`` names a ledger in a PostgreSQL database. Its tables:

- :data:`EVENTS_TABLE`, eventsourcing's own (``eventsourcing.postgres``): ``originator_id uuid``,
  ``originator_version``, ``topic``, ``state bytea`` and ``notification_id``, the event's position in
  the log. eventsourcing takes ``LOCK TABLE … IN EXCLUSIVE MODE`` before every insert, so positions
  are handed out in commit order: a reader never sees position 12 before position 11 is committed,
  which the hash chain needs. Positions can have gaps (an insert refused as a duplicate uses up its
  numbers); the chain covers the positions the log holds, in order, gaps and all.
- :data:`WITNESS_TABLE`, the chain's witness (:mod:`ledger.chain`), the same columns as in a SQLite ledger.
- :data:`MARK_TABLE`, the ledger mark: one row naming the application (``RTLG``) and the format, the
  counterpart of a SQLite ledger's ``application_id`` and ``user_version``.

The hash chain is the same function of the same facts on both stores: a position, the topic, the
originator id as 32 lowercase hex digits (as SQLite stores it), the version and the state's bytes. So a
ledger copied between stores (:mod:`ledger.copying`) keeps its head, and heads printed by ``publish``
on one store verify on the other.

The chain's SQL (:mod:`ledger.witness`) and the bulk lookups are written once, in SQLite's SQL;
:class:`PgConnection` runs them on PostgreSQL by :func:`translate`, a fixed set of rewrites (placeholders,
``rowid``, the table's name, types, SQLite's catalogue), each of them exercised by the contract suite on both
stores. :class:`PgStore` is what :mod:`ledger.stores` makes of a ``postgresql://`` URL.
"""

from __future__ import annotations

import hashlib
import ipaddress
import os
import sqlite3
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar
from urllib.parse import urlsplit
from uuid import UUID

import psycopg
from eventsourcing.persistence import IntegrityError
from eventsourcing.postgres import PostgresApplicationRecorder, PostgresDatastore
from psycopg.rows import tuple_row
from psycopg.sql import SQL, Identifier

from ledger import witness
from ledger.errors import LedgerError, LedgerExistsError, LedgerFileError, NoLedgerError, NotALedgerError
from ledger.ledger_file import LedgerInfo, describe_store_error
from ledger.store import EventRow, SQLiteLogReader, StoredRow, Written
from ledger.urls import shown
from ledger.witness import InsertWitness

APPLICATION_NAME = "RatingLedger"
"""The application's name (:class:`ledger.application.RatingLedger`), which eventsourcing names its table after."""

EVENTS_TABLE = "ratingledger_events"
"""The log's table: eventsourcing names it after the application (``RatingLedger``)."""

WITNESS_TABLE = "log_chain"
MARK_TABLE = "ledger_mark"
APPLICATION = "RTLG"
FORMAT = 1

CREATE_MARK = f"CREATE TABLE {MARK_TABLE} (application text NOT NULL, format integer NOT NULL)"

CREATE_WITNESS = f"""CREATE TABLE IF NOT EXISTS {WITNESS_TABLE} (
    block bigint PRIMARY KEY,
    first_position bigint NOT NULL,
    last_position bigint NOT NULL,
    sealed_at text NOT NULL,
    positions bytea,
    hashes bytea NOT NULL
)"""

INIT_LOCK = 0x52544C47
"""The advisory lock ``ratings init`` holds while it makes the tables (the ASCII of ``RTLG``)."""

SCAN_ROWS = 4096
"""Rows a scan of the log fetches from the server at a time."""

CONNECT_TIMEOUT = 10
"""Seconds to wait for the server before saying it cannot be reached."""


def _conninfo(url: str) -> dict[str, Any]:
    try:
        info = psycopg.conninfo.conninfo_to_dict(url)
    except psycopg.ProgrammingError as error:  # libpq's text quotes the URL: never show its password
        raise LedgerFileError(
            f"{shown(url)} is not a PostgreSQL address: {' '.join(str(error).replace(url, shown(url)).split())}"
        ) from None
    if not info.get("dbname"):
        raise LedgerFileError(f"{shown(url)} names no database: write postgresql://USER@HOST:PORT/DBNAME")
    for host in str(info.get("host") or "").split(","):
        _check_host(url, host)
    return info


def _check_host(url: str, host: str) -> None:
    """A host name libpq would hand to the resolver must be one (an empty label, ``a..b``, or one of 64
    characters made the idna codec raise a traceback): a socket folder or an IP address passes.

    >>> _check_host("postgresql://u@a..b:5432/db", "a..b")
    Traceback (most recent call last):
    ledger.errors.LedgerFileError: postgresql://u@a..b:5432/db is not a PostgreSQL address: its host a..b is not a \
host name (each part between dots is 1 to 63 characters)
    """
    if not host or host.startswith("/"):
        return
    try:
        ipaddress.ip_address(host)
        return
    except ValueError:
        pass
    try:
        host.encode("idna")
    except UnicodeError:
        raise LedgerFileError(
            f"{shown(url)} is not a PostgreSQL address: its host {host} is not a host name "
            "(each part between dots is 1 to 63 characters)"
        ) from None


def env(url: str) -> dict[str, str]:
    """eventsourcing's settings for the ledger at ``url`` (passed explicitly, as :func:`ledger.store.sqlite_env`)."""
    info = _conninfo(url)
    return {
        "PERSISTENCE_MODULE": "eventsourcing.postgres",
        "POSTGRES_DBNAME": str(info["dbname"]),
        "POSTGRES_HOST": str(info.get("host") or "localhost"),
        "POSTGRES_PORT": str(info.get("port") or "5432"),
        "POSTGRES_USER": str(info.get("user") or ""),
        # eventsourcing passes a password always: without one in the URL, libpq's own PGPASSWORD (an empty one
        # still lets libpq read ~/.pgpass).
        "POSTGRES_PASSWORD": str(info.get("password") or os.environ.get("PGPASSWORD", "")),
        "POSTGRES_CONNECT_TIMEOUT": str(CONNECT_TIMEOUT),
        "POSTGRES_LOCK_TIMEOUT": "60",
        "POSTGRES_POOL_SIZE": "2",
        "POSTGRES_MAX_OVERFLOW": "2",
        "POSTGRES_IDLE_IN_TRANSACTION_SESSION_TIMEOUT": "0",
        "IS_SNAPSHOTTING_ENABLED": "no",
        "APPLICATION_RECORDER_TOPIC": "ledger.postgres:PgLedgerRecorder",
        "CREATE_TABLE": "no",
    }


# --- running the ledger's SQL on PostgreSQL -------------------------------------------

_REWRITES: tuple[tuple[str, str], ...] = (
    # the columns the chain hashes: the originator id as SQLite stores it (hex), a NULL state as no bytes
    ("originator_id, originator_version, CAST(ifnull(state, x'') AS BLOB)",
     "replace(originator_id::text, '-', ''), originator_version, coalesce(state, ''::bytea)"),
    ("stored_events", EVENTS_TABLE),
    ("rowid", "notification_id"),
    ("BLOB", "bytea"),
    ("INTEGER", "bigint"),
    # SQLite's catalogue (ledger.witness.HAS_TABLE), as PostgreSQL's names a table of the current schema
    ("sqlite_master WHERE type = 'table' AND name = ?",
     "information_schema.tables WHERE table_schema = current_schema() AND table_name = ?"),
)  # fmt: skip


def translate(sql: str) -> str:
    """SQLite's SQL of the ledger, as PostgreSQL reads it.

    >>> translate("SELECT max(rowid) FROM stored_events WHERE rowid > ?")
    'SELECT max(notification_id) FROM ratingledger_events WHERE notification_id > %s'
    """
    for old, new in _REWRITES:
        sql = sql.replace(old, new)
    return sql.replace("?", "%s")


class PgConnection:
    """A psycopg connection that runs the ledger's SQLite SQL (:func:`translate`), with the parts of
    :class:`sqlite3.Connection` the chain uses (:class:`ledger.witness.Connection`): ``execute``,
    ``executemany``, ``in_transaction``."""

    immutable = False
    """A PostgreSQL ledger is never opened as an immutable file."""

    def integrity_problems(self) -> tuple[str, ...]:
        """Nothing: PostgreSQL checks its own pages as it reads them (a damaged page is an error, not a wrong row)."""
        return ()

    def __init__(self, conn: psycopg.Connection[Any], url: str, *, read_only: bool = False) -> None:
        self.conn = conn
        self.url = url
        self.read_only = read_only

    def execute(
        self, sql: str, params: Sequence[object] = ()
    ) -> psycopg.Cursor[tuple[Any, ...]] | psycopg.ServerCursor[tuple[Any, ...]]:
        stripped = sql.strip().upper()
        if stripped == "BEGIN":
            mode = "REPEATABLE READ READ ONLY" if self.read_only else "READ COMMITTED"
            sql = f"BEGIN ISOLATION LEVEL {mode}"  # reads: one snapshot for every read
        elif stripped == "BEGIN IMMEDIATE":  # the witness's writer: one seal at a time
            self.conn.execute("BEGIN")
            sql = f"LOCK TABLE {WITNESS_TABLE} IN EXCLUSIVE MODE"
        elif stripped in ("COMMIT", "ROLLBACK"):
            pass
        else:
            sql = translate(sql)
        cursor: psycopg.Cursor[tuple[Any, ...]] | psycopg.ServerCursor[tuple[Any, ...]]
        if " ORDER BY " in sql and " LIMIT " not in sql and self.in_transaction and not self._pipelined:
            # A scan (the chain's, over the log or the witness): streamed from a cursor on the server, a few
            # thousand rows at a time, as SQLite's cursor streams; a client cursor would hold every row.
            PgConnection._scans += 1
            cursor = self.conn.cursor(f"ledger_scan_{PgConnection._scans}", row_factory=tuple_row)
            cursor.itersize = SCAN_ROWS
        else:
            cursor = self.conn.cursor(row_factory=tuple_row)
        cursor.execute(sql, params or None)
        return cursor

    _scans = 0
    """Scans opened so far in this process: each server cursor's name is unique."""

    @property
    def _pipelined(self) -> bool:
        """Whether the connection is in pipeline mode (a recording's, inside eventsourcing's insert), where a
        server cursor cannot be opened: the reads there are a few rows."""
        return self.conn.info.pipeline_status != psycopg.pq.PipelineStatus.OFF

    def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        with self.conn.cursor(row_factory=tuple_row) as cursor:
            cursor.executemany(translate(sql), rows)

    @property
    def in_transaction(self) -> bool:
        return self.conn.info.transaction_status != psycopg.pq.TransactionStatus.IDLE

    def has_table(self, name: str) -> bool:
        row = self.conn.execute(
            "SELECT 1 FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = %s",
            (name,),
        ).fetchone()
        return row is not None

    kept = False
    """Set by :func:`connect` with ``keep``: :meth:`close` puts the connection aside for the next one."""

    def close(self) -> None:
        if self.kept and not self.conn.closed:
            if self.in_transaction:
                try:
                    self.conn.execute("ROLLBACK")
                except psycopg.Error:
                    self.conn.close()
                    return
            _keep(self)
            return
        self.conn.close()

    def __enter__(self) -> PgConnection:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()


_KEPT: dict[tuple[str, bool], PgConnection] = {}
"""Connections put aside by :meth:`PgConnection.close`, one per ledger and mode, for the next :func:`connect`."""

_KEPT_AT_MOST = 4


def _keep(conn: PgConnection) -> None:
    key = (conn.url, conn.read_only)
    if key in _KEPT or len(_KEPT) >= _KEPT_AT_MOST:
        conn.conn.close()
        return
    _KEPT[key] = conn


def _kept(url: str, read_only: bool) -> PgConnection | None:
    """A connection put aside for ``url``, if it still answers."""
    conn = _KEPT.pop((url, read_only), None)
    if conn is None:
        return None
    try:
        conn.conn.execute("SELECT 1")
    except psycopg.Error:
        conn.conn.close()
        return None
    return conn


def connect(url: str, *, read_only: bool = False, keep: bool = False) -> PgConnection:
    """A connection to the server of ``url`` in autocommit mode (transactions are begun explicitly, as on
    SQLite); a :class:`LedgerFileError` naming the server when it cannot be reached.

    ``keep``: closing it puts it aside for the next ``connect(url, keep=True)`` in this process, which then
    costs a round trip instead of a new connection: the chain's seal after every recording takes two.
    """
    if keep:
        found = _kept(url, read_only)
        if found is not None:
            return found
    info = _conninfo(url)
    try:
        conn = psycopg.connect(
            **{**info, "connect_timeout": info.get("connect_timeout", CONNECT_TIMEOUT)}, autocommit=True
        )
    except psycopg.Error as error:
        detail = " ".join(line.strip() for line in str(error).splitlines() if line.strip()) or type(error).__name__
        if f'database "{info["dbname"]}" does not exist' in detail:
            detail += f"; create the database first (createdb {info['dbname']}), then `ratings init {shown(url)}`"
        raise LedgerFileError(f"cannot reach the ledger {shown(url)}: {detail}") from None
    made = PgConnection(conn, url, read_only=read_only)
    made.kept = keep
    return made


# --- what is there ------------------------------------------------------------------


def _tables(conn: PgConnection) -> list[str]:
    rows = conn.conn.execute(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() ORDER BY 1"
    ).fetchall()
    return [str(row[0]) for row in rows]


def inspect(url: str, conn: PgConnection) -> int | None:
    """Check that the database of ``url`` holds a ledger; the log's lowest position (None when empty).

    A database without our tables is no ledger (``ratings init`` makes one); one with the log's table
    but no mark, or another application's mark, or a newer format, is refused.
    """
    tables = _tables(conn)
    where = shown(url)
    if MARK_TABLE not in tables:
        if EVENTS_TABLE in tables:
            raise NotALedgerError(f"{where} is not a rating ledger: it holds {EVENTS_TABLE} but no ledger mark")
        raise NoLedgerError(f"no ledger at {where}: create one with `ratings init {where}`")
    rows = conn.conn.execute(f"SELECT application, format FROM {MARK_TABLE}").fetchall()
    if len(rows) != 1 or rows[0][0] != APPLICATION:
        raise NotALedgerError(f"{where} is not a rating ledger: its {MARK_TABLE} table is not ours")
    if int(rows[0][1]) > FORMAT:
        raise NotALedgerError(
            f"{where} is a rating ledger of format {rows[0][1]}, newer than this program reads "
            f"(format {FORMAT}): upgrade ratings"
        )
    if EVENTS_TABLE not in tables:
        raise NotALedgerError(f"{where} is a damaged rating ledger: it has the ledger mark but no {EVENTS_TABLE}")
    first = conn.conn.execute(f"SELECT min(notification_id) FROM {EVENTS_TABLE}").fetchone()
    return None if first is None or first[0] is None else int(first[0])


def create(url: str) -> None:
    """Create the ledger's tables in the database of ``url``, in one transaction; refused if a ledger is there."""
    from eventsourcing.postgres import PostgresFactory
    from eventsourcing.utils import Environment

    with connect(url) as conn:
        tables = _tables(conn)
        if MARK_TABLE in tables or EVENTS_TABLE in tables:
            raise LedgerExistsError(f"{shown(url)} already holds a ledger: `ratings init` creates a new ledger only")
        factory = PostgresFactory(Environment(APPLICATION_NAME, env(url)))
        try:
            recorder = factory.application_recorder()
            assert isinstance(recorder, PgLedgerRecorder) and recorder.events_table_name == EVENTS_TABLE
            with conn.conn.transaction():
                # Two `ratings init` at once: the second waits here, then finds the first's ledger.
                conn.conn.execute("SELECT pg_advisory_xact_lock(%s)", (INIT_LOCK,))
                if MARK_TABLE in _tables(conn) or EVENTS_TABLE in _tables(conn):
                    raise LedgerExistsError(
                        f"{shown(url)} already holds a ledger: `ratings init` creates a new ledger only"
                    )
                for statement in recorder.sql_create_statements:
                    if "CREATE TYPE" in statement.as_string():
                        # eventsourcing's row type, which another application of the database may have made
                        try:
                            with conn.conn.transaction():
                                conn.conn.execute(statement)
                        except psycopg.errors.DuplicateObject:
                            pass
                    else:
                        conn.conn.execute(statement)
                conn.conn.execute(CREATE_WITNESS)
                conn.conn.execute(CREATE_MARK)
                conn.conn.execute(f"INSERT INTO {MARK_TABLE} VALUES (%s, %s)", (APPLICATION, FORMAT))
        finally:
            factory.close()


# --- the application's recorder -----------------------------------------------------


_COPY_EVENTS = (
    f"COPY {EVENTS_TABLE} (notification_id, topic, originator_id, originator_version, state) FROM STDIN (FORMAT BINARY)"
)


def copy_events(conn: psycopg.Connection[Any], rows: Iterable[tuple[int, str, str, int, bytes]]) -> int:
    """Write ``rows`` into the log by binary ``COPY``, each at its own position, in the caller's transaction (which
    holds the table's lock); move the positions' sequence past them. The last position written (0 for none).

    A row is the chain's (:mod:`ledger.chain`): position, topic, originator id as SQLite's 32 hex digits,
    version, state. The bulk import (:meth:`PgLedgerRecorder.insert_rows`) and ``ratings copy`` both write so.
    """
    last = 0
    with conn.cursor() as cursor, cursor.copy(_COPY_EVENTS) as copy:
        copy.set_types(["int8", "text", "uuid", "int8", "bytea"])
        for position, topic, originator_id, version, state in rows:
            copy.write_row((position, topic, UUID(hex=originator_id), version, state))
            last = position
    if last:
        conn.execute(f"SELECT setval(pg_get_serial_sequence('{EVENTS_TABLE}', 'notification_id'), %s)", (last,))
    return last


def analyse(conn: psycopg.Connection[Any]) -> None:
    """``ANALYZE`` the log after a bulk insert or a copy (outside its transaction), so that the planner's
    statistics know its size: an aggregate's events are then read by their primary key, whatever autovacuum's
    settings."""
    conn.execute(f"ANALYZE {EVENTS_TABLE}")


class PgLedgerRecorder(PostgresApplicationRecorder):
    """eventsourcing's PostgreSQL recorder, reading no row the hash chain cannot cover (as
    :class:`ledger.store.LedgerRecorder` on SQLite), with the ledger's bulk paths."""

    unmarked = False
    """Never set: a PostgreSQL ledger is marked when it is made."""

    witnesses = True
    """As :attr:`ledger.store.LedgerRecorder.witnesses`: whether a recording writes its witness itself."""

    stops_at_duplicate = False
    """An insert of rows refused as a duplicate does not say which: ``COPY`` sends the rows ahead of the check."""

    def __init__(self, datastore: PostgresDatastore, *, events_table_name: str = EVENTS_TABLE) -> None:
        super().__init__(datastore, events_table_name=events_table_name)
        # ``notification_id + 0``: the filter must not make the planner scan the positions' index (a million
        # rows, on a table without statistics after a bulk import) instead of the aggregate's primary key.
        self.select_events_statement = SQL(
            "SELECT * FROM {schema}.{table} WHERE notification_id + 0 > 0 AND originator_id = %s"
        ).format(schema=Identifier(self.datastore.schema), table=Identifier(self.events_table_name))
        self._witnessed = threading.local()

    def witnessed(self) -> bool:
        """As :meth:`ledger.store.LedgerRecorder.witnessed`: whether the last insert of events in this thread
        wrote their witness in its own transaction."""
        return bool(getattr(self._witnessed, "done", False))

    def insert_events(self, stored_events: Sequence[Any], **kwargs: Any) -> Sequence[int] | None:
        self._witnessed.done = False
        positions: Sequence[int] | None = super().insert_events(stored_events, **kwargs)
        return positions

    def _fetch_ids_after_insert_events(
        self, curs: psycopg.Cursor[Any], stored_events: Sequence[Any], **kwargs: Any
    ) -> Sequence[int] | None:
        """The positions eventsourcing gave the events just inserted, then their witness in the same
        transaction (:func:`ledger.witness.witness_recorded`): a recording is one commit.

        The log's table is locked already (eventsourcing's ``LOCK TABLE … IN EXCLUSIVE MODE``); the witness's
        is locked after it, in the order :meth:`insert_rows` takes them (a seal takes the witness's alone), so
        the witness is extended in commit order and no seal appends meanwhile. A ledger whose witness table is
        gone is left to the seal after the recording, as is one whose witness does not end at the log's head.
        """
        positions = super()._fetch_ids_after_insert_events(curs, stored_events, **kwargs)
        if positions and self.witnesses:
            pg = PgConnection(curs.connection, "")
            if pg.has_table(WITNESS_TABLE):
                curs.connection.execute(f"LOCK TABLE {WITNESS_TABLE} IN EXCLUSIVE MODE")
                self._witnessed.done = witness.witness_recorded(pg, positions)
        return positions

    @contextmanager
    def lookup(self, statement: str, params: Callable[[UUID], Sequence[object]]) -> Iterator[Callable[[UUID], Any]]:
        """``find(originator_id)``: the first column of the first row of ``statement`` (SQLite's SQL), or None,
        for many ids on one connection in one snapshot."""
        with (
            self.datastore.get_connection() as conn,
            conn.transaction(),
            conn.cursor(row_factory=tuple_row) as cursor,
        ):
            sql = translate(statement)

            def find(originator_id: UUID) -> Any:
                cursor.execute(sql, params(originator_id))
                row = cursor.fetchone()
                return None if row is None else row[0]

            yield find

    def insert_rows(self, chunks: Iterator[Sequence[StoredRow]]) -> int:
        """Insert stored rows in one transaction, at the positions after the log's last, with their witness.

        The table is locked as eventsourcing locks it for every insert, so the positions are the next ones
        in commit order; the rows go in by ``COPY``; the witness is hashed as they go and written in the
        same transaction; the sequence is moved past them.
        """
        count = 0
        with self.datastore.get_connection() as conn:
            with conn.transaction():
                conn.execute(f"LOCK TABLE {EVENTS_TABLE} IN EXCLUSIVE MODE")
                conn.execute(f"LOCK TABLE {WITNESS_TABLE} IN EXCLUSIVE MODE")  # no seal meanwhile: the witness is ours
                pg = PgConnection(conn, "")
                insert_witness = InsertWitness.begin(pg, flush=False)  # the connection is busy with COPY meanwhile
                if insert_witness is not None:  # it read the log's last position
                    position = insert_witness.first - 1
                else:
                    last = pg.execute("SELECT max(rowid) FROM stored_events").fetchone()
                    position = int(last[0] or 0) if last is not None else 0

                def rows() -> Iterator[tuple[int, str, str, int, bytes]]:
                    nonlocal count, position
                    for chunk in chunks:
                        for originator_id, version, topic, state in chunk:
                            position += 1
                            yield position, topic, originator_id, version, state
                        if insert_witness is not None:
                            insert_witness.add(chunk)
                        count += len(chunk)

                try:
                    copy_events(conn, rows())
                except psycopg.errors.UniqueViolation as error:
                    raise IntegrityError(str(error)) from None
                if insert_witness is not None:
                    insert_witness.finish(pg)
            if count:
                analyse(conn)
        return count


# --- the projections' reader --------------------------------------------------------


class PgLogReader(SQLiteLogReader):
    """A :class:`ledger.store.LogReader` over a PostgreSQL ledger: raw, read-only, in bulk.

    Its queries are :class:`~ledger.store.SQLiteLogReader`'s, run through :func:`translate`; records
    stream from a server-side cursor, ``batch`` rows at a time. Reads are in a snapshot (``REPEATABLE
    READ READ ONLY``): the head, the records and the chain's hashes a query reads agree with each other
    however many offices record meanwhile. :meth:`head`, which a projection asks first, starts a new
    snapshot when no records are streaming, so that a reader kept open (``projections.Ratings``) sees
    what the log gains, as on SQLite.
    """

    def __init__(self, url: str, conn: PgConnection | None = None, batch: int = 20_000) -> None:
        super().__init__(url, batch)
        self.url = url
        self._pg = conn
        self._cursors = 0
        self._streaming = 0

    def _connection(self) -> PgConnection:
        if self._pg is None:
            self._pg = connect(self.url, read_only=True)
        if not self._pg.in_transaction:
            self._pg.execute("BEGIN")
        return self._pg

    def _batches(self, sql: str, params: Sequence[object]) -> Iterator[Sequence[tuple[Any, ...]]]:
        conn = self._connection().conn
        self._cursors += 1
        self._streaming += 1
        try:
            with conn.cursor(name=f"records_{self._cursors}", row_factory=tuple_row) as cursor:
                cursor.itersize = self.batch
                cursor.execute(translate(sql), params)
                while rows := cursor.fetchmany(self.batch):
                    yield rows
        finally:
            self._streaming -= 1

    def head(self) -> int:
        if self._pg is not None and self._streaming == 0 and self._pg.in_transaction:
            self._pg.execute("COMMIT")  # a new snapshot: what the log has gained since the last query
        return super().head()

    def close(self) -> None:
        if self._pg is not None:
            self._pg.close()
            self._pg = None


def open_reader(url: str) -> tuple[PgLogReader, int | None]:
    """A read-only reader of the ledger at ``url``, checked to be a ledger, and the log's lowest position."""
    conn = connect(url, read_only=True)
    try:
        first = inspect(url, conn)
    except BaseException:
        conn.close()
        raise
    return PgLogReader(url, conn), first


# --- the store ------------------------------------------------------------------------


@dataclass(frozen=True)
class PgStore:
    """A ledger in a PostgreSQL database: the :class:`ledger.stores.Store` of a ``postgresql://`` URL."""

    db: str

    seals_under_lock: ClassVar[bool] = True
    """Several offices record at once: a seal reads under the witness's lock, so it waits for another, never
    loses to it."""

    file: ClassVar[None] = None
    """On a server: no file here to protect, and no damage mark beside one."""

    @property
    def shown(self) -> str:
        return shown(self.db)

    def check(self) -> LedgerInfo:
        with connect(self.db, read_only=True) as conn:
            first = inspect(self.db, conn)
        return LedgerInfo(self.db, marked=True, immutable=False, first_position=first)

    def write_problem(self) -> None:
        """None: the server's permissions speak for themselves when a write is refused."""
        return None

    def create(self) -> None:
        create(self.db)

    def env(self) -> dict[str, str]:
        return env(self.db)

    def recorder(self, recorder: object) -> PgLedgerRecorder:
        assert isinstance(recorder, PgLedgerRecorder), f"{type(recorder).__name__} is not the PostgreSQL recorder"
        return recorder

    def open_reader(self) -> PgLogReader:
        return open_reader(self.db)[0]

    def snapshot(self) -> PgConnection:
        """A ``REPEATABLE READ READ ONLY`` transaction, checked to be a ledger."""
        pg = connect(self.db, read_only=True, keep=True)
        try:
            inspect(self.db, pg)
            pg.execute("BEGIN")
        except BaseException:
            pg.close()
            raise
        return pg

    def writer(self) -> PgConnection:
        return connect(self.db, keep=True)

    def errors(self, *also: type[Exception]) -> tuple[type[Exception], ...]:
        return (*also, sqlite3.Error, psycopg.Error)

    def describe_error(self, error: BaseException) -> str:
        return describe_store_error(error, self.shown)

    def refuse_if_damaged(self) -> None:
        """Nothing to refuse: the server checks its own pages as it reads them."""

    def found_damaged(self, what: str) -> None:
        """Nothing to remember: the server checks its own pages as it reads them."""

    def damage_cleared(self) -> None:
        return None

    def cache_file(
        self, cache_dir: str | None, name: Callable[[str], str], notice: Callable[[str], None] | None
    ) -> str | None:
        """A central log, and a projections file on each reading machine: in ``cache_dir``, else in the user's
        cache folder (``$XDG_CACHE_HOME/ratings``), under the database's name and a tag of the URL."""
        folder = cache_dir or os.path.join(
            os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "ratings"
        )
        try:
            os.makedirs(folder, exist_ok=True)
        except OSError:
            folder = ""
        if not folder or not os.access(folder, os.W_OK):
            if notice is not None:
                notice(f"note: {folder or 'the cache folder'} cannot be written: the projections are kept in memory")
            return None
        tag = hashlib.sha256(self.shown.encode()).hexdigest()[:12]  # two ledgers of one name, two caches
        ledger = urlsplit(self.db).path.strip("/") or "ledger"
        return str(Path(folder) / Path(name(f"{ledger}-{tag}.db")).name)

    def backup_file(self, dest: Path, progress: Callable[[int, int], None] | None = None) -> None:
        """None: copied event by event (:func:`ledger.copying.copy`)."""
        return None

    def check_new(self, kind: str) -> None:
        """Nothing before the copy: :meth:`written_copy` takes a database without a ledger or with an empty one."""

    @contextmanager
    def written_copy(
        self,
        events: Iterator[Sequence[EventRow]],
        blocks: list[tuple[Any, ...]],
        progress: Callable[[int], None] | None,
    ) -> Iterator[Written]:
        """Into a database without a ledger (made here) or with an empty one, by ``COPY``, in one transaction
        holding the log's and the witness's locks; committed before the ``with`` body verifies it."""
        with connect(self.db) as pg:
            try:
                first = inspect(self.db, pg)
            except LedgerError as error:
                if not isinstance(error, NoLedgerError):
                    raise
                create(self.db)
                first = None
            if first is not None:
                raise LedgerExistsError(
                    f"{self.shown} already holds a ledger with events: the copy writes into a new or empty ledger only"
                )
            count = 0
            conn = pg.conn
            with conn.transaction():
                conn.execute(f"LOCK TABLE {EVENTS_TABLE} IN EXCLUSIVE MODE")
                conn.execute(f"LOCK TABLE {WITNESS_TABLE} IN EXCLUSIVE MODE")
                if conn.execute(f"SELECT 1 FROM {EVENTS_TABLE} LIMIT 1").fetchone() is not None:
                    raise LedgerExistsError(f"{self.shown} was recorded into meanwhile: nothing was copied")

                def rows() -> Iterator[EventRow]:
                    nonlocal count
                    for chunk in events:
                        yield from chunk
                        count += len(chunk)
                        if progress is not None:
                            progress(len(chunk))

                copy_events(conn, rows())
                with conn.cursor() as cursor:
                    cursor.executemany(translate(witness.INSERT_BLOCK), blocks)
            analyse(conn)
        yield Written(self.db, count, f"do not use it; `ratings --db {self.shown} verify` says where")
