"""The facts of the ledger, as eventsourcing aggregates and their events.

One aggregate per player and one per game. Their ids are derived from the
natural keys (the membership number, the game id), so the store itself
refuses a second recording of the same player or game: two ``version 1``
events for one id break the store's primary key.

Every event is a fact in the past tense, with ``reported_on`` (the date the
rating office received it) and ``recorded_by`` (who typed it in). No event
ever holds a computed rating.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID, uuid5

from eventsourcing.domain import Aggregate

NAMESPACE = UUID("6f1d8c2e-58a4-4c59-9d0f-6a3c1b7e2d10")
"""The uuid5 namespace of this ledger's aggregate ids."""


def player_key(player: str) -> UUID:
    """The aggregate id of a player, from the membership number."""
    return uuid5(NAMESPACE, "player:" + player)


def game_key(game: str) -> UUID:
    """The aggregate id of a game, from the game id."""
    return uuid5(NAMESPACE, "game:" + game)


class PlayerRegistered(Aggregate.Created):
    """A player joined the federation, with a starting rating and its source (IECG §VII)."""

    player: str
    name: str
    country: str
    born: str | None
    starting_rating: int
    source: str
    rated_games: int
    reported_on: str
    recorded_by: str

    def apply(self, aggregate: Any) -> None:
        aggregate.player = self.player


class PlayerWithdrew(Aggregate.Event):
    """A player withdrew from a tournament, announced or silently (IECG §VIII.2)."""

    player: str
    tournament: str
    on: str
    silent: bool
    reported_on: str
    recorded_by: str

    def apply(self, aggregate: Any) -> None:
        aggregate.withdrawals.add(self.tournament)


class PlayerMarkedInactive(Aggregate.Event):
    """The rating office marked a player inactive from a date."""

    player: str
    on: str
    reason: str
    reported_on: str
    recorded_by: str

    def apply(self, aggregate: Any) -> None:
        aggregate.markers.append((self.on, True))


class PlayerReactivated(Aggregate.Event):
    """The rating office ended a player's inactivity from a date."""

    player: str
    on: str
    reason: str
    reported_on: str
    recorded_by: str

    def apply(self, aggregate: Any) -> None:
        aggregate.markers.append((self.on, False))


class Player(Aggregate):
    """A registered player, the tournaments he withdrew from, and his inactivity markers."""

    def __init__(self) -> None:
        self.player = ""
        self.withdrawals: set[str] = set()
        self.markers: list[tuple[str, bool]] = []

    @staticmethod
    def create_id(*, player: str, **_: Any) -> UUID:
        return player_key(player)

    def inactive_on(self, on: str) -> bool:
        """Whether the markers recorded so far leave the player inactive on ``on``.

        Markers take effect in date order; markers of one date in the order recorded.
        """
        state = False
        for day, inactive in sorted(self.markers, key=lambda marker: marker[0]):
            if day <= on:
                state = inactive
        return state


class GameRecorded(Aggregate.Created):
    """A game finished, with its result as reported (IECG §VIII.1–2 for forfeits)."""

    game: str
    white: str
    black: str
    result: str
    finished: str
    tournament: str | None
    time_control: str | None
    forfeit: str
    reported_on: str
    recorded_by: str

    def apply(self, aggregate: Any) -> None:
        aggregate.game = self.game
        aggregate.finished = self.finished


class GameAdjudicated(Aggregate.Event):
    """An adjudicator decided a game's result for rating (IECG §VIII.3)."""

    game: str
    result: str
    on: str
    reported_on: str
    recorded_by: str

    def apply(self, aggregate: Any) -> None:
        aggregate.adjudicated_on = self.on


class Game(Aggregate):
    """A recorded game and its adjudication."""

    def __init__(self) -> None:
        self.game = ""
        self.finished = ""
        self.adjudicated_on: str | None = None

    @staticmethod
    def create_id(*, game: str, **_: Any) -> UUID:
        return game_key(game)


EVENT_TYPES: dict[str, type[Aggregate.Event]] = {
    cls.__name__: cls
    for cls in (
        PlayerRegistered,
        PlayerWithdrew,
        PlayerMarkedInactive,
        PlayerReactivated,
        GameRecorded,
        GameAdjudicated,
    )
}
"""Every event type of the log, by name."""
