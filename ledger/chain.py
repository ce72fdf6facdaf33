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

Choices made here:

- The first seal of a ledger trusts the log as it is: the witness starts there.
- :func:`seal` is incremental: it reads the last witnessed hash and the rows
  after it, and checks only that the last witnessed event still hashes to the
  witness (the junction). It never chains from a recomputed hash, so a log
  tampered further back cannot poison the witness; :func:`verify` finds it.
- A recording writes the witness of its events in its own transaction
  (:func:`ledger.witness.witness_recorded`), one commit: what :func:`seal` would append
  after it, with the same junction check, reading nothing that grows with
  the log. When the witness does not end at the event before the new ones,
  it writes nothing and the seal after the recording does as before.
- A witness block holds positions from one seal (or one recording) only, so
  each position's seal time is exact; many small recordings make many small
  rows (~100 bytes each). :func:`verify` compares them with the log in runs
  of blocks, and :func:`ledger.witness.hash_at` finds a block by a binary search of the
  block numbers, so a witness of a million one-position blocks costs them
  little more than one of full blocks.
- A recorded head naming a position the log no longer holds is a mismatch.

Reads open the ledger read-only in one snapshot; a seal's only write is the
witness's, one short ``BEGIN IMMEDIATE`` transaction that appends blocks after
checking that no other seal appended meanwhile.

This module works on a whole ledger, as ``--db`` names it or as the
:class:`ledger.stores.Store` made of it, which opens the connections; the
arithmetic on one connection (:func:`link`, the witness's blocks, what a
recording writes in its own transaction) is :mod:`ledger.witness`, below the
stores that use it.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable, Iterator, Sequence
from contextlib import closing
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from ledger import stores, witness
from ledger.stores import Store
from ledger.witness import BLOCK as BLOCK
from ledger.witness import WITNESS_TABLE as WITNESS_TABLE
from ledger.witness import ZERO as ZERO
from ledger.witness import ChainError as ChainError
from ledger.witness import Connection, link, type_of
from ledger.witness import WitnessMismatchError as WitnessMismatchError

HASH_HEX = 64
"""Hex digits of a head's hash."""

_SHOWN = 16
"""Hex digits of a hash shown in a message."""

_SEAL_ATTEMPTS = 3
"""Times :func:`seal` starts again when another seal appended to the witness meanwhile."""


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


# --- the store ---------------------------------------------------------------------
#
# Every function below that takes a ledger takes it as ``--db`` names it, or as the :class:`ledger.stores.Store`
# made of it: the store opens the connections (a read-only snapshot, a writer of the witness) and says what
# differs between SQLite and PostgreSQL; the chain's SQL is the same on both (:mod:`ledger.witness`).


def _append(store: Store, after: int | None, positions: list[int], hashes: bytes) -> bool:
    """Append blocks witnessing ``positions`` to the witness, if its last block is still ``after``.

    False, writing nothing, when another seal appended meanwhile.
    """
    with closing(store.writer()) as conn:
        conn.execute("BEGIN IMMEDIATE")
        try:
            conn.execute(witness.CREATE_WITNESS)
            last = conn.execute(f"SELECT max(block) FROM {WITNESS_TABLE}").fetchone()[0]
            if last != after:
                conn.execute("ROLLBACK")
                return False
            witness.write_blocks(conn, last or 0, positions, hashes)
            conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:  # SQLite has already rolled back after some errors (a full disk)
                conn.execute("ROLLBACK")
            raise
    return True


def _tail(conn: Connection, after: int, previous: bytes) -> tuple[list[int], bytes, bytes]:
    """Every position after ``after``, their hashes and the last hash, chained on from ``previous``."""
    positions: list[int] = []
    hashes = bytearray()
    h = previous
    cursor = conn.execute(witness.SELECT_ROWS, (after,))
    while rows := cursor.fetchmany(witness.FETCH):
        more, linked, h = witness.link_rows(rows, h)
        positions += more
        hashes += linked
    return positions, bytes(hashes), h


def seal(db: str | Store) -> Head:
    """Witness every position not witnessed yet; the head of the log.

    Reads only the rows after the witness's last position, after checking
    that the event there still hashes to the witness (else
    :class:`WitnessMismatchError`, and nothing is written).

    On a store several offices record into at once (PostgreSQL's:
    :attr:`ledger.stores.Store.seals_under_lock`), the seal reads under the
    witness's lock (:func:`_seal_locked`): a seal waits for another, never
    loses to it.
    """
    store = stores.store(db)
    if store.seals_under_lock:
        return _seal_locked(store)
    for _ in range(_SEAL_ATTEMPTS):
        with closing(store.snapshot()) as conn:
            tail = _unwitnessed(conn)
        if not tail.positions or _append(store, tail.block, tail.positions, tail.hashes):
            return tail.head
    raise ChainError(f"the witness of {store.shown} kept changing while it was being sealed: try again")


def _seal_locked(store: Store) -> Head:
    """:func:`seal` in one transaction holding the witness's lock: the end of the witness and the rows after
    it are read after the lock is taken (each statement sees what was committed by then, and the log's
    positions are committed in order), so no other seal can append meanwhile."""
    with closing(store.writer()) as conn:
        conn.execute("BEGIN IMMEDIATE")
        try:
            tail = _unwitnessed(conn)
            if tail.positions:
                witness.write_blocks(conn, tail.block or 0, tail.positions, tail.hashes)
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


def _unwitnessed(conn: Connection) -> _Unwitnessed:
    """What a seal would witness, after checking that the witness's last event still hashes to it (else
    :class:`WitnessMismatchError`)."""
    end = witness.witness_end(conn)
    if end is not None:
        witness.check_junction(conn, end)
    after, previous = (end.position, end.hash) if end else (0, ZERO)
    positions, hashes, h = _tail(conn, after, previous)
    head = Head(positions[-1], h.hex()) if positions else Head(after, previous.hex())
    return _Unwitnessed(end.block if end else None, positions, hashes, head)


def chain_head(db: str | Store, upto: int | None = None) -> Head:
    """The head of the log at its last position, or at position ``upto``, sealing the witness first."""
    store = stores.store(db)
    head = seal(store)
    if upto is None or upto == head.position:
        return head
    if upto == 0:
        return Head(0, ZERO.hex())
    if upto < 0 or upto > head.position:
        raise ChainError(f"position {upto} is not in the log: it ends at position {head.position}")
    with closing(store.snapshot()) as conn:
        found = witness.witnessed(conn, upto)
    if found is None:
        raise ChainError(f"position {upto} is not in the log")
    return Head(upto, found.hex())


class Recomputed(NamedTuple):
    """The chain's hash at a position, recomputed from the events themselves, and the witness's hash of it."""

    head: Head
    witnessed: str | None
    """The witness's hash of the position (hex); None when no block of the witness holds it."""


def recompute(db: str | Store, positions: Iterable[int]) -> dict[int, Recomputed]:
    """The chain's hash at each of ``positions``, recomputed from the log's events from the first one
    (never taken from the witness), with the witness's hash of each: one read of the log up to the largest
    position, in one read-only snapshot: what ``audit`` proves a publication's head with.

    A position the log does not hold (an event deleted, or past its end) is left out; position 0 is
    h(0). Costs what hashing the events costs: ~2 µs an event, each hashed by :func:`link`.
    """
    wanted = set(positions)
    found: dict[int, bytes] = {0: ZERO} if 0 in wanted else {}
    last = max(wanted, default=0)
    with closing(stores.store(db).snapshot()) as conn:
        if last > 0:
            h = ZERO
            rows = conn.execute(f"{witness.COLUMNS} WHERE rowid > 0 AND rowid <= ? ORDER BY rowid", (last,))
            for position, topic, originator_id, version, state in rows:  # the cursor itself: no batches to build
                h = link(h, position, topic, originator_id, version, state)
                if position in wanted:
                    found[position] = h
        witnessed = {position: witness.witnessed(conn, position) if position else ZERO for position in found}
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
        positions, hashes, self.h = witness.link_rows(rows, self.h)
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


def _witness_mismatch(rows: Sequence[Any], positions: list[int], hashes: bytes, block: witness.Block) -> Mismatch:
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


def _runs(conn: Connection) -> Iterator[tuple[list[_Row], int]]:
    """The witness's rows in block order, in runs of at least :data:`witness.FETCH` positions (the last may hold
    fewer), each with the number of positions it holds.

    ``verify`` compares the log with a run at a time, and reads the rows as they are stored (a block is
    decoded only where the run does not match): a witness of one block per recording, as many blocks as
    positions, then costs little more than one of full blocks.
    """
    if not witness.has_table(conn, WITNESS_TABLE):
        return
    cursor = conn.execute(f"{witness.SELECT_BLOCKS} ORDER BY block")
    run: list[_Row] = []
    size = 0
    while rows := cursor.fetchmany(witness.FETCH):
        for row in rows:
            run.append(row)
            size += len(row[5]) >> 5
            if size >= witness.FETCH:
                yield run, size
                run, size = [], 0
    if run:
        yield run, size


def _run_matches(positions: list[int], hashes: bytes, run: list[_Row]) -> bool:
    """Whether the log's ``positions`` and their ``hashes`` are those of the blocks of ``run``, each block
    compared as :func:`witness.same_positions` compares one."""
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
        elif positions[offset:end] != witness.decode_positions(packed):
            return False
        offset = end
    return offset == count


def _first_mismatch(rows: Sequence[Any], positions: list[int], hashes: bytes, run: list[_Row]) -> tuple[int, Mismatch]:
    """The positions of ``run`` that match before its first block that does not, and where that one parts
    from the log (:func:`_witness_mismatch`): as if each block had been compared by itself."""
    offset = 0
    for row in run:
        block = witness.block_of(row)
        end = offset + block.size
        part = positions[offset:end]
        if not (part and witness.same_positions(part, block) and hashes[32 * offset : 32 * end] == block.hashes):
            return offset, _witness_mismatch(rows[offset:end], part, hashes[32 * offset : 32 * end], block)
        offset = end
    raise AssertionError("the log matches this run of the witness")


def verify(
    db: str | Store,
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
    store = stores.store(db)
    with closing(store.snapshot()) as conn:
        damage = conn.integrity_problems()
        checker.mismatches += _uncovered(conn)
        end = witness.witness_end(conn)
        cursor = conn.execute(witness.SELECT_ROWS, (0,))
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
        while rows := cursor.fetchmany(witness.FETCH):
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
        # The witness is extended only when the ledger can be written, and a disk error
        # while extending it does not hide the verdict already reached.
        problem = "its folder is read-only" if immutable else store.write_problem()
        if problem is not None:
            not_extended = f"the witness was not extended: {problem}"
        else:
            try:
                if _append(store, end.block if end else None, tail_positions, bytes(tail_hashes)):
                    sealed = len(tail_positions)
            except store.errors() as error:
                not_extended = f"the witness was not extended: {store.describe_error(error)}"
    return VerifyReport(
        checker.events, head, witnessed, len(checker.expected), sealed, mismatches, damage, not_extended
    )


def _uncovered(conn: Connection) -> list[Mismatch]:
    """Every stored row the chain does not cover: a position (rowid) at or below 0.

    The ledger never writes one (SQLite numbers rows from 1), and neither the
    application nor the projections read one; an event there was put in by hand.
    """
    rows = conn.execute("SELECT rowid, topic FROM stored_events WHERE rowid <= 0 ORDER BY rowid")
    return [
        Mismatch(
            int(position),
            f"position {position} ({type_of(str(topic))}) is outside the chain: the ledger never stores an event "
            "at a position at or below 0, so it was put there by hand",
        )
        for position, topic in rows
    ]
