"""Issue 23 §6: an import checks and writes its rows a chunk at a time, in one transaction.

``bulk.CHUNK`` is set to 2 here, so that a file of a few rows spans several chunks; each
expectation is worked by hand from the rows.
"""

from __future__ import annotations

import io
import sqlite3
from collections.abc import Iterator
from contextlib import closing

import pytest

from ledger import bulk, chain, errors, witness
from ledger.application import RatingLedger
from ledger.imports import GAME_COLUMNS, GAME_OPTIONAL, PLAYER_COLUMNS, read_rows
from tests.ledger.support import stored_rows

GAMES = ",".join(GAME_COLUMNS)


@pytest.fixture(autouse=True)
def chunks_of_two(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bulk, "CHUNK", 2)


def games(*lines: str) -> list[tuple[int, dict[str, str]]]:
    """The rows of a games file whose first row is line 2."""
    text = GAMES + "\n" + "\n".join(lines) + "\n"
    return list(read_rows(io.StringIO(text, newline=""), GAME_COLUMNS, GAME_OPTIONAL))


def game(n: int, white: str = "A", black: str = "B") -> str:
    return f"G{n},{white},{black},1-0,2024-01-{n + 4:02d},,"


def test_the_rows_are_read_a_chunk_ahead_of_the_store(two_players: RatingLedger) -> None:
    """Six rows, chunks of two: each chunk is written before the next is read."""
    pulled = 0

    def source() -> Iterator[tuple[int, dict[str, str]]]:
        nonlocal pulled
        for row in games(*(game(n) for n in range(1, 7))):
            pulled += 1
            yield row

    seen: list[tuple[str, int, int]] = []
    assert two_players.import_games(source(), lambda stage, count: seen.append((stage, count, pulled))) == 6
    assert seen == [
        ("checked", 2, 2),
        ("written", 2, 2),
        ("checked", 2, 4),
        ("written", 2, 4),
        ("checked", 2, 6),
        ("written", 2, 6),
    ]
    assert [row[0] for row in stored_rows(two_players)] == list(range(1, 9))  # 2 players, then 6 games


def test_a_refusal_in_a_late_chunk_undoes_the_chunks_written(two_players: RatingLedger) -> None:
    """Lines 2–7 are three chunks written; line 8 (unknown player Z) refuses the file: nothing stays."""
    before = stored_rows(two_players)
    rows = games(*(game(n) for n in range(1, 7)), game(7, black="Z"))
    with pytest.raises(errors.ImportRowError, match=r"^line 8: unknown player 'Z'") as raised:
        two_players.import_games(rows)
    assert raised.value.line == 8
    assert stored_rows(two_players) == before


def test_a_game_twice_in_one_chunk_is_named_with_its_earlier_line(two_players: RatingLedger) -> None:
    """Lines 4 and 5 are one chunk: G3 at line 5 repeats line 4."""
    with pytest.raises(errors.ImportRowError, match=r"^line 5: game 'G3' appears twice in the file \(line 4\)$"):
        two_players.import_games(games(game(1), game(2), game(3), game(3)))


def test_a_game_twice_in_the_file_chunks_apart_is_found(two_players: RatingLedger) -> None:
    """G1 at line 2 (chunk 1) and line 5 (chunk 2): the store refuses the second, the rows are read again
    to name the first."""
    before = stored_rows(two_players)
    rows = games(game(1), game(2), game(3), game(1, "B", "A"), game(4))
    with pytest.raises(errors.ImportRowError, match=r"^line 5: game 'G1' appears twice in the file \(line 2\)$"):
        two_players.import_games(rows)
    assert stored_rows(two_players) == before


def test_a_game_twice_chunks_apart_in_rows_read_once(two_players: RatingLedger) -> None:
    """Rows that cannot be read again: the row the store refused is named, the earlier one cannot be."""
    rows = games(game(1), game(2), game(3), game(1, "B", "A"))
    with pytest.raises(
        errors.ImportRowError, match=r"^line 5: game 'G1' appears twice in the file \(also at an earlier line\)$"
    ):
        two_players.import_games(iter(rows))


def test_a_game_already_recorded_in_a_late_chunk(two_players: RatingLedger) -> None:
    """G0 is recorded; the file's chunks are lines 2–3, then 4–5 with G0 at line 5."""
    two_players.record_game("G0", white="A", black="B", result="1-0", finished="2024-01-04")
    before = stored_rows(two_players)
    rows = games(game(1), game(2), game(3), "G0,B,A,0-1,2024-01-08,,", game(4))
    with pytest.raises(errors.ImportRowError, match=r"^line 5: game 'G0' is already recorded$"):
        two_players.import_games(iter(rows))
    assert stored_rows(two_players) == before


def test_a_player_twice_in_the_file_chunks_apart(ledger: RatingLedger) -> None:
    text = ",".join(PLAYER_COLUMNS) + "\n1001,Anna,,,,\n1002,Bob,,,,\n1003,Carla,,,,\n1001,Anna again,,,,\n"
    rows = list(read_rows(io.StringIO(text, newline=""), PLAYER_COLUMNS))
    with pytest.raises(errors.ImportRowError, match=r"^line 5: player '1001' appears twice in the file \(line 2\)$"):
        ledger.import_players(rows)
    assert stored_rows(ledger) == []


def test_a_row_the_quick_checks_pass_over_is_taken_as_before(two_players: RatingLedger) -> None:
    """A game id with spaces around it fails the quick check of an id; the long way strips it, as always."""
    assert two_players.import_games(games(" G1 ,A,B,1-0,2024-01-05,,", game(2))) == 2
    assert two_players.game("G1").facts["white"] == "A"


def test_the_witness_of_a_long_import_is_written_as_it_fills(
    two_players: RatingLedger, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Blocks of 4 positions, written once 8 hashes are held, chunks of 5 rows: 23 games at positions 3–25 are
    witnessed by the import itself in blocks from 3, 7, 11, 15, 19 and 23 (the last one of 3 positions), as
    a seal would have written them; ``verify`` finds every position witnessed, sealing nothing."""
    monkeypatch.setattr(witness, "BLOCK", 4)
    monkeypatch.setattr(witness, "_FLUSH_ROWS", 8)
    monkeypatch.setattr(bulk, "CHUNK", 5)
    chain.seal(two_players.path)
    monkeypatch.setattr(RatingLedger, "seal_witness", lambda self: None)  # only the import's own witness
    blocks_before = witness_blocks(two_players.path)
    assert two_players.import_games(games(*(f"I{n},A,B,1-0,2024-02-10,," for n in range(23)))) == 23
    blocks = witness_blocks(two_players.path)[len(blocks_before) :]
    assert [(first, last) for first, last in blocks] == [(3, 6), (7, 10), (11, 14), (15, 18), (19, 22), (23, 25)]
    report = chain.verify(two_players.path, extend=False)
    assert report.ok and report.witnessed == 25 and report.sealed == 0


def witness_blocks(path: str) -> list[tuple[int, int]]:
    with closing(sqlite3.connect(path)) as conn:
        return list(conn.execute(f"SELECT first_position, last_position FROM {chain.WITNESS_TABLE} ORDER BY block"))
