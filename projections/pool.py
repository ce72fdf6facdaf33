"""The rating pool over time: who is listed, its mean and median, and the points that enter and leave it.

Seed 004 ("Over time, there is a tendency for inflation/deflation to occur"):
the pool's total of rating points changes only three ways from one list to
the next — players join the list with their first published rating
(``entered``), players leave it with their last (``left``), and the players on
both lists gain or lose points between them (``drift``). In the basic Elo
form a game moves the same points from one player to the other, so the drift
of games among listed players is zero, and a pool deflates or inflates
through what newcomers bring and leavers take (and through games against
players not on the list, and through unequal K factors); in Glicko the
changes of two opponents need not balance, so the drift is not zero even
among the same players.

``net`` is the change of the total: ``entered − left + drift``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Any, NamedTuple


class PoolPeriod(NamedTuple):
    """One list of a run of periods, against the list before it."""

    period: str
    listed: int
    mean: float | None
    median: float | None
    total: int
    entered: int
    """Players on this list and not on the one before."""
    entered_points: int
    left: int
    """Players on the list before and not on this one."""
    left_points: int
    drift: int
    """The change of the rating total of the players on both lists."""

    @property
    def net(self) -> int:
        """The change of the pool's total rating points: ``entered_points − left_points + drift``."""
        return self.entered_points - self.left_points + self.drift


def _median(values: Sequence[int]) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    middle = len(ordered) // 2
    if len(ordered) % 2:
        return float(ordered[middle])
    return float(Fraction(ordered[middle - 1] + ordered[middle], 2))


def pool_of(
    lists: Iterable[tuple[str, Sequence[dict[str, Any]]]], before: Sequence[dict[str, Any]]
) -> list[PoolPeriod]:
    """The pool of each list (``(period, rows)`` in period order), ``before`` being the list before the first."""
    found: list[PoolPeriod] = []
    previous = {row["player"]: int(row["rating"]) for row in before}
    for period, rows in lists:
        current = {row["player"]: int(row["rating"]) for row in rows}
        ratings = list(current.values())
        total = sum(ratings)
        staying = current.keys() & previous.keys()
        entered = [p for p in current if p not in previous]
        left = [p for p in previous if p not in current]
        found.append(
            PoolPeriod(
                period=period,
                listed=len(current),
                mean=round(total / len(ratings), 2) if ratings else None,
                median=_median(ratings),
                total=total,
                entered=len(entered),
                entered_points=sum(current[p] for p in entered),
                left=len(left),
                left_points=sum(previous[p] for p in left),
                drift=sum(current[p] - previous[p] for p in staying),
            )
        )
        previous = current
    return found
