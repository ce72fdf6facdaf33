"""A small federation on a ledger file, for replay tests: players, games, lists.

Only the ledger's public commands write the log; lists and states are read
back through :class:`projections.replay.Projector`, the way the CLI does.
Nothing here computes a rating: expected values live in the tests.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Any

from ledger.application import RatingLedger
from projections.lists import RatingList
from projections.replay import Projector
from projections.rules.iecg.formulas import PlayerState

RULES = "iecg-1.7"
TODAY = date(2026, 1, 1)


def period_index(label: str) -> int:
    """The index of a two-month period (§II.1), counted independently of the code under test."""
    year, month = int(label[:4]), int(label[5:7])
    assert (month - 1) % 2 == 0, label
    return (year * 12 + month - 1) // 2


class Federation:
    """A ledger file with helpers to register players and record games."""

    def __init__(self, path: Path) -> None:
        self.path = path
        make = RatingLedger if Path(path).exists() else RatingLedger.create
        self.ledger = make(str(path), clock=lambda: TODAY, user="test")
        self._games = 0
        self._pool = 0

    # --- writing -------------------------------------------------------------

    def player(
        self,
        player: str,
        *,
        rating: int | None = None,
        source: str = "none",
        rated_games: int | None = None,
        country: str = "IE",
    ) -> str:
        self.ledger.register_player(
            player,
            f"Player {player}",
            country=country,
            starting_rating=rating,
            source=source,
            rated_games=rated_games,
        )
        return player

    def iccf(self, player: str, rating: int, rated_games: int = 100) -> str:
        """An established ICCF player (§VII.1): Pn = ``rated_games``; k = 20 below 2000 with 100 games."""
        return self.player(player, rating=rating, source="iccf", rated_games=rated_games)

    def fresh(self, rating: int, rated_games: int = 100) -> str:
        """A new established ICCF opponent who has never played: his TER is ``rating``."""
        self._pool += 1
        return self.iccf(f"pool{self._pool:03d}", rating, rated_games)

    def game(
        self,
        white: str,
        black: str,
        result: str,
        finished: str,
        *,
        forfeit: str | None = None,
        game: str | None = None,
    ) -> str:
        self._games += 1
        gid = game or f"g{self._games:04d}"
        self.ledger.record_game(gid, white=white, black=black, result=result, finished=finished, forfeit=forfeit)
        return gid

    def score(self, player: str, opponent: str, points: float, finished: str) -> str:
        """A game ``player`` (White) scored ``points`` in: 1, 0.5 or 0."""
        result = {1.0: "1-0", 0.5: "1/2-1/2", 0.0: "0-1"}[points]
        return self.game(player, opponent, result, finished)

    # --- reading -------------------------------------------------------------

    def projector(self, cache: Path | None = None) -> Projector:
        return Projector(self.ledger.reader(), str(cache) if cache is not None else None)

    def rating_list(self, period: str) -> RatingList:
        """The list of ``period``, computed cold."""
        projector = self.projector()
        try:
            return projector.rating_list(RULES, period)
        finally:
            projector.close()

    def rows(self, period: str) -> dict[str, dict[str, Any]]:
        """The rows of the list of ``period``, by player."""
        return {row["player"]: row for row in self.rating_list(period).rows}

    def states(self, period: str) -> dict[str, PlayerState]:
        """Every player's state after the run of ``period`` ("the previous list" of the next)."""
        projector = self.projector()
        try:
            return projector.states(RULES, period_index(period))
        finally:
            projector.close()
