"""``list``, ``explain``, ``history`` and ``log``: what the ledger says, read-only."""

from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Mapping, Sequence
from datetime import date
from functools import partial
from pathlib import Path
from typing import Any

import click

from commands import listing, output, params
from commands.context import Context, pass_context, refusals
from commands.explanation_text import explanation_text
from commands.listing import headings, list_text
from commands.options import format_option, known_at_option, known_date, period_option, rules_option
from ledger.errors import InvalidValueError
from projections import lists, systems
from projections.api import known_date as known_date_as
from projections.lists import RatingList
from projections.log import TYPES, check_subjects, log_entries
from projections.registry import RULES, get_rules, system_for
from projections.span import check_span


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
    with refusals(obj):
        ratings = obj.ratings()
        known = known_date(known_at)
        # issue 22 §5: export's rule, periods from the ledger's first game to today's (0.4 ms on 1M games)
        check_span(ratings.projector, get_rules(rules), period, period, date.today(), ("--period", "--period"))
        if known is None:  # issue 23 §3: the text kept with the list, printed by this code
            text = ratings.projector.list_text(rules, period, fmt, printing_code(rules), partial(render, fmt))
        else:
            text = render(fmt, ratings.list(rules, period, known))
        notes = ratings.notes(rules, period, known)
    click.echo(text, nl=False)
    if notes:
        click.echo("".join(f"{note}\n" for note in notes), nl=False, err=True)


def render(fmt: str, rating_list: RatingList) -> str:
    """The list as ``list`` prints it in ``fmt``: :func:`commands.listing.list_text`'s text."""
    return list_text(rating_list, fmt)


_CODE: dict[str, str] = {}


def printing_code(rules: str) -> str:
    """A digest of what prints a list of ``rules``: this module's, :mod:`commands.listing`'s,
    :mod:`commands.output`'s and :mod:`projections.lists`' code, and the system's keys and headings. A kept
    text of a list is printed again when any differs; "" (nothing kept) when the code cannot be read."""
    found = _CODE.get(rules)
    if found is None:
        system = system_for(get_rules(rules))
        keys = systems.list_keys(system)
        digest = hashlib.sha256(repr((keys, headings(system, keys))).encode())
        try:
            for module in (sys.modules[__name__], output, listing, lists):
                digest.update(Path(str(module.__file__)).read_bytes())
            found = digest.hexdigest()
        except (OSError, TypeError):
            found = ""
        _CODE[rules] = found
    return found


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
    with refusals(obj):
        ratings = obj.ratings()
        known = known_date(known_at)
        found = ratings.explain(player_id, rules, period, known)
        name = ratings.name(player_id, known)
        from commands.audit import since_published_text  # the publications, for --since-published only

        since = since_published_text(ratings.projector, rules, period, player_id) if since_published else ""
    click.echo(since + explanation_text(found, name), nl=False)


@click.command()
@click.argument("player_id", metavar="P")
@click.option(
    "--rules",
    "rules",
    required=True,
    multiple=True,
    type=params.Choice(sorted(RULES)),
    help="The rules version (repeatable with --plot: a line of the chart each).",
)
@known_at_option
@click.option(
    "--plot",
    "plot",
    metavar="FILE",
    type=click.Path(dir_okay=False),
    help="Also draw the history as a chart: FILE ending in .svg or .png.",
)
@pass_context
def history(obj: Context, player_id: str, rules: tuple[str, ...], known_at: str | None, plot: str | None) -> None:
    """Show a player's rating after every period he was rated in.

    With --plot, also draw it as a chart, one line for each --rules; with several --rules,
    each one's table is printed under its name.

    \b
    Example:
        ratings history 1001 --rules iecg-1.7
        ratings history 1001 --rules iecg-1.7 --known-at 2024-03-01
        ratings history 1001 --rules fide-2024 --rules glicko2 --plot 1001.svg
    """
    from commands.chart import Series, check_plot, history_scene, write_chart  # history's own: not list's

    if len(rules) > 1 and plot is None:
        raise click.UsageError("several --rules draw one chart: give --plot FILE.svg or FILE.png, or one --rules")
    twice = sorted({r for r in rules if rules.count(r) > 1})
    if twice:
        raise click.UsageError(f"--rules {twice[0]} is given twice")
    if plot is not None:
        check_plot(plot)
    texts: list[str] = []
    series: list[Series] = []
    with refusals(obj):
        if plot is not None:  # issue 22 §1: never onto the ledger or its projections file
            obj.output(plot, "--plot")
        known = known_date(known_at)
        ratings = obj.ratings()
        for one in rules:
            params = get_rules(one)
            system = system_for(params)
            found = ratings.history(player_id, one, known)
            heading = f"{one}:\n" if len(rules) > 1 else ""
            if not found:
                texts.append(f"{heading}{player_id} has no {system.rated} games under {one}\n")
                series.append(Series(one, ()))
                continue
            info = systems.player_info(ratings.projector.view(known))(player_id)
            rows = systems.history_rows(params, system, player_id, found, info)
            keys = systems.history_keys(system)
            texts.append(heading + output.table(rows, keys, headings(system, keys)))
            series.append(Series(one, chart_points(rows)))
        if plot is not None:
            name = ratings.name(player_id, known)
    if plot is not None:  # the chart first: a chart that cannot be written refuses the command, tables and all
        write_chart(plot, history_scene(series, f"{player_id} {name}: rating history"))
    click.echo("\n".join(texts), nl=False)
    if plot is not None:
        click.echo(f"chart written to {plot}", err=True)


def chart_points(rows: Sequence[Mapping[str, Any]]) -> tuple[tuple[str, float], ...]:
    """The (period, rating) of each row of ``history`` that shows a rating (its ``rating``, or an ICU ``grade``).

    >>> chart_points([{"period": "2024-01", "rating": 1997}, {"period": "2024-03", "rating": None}])
    (('2024-01', 1997),)
    """
    found: list[tuple[str, float]] = []
    for row in rows:
        value = row.get("rating", row.get("grade"))
        if isinstance(value, int | float) and not isinstance(value, bool):
            found.append((str(row["period"]), value))
    return tuple(found)


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
