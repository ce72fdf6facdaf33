"""The floors: each a plain loop of its system's published formula, checked on the published examples."""

from __future__ import annotations

import pytest

from benchmarks.floors import Game, Inputs, glicko, glicko2, time_control_kind

GLICKMAN = (("A", 1500, 200), ("B", 1400, 30), ("C", 1550, 100), ("D", 1700, 300))
"""The worked example of both of Glickman's papers: A plays B, C and D in one period."""
GAMES: list[Game] = [
    ("2024-01-10", "A", "B", 1.0, "standard"),
    ("2024-01-11", "A", "C", 0.0, "standard"),
    ("2024-01-12", "A", "D", 0.0, "standard"),
]


def _priors(volatility: str) -> dict[str, dict[str, str]]:
    return {
        player: {"player": player, "rating": str(r), "deviation": str(rd), "volatility": volatility}
        for player, r, rd in GLICKMAN
    }


def test_glicko_worked_example() -> None:
    # Glickman, "The Glicko system" (1995): r' = 1464, RD' = 151.4 (a prior counts as rated the period before).
    ratings = glicko(Inputs(GAMES, {}, {}, {"glicko": _priors("")}))
    assert ratings["A"] == pytest.approx(1464.1, abs=0.05)


def test_glicko2_worked_example() -> None:
    # Glickman, "Example of the Glicko-2 system" (2013), σ = 0.06, τ = 0.5: r' = 1464.06 (from rounded steps).
    ratings = glicko2(Inputs(GAMES, {}, {}, {"glicko2": _priors("0.06")}))
    assert ratings["A"] == pytest.approx(1464.06, abs=0.02)


@pytest.mark.parametrize(
    ("time_control", "kind"),
    [("", "standard"), ("40/7200", "standard"), ("5400+30", "standard"), ("900+10", "rapid"), ("180+2", "blitz")],
)
def test_time_control_kinds(time_control: str, kind: str) -> None:
    assert time_control_kind(time_control, {}) == kind
