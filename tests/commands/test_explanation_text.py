"""The one explanation and its one renderer (issue 11 §1).

Hand-built explanations in every style of cell, and three explanations through
``ratings explain``, whole, with the figures worked by hand (an IECG, an ICU
and a FIDE one): the bytes each system's own renderer printed before there was
one renderer (checked against them, for every registered name, when the one
renderer replaced them).
"""

from __future__ import annotations

from commands.explanation_text import explanation_text, say
from projections.explanation import TABLE, Column, Explanation, Statement
from projections.explanations import from_system
from projections.rules import common
from tests.commands.support import Ratings
from tests.commands.test_icu_cli import DRAW, graded, play


def test_a_system_explanation_without_terms_before_or_after() -> None:
    """Not rated before or after (no terms), no game lines, no period terms: each said in words."""
    own = common.Explanation(before=(), columns=(), lines=(), terms=(), after=(), notes=("n1", "n2"))
    x = from_system(own, "glicko", "2024-01", "P")
    assert explanation_text(x, "Pat") == (
        "P Pat: glicko, period 2024-01\nbefore: not rated\nno rated games in the period\nafter: not rated\n"
        "note: n1\nnote: n2\n"
    )


def test_a_system_explanation_with_every_part() -> None:
    """Floats as the system rounded them (no trailing zeros, no "-0"), None as nothing, every cell aligned left."""
    own = common.Explanation(
        before=(("rating", 1500), ("RD", 200.0)),
        columns=("game", "opponent", "We", "Δ"),
        lines=(("g1", "B", 0.5, -0.0), ("g22", "C", None, 12.345678)),
        terms=(("K", 20), ("Σ(W−We)", -0.42)),
        after=(("rating", 1512), ("RD", 180.5)),
    )
    x = from_system(own, "glicko", "2024-01", "P")
    assert explanation_text(x, "Pat") == (
        "P Pat: glicko, period 2024-01\n"
        "before: rating 1500, RD 200\n"
        "game  opponent  We   Δ\n"
        "----  --------  ---  ---------\n"
        "g1    B         0.5  0\n"
        "g22   C              12.345678\n"
        "terms: K 20, Σ(W−We) -0.42\n"
        "after: rating 1512, RD 180.5\n"
    )


def test_statements_said_inside_statements() -> None:
    status = Statement("iecg.established", (("rating", 1492), ("ter", 1500), ("pn", 101)))
    said = say(Statement("iecg.rating", (("old", 1500), ("new", 1492), ("status", status))))
    assert said == "Old rating 1500 → new rating 1492 (established, rating 1492, TER 1500, Pn 101)"


def test_a_column_prints_its_cells_in_its_style() -> None:
    columns = (Column("n", "plain"), Column("We", "expected"), Column("dR", "change"), Column("r", "result"))
    rows = ((7, 0.25, -8.176, 1), (1200, 0.9, 12.0, 2))
    x = Explanation("r", "p", "P", (), columns, rows, (), (), (TABLE,))
    assert explanation_text(x, "N") == (
        "P N: r, period p\n"
        "   n  We      dR      r\n"
        "----  ------  ------  -\n"
        "   7  0.2500  -8.18   ½\n"
        "1200  0.9000  +12.00  1\n"
    )


# --- three explanations through the command line, whole ---------------------------


def test_explain_iecg_whole(ratings: Ratings) -> None:
    """E2 (ICCF 1500 on 100 games: established, §VII) draws with N (new, 800) in 2024-01, his first game here.

    §III.8: N's TER 800 is more than 400 below 1500: used 1100. We = 1/(1+10^(−400/400)) = 0.9091.
    §V.3: Ro 1500 ≤ 2000: r = 20; Pn 100: p = 1; k = 20. dR = 20·(0.5 − 0.9091) = −8.18; Rn = 1491.82 → 1492,
    on Pn 101; an established player's TER is his rating.
    """
    ratings.register("E2", "Emil Egan", "--source", "iccf", "--starting-rating", "1500", "--rated-games", "100")
    ratings.register("N", "Niall Nowak")
    ratings.game("G2", "E2", "N", "1/2-1/2", "2024-01-11")
    text = ratings.ok("explain", "E2", "--rules", "iecg-1.7", "--period", "2024-01").stdout
    assert text == (
        "E2 Emil Egan: iecg-1.7, period 2024-01\n"
        "New player: starts from his registered starting rating 1500 (IECG §VII).\n"
        "Before the run: established, rating 1500, TER 1500, Pn 100\n"
        "\n"
        "game  opponent  opp TER  used  cut-off       result  We      dR\n"
        "----  --------  -------  ----  ------------  ------  ------  -----\n"
        "G2    N             800  1100  yes (§III.8)  ½       0.9091  -8.18\n"
        "\n"
        "k = r·p = 20 × 1 = 20  (r from Ro = 1500, p from Pn = 100; IECG §V.3)\n"
        "Rn = Ro + ΣdR = 1500 -8.18 = 1491.82 (IECG §V.4)\n"
        "Old rating 1500 → new rating 1492 (established, rating 1492, TER 1492, Pn 101)\n"
    )


def test_explain_icu_whole(ratings: Ratings) -> None:
    """A (graded 1500) draws with B (graded 1400) in 1980, then the committee's +15 and −10 (Feedback Points).

    Order of Grading: group 5, graded 1200 and over. Regrading Graded players: a draw, wins − losses 0 (× 16);
    difference 1400 − 1500 = −100, 4% = −4: 1496. Bonuses: none on fewer than 4 games. Under 2000: full rate.
    Then +15 and −10 (a player's adjustments summed, the global one first): 1501.
    """
    graded(ratings, "A", 1500)
    graded(ratings, "B", 1400)
    play(ratings, "g1", "A", "B", DRAW)
    ratings.ok("adjust", "--system", "icu-1980", "--player", "A", "--points", "15", "--on", "1980-12-31",
               "--reason", "met an undergraded junior", "--reported", "1981-01-15")  # fmt: skip
    ratings.ok("adjust", "--system", "icu-1980", "--all", "--points", "-10", "--on", "1980-12-31",
               "--reason", "deflation", "--reported", "1981-01-20")  # fmt: skip
    text = ratings.ok("explain", "A", "--rules", "icu-1980", "--period", "1980-01").stdout
    assert text == ICU_TEXT


ICU_TEXT = """\
A Player A: icu-1980, period 1980-01
Order of grading: group 5, graded 1200 and over (ICU 1980, Order of Grading)
Before the run: graded 1500
Regraded (ICU 1980, Regrading Graded players):
  g1: v B, grading 1400 (old), drew: +0; difference -100, 4% = -4; game -4
  From 1500: wins − losses +0 × 16 = +0; differences -100 × 4% = -4; adjustment -4
  Bonus: none on fewer than 4 games (ICU 1980, Bonuses)
  1500 -4 = 1496, rounded 1496
New grading: graded 1496
Adjusted by the grading committee: global adjustment -10 (deflation) (ICU 1980, Feedback Points)
Adjusted by the grading committee: feedback points +15 (met an undergraded junior) (ICU 1980, Feedback Points)
After the run: graded 1501
"""


def test_explain_fide_whole(ratings: Ratings) -> None:
    """FIDE 2022: A (FIDE 1500, 10 games: K 40) beats B (1900) in May 2024 (FIDE Rating Regulations 8.1.2:
    a difference of 400 gives the lower rated .08): 40 × (1 − .08) = +36.8, rounded 0.5 away from zero (§8.3.4):
    +37; 1537 on 11 games, K still 40 (fewer than 30 games)."""
    for player, rating, games in (("A", 1500, 10), ("B", 1900, 100)):
        ratings.ok("player", "register", player, "--name", f"Player {player}", "--reported", "2024-01-01")
        ratings.ok("player", "prior", player, "--system", "fide", "--rating", str(rating), "--games", str(games),
                   "--as-of", "2024-04-30", "--reported", "2024-04-30")  # fmt: skip
    ratings.ok("game", "record", "g1", "--white", "A", "--black", "B", "--result", "1-0", "--finished", "2024-05-10",
               "--tournament", "Open", "--reported", "2024-05-10")  # fmt: skip
    text = ratings.ok("explain", "A", "--rules", "fide-2022", "--period", "2024-05").stdout
    assert text == FIDE_TEXT


FIDE_TEXT = """\
A Player A: fide-2022, period 2024-05
before: rating 1500, games 10, K 40, junior no, reached 2400 no
game  opponent  R(opp)  used  diff  W  We    K·(W−We)
----  --------  ------  ----  ----  -  ----  --------
g1    B         1900    1900  -400  1  0.08  36.8
terms: K 40, n 1, ΣW 1, ΣWe 0.08, Σ(W−We) 0.92, K·Σ(W−We) 36.8, ΔR 37
after: rating 1537, status rated, games 11, K next period 40
note: seeded from the FIDE prior 1500 as of 2024-04-30 (10 games)
note: §8.3.4: the change 36.8 is rounded to 37 (0.5 away from zero)
"""
