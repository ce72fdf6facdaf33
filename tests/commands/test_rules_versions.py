"""The IECG versions and the ``iecg`` timeline through the CLI: one clause, §III.8, switching on 1998-04-05.

A (2200) and C (2200) are established on 100 ICCF games, B (1600) and D (1600)
too (IECG §VII.1). A beats B in February 1998 (the period January–February,
whose rating run is on 28 February, under 1.4); C beats D in April 1998 (the
period March–April, run on 30 April, under 1.5, which added §III.8).

By hand (§V: dR = r·p·(W − We); p = 1 for Pn ≥ 80; r = 70 − 2200/40 = 15 for
2200, 20 for 1600; published ratings rounded half up):
- without §III.8 (1.4): D = 600, We = 1/(1 + 10^−1.5) = 0.969346:
  winner +15 × 0.030654 = +0.460 → 2200; loser −20 × 0.030654 = −0.613 → 1599;
- with §III.8 (1.5 on): the opponent counted 400 points away, We = 1/(1 + 10^−1) = 0.909091:
  winner +15 × 0.090909 = +1.364 → 2201; loser −20 × 0.090909 = −1.818 → 1598.
"""

from __future__ import annotations

import json

import pytest

from tests.commands.support import Ratings, record


@pytest.fixture
def pairs(ratings: Ratings) -> Ratings:
    for player, rating in (("A", 2200), ("B", 1600), ("C", 2200), ("D", 1600)):
        ratings.established(player, f"Player {player}", rating)
    ratings.ok(*record("G1", "A", "B", "1-0", "1998-02-10", "--reported", "1998-02-11"))
    ratings.ok(*record("G2", "C", "D", "1-0", "1998-04-10", "--reported", "1998-04-11"))
    return ratings


def ratings_of(ratings: Ratings, rules: str, period: str) -> dict[str, int]:
    document = ratings.ok("list", "--rules", rules, "--period", period, "--format", "json").output
    return {row["player"]: row["rating"] for row in json.loads(document)["players"]}


def test_each_version_applies_the_cut_off_as_its_history_says(pairs: Ratings) -> None:
    for rules in ("iecg-1.0", "iecg-1.3.1", "iecg-1.4"):
        assert ratings_of(pairs, rules, "1998-03") == {"A": 2200, "C": 2200, "B": 1599, "D": 1599}, rules
    for rules in ("iecg-1.5", "iecg-1.6", "iecg-1.7"):
        assert ratings_of(pairs, rules, "1998-03") == {"A": 2201, "C": 2201, "B": 1598, "D": 1598}, rules


def test_the_timeline_switches_version_at_the_period_the_new_one_is_in_force_at_its_end(pairs: Ratings) -> None:
    assert ratings_of(pairs, "iecg", "1998-01") == {"A": 2200, "B": 1599}  # under 1.4; C and D not rated yet
    assert ratings_of(pairs, "iecg", "1998-03") == {"A": 2200, "C": 2201, "B": 1599, "D": 1598}  # G2 under 1.5


def test_diff_across_rules_versions_shows_the_clause_at_work(pairs: Ratings) -> None:
    out = pairs.ok("diff", "--rules", "iecg-1.4", "--against-rules", "iecg-1.7", "--period", "1998-03").output
    lines = out.splitlines()
    assert lines[0] == "1998-03: iecg-1.4 as known now → iecg-1.7 as known now"
    assert lines[1] == "4 players differ:"
    deltas = {line.split()[0]: line.split()[-1] for line in lines[4:]}
    assert deltas == {"A": "+1", "C": "+1", "B": "-1", "D": "-1"}
