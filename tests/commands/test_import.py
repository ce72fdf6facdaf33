"""``ratings import players|games``: all or nothing, line numbers, defaults for empty cells."""

from __future__ import annotations

import io
import json
import types
from datetime import date
from pathlib import Path
from typing import Any

import pytest

import commands.context
from tests.commands.support import Ratings, stored_rows, write_csv

PLAYERS_HEADER = "player,name,country,starting_rating,source,rated_games"
GAMES_HEADER = "game,white,black,result,finished,tournament,forfeit"


def log_facts(ratings: Ratings) -> list[dict[str, Any]]:
    result = ratings.ok("log", "--format", "json")
    return [json.loads(line) for line in result.stdout.splitlines()]


@pytest.fixture
def players_file(tmp_path: Path) -> str:
    return write_csv(
        tmp_path / "players.csv",
        PLAYERS_HEADER,
        "1001,Anna Adler,DE,2000,iccf,100",
        "1002,Brendan Byrne,IE,1500,tutor,",
        "1003,Carla Costa,,,,",
        '1004,"Doyle, Dieter",GB,1850,other,12',
    )


def test_import_players(ratings: Ratings, players_file: str) -> None:
    result = ratings.ok("import", "players", players_file)
    assert result.stdout == f"imported 4 players from {players_file}\n"
    facts = {e["facts"]["player"]: e["facts"] for e in log_facts(ratings)}
    assert facts["1001"] == {
        "player": "1001",
        "name": "Anna Adler",
        "country": "DE",
        "born": None,
        "starting_rating": 2000,
        "source": "iccf",
        "rated_games": 100,
        "sex": None,
        "title": None,
        "federation": None,
    }
    assert facts["1004"]["name"] == "Doyle, Dieter"
    assert (facts["1004"]["source"], facts["1004"]["rated_games"]) == ("other", 12)


def test_import_players_with_sex_title_and_federation(ratings: Ratings, tmp_path: Path) -> None:
    """The optional columns, read as FIDE's lists and TRF16 write them and stored as FIDE's lists do."""
    path = tmp_path / "players.csv"
    path.write_text(
        PLAYERS_HEADER + ",sex,title,federation\n"
        "1001,Anna Adler,DE,2000,iccf,100,F,WIM,GER\n"
        '1004,"Doyle, Dieter",GB,1850,other,12,m,g,eng\n'
        "1005,Eve Egan,IE,,,,,,\n",
        encoding="utf-8",
    )
    ratings.ok("import", "players", str(path))
    facts = {e["facts"]["player"]: e["facts"] for e in log_facts(ratings)}
    assert [(f["sex"], f["title"], f["federation"]) for f in facts.values()] == [
        ("F", "WIM", "GER"),
        ("M", "GM", "ENG"),
        (None, None, None),
    ]
    bad = tmp_path / "bad.csv"
    bad.write_text(PLAYERS_HEADER + ",federation\n1001,Anna Adler,DE,2000,iccf,100,DEU\n", encoding="utf-8")
    ratings.refused("import", "players", str(bad), message="line 2: federation 'DEU' is not a FIDE federation code")


def test_empty_player_cells_mean_the_defaults(ratings: Ratings, players_file: str) -> None:
    today_before = date.today().isoformat()
    ratings.ok("import", "players", players_file)
    today_after = date.today().isoformat()
    entries = {e["facts"]["player"]: e for e in log_facts(ratings)}
    carla = entries["1003"]
    # Empty country, starting_rating, source and rated_games: "", 800 (IECG §VII.3), none, 0.
    assert carla["facts"] == {
        "player": "1003",
        "name": "Carla Costa",
        "country": "",
        "born": None,
        "starting_rating": 800,
        "source": "none",
        "rated_games": 0,
        "sex": None,
        "title": None,
        "federation": None,
    }
    assert entries["1002"]["facts"]["rated_games"] == 0
    # No reported column: reported today; recorded by --by.
    assert carla["reported_on"] in (today_before, today_after)
    assert carla["recorded_by"] == "tester"


def test_optional_player_columns(ratings: Ratings, tmp_path: Path) -> None:
    path = write_csv(
        tmp_path / "players.csv",
        PLAYERS_HEADER + ",born,reported",
        "1001,Anna Adler,DE,,,,1980-02-29,2024-01-15",
        "1002,Bob Byrne,IE,,,,,2024-01-16",
    )
    ratings.ok("import", "players", path)
    entries = log_facts(ratings)
    assert [(e["facts"]["born"], e["reported_on"]) for e in entries] == [
        ("1980-02-29", "2024-01-15"),
        (None, "2024-01-16"),
    ]


def test_import_games_with_defaults_and_optional_columns(ratings: Ratings, players_file: str, tmp_path: Path) -> None:
    ratings.ok("import", "players", players_file)
    games = write_csv(
        tmp_path / "games.csv",
        GAMES_HEADER + ",time_control,reported",
        "G1,1001,1002,1-0,2024-01-05,Cup,,40/7200:3600,2024-01-06",
        "G2,1002,1003,1-0,2024-01-06,,arbiter,,2024-01-07",  # a forfeit is a win (issue 22 §4)
        "G3,1003,1001,0-1,2024-01-07,,withdrawal,5400+30,2024-01-08",
    )
    result = ratings.ok("import", "games", games)
    assert result.stdout == f"imported 3 games from {games}\n"
    recorded = [e for e in log_facts(ratings) if e["type"] == "GameRecorded"]
    assert [e["facts"] for e in recorded] == [
        {
            "game": "G1",
            "white": "1001",
            "black": "1002",
            "result": "1-0",
            "finished": "2024-01-05",
            "tournament": "Cup",
            "time_control": "40/7200:3600",
            "event": None,
            "mode": None,
            "forfeit": "none",
        },
        {
            "game": "G2",
            "white": "1002",
            "black": "1003",
            "result": "1-0",
            "finished": "2024-01-06",
            "tournament": None,
            "time_control": None,
            "event": None,
            "mode": None,
            "forfeit": "arbiter",
        },
        {
            "game": "G3",
            "white": "1003",
            "black": "1001",
            "result": "0-1",
            "finished": "2024-01-07",
            "tournament": None,
            "time_control": "5400+30",
            "event": None,
            "mode": None,
            "forfeit": "withdrawal",
        },
    ]
    assert [e["reported_on"] for e in recorded] == ["2024-01-06", "2024-01-07", "2024-01-08"]


def test_import_games_without_optional_columns(ratings: Ratings, players_file: str, tmp_path: Path) -> None:
    ratings.ok("import", "players", players_file)
    games = write_csv(tmp_path / "games.csv", GAMES_HEADER, "G1,1001,1002,1-0,2024-01-05,,")
    ratings.ok("import", "games", games)
    [game] = [e for e in log_facts(ratings) if e["type"] == "GameRecorded"]
    assert (game["facts"]["tournament"], game["facts"]["forfeit"], game["facts"]["time_control"]) == (
        None,
        "none",
        None,
    )


@pytest.mark.parametrize(
    ("bad_row", "reason"),
    [
        pytest.param("G3,1001,1002,2-0,2024-01-07,,", "result '2-0' is not one of", id="result"),
        pytest.param("G3,1001,9999,1-0,2024-01-07,,", "unknown player '9999'", id="unknown-player"),
        pytest.param("G3,1001,1001,1-0,2024-01-07,,", "player '1001' cannot play against himself", id="self-play"),
        pytest.param("G3,1001,1002,1-0,2024-01-32,,", "finished date '2024-01-32' is not a calendar date", id="date"),
        pytest.param("G3,1001,1002,1-0,2999-01-01,,", "finished date 2999-01-01 is after today", id="future"),
        pytest.param("G3,1001,1002,1-0,2024-01-07,,resigned", "forfeit 'resigned' is not one of", id="forfeit"),
        pytest.param("G3,1001,1002,1-0", "4 cells where the header has 7", id="short-row"),
        pytest.param(",1001,1002,1-0,2024-01-07,,", "game id must not be empty", id="empty-id"),
    ],
)
def test_one_bad_game_row_refuses_the_whole_file(
    ratings: Ratings, players_file: str, tmp_path: Path, bad_row: str, reason: str
) -> None:
    ratings.ok("import", "players", players_file)
    games = write_csv(
        tmp_path / "games.csv",
        GAMES_HEADER,
        "G1,1001,1002,1-0,2024-01-05,,",
        "G2,1002,1003,0-1,2024-01-06,,",
        bad_row,  # line 4
        "G4,1003,1001,1-0,2024-01-08,,",
    )
    result = ratings.refused("import", "games", games, message=f"line 4: {reason}")
    assert "imported" not in result.stdout


@pytest.mark.parametrize(
    ("bad_row", "reason"),
    [
        pytest.param("1003,Carla,,1800,tutor,", "a tutor's estimate of 1800 exceeds 1700", id="tutor"),
        pytest.param(
            "1003,Carla,,1900,other,3",
            "a rating from another organisation must be based on at least 6 games, not 3",
            id="other",
        ),
        pytest.param("1003,Carla,,many,tutor,", "starting_rating 'many' is not a whole number", id="number"),
        pytest.param("1003,Carla,,1500,fide,", "source 'fide' is not one of", id="source"),
        pytest.param("1003,,,,,", "name must not be empty", id="no-name"),
    ],
)
def test_one_bad_player_row_refuses_the_whole_file(ratings: Ratings, tmp_path: Path, bad_row: str, reason: str) -> None:
    path = write_csv(
        tmp_path / "players.csv",
        PLAYERS_HEADER,
        "1001,Anna,DE,,,",
        "1002,Bob,IE,,,",
        bad_row,  # line 4
        "1004,Dora,IE,,,",
    )
    ratings.refused("import", "players", path, message=f"line 4: {reason}")
    assert stored_rows(ratings.db) == []


def test_line_numbers_count_blank_lines_and_multiline_cells(ratings: Ratings, tmp_path: Path) -> None:
    path = tmp_path / "players.csv"
    path.write_text(
        PLAYERS_HEADER + "\n"  # line 1
        "\n"  # line 2, blank: skipped
        "1002,Bob,IE,1500,tutor,\n"  # line 3
        "1003,Carla,,2500,tutor,\n",  # line 4: refused
        encoding="utf-8",
    )
    ratings.refused("import", "players", str(path), message="line 4: a tutor's estimate of 2500 exceeds 1700")
    # A cell over two lines holds a newline, which no column takes (issue 10 §3): refused at the line it ends on.
    path.write_text(PLAYERS_HEADER + "\n" + '1001,"Anna\nAdler",DE,,,\n', encoding="utf-8")
    ratings.refused("import", "players", str(path), message="line 3: name 'Anna\\nAdler' holds a control character")


@pytest.mark.parametrize(
    ("header", "message"),
    [
        pytest.param("player,name,country,starting_rating,source", "missing columns: rated_games", id="missing"),
        pytest.param(PLAYERS_HEADER + ",club", "unknown columns: club", id="unknown"),
        pytest.param("player,name,country,rating,source,rated_games", "missing columns: starting_rating", id="renamed"),
    ],
)
def test_player_columns_are_checked(ratings: Ratings, tmp_path: Path, header: str, message: str) -> None:
    path = write_csv(tmp_path / "players.csv", header, "1001,Anna,DE,,,")
    result = ratings.refused("import", "players", path, message=message)
    assert "line 1:" in result.stderr
    assert PLAYERS_HEADER in result.stderr  # says what was expected


@pytest.mark.parametrize(
    ("header", "message"),
    [
        pytest.param("game,white,black,result,finished,tournament", "missing columns: forfeit", id="missing"),
        pytest.param(GAMES_HEADER + ",round", "unknown columns: round", id="unknown"),
    ],
)
def test_game_columns_are_checked(two_players: Ratings, tmp_path: Path, header: str, message: str) -> None:
    path = write_csv(tmp_path / "games.csv", header, "G1,A,B,1-0,2024-01-05,,")
    two_players.refused("import", "games", path, message=f"line 1: {message}")


def test_an_empty_file_is_refused(ratings: Ratings, tmp_path: Path) -> None:
    path = tmp_path / "players.csv"
    path.write_text("", encoding="utf-8")
    ratings.refused("import", "players", str(path), message="the file is empty")


def test_players_imported_into_the_games_file_slot_are_refused(ratings: Ratings, players_file: str) -> None:
    ratings.refused("import", "games", players_file, message="missing columns: game, white, black")


def test_a_player_twice_in_the_file(ratings: Ratings, tmp_path: Path) -> None:
    path = write_csv(tmp_path / "players.csv", PLAYERS_HEADER, "1001,Anna,,,,", "1002,Bob,,,,", "1001,Anna,,,,")
    ratings.refused("import", "players", path, message="line 4: player '1001' appears twice in the file (line 2)")


def test_a_player_already_in_the_ledger(two_players: Ratings, tmp_path: Path) -> None:
    path = write_csv(tmp_path / "players.csv", PLAYERS_HEADER, "C,Carla,,,,", "B,Bob again,,,,")
    two_players.refused("import", "players", path, message="line 3: player 'B' is already registered")


def test_a_game_twice_in_the_file(two_players: Ratings, tmp_path: Path) -> None:
    path = write_csv(
        tmp_path / "games.csv",
        GAMES_HEADER,
        "G1,A,B,1-0,2024-01-05,,",
        "G2,B,A,1-0,2024-01-06,,",
        "G1,B,A,0-1,2024-01-07,,",
    )
    two_players.refused("import", "games", path, message="line 4: game 'G1' appears twice in the file (line 2)")


@pytest.mark.parametrize("where", [2, 3, 4])
def test_a_game_already_in_the_ledger(two_players: Ratings, tmp_path: Path, where: int) -> None:
    """The duplicate is refused wherever it is in the file, and the rows before it are rolled back."""
    two_players.game("G0", "A", "B", "1-0", "2024-01-04")
    rows = ["G1,A,B,1-0,2024-01-05,,", "G2,B,A,1-0,2024-01-06,,", "G3,A,B,0-1,2024-01-07,,"]
    rows[where - 2] = "G0,B,A,1-0,2024-01-08,,"
    path = write_csv(tmp_path / "games.csv", GAMES_HEADER, *rows)
    two_players.refused("import", "games", path, message=f"line {where}: game 'G0' is already recorded")


def test_a_byte_order_mark_is_skipped(ratings: Ratings, tmp_path: Path) -> None:
    """Spreadsheets save "CSV UTF-8" with a byte order mark before the header."""
    path = tmp_path / "players.csv"
    path.write_bytes(b"\xef\xbb\xbf" + (PLAYERS_HEADER + "\n1001,Anna,DE,,,\n").encode())
    ratings.ok("import", "players", str(path))
    assert [e["facts"]["player"] for e in log_facts(ratings)] == ["1001"]


def test_a_file_that_is_not_utf8_is_refused_with_its_line(ratings: Ratings, tmp_path: Path) -> None:
    path = tmp_path / "players.csv"
    path.write_bytes((PLAYERS_HEADER + "\n1001,Anna,DE,,,\n").encode() + "1002,Jürgen,DE,,,\n".encode("latin-1"))
    ratings.refused("import", "players", str(path), message="line 3: the file is not UTF-8 text")


def test_a_missing_file_is_a_usage_error(ratings: Ratings, tmp_path: Path) -> None:
    ratings.refused("import", "players", str(tmp_path / "nope.csv"), message="does not exist", status=2)


def test_no_progress_bar_when_not_on_a_terminal(ratings: Ratings, players_file: str) -> None:
    result = ratings.ok("import", "players", players_file)
    assert result.stderr == ""


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_progress_bar_on_a_terminal(ratings: Ratings, players_file: str, monkeypatch: pytest.MonkeyPatch) -> None:
    terminal = FakeTerminal()
    monkeypatch.setattr(commands.context, "sys", types.SimpleNamespace(stderr=terminal))
    result = ratings.ok("import", "players", players_file)
    assert result.stdout.endswith("imported 4 players from " + players_file + "\n")
    shown = terminal.getvalue()
    assert "imported" in shown  # one bar: the rows are checked and written a chunk at a time (issue 23 §6)
    assert "100%" in shown
