"""The hash chain over the log, and its witness table, on one connection of either store.

The arithmetic of :mod:`ledger.chain` (its definitions are there): h(i) by :func:`link`, the witness's
blocks, and what reads and writes them on a connection the caller opened, in the caller's transaction.
Below every store: :mod:`ledger.store` (SQLite) and :mod:`ledger.postgres` witness their recordings and
bulk inserts with :func:`witness_recorded` and :class:`InsertWitness`, and read hashes with
:func:`hash_at`; :mod:`ledger.chain` verifies and seals a whole ledger with them.

The SQL is written once, in SQLite's dialect, on the parts of a connection in :class:`Connection`:
a :class:`sqlite3.Connection` is one, and :class:`ledger.postgres.PgConnection` runs the same SQL on
PostgreSQL by :func:`ledger.postgres.translate`. Nothing here asks which store it is on.
"""

from __future__ import annotations

import hashlib
import sys
from array import array
from bisect import bisect_left
from collections.abc import Iterable, Iterator, Sequence
from datetime import UTC, datetime
from typing import Any, NamedTuple, Protocol


class Cursor(Protocol):
    """The parts of a DB-API cursor the chain reads rows with."""

    def fetchone(self) -> Any: ...

    def fetchmany(self, size: int = ..., /) -> Sequence[Any]: ...

    def fetchall(self) -> Sequence[Any]: ...

    def __iter__(self) -> Iterator[Any]: ...


class Connection(Protocol):
    """The parts of a connection the chain uses: SQLite's SQL, run on SQLite or translated for PostgreSQL."""

    def execute(self, sql: str, params: Sequence[Any] = ..., /) -> Cursor: ...

    def executemany(self, sql: str, rows: Iterable[Sequence[Any]], /) -> object: ...

    @property
    def in_transaction(self) -> bool: ...

    def close(self) -> None: ...


def type_of(topic: str) -> str:
    """The event type name of a stored topic (``ledger.events:GameRecorded`` → ``GameRecorded``)."""
    return topic.rpartition(":")[2]


BLOCK = 1024
"""Positions a witness row holds at most."""

WITNESS_TABLE = "log_chain"
"""The witness's table in the ledger file."""

ZERO = bytes(32)
"""h(0): the hash before the first event."""

FETCH = 4096
"""Rows fetched at a time past the witness."""

CREATE_WITNESS = f"""CREATE TABLE IF NOT EXISTS {WITNESS_TABLE} (
    block INTEGER PRIMARY KEY,
    first_position INTEGER NOT NULL,
    last_position INTEGER NOT NULL,
    sealed_at TEXT NOT NULL,
    positions BLOB,
    hashes BLOB NOT NULL
)"""
"""The witness: ``block`` numbers rows 1, 2, … in position order; ``first_position`` and ``last_position``
bound the positions a row witnessed; ``sealed_at`` is when (UTC); ``positions`` is NULL when they are every
position first..last, else each one as an 8-byte little-endian signed integer; ``hashes`` is h(i) of each, 32
bytes apiece, in the same order."""

COLUMNS = "SELECT rowid, topic, originator_id, originator_version, CAST(ifnull(state, x'') AS BLOB) FROM stored_events"
SELECT_ROWS = f"{COLUMNS} WHERE rowid > ? ORDER BY rowid"
"""The rows after a position, in log order, as :func:`link_rows` hashes them (a NULL state hashes as no bytes)."""
SELECT_ROW = f"{COLUMNS} WHERE rowid = ?"


class ChainError(ValueError):
    """A head that is not of the form ``POSITION:HASH``, or a log the chain cannot be taken over."""


class WitnessMismatchError(ChainError):
    """The log no longer matches its witness where a seal would extend it: nothing was sealed."""


HAS_TABLE = "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?"
"""Whether the store holds a table of a given name (SQLite's catalogue; :func:`ledger.postgres.translate` reads
PostgreSQL's)."""


def has_table(conn: Connection, name: str) -> bool:
    """Whether the store on ``conn`` holds the table ``name``."""
    return conn.execute(HAS_TABLE, (name,)).fetchone() is not None


def now() -> str:
    """The time of a seal, as the witness keeps it (UTC)."""
    return datetime.now(UTC).strftime("%Y-%m-%d %H:%M:%S UTC")


# --- hashing -----------------------------------------------------------------------


def link(previous: bytes, position: int, topic: str, originator_id: str, version: int, state: bytes) -> bytes:
    """h(i), the chain's hash at event i, from h(i−1) and the event as stored (the module's definition).

    The bytes are made by one ``%`` of a bytes template (``%d`` writes an int as ``str`` does): a fifth
    less CPU than an f-string encoded and joined, on every event a fold or an audit reads.

    >>> expected = hashlib.sha256(ZERO + b"1\\nledger.events:PlayerRegistered\\n" + b"ab" * 16 + b"\\n1\\n{}")
    >>> link(ZERO, 1, "ledger.events:PlayerRegistered", "ab" * 16, 1, b"{}") == expected.digest()
    True
    """
    return _sha256(_LINK % (previous, position, topic.encode(), originator_id.encode(), version, state)).digest()


_LINK = b"%b%d\n%b\n%b\n%d\n%b"
"""h(i−1) ‖ f"{position}\\n{topic}\\n{originator_id}\\n{originator_version}\\n" ‖ state, as bytes."""
_sha256 = hashlib.sha256


def link_rows(rows: Sequence[Any], previous: bytes) -> tuple[list[int], bytes, bytes]:
    """The positions of ``rows`` and their hashes (32 bytes each, joined), chained on from ``previous``."""
    out = bytearray()
    h = previous
    for row in rows:
        h = link(h, *row)
        out += h
    return [row[0] for row in rows], bytes(out), h


# --- the witness -------------------------------------------------------------------


class Block(NamedTuple):
    number: int
    first: int
    last: int
    sealed_at: str
    positions: list[int] | None
    """None: every position first..last."""
    hashes: bytes

    @property
    def size(self) -> int:
        return len(self.hashes) // 32

    def position(self, index: int) -> int:
        return self.first + index if self.positions is None else self.positions[index]

    def hash(self, index: int) -> bytes:
        return self.hashes[32 * index : 32 * index + 32]


def block_of(row: tuple[Any, ...]) -> Block:
    number, first, last, sealed_at, positions, hashes = row
    return Block(number, first, last, sealed_at, None if positions is None else decode_positions(positions), hashes)


def _encode_positions(positions: Sequence[int]) -> bytes | None:
    if positions[-1] - positions[0] + 1 == len(positions):  # positions increase: this is first..last
        return None
    packed = array("q", positions)
    if sys.byteorder == "big":
        packed.byteswap()  # stored little-endian, whatever the machine
    return packed.tobytes()


def decode_positions(data: bytes) -> list[int]:
    packed = array("q")
    packed.frombytes(data)
    if sys.byteorder == "big":
        packed.byteswap()
    return packed.tolist()


def same_positions(positions: list[int], block: Block) -> bool:
    if block.positions is not None:
        return positions == block.positions
    return len(positions) == block.size and positions[0] == block.first and positions[-1] == block.last


SELECT_BLOCKS = f"SELECT block, first_position, last_position, sealed_at, positions, hashes FROM {WITNESS_TABLE}"


class End(NamedTuple):
    """The end of the witness: its last block, last position and hash, and the hash before it."""

    block: int
    position: int
    hash: bytes
    previous: bytes
    sealed_at: str


def witness_end(conn: Connection) -> End | None:
    if not has_table(conn, WITNESS_TABLE):
        return None
    rows = [block_of(row) for row in conn.execute(f"{SELECT_BLOCKS} ORDER BY block DESC LIMIT 2")]
    if not rows:
        return None
    last = rows[0]
    if last.size >= 2:
        previous = last.hash(last.size - 2)
    elif len(rows) == 2:
        previous = rows[1].hash(rows[1].size - 1)
    else:
        previous = ZERO
    return End(last.number, last.last, last.hash(last.size - 1), previous, last.sealed_at)


def check_junction(conn: Connection, end: End) -> None:
    """Refuse to seal unless the last witnessed event still hashes to the witness."""
    row = conn.execute(SELECT_ROW, (end.position,)).fetchone()
    if row is None:
        raise WitnessMismatchError(
            f"position {end.position} is missing from the log, witnessed on {end.sealed_at}: nothing sealed; "
            "verify the ledger"
        )
    if link_rows([row], end.previous)[2] != end.hash:
        raise WitnessMismatchError(
            f"position {end.position} ({type_of(str(row[1]))}) does not match the chain witnessed on {end.sealed_at}: "
            "nothing sealed; verify the ledger"
        )


def _block_rows(after: int, positions: Sequence[int], hashes: bytes, sealed_at: str) -> list[tuple[Any, ...]]:
    """The witness rows of ``positions`` and their ``hashes``, in blocks of :data:`BLOCK`, numbered after ``after``."""
    rows = []
    number = after
    for start in range(0, len(positions), BLOCK):
        chunk = positions[start : start + BLOCK]
        number += 1
        rows.append(
            (
                number,
                chunk[0],
                chunk[-1],
                sealed_at,
                _encode_positions(chunk),
                hashes[32 * start : 32 * (start + len(chunk))],
            )
        )
    return rows


INSERT_BLOCK = f"INSERT INTO {WITNESS_TABLE} VALUES (?, ?, ?, ?, ?, ?)"
"""One row of the witness (see :data:`CREATE_WITNESS`)."""


def write_blocks(conn: Connection, after: int, positions: Sequence[int], hashes: bytes) -> None:
    """Write the witness of ``positions`` and their ``hashes``, in blocks numbered after block ``after``."""
    conn.executemany(INSERT_BLOCK, _block_rows(after, positions, hashes, now()))


_FLUSH_ROWS = 16 * BLOCK
"""An import's witness writes its full blocks once it holds this many rows' hashes (512 KiB)."""


class InsertWitness:
    """The witness of rows an import appends, written in the import's own transaction.

    A seal after a bulk insert reads back and hashes every row it wrote; this
    hashes them as they are inserted instead. Made only when the witness ends
    at the log's last position (its last event still hashing to it), so the
    new rows take the positions after it, one by one, as SQLite numbers rows
    appended without a rowid; :meth:`finish` checks that they did before it
    writes anything, and otherwise leaves the rows to the next seal.
    """

    def __init__(self, last: int, previous: bytes, block: int, conn: Connection | None = None) -> None:
        self.first = last + 1
        self.next = last + 1
        self.h = previous
        self.block = block
        self.hashes = bytearray()
        self.conn = conn
        """Where full blocks are written as they fill, keeping the import's memory flat in its rows; None: all
        of them are written by :meth:`finish`."""
        self.written = block  # the last block written so far
        self.pending = last + 1  # the first position whose hash is in ``hashes``

    @classmethod
    def begin(cls, conn: Connection, *, flush: bool) -> InsertWitness | None:
        """On the import's connection, inside its write transaction, before the first insert.

        ``flush``: write full blocks on ``conn`` as they fill (SQLite's store does; PostgreSQL's connection is
        busy with ``COPY`` meanwhile, and writes them at the end)."""
        last = conn.execute("SELECT max(rowid) FROM stored_events").fetchone()[0] or 0
        end = witness_end(conn)
        on = conn if flush else None
        if end is None:
            return cls(0, ZERO, 0, on) if last == 0 else None
        if end.position != last:
            return None
        try:
            check_junction(conn, end)
        except WitnessMismatchError:
            return None  # the seal after the import says so
        return cls(last, end.hash, end.block, on)

    def add(self, rows: Iterable[tuple[str, int, str, bytes]]) -> None:
        """Hash the rows just inserted (originator id, version, topic, state), in insert order."""
        h, position, out = self.h, self.next, self.hashes
        for originator_id, version, topic, state in rows:
            h = link(h, position, topic, originator_id, version, state)
            out += h
            position += 1
        self.h, self.next = h, position
        full = len(out) // (32 * BLOCK) * BLOCK  # hashes of whole blocks held
        if self.conn is not None and full >= _FLUSH_ROWS:
            if self.written == self.block:
                self.conn.execute(CREATE_WITNESS)
            write_blocks(self.conn, self.written, range(self.pending, self.pending + full), bytes(out[: 32 * full]))
            del out[: 32 * full]
            self.written += full // BLOCK
            self.pending += full

    def finish(self, conn: Connection) -> bool:
        """Write the witness of the inserted rows, if SQLite numbered them as expected; whether it did."""
        if self.next == self.first:
            return True
        last = conn.execute("SELECT max(rowid), count(*) FROM stored_events WHERE rowid >= ?", (self.first,))
        top, count = last.fetchone()
        if top != self.next - 1 or count != self.next - self.first:
            if self.written != self.block:  # undo the blocks written as they filled
                conn.execute(f"DELETE FROM {WITNESS_TABLE} WHERE block > ?", (self.block,))
            return False
        conn.execute(CREATE_WITNESS)
        if self.pending < self.next:
            write_blocks(conn, self.written, range(self.pending, self.next), bytes(self.hashes))
        return True


_LAST_BEFORE = "SELECT max(rowid) FROM stored_events WHERE rowid > 0 AND rowid < ?"
"""The log's last position before a given one (the rowid index's last key below it: O(log n))."""


def witness_recorded(conn: Connection, positions: Sequence[int]) -> bool:
    """Witness the events a recording has just inserted at ``positions``, in its own write transaction.

    What :func:`ledger.chain.seal` would append after the recording, written before it
    commits, so that a recording is one transaction, one commit: the
    recorder calls this on its connection after its inserts, holding the
    log's write lock (SQLite's, or on PostgreSQL the log's table lock and
    the witness's, in that order: so the witness stays in commit order).

    It reads what a seal reads when the witness ends at the log's head, and
    nothing that grows with the log: the witness's last two blocks, the log's
    last position before the new events (the rowid index, O(log n)), the event
    at the junction, which must still hash to the witness (as :func:`ledger.chain.seal`
    checks), and the new rows themselves, read back as stored and hashed by
    :func:`link` exactly as a seal hashes them. So ``verify`` and the warm
    check find the same witness as if a seal had written it.

    Whether it wrote the witness. False, writing nothing, when the witness
    does not end at the event before the new ones (an unsealed tail, a
    witness removed, events deleted), when the junction does not match, or
    when the rows read back are not exactly ``positions``: the seal after the
    recording then does what it does (catches up an unsealed tail once, after
    which recordings are witnessed here again; or warns of a mismatch).
    """
    if not positions:
        return True
    first = min(positions)
    try:
        end = witness_end(conn)
    except (ValueError, TypeError, IndexError):  # witness rows edited into nonsense: the seal after says what
        return False
    before = conn.execute(_LAST_BEFORE, (first,)).fetchone()[0]
    if (end.position if end is not None else None) != before:
        return False
    if end is not None:
        try:
            check_junction(conn, end)
        except WitnessMismatchError:
            return False  # the seal after the recording says so
    after, previous = (end.position, end.hash) if end is not None else (0, ZERO)
    rows = conn.execute(SELECT_ROWS, (after,)).fetchall()  # the new rows only: nothing lies between
    if [row[0] for row in rows] != sorted(positions):
        return False
    linked, hashes, _ = link_rows(rows, previous)
    if end is None:
        conn.execute(CREATE_WITNESS)
    write_blocks(conn, end.block if end is not None else 0, linked, hashes)
    return True


_BLOCK_AT_OR_BEFORE = f"SELECT block, first_position FROM {WITNESS_TABLE} WHERE block <= ? ORDER BY block DESC LIMIT 1"
"""The block numbered so, or the last one before it (a probe of :func:`_block_holding`, on the primary key)."""


def _block_holding(conn: Connection, position: int) -> int | None:
    """The number of the last block of the witness whose first position is at or before ``position``.

    Blocks are numbered in position order, so this is a binary search on the block numbers, each probe
    one lookup of the primary key: O(log blocks). A witness of one block per recording has as many
    blocks as positions (a million, ~100 bytes each); the scan of blocks from the last one back that
    this replaces took 49 ms CPU for position 1 of such a witness of 1,066,215 blocks.
    """
    # Two queries: SQLite reads min() or max() alone from the end of the key, both together by a scan.
    lowest = conn.execute(f"SELECT min(block) FROM {WITNESS_TABLE}").fetchone()[0]
    highest = conn.execute(f"SELECT max(block) FROM {WITNESS_TABLE}").fetchone()[0]
    if lowest is None or highest is None:
        return None
    found = None
    low, high = int(lowest), int(highest)
    while low <= high:
        middle = (low + high) // 2
        number, first = conn.execute(_BLOCK_AT_OR_BEFORE, (middle,)).fetchone()  # lowest <= middle: one exists
        if first <= position:
            found, low = int(number), middle + 1
        else:
            high = int(number) - 1
    return found


def witnessed(conn: Connection, position: int) -> bytes | None:
    """The witness's hash of ``position``; None when no block of the witness holds it."""
    number = _block_holding(conn, position)
    if number is None:
        return None
    block = block_of(conn.execute(f"{SELECT_BLOCKS} WHERE block = ?", (number,)).fetchone())
    if block.positions is None:
        return block.hash(position - block.first) if position <= block.last else None
    index = bisect_left(block.positions, position)
    if index == block.size or block.positions[index] != position:
        return None
    return block.hash(index)


def hash_at(conn: Connection, position: int) -> bytes | None:
    """h(``position``) of the log on ``conn``; None when the log holds no event at ``position``.

    The witness answers for the positions it holds (its hash, trusted:
    :func:`ledger.chain.verify` is what checks the witness against the log);
    beyond its last position the chain is recomputed from there. Reads only,
    on the caller's connection.
    """
    if position == 0:
        return ZERO
    end = witness_end(conn)
    if end is not None and position <= end.position:
        return witnessed(conn, position)
    after, h = (end.position, end.hash) if end is not None else (0, ZERO)
    last = after
    cursor = conn.execute(f"{COLUMNS} WHERE rowid > ? AND rowid <= ? ORDER BY rowid", (after, position))
    while rows := cursor.fetchmany(FETCH):
        _, _, h = link_rows(rows, h)
        last = rows[-1][0]
    return h if last == position else None
