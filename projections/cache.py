"""The projections' own SQLite file: folded facts, per-period states and lists.

Nothing here is a fact: the whole file can be deleted at any time and is
rebuilt from the log, to the same bytes. It exists so that a list after one
more game reads only the new events and replays only the periods they touch.

Tables (written with sqlite-utils):
- ``meta``: the log position folded so far, and a fingerprint of the event at
  that position, so a cache is never used against another ledger;
- ``players``, ``adjudications``, ``markers``: folded facts;
- ``months``: the games finished in each calendar month, as one JSON blob;
- ``states``: per rules version and period, the players the run changed
  (``delta``), and every sixth period the whole state (``full``);
- ``lists`` and ``materialised``: rating lists as computed.

Every cached period carries its ``last_month``; new facts from month M
invalidate every cached period whose last month is M or later.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Iterator, Mapping
from typing import Any, cast

import sqlite_utils

from projections.facts import Adjudication, Facts, GameRow, Marker, Registration
from projections.rules.iecg import PlayerState

FORMAT = "1"
"""The layout of this file; a cache of another layout is rebuilt."""

FULL_EVERY = 6
"""A full state is kept for every period whose index is a multiple of this (one a year of IECG periods)."""


def fingerprint(state: bytes) -> str:
    """A short digest of a stored event, to recognise the ledger a cache was built from."""
    return hashlib.sha256(state).hexdigest()[:32]


def encode_states(states: Mapping[str, PlayerState]) -> str:
    """Player states as compact JSON, in player order (the same bytes every time)."""
    return json.dumps({p: list(states[p]) for p in sorted(states)}, separators=(",", ":"))


def decode_states(text: str) -> dict[str, PlayerState]:
    return {p: PlayerState(*row) for p, row in json.loads(text).items()}


class ProjectionCache:
    """The projections' SQLite file (``:memory:`` for a cold run that keeps nothing)."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.db = sqlite_utils.Database(path if path != ":memory:" else None, memory=path == ":memory:")
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
            },
            pk="player",
        )
        self.db.table("months").create({"month": str, "games": str}, pk="month")
        self.db.table("adjudications").create(
            {"game": str, "result": str, "on": str, "white": str, "black": str, "finished": str}, pk="game"
        )
        self.db.table("markers").create({"position": int, "player": str, "on": str, "inactive": int}, pk="position")
        self.db.table("states").create(
            {"rules": str, "period": int, "last_month": str, "delta": str, "full": str},
            pk=("rules", "period"),
            not_null={"delta"},
        )
        self.db.table("materialised").create(
            {"rules": str, "period": int, "last_month": str, "rows": int}, pk=("rules", "period")
        )
        self.db.table("lists").create(
            {
                "rules": str,
                "period": int,
                "last_month": str,
                "position": int,
                "class_position": int,
                "player": str,
                "name": str,
                "country": str,
                "rating": int,
                "ter": int,
                "class": str,
                "status": str,
                "games": int,
                "wins": int,
                "draws": int,
                "losses": int,
            },
            pk=("rules", "period", "position"),
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
        for row in self.db.execute("SELECT * FROM players"):
            reg = Registration(*row)
            facts.players[reg.player] = reg
        for row in self.db.execute('SELECT game, result, "on", white, black, finished FROM adjudications'):
            adj = Adjudication(*row)
            facts.adjudications[adj.game] = adj
        for position, player, on, inactive in self.db.execute(
            'SELECT position, player, "on", inactive FROM markers ORDER BY position'
        ):
            facts.markers.setdefault(player, []).append(Marker(position, on, bool(inactive)))
        facts.stored_months = set(self.months())
        facts.load_month = self.month
        return facts

    def month(self, month: str) -> list[GameRow]:
        row = self.db.execute("SELECT games FROM months WHERE month = ?", [month]).fetchone()
        return [] if row is None else [GameRow(*g) for g in json.loads(row[0])]

    def months(self) -> list[str]:
        return [row[0] for row in self.db.execute("SELECT month FROM months ORDER BY month")]

    def store_facts(self, facts: Facts, earliest: str | None, fingerprint: str) -> None:
        """Write what :meth:`Facts.fold` added, and forget every period from ``earliest`` on."""
        with self.db.conn:
            if facts.new_players:
                self.db.table("players").upsert_all((r._asdict() for r in facts.new_players), pk="player")
            if facts.new_adjudications:
                self.db.table("adjudications").upsert_all((a._asdict() for a in facts.new_adjudications), pk="game")
            if facts.new_markers:
                self.db.table("markers").upsert_all(
                    (
                        {"position": m.position, "player": p, "on": m.on, "inactive": int(m.inactive)}
                        for p, m in facts.new_markers
                    ),
                    pk="position",
                )
            if facts.changed_months:
                self.db.table("months").upsert_all(
                    (
                        {"month": m, "games": json.dumps(facts.months[m], separators=(",", ":"))}
                        for m in sorted(facts.changed_months)
                    ),
                    pk="month",
                )
            if earliest is not None:
                for table in ("states", "lists", "materialised"):
                    self.db.execute(f"DELETE FROM {table} WHERE last_month >= ?", [earliest])
            self._set_meta(position=str(facts.position), fingerprint=fingerprint)
        facts.changed_months.clear()
        facts.new_players.clear()
        facts.new_adjudications.clear()
        facts.new_markers.clear()

    # --- states ------------------------------------------------------------

    def latest_state(self, rules: str, upto: int) -> tuple[int, dict[str, PlayerState]] | None:
        """The last cached period ≤ ``upto`` and the whole state after its run."""
        full = self.db.execute(
            "SELECT period, full FROM states WHERE rules = ? AND period <= ? AND full IS NOT NULL "
            "ORDER BY period DESC LIMIT 1",
            [rules, upto],
        ).fetchone()
        if full is None:
            return None
        period, text = full
        states = decode_states(text)
        for later, delta in self.db.execute(
            "SELECT period, delta FROM states WHERE rules = ? AND period > ? AND period <= ? ORDER BY period",
            [rules, period, upto],
        ):
            states.update(decode_states(delta))
            period = later
        return period, states

    def save_states(self, rows: Iterable[dict[str, Any]]) -> None:
        """Keep the runs of some periods: dicts of rules, period, last_month, delta, full."""
        with self.db.conn:
            self.db.table("states").upsert_all(rows, pk=("rules", "period"))

    def deltas(self, rules: str) -> Iterator[tuple[int, dict[str, PlayerState]]]:
        """Every cached period of ``rules`` and the players its run changed."""
        for period, delta in self.db.execute(
            "SELECT period, delta FROM states WHERE rules = ? ORDER BY period", [rules]
        ):
            yield period, decode_states(delta)

    # --- lists -------------------------------------------------------------

    def rating_list(self, rules: str, period: int) -> list[dict[str, Any]] | None:
        """The materialised list of ``rules`` and ``period``, if it is still valid."""
        if (
            self.db.execute("SELECT 1 FROM materialised WHERE rules = ? AND period = ?", [rules, period]).fetchone()
            is None
        ):
            return None
        rows = self.db.table("lists").rows_where("rules = ? AND period = ?", [rules, period], order_by="position")
        skip = ("rules", "period", "last_month")
        return [{k: v for k, v in row.items() if k not in skip} for row in rows]

    def save_list(self, rules: str, period: int, last_month: str, rows: list[dict[str, Any]]) -> None:
        extra = {"rules": rules, "period": period, "last_month": last_month}
        with self.db.conn:
            self.db.execute("DELETE FROM lists WHERE rules = ? AND period = ?", [rules, period])
            self.db.table("lists").insert_all({**row, **extra} for row in rows)
            self.db.table("materialised").upsert(
                {"rules": rules, "period": period, "last_month": last_month, "rows": len(rows)},
                pk=("rules", "period"),
            )

    def close(self) -> None:
        cast(Any, self.db.conn).close()
