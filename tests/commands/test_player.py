"""``ratings player register|withdraw|inactive|reactivate``."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.commands.support import RULES, Ratings, stored_rows


def log_json(ratings: Ratings, *args: str) -> list[dict[str, Any]]:
    result = ratings.ok("log", "--format", "json", *args)
    return [json.loads(line) for line in result.stdout.splitlines()]


def test_register_defaults_to_800_without_a_source(ratings: Ratings) -> None:
    result = ratings.ok("player", "register", "1001", "--name", "Anna Adler", "--reported", "2024-01-01")
    assert result.stdout == "registered 1001 Anna Adler: starting rating 800 (none)\n"
    [entry] = log_json(ratings)
    assert entry["type"] == "PlayerRegistered"
    assert entry["facts"] == {
        "player": "1001",
        "name": "Anna Adler",
        "country": "",
        "born": None,
        "starting_rating": 800,
        "source": "none",
        "rated_games": 0,
        "sex": None,
        "title": None,
        "federation": None,
    }
    assert entry["recorded_by"] == "tester"
    assert entry["reported_on"] == "2024-01-01"


def test_register_with_every_option(ratings: Ratings) -> None:
    result = ratings.ok(
        "player", "register", "1002", "--name", "Brendan Byrne", "--country", "IE", "--born", "1970-05-17",
        "--starting-rating", "2150", "--source", "iccf", "--rated-games", "60", "--reported", "2024-02-03",
        "--sex", "m", "--title", "fm", "--federation", "irl",
    )  # fmt: skip
    assert result.stdout == "registered 1002 Brendan Byrne: starting rating 2150 (iccf)\n"
    [entry] = log_json(ratings)
    assert entry["facts"] == {
        "player": "1002",
        "name": "Brendan Byrne",
        "country": "IE",
        "born": "1970-05-17",
        "starting_rating": 2150,
        "source": "iccf",
        "rated_games": 60,
        "sex": "M",  # TRF16's m, stored as FIDE's lists write it
        "title": "FM",
        "federation": "IRL",
    }
    assert entry["reported_on"] == "2024-02-03"


def test_every_source_within_the_rules_is_accepted(ratings: Ratings) -> None:
    ratings.register("T", "Tess", "--source", "tutor", "--starting-rating", "1700")  # §VII.3: at most 1700
    ratings.register("P", "Paul", "--source", "iccf-provisional", "--starting-rating", "1650")
    ratings.register("O", "Otto", "--source", "other", "--starting-rating", "1900", "--rated-games", "6")  # §VII.2
    ratings.register("N", "Nina", "--source", "none", "--starting-rating", "800")  # §VII.3: 800 is the default
    facts = {e["facts"]["player"]: e["facts"] for e in log_json(ratings)}
    assert {p: (f["source"], f["starting_rating"], f["rated_games"]) for p, f in facts.items()} == {
        "T": ("tutor", 1700, 0),
        "P": ("iccf-provisional", 1650, 0),
        "O": ("other", 1900, 6),
        "N": ("none", 800, 0),
    }


def test_withdraw_records_the_tournament_and_silence(two_players: Ratings) -> None:
    result = two_players.ok(
        "player", "withdraw", "A", "--tournament", "Class 2 #17", "--on", "2024-03-02", "--silent",
        "--reported", "2024-03-05",
    )  # fmt: skip
    assert result.stdout == "recorded: A withdrew from Class 2 #17 on 2024-03-02 (silent)\n"
    two_players.ok("player", "withdraw", "B", "--tournament", "Cup", "--on", "2024-03-03", "--reported", "2024-03-05")
    entries = log_json(two_players)[2:]
    assert [(e["type"], e["facts"]) for e in entries] == [
        ("PlayerWithdrew", {"player": "A", "tournament": "Class 2 #17", "on": "2024-03-02", "silent": True}),
        ("PlayerWithdrew", {"player": "B", "tournament": "Cup", "on": "2024-03-03", "silent": False}),
    ]


def test_inactive_and_reactivate(two_players: Ratings) -> None:
    result = two_players.ok(
        "player", "inactive", "A", "--on", "2024-05-01", "--reason", "requested a break", "--reported", "2024-05-02"
    )
    assert result.stdout == "recorded: A inactive from 2024-05-01\n"
    result = two_players.ok("player", "reactivate", "A", "--on", "2024-11-01", "--reported", "2024-11-01")
    assert result.stdout == "recorded: A active again from 2024-11-01\n"
    # Inactive again after the reactivation is a new marker, not a repeat.
    two_players.ok("player", "inactive", "A", "--on", "2025-01-01", "--reason", "again", "--reported", "2025-01-01")
    entries = log_json(two_players)[2:]
    assert [(e["type"], e["facts"]) for e in entries] == [
        ("PlayerMarkedInactive", {"player": "A", "on": "2024-05-01", "reason": "requested a break"}),
        ("PlayerReactivated", {"player": "A", "on": "2024-11-01", "reason": "reactivated"}),
        ("PlayerMarkedInactive", {"player": "A", "on": "2025-01-01", "reason": "again"}),
    ]
    assert [e["reported_on"] for e in entries] == ["2024-05-02", "2024-11-01", "2025-01-01"]


def test_an_inactive_player_is_left_off_the_list(two_players: Ratings) -> None:
    two_players.game("G1", "A", "B", "1-0", "2024-01-10")
    two_players.ok("player", "inactive", "B", "--on", "2024-02-01", "--reason", "a break", "--reported", "2024-02-01")
    result = two_players.ok("list", *RULES, "--period", "2024-01", "--format", "json")
    assert [row["player"] for row in json.loads(result.stdout)["players"]] == ["A"]


def test_each_command_appends_exactly_one_event(two_players: Ratings) -> None:
    before = stored_rows(two_players.db)
    two_players.ok("player", "withdraw", "A", "--tournament", "Cup", "--on", "2024-03-02", "--reported", "2024-03-02")
    after = stored_rows(two_players.db)
    assert after[: len(before)] == before  # append-only: nothing earlier changed
    assert len(after) == len(before) + 1


@pytest.mark.parametrize(
    ("option", "value", "message"),
    [
        ("--sex", "X", "Error: sex 'X' is not M or F (FIDE's lists), nor m or w (TRF16)\n"),
        ("--title", "HGM", "Error: title 'HGM' is not one of FIDE's titles: GM, IM, WGM, FM, WIM, CM, WFM, WCM\n"),
        (
            "--federation",
            "DEU",
            "Error: federation 'DEU' is not a FIDE federation code (three letters: NOR, ENG, IRL, GER)\n",
        ),
        (
            "--federation",
            "GB",
            "Error: federation 'GB' is not a FIDE federation code (three letters: NOR, ENG, IRL, GER)\n",
        ),
    ],
)
def test_register_refuses_a_sex_title_or_federation_fide_does_not_write(
    ratings: Ratings, option: str, value: str, message: str
) -> None:
    before = stored_rows(ratings.db)
    result = ratings.refused("player", "register", "1001", "--name", "Anna Adler", option, value, message=message)
    assert result.output == message
    assert stored_rows(ratings.db) == before


def test_correct_sex_title_and_federation(ratings: Ratings) -> None:
    """A title and federation corrected, then the title cleared (""): each a PlayerCorrected of those facts."""
    ratings.register("1001", "Anna Adler", "--country", "GB")
    result = ratings.ok("player", "correct", "1001", "--title", "wim", "--federation", "sco", "--sex", "w",
                        "--reason", "FIDE's list", "--reported", "2024-02-01")  # fmt: skip
    assert result.stdout.startswith("recorded: 1001 corrected (title wim, federation sco, sex w)")
    ratings.ok("player", "correct", "1001", "--title", "", "--reason", "no title", "--reported", "2024-02-02")
    corrections = [e["facts"]["changes"] for e in log_json(ratings) if e["type"] == "PlayerCorrected"]
    assert corrections == [{"sex": "F", "title": "WIM", "federation": "SCO"}, {"title": None}]
    listed = ratings.ok("players", "--format", "csv").stdout.splitlines()
    assert listed[1] == "1001,Anna Adler,GB,SCO,F,,,,,active"
    assert ratings.ok("players", "--format", "csv").stdout.splitlines() == listed  # read back from the projections file
    ratings.refused("player", "correct", "1001", "--federation", "SCO", "--reason", "again",
                    message="changes nothing")  # fmt: skip
