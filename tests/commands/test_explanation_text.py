"""The one explanation and its one renderer (issue 11 §1).

Hand-built explanations in every style of cell, and three explanations through
``ratings explain``, whole, with the figures worked by hand (an IECG, an ICU
and a FIDE one): the bytes each system's own renderer printed before there was
one renderer (checked against them, for every registered name, when the one
renderer replaced them); and the ICU's calculations, said in words from the figures of its run.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from commands.explanation_text import WORDS, explanation_text, say
from projections.rules import common
from projections.rules.common import RatedGame
from projections.rules.explanation import TABLE, Column, Explanation, Statement, from_system
from projections.rules.icu.explain import icu_adjusted, icu_said
from projections.rules.icu.formulas import (
    ICU_1980,
    IcuAdjusted,
    IcuRun,
    IcuState,
    Status,
)
from tests.commands.support import Ratings
from tests.commands.test_icu_cli import DRAW, graded, play
from tests.projections import test_icu


def test_a_system_explanation_without_terms_before_or_after() -> None:
    """Not rated before or after (no terms), no game lines, no period terms: each said in words."""
    own = common.Working(before=(), columns=(), lines=(), terms=(), after=(), notes=("n1", "n2"))
    x = from_system(own, "glicko", "2024-01", "P")
    assert explanation_text(x, "Pat") == (
        "P Pat: glicko, period 2024-01\nbefore: not rated\nno rated games in the period\nafter: not rated\n"
        "note: n1\nnote: n2\n"
    )


def test_a_system_explanation_with_every_part() -> None:
    """Floats as the system rounded them (no trailing zeros, no "-0"), None as nothing, every cell aligned left."""
    own = common.Working(
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
        "game  opponent       opp TER  used  cut-off       result  We      dR\n"
        "----  -------------  -------  ----  ------------  ------  ------  -----\n"
        "G2    N Niall Nowak      800  1100  yes (§III.8)  ½       0.9091  -8.18\n"
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
game  opponent    R(opp)  used  diff  W  We    K·(W−We)
----  ----------  ------  ----  ----  -  ----  --------
g1    B Player B  1900    1900  -400  1  0.08  36.8
terms: K 40, n 1, ΣW 1, ΣWe 0.08, Σ(W−We) 0.92, K·Σ(W−We) 36.8, ΔR 37
after: rating 1537, status rated, games 11, K next period 40
note: seeded from the FIDE prior 1500 as of 2024-04-30 (10 games)
note: Open began on 2024-05-10: rated from the list of 2024-04 (rating 1500, K 40)
note: §8.3.4: the change 36.8 is rounded to 37 (0.5 away from zero)
"""


# --- the ICU's calculations in words (the run gives figures; the words are here) --------------------------


def icu_run(player: str, grade: int, status: Status, games: int, opponents: list[int], wins: int) -> IcuRun:
    """``player`` (``grade`` on ``games``, ``status``) beats the first ``wins`` of his graded ``opponents``
    (one each, ``g00-<grading>``...) in the 1980 run and loses to the rest."""
    states, played = test_icu.batch(player, test_icu.results(opponents, wins, draws=0))
    return test_icu.run({**states, player: IcuState(grade, games, status)}, played)


def icu_said_lines(done: IcuRun, player: str) -> list[str]:
    return [say(statement) for statement in icu_said(ICU_1980, done.explanations[player])]


ICU_CASES: dict[str, tuple[Callable[[], IcuRun], str, list[str]]] = {
    # Players over 2000: 16 games in the year, active, at half rate: 12 won and 4 lost vs 2050s, +8 × 16 = +128,
    # differences 16 × −50 = −800, 4% = −32: +96, halved +48. Bonuses: threshold 32 + 3 × 12 = 68, halved 34;
    # 14 over it, doubled: +62.
    "half rate and bonus": (
        lambda: icu_run("A", 2100, "graded", 80, [2050] * 16, wins=12),
        "A",
        [
            "Order of grading: group 5, graded 1200 and over (ICU 1980, Order of Grading)",
            "Before the run: graded 2100",
            "Regraded (ICU 1980, Regrading Graded players):",
            *(
                f"  g{i:02d}: v g{i:02d}-2050, grading 2050 (old), won: +16; difference -50, 4% = -2; game +14"
                for i in range(12)
            ),
            *(
                f"  g{i:02d}: v g{i:02d}-2050, grading 2050 (old), lost: -16; difference -50, 4% = -2; game -18"
                for i in range(12, 16)
            ),
            "  From 2100: wins − losses +8 × 16 = +128; differences -800 × 4% = -32; adjustment +96",
            "  16 graded games in the year: active, over 2000: half rate, 8 and 2%: +48 (ICU 1980, Players over 2000)",
            "  Bonus: threshold for 16 games 34 (halved: active over 2000); gain +48 is 14 over it, doubled: +14 more "
            "(ICU 1980, Bonuses)",
            "  2100 +62 = 2162, rounded 2162",
            "New grading: graded 2162",
        ],
    ),
    # Regarding Provisionally-graded players: 1000/10 wins one and loses one vs 1000s: (2000 + 10000)/12 = 1000;
    # Players under 1200: 12 graded games end the provisional grading.
    "no longer provisional": (
        lambda: icu_run("P", 1000, "provisional", 10, [1000, 1000], wins=1),
        "P",
        [
            "Order of grading: group 2, provisionally graded under 1200 (ICU 1980, Order of Grading)",
            "Before the run: provisional 1000/10",
            "Recalculated (ICU 1980, Regarding Provisionally-graded players):",
            "  g00: v g00-1000, grading 1000 (old), won",
            "  g01: v g01-1000, grading 1000 (old), lost",
            "  1) Sum of opponents' gradings: 2000",
            "  2) Wins − losses +0: +0, leaving 2000",
            "  3) Previous grading 1000 × 10 games = 10000, giving 12000",
            "  4) Divided by 12 games: 1000, rounded 1000",
            "  12 graded games: no longer provisional (ICU 1980, Players under 1200)",
            "New grading: graded 1000",
        ],
    ),
    # Players under 1200, case 2: 900/5 scores 3/5 vs 1000s: (5000 + 400)/5 = 1080, between 900 and 1200.
    "provisional performance": (
        lambda: icu_run("P", 900, "provisional", 5, [1000] * 5, wins=3),
        "P",
        [
            "Order of grading: group 2, provisionally graded under 1200 (ICU 1980, Order of Grading)",
            "Before the run: provisional 900/5",
            "Recalculated (ICU 1980, Regarding Provisionally-graded players):",
            "  g00: v g00-1000, grading 1000 (old), won",
            "  g01: v g01-1000, grading 1000 (old), won",
            "  g02: v g02-1000, grading 1000 (old), won",
            "  g03: v g03-1000, grading 1000 (old), lost",
            "  g04: v g04-1000, grading 1000 (old), lost",
            "  1) Sum of opponents' gradings: 5000",
            "  2) Wins − losses +1: +400, leaving 5400",
            "  Under 1200, scored 3/5 (at least 40% in at least 5 games): performance 5400/5 = 1080; accelerated, "
            "performance taken as new grading (ICU 1980, Players under 1200)",
            "  New grading 1080, rounded 1080, on 10 games",
            "New grading: provisional 1080/10",
        ],
    ),
    # Players under 1200 (graded), case 2: the same games from a grading of 900.
    "graded performance": (
        lambda: icu_run("A", 900, "graded", 30, [1000] * 5, wins=3),
        "A",
        [
            "Order of grading: group 4, graded under 1200 (ICU 1980, Order of Grading)",
            "Before the run: graded 900",
            "Regraded (ICU 1980, Regrading Graded players):",
            "  Under 1200, scored 3/5 (at least 40% in at least 5 games): performance 1080; accelerated, "
            "performance taken as new grading (ICU 1980, Players under 1200)",
            "  g00: v g00-1000, grading 1000 (old), won",
            "  g01: v g01-1000, grading 1000 (old), won",
            "  g02: v g02-1000, grading 1000 (old), won",
            "  g03: v g03-1000, grading 1000 (old), lost",
            "  g04: v g04-1000, grading 1000 (old), lost",
            "  New grading 1080, rounded 1080",
            "New grading: graded 1080",
        ],
    ),
    # Rating a New Player: beats a 1500: (1500 + 400)/1 = 1900, a figure not published below five games.
    "new player on one game": (
        lambda: test_icu.run(
            {"G": test_icu.graded(1500)}, [RatedGame("a1", "N", "G", 2), RatedGame("u1", "U", "V", 1)]
        ),
        "N",
        [
            "Order of grading: group 1, ungraded (ICU 1980, Order of Grading)",
            "Before the run: ungraded",
            "Graded as a new player (ICU 1980, Rating a New Player):",
            "  a1: v G, grading 1500 (old), won",
            "  1) Sum of opponents' gradings: 1500",
            "  2) Wins − losses +1: +400, leaving 1900",
            "  3) Divided by 1 games: 1900, rounded 1900",
            "New grading: provisional figure 1900 on 1 games (not published below 5)",
        ],
    ),
    # Playing Unrated Players (choice 9): U and V met only each other.
    "cannot be graded": (
        lambda: test_icu.run(
            {"G": test_icu.graded(1500)}, [RatedGame("a1", "N", "G", 2), RatedGame("u1", "U", "V", 1)]
        ),
        "U",
        [
            "Order of grading: group 1, ungraded (ICU 1980, Order of Grading)",
            "Before the run: ungraded",
            "Cannot be graded: the ungraded players U, V met only each other, with no graded opponent directly or "
            "through other ungraded players (ICU 1980, Playing Unrated Players)",
        ],
    ),
}
"""A player's part of an ICU run, in words, with the arithmetic beside each case: the run's figures said."""


@pytest.mark.parametrize("case", ICU_CASES)
def test_icu_calculation_in_words(case: str) -> None:
    made, player, expected = ICU_CASES[case]
    assert icu_said_lines(made(), player) == expected


def test_icu_adjustments_in_words() -> None:
    """ICU 1980, Feedback Points: each adjustment as it reached the player, with or without its note."""
    assert [say(icu_adjusted(a)) for a in (IcuAdjusted("global", -10, ""), IcuAdjusted("feedback", 5, "junior"))] == [
        "Adjusted by the grading committee: global adjustment -10 (ICU 1980, Feedback Points)",
        "Adjusted by the grading committee: feedback points +5 (junior) (ICU 1980, Feedback Points)",
    ]


def test_every_icu_key_is_said() -> None:
    """Every ICU key has its words said by a case here or in tests/projections/test_icu.py (the worked examples:
    crossing 2000, the accelerated case 1, the mixed run); ``icu.no_games``, ``icu.after`` and ``icu.unpublished``
    are said around the run (:func:`~projections.rules.icu.explain.from_icu`) and printed by
    tests/commands/test_icu_cli.py and test_explain_icu_whole above."""
    said: set[str] = set()

    def add(statement: Statement) -> None:
        said.add(statement.key)
        for _name, value in statement.values:
            if isinstance(value, Statement):
                add(value)

    runs = [(made(), player) for made, player, _ in ICU_CASES.values()]
    states, games = test_icu.batch("A", test_icu.results([1940] + [1990] * 15, wins=9, draws=0))
    runs.append((test_icu.run({**states, "A": test_icu.graded(1990)}, games), "A"))
    states, games = test_icu.batch("P", test_icu.results([1000] * 5, wins=2, draws=0))
    runs.append((test_icu.run({**states, "P": test_icu.provisional(1150, 5)}, games), "P"))
    mixed = test_icu.run(*test_icu.mixed())
    runs += [(mixed, player) for player in mixed.explanations]
    for done, player in runs:
        for statement in icu_said(ICU_1980, done.explanations[player]):
            add(statement)
    for adjusted in (IcuAdjusted("global", -10, ""), IcuAdjusted("feedback", 5, "junior")):
        add(icu_adjusted(adjusted))
    assert "icu.crossing" in said and "icu.rule.below" in said and "icu.approximation" in said
    own = {key for key in WORDS if key.startswith("icu.") and not key.startswith("icu.left.")}  # left out: the replay's
    assert own - said == {"icu.no_games", "icu.after", "icu.unpublished"}
