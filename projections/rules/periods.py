"""Rating periods: fixed runs of calendar months, counted from 1 January.

A period is named by its first month (``YYYY-MM``) and numbered by an index
that grows by one a period, so that "five periods before" is a subtraction.
"""

from __future__ import annotations

import calendar
import re
from dataclasses import dataclass
from datetime import date

from ledger.values import EARLIEST_DATE


class PeriodError(ValueError):
    """A period name that is not the start of a rating period of the rules."""


_LABEL = re.compile(r"(\d{4})-(\d{2})", re.ASCII)
"""A period's name: ``YYYY-MM`` in ASCII digits only (not full-width or other Unicode digits)."""

FIRST_YEAR = EARLIEST_DATE.year
"""No period starts before 1900: the ledger's dates start on 1900-01-01, and year 0 is no
calendar year at all (a period of it ended in a traceback)."""


def _check_year(label: str, year: int) -> None:
    if year < FIRST_YEAR:
        raise PeriodError(f"period {label!r} is before {FIRST_YEAR}: the ledger's dates start on {FIRST_YEAR}-01-01")


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
        _check_year(label, int(match.group(1)))
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


@dataclass(frozen=True)
class DatedPeriodScheme:
    """Periods whose length changes on given dates: ``eras`` is ((first year, months), ...), in order.

    Each era's periods are runs of ``months`` calendar months from 1 January of
    its first year (ECF grading: a year each before 2012, six months each from
    2012). Indices run on without a gap across a change: within an era, the
    index of its first period plus the periods since; the first era's periods
    are counted from year 0, as :class:`PeriodScheme` counts them.
    """

    eras: tuple[tuple[int, int], ...]
    rules_clause: str = ""

    def _era(self, month: int) -> tuple[int, int, int]:
        """(first month, months a period, first index) of the era holding absolute month ``month``."""
        start, months, base = 0, self.eras[0][1], 0
        for year, length in self.eras[1:]:
            if month < year * 12:
                break
            start, months, base = year * 12, length, base + (year * 12 - start) // months
        return start, months, base

    def index_of_day(self, day: str) -> int:
        """The period of an ISO date (or a ``YYYY-MM`` month)."""
        month = int(day[0:4]) * 12 + int(day[5:7]) - 1
        start, months, base = self._era(month)
        return base + (month - start) // months

    def _first_month(self, index: int) -> tuple[int, int]:
        """(first absolute month, months) of period ``index``."""
        start, months, base = 0, self.eras[0][1], 0
        for year, length in self.eras[1:]:
            next_base = base + (year * 12 - start) // months
            if index < next_base:
                break
            start, months, base = year * 12, length, next_base
        return start + (index - base) * months, months

    def index(self, label: str) -> int:
        """The period named ``label`` (its first month), or :class:`PeriodError`."""
        match = _LABEL.fullmatch(label)
        if not match or not 1 <= int(match.group(2)) <= 12:
            raise PeriodError(
                f"period {label!r} is not of the form YYYY-MM: a period is named by its first month ({self.describe()})"
            )
        _check_year(label, int(match.group(1)))
        index = self.index_of_day(label)
        if self.label(index) != label:
            raise PeriodError(
                f"period {label!r} is not the start of a rating period: {self.describe()}; "
                f"{label} is in the period {self.label(index)}"
            )
        return index

    def describe(self) -> str:
        """The eras in words, with the clause."""
        first = f"{self.eras[0][1]} months"
        later = "".join(f", {months} months from {year}" for year, months in self.eras[1:])
        return f"periods of {first}{later}, from 1 January ({self.rules_clause})"

    def label(self, index: int) -> str:
        """The name of period ``index``: its first month."""
        first, _ = self._first_month(index)
        return f"{first // 12:04d}-{first % 12 + 1:02d}"

    def month_names(self, index: int) -> list[str]:
        """The ``YYYY-MM`` months of period ``index``."""
        first, months = self._first_month(index)
        return [f"{m // 12:04d}-{m % 12 + 1:02d}" for m in range(first, first + months)]

    def last_day(self, index: int) -> date:
        """The last day of period ``index``: the day of its rating run."""
        first, months = self._first_month(index)
        last = first + months - 1
        year, month = last // 12, last % 12 + 1
        return date(year, month, calendar.monthrange(year, month)[1])
