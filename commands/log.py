"""``ratings log``: the facts of the log, filtered, read-only."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import click

from commands import params
from commands.context import Context, pass_context, refusals
from commands.options import format_option
from ledger.errors import InvalidValueError
from projections.api import known_date as known_date_as
from projections.log import TYPES, check_subjects, log_entries


@click.command()
@click.option("--player", "player_id", metavar="P", help="Only the events that concern this player.")
@click.option("--game", "game_id", metavar="ID", help="Only this game's recording and amendments.")
@click.option(
    "--event", "event_id", metavar="E", help="Only this event's own facts, and its games and their amendments."
)
@click.option("--from", "reported_from", metavar="YYYY-MM-DD", help="Only the events reported on or after this date.")
@click.option("--to", "reported_to", metavar="YYYY-MM-DD", help="Only the events reported on or before this date.")
@click.option(
    "--type",
    "types",
    metavar="T",
    multiple=True,
    type=params.Choice(TYPES),
    help="Only events of this type (repeatable).",
)
@format_option(["text", "json"], "text")
@pass_context
def log(
    obj: Context,
    player_id: str | None,
    game_id: str | None,
    event_id: str | None,
    reported_from: str | None,
    reported_to: str | None,
    types: tuple[str, ...],
    fmt: str,
) -> None:
    """Show the events of the log, in log order (the filters apply together).

    \b
    Example:
        ratings log --player 1001
        ratings log --event C2-17 --from 2024-01-01 --to 2024-03-31 --type GameRecorded
    """
    with refusals(obj):
        low = known_date_as(reported_from, "--from date")
        high = known_date_as(reported_to, "--to date")
        if low is not None and high is not None and low > high:
            raise InvalidValueError(f"--from date {low} is after --to date {high}")
        reader = obj.reader()
        try:
            check_subjects(reader, player_id, game_id, event_id)
            found = log_entries(
                reader, player_id, game=game_id, event=event_id, reported_from=low, reported_to=high, types=types
            )
            for entry in found:
                click.echo(json.dumps(entry, ensure_ascii=False) if fmt == "json" else entry_line(entry))
        finally:
            reader.close()


def entry_line(entry: Mapping[str, Any]) -> str:
    """One event of the log as ``log`` prints it: position, type, facts, who recorded it and when reported."""
    facts = " ".join(f"{k}={fact_text(v)}" for k, v in entry["facts"].items())
    return (
        f"{entry['position']:>7}  {entry['type']:<20}  {facts}  "
        f"[by {entry['recorded_by']}, reported {entry['reported_on']}]"
    )


def fact_text(value: Any) -> str:
    """One fact of ``log``'s text: ``-`` for none, quoted where it holds blanks."""
    if value is None:
        return "-"
    text = str(value).lower() if isinstance(value, bool) else str(value)
    return json.dumps(text, ensure_ascii=False) if not text or any(c.isspace() for c in text) else text
