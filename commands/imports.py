"""``import players`` and ``import games``: a CSV file, all or nothing."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

import click

from commands.context import Context, pass_context, refusals
from ledger.application import Progress, csv_data_rows


def _progress(rows: int) -> tuple[Progress | None, Callable[[], None]]:
    """One progress bar of the rows written: an import checks and writes a chunk at a time."""
    if not sys.stderr.isatty():
        return None, lambda: None
    bar: Any = click.progressbar(length=rows, label="imported", file=sys.stderr)
    bar.__enter__()

    def progress(stage: str, count: int) -> None:
        if stage == "written":
            bar.update(count)

    def finish() -> None:
        bar.__exit__(None, None, None)

    return progress, finish


def _import(obj: Context, file: str, what: str) -> None:
    with refusals():
        rows = csv_data_rows(file)
    progress, finish = _progress(rows)
    with refusals(obj):
        try:
            count = obj.ledger().import_file(file, what, progress)
        finally:
            finish()
    click.echo(f"imported {count} {what} from {file}")


@click.command("players")
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@pass_context
def import_players(obj: Context, file: str) -> None:
    """Register the players of a CSV file.

    Columns: player,name,country,starting_rating,source,rated_games
    (optionally born,reported,sex,title,federation). An empty cell means the default.

    \b
    Example:
        ratings import players players.csv
    """
    _import(obj, file, "players")


@click.command("games")
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@pass_context
def import_games(obj: Context, file: str) -> None:
    """Record the games of a CSV file.

    Columns: game,white,black,result,finished,tournament,forfeit
    (optionally time_control,reported, and event,mode: a registered event's id, otb, email or online).
    An empty cell means the default.

    \b
    Example:
        ratings import games games.csv
    """
    _import(obj, file, "games")
