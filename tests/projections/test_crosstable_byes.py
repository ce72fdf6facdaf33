"""Issue 25 §2: byes in the score table (:mod:`projections.rules.iecg.crosstable`, choice 8): their points count in
the player's total, and so in his opponents' Sonneborn-Berger, and nothing else (no game, no SB of his own, no
performance); :func:`projections.events.bye_points2` scores them by the event's regulations."""

from __future__ import annotations

import pytest

from projections.events import bye_points2
from projections.rules.iecg.crosstable import Bye, EventGame, crosstable


def test_a_bye_counts_in_the_total_and_in_the_opponents_sonneborn_berger() -> None:
    # Round 1: A beat B, C had a full-point bye (2 half points). Round 2: C beat A, B had a half-point bye (1).
    games = [EventGame("r1", "A", "B", 2), EventGame("r2", "C", "A", 2)]
    byes = [Bye("C", 1, "F", 2), Bye("B", 2, "H", 1)]
    table = crosstable(games, {"A": 1500, "B": 1500, "C": 1500}, byes=byes)
    rows = {row.player: row for row in table.rows}
    # Totals: A 1, B ½, C 2. SB (quarter points: own half points × opponent's half points):
    # A: 2 × B's 1 = 2 (½); B: 0; C: 2 × A's 2 = 4 (1). Games: A 2, B 1, C 1.
    assert {p: (r.points2, r.sb4, r.games, r.byes) for p, r in rows.items()} == {
        "A": (2, 2, 2, ()),
        "B": (1, 0, 1, ((2, "H"),)),
        "C": (4, 4, 1, ((1, "F"),)),
    }
    # Performance counts games only: C beat A (1500) once: 1500 + 800 = 2300.
    assert rows["C"].performance == 2300
    assert [row.player for row in table.rows] == ["C", "A", "B"]


@pytest.mark.parametrize(
    ("kind", "points", "event_type", "half_points"),
    [
        ("H", None, "swiss", 1),
        ("F", None, "swiss", 2),
        ("U", None, "swiss", 2),
        ("Z", None, "swiss", 0),
        ("+", None, "round-robin", 2),
        ("-", None, "swiss", 0),
        ("H", None, "class", 0),
        ("U", None, "quad", 2),
        ("U", "0.5", "swiss", 1),
        ("U", "0", "swiss", 0),
    ],
)
def test_bye_points_by_the_events_regulations(kind: str, points: str | None, event_type: str, half_points: int) -> None:
    assert bye_points2(kind, points, event_type) == half_points
