"""``ratings rules`` and ``ratings convert``: the registered rules versions, and dated conversions between systems."""

from __future__ import annotations

import click

from commands import params
from commands.context import Context, pass_context, refusals
from commands.options import reported_option
from commands.params import DECIMAL, WHOLE
from commands.rules_text import format_rules_table
from ledger.values import ADJUSTABLE_SYSTEMS, parse_date
from projections.rules.conversions import (
    SYSTEM_NAMES,
    check_in_range,
    convert,
    format_conversion,
    list_conversions,
)


@click.command("rules")
def rules_() -> None:
    """List every registered rules version: its dates in force, and how it differs from its predecessor.

    \b
    Example:
        ratings rules
    """
    click.echo(format_rules_table(), nl=False)


@click.command("convert")
@click.argument("value", type=DECIMAL, required=False)
@click.option("--from", "source", type=params.Choice(SYSTEM_NAMES), help="The system of VALUE.")
@click.option("--to", "target", type=params.Choice(SYSTEM_NAMES), help="The system to convert to.")
@click.option("--on", "on", metavar="YYYY-MM-DD", help="Use the formula in force on this date [default: the latest].")
@click.option("--list", "show", is_flag=True, help="List every conversion, with its dates and source.")
def convert_(value: float | None, source: str | None, target: str | None, on: str | None, show: bool) -> None:
    """Convert a rating between systems by the formula in force on a date (seeds 003, 004).

    \b
    Example:
        ratings convert 180 --from ecf --to fide --on 2005-06-01
        ratings convert --list
    """
    if show:
        click.echo(list_conversions(), nl=False)
        return
    if value is None or source is None or target is None:
        raise click.UsageError("give VALUE, --from and --to (or --list)")
    with refusals():
        day = parse_date(on, "--on date") if on else None
        converted = convert(check_in_range(value, source), source, target, day)
    click.echo(format_conversion(converted))


@click.command("adjust")
@click.option("--system", required=True, type=params.Choice(ADJUSTABLE_SYSTEMS), help="The rating system.")
@click.option("--player", "player_id", metavar="P", help="The player adjusted (feedback points).")
@click.option("--all", "everyone", is_flag=True, help="Every player with a rating (a global adjustment).")
@click.option("--points", required=True, type=WHOLE, help="Points added (negative: deducted).")
@click.option("--on", "on", required=True, metavar="YYYY-MM-DD", help="Takes effect in the rating period of this date.")
@click.option("--reason", required=True, help="The committee's decision.")
@reported_option
@pass_context
def adjust(
    obj: Context,
    system: str,
    player_id: str | None,
    everyone: bool,
    points: int,
    on: str,
    reason: str,
    reported: str | None,
) -> None:
    """Record a grading committee's adjustment: feedback points to a player, or a global adjustment.

    These are decisions, not formulas (ICU 1980, "Feedback Points"); the
    grading run of the period of --on applies them after its grading.

    \b
    Example:
        ratings adjust --system icu-1980 --player 2001 --points 15 --on 1980-12-31 --reason "feedback from group 4"
        ratings adjust --system icu-1980 --all --points -10 --on 1980-12-31 --reason "deflation correction"

    An adjustment recorded in error is undone by `ratings adjust void` (see its --help).
    """
    if everyone == (player_id is not None):
        raise click.UsageError("give either --player P or --all")
    with refusals(obj):
        obj.ledger().adjust_ratings(
            system=system, player=player_id, points=points, on=on, reason=reason, reported_on=reported
        )
    who = "every graded player" if player_id is None else player_id
    click.echo(f"recorded: {system} adjustment of {who} by {points:+d} on {on}")
