"""``ratings game record|adjudicate``."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.commands.support import Ratings


def events(ratings: Ratings) -> list[dict[str, Any]]:
    result = ratings.ok("log", "--format", "json")
    return [json.loads(line) for line in result.stdout.splitlines()]


def test_record_a_game_with_the_defaults(two_players: Ratings) -> None:
    result = two_players.ok(
        "game", "record", "G1", "--white", "A", "--black", "B", "--result", "1/2-1/2", "--finished", "2024-02-11",
        "--reported", "2024-02-12",
    )  # fmt: skip
    assert result.stdout == "recorded G1: A 1/2-1/2 B on 2024-02-11\n"
    entry = events(two_players)[-1]
    assert entry["type"] == "GameRecorded"
    assert entry["facts"] == {
        "game": "G1",
        "white": "A",
        "black": "B",
        "result": "1/2-1/2",
        "finished": "2024-02-11",
        "tournament": None,
        "time_control": None,
        "event": None,
        "mode": None,
        "forfeit": "none",
    }
    assert (entry["recorded_by"], entry["reported_on"]) == ("tester", "2024-02-12")


@pytest.mark.parametrize("time_control", ["40/7200:3600", "5400+30", "300", "*180", "?", "-"])
def test_record_a_game_with_every_option(two_players: Ratings, time_control: str) -> None:
    two_players.ok(
        "game", "record", "G7", "--white", "B", "--black", "A", "--result", "0-1", "--finished", "2024-03-01",
        "--tournament", "Class 2 #17", "--time-control", time_control, "--forfeit", "arbiter",
        "--reported", "2024-03-04",
    )  # fmt: skip
    facts = events(two_players)[-1]["facts"]
    assert facts["tournament"] == "Class 2 #17"
    assert facts["time_control"] == time_control
    assert facts["forfeit"] == "arbiter"
    assert facts["result"] == "0-1"


def test_a_withdrawal_forfeit_is_recorded(two_players: Ratings) -> None:
    two_players.game("G8", "A", "B", "1-0", "2024-03-01", "--forfeit", "withdrawal")
    assert events(two_players)[-1]["facts"]["forfeit"] == "withdrawal"


def test_adjudicate(two_players: Ratings) -> None:
    two_players.game("G1", "A", "B", "1-0", "2024-01-10", "--forfeit", "withdrawal")
    result = two_players.ok(
        "game", "adjudicate", "G1", "--result", "1/2-1/2", "--on", "2024-04-20", "--reported", "2024-04-21"
    )
    assert result.stdout == "recorded: G1 adjudicated 1/2-1/2 on 2024-04-20\n"
    entry = events(two_players)[-1]
    assert entry["type"] == "GameAdjudicated"
    assert entry["facts"] == {"game": "G1", "result": "1/2-1/2", "on": "2024-04-20"}
    assert (entry["recorded_by"], entry["reported_on"]) == ("tester", "2024-04-21")


def test_an_adjudicated_game_is_rated_in_the_period_of_the_decision(two_players: Ratings) -> None:
    """IECG §VIII.3: the game finished in 2024-01 counts, with the adjudicated result, in 2024-05."""
    two_players.game("G1", "A", "B", "1-0", "2024-01-10", "--forfeit", "withdrawal")
    two_players.ok("game", "adjudicate", "G1", "--result", "0-1", "--on", "2024-05-20", "--reported", "2024-05-20")
    result = two_players.ok("list", "--rules", "iecg-1.7", "--period", "2024-05", "--format", "json")
    rows = {row["player"]: row for row in json.loads(result.stdout)["players"]}
    # A (2000) loses to B (1800): We = 1/(1+10^(-200/400)) = 0.759747, dR = 20·(0 − 0.759747) = −15.19 → 1985;
    # B gains the same 15.19 → 1815.19 → 1815.
    assert (rows["A"]["rating"], rows["A"]["losses"]) == (1985, 1)
    assert (rows["B"]["rating"], rows["B"]["wins"]) == (1815, 1)
