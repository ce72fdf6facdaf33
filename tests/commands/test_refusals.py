"""Every refusal of the CLI contract: exit status 1, a message naming the problem, the log unchanged."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.commands.support import RULES, Ratings, record, stored_rows

FAR_FUTURE = "2999-01-01"


@pytest.fixture
def busy(two_players: Ratings) -> Ratings:
    """A ledger with games, an adjudication, a withdrawal and an inactive player."""
    r = two_players
    r.game("G1", "A", "B", "1-0", "2024-01-10")
    r.game("G2", "B", "A", "0-1", "2024-02-10", "--forfeit", "withdrawal")  # a forfeit is a win (issue 22 §4)
    r.ok("game", "adjudicate", "G2", "--result", "0-1", "--on", "2024-03-01", "--reported", "2024-03-01")
    r.ok("player", "withdraw", "A", "--tournament", "Cup", "--on", "2024-03-02", "--reported", "2024-03-02")
    r.ok("player", "inactive", "B", "--on", "2024-05-01", "--reason", "a break", "--reported", "2024-05-01")
    return r


REFUSALS = [
    # The contract's list.
    pytest.param(record("G9", "A", "Z", "1-0", "2024-01-05"), "unknown player 'Z'", id="game-unknown-black"),
    pytest.param(record("G9", "Z", "A", "1-0", "2024-01-05"), "unknown player 'Z'", id="game-unknown-white"),
    pytest.param(
        ["player", "withdraw", "Z", "--tournament", "Cup", "--on", "2024-03-01"],
        "unknown player 'Z'",
        id="withdraw-unknown-player",
    ),
    pytest.param(
        ["player", "inactive", "Z", "--on", "2024-03-01", "--reason", "x"],
        "unknown player 'Z'",
        id="inactive-unknown-player",
    ),
    pytest.param(["player", "reactivate", "Z", "--on", "2024-03-01"], "unknown player 'Z'", id="reactivate-unknown"),
    pytest.param(record("G9", "A", "A", "1-0", "2024-01-05"), "cannot play against himself", id="self-play"),
    pytest.param(record("G1", "A", "B", "0-1", "2024-01-12"), "game 'G1' is already recorded", id="duplicate-game"),
    pytest.param(
        ["player", "register", "A", "--name", "Another Anna"], "player 'A' is already registered", id="duplicate-player"
    ),
    pytest.param(record("G9", "A", "B", "2-0", "2024-01-05"), "result '2-0' is not one of", id="invalid-result"),
    pytest.param(record("G9", "A", "B", "1:0", "2024-01-05"), "result '1:0' is not one of", id="invalid-result-colon"),
    pytest.param(
        ["game", "adjudicate", "G1", "--result", "draw", "--on", "2024-03-01"],
        "adjudicated result 'draw' is not one of",
        id="invalid-adjudicated-result",
    ),
    pytest.param(
        record("G9", "A", "B", "1-0", FAR_FUTURE), f"finished date {FAR_FUTURE} is after today", id="future-finished"
    ),
    pytest.param(
        ["game", "adjudicate", "G404", "--result", "1-0", "--on", "2024-03-01"],
        "unknown game 'G404'",
        id="adjudicate-unknown-game",
    ),
    pytest.param(
        ["player", "register", "T", "--name", "Tess", "--source", "tutor", "--starting-rating", "1701"],
        "exceeds 1700",
        id="tutor-above-1700",
    ),
    pytest.param(record("G9", "A", "B", "1-0", "2024-02-30"), "not a calendar date", id="finished-feb-30"),
    pytest.param(record("G9", "A", "B", "1-0", "yesterday"), "not a date of the form YYYY-MM-DD", id="finished-word"),
    pytest.param(
        record("G9", "A", "B", "1-0", "10/01/2024"), "not a date of the form YYYY-MM-DD", id="finished-slashes"
    ),
    pytest.param(
        ["player", "register", "N", "--name", "Nora", "--born", "1990-13-01"], "born '1990-13-01'", id="born-month-13"
    ),
    pytest.param(
        ["player", "inactive", "A", "--on", "2024-5-1", "--reason", "x"],
        "not a date of the form",
        id="inactive-on-date",
    ),
    pytest.param(
        ["game", "adjudicate", "G1", "--result", "1-0", "--on", "2024-04-31"],
        "not a calendar date",
        id="adjudicate-on-april-31",
    ),
    pytest.param(
        record("G9", "A", "B", "1-0", "2024-01-05", "--reported", "someday"),
        "reported date 'someday'",
        id="reported-not-a-date",
    ),
    # The contract's "also" list.
    pytest.param(
        [
            "player",
            "register",
            "O",
            "--name",
            "Otto",
            "--source",
            "other",
            "--starting-rating",
            "1900",
            "--rated-games",
            "5",
        ],
        "at least 6 games, not 5 (IECG §VII.2)",
        id="other-with-5-games",
    ),
    pytest.param(
        ["player", "register", "O", "--name", "Otto", "--source", "other", "--starting-rating", "1900"],
        "at least 6 games, not 0",
        id="other-without-games",
    ),
    pytest.param(
        ["game", "adjudicate", "G2", "--result", "1-0", "--on", "2024-03-05"],
        "game 'G2' was already adjudicated on 2024-03-01",
        id="second-adjudication",
    ),
    pytest.param(
        ["player", "inactive", "B", "--on", "2024-06-01", "--reason", "again"],
        "player 'B' is already inactive on 2024-06-01",
        id="inactive-twice",
    ),
    pytest.param(
        ["player", "reactivate", "A", "--on", "2024-06-01"],
        "player 'A' is already active on 2024-06-01",
        id="reactivate-active",
    ),
    pytest.param(
        ["player", "reactivate", "B", "--on", "2024-04-30"],
        "player 'B' is already active on 2024-04-30",
        id="reactivate-before-inactive",
    ),
    pytest.param(
        ["list", *RULES, "--period", "2024-02"], "'2024-02' is not the start of a rating period", id="list-period"
    ),
    pytest.param(
        ["explain", "A", *RULES, "--period", "2020-02"],
        "'2020-02' is not the start of a rating period",
        id="explain-period",
    ),
    pytest.param(["list", *RULES, "--period", "2024-13"], "not of the form YYYY-MM", id="list-period-month-13"),
    # More refusals the ledger makes.
    pytest.param(
        ["player", "withdraw", "A", "--tournament", "Cup", "--on", "2024-03-09"],
        "player 'A' already withdrew from 'Cup'",
        id="second-withdrawal",
    ),
    pytest.param(
        ["player", "register", "S", "--name", "Sam", "--starting-rating", "1500"],
        "needs a source",
        id="rating-without-source",
    ),
    pytest.param(
        ["player", "register", "I", "--name", "Ida", "--source", "iccf", "--starting-rating", "1900"],
        "needs --rated-games",
        id="iccf-without-games",
    ),
    pytest.param(
        ["player", "register", "N", "--name", "Nora", "--born", FAR_FUTURE], "is after today", id="born-in-future"
    ),
    pytest.param(["player", "register", "N", "--name", "  "], "name must not be empty", id="empty-name"),
    pytest.param(
        record("G9", "A", "B", "1-0", "2024-01-05", "--reported", "2024-01-04"),
        "finished date 2024-01-05 is after the reported date 2024-01-04",
        id="finished-after-reported",
    ),
    pytest.param(
        record("G9", "A", "B", "1-0", "2024-01-05", "--reported", FAR_FUTURE),
        f"reported date {FAR_FUTURE} is after today",
        id="reported-in-future",
    ),
    pytest.param(
        record("G9", "A", "B", "1-0", "2024-01-05", "--time-control", "40 moves in 2h"),
        "not in PGN TimeControl form",
        id="bad-time-control",
    ),
    pytest.param(
        ["game", "adjudicate", "G1", "--result", "1-0", "--on", "2024-01-09"],
        "game 'G1' finished normally (1-0 on 2024-01-10): only a forfeited or unfinished game is adjudicated",
        id="adjudicated-normal-game",
    ),
    pytest.param(["explain", "Z", *RULES, "--period", "2024-01"], "unknown player 'Z'", id="explain-unknown"),
    pytest.param(["history", "Z", *RULES], "unknown player 'Z'", id="history-unknown"),
    pytest.param(["log", "--player", "Z"], "unknown player 'Z'", id="log-unknown"),
]


@pytest.mark.parametrize(("args", "message"), REFUSALS)
def test_refused_with_message_and_nothing_written(busy: Ratings, args: list[str], message: str) -> None:
    before = stored_rows(busy.db)
    assert len(before) == 7  # the fixture's facts, all there
    result = busy.refused(*args, message=message)
    assert result.stderr.startswith("Error: ")


@pytest.mark.parametrize(
    "args",
    [
        pytest.param(["list", "--rules", "iecg-9", "--period", "2024-01"], id="list"),
        pytest.param(["explain", "A", "--rules", "iecg-9", "--period", "2024-01"], id="explain"),
        pytest.param(["history", "A", "--rules", "iecg-9"], id="history"),
    ],
)
def test_unknown_rules_is_a_usage_error(busy: Ratings, args: list[str]) -> None:
    result = busy.refused(*args, message="Invalid value for '--rules'", status=2)
    assert "iecg-9" in result.stderr
    assert "iecg-1.7" in result.stderr  # names the valid choice


def test_refusal_on_a_new_ledger_records_nothing(ratings: Ratings) -> None:
    ratings.refused(
        "player", "register", "T", "--name", "Tess", "--source", "tutor", "--starting-rating", "1800",
        message="a tutor's estimate of 1800 exceeds 1700 (IECG §VII.3)",
    )  # fmt: skip
    assert stored_rows(ratings.db) == []


@pytest.mark.parametrize(
    "args",
    [
        pytest.param(["game", "record", "G1", "--white", "A", "--black", "B", "--result", "1-0",
                      "--finished", "2024-01-05"], id="record"),
        pytest.param(["game", "adjudicate", "G1", "--result", "1-0", "--on", "2024-01-05"], id="adjudicate"),
        pytest.param(["player", "inactive", "A", "--on", "2024-01-05", "--reason", "x"], id="inactive"),
        pytest.param(["player", "withdraw", "A", "--tournament", "T", "--on", "2024-01-05"], id="withdraw"),
    ],
)  # fmt: skip
def test_a_recording_command_on_a_new_path_creates_no_file(tmp_path: Path, args: list[str]) -> None:
    ratings = Ratings(tmp_path / "new.db", init=False)
    ratings.refused(*args, message=f"no ledger at {ratings.db}: create one with `ratings init {ratings.db}`")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    "args",
    [
        pytest.param(["list", *RULES, "--period", "2024-01"], id="list"),
        pytest.param(["explain", "A", *RULES, "--period", "2024-01"], id="explain"),
        pytest.param(["history", "A", *RULES], id="history"),
        pytest.param(["log"], id="log"),
    ],
)
def test_queries_without_a_ledger_are_refused_and_create_nothing(tmp_path: Path, args: list[str]) -> None:
    ratings = Ratings(tmp_path / "missing.db", init=False)
    ratings.refused(*args, message=f"no ledger at {ratings.db}: create one with `ratings init {ratings.db}`")
    assert list(tmp_path.iterdir()) == []


def test_a_refused_command_leaves_the_next_one_working(busy: Ratings) -> None:
    busy.refused(*record("G9", "A", "A", "1-0", "2024-01-05"), message="against himself")
    busy.game("G9", "A", "B", "1-0", "2024-01-05")
    assert len(stored_rows(busy.db)) == 8


def test_click_refuses_a_starting_rating_that_is_not_a_number(ratings: Ratings) -> None:
    ratings.refused(
        "player", "register", "X", "--name", "Xia", "--source", "tutor", "--starting-rating", "high",
        message="'high' is not a whole number in ASCII digits", status=2,
    )  # fmt: skip


def test_click_refuses_an_unknown_source_and_forfeit(two_players: Ratings) -> None:
    two_players.refused(
        "player", "register", "X", "--name", "Xia", "--source", "fide",
        message="Invalid value for '--source'", status=2,
    )  # fmt: skip
    two_players.refused(
        *record("G9", "A", "B", "1-0", "2024-01-05", "--forfeit", "none"),
        message="Invalid value for '--forfeit'", status=2,
    )  # fmt: skip


@pytest.mark.parametrize(
    "args",
    [
        pytest.param(["player", "register", "X", "--name", "Xia"], id="register"),
        pytest.param(["list", *RULES, "--period", "2024-01"], id="list"),
        pytest.param(["log"], id="log"),
    ],
)
def test_a_ledger_path_that_is_not_a_ledger_file_is_named(tmp_path: Path, args: list[str]) -> None:
    folder = tmp_path / "folder"
    folder.mkdir()
    result = Ratings(folder, init=False)(*args)
    assert (result.exit_code, result.stderr) == (
        1,
        f"Error: {folder} is a folder, not a ledger file: name the ledger file with --db\n",
    )
    assert list(folder.iterdir()) == []
    garbage = tmp_path / "notes.db"
    garbage.write_text("not a database", encoding="utf-8")
    result = Ratings(garbage, init=False)(*args)
    assert (result.exit_code, result.stderr) == (
        1,
        f"Error: {garbage} is not a rating ledger: it is not a SQLite file\n",
    )
    assert garbage.read_text(encoding="utf-8") == "not a database"
