"""``game correct|void|restore`` and ``player correct``: corrections are new events, nothing is edited.

Each takes ``--reason`` (required) and ``--dry-run``: with it nothing is
written, and the command prints every player whose rating would change on
any list from the corrected game's period to the latest, old → new.

Every ``void`` and ``restore`` command (of a game, a player, an event) is
made by :func:`void_command`, on the ledger's one path for every kind of
fact (:meth:`ledger.application.RatingLedger.void`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import click

from commands import output, params
from commands.audit import players
from commands.context import Context, pass_context, refusals
from commands.options import RULES_TYPE, identities, identity_options, reported_option
from commands.params import WHOLE
from ledger.identities import label
from ledger.store import LogRecord
from ledger.values import FORFEIT_KINDS, MODES, SOURCES
from projections.audit import compare

F = TypeVar("F", bound=Callable[..., Any])

DRY_RUN_RULES = "iecg-1.7"
"""The rules version a dry run's impact is computed under unless ``--rules`` names another."""


def correction_options(func: F) -> F:
    """``--reason``, ``--reported``, ``--dry-run`` and ``--rules``, shared by every correction."""
    func = click.option(
        "--rules",
        type=RULES_TYPE,
        default=DRY_RUN_RULES,
        show_default=True,
        help=RULES_TYPE.help("The rules version of --dry-run's impact."),
    )(func)
    func = click.option("--dry-run", is_flag=True, help="Write nothing; show the ratings it would change.")(func)
    func = reported_option(func)
    return click.option("--reason", required=True, help="Why the correction is made.")(func)


def impact_text(obj: Context, rules: str, records: list[LogRecord]) -> str:
    """The dry run's report: per period, each player whose line would change, old → new."""
    projector = obj.projector()
    rows: list[dict[str, Any]] = []
    for period, before, after in projector.impact(rules, records):
        for change in compare(before, after):
            rows.append(
                {
                    "period": period,
                    "player": change.player,
                    "name": change.name,
                    "rating": f"{_rating(change.old)} → {_rating(change.new)}",
                    "change": "" if change.delta is None else f"{change.delta:+d}",
                    "position": f"{_position(change.old)} → {_position(change.new)}",
                }
            )
    head = f"dry run: nothing was recorded. Under {rules}, "
    if not rows:
        return head + "no list would change.\n"
    changed = players(len({row["player"] for row in rows}))
    columns = ["period", "player", "name", "rating", "change", "position"]
    return (
        head + f"{changed} would change on {_lists(len({r['period'] for r in rows}))}:\n" + output.table(rows, columns)
    )


def _lists(count: int) -> str:
    return "1 list" if count == 1 else f"{count} lists"


def _rating(line: Any) -> str:
    return "off" if line is None else str(line.rating)


def _position(line: Any) -> str:
    return "-" if line is None else str(line.position)


def report(obj: Context, rules: str, records: list[LogRecord], done: str) -> None:
    """Say what was recorded (``done``), or, for a dry run, what it would change."""
    if records:
        with refusals():
            click.echo(impact_text(obj, rules, records), nl=False)
    else:
        click.echo(done)


def void_command(kind: str, *, void: bool, metavar: str, done: str, help: str) -> click.Command:
    """The ``void`` (``void``) or ``restore`` command of a kind of fact (:data:`ledger.application.KINDS`):
    its id, then :func:`correction_options`; ``done`` says what was recorded, ``{id}`` the fact's id."""

    @click.command("void" if void else "restore", help=help)
    @click.argument("fact_id", metavar=metavar)
    @correction_options
    @pass_context
    def command(obj: Context, fact_id: str, reason: str, reported: str | None, dry_run: bool, rules: str) -> None:
        with refusals(obj):
            ledger = obj.ledger()
            act = ledger.void if void else ledger.restore
            records = act(kind, fact_id, reason=reason, reported_on=reported, dry_run=dry_run)
        report(obj, rules, records, done.format(id=fact_id))

    return command


@click.command("correct")
@click.argument("game_id", metavar="ID")
@click.option("--result", metavar="R", help="The corrected result: 1-0, 0-1 or 1/2-1/2.")
@click.option("--finished", metavar="YYYY-MM-DD", help="The corrected date the game finished.")
@click.option("--white", metavar="P", help="The corrected white player.")
@click.option("--black", metavar="P", help="The corrected black player.")
@click.option("--forfeit", type=params.Choice(FORFEIT_KINDS), help="The corrected forfeit kind (none: not a forfeit).")
@click.option("--tournament", metavar="T", help="The corrected tournament.")
@click.option("--time-control", metavar="TC", help="The corrected PGN TimeControl.")
@click.option("--event", metavar="E", help="The corrected event (a registered event's id).")
@click.option("--mode", type=params.Choice(MODES), help="The corrected mode.")
@correction_options
@pass_context
def game_correct(
    obj: Context, /, game_id: str, reason: str, reported: str | None, dry_run: bool, rules: str, **facts: str | None
) -> None:
    """Correct facts of a recorded game; the recording itself is kept.

    \b
    Example:
        ratings game correct G7 --result 0-1 --reason "result reported the wrong way round"
        ratings game correct G7 --finished 2024-03-30 --reason "date misread" --dry-run
    """
    changes = {field: value for field, value in facts.items() if value is not None}
    with refusals(obj):
        records = obj.ledger().correct(
            "game", game_id, changes=changes, reason=reason, reported_on=reported, dry_run=dry_run
        )
    shown = ", ".join(f"{field} {value}" for field, value in changes.items())
    report(obj, rules, records, f"recorded: {game_id} corrected ({shown})")


game_void = void_command(
    "game",
    void=True,
    metavar="ID",
    done="recorded: {id} void",
    help="""Void a game recorded in error, or annulled: it no longer counts.

    \b
    Example:
        ratings game void G9 --reason "recorded twice under two ids"
    """,
)

game_restore = void_command(
    "game",
    void=False,
    metavar="ID",
    done="recorded: {id} restored",
    help="""Restore a voided game: it counts again.

    \b
    Example:
        ratings game restore G9 --reason "voided by mistake"
    """,
)


@click.command("correct")
@click.argument("player_id", metavar="P")
@click.option("--name", help="The corrected name.")
@click.option("--country", help="The corrected country code.")
@click.option("--born", metavar="YYYY-MM-DD", help="The corrected date of birth.")
@click.option("--starting-rating", type=WHOLE, help="The corrected starting rating (IECG §VII).")
@click.option("--source", type=params.Choice(SOURCES), help="The corrected source of the starting rating.")
@click.option("--rated-games", type=WHOLE, help="The corrected rated games behind the starting rating.")
@click.option("--sex", metavar="M|F", help='The corrected sex, M or F ("" for not known).')
@click.option("--title", metavar="TITLE", help='The corrected FIDE title, GM ... WCM ("" for none).')
@click.option("--federation", metavar="CODE", help='The corrected FIDE federation ("" for the one of his country).')
@identity_options(correcting=True)
@correction_options
@pass_context
def player_correct(
    obj: Context,
    /,
    player_id: str,
    reason: str,
    reported: str | None,
    dry_run: bool,
    rules: str,
    fide_id: str | None,
    national_ids: tuple[str, ...],
    **facts: Any,
) -> None:
    """Correct registration facts of a player; the registration itself is kept.

    \b
    Example:
        ratings player correct 1002 --starting-rating 1650 --reason "tutor's estimate mistyped"
        ratings player correct 1002 --fide-id 2500002 --reason "FIDE id mistyped"
        ratings player correct 1002 --title IM --reason "FIDE list of 2026-11-01"
    """
    changes = {field: value for field, value in facts.items() if value is not None}
    ids = identities(fide_id, national_ids)
    with refusals(obj):
        records = obj.ledger().correct_player(
            player_id, changes=changes, reason=reason, reported_on=reported, dry_run=dry_run, ids=ids
        )
    shown = ", ".join(
        [f"{field} {value}" for field, value in changes.items()]
        + [label(scheme, number or "none") for scheme, number in ids.items()]
    )
    report(obj, rules, records, f"recorded: {player_id} corrected ({shown})")
