"""The periods a run of lists (``export``, ``pool``) may cover: from the ledger's first fact to the current period.

A period before the ledger's first fact has an empty list for
want of facts, and one after the current period a list of facts not yet
known; both are refused rather than printed as if they meant something.
The first fact is the earliest month a game is rated in or an adjustment
takes effect (:meth:`~projections.facts.Facts.first_month`); the current
period is the one containing today (no fact is dated after today, so the
last fact's period is never later).
"""

from __future__ import annotations

from datetime import date

from projections.registry import Rules
from projections.replay import Projector
from projections.rules.periods import PeriodError


def check_span(
    projector: Projector,
    params: Rules,
    first: str,
    last: str,
    today: date,
    options: tuple[str, str] = ("--from", "--to"),
) -> tuple[int, int]:
    """The indexes of periods ``first`` to ``last`` of ``params``, refused if they are out of order or
    reach before the ledger's first fact or after the current period; ``options`` name them in a refusal
    (``list`` checks its one ``--period`` so: one rule for ``list`` and ``export``)."""
    scheme = params.periods
    start, end = scheme.index(first), scheme.index(last)
    if end < start:
        raise PeriodError(f"{options[1]} {last} is before {options[0]} {first}")
    month = projector.facts().first_month()
    if month is None:
        raise PeriodError("the ledger has no games yet: there is no list to show")
    earliest = scheme.index_of_day(month)
    if start < earliest:
        raise PeriodError(
            f"{options[0]} {first} is before the ledger's first fact: its first period under {params.name} "
            f"is {scheme.label(earliest)}"
        )
    current = scheme.index_of_day(today.isoformat())
    if end > current:
        raise PeriodError(
            f"{options[1]} {last} is after the current period: the period of today ({today.isoformat()}) "
            f"under {params.name} is {scheme.label(current)}"
        )
    return start, end
