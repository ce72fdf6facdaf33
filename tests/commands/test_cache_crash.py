"""Crashes and races against the projections file (issue 10 §1, §4).

- A ``ratings list`` killed at each commit of the projections file in turn
  (before it, and right after it), and at each write between: the next
  ``list`` prints exactly what ``--no-cache`` prints, and ``verify --cache``
  finds nothing wrong. Before issue 10, 13 of 54 such points left a file
  that counted later games twice, for good.
- Three ``ratings list`` processes at once after each of 30 new games: each
  prints what ``--no-cache`` prints.

The processes are real (``subprocess``); the kill is a trace callback on the
projections file's connection that ends the process (``os._exit``) when
SQLite starts the chosen statement. Marked ``slow``: ``pytest -m "not slow"``
skips them.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from tests.commands.support import Ratings

ROOT = Path(__file__).resolve().parents[2]

RUNNER = """
import os, sys
from projections import cache

WRITES = ("INSERT", "DELETE", "UPDATE", "RELEASE", "insert", "delete", "update", "create", "drop")
kill = os.environ.get("KILL", "")  # "before-commit N", "after-commit N" or "write N" (the Nth of each)
kind, _, number = kill.rpartition(" ")
trace_file = os.environ.get("TRACE_FILE")
counts = {"commit": 0, "write": 0}
made, commit = cache.ProjectionCache.__init__, cache.ProjectionCache.commit


def traced(self, *args, **kwargs):
    made(self, *args, **kwargs)
    if self.memory:
        return

    def trace(statement):
        if trace_file:
            with open(trace_file, "a", encoding="utf-8") as out:
                out.write(statement.replace("\\n", " ")[:60] + "\\n")
        if statement.startswith(WRITES):
            counts["write"] += 1
            if kind == "write" and counts["write"] == int(number):
                os._exit(9)

    self.db.conn.set_trace_callback(trace)


def committing(self):
    if self.memory:
        return commit(self)
    counts["commit"] += 1
    if kind == "before-commit" and counts["commit"] == int(number):
        os._exit(9)
    commit(self)
    if kind == "after-commit" and counts["commit"] == int(number):
        os._exit(9)


cache.ProjectionCache.__init__ = traced
cache.ProjectionCache.commit = committing
from commands.cli import cli

cli(sys.argv[1:], prog_name="ratings")
"""

WRITES = ("INSERT", "DELETE", "UPDATE", "RELEASE", "insert", "delete", "update", "create", "drop")
"""The statements the runner counts as writes of the projections file (sqlite-utils writes some in lower case)."""

LIST = ("list", "--rules", "iecg-1.7", "--period", "2024-05", "--format", "json")


def ratings_process(db: Path, *args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", RUNNER, "--db", str(db), "--by", "tester", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, **(env or {})},
        timeout=120,
    )


def league(ratings: Ratings) -> None:
    """Eight established players and a round of games in each of three periods."""
    players = [f"P{i}" for i in range(8)]
    for i, player in enumerate(players):
        ratings.established(player, f"Player {i}", 1600 + 40 * i)
    number = 0
    for month in ("2024-01", "2024-03", "2024-05"):
        for i in range(0, 8, 2):
            number += 1
            white, black = players[(i + number) % 8], players[(i + number + 3) % 8]
            ratings.game(f"G{number:03d}", white, black, ("1-0", "0-1", "1/2-1/2")[number % 3], f"{month}-1{i}")


def uncached(ratings: Ratings) -> str:
    return ratings.ok("--no-cache", *LIST).output


@pytest.mark.slow
def test_a_list_killed_at_any_commit_leaves_a_file_that_lists_right(tmp_path: Path) -> None:
    base = tmp_path / "base"
    base.mkdir()
    ratings = Ratings(base / "ledger.db")
    league(ratings)
    ratings.ok(*LIST)  # a warm projections file
    # A late game two periods back: the next list folds it, invalidates two periods, replays them.
    ratings.game("LATE", "P1", "P6", "1-0", "2024-01-28", "--reported", "2024-06-01")
    want = uncached(ratings)

    trace = tmp_path / "trace.txt"
    shutil.copytree(base, tmp_path / "traced")  # every run starts from the same two files
    traced = ratings_process(tmp_path / "traced" / "ledger.db", *LIST, env={"TRACE_FILE": str(trace)})
    assert traced.returncode == 0, traced.stderr
    assert traced.stdout == want
    statements = trace.read_text(encoding="utf-8").splitlines()
    commits = sum(1 for line in statements if line.startswith("COMMIT"))
    writes = sum(1 for line in statements if line.startswith(WRITES))
    assert commits >= 2 and writes >= 10, statements
    # Before and after each commit, and every third write (a kill inside a transaction).
    points = [f"{when}-commit {n}" for n in range(1, commits + 1) for when in ("before", "after")]
    points += [f"write {n}" for n in range(1, writes + 1, 3)]

    for point in points:
        run = tmp_path / point.replace(" ", "-")
        shutil.copytree(base, run)
        copy = Ratings(run / "ledger.db")
        killed = ratings_process(copy.db, *LIST, env={"KILL": point})
        assert killed.returncode == 9, f"{point} did not kill: {killed.stderr}"
        after = copy.ok(*LIST)
        assert after.output == want, f"killed at {point}"
        assert copy.ok(*LIST).output == want
        checked = copy("verify", "--cache")
        assert checked.exit_code == 0, f"killed at {point}: {checked.output}"


@pytest.mark.slow
def test_three_lists_at_once_after_each_of_30_new_games_print_the_log_s_list(tmp_path: Path) -> None:
    ratings = Ratings(tmp_path / "ledger.db")
    league(ratings)
    ratings.ok(*LIST)
    days = [f"2024-0{month}-{day:02d}" for month in (1, 3, 5) for day in range(1, 29, 3)][:30]
    with ThreadPoolExecutor(max_workers=3) as pool:
        for n, day in enumerate(days):
            white, black = f"P{n % 8}", f"P{(n + 5) % 8}"
            ratings.game(f"R{n:03d}", white, black, ("1-0", "1/2-1/2", "0-1")[n % 3], day, "--reported", "2024-06-01")
            want = uncached(ratings)
            runs = list(pool.map(lambda _: ratings_process(ratings.db, *LIST), range(3)))
            for run in runs:
                assert run.returncode == 0, run.stderr
                assert run.stdout == want, f"after game {n}: {run.stderr}"
            assert ratings.ok(*LIST).output == want
    assert json.loads(want)["players"]
