"""``players``: everyone registered, with ids, country, federation, sex, title, born, registration status, and
(``--rules``) his rating and status on that rules version's latest list. Read-only; the plain listing never
replays."""

from __future__ import annotations

import json
from datetime import date
from typing import Any

import click

from commands import output
from commands.context import Context, pass_context, refusals
from commands.options import RULES_TYPE, format_option
from ledger import identities
from ledger.errors import InvalidTextError
from ledger.events import IDENTITY_TYPES
from ledger.values import check_country
from projections.lists import RatingList
from projections.players_view import PlayerLine, latest_period, player_lines, select, with_standings
from projections.registry import FAMILIES, get_rules

KEYS = ("player", "name", "country", "federation", "sex", "title", "born", "fide_id", "national_ids", "status")
"""The columns every listing has, before one for each ``--rules``."""

HEADINGS = {"federation": "fed", "fide_id": "FIDE id", "national_ids": "national ids"}
"""The table's heading of a column where it is not its key."""


def column(rules: str, period: str | None) -> str:
    """The column of a rules version: its name and the period of its latest list (``iecg-1.7 2024-01``)."""
    return rules if period is None else f"{rules} {period}"


def rows(lines: list[PlayerLine], columns: list[str]) -> list[dict[str, Any]]:
    """The rows of the table and the CSV: national ids as ``scheme:number`` joined by blanks, a standing as
    ``rating status`` (empty: not on the list)."""
    found: list[dict[str, Any]] = []
    for line in lines:
        row: dict[str, Any] = {
            "player": line.player,
            "name": line.name,
            "country": line.country,
            "federation": line.federation,
            "sex": line.sex,
            "title": line.title,
            "born": line.born,
            "fide_id": line.fide_id,
            "national_ids": " ".join(f"{scheme}:{number}" for scheme, number in line.national_ids),
            "status": line.status,
        }
        for key, standing in zip(columns, line.standings, strict=True):
            row[key] = None if standing is None else f"{standing.rating} {standing.status}"
        found.append(row)
    return found


def json_text(lines: list[PlayerLine], lists: dict[str, str | None]) -> str:
    """One object: ``lists`` (each rules version → the period of its latest list, or null), and ``players``."""
    players = [
        {
            "player": line.player,
            "name": line.name,
            "country": line.country,
            "federation": line.federation,
            "sex": line.sex,
            "title": line.title,
            "born": line.born,
            "fide_id": line.fide_id,
            "national_ids": dict(line.national_ids),
            "status": line.status,
            "lists": {
                rules: None if s is None else {"rating": s.rating, "status": s.status}
                for rules, s in zip(lists, line.standings, strict=True)
            },
        }
        for line in lines
    ]
    return json.dumps({"lists": lists, "players": players}, ensure_ascii=False, indent=2) + "\n"


def country_code(text: str) -> str:
    """``--country`` as a code (any case: ``ie`` is ``IE``), or a refusal naming the option.

    >>> country_code("ie")
    'IE'
    >>> country_code("Ireland")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ledger.errors.InvalidTextError: --country 'IRELAND' is not a code of two or three capital letters A-Z (e.g. ...
    """
    try:
        return check_country(text.strip().upper())
    except InvalidTextError as error:
        raise InvalidTextError(f"--{error}") from None


FAMILY_RULES = tuple(name for family in FAMILIES for name in family.current)
"""``--all-lists``: each family's rules as in force now (the registry's :attr:`Family.current`)."""


@click.command("players")
@click.option("--search", metavar="TEXT", help="Only players whose id, name or an id number holds TEXT (any case).")
@click.option("--country", metavar="CC", help="Only players of this country code.")
@click.option("--event", "event_id", metavar="E", help="Only players with a game in this event (not void).")
@click.option(
    "--rules",
    "rules",
    multiple=True,
    type=RULES_TYPE,
    help=RULES_TYPE.help(
        "Add a column: the player's rating and status on this rules version's latest list (repeatable)."
    ),
)
@click.option(
    "--all-lists",
    is_flag=True,
    help=f"A column for each family's current rules ({', '.join(FAMILY_RULES)}): replays each, once.",
)
@format_option(["table", "csv", "json"], "table")
@pass_context
def players_(
    obj: Context,
    search: str | None,
    country: str | None,
    event_id: str | None,
    rules: tuple[str, ...],
    all_lists: bool,
    fmt: str,
) -> None:
    """List everyone registered, by player id: ids, country, FIDE federation (as recorded, else his country's),
    sex, FIDE title, born, registration status (active, inactive, void, merged into Q).

    \b
    Example:
        ratings players --country IE --search byrne
        ratings players --event C2-17 --rules iecg-1.7 --format csv
        ratings players --search adler --all-lists

    Without --rules or --all-lists nothing is replayed: the listing reads the
    registrations alone, so it stays quick on a ledger of a million games.
    """
    with refusals(obj):
        wanted = None if country is None else country_code(country)
        ratings = obj.ratings()
        projector = ratings.projector
        view = projector.view()
        among = None
        if event_id is not None:
            ratings.event(event_id)  # an unknown event is refused
            among = {p for v in ratings.event_games(event_id) for p in (v.row.white, v.row.black)}
        held = identities.fold(ratings.reader.records_of(IDENTITY_TYPES)).by_player()
        lines = select(player_lines(view, held, date.today().isoformat()), search=search, country=wanted, among=among)
        lists: dict[str, str | None] = {}
        found: list[RatingList | None] = []
        for name in dict.fromkeys((*rules, *(FAMILY_RULES if all_lists else ()))):
            period = latest_period(projector.facts(), get_rules(name))
            lists[name] = period
            found.append(None if period is None else ratings.list(name, period))
        lines = with_standings(lines, found)
    columns = [column(name, period) for name, period in lists.items()]
    text = output.emit(
        fmt,
        rows(lines, columns),
        [*KEYS, *columns],
        [HEADINGS.get(key, key) for key in (*KEYS, *columns)],
        json_text=lambda: json_text(lines, lists),
    )
    click.echo(text, nl=False)
