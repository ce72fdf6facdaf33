"""``init``, ``backup`` and ``copy``: a ledger is created only on purpose, and copied consistently; never onto
the ledger or its projections file, and a new file is put in place only when whole."""

from __future__ import annotations

import click

from commands.audit import recorded_heads
from commands.context import Context, pass_context, refusals
from ledger import copying, stores
from ledger.application import RatingLedger


@click.command()
@click.argument("path", required=False, metavar="PATH")
@pass_context
def init(obj: Context, path: str | None) -> None:
    """Create a new, empty ledger at PATH [default: --db, env RATINGS_DB, ./ratings.db].

    PATH is a SQLite file, or a PostgreSQL database (postgresql://USER@HOST:PORT/DBNAME),
    where it creates the ledger's tables. Every other command refuses a ledger that is
    not there, so that a typo in --db cannot start a new one. An existing file, or a
    database already holding a ledger, is never touched.

    \b
    Example:
        ratings init federation.db
        ratings --db federation.db player register 1001 --name "Anna Adler"
        ratings init postgresql://ratings@db.example.org:5432/federation
    """
    target = stores.store(path) if path else obj.store
    with refusals(obj):
        if path is not None and target.file is not None:  # never onto the ledger's files
            obj.output(path, "PATH")
        RatingLedger.create(target.db, user=obj.by).close()
    click.echo(f"created an empty ledger: {target.shown}")


@click.command()
@click.argument("dest", metavar="DEST")
@pass_context
def backup(obj: Context, dest: str) -> None:
    """Copy the ledger to the new file DEST, consistently, with SQLite's backup API.

    A plain copy of the ledger file can miss what SQLite still holds in its
    write-ahead log beside it (the -wal file), or catch a write half done;
    this copy cannot. The ledger is only read (it may be read-only). DEST
    is made under a temporary name and named only when whole: a backup that
    fails or is killed leaves nothing at DEST.

    A PostgreSQL ledger is backed up into a new SQLite file DEST, event for
    event, as `ratings copy` copies it (the chain and every head stay valid).

    \b
    Example:
        ratings backup /media/usb/federation-2024-05-02.db
        ratings --db /media/usb/federation-2024-05-02.db verify
    """
    target = stores.store(dest)
    with refusals(obj):
        if target.file is not None:  # never onto the ledger or its projections file
            obj.output(dest, "DEST")
        events = copying.backup(obj.store, target, lambda: recorded_heads(obj.db, []), obj.bars or None)
    obj.bars.close()
    click.echo(f"backed up {obj.store.shown} to {target.shown}: {events} events")


@click.command()
@click.option("--from", "source", metavar="PATH|URL", help="The ledger to copy [default: --db].")
@click.option("--to", "dest", metavar="PATH|URL", required=True, help="A new ledger file, or an empty database.")
@pass_context
def copy(obj: Context, source: str | None, dest: str) -> None:
    """Copy a ledger event for event into another store: same positions, same chain.

    Moves a federation from a SQLite file to PostgreSQL (or back). The
    source must verify (as `ratings verify` checks it); it is read in one
    snapshot while others may go on recording. The destination is a new
    SQLite file, or a PostgreSQL database with no ledger or an empty one; it
    is written in one transaction and verified to end at the source's head
    (a new SQLite file under a temporary name, named only then: a copy that
    fails or is killed leaves nothing at --to).

    \b
    Example:
        ratings copy --from federation.db --to postgresql://ratings@db.example.org:5432/federation
        ratings --db postgresql://ratings@db.example.org:5432/federation verify
    """
    origin = obj.store if source is None else stores.store(source)
    target = stores.store(dest)
    with refusals(obj):
        if target.file is not None:  # never onto either ledger or its projections file
            obj.output(dest, "--to", source=origin.db)
        copied = copying.copy(origin, target, recorded_heads(origin.db, []), copying.counted(origin, obj.bars or None))
    obj.bars.close()
    click.echo(
        f"copied {origin.shown} to {target.shown}: {copied.events} events, {copied.blocks} witness blocks; "
        f"both end at head {copied.head}"
    )
