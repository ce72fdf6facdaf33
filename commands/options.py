"""The options several commands share: ``--rules``, ``--period``, ``--reported``, ``--known-at``, ``--format``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import click

from commands import params
from projections.api import known_date as _known_date
from projections.registry import RULES

F = TypeVar("F", bound=Callable[..., Any])

rules_option = click.option(
    "--rules", "rules", required=True, type=params.Choice(sorted(RULES)), help="The rules version."
)
period_option = click.option("--period", required=True, metavar="YYYY-MM", help="The rating period (its first month).")
reported_option = click.option(
    "--reported", metavar="YYYY-MM-DD", help="When the rating office received it [default: today]."
)
known_at_option = click.option(
    "--known-at",
    metavar="YYYY-MM-DD",
    help="Count only the facts reported on or before this date [default: everything recorded].",
)


def format_option(formats: list[str], default: str) -> Callable[[F], F]:
    """``--format``, one of ``formats`` (what :func:`commands.output.emit` writes)."""
    return click.option("--format", "fmt", type=params.Choice(formats), default=default, show_default=True)


def known_date(known_at: str | None) -> str | None:
    """The ``--known-at`` date as ISO text, or a refusal naming the bad value.

    >>> known_date("2024-03-01")
    '2024-03-01'
    >>> known_date("2024-3-1")
    Traceback (most recent call last):
    ...
    ledger.errors.InvalidDateError: --known-at date '2024-3-1' is not a date of the form YYYY-MM-DD
    """
    return _known_date(known_at, "--known-at date")
