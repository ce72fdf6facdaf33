from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest

from ledger.application import RatingLedger

TODAY = date(2026, 1, 1)


@pytest.fixture
def ledger(tmp_path: Path) -> Iterator[RatingLedger]:
    """A fresh ledger whose "today" is 2026-01-01, recording as ``t``."""
    app = RatingLedger.create(str(tmp_path / "ledger.db"), clock=lambda: TODAY, user="t")
    yield app
    app.close()


@pytest.fixture
def two_players(ledger: RatingLedger) -> RatingLedger:
    """A (ICCF 2000) and B (ICCF 1800), established on 100 rated games, reported 2024-01-01."""
    for player, rating in (("A", 2000), ("B", 1800)):
        ledger.register_player(
            player, f"Player {player}", source="iccf", starting_rating=rating, rated_games=100, reported_on="2024-01-01"
        )
    return ledger
