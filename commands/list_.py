"""``ratings list``: the rating list of one period under one rules version, read-only."""

from __future__ import annotations

import hashlib
import sys
from datetime import date
from functools import partial
from pathlib import Path

import click

from commands import listing, output
from commands.context import Context, pass_context, refusals
from commands.listing import headings, list_text
from commands.options import format_option, known_at_option, known_date, period_option, rules_option
from projections import lists, systems
from projections.lists import RatingList
from projections.registry import get_rules, system_for
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
        # export's rule: periods from the ledger's first game to today's (0.4 ms on 1M games)
        check_span(ratings.projector, get_rules(rules), period, period, date.today(), ("--period", "--period"))
        if known is None:  # the text kept with the list, printed by this code
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
