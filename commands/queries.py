"""``list``, ``explain``, ``history`` and ``log``: what the ledger says, read-only."""

from __future__ import annotations

import json
from typing import Any

import click

from commands import output
from commands.audit import since_published_text
from commands.context import Context, pass_context, refusals
from commands.explanation_text import explanation_text
from commands.listing import headings, list_text
from commands.options import format_option, known_at_option, known_date, period_option, rules_option
from ledger.errors import UnknownPlayerError
from ledger.events import player_key
from projections import systems
from projections.log import log_entries
from projections.registry import get_rules, system_for


@click.command("list")
@rules_option
@period_option
@format_option(["table", "csv", "json"], "table")
@known_at_option
@pass_context
def list_(obj: Context, rules: str, period: str, fmt: str, known_at: str | None) -> None:
    """Print the rating list of a period (as known at a date, with --known-at).

    \b
    Example:
        ratings list --rules iecg-1.7 --period 2024-01 --format json
        ratings list --rules iecg-1.7 --period 2024-01 --known-at 2024-03-01
    """
    with refusals():
        ratings = obj.ratings()
        known = known_date(known_at)
        rating_list = ratings.list(rules, period, known)
        notes = ratings.notes(rules, period, known)
    click.echo(list_text(rating_list, fmt), nl=False)
    if notes:
        click.echo("".join(f"{note}\n" for note in notes), nl=False, err=True)


@click.command()
@click.argument("player_id", metavar="P")
@rules_option
@period_option
@known_at_option
@click.option(
    "--since-published",
    is_flag=True,
    help="Also show what changed for the player since the list was last published, and why.",
)
@pass_context
def explain(obj: Context, player_id: str, rules: str, period: str, known_at: str | None, since_published: bool) -> None:
    """Explain a player's rating on the list of a period, game by game.

    \b
    Example:
        ratings explain 1001 --rules iecg-1.7 --period 2024-01
        ratings explain 1001 --rules iecg-1.7 --period 2024-01 --since-published
    """
    with refusals():
        ratings = obj.ratings()
        known = known_date(known_at)
        found = ratings.explain(player_id, rules, period, known)
        name = ratings.name(player_id, known)
        since = since_published_text(ratings.projector, rules, period, player_id) if since_published else ""
    click.echo(since + explanation_text(found, name), nl=False)


@click.command()
@click.argument("player_id", metavar="P")
@rules_option
@known_at_option
@pass_context
def history(obj: Context, player_id: str, rules: str, known_at: str | None) -> None:
    """Show a player's rating after every period he was rated in.

    \b
    Example:
        ratings history 1001 --rules iecg-1.7
        ratings history 1001 --rules iecg-1.7 --known-at 2024-03-01
    """
    with refusals():
        known = known_date(known_at)
        ratings = obj.ratings()
        params = get_rules(rules)
        system = system_for(params)
        found = ratings.history(player_id, rules, known)
        if not found:
            click.echo(f"{player_id} has no {system.rated} games under {rules}")
            return
        info = systems.player_info(ratings.projector.view(known))(player_id)
        rows = systems.history_rows(params, system, player_id, found, info)
    keys = systems.history_keys(system)
    click.echo(output.table(rows, keys, headings(system, keys)), nl=False)


@click.command()
@click.option("--player", "player_id", metavar="P", help="Only the events that concern this player.")
@format_option(["text", "json"], "text")
@pass_context
def log(obj: Context, player_id: str | None, fmt: str) -> None:
    """Show the events of the log, in log order.

    \b
    Example:
        ratings log --player 1001
    """
    with refusals(obj):
        reader = obj.reader()
        if player_id is not None and not reader.aggregate_records(player_key(player_id)):
            raise UnknownPlayerError(f"unknown player {player_id!r}")
        for entry in log_entries(reader, player_id):
            if fmt == "json":
                click.echo(json.dumps(entry, ensure_ascii=False))
            else:
                facts = " ".join(f"{k}={_fact(v)}" for k, v in entry["facts"].items())
                click.echo(
                    f"{entry['position']:>7}  {entry['type']:<20}  {facts}  "
                    f"[by {entry['recorded_by']}, reported {entry['reported_on']}]"
                )


def _fact(value: Any) -> str:
    """One fact of ``log``'s text: ``-`` for none, quoted where it holds blanks."""
    if value is None:
        return "-"
    text = str(value).lower() if isinstance(value, bool) else str(value)
    return json.dumps(text, ensure_ascii=False) if not text or any(c.isspace() for c in text) else text
