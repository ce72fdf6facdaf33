"""``ratings game show ID [--known-at D] [--format text|json]`` (issue 13 §4): a game's facts as recorded,
its amendments in log order, and the game as it stands, as known at a date."""

from __future__ import annotations

import json

import pytest

from tests.commands.support import Ratings

RECORDED = (
    "      3  GameRecorded          game=G1 white=A black=B result=0-1 finished=2024-01-10 tournament=- "
    "time_control=- event=- mode=- forfeit=withdrawal  [by tester, reported 2024-01-10]"
)
CORRECTED = (
    '      4  GameCorrected         result=1-0 tournament="Spring Cup" reason="misread score sheet"  '
    "[by tester, reported 2024-02-01]"
)
VOIDED = '      5  GameVoided            reason="entered twice"  [by tester, reported 2024-03-01]'
RESTORED = '      6  GameRestored          reason="not a duplicate"  [by tester, reported 2024-04-01]'
ADJUDICATED = "      7  GameAdjudicated       result=1/2-1/2 on=2024-05-01  [by tester, reported 2024-05-02]"

AS_RECORDED = (
    "  game=G1 white=A black=B result=0-1 finished=2024-01-10 tournament=- time_control=- event=- mode=- "
    "forfeit=withdrawal"
)
AS_CORRECTED = (
    '  game=G1 white=A black=B result=1-0 finished=2024-01-10 tournament="Spring Cup" time_control=- event=- '
    "mode=- forfeit=withdrawal"
)
BOB = "  black B Bob Byrne: federation=- sex=- title=-"
ANNA = "  white A Anna Adler: federation=- sex=- title=-"
ANNA_CORRECTED = "  white A Anna Adler: federation=GER sex=F title=WGM"
"""Anna's registration as corrected on 10 March: sex F, title WGM, country DE (FIDE's GER, none recorded)."""


@pytest.fixture
def amended(two_players: Ratings) -> Ratings:
    """G1 A–B, a withdrawal forfeit reported 10 January; corrected 1 February, voided 1 March, restored
    1 April, adjudicated a draw on 1 May (reported 2 May); Anna's sex, title and country recorded on 10 March."""
    r = two_players
    r.game("G1", "A", "B", "0-1", "2024-01-10", "--forfeit", "withdrawal")
    correction = ("--result", "1-0", "--tournament", "Spring Cup", "--reason", "misread score sheet")
    r.ok("game", "correct", "G1", *correction, "--reported", "2024-02-01")
    r.ok("game", "void", "G1", "--reason", "entered twice", "--reported", "2024-03-01")
    r.ok("game", "restore", "G1", "--reason", "not a duplicate", "--reported", "2024-04-01")
    r.ok("game", "adjudicate", "G1", "--result", "1/2-1/2", "--on", "2024-05-01", "--reported", "2024-05-02")
    r.ok("player", "correct", "A", "--sex", "F", "--title", "WGM", "--country", "DE", "--reason", "FIDE's facts",
         "--reported", "2024-03-10")  # fmt: skip
    return r


@pytest.mark.parametrize(
    ("known_at", "expected"),
    [
        pytest.param(
            "2024-01-15",
            [
                "game G1, as known at 2024-01-15",
                "recorded:",
                RECORDED,
                "amendments: none",
                "as it stands:",
                AS_RECORDED + " status=recorded adjudicated=- adjudicated_on=-",
                ANNA,
                BOB,
            ],
            id="recorded",
        ),
        pytest.param(
            "2024-02-15",
            [
                "game G1, as known at 2024-02-15",
                "recorded:",
                RECORDED,
                "amendments:",
                CORRECTED,
                "as it stands:",
                AS_CORRECTED + " status=recorded adjudicated=- adjudicated_on=-",
                ANNA,
                BOB,
            ],
            id="corrected",
        ),
        pytest.param(
            "2024-03-01",  # the day the void was reported: it counts
            [
                "game G1, as known at 2024-03-01",
                "recorded:",
                RECORDED,
                "amendments:",
                CORRECTED,
                VOIDED,
                "as it stands:",
                AS_CORRECTED + " status=void adjudicated=- adjudicated_on=-",
                ANNA,
                BOB,
            ],
            id="voided",
        ),
        pytest.param(
            "2024-04-15",
            [
                "game G1, as known at 2024-04-15",
                "recorded:",
                RECORDED,
                "amendments:",
                CORRECTED,
                VOIDED,
                RESTORED,
                "as it stands:",
                AS_CORRECTED + " status=restored adjudicated=- adjudicated_on=-",
                ANNA_CORRECTED,
                BOB,
            ],
            id="restored",
        ),
        pytest.param(
            "2024-05-01",  # decided on 1 May, but reported on 2 May: not yet known
            [
                "game G1, as known at 2024-05-01",
                "recorded:",
                RECORDED,
                "amendments:",
                CORRECTED,
                VOIDED,
                RESTORED,
                "as it stands:",
                AS_CORRECTED + " status=restored adjudicated=- adjudicated_on=-",
                ANNA_CORRECTED,
                BOB,
            ],
            id="adjudication-not-yet-reported",
        ),
        pytest.param(
            None,
            [
                "game G1",
                "recorded:",
                RECORDED,
                "amendments:",
                CORRECTED,
                VOIDED,
                RESTORED,
                ADJUDICATED,
                "as it stands:",
                AS_CORRECTED + " status=restored adjudicated=1/2-1/2 adjudicated_on=2024-05-01",
                ANNA_CORRECTED,
                BOB,
            ],
            id="everything",
        ),
    ],
)
def test_game_show_as_known_at_each_date(amended: Ratings, known_at: str | None, expected: list[str]) -> None:
    args = ("game", "show", "G1") if known_at is None else ("game", "show", "G1", "--known-at", known_at)
    assert amended.ok(*args).stdout.splitlines() == expected


def test_game_show_json(amended: Ratings) -> None:
    shown = json.loads(amended.ok("game", "show", "G1", "--known-at", "2024-03-15", "--format", "json").stdout)
    assert shown == {
        "game": "G1",
        "known_at": "2024-03-15",
        "recorded": {
            "position": 3,
            "type": "GameRecorded",
            "facts": {
                "game": "G1",
                "white": "A",
                "black": "B",
                "result": "0-1",
                "finished": "2024-01-10",
                "tournament": None,
                "time_control": None,
                "event": None,
                "mode": None,
                "forfeit": "withdrawal",
            },
            "recorded_by": "tester",
            "reported_on": "2024-01-10",
        },
        "amendments": [
            {
                "position": 4,
                "type": "GameCorrected",
                "facts": {"result": "1-0", "tournament": "Spring Cup", "reason": "misread score sheet"},
                "recorded_by": "tester",
                "reported_on": "2024-02-01",
            },
            {
                "position": 5,
                "type": "GameVoided",
                "facts": {"reason": "entered twice"},
                "recorded_by": "tester",
                "reported_on": "2024-03-01",
            },
        ],
        "now": {
            "game": "G1",
            "white": "A",
            "black": "B",
            "result": "1-0",
            "finished": "2024-01-10",
            "tournament": "Spring Cup",
            "time_control": None,
            "event": None,
            "mode": None,
            "forfeit": "withdrawal",
            "status": "void",
            "adjudicated": None,
        },
        "withheld": None,
        "players": {
            "white": {"player": "A", "name": "Anna Adler", "federation": "GER", "sex": "F", "title": "WGM"},
            "black": {"player": "B", "name": "Bob Byrne", "federation": None, "sex": None, "title": None},
        },
    }


def test_game_show_json_adjudicated(amended: Ratings) -> None:
    now = json.loads(amended.ok("game", "show", "G1", "--format", "json").stdout)["now"]
    assert (now["status"], now["adjudicated"]) == ("restored", {"result": "1/2-1/2", "on": "2024-05-01"})


def test_game_show_of_a_game_in_an_event(two_players: Ratings) -> None:
    """Its event, mode and time control as recorded; another recorder named by --by."""
    r = two_players
    r.ok(
        "event",
        "register",
        "E1",
        "--name",
        "Cup",
        "--type",
        "swiss",
        "--start",
        "2024-01-05",
        "--reported",
        "2024-01-05",
    )
    r.by = "arbiter"
    r.game("G2", "B", "A", "1/2-1/2", "2024-01-12", "--event", "E1", "--mode", "otb", "--time-control", "5400+30")
    assert r.ok("game", "show", "G2").stdout.splitlines() == [
        "game G2",
        "recorded:",
        "      4  GameRecorded          game=G2 white=B black=A result=1/2-1/2 finished=2024-01-12 tournament=- "
        "time_control=5400+30 event=E1 mode=otb forfeit=none  [by arbiter, reported 2024-01-12]",
        "amendments: none",
        "as it stands:",
        "  game=G2 white=B black=A result=1/2-1/2 finished=2024-01-12 tournament=- time_control=5400+30 event=E1 "
        "mode=otb forfeit=none status=recorded adjudicated=- adjudicated_on=-",
        "  white B Bob Byrne: federation=- sex=- title=-",
        "  black A Anna Adler: federation=- sex=- title=-",
    ]


@pytest.mark.parametrize(
    ("args", "message", "status"),
    [
        pytest.param(("G9",), "Error: unknown game 'G9'\n", 1, id="unknown"),
        pytest.param(
            ("G1", "--known-at", "2024-01-09"),
            "Error: unknown game 'G1' as known at 2024-01-09 (reported on 2024-01-10)\n",
            1,
            id="not-yet-reported",
        ),
        pytest.param(
            ("G1", "--known-at", "2024-1-9"),
            "Error: --known-at date '2024-1-9' is not a date of the form YYYY-MM-DD\n",
            1,
            id="bad-date",
        ),
        pytest.param(
            ("G1", "--format", "csv"),
            "Invalid value for '--format': 'csv' is not one of 'text', 'json'.",
            2,
            id="bad-format",
        ),
    ],
)
def test_game_show_refusals(amended: Ratings, args: tuple[str, ...], message: str, status: int) -> None:
    before = amended.db.read_bytes()
    result = amended.refused("game", "show", *args, message=message, status=status)
    assert result.stdout == ""
    if status == 1:
        assert result.stderr == message
    assert amended.db.read_bytes() == before
