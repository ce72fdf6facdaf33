"""Versions of one rules system in force one after another: the timeline the IECG's and FIDE's share.

Each period is rated under the version in force on its last day; before the first version's date, the first
version. What each system asks more of its versions (the IECG: one period scheme; FIDE: that, and one list)
is its subclass's :meth:`Timeline.version_problem`.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass
from datetime import date
from itertools import pairwise
from typing import Generic, Protocol, TypeVar

from projections.rules.periods import PeriodScheme


class Versioned(Protocol):
    """What a timeline reads of a version: its name and its periods."""

    @property
    def name(self) -> str: ...
    @property
    def periods(self) -> PeriodScheme: ...


P = TypeVar("P", bound=Versioned)


class TimelineError(ValueError):
    """A timeline that cannot be built: no versions, dates out of order, or versions that cannot follow one
    another."""


@dataclass(frozen=True)
class Timeline(Generic[P]):
    """Versions in force one after another, from their dates."""

    name: str
    periods: PeriodScheme
    versions: tuple[tuple[date, P], ...]

    def __post_init__(self) -> None:
        if not self.versions:
            raise TimelineError(f"timeline {self.name!r} has no versions")
        days = [day for day, _ in self.versions]
        if any(later <= earlier for earlier, later in pairwise(days)):
            raise TimelineError(f"timeline {self.name!r}: the versions' dates must increase: {days}")
        for day, params in self.versions:
            problem = self.version_problem(params)
            if problem is not None:
                raise TimelineError(f"timeline {self.name!r}: {params.name} (from {day.isoformat()}) {problem}")

    def version_problem(self, params: P) -> str | None:
        """Why ``params`` cannot be one of the versions, or None: every version must have the timeline's
        periods, or one period would not be one period."""
        if params.periods != self.periods:
            return (
                f"has periods of {params.periods.months} months, the timeline {self.periods.months}: "
                "its versions must share one period scheme"
            )
        return None

    def in_force_on(self, day: date) -> P:
        """The version in force on ``day``: the last one from on or before it, else the first."""
        at = bisect_right(self.versions, day, key=lambda version: version[0])
        return self.versions[max(at - 1, 0)][1]

    def for_period(self, index: int) -> P:
        """The version that rates period ``index``: the one in force on its last day."""
        return self.in_force_on(self.periods.last_day(index))
