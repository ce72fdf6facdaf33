"""CSV rows (``ledger.imports``) and the all-or-nothing imports of the application."""

from __future__ import annotations

import io
import json
import re
from typing import Any

import pytest

from ledger import errors
from ledger.application import RatingLedger
from ledger.imports import GAME_COLUMNS, GAME_OPTIONAL, PLAYER_COLUMNS, PLAYER_OPTIONAL, read_rows
from tests.ledger.support import stored_rows

PLAYERS = ",".join(PLAYER_COLUMNS)
GAMES = ",".join(GAME_COLUMNS)


def rows(
    text: str, required: tuple[str, ...] = PLAYER_COLUMNS, optional: tuple[str, ...] = PLAYER_OPTIONAL
) -> list[tuple[int, dict[str, str]]]:
    return list(read_rows(io.StringIO(text, newline=""), required, optional))


def test_rows_come_with_their_line_numbers() -> None:
    text = f"{PLAYERS}\n1001,Anna,DE,,,\n\n1002, Bob ,IE,1500,tutor,\n"
    empty = {"starting_rating": "", "source": "", "rated_games": ""}
    assert rows(text) == [
        (2, {"player": "1001", "name": "Anna", "country": "DE", **empty}),
        (4, {"player": "1002", "name": "Bob", "country": "IE", **empty, "starting_rating": "1500", "source": "tutor"}),
    ]


def test_the_header_may_be_in_any_order_and_padded() -> None:
    text = " name , player ,rated_games,source,starting_rating,country,born\nAnna,1001,,,,,1980-01-01\n"
    [(line, row)] = rows(text)
    assert (line, row["player"], row["name"], row["born"]) == (2, "1001", "Anna", "1980-01-01")


def test_a_quoted_cell_over_two_lines() -> None:
    text = f'{PLAYERS}\n1001,"Anna\nAdler",DE,,,\n1002,Bob,,,,\n'
    assert [(line, row["name"]) for line, row in rows(text)] == [(3, "Anna\nAdler"), (4, "Bob")]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "line 1: the file is empty"),
        ("player,name\n", "line 1: missing columns: country, starting_rating, source, rated_games"),
        (f"{PLAYERS},club\n", "line 1: unknown columns: club"),
        ("player,nam,country,starting_rating,source,rated_games\n", "missing columns: name; unknown columns: nam"),
    ],
)
def test_headers_refused(text: str, message: str) -> None:
    with pytest.raises(errors.ImportRowError, match=message) as raised:
        rows(text)
    assert raised.value.line == 1


def test_a_row_of_the_wrong_width_is_refused_with_its_line() -> None:
    with pytest.raises(errors.ImportRowError, match="line 3: 7 cells where the header has 6") as raised:
        rows(f"{PLAYERS}\n1001,Anna,DE,,,\n1002,Bob,IE,,,,\n")
    assert (raised.value.line, raised.value.reason) == (3, "7 cells where the header has 6")


def test_game_columns() -> None:
    [(_, row)] = rows(f"{GAMES},time_control\nG1,A,B,1-0,2024-01-05,,,5400+30\n", GAME_COLUMNS, GAME_OPTIONAL)
    assert row["time_control"] == "5400+30"


def players(text: str) -> list[tuple[int, dict[str, str]]]:
    return rows(text)


def games(text: str) -> list[tuple[int, dict[str, str]]]:
    return rows(text, GAME_COLUMNS, GAME_OPTIONAL)


def logged(ledger: RatingLedger) -> list[dict[str, Any]]:
    return [json.loads(row[4]) for row in stored_rows(ledger)]


def test_import_players_with_defaults(ledger: RatingLedger) -> None:
    seen: list[tuple[str, int]] = []
    count = ledger.import_players(
        players(f"{PLAYERS},reported\n1001,Anna,DE,2000,iccf,100,2024-01-01\n1002,Bob,,,,,\n"),
        lambda stage, n: seen.append((stage, n)),
    )
    assert count == 2
    found = [
        (s["player"], s["country"], s["starting_rating"], s["source"], s["rated_games"], s["reported_on"])
        for s in logged(ledger)
    ]
    assert found == [("1001", "DE", 2000, "iccf", 100, "2024-01-01"), ("1002", "", 800, "none", 0, "2026-01-01")]
    assert sum(n for stage, n in seen if stage == "checked") == 2
    assert sum(n for stage, n in seen if stage == "written") == 2


def test_import_games_with_defaults(two_players: RatingLedger) -> None:
    seen: list[tuple[str, int]] = []
    count = two_players.import_games(
        games(
            f"{GAMES},time_control,reported\nG1,A,B,1-0,2024-01-05,,,,\nG2,B,A,0-1,2024-01-06,T,arbiter,*180,2024-01-07\n"
        ),
        lambda stage, n: seen.append((stage, n)),
    )
    assert count == 2
    found = [
        (s["game"], s["tournament"], s["forfeit"], s["time_control"], s["reported_on"]) for s in logged(two_players)[2:]
    ]
    assert found == [("G1", None, "none", None, "2026-01-01"), ("G2", "T", "arbiter", "*180", "2024-01-07")]
    assert sum(n for stage, n in seen if stage == "checked") == 2
    assert sum(n for stage, n in seen if stage == "written") == 2


@pytest.mark.parametrize(
    ("text", "line", "error_text"),
    [
        (f"{PLAYERS}\n1001,Anna,,,,\n1002,Bob,,1800,tutor,\n1003,Carla,,,,\n", 3, "exceeds 1700"),
        (f"{PLAYERS}\n1001,Anna,,,,\n1002,Bob,,x,tutor,\n", 3, "starting_rating 'x' is not a whole number"),
        (f"{PLAYERS}\n1001,Anna,,,,\n1002,Bob,,,,\n1001,Anna,,,,\n", 4, "appears twice in the file (line 2)"),
        (f"{PLAYERS}\n1001,Anna,,,,\nA,Anna,,,,\n", 3, "player 'A' is already registered"),
        (f"{PLAYERS},born\n1001,Anna,,,,,2027-01-01\n", 2, "born 2027-01-01 is after today"),
        (f"{PLAYERS},reported\n1001,Anna,,,,,2026-01-02\n", 2, "reported date 2026-01-02 is after today"),
    ],
)
def test_a_bad_player_row_refuses_the_file(two_players: RatingLedger, text: str, line: int, error_text: str) -> None:
    before = stored_rows(two_players)
    with pytest.raises(errors.ImportRowError, match=f"^line {line}: .*{re.escape(error_text)}") as raised:
        two_players.import_players(players(text))
    assert raised.value.line == line
    assert stored_rows(two_players) == before


@pytest.mark.parametrize(
    ("text", "line", "error_text"),
    [
        (f"{GAMES}\nG1,A,B,1-0,2024-01-05,,\nG2,A,Z,1-0,2024-01-06,,\n", 3, "unknown player 'Z'"),
        (f"{GAMES}\nG1,A,B,1-0,2024-01-05,,\nG2,A,B,1-0,2024-01-06,,\nG1,B,A,1-0,2024-01-07,,\n", 4, "twice"),
        (f"{GAMES}\nG1,A,B,1-0,2024-01-05,,\nG2,A,B,1:0,2024-01-06,,\n", 3, "result '1:0'"),
        (f"{GAMES},reported\nG1,A,B,1-0,2024-01-05,,,2024-01-04\n", 2, "after the reported date"),
        (f"{GAMES},time_control\nG1,A,B,1-0,2024-01-05,,,90min\n", 2, "not in PGN TimeControl form"),
    ],
)
def test_a_bad_game_row_refuses_the_file(two_players: RatingLedger, text: str, line: int, error_text: str) -> None:
    before = stored_rows(two_players)
    with pytest.raises(errors.ImportRowError, match=f"^line {line}: .*{re.escape(error_text)}") as raised:
        two_players.import_games(games(text))
    assert raised.value.line == line
    assert stored_rows(two_players) == before


def test_a_game_already_recorded_is_refused_after_thousands_written(two_players: RatingLedger) -> None:
    """The import writes in chunks of 5,000 in one transaction: a duplicate after the first chunk undoes it all."""
    two_players.record_game("G-old", white="A", black="B", result="1-0", finished="2024-01-05")
    before = stored_rows(two_players)
    lines = [f"G{n},A,B,1-0,2024-01-05,," for n in range(5_001)] + ["G-old,B,A,1-0,2024-01-06,,"]
    with pytest.raises(errors.ImportRowError, match="line 5003: game 'G-old' is already recorded"):
        two_players.import_games(games(GAMES + "\n" + "\n".join(lines) + "\n"))
    assert stored_rows(two_players) == before
