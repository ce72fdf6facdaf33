"""``ratings copy --from DB --to DB``: a ledger copied event for event between stores (issue 15 §1).

The copy holds every event at the position it has in the source, with the same stored bytes, and the
source's witness blocks as they are (their seal times included): so the copy's chain is the source's,
every head recorded or printed on one verifies on the other, and a federation can move from a SQLite
file to PostgreSQL and back.

What it does, in order:

1. Checks the source against its witness and every head its publications recorded (``ratings verify``'s
   check, :func:`ledger.chain.verify`, extending nothing): a source that does not verify is refused and
   nothing is written, since a copy would carry the damage into a ledger that looks new.
2. Reads the events and the witness in one snapshot of the source, so that offices recording meanwhile
   neither tear the copy nor slip an event in half-witnessed.
3. Writes them into the destination in one transaction: a new SQLite file, or a PostgreSQL database holding
   no ledger or an empty one (``ratings init``).
4. Verifies the destination, and refuses (leaving the destination as it was before the transaction)
   unless it ends at the source's head.

A new SQLite file is built under a hidden temporary name beside it, verified there, and only then given its
name, never replacing a file made there meanwhile (issue 22 §1 and §5, :func:`ledger.outputs.written_new`): a
copy that fails or is killed leaves no ledger at the destination (an empty one would pass ``verify`` with
"0 events" and refuse the retry as "already exists").
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ledger import chain, ledger_file, stores
from ledger.errors import LedgerError, LedgerExistsError, LedgerFileError, NoLedgerError
from ledger.outputs import written_new

_FETCH = 20_000

Progress = Callable[[int], None]

EventRow = tuple[int, str, str, int, bytes]
"""A stored event as the chain reads it: position, topic, originator id (hex), version, state."""

BlockRow = tuple[int, int, int, str, bytes | None, bytes]
"""A witness row: block, first and last position, seal time, positions (or None), hashes."""


class CopyError(LedgerError):
    """The source cannot be copied (it does not verify), or the copy did not end at its head."""


@dataclass(frozen=True)
class Copied:
    """What :func:`copy` wrote: the number of events, witness blocks, and the head both ledgers end at."""

    events: int
    blocks: int
    head: chain.Head


def _events(conn: Any) -> Iterator[Sequence[EventRow]]:
    cursor = conn.execute(chain._SELECT_ROWS, (0,))
    while rows := cursor.fetchmany(_FETCH):
        yield rows


def _blocks(conn: Any) -> list[BlockRow]:
    if not chain._has_table(conn, chain.WITNESS_TABLE):
        return []
    return [tuple(row) for row in conn.execute(f"{chain._SELECT_BLOCKS} ORDER BY block")]


def _check_source(source: str, recorded: Iterable[chain.RecordedHead]) -> chain.Head:
    report = chain.verify(source, recorded, extend=False)
    if not report.ok:
        first = report.first
        what = f"position {first.position}: {first.reason}" if first is not None else "; ".join(report.damage)
        raise CopyError(
            f"the ledger {stores.shown(source)} does not verify ({what}): nothing was copied; "
            "`ratings verify` says more"
        )
    return report.head


def _into_sqlite(
    dest: str,
    events: Iterator[Sequence[EventRow]],
    blocks: list[BlockRow],
    progress: Progress | None,
    source_head: chain.Head,
) -> int:
    """Write the new SQLite file ``dest`` aside, verify it ends at ``source_head``, then name it (issue 22 §5)."""
    count = 0
    try:
        with written_new(Path(dest)) as temp:
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
                conn.execute(chain._CREATE_WITNESS)
                conn.executemany(chain.INSERT_BLOCK, blocks)
                conn.execute("COMMIT")
            report = chain.verify(str(temp))
            if not report.ok or report.head != source_head:
                raise CopyError(
                    f"the copy {dest} ended at {report.head.short()}, not at the source's head {source_head.short()}: "
                    "it was removed, and nothing was written"
                )
    except (FileNotFoundError, PermissionError) as error:  # the folder went away, or may not be written
        raise LedgerFileError(f"cannot write {dest}: {error.strerror or error}") from None
    return count


def _source_head(conn: Any) -> chain.Head:
    """The head of the source as its snapshot ``conn`` holds it."""
    last = conn.execute("SELECT max(rowid) FROM stored_events").fetchone()[0]
    if last is not None:
        found = chain.hash_at(conn, int(last))
        if found is not None:
            return chain.Head(int(last), found.hex())
    return chain.Head(0, chain.ZERO.hex())


def _into_postgres(
    dest: str, events: Iterator[Sequence[EventRow]], blocks: list[BlockRow], progress: Progress | None
) -> int:
    from ledger import postgres  # the driver, for a PostgreSQL ledger only

    with postgres.connect(dest) as pg:
        try:
            first = postgres.inspect(dest, pg)
        except LedgerError as error:
            if not isinstance(error, NoLedgerError):
                raise
            postgres.create(dest)
            first = None
        if first is not None:
            raise LedgerExistsError(
                f"{stores.shown(dest)} already holds a ledger with events: the copy writes into a new or empty "
                "ledger only"
            )
        count = 0
        conn = pg.conn
        with conn.transaction():
            conn.execute(f"LOCK TABLE {postgres.EVENTS_TABLE} IN EXCLUSIVE MODE")
            conn.execute(f"LOCK TABLE {chain.WITNESS_TABLE} IN EXCLUSIVE MODE")
            if conn.execute(f"SELECT 1 FROM {postgres.EVENTS_TABLE} LIMIT 1").fetchone() is not None:
                raise LedgerExistsError(f"{stores.shown(dest)} was recorded into meanwhile: nothing was copied")

            def rows() -> Iterator[EventRow]:
                nonlocal count
                for chunk in events:
                    yield from chunk
                    count += len(chunk)
                    if progress is not None:
                        progress(len(chunk))

            postgres.copy_events(conn, rows())
            with conn.cursor() as cursor:
                cursor.executemany(postgres.translate(chain.INSERT_BLOCK), blocks)
        postgres.analyse(conn)
    return count


def copy(
    source: str,
    dest: str,
    recorded: Iterable[chain.RecordedHead] = (),
    progress: Progress | None = None,
    *,
    kind: str = "copy",
) -> Copied:
    """Copy the ledger ``source`` into ``dest`` (a new SQLite file, or a PostgreSQL database without a ledger or
    with an empty one), event for event, at the same positions, with the same chain; see the module's notes.

    ``recorded``: the heads the source's publications recorded, checked as ``ratings verify`` checks them.
    ``kind``: what the refusals call it (``copy``, or ``backup`` for ``ratings backup``)."""
    if source == dest:
        raise CopyError(f"--from and --to name the same ledger ({stores.shown(source)})")
    if not stores.is_central(dest):
        target = Path(dest)
        if target.exists() or target.is_symlink():
            what = "a folder" if target.is_dir() else "a file" if target.exists() else "a link to a missing file"
            raise LedgerExistsError(f"{dest} already exists ({what}): the {kind} writes a new file")
        if not target.resolve().parent.is_dir():
            raise LedgerFileError(f"cannot write the {kind} {dest}: the folder {target.parent} does not exist")
    _check_source(source, recorded)
    with closing(chain._read_only(source)) as conn:
        blocks = _blocks(conn)
        source_head = _source_head(conn)
        events = _events(conn)
        if not stores.is_central(dest):
            count = _into_sqlite(dest, events, blocks, progress, source_head)
            return Copied(count, len(blocks), source_head)
        count = _into_postgres(dest, events, blocks, progress)
    report = chain.verify(dest)
    if not report.ok or report.head != source_head:
        raise CopyError(
            f"the copy {stores.shown(dest)} ends at {report.head.short()}, not at the source's head "
            f"{source_head.short()}: do not use it; `ratings --db {stores.shown(dest)} verify` says where"
        )
    return Copied(count, len(blocks), report.head)
