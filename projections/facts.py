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
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, NamedTuple, cast

from ledger.store import LogRecord
from ledger.values import WHITE_POINTS2, Registration
from projections.rules.iecg import RatedGame

_scan: Callable[[str, int], tuple[Any, int]] = cast(Any, json.JSONDecoder()).scan_once


def decode(state: bytes) -> Any:
    """The JSON of a stored event's state: what ``json.loads`` gives, without its per-call overhead.

    The library writes states as UTF-8 JSON objects with nothing around them,
    so the scanner ``json.loads`` uses is called on them directly; anything
    else goes through ``json.loads`` itself (and its errors).
    """
    try:
        return _scan(state.decode("utf-8", "surrogatepass"), 0)[0]
    except (StopIteration, AttributeError, UnicodeDecodeError):
        return json.loads(state)


_TEXT = r'"([^"\\\x00-\x1f]*)"'
_SKIP = r'(?:"[^"\\\x00-\x1f]*"|null)'
_GAME_RECORDED = re.compile(
    r'\{"timestamp":\{"_type_":"datetime_iso","_data_":"[^"\\\x00-\x1f]*"\},"originator_topic":"[^"\\\x00-\x1f]*",'
    rf'"game":{_TEXT},"white":{_TEXT},"black":{_TEXT},"result":{_TEXT},"finished":{_TEXT},'
    rf'"tournament":{_SKIP},"time_control":{_SKIP},"forfeit":{_TEXT},'
)
"""The start of a ``GameRecorded`` state as the library writes it, when no text in it is escaped.

A match is an exact JSON parse of that prefix (the keys in the library's
order, each string free of quotes, backslashes and control characters), so
its groups are the game's fields as ``json.loads`` gives them; a state that
does not match is decoded whole."""


def game_row(state: bytes) -> GameRow:
    """The :class:`GameRow` of a ``GameRecorded`` state."""
    match = _GAME_RECORDED.match(state.decode("utf-8", "surrogatepass"))
    if match is not None:
        return GameRow._make(match.groups())
    s = decode(state)
    return GameRow(s["game"], s["white"], s["black"], s["result"], s["finished"], s["forfeit"])


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
    texts: dict[str, str] = field(default_factory=dict, repr=False, compare=False)
    """One string object per distinct player id, date and result text of the folded games, shared by
    every row: a million games name twenty thousand players, and lookups of a shared key never
    compare characters."""

    def month(self, month: str) -> list[GameRow]:
        """The games finished in ``month``, in log order."""
        if month not in self.months:
            self.months[month] = self.load_month(month) if self.load_month else []
        return self.months[month]

    def fold(self, records: Iterable[LogRecord]) -> str | None:
        """Fold log records in; return the earliest month they can change, if any."""
        earliest: str | None = None
        # Games by id, for adjudications: made at the first adjudication, from every game loaded so far
        # (a game of an earlier batch reads the same from a cached month as from the log), then kept up.
        pending: dict[str, GameRow] | None = None
        months = self.months
        changed = self.changed_months
        position: int | None = None
        game_match = _GAME_RECORDED.match
        new = tuple.__new__  # a named tuple without its Python-level __new__: a third of the cost
        shared = self.texts.setdefault

        def touch(day: str) -> None:
            nonlocal earliest
            month = month_of(day)
            if earliest is None or month < earliest:
                earliest = month

        try:
            for position, kind, state in records:
                if kind == "GameRecorded":
                    # The hot path: nine events in ten are games, so few calls here.
                    match = game_match(state.decode("utf-8", "surrogatepass"))
                    game, white, black, result, finished, forfeit = (
                        match.groups() if match is not None else game_row(state)
                    )
                    row = new(
                        GameRow,
                        (
                            game,
                            shared(white, white),
                            shared(black, black),
                            shared(result, result),
                            shared(finished, finished),
                            shared(forfeit, forfeit),
                        ),
                    )
                    month = row.finished[:7]
                    games = months.get(month)
                    if games is None:
                        games = self.month(month)
                    games.append(row)
                    changed.add(month)
                    if pending is not None:
                        pending[game] = row
                    if earliest is None or month < earliest:
                        earliest = month
                elif kind == "PlayerRegistered":
                    s = decode(state)
                    reg = Registration(
                        s["player"],
                        s["name"],
                        s["country"],
                        s["born"],
                        s["starting_rating"],
                        s["source"],
                        s["rated_games"],
                    )
                    shared(reg.player, reg.player)
                    self.players[reg.player] = reg
                    self.new_players.append(reg)
                elif kind == "GameAdjudicated":
                    s = decode(state)
                    if pending is None:
                        pending = {row.game: row for rows in months.values() for row in rows}
                    game = pending.get(s["game"]) or (self.find_game(s["game"]) if self.find_game else None)
                    if game is None:
                        raise LookupError(f"adjudicated game {s['game']!r} is not in the log")
                    adj = Adjudication(game.game, s["result"], s["on"], game.white, game.black, game.finished)
                    self.adjudications[adj.game] = adj
                    self.new_adjudications.append(adj)
                    touch(game.finished)
                    touch(adj.on)
                elif kind in ("PlayerMarkedInactive", "PlayerReactivated"):
                    s = decode(state)
                    marker = Marker(position, s["on"], kind == "PlayerMarkedInactive")
                    self.markers.setdefault(s["player"], []).append(marker)
                    self.new_markers.append((s["player"], marker))
                    touch(marker.on)
        finally:
            if position is not None:
                self.position = position
        return earliest

    def rated_games(self, months: Iterable[str]) -> list[RatedGame]:
        """The games rated in ``months``: (game, white, black, White's half points)."""
        wanted = set(months)
        rated: list[RatedGame] = []
        append = rated.append
        points = WHITE_POINTS2
        new = tuple.__new__  # as in fold
        adjudicated = self.adjudications
        for month in sorted(wanted):
            for game, white, black, result, _finished, forfeit in self.month(month):
                if game in adjudicated:
                    continue  # §VIII.3: rated in the month of the decision
                if forfeit == "withdrawal":
                    continue  # §VIII.2: withdrawals are not rated
                append(new(RatedGame, (game, white, black, points[result])))
        for adj in adjudicated.values():
            if adj.on[:7] in wanted:
                append(RatedGame(adj.game, adj.white, adj.black, WHITE_POINTS2[adj.result]))
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
