"""Issue 23 §6: ``ratings import games`` checks and writes a chunk at a time, all or nothing.

``bulk.CHUNK`` is set to 2, so that a file of a few rows spans several chunks; every expectation is
worked by hand from the rows.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ledger import bulk
from tests.commands.support import Ratings, write_csv

GAMES_HEADER = "game,white,black,result,finished,tournament,forfeit"


@pytest.fixture(autouse=True)
def chunks_of_two(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bulk, "CHUNK", 2)


def game(n: int, white: str = "A", black: str = "B") -> str:
    return f"G{n},{white},{black},1-0,2024-01-{n + 4:02d},,"


def ledger_files(db: Path) -> tuple[bytes, int]:
    """The ledger file's bytes, and the bytes of its write-ahead log (0: none, or no frame in it)."""
    wal = db.with_name(db.name + "-wal")
    return db.read_bytes(), wal.stat().st_size if wal.exists() else 0


def test_a_refusal_in_a_late_chunk_leaves_the_ledger_byte_for_byte(two_players: Ratings, tmp_path: Path) -> None:
    """Lines 2–7 are three chunks written; line 8 names an unknown player: the ledger's files are as they were."""
    path = write_csv(tmp_path / "games.csv", GAMES_HEADER, *(game(n) for n in range(1, 7)), game(7, black="Z"))
    before = ledger_files(two_players.db)
    two_players.refused("import", "games", path, message="line 8: unknown player 'Z'")
    assert ledger_files(two_players.db) == before


def test_a_game_twice_in_the_file_chunks_apart(two_players: Ratings, tmp_path: Path) -> None:
    """G1 at line 2 (chunk 1) and at line 6 (chunk 3): the file is read again to name line 2."""
    path = write_csv(tmp_path / "games.csv", GAMES_HEADER, game(1), game(2), game(3), game(4), game(1, "B", "A"))
    before = ledger_files(two_players.db)
    two_players.refused("import", "games", path, message="line 6: game 'G1' appears twice in the file (line 2)")
    assert ledger_files(two_players.db) == before


def test_a_game_already_recorded_in_a_late_chunk(two_players: Ratings, tmp_path: Path) -> None:
    two_players.game("G0", "A", "B", "1-0", "2024-01-04")
    path = write_csv(tmp_path / "games.csv", GAMES_HEADER, game(1), game(2), game(3), "G0,B,A,0-1,2024-01-08,,")
    two_players.refused("import", "games", path, message="line 5: game 'G0' is already recorded")


def test_the_witness_covers_every_chunk(two_players: Ratings, tmp_path: Path) -> None:
    """Two players, then five games in three chunks: seven events, all witnessed by the import itself."""
    path = write_csv(tmp_path / "games.csv", GAMES_HEADER, *(game(n) for n in range(1, 6)))
    assert two_players.ok("import", "games", path).stdout == f"imported 5 games from {path}\n"
    verified = two_players.ok("verify").stdout
    assert verified.startswith("the log of 7 events matches"), verified
    assert "7 positions checked against the witness" in verified
