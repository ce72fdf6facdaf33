"""A replay tells its progress (issue 26 §6): the log records it reads and the periods it runs, for the progress
bar of :mod:`commands.progress`; a warm projections file tells nothing, and the lists are the same either way."""

from __future__ import annotations

from pathlib import Path

import pytest

from ledger import RatingLedger
from projections import Ratings, replay


@pytest.fixture
def five_years(tmp_path: Path) -> str:
    """Two players, a game in January 2020 and one in November 2024 (4 records; 30 IECG periods)."""
    db = str(tmp_path / "ledger.db")
    ledger = RatingLedger.create(db, user="t")
    try:
        for player, rating in (("A", 2000), ("B", 1800)):
            ledger.register_player(player, player, source="iccf", starting_rating=rating, rated_games=100,
                                   reported_on="2020-01-01")  # fmt: skip
        ledger.record_game("G1", white="A", black="B", result="1-0", finished="2020-01-10", reported_on="2020-01-10")
        ledger.record_game("G2", white="B", black="A", result="1-0", finished="2024-11-10", reported_on="2024-11-10")
    finally:
        ledger.close()
    return db


def test_a_cold_replay_tells_the_records_and_the_periods(five_years: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(replay, "PROGRESS_EVERY", 1)  # a report a record (in thousands: every 1000)
    told: list[tuple[str, int, int]] = []
    with Ratings.open(five_years, progress=lambda *said: told.append(said)) as ratings:
        cold = ratings.list("iecg-1.7", "2024-11")
    assert told[:5] == [("reading the log", n, 4) for n in (1, 2, 3, 4, 4)]
    assert told[5:] == [("replaying iecg-1.7", n, 30) for n in range(1, 31)]
    told.clear()
    with Ratings.open(five_years, progress=lambda *said: told.append(said)) as ratings:
        assert ratings.list("iecg-1.7", "2024-11") == cold
    assert told == [("reading the log", 0, 0)]  # nothing new to read, no period to run
    with Ratings.open(five_years, cache=False) as ratings:
        assert ratings.list("iecg-1.7", "2024-11") == cold
