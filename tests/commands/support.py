"""Helpers for the CLI tests: run ``ratings`` against a ledger file, and read its raw log."""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from click.testing import CliRunner, Result

from commands.cli import cli

StoredRow = tuple[Any, ...]

RULES = ("--rules", "iecg-1.7")

TABLE_HEADERS = ["#", "cl#", "player", "name", "country", "rating", "TER", "class", "status", "games", "W", "D", "L"]
"""The header of the list table, split on blanks."""


def stored_rows(db: Path) -> list[StoredRow]:
    """Every row of ``stored_events``, raw bytes and all, in log order ([] if there is no ledger)."""
    if not db.exists():
        return []
    with closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True)) as conn:
        tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if "stored_events" not in tables:
            return []
        return list(
            conn.execute(
                "SELECT rowid, originator_id, originator_version, topic, state FROM stored_events ORDER BY rowid"
            )
        )


class Recorder(Protocol):
    """What a scenario of commands needs: :class:`Ratings` on a ledger file, or the contract suite's on any store
    (``tests/stores/stores.py``)."""

    def ok(self, *args: str) -> Result: ...

    def established(self, player: str, name: str, rating: int) -> Result: ...

    def game(self, game: str, white: str, black: str, result: str, finished: str, *options: str) -> Result: ...


NO_INIT = frozenset({"init", "demo", "rules", "convert", "--help", "--version"})
"""Commands :class:`Ratings` runs without creating the ledger first (they make their own, or need none)."""


@dataclass
class Ratings:
    """``ratings --db DB --by tester ...`` run in-process with click's runner.

    With ``init`` (the default), a ledger is created (``ratings init``) before the first command
    that needs one, if ``db`` does not exist yet; ``init=False`` runs every command as it is, for
    the tests of what happens where there is no ledger (issue 10 §2).
    """

    db: Path
    by: str = "tester"
    init: bool = True

    def __call__(self, *args: str, env: Mapping[str, str | None] | None = None) -> Result:
        runner = CliRunner()
        if self.init and not self.db.exists() and not (args and args[0] in NO_INIT):
            made = runner.invoke(cli, ["--db", str(self.db), "init"], catch_exceptions=False)
            assert made.exit_code == 0, made.output
        return runner.invoke(cli, ["--db", str(self.db), "--by", self.by, *args], env=env, catch_exceptions=False)

    def ok(self, *args: str) -> Result:
        """Run a command that must succeed."""
        result = self(*args)
        assert result.exit_code == 0, f"ratings {' '.join(args)} failed: {result.output}"
        return result

    def refused(self, *args: str, message: str, status: int = 1) -> Result:
        """Run a command that must be refused: exit ``status``, ``message`` shown, the log byte for byte unchanged."""
        before = stored_rows(self.db)
        result = self(*args)
        assert result.exit_code == status, f"ratings {' '.join(args)}: exit {result.exit_code}: {result.output}"
        assert message in result.stderr, f"{message!r} not in {result.stderr!r}"
        assert "Traceback" not in result.output
        assert stored_rows(self.db) == before
        return result

    def register(self, player: str, name: str, *options: str) -> Result:
        return self.ok("player", "register", player, "--name", name, "--reported", "2024-01-01", *options)

    def established(self, player: str, name: str, rating: int, games: int = 100) -> Result:
        """Register a player with an established ICCF rating (IECG §VII.1)."""
        return self.register(
            player, name, "--source", "iccf", "--starting-rating", str(rating), "--rated-games", str(games)
        )

    def game(self, game: str, white: str, black: str, result: str, finished: str, *options: str) -> Result:
        return self.ok(*record(game, white, black, result, finished, "--reported", finished, *options))


def write_csv(path: Path, *lines: str) -> str:
    """Write the lines as a CSV file; return its path as text."""
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return str(path)


def record(game: str, white: str, black: str, result: str, finished: str, *extra: str) -> list[str]:
    """The arguments of ``ratings game record``."""
    sides = ["--white", white, "--black", black]
    return ["game", "record", game, *sides, "--result", result, "--finished", finished, *extra]
