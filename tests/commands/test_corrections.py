"""``game correct|void|restore`` and ``player correct``: what they record, what they refuse, and ``--dry-run``.

A (ICCF 2000) beats B (ICCF 1800), both established on 100 games: k = 20 (IECG §V.3).
D = 200: We(A) = 1/(1 + 10^−0.5) = 0.759747.
- 1-0: A +4.805 → 2005, B → 1795;  0-1: A −15.195 → 1985, B → 1815;  ½: A −5.195 → 1995, B → 1805.
"""

from __future__ import annotations

import json

from tests.commands.support import RULES, Ratings, stored_rows


def ratings_of(ratings: Ratings, period: str = "2024-01", *extra: str) -> dict[str, int]:
    document = ratings.ok("list", *RULES, "--period", period, "--format", "json", *extra).output
    return {row["player"]: row["rating"] for row in json.loads(document)["players"]}


def game_g1(two_players: Ratings) -> Ratings:
    two_players.game("G1", "A", "B", "1-0", "2024-01-10")
    assert ratings_of(two_players) == {"A": 2005, "B": 1795}
    return two_players


def test_a_corrected_result_changes_the_list_and_keeps_the_recording(two_players: Ratings) -> None:
    ratings = game_g1(two_players)
    out = ratings.ok("game", "correct", "G1", "--result", "0-1", "--reason", "colours swapped").output
    assert out == "recorded: G1 corrected (result 0-1)\n"
    assert ratings_of(ratings) == {"B": 1815, "A": 1985}
    log = [json.loads(line) for line in ratings.ok("log", "--format", "json").output.splitlines()]
    assert [entry["type"] for entry in log[-2:]] == ["GameRecorded", "GameCorrected"]
    assert log[-2]["facts"]["result"] == "1-0"  # the recording is never edited
    assert log[-1]["facts"] == {"game": "G1", "changes": {"result": "0-1"}, "reason": "colours swapped"}


def test_a_corrected_date_moves_the_game_to_its_period(two_players: Ratings) -> None:
    ratings = game_g1(two_players)
    ratings.ok("game", "correct", "G1", "--finished", "2024-03-02", "--reason", "date misread")
    assert ratings_of(ratings, "2024-01") == {}  # nobody rated yet
    assert ratings_of(ratings, "2024-03") == {"A": 2005, "B": 1795}


def test_swapped_colours_and_a_forfeit_kind(two_players: Ratings) -> None:
    ratings = game_g1(two_players)
    ratings.ok("game", "correct", "G1", "--white", "B", "--black", "A", "--reason", "colours swapped")
    assert ratings_of(ratings) == {"B": 1815, "A": 1985}  # B, now white, won
    ratings.ok("game", "correct", "G1", "--forfeit", "withdrawal", "--reason", "A withdrew (§VIII.2)")
    assert ratings_of(ratings) == {}  # not rated, and nobody else played


def test_void_and_restore(two_players: Ratings) -> None:
    ratings = game_g1(two_players)
    assert ratings.ok("game", "void", "G1", "--reason", "recorded twice").output == "recorded: G1 void\n"
    assert ratings_of(ratings) == {}
    assert ratings.ok("game", "restore", "G1", "--reason", "voided by mistake").output == "recorded: G1 restored\n"
    assert ratings_of(ratings) == {"A": 2005, "B": 1795}


def test_player_correction_of_the_starting_rating(two_players: Ratings) -> None:
    ratings = game_g1(two_players)
    ratings.ok("player", "correct", "B", "--starting-rating", "2000", "--reason", "ICCF rating mistyped")
    # Both 2000: We = ½; A +20·½ = +10 → 2010, B −10 → 1990.
    assert ratings_of(ratings) == {"A": 2010, "B": 1990}
    listed = json.loads(ratings.ok("list", *RULES, "--period", "2024-01", "--format", "json").output)
    ratings.ok("player", "correct", "B", "--name", "Robert Byrne", "--reason", "name misspelt")
    renamed = json.loads(ratings.ok("list", *RULES, "--period", "2024-01", "--format", "json").output)
    assert [r["name"] for r in listed["players"]] == ["Anna Adler", "Bob Byrne"]
    assert [r["name"] for r in renamed["players"]] == ["Anna Adler", "Robert Byrne"]


def test_dry_run_writes_nothing_and_predicts_the_change(two_players: Ratings) -> None:
    ratings = game_g1(two_players)
    before = stored_rows(ratings.db)
    out = ratings.ok("game", "correct", "G1", "--result", "1/2-1/2", "--reason", "a draw", "--dry-run").output
    assert stored_rows(ratings.db) == before
    assert out.splitlines()[0] == "dry run: nothing was recorded. Under iecg-1.7, 2 players would change on 1 list:"
    rows = [line.split() for line in out.splitlines()[3:]]
    assert rows == [
        ["2024-01", "A", "Anna", "Adler", "2005", "→", "1995", "-10", "1", "→", "1"],
        ["2024-01", "B", "Bob", "Byrne", "1795", "→", "1805", "+10", "2", "→", "2"],
    ]
    ratings.ok("game", "correct", "G1", "--result", "1/2-1/2", "--reason", "a draw")
    assert ratings_of(ratings) == {"A": 1995, "B": 1805}


def test_dry_run_of_a_void_with_no_list_change(two_players: Ratings) -> None:
    ratings = game_g1(two_players)
    ratings.ok("game", "correct", "G1", "--forfeit", "withdrawal", "--reason", "withdrew")
    before = stored_rows(ratings.db)
    out = ratings.ok("game", "void", "G1", "--reason", "annulled", "--dry-run").output
    assert out == "dry run: nothing was recorded. Under iecg-1.7, no list would change.\n"
    assert stored_rows(ratings.db) == before


# --- refusals: exit 1, a message naming what is wrong, nothing written ---------------------


def test_refused_corrections(two_players: Ratings) -> None:
    ratings = game_g1(two_players)
    ratings.register("C", "Cleo Cole")
    reason = ("--reason", "because")
    ratings.refused("game", "correct", "G9", "--result", "0-1", *reason, message="unknown game 'G9'")
    ratings.refused(
        "game", "correct", "G1", "--result", "1-0", *reason,
        message="the correction of game 'G1' changes nothing: result '1-0' as recorded",
    )  # fmt: skip
    ratings.refused("game", "correct", "G1", *reason, message="changes nothing: no facts given")
    ratings.refused("game", "correct", "G1", "--result", "0-1", message="Missing option '--reason'", status=2)
    ratings.refused("game", "correct", "G1", "--result", "0-1", "--reason", " ", message="reason must not be empty")
    ratings.refused("game", "correct", "G1", "--result", "2-0", *reason, message="result '2-0' is not one of")
    ratings.refused("game", "correct", "G1", "--white", "Z", *reason, message="unknown player 'Z'")
    ratings.refused("game", "correct", "G1", "--white", "B", *reason, message="cannot play against himself")
    ratings.refused(
        "game", "correct", "G1", "--finished", "2024-01-12", "--reported", "2024-01-11", *reason,
        message="finished date 2024-01-12 is after the reported date 2024-01-11",
    )  # fmt: skip
    ratings.refused(
        "game", "correct", "G1", "--result", "0-1", "--reported", "2024-01-09", *reason,
        message="the correction is reported on 2024-01-09, before game 'G1' was reported on 2024-01-10",
    )  # fmt: skip
    ratings.refused("game", "correct", "G1", "--time-control", "forty", *reason, message="is not in PGN TimeControl")


def test_refused_voids_and_restores(two_players: Ratings) -> None:
    ratings = game_g1(two_players)
    reason = ("--reason", "because")
    ratings.refused("game", "restore", "G1", *reason, message="game 'G1' is not void")
    ratings.refused("game", "void", "G9", *reason, message="unknown game 'G9'")
    ratings.ok("game", "void", "G1", *reason)
    ratings.refused("game", "void", "G1", *reason, message="game 'G1' is already void")
    ratings.refused("game", "correct", "G1", "--result", "0-1", *reason, message="restore it before correcting it")
    ratings.refused(
        "game", "adjudicate", "G1", "--result", "0-1", "--on", "2024-02-01",
        message="restore it before adjudicating it",
    )  # fmt: skip


def test_an_adjudicated_result_is_not_corrected(two_players: Ratings) -> None:
    ratings = two_players
    ratings.game("G1", "A", "B", "1-0", "2024-01-10", "--forfeit", "withdrawal")
    ratings.ok("game", "adjudicate", "G1", "--result", "1/2-1/2", "--on", "2024-02-01")
    ratings.refused(
        "game", "correct", "G1", "--result", "0-1", "--reason", "x",
        message="its result for rating is the adjudicator's decision (IECG §VIII.3)",
    )  # fmt: skip
    ratings.refused(
        "game", "correct", "G1", "--finished", "2024-02-05", "--reported", "2024-02-06", "--reason", "x",
        message="finished date 2024-02-05 is after the game's adjudication on 2024-02-01",
    )  # fmt: skip


def test_refused_player_corrections(two_players: Ratings) -> None:
    ratings = two_players
    reason = ("--reason", "because")
    ratings.refused("player", "correct", "Z", "--name", "Zed", *reason, message="unknown player 'Z'")
    ratings.refused(
        "player", "correct", "A", "--name", "Anna Adler", *reason,
        message="the correction of player 'A' changes nothing: name 'Anna Adler' as registered",
    )  # fmt: skip
    ratings.refused(
        "player", "correct", "A", "--source", "tutor", "--starting-rating", "1900", *reason,
        message="a tutor's estimate of 1900 exceeds 1700 (IECG §VII.3)",
    )  # fmt: skip
    ratings.refused(
        "player", "correct", "A", "--name", "Ann", "--reported", "2023-12-31", *reason,
        message="before player 'A''s registration was reported on 2024-01-01",
    )  # fmt: skip


def test_a_refused_correction_on_a_missing_ledger_leaves_no_file(ratings: Ratings) -> None:
    missing = Ratings(ratings.db, init=False)
    missing.refused("game", "void", "G1", "--reason", "x", message=f"no ledger at {ratings.db}")
    assert not ratings.db.exists()


def test_corrections_count_from_their_reported_date(two_players: Ratings) -> None:
    ratings = game_g1(two_players)
    ratings.ok("game", "correct", "G1", "--result", "0-1", "--reason", "swapped", "--reported", "2024-04-01")
    assert ratings_of(ratings, "2024-01", "--known-at", "2024-03-31") == {"A": 2005, "B": 1795}
    assert ratings_of(ratings, "2024-01", "--known-at", "2024-04-01") == {"B": 1815, "A": 1985}
    # Known at a date before the game was reported: not on any list.
    assert ratings_of(ratings, "2024-01", "--known-at", "2024-01-09") == {}
