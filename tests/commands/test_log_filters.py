"""``ratings log`` filters (issue 13 §4): ``--game``, ``--event``, ``--from``/``--to`` (reported dates, both
included) and ``--type`` (repeatable), together and with ``--player``."""

from __future__ import annotations

import json

import pytest

from tests.commands.support import Ratings


@pytest.fixture
def story(two_players: Ratings) -> Ratings:
    """Positions by hand: 1 A, 2 B, 3 C (reported 2024-01-01); 4 E1, 5 E2 (2024-01-05); 6 G1 A–B in E1
    (2024-01-10); 7 G2 B–C, no event (2024-01-11); 8 G3 C–A in E2 (2024-01-12); 9 G3 moved to E1 (2024-01-20);
    10 G1 voided (2024-02-01); 11 E1 corrected (2024-02-02); 12 E2 corrected (2024-02-03); 13 G2 corrected
    (2024-02-05); 14 B withdrew from E1 (2024-02-06)."""
    r = two_players
    r.register("C", "Carla Costa")
    for event, name in (("E1", "Spring Cup"), ("E2", "Autumn Cup")):
        r.ok(
            "event",
            "register",
            event,
            "--name",
            name,
            "--type",
            "swiss",
            "--start",
            "2024-01-05",
            "--reported",
            "2024-01-05",
        )
    r.game("G1", "A", "B", "1-0", "2024-01-10", "--event", "E1")
    r.game("G2", "B", "C", "0-1", "2024-01-11")
    r.game("G3", "C", "A", "1/2-1/2", "2024-01-12", "--event", "E2")
    r.ok("game", "correct", "G3", "--event", "E1", "--reason", "wrong event", "--reported", "2024-01-20")
    r.ok("game", "void", "G1", "--reason", "never played", "--reported", "2024-02-01")
    r.ok("event", "correct", "E1", "--site", "Cork", "--reason", "site missing", "--reported", "2024-02-02")
    r.ok("event", "correct", "E2", "--site", "Galway", "--reason", "site missing", "--reported", "2024-02-03")
    r.ok("game", "correct", "G2", "--result", "1-0", "--reason", "colours swapped", "--reported", "2024-02-05")
    r.ok("event", "withdraw", "E1", "--player", "B", "--on", "2024-02-06", "--reported", "2024-02-06")
    return r


def positions(ratings: Ratings, *args: str) -> list[int]:
    result = ratings.ok("log", "--format", "json", *args)
    return [json.loads(line)["position"] for line in result.stdout.splitlines()]


def test_story_positions(story: Ratings) -> None:
    """The fixture's positions and types are what its docstring says."""
    types = [line.split()[1] for line in story.ok("log").stdout.splitlines()]
    assert types == [
        "PlayerRegistered",
        "PlayerRegistered",
        "PlayerRegistered",
        "TournamentRegistered",
        "TournamentRegistered",
        "GameRecorded",
        "GameRecorded",
        "GameRecorded",
        "GameCorrected",
        "GameVoided",
        "TournamentCorrected",
        "TournamentCorrected",
        "GameCorrected",
        "TournamentWithdrawn",
    ]


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        pytest.param(("--game", "G1"), [6, 10], id="game"),
        pytest.param(("--game", "G3"), [8, 9], id="game-moved"),
        pytest.param(("--event", "E1"), [4, 6, 8, 9, 10, 11, 14], id="event-with-game-moved-in"),
        pytest.param(("--event", "E2"), [5, 8, 9, 12], id="event-with-game-moved-out"),
        pytest.param(("--from", "2024-01-11", "--to", "2024-01-20"), [7, 8, 9], id="from-to-inclusive"),
        pytest.param(("--from", "2024-02-02"), [11, 12, 13, 14], id="from"),
        pytest.param(("--to", "2024-01-01"), [1, 2, 3], id="to"),
        pytest.param(("--from", "2024-01-13", "--to", "2024-01-19"), [], id="nothing-reported-then"),
        pytest.param(("--type", "GameRecorded", "--type", "GameVoided"), [6, 7, 8, 10], id="types"),
        pytest.param(("--type", "TournamentWithdrawn"), [14], id="type"),
        pytest.param(("--player", "A", "--event", "E1"), [6, 8, 9, 10], id="player-and-event"),
        pytest.param(("--player", "B", "--event", "E1"), [6, 10, 14], id="player-and-event-withdrawal"),
        pytest.param(("--player", "C", "--type", "GameCorrected"), [9, 13], id="player-and-type"),
        pytest.param(("--game", "G1", "--from", "2024-02-01"), [10], id="game-and-from"),
        pytest.param(("--game", "G2", "--type", "GameVoided"), [], id="game-and-type-nothing"),
        pytest.param(("--event", "E1", "--type", "TournamentCorrected"), [11], id="event-and-type"),
        pytest.param(
            ("--event", "E1", "--player", "A", "--to", "2024-01-31", "--type", "GameRecorded"), [6, 8], id="all"
        ),
    ],
)
def test_log_filters(story: Ratings, args: tuple[str, ...], expected: list[int]) -> None:
    assert positions(story, *args) == expected


def test_log_filter_as_text(story: Ratings) -> None:
    """The text lines are those of the unfiltered log."""
    assert story.ok("log", "--game", "G3").stdout.splitlines() == [
        "      8  GameRecorded          game=G3 white=C black=A result=1/2-1/2 finished=2024-01-12 tournament=- "
        "time_control=- event=E2 mode=- forfeit=none  [by tester, reported 2024-01-12]",
        "      9  GameCorrected         game=G3 changes=\"{'event': 'E1'}\" reason=\"wrong event\"  "
        "[by tester, reported 2024-01-20]",
    ]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        pytest.param(("--game", "G9"), "Error: unknown game 'G9'\n", id="unknown-game"),
        pytest.param(("--event", "E9"), "Error: unknown event 'E9'\n", id="unknown-event"),
        pytest.param(("--event", "E1", "--player", "Z"), "Error: unknown player 'Z'\n", id="unknown-player"),
        pytest.param(("--game", "E1"), "Error: unknown game 'E1'\n", id="an-event-is-not-a-game"),
        pytest.param(
            ("--from", "2024-02-01", "--to", "2024-01-31"),
            "Error: --from date 2024-02-01 is after --to date 2024-01-31\n",
            id="from-after-to",
        ),
        pytest.param(
            ("--from", "2024-2-1"), "Error: --from date '2024-2-1' is not a date of the form YYYY-MM-DD\n", id="from"
        ),
        pytest.param(("--to", "2024-02-30"), "Error: --to date '2024-02-30' is not a calendar date\n", id="to"),
    ],
)
def test_log_filter_refusals(story: Ratings, args: tuple[str, ...], message: str) -> None:
    before = story.db.read_bytes()
    result = story.refused("log", *args, message=message)
    assert (result.stdout, result.stderr) == ("", message)
    assert story.db.read_bytes() == before


def test_an_unknown_type_is_a_usage_error_listing_the_types(story: Ratings) -> None:
    before = story.db.read_bytes()
    result = story.refused("log", "--type", "GameRecorded", "--type", "GameDeleted", message="", status=2)
    assert result.stdout == ""
    assert "Invalid value for '--type': 'GameDeleted' is not one of " in result.stderr
    for known in ("'GameRecorded'", "'GameVoided'", "'TournamentRegistered'", "'ListPublished'"):
        assert known in result.stderr
    assert story.db.read_bytes() == before
