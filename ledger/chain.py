"""A verifiable log: a hash chain over the ledger's events, in log order.

Over the rows of ``stored_events`` in position order (the notification id),
starting from h(0), 32 zero bytes::

    h(i) = SHA-256(h(i−1) ‖ f"{position}\\n{topic}\\n{originator_id}\\n{originator_version}\\n" ‖ state)

where h(i−1) is the hash of the event before it in the log and ``state`` is
the stored bytes. A :class:`Head` is a position and the hash at it, written
``POSITION:HASH`` (64 lowercase hex digits). The head at position p vouches
for every event up to p: change, remove, reorder or insert any of them and
the log no longer hashes to it.

**The witness.** A head says *that* the log changed, not *where*. So the
ledger file keeps every position's h(i) in a table of its own, ``log_chain``
(:data:`WITNESS_TABLE`), appended to and never rewritten: one row per block of
at most :data:`BLOCK` consecutive positions witnessed by one :func:`seal`,
with the positions it witnessed (NULL when they are exactly first..last) and
the time of the seal. :func:`verify` recomputes the whole chain and compares
it with the witness position by position, so it names the first position
that differs: an edited event, a deleted one (a gap), two swapped, one
inserted.

**What the witness cannot do.** Whoever can edit the file can rewrite the
witness too. Heads kept elsewhere are the defence: those recorded by the
log's own events (a published list records the head it was made from; the
caller passes them in) and a head kept outside the ledger (``POSITION:HASH``,
printed by ``publish``). A head can only say that the log stops matching *at
or before* its position.

Choices where the issue is silent:

- The first seal of a ledger trusts the log as it is: the witness starts there.
- :func:`seal` is incremental: it reads the last witnessed hash and the rows
  after it, and checks only that the last witnessed event still hashes to the
  witness (the junction). It never chains from a recomputed hash, so a log
  tampered further back cannot poison the witness; :func:`verify` finds it.
- A recording writes the witness of its events in its own transaction
  (:func:`witness_recorded`, issue 23 §2): what :func:`seal` would append
  after it, with the same junction check, reading nothing that grows with
  the log. When the witness does not end at the event before the new ones,
  it writes nothing and the seal after the recording does as before.
- A witness block holds positions from one seal (or one recording) only, so
  each position's seal time is exact; many small recordings make many small
  rows (~100 bytes each). :func:`verify` compares them with the log in runs
  of blocks, and :func:`hash_at` finds a block by a binary search of the
  block numbers, so a witness of a million one-position blocks costs them
  little more than one of full blocks.
- A recorded head naming a position the log no longer holds is a mismatch.

Reads open the file read-only (``?mode=ro``) in one snapshot; a seal's only
write is the witness's, one short ``BEGIN IMMEDIATE`` transaction that
appends blocks after checking that no other seal appended meanwhile.
"""

from __future__ import annotations

import hashlib
import sqlite3
import sys
from array import array
from bisect import bisect_left
from collections.abc import Iterable, Iterator, Sequence
from contextlib import closing
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, NamedTuple

from ledger import stores, urls
from ledger.ledger_file import (
    EVENTS_TABLE,
    ReadOnlyConnection,
    describe_store_error,
    inspect,
    open_read_only,
)
from ledger.store import type_of

BLOCK = 1024
"""Positions a witness row holds at most."""

WITNESS_TABLE = "log_chain"
"""The witness's table in the ledger file."""

ZERO = bytes(32)
"""h(0): the hash before the first event."""

HASH_HEX = 64
"""Hex digits of a head's hash."""

_FETCH = 4096
"""Rows fetched at a time past the witness."""

_SHOWN = 16
"""Hex digits of a hash shown in a message."""

_SEAL_ATTEMPTS = 3
"""Times :func:`seal` starts again when another seal appended to the witness meanwhile."""

_CREATE_WITNESS = f"""CREATE TABLE IF NOT EXISTS {WITNESS_TABLE} (
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

_COLUMNS = "SELECT rowid, topic, originator_id, originator_version, CAST(ifnull(state, x'') AS BLOB) FROM stored_events"
_SELECT_ROWS = f"{_COLUMNS} WHERE rowid > ? ORDER BY rowid"
"""The rows after a position, in log order, as :func:`_link` hashes them (a NULL state hashes as no bytes)."""
_SELECT_ROW = f"{_COLUMNS} WHERE rowid = ?"


class ChainError(ValueError):
    """A head that is not of the form ``POSITION:HASH``, or a log the chain cannot be taken over."""


class WitnessMismatchError(ChainError):
    """The log no longer matches its witness where a seal would extend it: nothing was sealed."""


@dataclass(frozen=True)
class Head:
    """The hash of the log up to and including ``position``, written ``POSITION:HASH``."""

    position: int
    hash: str

    def __post_init__(self) -> None:
        if self.position < 0:
            raise ChainError(f"a head's position cannot be negative: {self.position}")
        if len(self.hash) != HASH_HEX or not _is_lower_hex(self.hash):
            raise ChainError(f"a head's hash is {HASH_HEX} lowercase hex digits, not {self.hash!r}")

    def __str__(self) -> str:
        return f"{self.position}:{self.hash}"

    def short(self) -> str:
        """``POSITION:HASH`` with the hash cut to its first digits, for a message."""
        return f"{self.position}:{self.hash[:_SHOWN]}…"


class RecordedHead(NamedTuple):
    """A head as an event of the log recorded it, and that event's position."""

    head: Head
    at: int


def _is_lower_hex(text: str) -> bool:
    return all(c in "0123456789abcdef" for c in text)


def parse_head(text: str) -> Head:
    """The head written as ``POSITION:HASH``; a :class:`ChainError` names what is wrong.

    >>> parse_head("3:" + "ab" * 32).position
    3
    """
    example = f"e.g. 40:{'0' * 8}…, {HASH_HEX} hex digits after the colon"
    stripped = text.strip()
    position, colon, digest = stripped.partition(":")
    if not colon:
        raise ChainError(f"head {text!r} is not POSITION:HASH ({example})")
    if not (position.isascii() and position.isdigit()):
        raise ChainError(f"head {text!r}: the position {position!r} is not a whole number ({example})")
    if len(digest) != HASH_HEX:
        raise ChainError(f"head {text!r}: the hash has {len(digest)} characters, not {HASH_HEX} ({example})")
    if not _is_lower_hex(digest):
        raise ChainError(f"head {text!r}: the hash is not lowercase hex digits 0-9, a-f ({example})")
    return Head(int(position), digest)


@dataclass(frozen=True)
class Mismatch:
    """Where the log stops matching, and why, in a rating officer's words."""

    position: int
    reason: str
    exact: bool = True
    """False when only a head failed: the log stops matching at or before ``position``."""


@dataclass(frozen=True)
class VerifyReport:
    """What :func:`verify` found: the log as it is, and every mismatch, first position first."""

    events: int
    head: Head
    """The head of the log as it is, recomputed."""
    witnessed: int
    """Positions compared with the witness."""
    heads: int
    """Recorded and external heads compared."""
    sealed: int = 0
    """Positions this verification added to the witness (only when it passed)."""
    mismatches: tuple[Mismatch, ...] = field(default=())
    damage: tuple[str, ...] = field(default=())
    """What SQLite's own ``PRAGMA integrity_check`` reports wrong with the file (empty: nothing)."""
    not_extended: str | None = None
    """Why the positions not witnessed yet were not sealed although the log matched (a read-only file, a full
    disk); None when there was nothing to seal, or it was sealed."""

    @property
    def ok(self) -> bool:
        """Whether the file is sound and the log matches its witness and every head."""
        return not self.mismatches and not self.damage

    @property
    def first(self) -> Mismatch | None:
        """The first position where the log stops matching, and why; None when it matches."""
        return self.mismatches[0] if self.mismatches else None

    def summary(self) -> str:
        """One line: the verdict."""
        first = self.first
        if first is None:
            heads = "1 head" if self.heads == 1 else f"{self.heads} heads"
            return (
                f"the log of {self.events:,} events matches: head {self.head}; "
                f"{self.witnessed:,} positions checked against the witness, and {heads}"
            )
        where = "at" if first.exact else "at or before"
        return f"the log stops matching {where} position {first.position}: {first.reason}"

    def damage_line(self) -> str | None:
        """One line: SQLite's first complaint about the file, when it has one."""
        if not self.damage:
            return None
        more = f" (and {len(self.damage) - 1} more)" if len(self.damage) > 1 else ""
        return f"the ledger file is damaged: SQLite's integrity check says: {self.damage[0]}{more}"


# --- the file ----------------------------------------------------------------------


def _read_only(path: str) -> ReadOnlyConnection:
    """The ledger file, read-only (issue 10 §2: :func:`ledger.ledger_file.open_read_only`), checked to be a
    ledger, in one snapshot for every read on it; on PostgreSQL, a ``REPEATABLE READ READ ONLY`` transaction."""
    if urls.is_url(path):
        from ledger import postgres

        pg = postgres.connect(path, read_only=True, keep=True)
        try:
            postgres.inspect(path, pg)
            pg.execute("BEGIN")
        except BaseException:
            pg.close()
            raise
        return pg  # type: ignore[return-value]  # the parts of a connection the chain uses
    conn = open_read_only(path)
    try:
        inspect(path, conn)
        conn.execute("BEGIN")  # one snapshot for every read below
    except BaseException:
        conn.close()
        raise
    return conn


def _is_pg(conn: object) -> bool:
    """Whether ``conn`` is a PostgreSQL ledger's (:class:`ledger.postgres.PgConnection`)."""
    postgres = stores.loaded_postgres()
    return postgres is not None and isinstance(conn, postgres.PgConnection)


def _has_table(conn: sqlite3.Connection, name: str) -> bool:
    if _is_pg(conn):
        return bool(conn.has_table(name))  # type: ignore[attr-defined]
    row = conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (name,)).fetchone()
    return row is not None


def _now() -> str:
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


def _link(rows: Sequence[Any], previous: bytes) -> tuple[list[int], bytes, bytes]:
    """The positions of ``rows`` and their hashes (32 bytes each, joined), chained on from ``previous``."""
    out = bytearray()
    h = previous
    for row in rows:
        h = link(h, *row)
        out += h
    return [row[0] for row in rows], bytes(out), h


# --- the witness -------------------------------------------------------------------


class _Block(NamedTuple):
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


def _block(row: tuple[Any, ...]) -> _Block:
    number, first, last, sealed_at, positions, hashes = row
    return _Block(number, first, last, sealed_at, None if positions is None else _decode_positions(positions), hashes)


def _encode_positions(positions: Sequence[int]) -> bytes | None:
    if positions[-1] - positions[0] + 1 == len(positions):  # positions increase: this is first..last
        return None
    packed = array("q", positions)
    if sys.byteorder == "big":
        packed.byteswap()  # stored little-endian, whatever the machine
    return packed.tobytes()


def _decode_positions(data: bytes) -> list[int]:
    packed = array("q")
    packed.frombytes(data)
    if sys.byteorder == "big":
        packed.byteswap()
    return packed.tolist()


def _same_positions(positions: list[int], block: _Block) -> bool:
    if block.positions is not None:
        return positions == block.positions
    return len(positions) == block.size and positions[0] == block.first and positions[-1] == block.last


_SELECT_BLOCKS = f"SELECT block, first_position, last_position, sealed_at, positions, hashes FROM {WITNESS_TABLE}"


def _witness(conn: sqlite3.Connection) -> Iterator[_Block]:
    if _has_table(conn, WITNESS_TABLE):
        for row in conn.execute(f"{_SELECT_BLOCKS} ORDER BY block"):
            yield _block(row)


class _End(NamedTuple):
    """The end of the witness: its last block, last position and hash, and the hash before it."""

    block: int
    position: int
    hash: bytes
    previous: bytes
    sealed_at: str


def _witness_end(conn: sqlite3.Connection) -> _End | None:
    if not _has_table(conn, WITNESS_TABLE):
        return None
    rows = [_block(row) for row in conn.execute(f"{_SELECT_BLOCKS} ORDER BY block DESC LIMIT 2")]
    if not rows:
        return None
    last = rows[0]
    if last.size >= 2:
        previous = last.hash(last.size - 2)
    elif len(rows) == 2:
        previous = rows[1].hash(rows[1].size - 1)
    else:
        previous = ZERO
    return _End(last.number, last.last, last.hash(last.size - 1), previous, last.sealed_at)


def _check_junction(conn: sqlite3.Connection, end: _End) -> None:
    """Refuse to seal unless the last witnessed event still hashes to the witness."""
    row = conn.execute(_SELECT_ROW, (end.position,)).fetchone()
    if row is None:
        raise WitnessMismatchError(
            f"position {end.position} is missing from the log, witnessed on {end.sealed_at}: nothing sealed; "
            "verify the ledger"
        )
    if _link([row], end.previous)[2] != end.hash:
        raise WitnessMismatchError(
            f"position {end.position} ({type_of(str(row[1]))}) does not match the chain witnessed on {end.sealed_at}: "
            "nothing sealed; verify the ledger"
        )


def _writer(path: str) -> sqlite3.Connection:
    """A connection that writes the witness: to the existing file only (``mode=rw``, never created)."""
    if urls.is_url(path):
        from ledger import postgres

        return postgres.connect(path, keep=True)  # type: ignore[return-value]  # the parts of a connection the chain uses
    return sqlite3.connect(f"{Path(path).resolve().as_uri()}?mode=rw", uri=True, timeout=30, isolation_level=None)


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
"""One row of the witness (see :data:`_CREATE_WITNESS`)."""


def _write_blocks(conn: sqlite3.Connection, after: int, positions: Sequence[int], hashes: bytes) -> None:
    """Write the witness of ``positions`` and their ``hashes``, in blocks numbered after block ``after``."""
    conn.executemany(INSERT_BLOCK, _block_rows(after, positions, hashes, _now()))


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

    def __init__(self, last: int, previous: bytes, block: int) -> None:
        self.first = last + 1
        self.next = last + 1
        self.h = previous
        self.block = block
        self.hashes = bytearray()
        self.conn: sqlite3.Connection | None = None
        """Set on SQLite: full blocks are written as they fill (issue 23 §6: memory flat in the rows)."""
        self.written = block  # the last block written so far
        self.pending = last + 1  # the first position whose hash is in ``hashes``

    @classmethod
    def begin(cls, conn: sqlite3.Connection) -> InsertWitness | None:
        """On the import's connection, inside its write transaction, before the first insert."""
        last = conn.execute("SELECT max(rowid) FROM stored_events").fetchone()[0] or 0
        end = _witness_end(conn)
        if end is None:
            return cls(0, ZERO, 0)._on(conn) if last == 0 else None
        if end.position != last:
            return None
        try:
            _check_junction(conn, end)
        except WitnessMismatchError:
            return None  # the seal after the import says so
        return cls(last, end.hash, end.block)._on(conn)

    def _on(self, conn: sqlite3.Connection) -> InsertWitness:
        """Write full blocks on ``conn`` as they fill when it is SQLite's (PostgreSQL's is busy with ``COPY``)."""
        self.conn = conn if isinstance(conn, sqlite3.Connection) else None
        return self

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
                self.conn.execute(_CREATE_WITNESS)
            _write_blocks(self.conn, self.written, range(self.pending, self.pending + full), bytes(out[: 32 * full]))
            del out[: 32 * full]
            self.written += full // BLOCK
            self.pending += full

    def finish(self, conn: sqlite3.Connection) -> bool:
        """Write the witness of the inserted rows, if SQLite numbered them as expected; whether it did."""
        if self.next == self.first:
            return True
        last = conn.execute("SELECT max(rowid), count(*) FROM stored_events WHERE rowid >= ?", (self.first,))
        top, count = last.fetchone()
        if top != self.next - 1 or count != self.next - self.first:
            if self.written != self.block:  # undo the blocks written as they filled
                conn.execute(f"DELETE FROM {WITNESS_TABLE} WHERE block > ?", (self.block,))
            return False
        conn.execute(_CREATE_WITNESS)
        if self.pending < self.next:
            _write_blocks(conn, self.written, range(self.pending, self.next), bytes(self.hashes))
        return True


_LAST_BEFORE = "SELECT max(rowid) FROM stored_events WHERE rowid > 0 AND rowid < ?"
"""The log's last position before a given one (the rowid index's last key below it: O(log n))."""


def witness_recorded(conn: sqlite3.Connection, positions: Sequence[int]) -> bool:
    """Witness the events a recording has just inserted at ``positions``, in its own write transaction.

    What :func:`seal` would append after the recording, written before it
    commits, so that a recording is one transaction, one commit: the
    recorder calls this on its connection after its inserts, holding the
    log's write lock (SQLite's, or on PostgreSQL the log's table lock and
    the witness's, in that order: so the witness stays in commit order).

    It reads what a seal reads when the witness ends at the log's head, and
    nothing that grows with the log: the witness's last two blocks, the log's
    last position before the new events (the rowid index, O(log n)), the event
    at the junction, which must still hash to the witness (as :func:`seal`
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
        end = _witness_end(conn)
    except (ValueError, TypeError, IndexError):  # witness rows edited into nonsense: the seal after says what
        return False
    before = conn.execute(_LAST_BEFORE, (first,)).fetchone()[0]
    if (end.position if end is not None else None) != before:
        return False
    if end is not None:
        try:
            _check_junction(conn, end)
        except WitnessMismatchError:
            return False  # the seal after the recording says so
    after, previous = (end.position, end.hash) if end is not None else (0, ZERO)
    rows = conn.execute(_SELECT_ROWS, (after,)).fetchall()  # the new rows only: nothing lies between
    if [row[0] for row in rows] != sorted(positions):
        return False
    linked, hashes, _ = _link(rows, previous)
    if end is None:
        conn.execute(_CREATE_WITNESS)
    _write_blocks(conn, end.block if end is not None else 0, linked, hashes)
    return True


def _append(path: str, after: int | None, positions: list[int], hashes: bytes) -> bool:
    """Append blocks witnessing ``positions`` to the witness, if its last block is still ``after``.

    False, writing nothing, when another seal appended meanwhile.
    """
    with closing(_writer(path)) as conn:
        conn.execute("BEGIN IMMEDIATE")
        try:
            conn.execute(_CREATE_WITNESS)
            last = conn.execute(f"SELECT max(block) FROM {WITNESS_TABLE}").fetchone()[0]
            if last != after:
                conn.execute("ROLLBACK")
                return False
            _write_blocks(conn, last or 0, positions, hashes)
            conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:  # SQLite has already rolled back after some errors (a full disk)
                conn.execute("ROLLBACK")
            raise
    return True


def _tail(conn: sqlite3.Connection, after: int, previous: bytes) -> tuple[list[int], bytes, bytes]:
    """Every position after ``after``, their hashes and the last hash, chained on from ``previous``."""
    positions: list[int] = []
    hashes = bytearray()
    h = previous
    cursor = conn.execute(_SELECT_ROWS, (after,))
    while rows := cursor.fetchmany(_FETCH):
        more, linked, h = _link(rows, h)
        positions += more
        hashes += linked
    return positions, bytes(hashes), h


def seal(path: str) -> Head:
    """Witness every position not witnessed yet; the head of the log.

    Reads only the rows after the witness's last position, after checking
    that the event there still hashes to the witness (else
    :class:`WitnessMismatchError`, and nothing is written).

    On PostgreSQL, where several offices record at once, the seal reads under
    the witness's lock (:func:`_seal_locked`): a seal waits for another, never
    loses to it.
    """
    if urls.is_url(path):
        return _seal_locked(path)
    for _ in range(_SEAL_ATTEMPTS):
        with closing(_read_only(path)) as conn:
            tail = _unwitnessed(conn)
        if not tail.positions or _append(path, tail.block, tail.positions, tail.hashes):
            return tail.head
    raise ChainError(f"the witness of {path} kept changing while it was being sealed: try again")


def _seal_locked(path: str) -> Head:
    """:func:`seal` in one transaction holding the witness's lock: the end of the witness and the rows after
    it are read after the lock is taken (each statement sees what was committed by then, and the log's
    positions are committed in order), so no other seal can append meanwhile."""
    with closing(_writer(path)) as conn:
        conn.execute("BEGIN IMMEDIATE")
        try:
            tail = _unwitnessed(conn)
            if tail.positions:
                _write_blocks(conn, tail.block or 0, tail.positions, tail.hashes)
            conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise
    return tail.head


class _Unwitnessed(NamedTuple):
    """The positions after the witness's end, their hashes, the witness's last block (None: no witness yet),
    and the log's head."""

    block: int | None
    positions: list[int]
    hashes: bytes
    head: Head


def _unwitnessed(conn: sqlite3.Connection) -> _Unwitnessed:
    """What a seal would witness, after checking that the witness's last event still hashes to it (else
    :class:`WitnessMismatchError`)."""
    end = _witness_end(conn)
    if end is not None:
        _check_junction(conn, end)
    after, previous = (end.position, end.hash) if end else (0, ZERO)
    positions, hashes, h = _tail(conn, after, previous)
    head = Head(positions[-1], h.hex()) if positions else Head(after, previous.hex())
    return _Unwitnessed(end.block if end else None, positions, hashes, head)


_BLOCK_AT_OR_BEFORE = f"SELECT block, first_position FROM {WITNESS_TABLE} WHERE block <= ? ORDER BY block DESC LIMIT 1"
"""The block numbered so, or the last one before it (a probe of :func:`_block_holding`, on the primary key)."""


def _block_holding(conn: sqlite3.Connection, position: int) -> int | None:
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


def _witnessed(conn: sqlite3.Connection, position: int) -> bytes | None:
    """The witness's hash of ``position``; None when no block of the witness holds it."""
    number = _block_holding(conn, position)
    if number is None:
        return None
    block = _block(conn.execute(f"{_SELECT_BLOCKS} WHERE block = ?", (number,)).fetchone())
    if block.positions is None:
        return block.hash(position - block.first) if position <= block.last else None
    index = bisect_left(block.positions, position)
    if index == block.size or block.positions[index] != position:
        return None
    return block.hash(index)


def chain_head(path: str, upto: int | None = None) -> Head:
    """The head of the log at its last position, or at position ``upto``, sealing the witness first."""
    head = seal(path)
    if upto is None or upto == head.position:
        return head
    if upto == 0:
        return Head(0, ZERO.hex())
    if upto < 0 or upto > head.position:
        raise ChainError(f"position {upto} is not in the log: it ends at position {head.position}")
    with closing(_read_only(path)) as conn:
        found = _witnessed(conn, upto)
    if found is None:
        raise ChainError(f"position {upto} is not in the log")
    return Head(upto, found.hex())


def hash_at(conn: sqlite3.Connection, position: int) -> bytes | None:
    """h(``position``) of the log on ``conn``; None when the log holds no event at ``position``.

    The witness answers for the positions it holds (its hash, trusted as the
    issue allows: :func:`verify` is what checks the witness against the log);
    beyond its last position the chain is recomputed from there. Reads only,
    on the caller's connection.
    """
    if position == 0:
        return ZERO
    end = _witness_end(conn)
    if end is not None and position <= end.position:
        return _witnessed(conn, position)
    after, h = (end.position, end.hash) if end is not None else (0, ZERO)
    last = after
    cursor = conn.execute(f"{_COLUMNS} WHERE rowid > ? AND rowid <= ? ORDER BY rowid", (after, position))
    while rows := cursor.fetchmany(_FETCH):
        _, _, h = _link(rows, h)
        last = rows[-1][0]
    return h if last == position else None


class Recomputed(NamedTuple):
    """The chain's hash at a position, recomputed from the events themselves, and the witness's hash of it."""

    head: Head
    witnessed: str | None
    """The witness's hash of the position (hex); None when no block of the witness holds it."""


def recompute(path: str, positions: Iterable[int]) -> dict[int, Recomputed]:
    """The chain's hash at each of ``positions``, recomputed from the log's events from the first one
    (never taken from the witness), with the witness's hash of each: one read of the log up to the largest
    position, in one read-only snapshot (issue 23 §7: what ``audit`` proves a publication's head with).

    A position the log does not hold (an event deleted, or past its end) is left out; position 0 is
    h(0). Costs what hashing the events costs: ~2 µs an event, each hashed by :func:`link`.
    """
    wanted = set(positions)
    found: dict[int, bytes] = {0: ZERO} if 0 in wanted else {}
    last = max(wanted, default=0)
    with closing(_read_only(path)) as conn:
        if last > 0:
            h = ZERO
            rows = conn.execute(f"{_COLUMNS} WHERE rowid > 0 AND rowid <= ? ORDER BY rowid", (last,))
            for position, topic, originator_id, version, state in rows:  # the cursor itself: no batches to build
                h = link(h, position, topic, originator_id, version, state)
                if position in wanted:
                    found[position] = h
        witnessed = {position: _witnessed(conn, position) if position else ZERO for position in found}
    return {
        position: Recomputed(Head(position, h.hex()), None if (w := witnessed[position]) is None else w.hex())
        for position, h in found.items()
    }


# --- verification ------------------------------------------------------------------


class _Expected(NamedTuple):
    """A head to compare, and how to name it in a message."""

    head: Head
    name: str


def _expected(recorded: Iterable[Head | RecordedHead], external: Head | None) -> list[_Expected]:
    found = []
    for item in recorded:
        if isinstance(item, RecordedHead):
            found.append(_Expected(item.head, f"the head {item.head.short()} recorded at position {item.at}"))
        else:
            found.append(_Expected(item, f"the recorded head {item.short()}"))
    if external is not None:
        found.append(_Expected(external, f"the external head {external.short()}"))
    return sorted(found, key=lambda e: e.head.position)


class _Verifier:
    """One pass over the log: hashes it, compares it with the witness and the expected heads."""

    def __init__(self, expected: list[_Expected]) -> None:
        self.expected = expected
        self.next = 0  # the first expected head not compared yet
        self.mismatches: list[Mismatch] = []
        self.events = 0
        self.last = 0
        self.h = ZERO
        while self.next < len(expected) and expected[self.next].head.position == 0:
            self._compare(expected[self.next], ZERO)
            self.next += 1

    def _compare(self, expected: _Expected, actual: bytes) -> None:
        head = expected.head
        if actual.hex() != head.hash:
            self.mismatches.append(
                Mismatch(
                    head.position,
                    f"{expected.name} does not match: the log at position {head.position} hashes to "
                    f"{actual.hex()[:_SHOWN]}…",
                    exact=False,
                )
            )

    def take(self, rows: Sequence[Any]) -> tuple[list[int], bytes]:
        """Hash ``rows``, the next rows of the log, and compare the expected heads among them."""
        positions, hashes, self.h = _link(rows, self.h)
        if not positions:
            return positions, hashes
        self.events += len(positions)
        self.last = positions[-1]
        expected = self.expected
        while self.next < len(expected) and expected[self.next].head.position <= self.last:
            wanted = expected[self.next]
            index = bisect_left(positions, wanted.head.position)
            if positions[index] == wanted.head.position:
                self._compare(wanted, hashes[32 * index : 32 * index + 32])
            else:
                self.mismatches.append(
                    Mismatch(
                        wanted.head.position,
                        f"{wanted.name} names position {wanted.head.position}, which is missing from the log",
                        exact=False,
                    )
                )
            self.next += 1
        return positions, hashes

    def finish(self) -> None:
        """Every expected head past the end of the log is a mismatch."""
        for wanted in self.expected[self.next :]:
            self.mismatches.append(
                Mismatch(
                    self.last + 1,
                    f"{wanted.name} names position {wanted.head.position} but the log ends at {self.last}",
                    exact=False,
                )
            )
        self.next = len(self.expected)


def _witness_mismatch(rows: Sequence[Any], positions: list[int], hashes: bytes, block: _Block) -> Mismatch:
    """The first position where the log's ``positions`` and ``hashes`` part from the witness's ``block``."""
    index = 0
    while (
        index < len(positions)
        and index < block.size
        and positions[index] == block.position(index)
        and hashes[32 * index : 32 * index + 32] == block.hash(index)
    ):
        index += 1
    on = f"witnessed on {block.sealed_at}"
    if index == len(positions) and index < block.size:
        missing = block.position(index)
        return Mismatch(missing, f"position {missing} is missing: the log ends before it ({on})")
    if index == len(positions):
        raise AssertionError("the log matches this witness block")
    position, witnessed = positions[index], block.position(index)
    kind = type_of(str(rows[index][1]))
    if position == witnessed:
        return Mismatch(position, f"position {position} ({kind}) does not match the chain {on}")
    if position > witnessed:
        return Mismatch(witnessed, f"position {witnessed} is missing ({on})")
    return Mismatch(position, f"position {position} ({kind}) was not in the chain {on}: it was inserted")


_Row = tuple[int, int, int, str, "bytes | None", bytes]
"""A row of the witness as stored: block, first and last position, seal time, positions, hashes."""


def _runs(conn: sqlite3.Connection) -> Iterator[tuple[list[_Row], int]]:
    """The witness's rows in block order, in runs of at least :data:`_FETCH` positions (the last may hold
    fewer), each with the number of positions it holds.

    ``verify`` compares the log with a run at a time, and reads the rows as they are stored (a block is
    decoded only where the run does not match): a witness of one block per recording, as many blocks as
    positions, then costs little more than one of full blocks.
    """
    if not _has_table(conn, WITNESS_TABLE):
        return
    cursor = conn.execute(f"{_SELECT_BLOCKS} ORDER BY block")
    run: list[_Row] = []
    size = 0
    while rows := cursor.fetchmany(_FETCH):
        for row in rows:
            run.append(row)
            size += len(row[5]) >> 5
            if size >= _FETCH:
                yield run, size
                run, size = [], 0
    if run:
        yield run, size


def _run_matches(positions: list[int], hashes: bytes, run: list[_Row]) -> bool:
    """Whether the log's ``positions`` and their ``hashes`` are those of the blocks of ``run``, each block
    compared as :func:`_same_positions` compares one."""
    if hashes != b"".join([row[5] for row in run]):
        return False
    offset = 0
    count = len(positions)
    for _, first, last, _, packed, witnessed in run:
        end = offset + (len(witnessed) >> 5)
        if end > count or end == offset:
            return False
        if packed is None:
            if positions[offset] != first or positions[end - 1] != last:
                return False
        elif positions[offset:end] != _decode_positions(packed):
            return False
        offset = end
    return offset == count


def _first_mismatch(rows: Sequence[Any], positions: list[int], hashes: bytes, run: list[_Row]) -> tuple[int, Mismatch]:
    """The positions of ``run`` that match before its first block that does not, and where that one parts
    from the log (:func:`_witness_mismatch`): as if each block had been compared by itself."""
    offset = 0
    for row in run:
        block = _block(row)
        end = offset + block.size
        part = positions[offset:end]
        if not (part and _same_positions(part, block) and hashes[32 * offset : 32 * end] == block.hashes):
            return offset, _witness_mismatch(rows[offset:end], part, hashes[32 * offset : 32 * end], block)
        offset = end
    raise AssertionError("the log matches this run of the witness")


def verify(
    path: str,
    recorded: Iterable[Head | RecordedHead] = (),
    external: Head | None = None,
    *,
    extend: bool = True,
) -> VerifyReport:
    """Recompute the whole chain and compare it with the witness, every recorded head and ``external``.

    The report names the first position where the log stops matching, and
    why. On a failure nothing is written; when the log matches and
    ``extend``, the positions not witnessed yet are sealed.
    """
    checker = _Verifier(_expected(recorded, external))
    witnessed = 0
    with closing(_read_only(path)) as conn:
        damage = _integrity(conn)
        checker.mismatches += _uncovered(conn)
        end = _witness_end(conn)
        cursor = conn.execute(_SELECT_ROWS, (0,))
        witness_failed = False
        for run, size in _runs(conn):
            rows = cursor.fetchmany(size)
            positions, hashes = checker.take(rows)
            if _run_matches(positions, hashes, run):
                witnessed += len(positions)
                continue
            matched, mismatch = _first_mismatch(rows, positions, hashes, run)
            witnessed += matched
            checker.mismatches.append(mismatch)
            witness_failed = True
            break
        tail_positions: list[int] = []
        tail_hashes = bytearray()
        while rows := cursor.fetchmany(_FETCH):
            positions, hashes = checker.take(rows)
            if not witness_failed:
                tail_positions += positions
                tail_hashes += hashes
        checker.finish()
        immutable = conn.immutable
    mismatches = tuple(sorted(checker.mismatches, key=lambda m: (m.position, m.exact is False)))
    head = Head(checker.last, checker.h.hex())
    sealed = 0
    not_extended: str | None = None
    if not mismatches and not damage and extend and tail_positions:
        # Issue 10 §2: the witness is extended only when the file can be written, and a disk error
        # while extending it does not hide the verdict already reached.
        problem = "its folder is read-only" if immutable else stores.write_problem(path)
        if problem is not None:
            not_extended = f"the witness was not extended: {problem}"
        else:
            try:
                if _append(path, end.block if end else None, tail_positions, bytes(tail_hashes)):
                    sealed = len(tail_positions)
            except stores.store_errors() as error:
                not_extended = f"the witness was not extended: {describe_store_error(error, stores.shown(path))}"
    return VerifyReport(
        checker.events, head, witnessed, len(checker.expected), sealed, mismatches, damage, not_extended
    )


def _integrity(conn: sqlite3.Connection) -> tuple[str, ...]:
    """SQLite's own check of the whole file (its pages, every index against its table): the problems found.

    PostgreSQL checks its own pages as it reads them (a damaged page is an error, not a wrong row): nothing
    to add there."""
    if _is_pg(conn):
        return ()
    try:
        found = tuple(str(row[0]) for row in conn.execute("PRAGMA integrity_check"))
    except sqlite3.DatabaseError as error:  # so damaged that the check itself stops
        return (str(error),)
    return () if found == ("ok",) else found


def _uncovered(conn: sqlite3.Connection) -> list[Mismatch]:
    """Every stored row the chain does not cover: a position (rowid) at or below 0.

    The ledger never writes one (SQLite numbers rows from 1), and neither the
    application nor the projections read one; an event there was put in by hand.
    """
    rows = conn.execute(f"SELECT rowid, topic FROM {EVENTS_TABLE} WHERE rowid <= 0 ORDER BY rowid")
    return [
        Mismatch(
            int(position),
            f"position {position} ({type_of(str(topic))}) is outside the chain: the ledger never stores an event "
            "at a position at or below 0, so it was put there by hand",
        )
        for position, topic in rows
    ]
