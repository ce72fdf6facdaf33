"""The Irish Chess Union's 1980 grading (``icu-1980``) through the command line.

Every worked example of seed ``001_5be2d6f9fab6ed8a.txt`` is built here as a
ledger would hold it (players registered, graded opponents given their I.C.U.
grading with ``player prior --system icu``, the games recorded) and read back
with ``list --format json``, ``explain`` and ``history``. Each test names the
seed's heading it stands under; the seed's figures are copied from its text,
the few others are worked out by hand beside them.

Unless a test says otherwise: every player registers on 2 January 1980; a
graded opponent ``G<grade>`` arrives graded on 30 games as of 31 December
1979; the games are played on 1 June 1980, so they are all graded in the
run of 1980 (period ``1980-01``). Under the order of grading ("Order of
Grading") a graded opponent in the same or a later group than the player is
used at his grading before the run; the setups below are those of
``tests/projections/test_icu.py`` so that the seed's figures hold.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from tests.commands.support import Ratings, stored_rows

SEED = "001_5be2d6f9fab6ed8a.txt"
ICU = ("--rules", "icu-1980")
YEAR = ("--period", "1980-01")
PLAYED = "1980-06-01"

WIN, DRAW, LOSS = "1-0", "1/2-1/2", "0-1"
"""A game's result with the player under test as White."""

NOT_GRADED = (
    "not graded: no graded opponent, directly or through other ungraded players (ICU 1980, Playing Unrated Players): "
)
"""How ``list`` names on stderr the groups it could not grade."""


# --- building a ledger ---------------------------------------------------------


def register(ratings: Ratings, player: str, reported: str = "1980-01-02") -> None:
    ratings.ok("player", "register", player, "--name", f"Player {player}", "--country", "IE", "--reported", reported)


def prior(ratings: Ratings, player: str, grade: int, games: int, status: str) -> None:
    """``player`` arrives with an I.C.U. grading: ``grade/games`` if provisional."""
    ratings.ok("player", "prior", player, "--system", "icu", "--rating", str(grade), "--games", str(games),
               "--status", status, "--as-of", "1979-12-31", "--reported", "1980-01-02")  # fmt: skip


def graded(ratings: Ratings, player: str, grade: int, games: int = 30) -> None:
    register(ratings, player)
    prior(ratings, player, grade, games, "graded")


def provisional(ratings: Ratings, player: str, grade: int, games: int) -> None:
    register(ratings, player)
    prior(ratings, player, grade, games, "provisional")


def play(ratings: Ratings, game: str, white: str, black: str, result: str, finished: str = PLAYED) -> None:
    ratings.ok("game", "record", game, "--white", white, "--black", black, "--result", result,
               "--finished", finished, "--reported", finished)  # fmt: skip


def batch(ratings: Ratings, player: str, games: Sequence[tuple[int, str]]) -> None:
    """``player`` (White) plays graded opponents: (the opponent's grading, the result) a game.

    One opponent ``G<grade>`` per grading, registered on first use; games ``b01``, ``b02``, …
    """
    seen: set[int] = set()
    for number, (grade, result) in enumerate(games, start=1):
        if grade not in seen:
            seen.add(grade)
            graded(ratings, f"G{grade}", grade)
        play(ratings, f"b{number:02d}", player, f"G{grade}", result)


def listed(
    ratings: Ratings, *options: str, period: str = "1980-01", no_cache: bool = False
) -> dict[str, dict[str, Any]]:
    """The rows of the ``icu-1980`` list of ``period``, by player."""
    cache = ("--no-cache",) if no_cache else ()
    document = json.loads(ratings.ok(*cache, "list", *ICU, "--period", period, "--format", "json", *options).stdout)
    assert (document["rules"], document["period"]) == ("icu-1980", period)
    return {row["player"]: row for row in document["players"]}


def grades(ratings: Ratings, *options: str, period: str = "1980-01", no_cache: bool = False) -> dict[str, int]:
    rows = listed(ratings, *options, period=period, no_cache=no_cache)
    return {player: row["rating"] for player, row in rows.items()}


def published(document: str) -> dict[str, str]:
    """Each player's figure as published, from a list's JSON."""
    return {row["player"]: row["published"] for row in json.loads(document)["players"]}


def explain(ratings: Ratings, player: str, *options: str, period: str = "1980-01") -> str:
    return ratings.ok("explain", player, *ICU, "--period", period, *options).stdout


def history(ratings: Ratings, player: str) -> list[list[str]]:
    """The rows of ``history`` under ``icu-1980``, split on blanks (the header and its rule left off)."""
    return [line.split() for line in ratings.ok("history", player, *ICU).stdout.splitlines()[2:]]


# === The worked examples of the seed ==========================================


@pytest.fixture
def new_player_835(ratings: Ratings) -> Ratings:
    """Seed 001, "Rating a New Player", Example: an ungraded player N scores 1½/6 vs 1350, 1200, 1100,
    900, 850 and 810 (beats 1350, draws 1200, loses the rest)."""
    register(ratings, "N")
    batch(ratings, "N", [(1350, WIN), (1200, DRAW), (1100, LOSS), (900, LOSS), (850, LOSS), (810, LOSS)])
    return ratings


def test_new_player_example_835_6(new_player_835: Ratings) -> None:
    """Seed 001, "Rating a New Player", Example: "Sum of opponents' gradings is 6210 … deduct 1200 leaving
    5010 … Divide by 6 … giving 835. This player will be assigned a provisional grading of 835/6."
    """
    ratings = new_player_835
    row = listed(ratings)["N"]
    assert (row["rating"], row["published"], row["status"], row["games"]) == (835, "835/6", "provisional", 6)
    assert (row["name"], row["country"]) == ("Player N", "IE")
    text = explain(ratings, "N")
    assert text.splitlines()[:2] == ["N Player N: icu-1980, period 1980-01",
                                     "Order of grading: group 1, ungraded (ICU 1980, Order of Grading)"]  # fmt: skip
    assert "  1) Sum of opponents' gradings: 6210\n" in text
    assert "  2) Wins − losses -3: -1200, leaving 5010\n" in text
    assert "  3) Divided by 6 games: 835, rounded 835\n" in text
    assert text.endswith("After the run: provisional 835/6\n")
    assert history(ratings, "N") == [["1980-01", "835", "835/6", "provisional", "6"]]
    csv_lines = ratings.ok("list", *ICU, *YEAR, "--format", "csv").stdout.splitlines()
    assert csv_lines[0] == "position,player,name,country,rating,published,status,games"
    assert "N,Player N,IE,835,835/6,provisional,6" in "\n".join(csv_lines)


def test_835_is_used_for_his_opponents(new_player_835: Ratings) -> None:
    """Seed 001, "Playing Unrated Players": "the figure of 835 will be used for that player in regrading
    his opponents". The 1350 he beat (by hand): −16; 835 − 1350 = −515, counted −350, 4% = −14: −30 → 1320."""
    text = explain(new_player_835, "G1350")
    assert "b01: v N, grading 835 (new), lost" in text
    assert "difference -515, counted -350" in text
    assert grades(new_player_835)["G1350"] == 1320


def test_provisional_example_1220_9(ratings: Ratings) -> None:
    """Seed 001, "Regarding Provisionally-graded players", Example: "1300/5 scores 1½/4 vs 1400, 1300, 1200,
    980 … 4880 … 4480 … giving 10980 … Divide by 9 … giving 1220. His new grading is 1220/9."
    """
    provisional(ratings, "P", 1300, 5)
    batch(ratings, "P", [(1400, WIN), (1300, DRAW), (1200, LOSS), (980, LOSS)])
    row = listed(ratings)["P"]
    assert (row["rating"], row["published"], row["status"], row["games"]) == (1220, "1220/9", "provisional", 9)
    text = explain(ratings, "P")
    assert "Before the run: provisional 1300/5\n" in text
    assert "  1) Sum of opponents' gradings: 4880\n" in text
    assert "  2) Wins − losses -1: -400, leaving 4480\n" in text
    assert "  3) Previous grading 1300 × 5 games = 6500, giving 10980\n" in text
    assert "  4) Divided by 9 games: 1220, rounded 1220\n" in text
    assert history(ratings, "P") == [["1980-01", "1220", "1220/9", "provisional", "9"]]


@pytest.mark.parametrize(
    ("example", "opponent", "result", "change"),
    [
        (1, 1550, WIN, +22),  # "1400 beats 1550. He gets 16 for the win plus 4% of 150 giving +22."
        (2, 1550, LOSS, -10),  # "1400 loses to 1550. He loses 16 for the loss but gets 4% of 150 giving -10."
        (3, 1550, DRAW, +6),  # "1400 draws with 1550. Zero plus 4% of 150 gives +6."
        (4, 2000, LOSS, -2),  # "1400 loses to 2000. Minus 16 plus 4% of 350(max) gives -2."
        (5, 1200, WIN, +8),  # "1400 beats 1200. Plus 16 minus 4% of 200 gives +8."
    ],
)
def test_regrading_graded_one_game_examples(
    ratings: Ratings, example: int, opponent: int, result: str, change: int
) -> None:
    """Seed 001, "Regrading Graded players", the five one-game examples 1)–5), each a ledger of its own."""
    graded(ratings, "A", 1400)
    batch(ratings, "A", [(opponent, result)])
    assert grades(ratings)["A"] == 1400 + change, f"example {example}"
    assert f"game {change:+d}\n" in explain(ratings, "A"), f"example {example}"


@pytest.mark.parametrize(
    "games",
    [
        # beat the 1000 and lost to the 1975 …
        [(1000, WIN), (1500, WIN), (1550, WIN), (1600, DRAW), (1650, DRAW), (1975, LOSS)],
        # … "He might have lost to 1975 and beaten 1000 or vice versa"
        [(1975, WIN), (1650, WIN), (1600, WIN), (1550, DRAW), (1500, DRAW), (1000, LOSS)],
    ],
    ids=["beat-1000", "beat-1975"],
)
def test_regrading_1600_scores_4_of_6(ratings: Ratings, games: list[tuple[int, str]]) -> None:
    """Seed 001, "Regrading Graded players": "regrading 1600 for 4/6 vs 1000, 1500, 1550, 1600, 1650, 1975 …
    The total grading adjustment is therefore +32-4 giving +28", whichever games he won.

    (The 1000 is graded under 1200, so regraded first and used at his new grading ("Order of Grading");
    more than 350 below 1600 either way, so counted −350 all the same.)
    """
    graded(ratings, "A", 1600)
    batch(ratings, "A", games)
    assert grades(ratings)["A"] == 1628
    text = explain(ratings, "A")
    assert "From 1600: wins − losses +2 × 16 = +32; differences -100 × 4% = -4; adjustment +28\n" in text
    assert "v G1975, grading 1975 (old)" in text
    assert "difference +375, counted +350" in text


def test_graded_under_1200_example_1212(ratings: Ratings) -> None:
    """Seed 001, "Players under 1200" (graded), Example: "1100 scores 3½/6 vs 1100, 1150, 1180, 1200,1210 and
    1260 (total 7100) … a performance of: (7100+400)/6 = 1250 … 1200+16-4 = 1212"."""
    graded(ratings, "A", 1100)
    batch(ratings, "A", [(1100, WIN), (1150, WIN), (1180, DRAW), (1200, DRAW), (1210, DRAW), (1260, LOSS)])
    assert grades(ratings)["A"] == 1212
    text = explain(ratings, "A")
    assert "performance 1250; accelerated, from a starting point of 1200 (ICU 1980, Players under 1200)" in text
    assert "From 1200: wins − losses +1 × 16 = +16; differences -100 × 4% = -4; adjustment +12\n" in text


def test_crossing_2000_example_2010(ratings: Ratings) -> None:
    """Seed 001, "Players over 2000": "Players <2000 going over go to ½ rate immediately, e.g. 1990+30 (on 4%)
    → 1990+10+½(20)=2010".

    An active player (16 graded games in the year, "Players over 2000"): 1990 beats a 1940 and, of fifteen
    games against a 1990, wins 8 and loses 7. By hand: W − L = +2: +32; difference −50 × 4% = −2: +30 at
    full rate (bonus threshold 32 + 3 × 12 = 68 not reached).
    """
    graded(ratings, "A", 1990)
    batch(ratings, "A", [(1940, WIN)] + [(1990, WIN)] * 8 + [(1990, LOSS)] * 7)
    row = listed(ratings)["A"]
    assert (row["rating"], row["status"], row["games"]) == (2010, "graded", 46)
    text = explain(ratings, "A")
    assert "16 graded games in the year: active, going over 2000: 1990 +30 → 1990 +10 + ½(20) = 2010" in text


def test_bonus_example_62(ratings: Ratings) -> None:
    """Seed 001, "Bonuses": "the threshold for six games is 38 points so a player having a normal gain of 50
    points on 6 games will get an additional 12, giving +62 points in all".

    The normal gain of 50, by hand: 1500 beats a 1550 and two 1500s and draws three 1500s:
    W − L = +3: +48; difference +50 × 4% = +2: +50.
    """
    graded(ratings, "A", 1500)
    batch(ratings, "A", [(1550, WIN), (1500, WIN), (1500, WIN), (1500, DRAW), (1500, DRAW), (1500, DRAW)])
    assert grades(ratings)["A"] == 1500 + 62
    text = explain(ratings, "A")
    assert "  Bonus: threshold for 6 games 38; gain +50 is 12 over it, doubled: +12 more (ICU 1980, Bonuses)\n" in text
    assert history(ratings, "A") == [["1980-01", "1562", "1562", "graded", "36"]]


# === Ungraded players who met each other =======================================


@pytest.fixture
def unanchored(ratings: Ratings) -> Ratings:
    """Two groups of ungraded players who met only each other, beside two graded players who met.

    U1 beats U2, U2 draws with U3, U3 beats U1; Y1 beats Y2; G1500 (graded 1500) draws with G1400
    (graded 1400).
    """
    for player in ("U1", "U2", "U3", "Y1", "Y2"):
        register(ratings, player)
    graded(ratings, "G1500", 1500)
    graded(ratings, "G1400", 1400)
    play(ratings, "u1", "U1", "U2", WIN)
    play(ratings, "u2", "U2", "U3", DRAW)
    play(ratings, "u3", "U3", "U1", WIN)
    play(ratings, "y1", "Y1", "Y2", WIN)
    play(ratings, "g1", "G1500", "G1400", DRAW)
    return ratings


def test_an_unanchored_group_is_refused_by_name(unanchored: Ratings) -> None:
    """Seed 001, "Playing Unrated Players" (module choice 9): ungraded players with no graded opponent,
    directly or through each other, cannot be graded. ``explain`` refuses each of them, naming his group;
    the list leaves them off and names the groups on stderr; the log is not touched.

    The graded pair, by hand: 1500 draws 1400: 4% × (−100) = −4 → 1496; 1400: +4 → 1404.
    """
    ratings = unanchored
    for player, group in (("U2", "U1, U2, U3"), ("U1", "U1, U2, U3"), ("Y2", "Y1, Y2")):
        ratings.refused(
            "explain", player, *ICU, *YEAR,
            message=f"{player} cannot be graded in 1980-01: his group of ungraded players ({group}) met no "
            "graded opponent, directly or through each other (ICU 1980, Playing Unrated Players)",
        )  # fmt: skip
    before = stored_rows(ratings.db)
    result = ratings.ok("list", *ICU, *YEAR, "--format", "json")
    assert {row["player"]: row["rating"] for row in json.loads(result.stdout)["players"]} == {
        "G1500": 1496,
        "G1400": 1404,
    }
    assert result.stderr == NOT_GRADED + "U1, U2, U3; Y1, Y2\n"
    assert NOT_GRADED in ratings.ok("list", *ICU, *YEAR).stderr  # the table too
    assert stored_rows(ratings.db) == before
    assert ratings.ok("history", "U1", *ICU).stdout == "U1 has no graded games under icu-1980\n"
    ratings.refused("explain", "Q", *ICU, *YEAR, message="unknown player 'Q'")


def test_a_game_against_a_graded_player_anchors_the_group(unanchored: Ratings) -> None:
    """Module choice 9: once U3 has played a graded player, the whole group of U1, U2, U3 is graded;
    Y1 and Y2 are still named."""
    ratings = unanchored
    play(ratings, "u4", "U3", "G1500", DRAW, finished="1980-07-01")
    assert "Graded as a new player (ICU 1980, Rating a New Player):" in explain(ratings, "U1")
    assert ratings.ok("list", *ICU, *YEAR).stderr == NOT_GRADED + "Y1, Y2\n"


def test_successive_approximation_two_ungraded_players(ratings: Ratings) -> None:
    """Seed 001, "Playing Unrated Players": "the gradings which will be consistent between the players are
    found by successive approximations". Two ungraded players, X and Y, five games each.

    X: beats Y (x1), draws Y (x2); draws 1600, beats 1400, loses to 1800.   W − L = +1
    Y: loses to X, draws X;        beats 1200, draws 1400, beats 1000.      W − L = +1

    "Rating a New Player" steps 1–3, with each other's figure in the sum:
        5X = Y + Y + 1600 + 1400 + 1800 + 400 = 2Y + 5200
        5Y = X + X + 1200 + 1400 + 1000 + 400 = 2X + 4000
    So 25X = 10Y + 26000 = 4X + 8000 + 26000: 21X = 34000, X = 1619.05 → 1619;
    Y = (2X + 4000)/5 = (68000/21 + 84000/21)/5 = 30400/21 = 1447.62 → 1448.
    (Check: 5 × 34000/21 = 170000/21 = 2 × 30400/21 + 5200 = (60800 + 109200)/21.)
    """
    register(ratings, "X")
    register(ratings, "Y")
    for grade in (1600, 1400, 1800, 1200, 1000):
        graded(ratings, f"G{grade}", grade)
    play(ratings, "x1", "X", "Y", WIN)
    play(ratings, "x2", "Y", "X", DRAW)
    play(ratings, "x3", "X", "G1600", DRAW)
    play(ratings, "x4", "X", "G1400", WIN)
    play(ratings, "x5", "X", "G1800", LOSS)
    play(ratings, "y3", "Y", "G1200", WIN)
    play(ratings, "y4", "Y", "G1400", DRAW)
    play(ratings, "y5", "Y", "G1000", WIN)
    rows = listed(ratings)
    assert (rows["X"]["rating"], rows["X"]["published"], rows["X"]["status"]) == (1619, "1619/5", "provisional")
    assert (rows["Y"]["rating"], rows["Y"]["published"], rows["Y"]["status"]) == (1448, "1448/5", "provisional")
    text = explain(ratings, "Y")
    assert "x1: v X, grading 1619.05 (consistent), lost" in text
    assert "y4: v G1400, grading 1400 (old), drew" in text
    assert "Ungraded opponents at the gradings consistent between X, Y, found by successive approximation in" in text
    assert "to within 1e-06 (ICU 1980, Playing Unrated Players)" in text
    assert "  3) Divided by 5 games: 1447.62, rounded 1448\n" in text
    assert "v Y, grading 1447.62 (consistent)" in explain(ratings, "X")


# === Feedback points and global adjustments ====================================


@pytest.fixture
def adjusted(ratings: Ratings) -> Ratings:
    """A (graded 1500) draws with B (graded 1400) in 1980; by hand, A: 4% × (−100) = −4 → 1496, B: +4 → 1404.

    The grading committee then gives A 15 feedback points (reported 15 January 1981) and makes a global
    adjustment of −10 (reported 20 January 1981), both taking effect in the run of 1980.
    """
    graded(ratings, "A", 1500)
    graded(ratings, "B", 1400)
    play(ratings, "g1", "A", "B", DRAW)
    ratings.ok("adjust", "--system", "icu-1980", "--player", "A", "--points", "15", "--on", "1980-12-31",
               "--reason", "met an undergraded junior", "--reported", "1981-01-15")  # fmt: skip
    ratings.ok("adjust", "--system", "icu-1980", "--all", "--points", "-10", "--on", "1980-12-31",
               "--reason", "deflation", "--reported", "1981-01-20")  # fmt: skip
    return ratings


def test_feedback_points_and_a_global_adjustment(adjusted: Ratings) -> None:
    """Seed 001, "Feedback Points": "a system of feedback points may be used … On occasion global adjustments
    have been made to all gradings". A: 1496 + 15 − 10 = 1501; B: 1404 − 10 = 1394."""
    ratings = adjusted
    assert grades(ratings) == {"A": 1501, "B": 1394}
    text = explain(ratings, "A")
    assert "New grading: graded 1496\n" in text
    assert (
        "Adjusted by the grading committee: global adjustment -10 (deflation) (ICU 1980, Feedback Points)\n"
        "Adjusted by the grading committee: feedback points +15 (met an undergraded junior) "
        "(ICU 1980, Feedback Points)\n"
        "After the run: graded 1501\n"
    ) in text
    assert history(ratings, "B") == [["1980-01", "1394", "1394", "graded", "31"]]
    # They are facts in the log, never computed gradings.
    logged = [json.loads(line) for line in ratings.ok("log", "--format", "json").stdout.splitlines()]
    assert [(e["type"], e["facts"]["player"], e["facts"]["points"], e["reported_on"]) for e in logged[-2:]] == [
        ("RatingAdjusted", "A", 15, "1981-01-15"),
        ("RatingAdjusted", None, -10, "1981-01-20"),
    ]


def test_an_adjustment_counts_from_its_reported_date(adjusted: Ratings) -> None:
    """An adjustment reported after a date does not count ``--known-at`` that date, cached or not."""
    ratings = adjusted
    for no_cache in (False, True):
        assert grades(ratings, "--known-at", "1981-01-14", no_cache=no_cache) == {"A": 1496, "B": 1404}
        assert grades(ratings, "--known-at", "1981-01-15", no_cache=no_cache) == {"A": 1511, "B": 1404}
        assert grades(ratings, "--known-at", "1981-01-20", no_cache=no_cache) == {"A": 1501, "B": 1394}
        cache = ("--no-cache",) if no_cache else ()
        before = ratings.ok(*cache, "explain", "A", *ICU, *YEAR, "--known-at", "1981-01-14").stdout
        assert "Adjusted" not in before
        assert before.endswith("After the run: graded 1496\n")
    assert grades(ratings) == {"A": 1501, "B": 1394}


def test_an_adjustment_in_a_year_without_games(adjusted: Ratings) -> None:
    """An adjustment taking effect in 1981, when no one played: the list of 1981 carries the 1980
    gradings with it. A: 1501 + 7 = 1508."""
    ratings = adjusted
    ratings.ok("adjust", "--system", "icu-1980", "--player", "A", "--points", "7", "--on", "1981-03-01",
               "--reason", "late feedback", "--reported", "1981-03-02")  # fmt: skip
    assert grades(ratings, period="1981-01") == {"A": 1508, "B": 1394}
    text = explain(ratings, "A", period="1981-01")
    assert "feedback points +7 (late feedback)" in text
    assert text.endswith("After the run: graded 1508\n")


def test_history_shows_an_adjustment_in_a_year_without_games(adjusted: Ratings) -> None:
    ratings = adjusted
    ratings.ok("adjust", "--system", "icu-1980", "--player", "A", "--points", "7", "--on", "1981-03-01",
               "--reason", "late feedback", "--reported", "1981-03-02")  # fmt: skip
    assert grades(ratings, period="1981-01")["A"] == 1508
    assert history(ratings, "A")[-1] == ["1981-01", "1508", "1508", "graded", "31"]


def test_adjustment_refusals(adjusted: Ratings) -> None:
    """Refused adjustments exit non-zero with a clear message and write nothing."""
    ratings = adjusted
    base = ("adjust", "--system", "icu-1980", "--on", "1980-12-31", "--reported", "1981-02-01")
    ratings.refused(*base, "--player", "Z", "--points", "5", "--reason", "r", message="unknown player 'Z'")
    ratings.refused(*base, "--player", "A", "--points", "0", "--reason", "r",
                    message="an adjustment of 0 points changes nothing")  # fmt: skip
    ratings.refused(*base, "--points", "5", "--reason", "r", message="give either --player P or --all", status=2)
    ratings.refused(*base, "--player", "A", "--all", "--points", "5", "--reason", "r",
                    message="give either --player P or --all", status=2)  # fmt: skip
    ratings.refused(*base, "--player", "A", "--points", "3", "--reason", "met an undergraded junior",
                    message="this adjustment of player 'A' on 1980-12-31 is already recorded")  # fmt: skip
    ratings.refused(*base, "--all", "--points", "5", "--reason", "deflation",
                    message="this adjustment of every player on 1980-12-31 is already recorded")  # fmt: skip
    ratings.refused("adjust", "--system", "icu-1980", "--player", "A", "--points", "5", "--on", "1980-12-31",
                    "--reason", "r", "--reported", "1980-12-30",
                    message="adjustment date 1980-12-31 is after the reported date 1980-12-30")  # fmt: skip
    ratings.refused(*base, "--system", "iecg-1.7", "--player", "A", "--points", "5", "--reason", "r",
                    message="Invalid value for '--system'", status=2)  # fmt: skip
    assert grades(ratings) == {"A": 1501, "B": 1394}


def test_a_refused_adjustment_leaves_no_ledger_file(tmp_path: Path) -> None:
    ratings = Ratings(tmp_path / "fresh.db", init=False)
    ratings.refused("adjust", "--system", "icu-1980", "--player", "Z", "--points", "5", "--on", "1980-12-31",
                    "--reason", "r", message=f"no ledger at {ratings.db}")  # fmt: skip
    assert not ratings.db.exists()


def test_feedback_points_for_a_graded_player_who_has_not_played_yet(ratings: Ratings) -> None:
    """B arrives graded 1400 and is given 5 feedback points in 1980, when he does not play. In 1981 he
    draws with A (graded 1405): his grading before that run is 1405, or the adjustment is refused."""
    graded(ratings, "A", 1405)
    graded(ratings, "B", 1400)
    recorded = ratings("adjust", "--system", "icu-1980", "--player", "B", "--points", "5", "--on", "1980-12-31",
                       "--reason", "feedback", "--reported", "1981-01-15")  # fmt: skip
    play(ratings, "h1", "A", "B", DRAW, finished="1981-06-01")
    if recorded.exit_code == 0:
        assert "Before the run: graded 1405\n" in explain(ratings, "B", period="1981-01")
    else:
        assert recorded.exit_code == 1 and "B" in recorded.stderr


# === Walkovers ================================================================


@pytest.fixture
def walkover(ratings: Ratings) -> Ratings:
    """A, B, C registered with established ICCF ratings of 2000 (IECG §VII.1) and I.C.U. gradings 1500, 1400,
    1600. On 10 March 1980 A is awarded game W1 against B by the arbiter; on 12 March A draws with C."""
    for player, grade in (("A", 1500), ("B", 1400), ("C", 1600)):
        ratings.ok("player", "register", player, "--name", f"Player {player}", "--source", "iccf",
                   "--starting-rating", "2000", "--rated-games", "100", "--reported", "1980-01-02")  # fmt: skip
        prior(ratings, player, grade, 30, "graded")
    ratings.ok("game", "record", "W1", "--white", "A", "--black", "B", "--result", WIN, "--finished", "1980-03-10",
               "--reported", "1980-03-11", "--forfeit", "arbiter")  # fmt: skip
    play(ratings, "g2", "A", "C", DRAW, finished="1980-03-12")
    return ratings


def test_a_walkover_is_not_graded_by_the_icu_but_rated_by_the_iecg(walkover: Ratings) -> None:
    """Seed 001, "Checking Gradings": "walkovers are not graded"; IECG 1.7 §VIII.1: an arbiter's forfeit is
    rated. The same ledger, both rules.

    icu-1980, by hand: only g2. A 1500 draws C 1600: 4% × 100 = +4 → 1504, on 31 games; C: −4 → 1596.
    B played nothing graded: not on the list.
    iecg-1.7 (period 1980-03), by hand: all at 2000, k = 20, We = ½: W1 +10 for A, −10 for B; g2 0.
    """
    ratings = walkover
    icu = listed(ratings)
    assert {p: (row["rating"], row["games"]) for p, row in icu.items()} == {"A": (1504, 31), "C": (1596, 31)}
    text = explain(ratings, "A")
    assert "g2: v C, grading 1600 (old), drew" in text
    assert "W1" not in text
    assert ratings.ok("history", "B", *ICU).stdout == "B has no graded games under icu-1980\n"
    iecg = json.loads(ratings.ok("list", "--rules", "iecg-1.7", "--period", "1980-03", "--format", "json").stdout)
    rows = {row["player"]: row for row in iecg["players"]}
    assert {p: (r["rating"], r["games"], r["wins"], r["draws"], r["losses"]) for p, r in rows.items()} == {
        "A": (2010, 2, 1, 1, 0),
        "B": (1990, 1, 0, 0, 1),
        "C": (2000, 1, 0, 1, 0),
    }
    assert "W1    A" in ratings.ok("explain", "B", "--rules", "iecg-1.7", "--period", "1980-03").stdout


def test_explain_a_prior_graded_player_with_only_a_walkover(walkover: Ratings) -> None:
    """B arrived graded 1400; his only game was a walkover, not graded: he is still graded 1400."""
    text = explain(walkover, "B")
    assert "No graded games in 1980-01" in text
    assert "graded 1400" in text
    assert "ungraded" not in text


# === Prior gradings the projection cannot take ================================


@pytest.mark.parametrize(
    "options",
    [("--rating", "1500"), ("--rating", "1500", "--games", "30", "--status", "established")],
    ids=["no-games", "established"],
)
def test_an_icu_prior_is_refused_when_recorded_or_graded_when_listed(
    ratings: Ratings, options: tuple[str, ...]
) -> None:
    graded(ratings, "A", 1500)
    register(ratings, "B")
    recorded = ratings("player", "prior", "B", "--system", "icu", *options, "--as-of", "1979-12-31",
                       "--reported", "1980-01-02")  # fmt: skip
    play(ratings, "g1", "A", "B", DRAW)
    if recorded.exit_code == 0:
        result = ratings("list", *ICU, *YEAR, "--format", "json")  # today: IcuPriorError escapes
        assert result.exit_code == 0
    else:
        assert recorded.exit_code == 1 and "Traceback" not in recorded.output


# === Determinism ==============================================================


def test_the_list_is_the_same_cached_or_not(new_player_835: Ratings) -> None:
    """The ``icu-1980`` list JSON is the same bytes cold, cached and with ``--no-cache``, and again after one
    more game (a cached query reading the new fact vs a fresh replay from the log alone); so are the
    explanation and the names of the groups not graded."""
    ratings = new_player_835
    register(ratings, "V1")
    register(ratings, "V2")
    play(ratings, "v1", "V1", "V2", DRAW)  # an unanchored pair, named on stderr
    ratings.ok("adjust", "--system", "icu-1980", "--all", "--points", "3", "--on", "1980-12-31",
               "--reason", "deflation", "--reported", "1981-01-05")  # fmt: skip
    query = ("list", *ICU, *YEAR, "--format", "json")

    def same_cached_and_not() -> str:
        cold = ratings.ok(*query)
        warm = ratings.ok(*query)
        fresh = ratings.ok("--no-cache", *query)
        assert cold.stdout == warm.stdout == fresh.stdout
        assert cold.stderr == warm.stderr == fresh.stderr == NOT_GRADED + "V1, V2\n"
        assert explain(ratings, "N") == ratings.ok("--no-cache", "explain", "N", *ICU, *YEAR).stdout
        return cold.stdout

    first = same_cached_and_not()
    assert published(first)["N"] == "838/6"  # 835/6, and +3 for everyone
    play(ratings, "b07", "N", "G1350", DRAW, finished="1980-09-01")
    second = same_cached_and_not()
    assert second != first
    # By hand: 6210 + 1350 = 7560; wins − losses −3: −1200, leaving 6360; / 7 = 908.57 → 909; +3 → 912.
    assert published(second)["N"] == "912/7"
    assert ratings.ok("--no-cache", *query).stdout == ratings.ok(*query).stdout == second
