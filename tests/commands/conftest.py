from __future__ import annotations

from pathlib import Path

import pytest

from tests.commands.support import Ratings


@pytest.fixture
def ratings(tmp_path: Path) -> Ratings:
    """``ratings`` on a fresh ledger file in ``tmp_path``, recording as ``tester``."""
    return Ratings(tmp_path / "ledger.db")


@pytest.fixture
def two_players(ratings: Ratings) -> Ratings:
    """Anna (A, ICCF 2000) and Bob (B, ICCF 1800), both established on 100 rated games."""
    ratings.established("A", "Anna Adler", 2000)
    ratings.established("B", "Bob Byrne", 1800)
    return ratings
