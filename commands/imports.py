"""``import players`` and ``import games``: a CSV file, all or nothing."""

from __future__ import annotations

import click

from commands.context import Context, pass_context, refusals
from ledger.application import Progress, csv_data_rows


def _progress(obj: Context, rows: int) -> Progress | None:
    """The rows written, on the command's progress bar: an import checks and writes a chunk at a time."""
    if not obj.bars:
        return None
    written = obj.bars.counter("imported", rows)

    def progress(stage: str, count: int) -> None:
        if stage == "written":
            written(count)

    return progress


def _import(obj: Context, file: str, what: str) -> None:
    with refusals():
        rows = csv_data_rows(file)
    progress = _progress(obj, rows)
    with refusals(obj):
        try:
            count = obj.ledger().import_file(file, what, progress)
        finally:
            obj.bars.close()
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
