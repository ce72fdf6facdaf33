"""The projections' own SQLite file: folded facts, per-period states and lists.

Nothing here is a fact: the whole file can be deleted at any time and is
rebuilt from the log, to the same bytes. It exists so that a list after one
more game reads only the new events and replays only the periods they touch.

Tables (written with sqlite-utils):
- ``meta``: the log position folded so far, and a fingerprint of the event at
  that position, so a cache is never used against another ledger;
- ``players`` (as registered, with the reported date), ``player_corrections``,
  ``amendments`` (of games), ``amended`` (the recorded rows of amended games),
  ``markers``: folded facts;
- ``months``: the games recorded as finished in each calendar month, as one
  text (:func:`encode_month`), and the month's mark (:attr:`Facts.marks`);
- ``states``: per rules version and period, the players the run changed
  (``delta``), and every sixth period the whole state (``full``), each as
  the blob :func:`encode_states` writes;
- ``materialised``: rating lists as computed, each as one JSON text (a list
  of rows, each row the values of :data:`~projections.lists.LIST_KEYS`):
  a list is written, read and invalidated whole, and one text costs a tenth
  of twenty thousand rows.

Every cached period carries its ``last_month``; new facts from month M
invalidate every cached period whose last month is M or later.
"""

from __future__ import annotations

import hashlib
import json
import struct
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any, cast

import sqlite_utils

from ledger.values import Registration
from projections.facts import Adjustment, Amendment, Facts, GameRow, Marker, PlayerCorrection, Prior
from projections.lists import LIST_KEYS
from projections.rules.iecg import PlayerState

FORMAT = "5"
"""The layout of this file; a cache of another layout is rebuilt."""

FULL_EVERY = 6
"""A full state is kept for every period whose index is a multiple of this (one a year of IECG periods)."""


def fingerprint(state: bytes) -> str:
    """A short digest of a stored event, to recognise the ledger a cache was built from."""
    return hashlib.sha256(state).hexdigest()[:32]


_encode = json.JSONEncoder(separators=(",", ":")).encode

_STATE = struct.Struct("<2i?9i")
"""A :class:`PlayerState` packed: its twelve fields in order, ``established`` a byte, the others 32-bit integers."""


def encode_states(states: Mapping[str, Any]) -> bytes | str:
    """Player states in player order, the same bytes every time.

    A blob: the length of the JSON list of players (4 bytes, little-endian),
    that list, then each player's state packed by :data:`_STATE`. Packing
    costs a quarter of writing JSON, and a replay writes a state for every
    player of every period. A state that does not pack (a ``None``, or a
    number beyond 32 bits) makes the whole mapping JSON text instead,
    ``{player: [fields...]}``.
    """
    players = sorted(states)
    pack = _STATE.pack
    if players and type(states[players[0]]) is not PlayerState:
        return _encode({p: states[p] for p in players})  # another system's states
    try:
        packed = b"".join([pack(*states[p]) for p in players])
    except struct.error:
        return _encode({p: states[p] for p in players})
    names = _encode(players).encode()
    return len(names).to_bytes(4, "little") + names + packed


def decode_states(value: bytes | str, make: Callable[[Iterable[Any]], Any] = PlayerState._make) -> dict[str, Any]:
    """The player states :func:`encode_states` wrote (``make`` builds a state of JSON text from its fields)."""
    if isinstance(value, str):
        return {p: make(row) for p, row in json.loads(value).items()}
    size = int.from_bytes(value[:4], "little")
    players = json.loads(value[4 : 4 + size])
    return dict(zip(players, map(PlayerState._make, _STATE.iter_unpack(value[4 + size :])), strict=True))


_FIELD, _ROW = "\x1f", "\x1e"
"""ASCII unit and record separators: a month's games as text, when no field holds one."""


def encode_month(rows: Iterable[GameRow]) -> str:
    """The games of a month as text, in order: a record separator, then the rows joined by it,
    each row its fields joined by the unit separator. Joining costs a fifth of writing JSON, and a
    cold replay writes every game of the log. Fields that hold a separator (or are not text) make
    the month JSON instead, a list of rows."""
    rows = list(rows)
    try:
        text = _ROW.join([_FIELD.join(row) for row in rows])
    except TypeError:
        return _encode(rows)
    if text.count(_FIELD) != (len(GameRow._fields) - 1) * len(rows) or text.count(_ROW) != max(len(rows) - 1, 0):
        return _encode(rows)
    return _ROW + text


def decode_month(text: str) -> list[GameRow]:
    """The games :func:`encode_month` wrote."""
    if not text.startswith(_ROW):
        return [GameRow(*g) for g in json.loads(text)]
    if text == _ROW:
        return []
    make = GameRow._make
    return [make(row.split(_FIELD)) for row in text[1:].split(_ROW)]


class ProjectionCache:
    """The projections' SQLite file (``:memory:`` for a cold run that keeps nothing)."""

    def __init__(self, path: str) -> None:
        self.path = path
        # No sqlite-utils plugins: they add SQL functions this file never calls, and finding them
        # costs a scan of every installed package's entry points at each start.
        self.db = sqlite_utils.Database(
            path if path != ":memory:" else None, memory=path == ":memory:", execute_plugins=False
        )
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        if self._meta("format") != FORMAT:
            self.reset()

    # --- housekeeping --------------------------------------------------------

    def _meta(self, key: str) -> str | None:
        if "meta" not in self.db.table_names():
            return None
        row = self.db.execute("SELECT value FROM meta WHERE key = ?", [key]).fetchone()
        return None if row is None else str(row[0])

    def _set_meta(self, **values: str) -> None:
        self.db.table("meta").upsert_all([{"key": k, "value": v} for k, v in values.items()], pk="key")

    def reset(self) -> None:
        """Drop everything and start an empty cache."""
        for name in self.db.table_names():
            self.db[name].drop()
        self.db.table("meta").create({"key": str, "value": str}, pk="key")
        self.db.table("players").create(
            {
                "player": str,
                "name": str,
                "country": str,
                "born": str,
                "starting_rating": int,
                "source": str,
                "rated_games": int,
                "reported": str,
            },
            pk="player",
        )
        self.db.table("player_corrections").create(
            {"position": int, "player": str, "reported": str, "changes": str}, pk="position"
        )
        self.db.table("months").create({"month": str, "games": str, "mark": str}, pk="month")
        self.db.table("amendments").create(
            {"position": int, "game": str, "kind": str, "reported": str, "changes": str}, pk="position"
        )
        self.db.table("amended").create(
            {
                "game": str,
                "white": str,
                "black": str,
                "result": str,
                "finished": str,
                "forfeit": str,
                "reported": str,
                "tournament": str,
                "time_control": str,
            },
            pk="game",
        )
        self.db.table("priors").create(
            {
                "position": int,
                "player": str,
                "system": str,
                "rating": float,
                "games": int,
                "status": str,
                "deviation": float,
                "volatility": float,
                "as_of": str,
                "reported": str,
            },
            pk="position",
        )
        self.db.table("adjustments").create(
            {
                "position": int,
                "system": str,
                "player": str,
                "points": int,
                "on": str,
                "reason": str,
                "reported": str,
            },
            pk="position",
        )
        self.db.table("markers").create(
            {"position": int, "player": str, "on": str, "inactive": int, "reported": str}, pk="position"
        )
        self.db.table("states").create(
            {"rules": str, "period": int, "last_month": str, "delta": bytes, "full": bytes},
            pk=("rules", "period"),
            not_null={"delta"},
        )
        self.db.table("materialised").create(
            {"rules": str, "period": int, "last_month": str, "rows": int, "list": str}, pk=("rules", "period")
        )
        self._set_meta(format=FORMAT, position="0", fingerprint="")

    def position(self) -> int:
        return int(self._meta("position") or 0)

    def fingerprint(self) -> str:
        return self._meta("fingerprint") or ""

    # --- facts -------------------------------------------------------------

    def load_facts(self) -> Facts:
        """The cached facts; games are read a month at a time, when asked for."""
        facts = Facts(position=self.position())
        make = Registration._make
        for *fields, reported in self.db.execute(
            "SELECT player, name, country, born, starting_rating, source, rated_games, reported FROM players"
        ):
            reg = make(fields)
            facts.registrations[reg.player] = facts.players[reg.player] = reg
            facts.registered_on[reg.player] = reported
        for position, player, reported, changes in self.db.execute(
            "SELECT position, player, reported, changes FROM player_corrections ORDER BY position"
        ):
            correction = PlayerCorrection(position, player, reported, tuple(json.loads(changes)))
            facts.player_corrections.setdefault(player, []).append(correction)
            facts.players[player] = facts.players[player]._replace(**dict(correction.changes))
        for row in self.db.execute(
            "SELECT game, white, black, result, finished, forfeit, reported, tournament, time_control FROM amended"
        ):
            facts.amended[row[0]] = GameRow._make(row)
        for position, game, kind, reported, changes in self.db.execute(
            "SELECT position, game, kind, reported, changes FROM amendments ORDER BY position"
        ):
            amendment = Amendment(position, game, kind, reported, tuple(map(tuple, json.loads(changes))))
            facts.amendments.setdefault(game, []).append(amendment)
        for position, player, on, inactive, reported in self.db.execute(
            'SELECT position, player, "on", inactive, reported FROM markers ORDER BY position'
        ):
            facts.markers.setdefault(player, []).append(Marker(position, on, bool(inactive), reported))
        for row in self.db.execute(
            "SELECT position, player, system, rating, games, status, deviation, volatility, as_of, reported "
            "FROM priors ORDER BY position"
        ):
            prior = Prior._make(row)
            facts.priors.setdefault(prior.player, []).append(prior)
        facts.adjustments = [
            Adjustment._make(row)
            for row in self.db.execute(
                'SELECT position, system, player, points, "on", reason, reported FROM adjustments ORDER BY position'
            )
        ]
        for month, mark in self.db.execute("SELECT month, mark FROM months"):
            facts.stored_months.add(month)
            if mark:
                facts.marks[month] = mark
        facts.load_month = self.month
        return facts

    def month(self, month: str) -> list[GameRow]:
        row = self.db.execute("SELECT games FROM months WHERE month = ?", [month]).fetchone()
        return [] if row is None else decode_month(row[0])

    def months(self) -> list[str]:
        return [row[0] for row in self.db.execute("SELECT month FROM months ORDER BY month")]

    def store_facts(self, facts: Facts, earliest: str | None, fingerprint: str) -> None:
        """Write what :meth:`Facts.fold` added, and forget every period from ``earliest`` on."""
        facts.mark_months(facts.changed_months)
        with self.db.conn:
            if facts.new_players:
                self.db.table("players").upsert_all(
                    ({**reg._asdict(), "reported": reported} for reg, reported in facts.new_players), pk="player"
                )
            if facts.new_player_corrections:
                self.db.table("player_corrections").upsert_all(
                    ({**c._asdict(), "changes": _encode(c.changes)} for c in facts.new_player_corrections),
                    pk="position",
                )
            if facts.new_amended:
                self.db.table("amended").upsert_all((row._asdict() for row in facts.new_amended), pk="game")
            if facts.new_amendments:
                self.db.table("amendments").upsert_all(
                    ({**a._asdict(), "changes": _encode(a.changes)} for a in facts.new_amendments), pk="position"
                )
            if facts.new_adjustments:
                self.db.table("adjustments").upsert_all((a._asdict() for a in facts.new_adjustments), pk="position")
            if facts.new_priors:
                self.db.table("priors").upsert_all((p._asdict() for p in facts.new_priors), pk="position")
            if facts.new_markers:
                self.db.table("markers").upsert_all(
                    (
                        {
                            "position": m.position,
                            "player": p,
                            "on": m.on,
                            "inactive": int(m.inactive),
                            "reported": m.reported,
                        }
                        for p, m in facts.new_markers
                    ),
                    pk="position",
                )
            if facts.changed_months:
                self.db.table("months").upsert_all(
                    (
                        {"month": m, "games": encode_month(facts.months[m]), "mark": facts.marks.get(m)}
                        for m in sorted(facts.changed_months)
                    ),
                    pk="month",
                )
            if earliest is not None:
                for table in ("states", "materialised"):
                    self.db.execute(f"DELETE FROM {table} WHERE last_month >= ?", [earliest])
            self._set_meta(position=str(facts.position), fingerprint=fingerprint)
        facts.changed_months.clear()
        for pending in (
            facts.new_players,
            facts.new_player_corrections,
            facts.new_amended,
            facts.new_amendments,
            facts.new_markers,
            facts.new_priors,
            facts.new_adjustments,
        ):
            pending.clear()

    # --- states ------------------------------------------------------------

    def latest_state(
        self, rules: str, upto: int, make: Callable[[Iterable[Any]], Any] = PlayerState._make
    ) -> tuple[int, dict[str, Any]] | None:
        """The last cached period ≤ ``upto`` and the whole state after its run."""
        full = self.db.execute(
            "SELECT period, full FROM states WHERE rules = ? AND period <= ? AND full IS NOT NULL "
            "ORDER BY period DESC LIMIT 1",
            [rules, upto],
        ).fetchone()
        if full is None:
            return None
        period, text = full
        states = decode_states(text, make)
        for later, delta in self.db.execute(
            "SELECT period, delta FROM states WHERE rules = ? AND period > ? AND period <= ? ORDER BY period",
            [rules, period, upto],
        ):
            states.update(decode_states(delta, make))
            period = later
        return period, states

    def save_states(self, rows: Iterable[dict[str, Any]]) -> None:
        """Keep the runs of some periods: dicts of rules, period, last_month, delta, full."""
        with self.db.conn:
            self.db.table("states").upsert_all(rows, pk=("rules", "period"))

    def deltas(
        self, rules: str, make: Callable[[Iterable[Any]], Any] = PlayerState._make
    ) -> Iterator[tuple[int, dict[str, Any]]]:
        """Every cached period of ``rules`` and the players its run changed."""
        for period, delta in self.db.execute(
            "SELECT period, delta FROM states WHERE rules = ? ORDER BY period", [rules]
        ):
            yield period, decode_states(delta, make)

    # --- lists -------------------------------------------------------------

    def rating_list(self, rules: str, period: int, keys: tuple[str, ...] = LIST_KEYS) -> list[dict[str, Any]] | None:
        """The materialised list of ``rules`` and ``period``, if it is still valid."""
        row = self.db.execute(
            "SELECT list FROM materialised WHERE rules = ? AND period = ?", [rules, period]
        ).fetchone()
        if row is None:
            return None
        return [dict(zip(keys, values, strict=True)) for values in json.loads(row[0])]

    def save_list(
        self, rules: str, period: int, last_month: str, rows: list[dict[str, Any]], keys: tuple[str, ...] = LIST_KEYS
    ) -> None:
        """Keep a list's rows (the values of ``keys``, :data:`~projections.lists.LIST_KEYS` for the IECG)."""
        text = _encode([[row[key] for key in keys] for row in rows])
        with self.db.conn:
            self.db.table("materialised").upsert(
                {"rules": rules, "period": period, "last_month": last_month, "rows": len(rows), "list": text},
                pk=("rules", "period"),
            )

    def close(self) -> None:
        cast(Any, self.db.conn).close()
