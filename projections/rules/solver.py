"""The figures of unrated players who met each other, found by successive approximation.

Two systems rate a player without a figure from his own results, and so need
his unrated opponents' figures to rate him: the ICU ("Playing Unrated
Players": "the gradings which will be consistent between the players are found
by successive approximations", choice 9 of :mod:`projections.rules.icu.formulas`) and
the ECF grading ("If the opponent is ungraded, their Grade is estimated",
choice 9 of :mod:`projections.rules.ecf_grading`, which finds them as the ICU
does). Both split the unrated players of a period into groups connected by
their games with each other (:func:`components`), and give each player of a
group the average of his points, an opponent of the group counting at his own
figure (:func:`solve`)::

    R_p = (fixed_p + Σ max(floor, R_q + offset) over p's games against q of the group) / count_p

``fixed_p`` is what the player's other results are worth (his rated opponents'
points, the ICU's ±400 a win or loss, the ECF's made-up games), ``offset``
what a game against ``q`` adds to ``q``'s figure (the ECF's +50, 0 or −50; 0
for the ICU, whose ±400 is in ``fixed``), ``floor`` the least a game counts
(the ECF's 0; none for the ICU) and ``count_p`` the results he is rated on.

The figures are found by Jacobi rounds: every round computes each player's
figure from the previous round's figures, so the result does not depend on
the players' names or the order of their games (each player's sum is
:func:`math.fsum`'s, correctly rounded in any order). The rounds stop at the
first in which no figure moves by more than ``tolerance``; after
``max_rounds`` rounds without that, :class:`ConvergenceError`. The two systems
differ only in what they pass: the start (the ICU one figure for all, the
group's mean graded opponent; the ECF each player's rough estimate), the floor,
and how a round's sum is rounded (``fsum``, below), kept so that both give the
figures they gave before this module held the solver for both.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Literal, NamedTuple

Fsum = Literal["links", "all"]
"""What :func:`math.fsum` sums in a round: ``links``, the terms of the player's games in the group, then
``fixed`` added to that sum (the ICU); ``all``, ``fixed`` and those terms in one correctly rounded sum (the
ECF grading)."""


class ConvergenceError(ValueError):
    """The rounds did not settle within ``tolerance`` in ``max_rounds`` rounds; ``players`` are the group's."""

    def __init__(self, players: Sequence[str], tolerance: float, max_rounds: int) -> None:
        super().__init__(
            f"the figures of {', '.join(players)} did not settle within {tolerance} in {max_rounds} rounds "
            "of successive approximation"
        )
        self.players = tuple(players)
        self.tolerance = tolerance
        self.max_rounds = max_rounds


class Solved(NamedTuple):
    """The figure of every player of the group, and the rounds that found them."""

    figures: dict[str, float]
    rounds: int


def solve(
    fixed: Mapping[str, float],
    counts: Mapping[str, int],
    links: Mapping[str, Sequence[tuple[str, int]]],
    start: Mapping[str, float],
    *,
    floor: float | None,
    fsum: Fsum,
    tolerance: float,
    max_rounds: int,
) -> Solved:
    """The figures of the players of ``fixed`` (a group), by Jacobi rounds from ``start`` (module docstring).

    ``links[p]`` is ``(q, offset)`` once for each of ``p``'s games against ``q`` of the group. Every structure
    is made once, and a round makes one figure per player: memory is linear in the players and their games.

    In the ICU's terms (the ±400 of a win or a loss in ``fixed``): X beat a 1600, Y lost to a 1200, and they
    drew twice. X = (2000 + 2Y)/3 and Y = (800 + 2X)/3, so X = 1520 and Y = 1280; each round shrinks the error
    by 2/3 (two of each player's three games are in the group), from 1400 for both:

    >>> fixed = {"X": 1600 + 400, "Y": 1200 - 400}
    >>> links = {"X": [("Y", 0)] * 2, "Y": [("X", 0)] * 2}
    >>> figures, rounds = solve(fixed, {"X": 3, "Y": 3}, links, {"X": 1400.0, "Y": 1400.0},
    ...                         floor=None, fsum="links", tolerance=1e-6, max_rounds=100)
    >>> round(figures["X"], 4), round(figures["Y"], 4), rounds
    (1520.0, 1280.0, 49)
    >>> solve(fixed, {"X": 3, "Y": 3}, links, {"X": 1400.0, "Y": 1400.0},
    ...       floor=None, fsum="links", tolerance=1e-6, max_rounds=5)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    projections.rules.solver.ConvergenceError: the figures of X, Y did not settle within 1e-06 in 5 rounds ...
    """
    players = sorted(fixed)
    base = {p: float(fixed[p]) for p in players}
    figures = {p: float(start[p]) for p in players}
    low = None if floor is None else float(floor)
    for rounds in range(1, max_rounds + 1):
        following: dict[str, float] = {}
        for p in players:
            if low is None:
                terms = [figures[q] + offset for q, offset in links[p]]
            else:
                terms = [max(low, figures[q] + offset) for q, offset in links[p]]
            total = base[p] + math.fsum(terms) if fsum == "links" else math.fsum([base[p], *terms])
            following[p] = total / counts[p]
        change = max(abs(following[p] - figures[p]) for p in players)
        figures = following
        if change <= tolerance:
            return Solved(figures, rounds)
    raise ConvergenceError(players, tolerance, max_rounds)


def components(players: Iterable[str], linked: Callable[[str], Iterable[str]]) -> list[list[str]]:
    """``players`` split into groups connected by ``linked`` (a player's neighbours, both ways), each group
    with every player ``linked`` reaches from its members (the ICU and the ECF give it all of them; the
    reach of new facts, :func:`projections.rules.common.closure`, only those new facts reach).

    Each group sorted, the groups in the order of their first player in ``players``:

    >>> games = {"a": ["b"], "b": ["a"], "c": [], "d": ["e"], "e": ["d"]}
    >>> components(["e", "a", "c", "b", "d"], games.__getitem__)
    [['d', 'e'], ['a', 'b'], ['c']]
    """
    seen: set[str] = set()
    found: list[list[str]] = []
    for first in players:
        if first in seen:
            continue
        seen.add(first)
        members, stack = [first], [first]
        while stack:
            for other in linked(stack.pop()):
                if other not in seen:
                    seen.add(other)
                    members.append(other)
                    stack.append(other)
        found.append(sorted(members))
    return found
