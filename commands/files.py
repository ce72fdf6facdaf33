"""``init`` and ``backup``: a ledger is created only on purpose, and copied consistently (issue 10 §2)."""

from __future__ import annotations

import click

from commands.context import Context, pass_context, refusals
from ledger import ledger_file
from ledger.application import RatingLedger


@click.command()
@click.argument("path", required=False, metavar="PATH")
@pass_context
def init(obj: Context, path: str | None) -> None:
    """Create a new, empty ledger file at PATH [default: --db, env RATINGS_DB, ./ratings.db].

    Every other command refuses a path where there is no ledger, so that a
    typo in --db cannot start a new one. An existing file is never touched.

    \b
    Example:
        ratings init federation.db
        ratings --db federation.db player register 1001 --name "Anna Adler"
    """
    target = path or obj.db
    with refusals(obj):
        RatingLedger.create(target, user=obj.by).close()
    click.echo(f"created an empty ledger: {target}")


@click.command()
@click.argument("dest", metavar="DEST")
@pass_context
def backup(obj: Context, dest: str) -> None:
    """Copy the ledger to the new file DEST, consistently, with SQLite's backup API.

    A plain copy of the ledger file can miss what SQLite still holds in its
    write-ahead log beside it (the -wal file), or catch a write half done;
    this copy cannot. The ledger is only read (it may be read-only).

    \b
    Example:
        ratings backup /media/usb/federation-2024-05-02.db
        ratings --db /media/usb/federation-2024-05-02.db verify
    """
    with refusals(obj):
        events = ledger_file.backup(obj.db, dest)
    click.echo(f"backed up {obj.db} to {dest}: {events} events")
