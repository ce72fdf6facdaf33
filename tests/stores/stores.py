"""The stores a ledger lives in, as the contract suite sees them.

Each :class:`Store` gives a ``--db`` value, the raw rows of its log, and a way to run SQL on it by
hand (the tamperings ``verify`` must catch). SQL is written once, in SQLite's dialect, and run on
PostgreSQL through :func:`ledger.postgres.translate`, as the ledger's own SQL is.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import psycopg
from click.testing import CliRunner, Result

from commands.cli import cli
from ledger import postgres
from tests.commands.support import stored_rows

Row = tuple[Any, ...]


class Store(Protocol):
    """A place for one ledger."""

    name: str

    @property
    def db(self) -> str:
        """The ``--db`` value naming the ledger."""
        ...

    def rows(self) -> list[Row]:
        """Every stored event: position, originator id (hex), version, topic, state bytes; in log order."""
        ...

    def execute(self, sql: str, params: Sequence[object] = ()) -> list[Row]:
        """Run SQLite-dialect SQL on the store by hand (committed); the rows it returns."""
        ...


@dataclass
class SQLiteStore:
    path: Path
    name: str = "sqlite"

    @property
    def db(self) -> str:
        return str(self.path)

    def rows(self) -> list[Row]:
        return stored_rows(self.path)

    def execute(self, sql: str, params: Sequence[object] = ()) -> list[Row]:
        with closing(sqlite3.connect(self.path)) as conn, conn:
            return list(conn.execute(sql, tuple(params)))


@dataclass
class PostgresStore:
    url: str
    name: str = "postgresql"

    @property
    def db(self) -> str:
        return self.url

    def rows(self) -> list[Row]:
        with psycopg.connect(self.url, autocommit=True) as conn:
            found = conn.execute(
                "SELECT 1 FROM information_schema.tables WHERE table_name = %s", (postgres.MARK_TABLE,)
            ).fetchone()
            if found is None:
                return []
            return list(
                conn.execute(
                    f"SELECT notification_id, replace(originator_id::text, '-', ''), originator_version, topic, state "
                    f"FROM {postgres.EVENTS_TABLE} ORDER BY notification_id"
                )
            )

    def execute(self, sql: str, params: Sequence[object] = ()) -> list[Row]:
        with psycopg.connect(self.url) as conn, conn.cursor() as cursor:
            cursor.execute(postgres.translate(sql), tuple(params) or None)
            rows = list(cursor.fetchall()) if cursor.description else []
            conn.commit()
            return rows


@dataclass
class Ratings:
    """``ratings --db DB --cache-dir DIR --by tester ...`` in-process, on a store."""

    store: Store
    cache_dir: Path

    def __call__(self, *args: str) -> Result:
        base = ["--db", self.store.db, "--cache-dir", str(self.cache_dir), "--by", "tester"]
        return CliRunner().invoke(cli, [*base, *args], catch_exceptions=False)

    def ok(self, *args: str) -> Result:
        result = self(*args)
        assert result.exit_code == 0, f"ratings {' '.join(args)} failed: {result.output}"
        return result

    def refused(self, *args: str, message: str, status: int = 1) -> Result:
        """A refusal: exit ``status``, one clear line naming ``message``, the log byte for byte as it was."""
        before = self.store.rows()
        result = self(*args)
        assert result.exit_code == status, f"ratings {' '.join(args)}: exit {result.exit_code}: {result.output}"
        assert message in result.stderr, f"{message!r} not in {result.stderr!r}"
        assert "Traceback" not in result.output
        assert self.store.rows() == before
        return result

    def established(self, player: str, name: str, rating: int) -> Result:
        """A player with an established ICCF rating on 100 games (IECG §VII.1)."""
        return self.ok(
            "player", "register", player, "--name", name, "--reported", "2024-01-01",
            "--source", "iccf", "--starting-rating", str(rating), "--rated-games", "100",
        )  # fmt: skip

    def game(self, game: str, white: str, black: str, result: str, finished: str, *extra: str) -> Result:
        return self.ok(
            "game", "record", game, "--white", white, "--black", black, "--result", result,
            "--finished", finished, "--reported", finished, *extra,
        )  # fmt: skip
