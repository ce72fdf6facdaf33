"""Rating periods: fixed runs of calendar months, counted from 1 January.

A period is named by its first month (``YYYY-MM``) and numbered by an index
that grows by one a period, so that "five periods before" is a subtraction.
"""

from __future__ import annotations

import calendar
import re
from dataclasses import dataclass
from datetime import date


class PeriodError(ValueError):
    """A period name that is not the start of a rating period of the rules."""


_LABEL = re.compile(r"(\d{4})-(\d{2})")


@dataclass(frozen=True)
class PeriodScheme:
    """Periods of ``months`` calendar months, the first starting on 1 January."""

    months: int
    rules_clause: str = ""

    def index_of_day(self, day: str) -> int:
        """The period of an ISO date (or a ``YYYY-MM`` month)."""
        year, month = int(day[0:4]), int(day[5:7])
        return (year * 12 + month - 1) // self.months

    def index(self, label: str) -> int:
        """The period named ``label`` (its first month), or :class:`PeriodError`."""
        match = _LABEL.fullmatch(label)
        starts = ", ".join(f"{m:02d}" for m in range(1, 13, self.months))
        if not match or not 1 <= int(match.group(2)) <= 12:
            raise PeriodError(
                f"period {label!r} is not of the form YYYY-MM: a period is named by its first month, "
                f"one of {starts} ({self.rules_clause})"
            )
        month = int(match.group(2))
        if (month - 1) % self.months:
            raise PeriodError(
                f"period {label!r} is not the start of a rating period: periods are {self.months} "
                f"months from 1 January and start in months {starts} ({self.rules_clause})"
            )
        return self.index_of_day(label)

    def label(self, index: int) -> str:
        """The name of period ``index``: its first month."""
        first = index * self.months
        return f"{first // 12:04d}-{first % 12 + 1:02d}"

    def month_names(self, index: int) -> list[str]:
        """The ``YYYY-MM`` months of period ``index``."""
        first = index * self.months
        return [f"{m // 12:04d}-{m % 12 + 1:02d}" for m in range(first, first + self.months)]

    def last_day(self, index: int) -> date:
        """The last day of period ``index``: the day of its rating run."""
        last = index * self.months + self.months - 1
        year, month = last // 12, last % 12 + 1
        return date(year, month, calendar.monthrange(year, month)[1])
