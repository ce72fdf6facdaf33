"""The options several commands share: ``--rules``, ``--period``, ``--reported``, ``--known-at``, ``--format``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import click

from commands import params
from projections.api import known_date as _known_date
from projections.registry import FAMILIES, RULES

F = TypeVar("F", bound=Callable[..., Any])

RULES_TYPE = params.RulesChoice(RULES, [family.name for family in FAMILIES])
"""The type of every ``--rules`` option: a registered rules version, shown as ``RULES`` with its families."""

rules_option = click.option(
    "--rules", "rules", required=True, type=RULES_TYPE, help=RULES_TYPE.help("The rules version.")
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
    return click.option(
        "--format",
        "fmt",
        type=params.Choice(formats),
        default=default,
        show_default=True,
        help="How the answer is printed (docs/formats.md: each command's JSON keys).",
    )


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


def identity_options(correcting: bool) -> Callable[[F], F]:
    """``--fide-id N`` and ``--national-id SCHEME:ID`` (repeatable) of ``player register`` and ``correct``;
    a correction releases a number with ``none`` (``--fide-id none``, ``--national-id ecf:none``)."""
    release = " ('none' releases the one he holds)" if correcting else ""

    def decorate(command: F) -> F:
        command = click.option(
            "--national-id",
            "national_ids",
            metavar="SCHEME:ID",
            multiple=True,
            help=f"A national id, e.g. ecf:123456A (repeatable; one per scheme){release}.",
        )(command)
        return click.option("--fide-id", metavar="N", help=f"The player's FIDE id{release}.")(command)

    return decorate


def identities(fide_id: str | None, national_ids: tuple[str, ...]) -> dict[str, str | None]:
    """The identity numbers of the options by scheme, ``none`` as None (checked by the ledger).

    >>> identities("2500001", ("ecf:123456A", "icu:none"))
    {'fide': '2500001', 'ecf': '123456A', 'icu': None}
    """
    found: dict[str, str | None] = {}
    if fide_id is not None:
        found["fide"] = None if fide_id.strip().lower() == "none" else fide_id
    for text in national_ids:
        scheme, colon, number = text.partition(":")
        if not colon or not scheme.strip():
            raise click.BadParameter(f"{text!r} is not SCHEME:ID (e.g. ecf:123456A)", param_hint="'--national-id'")
        key = scheme.strip().lower()
        if key in found:
            raise click.BadParameter(f"two {key} ids given: one per scheme", param_hint="'--national-id'")
        found[key] = None if number.strip().lower() == "none" else number
    return found
