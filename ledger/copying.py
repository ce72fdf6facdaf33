"""``ratings copy --from DB --to DB``: a ledger copied event for event between stores.

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

How each store takes the copy is the store's (:meth:`ledger.stores.Store.written_copy`): a new SQLite file is
built under a hidden temporary name beside it, verified there, and only then given its name, never replacing a
file made there meanwhile (:func:`ledger.outputs.written_new`), so a copy that fails or is killed leaves no
ledger at the destination; a PostgreSQL database is written in one transaction, then verified.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import closing
from dataclasses import dataclass
from functools import partial
from typing import Any

from ledger import chain, stores, witness
from ledger.errors import LedgerError
from ledger.store import EventRow
from ledger.stores import Store
from ledger.witness import Connection

_FETCH = 20_000

Progress = Callable[[int], None]


class CopyError(LedgerError):
    """The source cannot be copied (it does not verify), or the copy did not end at its head."""


@dataclass(frozen=True)
class Copied:
    """What :func:`copy` wrote: the number of events, witness blocks, and the head both ledgers end at."""

    events: int
    blocks: int
    head: chain.Head


def _events(conn: Connection) -> Iterator[Sequence[EventRow]]:
    cursor = conn.execute(witness.SELECT_ROWS, (0,))
    while rows := cursor.fetchmany(_FETCH):
        yield rows


def _blocks(conn: Connection) -> list[tuple[Any, ...]]:
    if not witness.has_table(conn, witness.WITNESS_TABLE):
        return []
    return [tuple(row) for row in conn.execute(f"{witness.SELECT_BLOCKS} ORDER BY block")]


def _check_source(source: Store, recorded: Iterable[chain.RecordedHead]) -> chain.Head:
    report = chain.verify(source, recorded, extend=False)
    if not report.ok:
        first = report.first
        what = f"position {first.position}: {first.reason}" if first is not None else "; ".join(report.damage)
        raise CopyError(
            f"the ledger {source.shown} does not verify ({what}): nothing was copied; `ratings verify` says more"
        )
    return report.head


def _source_head(conn: Connection) -> chain.Head:
    """The head of the source as its snapshot ``conn`` holds it."""
    last = conn.execute("SELECT max(rowid) FROM stored_events").fetchone()[0]
    if last is not None:
        found = witness.hash_at(conn, int(last))
        if found is not None:
            return chain.Head(int(last), found.hex())
    return chain.Head(0, chain.ZERO.hex())


def copy(
    source: str | Store,
    dest: str | Store,
    recorded: Iterable[chain.RecordedHead] = (),
    progress: Progress | None = None,
    *,
    kind: str = "copy",
) -> Copied:
    """Copy the ledger ``source`` into ``dest`` (a new SQLite file, or a PostgreSQL database without a ledger or
    with an empty one), event for event, at the same positions, with the same chain; see the module's notes.

    ``recorded``: the heads the source's publications recorded, checked as ``ratings verify`` checks them.
    ``kind``: what the refusals call it (``copy``, or ``backup`` for ``ratings backup``)."""
    origin, target = stores.store(source), stores.store(dest)
    if origin.db == target.db:
        raise CopyError(f"--from and --to name the same ledger ({origin.shown})")
    target.check_new(kind)
    _check_source(origin, recorded)
    with closing(origin.snapshot()) as conn:
        blocks = _blocks(conn)
        source_head = _source_head(conn)
        with target.written_copy(_events(conn), blocks, progress) as written:
            report = chain.verify(written.db)
            if not report.ok or report.head != source_head:
                raise CopyError(
                    f"the copy {target.shown} ends at {report.head.short()}, not at the source's head "
                    f"{source_head.short()}: {written.refused}"
                )
    return Copied(written.events, len(blocks), report.head)


def backup(
    source: str | Store,
    dest: str | Store,
    recorded: Callable[[], Iterable[chain.RecordedHead]],
    progress: Callable[[str, int, int], None] | None = None,
) -> int:
    """``ratings backup``: the ledger ``source`` copied into the new file (or the database) ``dest``, by the
    store's own consistent copy when it has one into a file (SQLite's backup API), else event by event as
    :func:`copy` copies it (``recorded``: the heads to check the source against then). The number of events.
    ``progress`` is told (``pages copied`` or ``events copied``, done, of how many)."""
    origin, target = stores.store(source), stores.store(dest)
    if target.file is not None:
        pages = None if progress is None else partial(progress, "pages copied")
        events = origin.backup_file(target.file, pages)
        if events is not None:
            return events
    return copy(origin, target, recorded(), counted(origin, progress), kind="backup").events


def counted(source: Store, progress: Callable[[str, int, int], None] | None) -> Progress | None:
    """A copy's :data:`Progress` of the events of ``source`` written, told to ``progress`` as (``events copied``,
    done, of how many); None without ``progress``."""
    if progress is None:
        return None
    done, total = 0, -1

    def count(more: int) -> None:
        nonlocal done, total
        if total < 0:  # read once the copy has begun: the source checked, its snapshot taken
            with closing(source.open_reader()) as reader:
                total = reader.head()
        done += more
        progress("events copied", done, total)

    return count
