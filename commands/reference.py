"""``ratings rules`` and ``ratings convert``: the registered rules versions, and dated conversions between systems."""

from __future__ import annotations

import click

from commands.cli import cli, refusals
from commands.rules_text import format_rules_table
from ledger.values import parse_date
from projections.rules.conversions import SYSTEM_NAMES, convert, format_conversion, list_conversions


@cli.command("rules")
def rules_() -> None:
    """List every registered rules version: its dates in force, and how it differs from its predecessor.

    \b
    Example:
        ratings rules
    """
    click.echo(format_rules_table(), nl=False)


@cli.command("convert")
@click.argument("value", type=float, required=False)
@click.option("--from", "source", type=click.Choice(SYSTEM_NAMES), help="The system of VALUE.")
@click.option("--to", "target", type=click.Choice(SYSTEM_NAMES), help="The system to convert to.")
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
        converted = convert(value, source, target, day)
    click.echo(format_conversion(converted))
