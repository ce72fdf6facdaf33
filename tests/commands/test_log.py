"""``ratings log [--player P]``: the events in log order, with who recorded them and when reported."""

from __future__ import annotations

import itertools
import json
from typing import Any

import pytest

from ledger.application import RatingLedger
from tests.commands.support import Ratings


@pytest.fixture
def story(two_players: Ratings) -> Ratings:
    """A, B and C; G1 A–B, G2 B–C, G3 C–A; adjudications of G2 and G1; facts about each player."""
    r = two_players
    r.register("C", "Carla Costa")
    r.game("G1", "A", "B", "1-0", "2024-01-10", "--forfeit", "arbiter")
    r.game("G2", "B", "C", "0-1", "2024-01-11", "--forfeit", "withdrawal")
    r.game("G3", "C", "A", "1/2-1/2", "2024-01-12")
    r.ok("game", "adjudicate", "G2", "--result", "1/2-1/2", "--on", "2024-02-01", "--reported", "2024-02-02")
    r.ok("game", "adjudicate", "G1", "--result", "0-1", "--on", "2024-02-03", "--reported", "2024-02-04")
    r.ok("player", "withdraw", "B", "--tournament", "Cup", "--on", "2024-02-05", "--reported", "2024-02-05")
    r.ok("player", "inactive", "C", "--on", "2024-02-06", "--reason", "break", "--reported", "2024-02-06")
    r.ok("player", "reactivate", "C", "--on", "2024-02-07", "--reported", "2024-02-07")
    return r


def entries(ratings: Ratings, *args: str) -> list[dict[str, Any]]:
    result = ratings.ok("log", "--format", "json", *args)
    return [json.loads(line) for line in result.stdout.splitlines()]


def test_log_shows_every_event_in_order(story: Ratings) -> None:
    lines = story.ok("log").stdout.splitlines()
    assert [line.split()[:2] for line in lines] == [
        ["1", "PlayerRegistered"],
        ["2", "PlayerRegistered"],
        ["3", "PlayerRegistered"],
        ["4", "GameRecorded"],
        ["5", "GameRecorded"],
        ["6", "GameRecorded"],
        ["7", "GameAdjudicated"],
        ["8", "GameAdjudicated"],
        ["9", "PlayerWithdrew"],
        ["10", "PlayerMarkedInactive"],
        ["11", "PlayerReactivated"],
    ]
    assert lines[3] == (
        "      4  GameRecorded          game=G1 white=A black=B result=1-0 finished=2024-01-10 tournament=- "
        "time_control=- event=- mode=- forfeit=arbiter  [by tester, reported 2024-01-10]"
    )
    assert lines[6].endswith("game=G2 result=1/2-1/2 on=2024-02-01  [by tester, reported 2024-02-02]")
    assert lines[9].endswith("player=C on=2024-02-06 reason=break  [by tester, reported 2024-02-06]")


def test_log_json_has_position_type_facts_recorded_by_reported_on(story: Ratings) -> None:
    found = entries(story)
    assert [e["position"] for e in found] == list(range(1, 12))
    for entry in found:
        assert list(entry) == ["position", "type", "facts", "recorded_by", "reported_on"]
        assert entry["recorded_by"] == "tester"
        assert "timestamp" not in entry["facts"]
    assert found[8]["facts"] == {"player": "B", "tournament": "Cup", "on": "2024-02-05", "silent": False}


@pytest.mark.parametrize(
    ("player", "expected"),
    [
        pytest.param(
            "A",
            [
                ("PlayerRegistered", "A"),
                ("GameRecorded", "G1"),
                ("GameRecorded", "G3"),
                ("GameAdjudicated", "G1"),
            ],
            id="A",
        ),
        pytest.param(
            "B",
            [
                ("PlayerRegistered", "B"),
                ("GameRecorded", "G1"),
                ("GameRecorded", "G2"),
                ("GameAdjudicated", "G2"),
                ("GameAdjudicated", "G1"),
                ("PlayerWithdrew", "B"),
            ],
            id="B",
        ),
        pytest.param(
            "C",
            [
                ("PlayerRegistered", "C"),
                ("GameRecorded", "G2"),
                ("GameRecorded", "G3"),
                ("GameAdjudicated", "G2"),
                ("PlayerMarkedInactive", "C"),
                ("PlayerReactivated", "C"),
            ],
            id="C",
        ),
    ],
)
def test_log_of_one_player(story: Ratings, player: str, expected: list[tuple[str, str]]) -> None:
    """A player's own facts, his games and their adjudications; nobody else's."""
    found = entries(story, "--player", player)
    assert [(e["type"], e["facts"].get("game", e["facts"].get("player"))) for e in found] == expected
    assert all(e["position"] < later["position"] for e, later in itertools.pairwise(found))


def test_log_of_one_player_as_text(story: Ratings) -> None:
    lines = story.ok("log", "--player", "A").stdout.splitlines()
    assert [line.split()[0] for line in lines] == ["1", "4", "6", "8"]


def test_log_of_an_unknown_player_is_refused(story: Ratings) -> None:
    """A mistyped id is named, not answered with an empty log."""
    result = story.refused("log", "--player", "Z", message="unknown player 'Z'")
    assert result.stdout == ""


def test_log_of_a_player_without_games(story: Ratings) -> None:
    story.register("D", "Dora Doyle")
    [line] = story.ok("log", "--player", "D").stdout.splitlines()
    assert line.split()[:3] == ["12", "PlayerRegistered", "player=D"]


def test_log_of_an_empty_ledger(ratings: Ratings) -> None:
    RatingLedger.create(str(ratings.db)).close()  # an empty ledger file: the table, no event
    assert ratings.db.exists()
    assert ratings.ok("log").stdout == ""
