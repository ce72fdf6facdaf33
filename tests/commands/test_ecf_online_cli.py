"""ECF online Elo (``ecf-online``, ``-rapid``, ``-blitz``) through the command line: seed 003.

Seed 003: "Rnew = Roriginal + k (W − We)" per game; ratings separately for
standard, rapid and blitz by the time control (standard 60 minutes or more a
player; rapid more than 10 and less than 60; blitz 3 to 10; with increments
the duration is that of a 60-move game); seed ratings "FIDE ELO rating =
7.5*ECF+700" from the standard grade (standard) or the rapid grade (rapid and
blitz), each falling back to the other. k = 20 (the ledger's choice: the seed
gives none). We from FIDE's table 8.1.2 (D 146–153: .70 / .30).

A brings an ECF standard grade of 160 (seed 7.5 × 160 + 700 = 1900), B one of
140 (1750), and only A a rapid grade, 150 (1825): B's rapid and blitz seed
falls back to his standard grade, 1750.
"""

from __future__ import annotations

import pytest

from commands.explanation_text import WORDS
from projections.rules.ecf_online.explain import MESSAGES
from tests.commands.support import Ratings
from tests.commands.system_support import listed


@pytest.fixture
def club(ratings: Ratings) -> Ratings:
    for player, grades in (("A", (("ecf", 160), ("ecf-rapid", 150))), ("B", (("ecf", 140),))):
        ratings.ok("player", "register", player, "--name", f"Player {player}", "--reported", "2024-01-01")
        for system, grade in grades:
            ratings.ok("player", "prior", player, "--system", system, "--rating", str(grade),
                       "--as-of", "2023-12-31", "--reported", "2024-01-01")  # fmt: skip
    return ratings


def game(ratings: Ratings, gid: str, tc: str, day: str = "2024-02-10", result: str = "1-0") -> None:
    ratings.ok("game", "record", gid, "--white", "A", "--black", "B", "--result", result, "--finished", day,
               "--time-control", tc, "--reported", day)  # fmt: skip


def test_a_standard_game(club: Ratings) -> None:
    # D = 1900 − 1750 = 150: A expects .70, B .30; A wins: A +20 × .30 = +6, B −20 × .30 = −6.
    game(club, "g1", "5400+30")
    rows = listed(club, "ecf-online", "2024-02")
    assert {p: (r["rating"], r["games"], r["category"], r["k"]) for p, r in rows.items()} == {
        "A": (1906, 1, "standard", 20),
        "B": (1744, 1, "standard", 20),
    }
    assert listed(club, "ecf-online-rapid", "2024-02") == {}


@pytest.mark.parametrize(
    ("tc", "category"),
    [
        ("3600", "standard"),  # 60 minutes: standard
        ("3540+1", "standard"),  # 59 min + 60 × 1 s = 60 min: standard
        ("3540", "rapid"),  # 59 minutes: rapid
        ("601", "rapid"),  # more than 10 minutes: rapid
        ("900+10", "rapid"),  # 15 min + 10 min = 25 minutes
        ("600", "blitz"),  # 10 minutes: blitz
        ("180+2", "blitz"),  # 3 min + 2 min = 5 minutes
        ("180", "blitz"),  # 3 minutes: blitz
        ("179", None),  # faster than 3 minutes: not rated
        ("60+1", None),  # 1 min + 1 min = 2 minutes: not rated
    ],
)
def test_the_time_control_chooses_the_list(club: Ratings, tc: str, category: str | None) -> None:
    game(club, "g1", tc)
    for name in ("standard", "rapid", "blitz"):
        rules = "ecf-online" if name == "standard" else f"ecf-online-{name}"
        assert bool(listed(club, rules, "2024-02")) == (name == category), (tc, rules)


def test_rapid_and_blitz_seed_from_the_rapid_grade_then_the_standard_one(club: Ratings) -> None:
    # Rapid: A 1825 (rapid grade 150), B 1750 (no rapid grade: his standard 140). D = 75 (row 69–76): .60/.40.
    # A draws: A 20 × (.5 − .60) = −2, B 20 × (.5 − .40) = +2.
    game(club, "r1", "900+10", result="1/2-1/2")
    rows = listed(club, "ecf-online-rapid", "2024-02")
    assert (rows["A"]["rating"], rows["B"]["rating"]) == (1823, 1752)
    assert (rows["A"]["seed"], rows["B"]["seed"]) == ("ecf-rapid", "ecf")


def test_explain_whole(club: Ratings) -> None:
    """A (seeded 7.5 × 160 + 700 = 1900) beats B (1750): D 150 (row 146-153) .70, 20 × .30 = +6; draws with C
    (no prior: his registration's 800): D 1100, beyond 735: We 1, 20 × (.5 − 1) = −10. 1900 + 6 − 10 = 1896.
    A rapid game of the month is on the rapid rating, not this one ("Time Controls")."""
    club.ok("player", "register", "C", "--name", "Player C", "--reported", "2024-01-01")
    game(club, "g1", "5400+30")
    game(club, "r1", "900+10")
    club.ok("game", "record", "g2", "--white", "C", "--black", "A", "--result", "1/2-1/2", "--finished",
            "2024-02-11", "--time-control", "5400+30", "--reported", "2024-02-11")  # fmt: skip
    assert club.ok("explain", "A", "--rules", "ecf-online", "--period", "2024-02").stdout == A_TEXT
    assert club.ok("explain", "C", "--rules", "ecf-online", "--period", "2024-02").stdout == C_TEXT


A_TEXT = """\
A Player A: ecf-online, period 2024-02
before: rating 1900, games 0, seed ecf
game  opponent    R     R(opp)  diff  W    We   k·(W−We)
----  ----------  ----  ------  ----  ---  ---  --------
g1    B Player B  1900  1750    150   1    0.7  6
g2    C Player C  1900  800     1100  0.5  1    -10
left out: r1: ecf-online (seed 003, Time Controls): a game of 900+10 goes on the rapid rating
terms: k 20, category standard, Σ(W−We) -0.2, ΔR -4
after: rating 1896, exact 1896, games 2
note: "Starting Ratings": the ecf grade 160 as of 2023-12-31: 7.5 × 160 + 700 = 1900
note: 1 game(s) of the period are not standard games and are not rated on this list
"""

C_TEXT = """\
C Player C: ecf-online, period 2024-02
before: rating 800, games 0, seed registration
game  opponent    R    R(opp)  diff   W    We  k·(W−We)
----  ----------  ---  ------  -----  ---  --  --------
g2    A Player A  800  1900    -1100  0.5  0   10
terms: k 20, category standard, Σ(W−We) 0.5, ΔR 10
after: rating 810, exact 810, games 1
note: no prior rating: starts from the registration's starting rating 800
"""


def test_every_key_of_the_explanation_has_words() -> None:
    """Every key the ECF online explanation can say has words, and the words have no key it does not say."""
    assert not MESSAGES - set(WORDS), sorted(MESSAGES - set(WORDS))
    assert {key for key in WORDS if key.startswith("ecf_online.")} == {
        key for key in MESSAGES if key.startswith("ecf_online.")
    }


def test_a_player_whose_only_games_are_left_out_is_refused_with_why_in_words(ratings: Ratings) -> None:
    """A player with no rating before the period and none of his games on the list: the refusal names each game
    left out and why, in the renderer's words (the selection says a message key and its values)."""
    for player in ("A", "B"):
        ratings.ok("player", "register", player, "--name", f"Player {player}", "--reported", "2024-01-01")
    ratings.ok("game", "record", "g1", "--white", "A", "--black", "B", "--result", "1-0", "--finished", "2024-02-10",
               "--mode", "otb", "--time-control", "5400+30", "--reported", "2024-02-10")  # fmt: skip
    ratings.refused(
        "explain", "A", "--rules", "ecf-online", "--period", "2024-02",
        message="player A played no standard game in period 2024-02 of ecf-online (g1 left out: ecf-online "
        "(seed 003: internet games only): otb games are not rated); and A has no rating under ecf-online before it",
    )  # fmt: skip
