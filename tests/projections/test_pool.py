"""The pool of a run of lists (issue 5 §6): counts, mean, median and the points entering and leaving.

The lists are written by hand and every figure is worked out beside it.
"""

from __future__ import annotations

import itertools
from typing import Any

from projections.pool import PoolPeriod, pool_of


def rows(**ratings: int) -> list[dict[str, Any]]:
    return [{"player": p, "rating": r} for p, r in ratings.items()]


def test_a_newcomer_brings_his_rating_and_a_leaver_takes_his() -> None:
    before = rows(A=1500, B=1600)
    # 2024-01: A +10, B −10 (a game between them), C joins at 1400.
    # 2024-02: B is gone (took 1590 with him), A +10, C −10.
    found = pool_of([("2024-01", rows(A=1510, B=1590, C=1400)), ("2024-02", rows(A=1520, C=1390))], before)
    assert found == [
        # mean 4500/3 = 1500; median of 1400, 1510, 1590 = 1510; drift (+10) + (−10) = 0; net 1400.
        PoolPeriod("2024-01", 3, 1500.0, 1510.0, 4500, 1, 1400, 0, 0, 0),
        # mean 2910/2 = 1455; median (1390 + 1520)/2 = 1455; drift (+10) + (−10) = 0; net −1590.
        PoolPeriod("2024-02", 2, 1455.0, 1455.0, 2910, 0, 0, 1, 1590, 0),
    ]
    assert [p.net for p in found] == [1400, -1590]


def test_unbalanced_changes_are_drift() -> None:
    # Glicko (seed 004): A gains 12 while B loses 7 in the same game: 5 points appear in the pool.
    found = pool_of([("2024-01", rows(A=1512, B=1493))], rows(A=1500, B=1500))
    assert (found[0].drift, found[0].net, found[0].entered, found[0].left) == (5, 5, 0, 0)


def test_net_is_the_change_of_the_total() -> None:
    lists = [("P1", rows(A=1500, B=1700)), ("P2", rows(B=1690, C=1200, D=1300)), ("P3", rows())]
    found = pool_of(lists, rows())
    totals = [0, *(p.total for p in found)]
    assert [p.net for p in found] == [b - a for a, b in itertools.pairwise(totals)]
    assert found[2] == PoolPeriod("P3", 0, None, None, 0, 0, 0, 3, 4190, 0)
