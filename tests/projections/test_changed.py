"""``Projector.changed``: every player's state after one period's run, read at once, is each player's
``history`` for that period — now, as known at an earlier date, cold and from the projections file."""

from __future__ import annotations

from pathlib import Path

import pytest

from projections.api import Ratings as Api
from tests.commands.support import Ratings

RULES = ("iecg-1.7", "glicko", "icu-1980", "fide-2024")


def league(ratings: Ratings) -> None:
    for player, rating in (("A", 2000), ("B", 1800), ("C", 1600), ("D", 1500)):
        ratings.established(player, f"Player {player}", rating)
        for system in ("fide", "icu"):
            ratings.ok("player", "prior", player, "--system", system, "--rating", str(rating), "--games", "50",
                       "--as-of", "2023-12-01", "--reported", "2024-01-01")  # fmt: skip
    games = (("g1", "A", "B", "1-0", "2024-01-10"), ("g2", "C", "D", "0-1", "2024-01-20"),
             ("g3", "B", "C", "1/2-1/2", "2024-02-10"), ("g4", "D", "A", "0-1", "2024-03-05"))  # fmt: skip
    for game in games:
        ratings.game(*game)
    ratings.ok("game", "correct", "g3", "--result", "1-0", "--reason", "misreported", "--reported", "2024-04-01")


@pytest.mark.parametrize("cache", [True, False], ids=["cache", "log"])
@pytest.mark.parametrize("known_at", [None, "2024-03-15"], ids=["now", "before-the-correction"])
def test_changed_is_every_players_history_of_the_period(tmp_path: Path, cache: bool, known_at: str | None) -> None:
    ratings = Ratings(tmp_path / "ledger.db")
    league(ratings)
    with Api.open(str(ratings.db), cache=cache) as api:
        for rules in RULES:
            histories = {p: dict(api.history(p, rules, known_at)) for p in "ABCD"}
            labels = sorted({label for history in histories.values() for label in history})
            assert labels, rules  # every system rates these games
            for label in labels:
                expected = {p: h[label] for p, h in histories.items() if label in h}
                assert api.projector.changed(rules, label, known_at) == expected, (rules, label)
