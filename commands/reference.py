"""``ratings rules`` and ``ratings convert``: the registered rules versions, and dated conversions between systems."""

from __future__ import annotations

from typing import Any

import click

from commands import output, params
from commands.context import Context, pass_context, refusals
from commands.options import format_option, reported_option
from commands.params import DECIMAL, WHOLE
from commands.rules_text import format_rules_table
from ledger.values import ADJUSTABLE_SYSTEMS, parse_date
from projections.rules.conversions import (
    CONVERSIONS,
    SYSTEM_NAMES,
    SYSTEMS,
    Converted,
    check_in_range,
    convert,
    format_conversion,
    list_conversions,
)


@click.command("rules")
@format_option(output.FORMATS, "table")
def rules_(fmt: str) -> None:
    """List every registered rules version: its dates in force, and how it differs from its predecessor.

    --format csv gives a row a change (a version without changes: one row, its clause and description empty).

    \b
    Example:
        ratings rules
        ratings rules --format json
    """
    if fmt == "table":
        click.echo(format_rules_table(), nl=False)
        return
    from projections.registry import describe_rules

    described: list[dict[str, Any]] = [
        {
            "name": entry.name,
            "in_force_from": entry.in_force_from.isoformat(),
            "until": None if entry.until is None else entry.until.isoformat(),
            "status": entry.status,
            "changes": [{"clause": clause, "description": description} for clause, description in entry.changes],
        }
        for entry in describe_rules()
    ]
    columns = ["name", "in_force_from", "until", "status", "clause", "description"]
    rows = [
        {**entry, **change}
        for entry in described
        for change in (entry["changes"] or [{"clause": "", "description": ""}])
    ]
    text = output.emit(fmt, rows, columns, json_text=lambda: output.json_answer("rules", {"rules": described}))
    click.echo(text, nl=False)


@click.command("convert")
@click.argument("value", type=DECIMAL, required=False)
@click.option("--from", "source", type=params.Choice(SYSTEM_NAMES), help="The system of VALUE.")
@click.option("--to", "target", type=params.Choice(SYSTEM_NAMES), help="The system to convert to.")
@click.option("--on", "on", metavar="YYYY-MM-DD", help="Use the formula in force on this date [default: the latest].")
@click.option("--list", "show", is_flag=True, help="List every conversion, with its dates and source.")
@format_option(output.FORMATS, "table")
def convert_(value: float | None, source: str | None, target: str | None, on: str | None, show: bool, fmt: str) -> None:
    """Convert a rating between systems by the formula in force on a date (seeds 003, 004).

    --format csv and json give the conversion's parts (docs/formats.md); with --list, every conversion.

    \b
    Example:
        ratings convert 180 --from ecf --to fide --on 2005-06-01
        ratings convert --list
    """
    if show:
        if fmt == "table":
            click.echo(list_conversions(), nl=False)
            return
        rows = conversion_rows()
        text = output.emit(
            fmt, rows, list(rows[0]), json_text=lambda: output.json_answer("convert --list", {"conversions": rows})
        )
        click.echo(text, nl=False)
        return
    if value is None or source is None or target is None:
        raise click.UsageError("give VALUE, --from and --to (or --list)")
    with refusals():
        day = parse_date(on, "--on date") if on else None
        converted = convert(check_in_range(value, source), source, target, day)
    if fmt == "table":
        click.echo(format_conversion(converted))
        return
    row = conversion_row(converted)
    click.echo(output.emit(fmt, [row], list(row), json_text=lambda: output.json_answer("convert", row)), nl=False)


def conversion_rows() -> list[dict[str, str]]:
    """``convert --list`` as rows: the columns of its table."""
    return [
        {"from": c.source, "to": c.target, "in_force": c.dates, "formula": c.text, "source": c.cite}
        for c in CONVERSIONS
    ]


def conversion_row(c: Converted) -> dict[str, object]:
    """A conversion's parts (``convert --format json``): what :func:`format_conversion` writes in words."""
    conversion = c.conversion
    symbol = next(system.symbol for system in SYSTEMS if system.name == conversion.source)
    return {
        "from": conversion.source,
        "to": conversion.target,
        "given": c.given,
        "value": c.value,
        "formula": c.piece.text,
        "condition": c.piece.condition(symbol),
        "on": None if c.on is None else c.on.isoformat(),
        "in_force": conversion.dates,
        "source": conversion.cite,
    }


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
