"""The log's facts, folded into what a replay needs, grouped by calendar month.

A replay of a rating period needs the games rated in its months; a list needs
the registrations and the inactivity markers. :class:`Facts` holds exactly
that, is filled from log records by :meth:`Facts.fold`, and reports the
earliest month a batch of records can change, so that cached periods from
that month on are recomputed and the ones before it are kept.

How a game is rated (IECG §VIII, foundation issue §4):
- an adjudicated game counts with the adjudicated result in the month of the
  decision (§VIII.3), whatever its forfeit kind;
- otherwise an arbiter forfeit counts as a normal game (§VIII.1) and a
  withdrawal forfeit does not count (§VIII.2).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import NamedTuple

from ledger.store import LogRecord
from ledger.values import WHITE_POINTS2


class Registration(NamedTuple):
    """A player as registered (IECG §VII)."""

    player: str
    name: str
    country: str
    born: str | None
    starting_rating: int
    source: str
    rated_games: int


class GameRow(NamedTuple):
    """A recorded game, as stored in the month of its finished date."""

    game: str
    white: str
    black: str
    result: str
    finished: str
    forfeit: str


class Adjudication(NamedTuple):
    """An adjudicated result and the game it decides."""

    game: str
    result: str
    on: str
    white: str
    black: str
    finished: str


class Marker(NamedTuple):
    """An inactivity marker (``inactive`` False for a reactivation)."""

    position: int
    on: str
    inactive: bool


def month_of(day: str) -> str:
    """``YYYY-MM`` of an ISO date."""
    return day[:7]


@dataclass
class Facts:
    """The folded facts of a log, up to :attr:`position`."""

    position: int = 0
    players: dict[str, Registration] = field(default_factory=dict)
    months: dict[str, list[GameRow]] = field(default_factory=dict)
    adjudications: dict[str, Adjudication] = field(default_factory=dict)
    markers: dict[str, list[Marker]] = field(default_factory=dict)
    stored_months: set[str] = field(default_factory=set)
    """Months with games held by a cache and not yet loaded into :attr:`months`."""
    load_month: Callable[[str], list[GameRow]] | None = None
    """Where months not yet in :attr:`months` come from (a cache), if anywhere."""
    find_game: Callable[[str], GameRow | None] | None = None
    """Where a game adjudicated after its recording was folded is looked up."""
    changed_months: set[str] = field(default_factory=set)
    new_players: list[Registration] = field(default_factory=list)
    new_adjudications: list[Adjudication] = field(default_factory=list)
    new_markers: list[tuple[str, Marker]] = field(default_factory=list)

    def month(self, month: str) -> list[GameRow]:
        """The games finished in ``month``, in log order."""
        if month not in self.months:
            self.months[month] = self.load_month(month) if self.load_month else []
        return self.months[month]

    def fold(self, records: Iterable[LogRecord]) -> str | None:
        """Fold log records in; return the earliest month they can change, if any."""
        earliest: str | None = None
        pending: dict[str, GameRow] = {}

        def touch(day: str) -> None:
            nonlocal earliest
            month = month_of(day)
            if earliest is None or month < earliest:
                earliest = month

        loads = json.loads
        for position, kind, state in records:
            self.position = position
            if kind == "GameRecorded":
                s = loads(state)
                row = GameRow(s["game"], s["white"], s["black"], s["result"], s["finished"], s["forfeit"])
                month = row.finished[:7]
                self.month(month).append(row)
                self.changed_months.add(month)
                pending[row.game] = row
                touch(row.finished)
            elif kind == "PlayerRegistered":
                s = loads(state)
                reg = Registration(
                    s["player"],
                    s["name"],
                    s["country"],
                    s["born"],
                    s["starting_rating"],
                    s["source"],
                    s["rated_games"],
                )
                self.players[reg.player] = reg
                self.new_players.append(reg)
            elif kind == "GameAdjudicated":
                s = loads(state)
                game = pending.get(s["game"]) or (self.find_game(s["game"]) if self.find_game else None)
                if game is None:
                    raise LookupError(f"adjudicated game {s['game']!r} is not in the log")
                adj = Adjudication(game.game, s["result"], s["on"], game.white, game.black, game.finished)
                self.adjudications[adj.game] = adj
                self.new_adjudications.append(adj)
                touch(game.finished)
                touch(adj.on)
            elif kind in ("PlayerMarkedInactive", "PlayerReactivated"):
                s = loads(state)
                marker = Marker(position, s["on"], kind == "PlayerMarkedInactive")
                self.markers.setdefault(s["player"], []).append(marker)
                self.new_markers.append((s["player"], marker))
                touch(marker.on)
        return earliest

    def rated_games(self, months: Iterable[str]) -> list[tuple[str, str, str, int]]:
        """The games rated in ``months``: (game, white, black, White's half points)."""
        wanted = set(months)
        rated: list[tuple[str, str, str, int]] = []
        adjudicated = self.adjudications
        for month in sorted(wanted):
            for row in self.month(month):
                if row.game in adjudicated:
                    continue  # §VIII.3: rated in the month of the decision
                if row.forfeit == "withdrawal":
                    continue  # §VIII.2: withdrawals are not rated
                rated.append((row.game, row.white, row.black, WHITE_POINTS2[row.result]))
        for adj in adjudicated.values():
            if adj.on[:7] in wanted:
                rated.append((adj.game, adj.white, adj.black, WHITE_POINTS2[adj.result]))
        return rated

    def game_months(self) -> set[str]:
        """Every month with a recorded game or an adjudication, loaded or not."""
        months = {m for m, rows in self.months.items() if rows} | self.stored_months
        return months | {a.on[:7] for a in self.adjudications.values()}

    def first_month(self) -> str | None:
        """The earliest month with a recorded or adjudicated game."""
        return min(self.game_months(), default=None)

    def last_month(self) -> str | None:
        """The latest month with a recorded or adjudicated game."""
        return max(self.game_months(), default=None)

    def inactive_at(self, player: str, day: str) -> bool:
        """Whether the player's markers leave him inactive at the end of ``day``.

        Markers take effect in date order, markers of one date in log order.
        """
        state = False
        for marker in sorted(self.markers.get(player, ()), key=lambda m: (m.on, m.position)):
            if marker.on <= day:
                state = marker.inactive
        return state
