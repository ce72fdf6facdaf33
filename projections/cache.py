"""The projections' own SQLite file: folded facts, per-period states and lists.

Nothing here is a fact: the whole file can be deleted at any time and is
rebuilt from the log, to the same bytes. It exists so that a list after one
more game reads only the new events and replays only the periods they touch.

Tables (created and written with sqlite-utils; each write of facts or states
is one transaction):
- ``meta``: the log position folded so far, and a fingerprint of the event at
  that position, so a cache is never used against another ledger;
- ``players`` (as registered, with the reported date), ``player_corrections``,
  ``amendments`` (of games), ``amended`` (the recorded rows of amended games),
  ``markers``: folded facts;
- ``months``: the month's mark (:attr:`Facts.marks`), and the games recorded
  as finished in it, as one text (:func:`encode_month`) — last, so that the
  marks of every month are read without the pages of the games;
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
from functools import partial
from itertools import repeat
from operator import itemgetter
from typing import TYPE_CHECKING, Any, cast

from ledger.values import Registration
from projections.collector import paused
from projections.facts import Adjustment, Amendment, Facts, GameRow, Marker, PlayerCorrection, Prior
from projections.lists import LIST_KEYS
from projections.rules.iecg import PlayerState

if TYPE_CHECKING:
    import sqlite_utils

FORMAT = "7"
"""The layout of this file; a cache of another layout is rebuilt. (6: a month's mark before its games;
7: the superseded runs.)"""

FULL_EVERY = 6
"""A full state is kept for every period whose index is a multiple of this (one a year of IECG periods)."""


def fingerprint(state: bytes) -> str:
    """A short digest of a stored event, to recognise the ledger a cache was built from."""
    return hashlib.sha256(state).hexdigest()[:32]


_encode = json.JSONEncoder(separators=(",", ":")).encode

_STATE = struct.Struct("<2i?9i")
"""A :class:`PlayerState` packed: its twelve fields in order, ``established`` a byte, the others 32-bit integers."""

_player_state: Callable[[Iterable[Any]], PlayerState] = partial(tuple.__new__, PlayerState)
"""``PlayerState._make`` without its Python-level call and length check: for rows whose length is known."""
_game_row: Callable[[Iterable[Any]], GameRow] = partial(tuple.__new__, GameRow)
"""``GameRow._make``, the same way."""
_registration: Callable[[Iterable[Any]], Registration] = partial(tuple.__new__, Registration)
"""``Registration._make``, the same way."""
_amendment: Callable[[Iterable[Any]], Amendment] = partial(tuple.__new__, Amendment)
"""``Amendment._make``, the same way."""


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
    if players and type(states[players[0]]) is not PlayerState:
        return _encode({p: states[p] for p in players})  # another system's states
    try:
        pack = _STATE.pack
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
    return dict(zip(players, map(_player_state, _STATE.iter_unpack(value[4 + size :])), strict=True))


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
    """The games :func:`encode_month` wrote (each row of text has every field: it counted them)."""
    if not text.startswith(_ROW):
        return [GameRow(*g) for g in json.loads(text)]
    if text == _ROW:
        return []
    return list(map(_game_row, map(str.split, text[1:].split(_ROW), repeat(_FIELD))))


_COLUMNS: dict[str, dict[str, type]] = {
    "meta": {"key": str, "value": str},
    "players": {
        "player": str,
        "name": str,
        "country": str,
        "born": str,
        "starting_rating": int,
        "source": str,
        "rated_games": int,
        "reported": str,
    },
    "player_corrections": {"position": int, "player": str, "reported": str, "changes": str},
    # The mark before the games: SQLite reads a column after a long text through all its pages.
    "months": {"month": str, "mark": str, "games": str},
    "amendments": {"position": int, "game": str, "kind": str, "reported": str, "changes": str},
    "amended": dict.fromkeys(GameRow._fields, str),
    "priors": {
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
    "adjustments": {
        "position": int,
        "system": str,
        "player": str,
        "points": int,
        "on": str,
        "reason": str,
        "reported": str,
    },
    "markers": {"position": int, "player": str, "on": str, "inactive": int, "reported": str},
    "states": {"rules": str, "period": int, "last_month": str, "delta": bytes, "full": bytes},
    "materialised": {"rules": str, "period": int, "last_month": str, "rows": int, "list": str},
    "superseded": {"rules": str, "period": int, "delta": bytes},
    "superseded_players": {"rules": str, "players": str},
}
"""Every table of the file and its columns, in order, as sqlite-utils creates them."""

_KEYS: dict[str, str | tuple[str, ...]] = {
    "meta": "key",
    "players": "player",
    "player_corrections": "position",
    "months": "month",
    "amendments": "position",
    "amended": "game",
    "priors": "position",
    "adjustments": "position",
    "markers": "position",
    "states": ("rules", "period"),
    "materialised": ("rules", "period"),
    "superseded": ("rules", "period"),
    "superseded_players": "rules",
}
"""The primary key of each table."""


class ProjectionCache:
    """The projections' SQLite file (``:memory:`` for a cold run that keeps nothing)."""

    def __init__(self, path: str) -> None:
        self.path = path
        # No sqlite-utils plugins: they add SQL functions this file never calls, and finding them
        # costs a scan of every installed package's entry points at each start.
        # Imported here, not with the module: a command that records a fact (and never opens this
        # file) is spared a twentieth of a second of importing sqlite-utils and what it uses.
        import sqlite_utils

        self.db: sqlite_utils.Database = sqlite_utils.Database(
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

    def _upsert(self, table: str, rows: Iterable[Iterable[Any]]) -> None:
        """Write ``rows`` (each the values of the table's columns, in order) into ``table``; the caller commits."""
        columns = tuple(_COLUMNS[table])
        self.db.table(table).upsert_all((dict(zip(columns, row, strict=True)) for row in rows), pk=_KEYS[table])

    def _set_meta(self, **values: str) -> None:
        self._upsert("meta", values.items())

    def reset(self) -> None:
        """Drop everything and start an empty cache."""
        with self.db.conn:
            for name in self.db.table_names():
                self.db[name].drop()
            for table, columns in _COLUMNS.items():
                self.db.table(table).create(columns, pk=_KEYS[table], not_null={"delta"} if table == "states" else None)
            self._set_meta(format=FORMAT, position="0", fingerprint="")

    def position(self) -> int:
        return int(self._meta("position") or 0)

    def fingerprint(self) -> str:
        return self._meta("fingerprint") or ""

    # --- facts -------------------------------------------------------------

    def load_facts(self) -> Facts:
        """The cached facts; games are read a month at a time, when asked for."""
        facts = Facts(position=self.position())
        execute = self.db.execute
        with paused():
            rows = execute(
                "SELECT player, name, country, born, starting_rating, source, rated_games, reported FROM players"
            ).fetchall()
            players = list(map(itemgetter(0), rows))
            registrations = list(map(_registration, map(itemgetter(slice(7)), rows)))
            facts.registrations.update(zip(players, registrations, strict=True))
            facts.players.update(zip(players, registrations, strict=True))
            facts.registered_on.update(zip(players, map(itemgetter(7), rows), strict=True))
            for position, player, reported, changes in execute(
                "SELECT position, player, reported, changes FROM player_corrections ORDER BY position"
            ):
                correction = PlayerCorrection(position, player, reported, tuple(map(tuple, json.loads(changes))))
                facts.player_corrections.setdefault(player, []).append(correction)
                facts.players[player] = facts.players[player]._replace(**dict(correction.changes))
            rows = execute(
                "SELECT game, white, black, result, finished, forfeit, reported, tournament, time_control FROM amended"
            ).fetchall()
            facts.amended.update(zip(map(itemgetter(0), rows), map(_game_row, rows), strict=True))
            rows = execute(
                "SELECT position, game, kind, reported, changes FROM amendments ORDER BY position"
            ).fetchall()
            # Every amendment's changes in one parse: each is a JSON list, so together they are one.
            changes = json.loads("[" + ",".join(map(itemgetter(4), rows)) + "]")
            amendments = facts.amendments
            for (position, game, kind, reported, _), changed in zip(rows, changes, strict=True):
                amendment = _amendment((position, game, kind, reported, tuple(map(tuple, changed))))
                if game in amendments:
                    amendments[game].append(amendment)
                else:
                    amendments[game] = [amendment]
            for position, player, on, inactive, reported in execute(
                'SELECT position, player, "on", inactive, reported FROM markers ORDER BY position'
            ):
                facts.markers.setdefault(player, []).append(Marker(position, on, bool(inactive), reported))
            for row in execute(
                "SELECT position, player, system, rating, games, status, deviation, volatility, as_of, reported "
                "FROM priors ORDER BY position"
            ):
                prior = Prior._make(row)
                facts.priors.setdefault(prior.player, []).append(prior)
            facts.adjustments = [
                Adjustment._make(row)
                for row in execute(
                    'SELECT position, system, player, points, "on", reason, reported FROM adjustments ORDER BY position'
                )
            ]
            for month, mark in execute("SELECT month, mark FROM months"):
                facts.stored_months.add(month)
                if mark:
                    facts.marks[month] = mark
        facts.load_month = self.month
        return facts

    def month(self, month: str) -> list[GameRow]:
        row = self.db.execute("SELECT games FROM months WHERE month = ?", [month]).fetchone()
        if row is None:
            return []
        with paused():
            return decode_month(row[0])

    def months(self) -> list[str]:
        return [row[0] for row in self.db.execute("SELECT month FROM months ORDER BY month")]

    def store_facts(self, facts: Facts, earliest: str | None, fingerprint: str) -> None:
        """Write what :meth:`Facts.fold` added, and forget every period from ``earliest`` on."""
        facts.mark_months(facts.changed_months)
        upsert = self._upsert
        with self.db.conn:
            if facts.new_players:
                upsert("players", ((*reg, reported) for reg, reported in facts.new_players))
            if facts.new_player_corrections:
                upsert("player_corrections", ((*c[:3], _encode(c.changes)) for c in facts.new_player_corrections))
            if facts.new_amended:
                upsert("amended", facts.new_amended)
            if facts.new_amendments:
                upsert("amendments", ((*a[:4], _encode(a.changes)) for a in facts.new_amendments))
            if facts.new_adjustments:
                upsert("adjustments", facts.new_adjustments)
            if facts.new_priors:
                upsert("priors", facts.new_priors)
            if facts.new_markers:
                upsert(
                    "markers",
                    ((m.position, p, m.on, int(m.inactive), m.reported) for p, m in facts.new_markers),
                )
            if facts.changed_months:
                upsert(
                    "months",
                    ((m, facts.marks.get(m), encode_month(facts.months[m])) for m in sorted(facts.changed_months)),
                )
            if earliest is not None:
                self._supersede(earliest, facts.touched)
                for table in ("states", "materialised"):
                    self.db.execute(f"DELETE FROM {table} WHERE last_month >= ?", [earliest])
            facts.touched.clear()
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

    def _supersede(self, earliest: str, touched: set[str]) -> None:
        """Keep the runs that new facts from month ``earliest`` on make stale, with the players the facts
        touched, so that the next replay re-rates only the players they can reach (:meth:`superseded`).

        A period already superseded keeps its older run, and the players touched since add up: each
        superseded run stays the run of the facts before every touch not yet replayed.
        """
        rules = [r[0] for r in self.db.execute("SELECT DISTINCT rules FROM states WHERE last_month >= ?", [earliest])]
        self.db.execute(
            "INSERT OR IGNORE INTO superseded (rules, period, delta) "
            "SELECT rules, period, delta FROM states WHERE last_month >= ?",
            [earliest],
        )
        known = dict(self.db.execute("SELECT rules, players FROM superseded_players").fetchall())
        for name in set(rules) | set(known):
            players = set(json.loads(known[name])) if name in known else set()
            self._upsert("superseded_players", [(name, _encode(sorted(players | touched)))])

    def superseded(
        self, rules: str, make: Callable[[Iterable[Any]], Any] = PlayerState._make, *, runs: bool = True
    ) -> tuple[set[str], dict[int, dict[str, Any]]] | None:
        """The players touched since the superseded runs of ``rules`` were made, and (with ``runs``) those
        runs by period; None when ``rules`` has none."""
        row = self.db.execute("SELECT players FROM superseded_players WHERE rules = ?", [rules]).fetchone()
        if row is None:
            return None
        if not runs:
            return set(json.loads(row[0])), {}
        with paused():
            by_period = {
                period: decode_states(delta, make)
                for period, delta in self.db.execute(
                    "SELECT period, delta FROM superseded WHERE rules = ? ORDER BY period", [rules]
                )
            }
        return set(json.loads(row[0])), by_period

    def forget_superseded(self, rules: str) -> None:
        """Drop the superseded runs of ``rules`` (a replay has used them, or cannot)."""
        with self.db.conn:
            self.db.execute("DELETE FROM superseded WHERE rules = ?", [rules])
            self.db.execute("DELETE FROM superseded_players WHERE rules = ?", [rules])

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
        with paused():
            states = decode_states(text, make)
            for later, delta in self.db.execute(
                "SELECT period, delta FROM states WHERE rules = ? AND period > ? AND period <= ? ORDER BY period",
                [rules, period, upto],
            ):
                states.update(decode_states(delta, make))
                period = later
        return period, states

    def save_states(self, rows: Iterable[Mapping[str, Any]]) -> None:
        """Keep the runs of some periods: mappings of rules, period, last_month, delta, full."""
        with self.db.conn:
            self._upsert("states", map(itemgetter(*_COLUMNS["states"]), rows))

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
        with paused():
            values = json.loads(row[0])
            if any(len(v) != len(keys) for v in values):
                raise ValueError(f"a materialised row of {rules} period {period} does not have the keys {keys}")
            return list(map(dict, map(zip, repeat(keys), values)))

    def save_list(
        self, rules: str, period: int, last_month: str, rows: list[dict[str, Any]], keys: tuple[str, ...] = LIST_KEYS
    ) -> None:
        """Keep a list's rows (the values of ``keys``, :data:`~projections.lists.LIST_KEYS` for the IECG)."""
        values = itemgetter(*keys) if len(keys) > 1 else lambda row: (row[keys[0]],)
        with paused():
            text = _encode(list(map(values, rows)))  # each row's values a tuple, which JSON writes as a list
        with self.db.conn:
            self._upsert("materialised", [(rules, period, last_month, len(rows), text)])

    def close(self) -> None:
        cast(Any, self.db.conn).close()
