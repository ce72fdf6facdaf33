"""A ledger file found damaged takes no more facts until ``ratings verify`` passes (issue 22 §5).

A recording reads only the pages it needs, so it succeeded on a file whose other pages ``list``, ``log`` and
``verify`` called damaged; "restore a backup" then lost it. Once any command has found the file damaged, it
is marked (``LEDGER.damaged``) and every recording is refused until ``verify`` passes on the restored file.
"""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

import pytest
from click.testing import Result

from ledger.damage import mark_path
from tests.commands.support import Ratings, record, write_csv
from tests.ledger.test_ledger_file import corrupt_the_index

PLAYERS = 40
GAMES = 600
LATE_GAME = record("X-1", "P1", "P2", "1-0", "2024-03-01", "--reported", "2024-03-02")


def files(db: Path) -> dict[str, bytes]:
    """The ledger file, its write-ahead log (when it holds anything) and its mark, byte for byte."""
    found = {p.name: p.read_bytes() for p in (db, Path(f"{db}-wal"), mark_path(str(db))) if p.is_file()}
    return {name: data for name, data in found.items() if data}


def damage_a_page_far_from_the_head(db: Path) -> None:
    """Overwrite the page of stored_events holding game G-300 (halfway down the log): a page a recording at
    the log's head never reads."""
    with closing(sqlite3.connect(db)) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        page_size = int(conn.execute("PRAGMA page_size").fetchone()[0])
    data = bytearray(db.read_bytes())
    page = data.index(b'"G-300"') // page_size
    data[page * page_size : (page + 1) * page_size] = b"\xff" * page_size
    db.write_bytes(bytes(data))


@pytest.fixture
def damaged(ratings: Ratings, tmp_path: Path) -> tuple[Ratings, Path]:
    """A ledger of 40 players and 600 games, backed up to ``backup.db``, then damaged halfway down its log."""
    players = [f"P{i},Player {i},IE,,none,,2024-01-01" for i in range(PLAYERS)]
    ratings.ok(
        "import",
        "players",
        write_csv(tmp_path / "p.csv", "player,name,country,starting_rating,source,rated_games,reported", *players),
    )
    games = [
        f"G-{i},P{i % PLAYERS},P{(i % PLAYERS + 1 + i % 7) % PLAYERS},1-0,2024-02-01,,,2024-02-02" for i in range(GAMES)
    ]
    ratings.ok(
        "import",
        "games",
        write_csv(tmp_path / "g.csv", "game,white,black,result,finished,tournament,forfeit,reported", *games),
    )
    backup = tmp_path / "backup.db"
    ratings.ok("backup", str(backup))
    damage_a_page_far_from_the_head(ratings.db)
    return ratings, backup


def refused_unchanged(ratings: Ratings, *args: str, message: str) -> Result:
    """``ratings.refused`` for a file whose rows cannot all be read: the files compared byte for byte."""
    before = files(ratings.db)
    result = ratings(*args)
    assert result.exit_code == 1, result.output
    assert message in result.stderr, result.stderr
    assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.output
    assert files(ratings.db) == before
    return result


@pytest.mark.parametrize(
    "finder",
    [("list", "--rules", "iecg-1.7", "--period", "2024-02"), ("log",), ("verify",)],
    ids=["list", "log", "verify"],
)
def test_once_a_command_finds_the_file_damaged_no_fact_is_recorded(
    damaged: tuple[Ratings, Path], finder: tuple[str, ...]
) -> None:
    ratings, _ = damaged
    found = ratings(*finder)
    assert found.exit_code == 1 and "Traceback" not in found.output
    assert "database disk image is malformed" in found.output
    mark = mark_path(str(ratings.db))
    assert mark.read_text(encoding="utf-8").endswith(": SQLite: database disk image is malformed\n")
    refused_unchanged(
        ratings,
        *LATE_GAME,
        message=f"the ledger {ratings.db} was found damaged (",
    )
    result = refused_unchanged(ratings, "player", "register", "Z", "--name", "Zoe", message="was found damaged")
    assert result.stderr.endswith(
        "SQLite: database disk image is malformed): nothing was recorded; restore a backup, then run "
        "`ratings verify`: facts are taken again once it passes (the mark ledger.db.damaged says so)\n"
    )


def test_after_a_backup_is_restored_and_verify_passes_facts_are_recorded_again(
    damaged: tuple[Ratings, Path],
) -> None:
    ratings, backup = damaged
    assert ratings("log").exit_code == 1  # found: marked
    refused_unchanged(ratings, *LATE_GAME, message="was found damaged")
    for side in ("-wal", "-shm"):
        Path(f"{ratings.db}{side}").unlink(missing_ok=True)
    ratings.db.write_bytes(backup.read_bytes())  # restore the backup
    refused_unchanged(ratings, *LATE_GAME, message="was found damaged")  # not before verify passes
    verified = ratings.ok("verify")
    assert verified.stdout.startswith(f"the log of {PLAYERS + GAMES} events matches")
    assert verified.stderr.startswith("the ledger takes facts again: it was found damaged (")
    assert not mark_path(str(ratings.db)).exists()
    assert ratings.ok(*LATE_GAME).stdout == "recorded X-1: P1 1-0 P2 on 2024-03-01\n"


def test_a_verify_that_fails_keeps_the_mark(damaged: tuple[Ratings, Path]) -> None:
    ratings, _ = damaged
    assert ratings("verify").exit_code == 1
    assert ratings("verify").exit_code == 1
    assert mark_path(str(ratings.db)).exists()


def test_a_new_ledger_at_the_path_drops_a_stale_mark(ratings: Ratings) -> None:
    mark = mark_path(str(ratings.db))
    mark.write_text("2026-01-01 00:00 UTC: SQLite: database disk image is malformed\n", encoding="utf-8")
    ratings.ok("init")
    assert not mark.exists()
    ratings.established("A", "Anna Adler", 2000)


def test_a_sound_file_is_not_marked(ratings: Ratings) -> None:
    ratings.established("A", "Anna Adler", 2000)
    ratings.ok("verify")
    ratings.ok("log")
    assert not mark_path(str(ratings.db)).exists()


def test_damage_only_verify_finds_marks_the_file_too(ratings: Ratings) -> None:
    """An index entry changed behind SQLite's back: every read and write works, only SQLite's integrity check
    (which ``verify`` runs) sees it; from then on nothing is recorded."""
    ratings.established("A", "Anna Adler", 2000)
    ratings.established("B", "Bob Byrne", 1800)
    ratings.game("G1", "A", "B", "1-0", "2024-01-10")
    corrupt_the_index(ratings.db)
    verified = ratings("verify")
    assert verified.exit_code == 1
    assert verified.stdout.startswith("the ledger file is damaged: SQLite's integrity check says: ")
    assert ": SQLite's integrity check: " in mark_path(str(ratings.db)).read_text(encoding="utf-8")
    refused_unchanged(ratings, *LATE_GAME, message=f"the ledger {ratings.db} was found damaged (")


def test_a_damaged_projections_file_does_not_mark_the_ledger(ratings: Ratings) -> None:
    ratings.established("A", "Anna Adler", 2000)
    ratings.established("B", "Bob Byrne", 1800)
    ratings.game("G1", "A", "B", "1-0", "2024-01-10")
    ratings.ok("list", "--rules", "iecg-1.7", "--period", "2024-01")
    projections = ratings.db.with_name("ledger.projections.db")
    assert projections.exists()
    projections.write_bytes(projections.read_bytes()[:4096] + b"\xff" * 8192)
    ratings.ok("list", "--rules", "iecg-1.7", "--period", "2024-01")
    assert not mark_path(str(ratings.db)).exists()
    ratings.game("G2", "B", "A", "1-0", "2024-01-11")
