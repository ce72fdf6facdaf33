"""The Irish Chess Union grading system (1980), rule by rule.

Every worked example of the seed ``001_5be2d6f9fab6ed8a.txt`` is a test here,
its expected figure copied from the text, with the heading it stands under.
The other expected figures are worked out by hand, the arithmetic beside them.
Unless a test says otherwise, the run is the year 1980 (period index 1980 of
:data:`ICU_1980`'s yearly periods) and graded opponents have 30 games behind
them and none yet in 1980.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from commands.explanation_text import say
from projections.rules.common import RatedGame
from projections.rules.icu.explain import icu_adjusted, icu_said
from projections.rules.icu.formulas import (
    ICU_1980,
    UNGRADED,
    IcuAdjusted,
    IcuAdjustment,
    IcuAdjustmentError,
    IcuConvergenceError,
    IcuGameError,
    IcuParams,
    IcuPriorError,
    IcuRun,
    IcuState,
    apply_adjustments,
    bonus,
    bonus_threshold,
    capped_difference,
    consistent_gradings,
    cross_half_rate,
    grade_period,
    group_of,
    published,
    state_from_prior,
)
from projections.rules.periods import PeriodScheme

SEED = "001_5be2d6f9fab6ed8a.txt"
YEAR = ICU_1980.periods.index("1980-01")


def graded(grade: int, games: int = 30) -> IcuState:
    return state_from_prior(grade, games, "graded")


def provisional(grade: int, games: int) -> IcuState:
    return state_from_prior(grade, games, "provisional")


def new_player(_: str) -> IcuState:
    return UNGRADED


def run(
    states: Mapping[str, IcuState],
    games: Sequence[RatedGame],
    params: IcuParams = ICU_1980,
    period: int = YEAR,
) -> IcuRun:
    return grade_period(params, period, states, games, new_player)


def batch(
    player: str, results: Sequence[tuple[int, int]], *, prefix: str = "g"
) -> tuple[dict[str, IcuState], list[RatedGame]]:
    """``player``'s games against graded opponents: (opponent's grading, player's half points) each.

    Each opponent is a separate graded player, so every opponent's figure is
    his old grading (he is graded in the same or a later group, or is graded
    "over 1200" while the player is not).
    """
    states: dict[str, IcuState] = {}
    games: list[RatedGame] = []
    for i, (grade, points2) in enumerate(results):
        opponent = f"{prefix}{i:02d}-{grade}"
        states[opponent] = graded(grade)
        games.append(RatedGame(f"{prefix}{i:02d}", player, opponent, points2))
    return states, games


def results(grades: Sequence[int], wins: int, draws: int) -> list[tuple[int, int]]:
    """The first ``wins`` opponents beaten, the next ``draws`` drawn, the rest lost."""
    return [(g, 2 if i < wins else 1 if i < wins + draws else 0) for i, g in enumerate(grades)]


def said(run_: IcuRun, player: str, params: IcuParams = ICU_1980) -> list[str]:
    """The player's part of the run in words, a line each, as ``explain`` prints it."""
    return [say(statement) for statement in icu_said(params, run_.explanations[player])]


def grade_of(run_: IcuRun, player: str) -> int:
    grade = run_.states[player].grade
    assert grade is not None
    return grade


# === The worked examples of the seed ==========================================


def test_new_player_example_835_6() -> None:
    """Seed 001, "Rating a New Player", Example: 1½/6 vs 1350, 1200, 1100, 900, 850, 810 → 835/6.

    6210 − 1200 = 5010; 5010 / 6 = 835. "This player will be assigned a provisional grading of 835/6."
    """
    states, games = batch("N", results([1350, 1200, 1100, 900, 850, 810], wins=1, draws=1))
    done = run(states, games)
    assert done.states["N"] == IcuState(835, 6, "provisional", 6, YEAR)
    assert published(done.states["N"]) == "835/6"
    lines = said(done, "N")
    assert "  1) Sum of opponents' gradings: 6210" in lines
    assert "  2) Wins − losses -3: -1200, leaving 5010" in lines
    assert "  3) Divided by 6 games: 835, rounded 835" in lines


def test_playing_unrated_players_835_used_for_opponents() -> None:
    """Seed 001, "Playing Unrated Players": "the figure of 835 will be used for that player in regrading
    his opponents". The 1350 he beat: −16, 835 − 1350 = −515 counted −350, 4% = −14: −30 → 1320."""
    states, games = batch("N", results([1350, 1200, 1100, 900, 850, 810], wins=1, draws=1))
    done = run(states, games)
    opponent = "g00-1350"
    assert done.explanations[opponent].entries[0].opponent_grade == 835
    assert done.explanations[opponent].entries[0].figure == "new"
    assert grade_of(done, opponent) == 1320


def test_provisional_example_1220_9() -> None:
    """Seed 001, "Regarding Provisionally-graded players", Example: 1300/5 scores 1½/4 vs 1400, 1300, 1200,
    980 → 1220/9. 4880 − 400 = 4480; + 1300 × 5 = 10980; / 9 = 1220."""
    states, games = batch("P", results([1400, 1300, 1200, 980], wins=1, draws=1))
    done = run({**states, "P": provisional(1300, 5)}, games)
    assert done.states["P"] == IcuState(1220, 9, "provisional", 4, YEAR)
    assert published(done.states["P"]) == "1220/9"
    lines = said(done, "P")
    assert "  1) Sum of opponents' gradings: 4880" in lines
    assert "  3) Previous grading 1300 × 5 games = 6500, giving 10980" in lines
    assert "  4) Divided by 9 games: 1220, rounded 1220" in lines


@pytest.mark.parametrize(
    ("example", "opponent", "points2", "change"),
    [
        (1, 1550, 2, +22),  # "1400 beats 1550. He gets 16 for the win plus 4% of 150 giving +22."
        (2, 1550, 0, -10),  # "1400 loses to 1550. He loses 16 for the loss but gets 4% of 150 giving -10."
        (3, 1550, 1, +6),  # "1400 draws with 1550. Zero plus 4% of 150 gives +6."
        (4, 2000, 0, -2),  # "1400 loses to 2000. Minus 16 plus 4% of 350(max) gives -2."
        (5, 1200, 2, +8),  # "1400 beats 1200. Plus 16 minus 4% of 200 gives +8."
    ],
)
def test_regrading_graded_one_game_examples(example: int, opponent: int, points2: int, change: int) -> None:
    """Seed 001, "Regrading Graded players", the five one-game examples 1)–5)."""
    done = run(
        {"A": graded(1400), "B": graded(opponent)},
        [RatedGame("g1", "A", "B", points2)],
    )
    assert grade_of(done, "A") - 1400 == change, f"example {example}"


@pytest.mark.parametrize(
    ("wins", "draws", "order"),
    [
        (3, 2, [1000, 1500, 1550, 1600, 1650, 1975]),  # beat the weakest, lost to 1975
        (3, 2, [1975, 1650, 1600, 1550, 1500, 1000]),  # "He might have lost to 1975 and beaten 1000 or vice versa"
        (2, 4, [1650, 1000, 1500, 1550, 1600, 1975]),
    ],
)
def test_regrading_graded_1600_scores_4_of_6(wins: int, draws: int, order: list[int]) -> None:
    """Seed 001, "Regrading Graded players": 1600 scores 4/6 vs 1000, 1500, 1550, 1600, 1650, 1975 → +28.

    +32 for two more wins than losses; differences −350 (capped), −100, −50, 0, +50, +350 (capped) = −100,
    4% = −4; +32 − 4 = +28, whichever games he won. (The 1000, graded under 1200, is regraded first and
    used at his new grading, 998 or 1002 ("Order of Grading"); counted −350 all the same.)
    """
    states, games = batch("A", results(order, wins, draws))
    done = run({**states, "A": graded(1600)}, games)
    assert grade_of(done, "A") == 1628
    lines = "\n".join(said(done, "A"))
    assert "wins − losses +2 × 16 = +32; differences -100 × 4% = -4; adjustment +28" in lines
    assert "counted -350, 4% = -14" in lines
    assert "difference +375, counted +350" in lines


def test_graded_under_1200_example_1212() -> None:
    """Seed 001, "Players under 1200" (graded), Example: 1100 scores 3½/6 vs 1100, 1150, 1180, 1200, 1210,
    1260 (total 7100): performance (7100 + 400)/6 = 1250 > 1200, so regraded from 1200:
    1200 + 16 − 4 = 1212."""
    states, games = batch("A", results([1100, 1150, 1180, 1200, 1210, 1260], wins=2, draws=3))
    done = run({**states, "A": graded(1100)}, games)
    assert grade_of(done, "A") == 1212
    lines = "\n".join(said(done, "A"))
    assert "performance 1250; accelerated, from a starting point of 1200" in lines
    assert "From 1200: wins − losses +1 × 16 = +16; differences -100 × 4% = -4; adjustment +12" in lines


def test_crossing_2000_example_formula() -> None:
    """Seed 001, "Players over 2000": "1990+30 (on 4%) → 1990+10+½(20) = 2010"."""
    assert cross_half_rate(ICU_1980, 1990, Fraction(30)) == 2010


def test_crossing_2000_example_in_a_run() -> None:
    """Seed 001, "Players over 2000": 1990 + 30 → 2010, for an active player (16 graded games in the year).

    16 games, 9 won, 7 lost, vs fifteen 1990s and one 1940: +32, differences −50 × 4% = −2: +30 at full
    rate (bonus threshold 32 + 3 × 12 = 68, not reached); the 20 above 2000 halved: 2010.
    """
    states, games = batch("A", results([1940] + [1990] * 15, wins=9, draws=0))
    done = run({**states, "A": graded(1990)}, games)
    assert grade_of(done, "A") == 2010
    assert "going over 2000: 1990 +30 → 1990 +10 + ½(20) = 2010" in "\n".join(said(done, "A"))


def test_bonus_example_formula() -> None:
    """Seed 001, "Bonuses": "the threshold for six games is 38 points so a player having a normal gain of 50
    points on 6 games will get an additional 12, giving +62 points in all"."""
    threshold = bonus_threshold(ICU_1980, 6, halved=False)
    assert threshold == 38
    assert bonus(Fraction(50), threshold) == 12


def test_bonus_example_in_a_run() -> None:
    """Seed 001, "Bonuses": a normal gain of 50 on 6 games → +62.

    1500 scores 4½/6 (3 won, 3 drawn) vs five 1500s and a 1550: +48, difference +50 × 4% = +2: gain 50;
    threshold 38; 12 over it, doubled: +62.
    """
    states, games = batch("A", results([1550] + [1500] * 5, wins=3, draws=3))
    done = run({**states, "A": graded(1500)}, games)
    assert grade_of(done, "A") == 1562
    assert "  Bonus: threshold for 6 games 38; gain +50 is 12 over it, doubled: +12 more (ICU 1980, Bonuses)" in said(
        done, "A"
    )


# === Thresholds, both sides ===================================================


@pytest.mark.parametrize(("games", "shown"), [(4, None), (5, "1000/5")])
def test_five_games_for_a_published_provisional_grading(games: int, shown: str | None) -> None:
    """Seed 001, "Playing Unrated Players": "The minimum number of games required for a provisional grading
    is five. Players with less have their figures calculated for the purpose of dealing with their opponents."
    All games drawn against 1000s: (n × 1000)/n = 1000."""
    states, played = batch("N", results([1000] * games, wins=0, draws=games))
    done = run(states, played)
    assert done.states["N"] == IcuState(1000, games, "provisional", games, YEAR)
    assert published(done.states["N"]) == shown
    # the figure is used for his opponents all the same
    assert done.explanations["g00-1000"].entries[0] == (("g00", "N", 1000, "new", 1))


def test_published_forms() -> None:
    """Seed 001, "Rating a New Player": provisional gradings are shown "835/6"; a full grading alone."""
    assert published(UNGRADED) is None
    assert published(provisional(835, 6)) == "835/6"
    assert published(provisional(835, 4)) is None
    assert published(graded(1400)) == "1400"
    assert published(graded(1400, games=0)) == "1400"


@pytest.mark.parametrize(("more", "status", "shown"), [(3, "provisional", "1500/11"), (4, "graded", "1500")])
def test_twelve_games_no_longer_provisional(more: int, status: str, shown: str) -> None:
    """Seed 001, "Players under 1200": "When a player has accumulated 12 or more graded games his grading is
    no longer designated provisional." 1500/8 draws 3 (→ 11) or 4 (→ 12) games with 1500s: stays 1500."""
    states, games = batch("P", results([1500] * more, wins=0, draws=more))
    done = run({**states, "P": provisional(1500, 8)}, games)
    assert done.states["P"].status == status
    assert done.states["P"].games == 8 + more
    assert published(done.states["P"]) == shown


def test_new_player_with_twelve_games_is_graded_at_once() -> None:
    """Module choice 8: 12 graded games in his first run make a new player graded."""
    states, games = batch("N", results([1300] * 12, wins=6, draws=0))
    done = run(states, games)
    assert done.states["N"] == IcuState(1300, 12, "graded", 12, YEAR)


def test_graded_player_regraded_by_sixteen_and_four_percent_after_twelve_games() -> None:
    """Seed 001, "Players under 1200" / "Regrading Graded players": once graded (12 games), the next run
    uses 16 and 4%: 1500 beats a 1500: +16."""
    states, games = batch("P", results([1500] * 4, wins=0, draws=4))
    first = run({**states, "P": provisional(1500, 8)}, games)
    assert first.states["P"].status == "graded"
    second = run({"P": first.states["P"], "Q": graded(1500)}, [RatedGame("h1", "P", "Q", 2)], period=YEAR + 1)
    assert grade_of(second, "P") == 1516
    assert second.states["P"].year_games == 1  # a new year


@pytest.mark.parametrize(
    ("score", "expected"),
    [
        # 2/5 = 40%: performance (5500 − 400)/5 = 1020, between 900 and 1200: taken. (Normal: 9600/10 = 960.)
        ((2, 0), 1020),
        # 1½/5 = 30%: not accelerated: (5500 − 800 + 900 × 5)/10 = 9200/10 = 920. (Performance would be 940.)
        ((1, 1), 920),
    ],
)
def test_provisional_accelerated_forty_percent(score: tuple[int, int], expected: int) -> None:
    """Seed 001, "Players under 1200" (provisional): at least 40% in at least five games; case 2."""
    wins, draws = score
    states, games = batch("P", results([1100] * 5, wins, draws))
    done = run({**states, "P": provisional(900, 5)}, games)
    assert done.states["P"] == IcuState(expected, 10, "provisional", 5, YEAR)


@pytest.mark.parametrize(
    ("n", "expected", "games_after"),
    [
        # 4 games, 2/4: not accelerated: (4400 + 900 × 5)/9 = 8900/9 = 988.9 → 989. (Performance 1100.)
        (4, 989, 9),
        # 5 games, 2½/5: performance 5500/5 = 1100, between 900 and 1200: taken, on 10 games.
        (5, 1100, 10),
    ],
)
def test_provisional_accelerated_five_games(n: int, expected: int, games_after: int) -> None:
    """Seed 001, "Players under 1200" (provisional): "a minimum of five games"; rounding half up (choice 2)."""
    states, games = batch("P", results([1100] * n, wins=n // 2, draws=n % 2))
    done = run({**states, "P": provisional(900, 5)}, games)
    assert done.states["P"].grade == expected
    assert done.states["P"].games == games_after


def test_provisional_accelerated_case_1_below_old_grading() -> None:
    """Seed 001, "Players under 1200" case 1: 1150/5 scores 2/5 vs 1000s: performance (5000 − 400)/5 = 920
    is less than 1150: the normal procedure, (4600 + 5750)/10 = 1035."""
    states, games = batch("P", results([1000] * 5, wins=2, draws=0))
    done = run({**states, "P": provisional(1150, 5)}, games)
    assert done.states["P"].grade == 1035
    assert any("accelerated, but performance below old grading" in line for line in said(done, "P"))


def test_provisional_accelerated_case_3_over_1200() -> None:
    """Seed 001, "Players under 1200" case 3: 900/5 scores 4/5 vs 1100s: performance (5500 + 1200)/5 = 1340
    exceeds 1200: "calculated as if he had an old grading of 1200": (6700 + 1200 × 5)/10 = 1270.
    (The normal procedure would give (6700 + 4500)/10 = 1120.)"""
    states, games = batch("P", results([1100] * 5, wins=4, draws=0))
    done = run({**states, "P": provisional(900, 5)}, games)
    assert done.states["P"].grade == 1270
    assert "  3) Previous grading 1200 × 5 games = 6000, giving 12700" in said(done, "P")


@pytest.mark.parametrize(
    ("old", "results_", "expected"),
    [
        # case 2: 1000 scores 3/5 vs 1050s: performance (5250 + 400)/5 = 1130: taken. (Normal: 1000 + 16 + 10.)
        (1000, results([1050] * 5, 2, 2), 1130),
        # case 1: 1150 scores 2/5 vs 1000s: performance 920 < 1150: normal, 1150 − 16 − 4% × 750 = 1104.
        (1150, results([1000] * 5, 2, 0), 1104),
        # 4 games, 2/4 vs 1050s: not accelerated: 1000 + 0 + 4% × 200 = 1008. (Performance 1050.)
        (1000, results([1050] * 4, 2, 0), 1008),
        # 5 games, 1½/5 = 30% vs 1300s: not accelerated: 1000 − 32 + 4% × 1500 = 1028. (Performance 1140.)
        (1000, results([1300] * 5, 1, 1), 1028),
        # 5 games, 2/5 = 40% vs 1300s: accelerated: performance (6500 − 400)/5 = 1220 > 1200: from 1200,
        # 1200 − 16 + 4% × 500 = 1204.
        (1000, results([1300] * 5, 2, 0), 1204),
        # choice 5: 1000 scores 5/5 vs 1100s: performance (5500 + 2000)/5 = 1500 > 1200: from 1200,
        # +80 + 4% × (−500) = +60; threshold for 5 games 35, 25 over it, doubled: +85 → 1285.
        (1000, results([1100] * 5, 5, 0), 1285),
    ],
)
def test_graded_accelerated_rules(old: int, results_: list[tuple[int, int]], expected: int) -> None:
    """Seed 001, "Players under 1200" (graded): 40% or more in a minimum of five games; the three cases."""
    states, games = batch("A", results_)
    done = run({**states, "A": graded(old)}, games)
    assert grade_of(done, "A") == expected


@pytest.mark.parametrize(
    ("difference", "counted"), [(349, 349), (350, 350), (351, 350), (-349, -349), (-350, -350), (-351, -350)]
)
def test_350_cap(difference: int, counted: int) -> None:
    """Seed 001, "Regrading Graded players": "Grading differences of more than 350 points are counted as 350"."""
    assert capped_difference(ICU_1980, 1500, 1500 + difference) == counted


@pytest.mark.parametrize(("opponent", "change"), [(1900, +12), (1950, +14), (2000, +14), (1250, -14), (1200, -14)])
def test_350_cap_in_a_run(opponent: int, change: int) -> None:
    """Seed 001, "Regrading Graded players": 1600 draws with 1900 (4% of 300 = 12), 1950 (350: 14), 2000
    (counted 350: 14, not 16); 1250 (−350: −14), 1200 (counted −350: −14, not −16)."""
    done = run({"A": graded(1600), "B": graded(opponent)}, [RatedGame("g1", "A", "B", 1)])
    assert grade_of(done, "A") - 1600 == change


@pytest.mark.parametrize(
    ("n", "wins", "draws", "expected"),
    [
        # 16 games (active), W − L = 4 vs 2100s: half rate, 8 × 4 = 32; halved threshold (32 + 36)/2 = 34: 2132.
        (16, 7, 6, 2132),
        # 15 games (not active), W − L = 4: full rate, 64; threshold 32 + 33 = 65: 2164.
        (15, 7, 5, 2164),
    ],
)
def test_sixteen_graded_games_in_the_year(n: int, wins: int, draws: int, expected: int) -> None:
    """Seed 001, "Players over 2000": active players over 2000 at half rate, "However players over 2000 playing
    less than 16 graded games in the year will be adjusted at full rate"."""
    states, games = batch("A", results([2100] * n, wins, draws))
    done = run({**states, "A": graded(2100)}, games)
    assert grade_of(done, "A") == expected
    assert done.states["A"].year_games == n


def test_crossing_2000_not_active_is_full_rate() -> None:
    """Seed 001, "Players over 2000" (choice 6): with 15 graded games in the year the crossing is at full rate.
    15 games, 8 won, 1 drawn, 6 lost vs fourteen 1990s and a 1940: +32 − 2 = +30: 2020."""
    states, games = batch("A", results([1940] + [1990] * 14, wins=8, draws=1))
    done = run({**states, "A": graded(1990)}, games)
    assert grade_of(done, "A") == 2020


@pytest.mark.parametrize(
    ("old", "expected"),
    [
        (2010, 1978),  # over 2000, losing: half rate throughout, −64/2 = −32 (choice 6: no downward crossing)
        (2000, 1968),  # 2000 is "over 2000" (choice 3): −32
        (1999, 1935),  # under 2000: full rate, −64
    ],
)
def test_half_rate_boundary_at_2000(old: int, expected: int) -> None:
    """Seed 001, "Players over 2000": active (16 games), W − L = −4 against his own grading: full rate −64."""
    states, games = batch("A", results([old] * 16, wins=2, draws=8))
    done = run({**states, "A": graded(old)}, games)
    assert grade_of(done, "A") == expected


def test_half_rate_bonus_threshold_halved() -> None:
    """Seed 001, "Bonuses": "The thresholds for active players over 2000 are halved." 2100, 16 games, W − L = 6
    vs 2100s: half rate 8 × 6 = 48; threshold (32 + 3 × 12)/2 = 34; 14 over, doubled: 48 + 14 = +62."""
    states, games = batch("A", results([2100] * 16, wins=8, draws=6))
    done = run({**states, "A": graded(2100)}, games)
    assert grade_of(done, "A") == 2162
    assert bonus_threshold(ICU_1980, 16, halved=True) == 34


@pytest.mark.parametrize(
    ("last_period", "expected"),
    [
        # 1980-01 (same year): 10 + 6 = 16 graded games in 1980: active, half rate: +16; threshold 19: 2116.
        ("1980-01", 2116),
        # 1979-07 (last year): 6 graded games in 1980: full rate, +32; threshold 38: 2132.
        ("1979-07", 2132),
    ],
)
def test_graded_games_in_the_year_across_shorter_periods(last_period: str, expected: int) -> None:
    """Seed 001, "Players over 2000" (choice 1): with half-year runs ("supplementing lists") the graded games
    of the year add up over the runs of the calendar year. 2100 with 10 games in his last run, W − L = 2 in
    6 games vs 2100s."""
    half_years = IcuParams(name="icu-test", periods=PeriodScheme(months=6))
    period = half_years.periods.index("1980-07")
    before = IcuState(2100, 40, "graded", 10, half_years.periods.index(last_period))
    states, games = batch("A", results([2100] * 6, wins=2, draws=4))
    done = run({**states, "A": before}, games, params=half_years, period=period)
    assert grade_of(done, "A") == expected
    assert done.states["A"].year_games == (16 if last_period == "1980-01" else 6)


@pytest.mark.parametrize(
    ("n", "wins", "draws", "expected"),
    [
        (3, 3, 0, 1548),  # 3 games, +48: no bonus on fewer than 4 games
        (4, 4, 0, 1596),  # 4 games, +64; threshold 32; 32 over, doubled: +96
        (4, 2, 2, 1532),  # 4 games, +32: not over the threshold
    ],
)
def test_bonus_batch_of_four(n: int, wins: int, draws: int, expected: int) -> None:
    """Seed 001, "Bonuses": "32 for 4 games plus 3 for each additional game"; a gain equal to it earns nothing."""
    states, games = batch("A", results([1500] * n, wins, draws))
    done = run({**states, "A": graded(1500)}, games)
    assert grade_of(done, "A") == expected


def test_bonus_one_point_over() -> None:
    """Seed 001, "Bonuses": 1500, 4 games, W − L = 2 vs 1525, 1500, 1500, 1500: +32 + 4% × 25 = +33;
    threshold 32; 1 over, doubled: +34."""
    states, games = batch("A", results([1525, 1500, 1500, 1500], wins=2, draws=2))
    done = run({**states, "A": graded(1500)}, games)
    assert grade_of(done, "A") == 1534


def test_no_bonus_for_provisional_players() -> None:
    """Module choice 5: provisional gradings "change in a different way": 1500/5 wins 6 vs 1500s:
    (9000 + 2400 + 7500)/11 = 1718.18 → 1718, no bonus."""
    states, games = batch("P", results([1500] * 6, wins=6, draws=0))
    done = run({**states, "P": provisional(1500, 5)}, games)
    assert done.states["P"].grade == 1718


# === The order of grading =====================================================


@pytest.mark.parametrize(
    ("grade", "status", "group"),
    [
        (None, "ungraded", 1),
        (1199, "provisional", 2),
        (1200, "provisional", 3),
        (1199, "graded", 4),
        (1200, "graded", 5),
    ],
)
def test_groups(grade: int | None, status: str, group: int) -> None:
    """Seed 001, "Order of Grading": the five groups; 1200 is not "under 1200" (choice 3)."""
    state = UNGRADED if grade is None else state_from_prior(grade, 5, status)
    assert group_of(ICU_1980, state) == group


def test_order_of_grading_provisional_groups() -> None:
    """Seed 001, "Order of Grading": "The newly-calculated gradings of prior groups are used in grading
    subsequent groups." 1100/5 (group 2) beats 1300/5 (group 3).

    Group 2 first: (1300 + 400 + 1100 × 5)/6 = 7200/6 = 1200 → 1200/6.
    Group 3 uses 1200: (1200 − 400 + 1300 × 5)/6 = 7300/6 = 1216.67 → 1217/6.
    Were the groups taken the other way, 1300/5 would use 1100: 7200/6 = 1200.
    """
    done = run({"L": provisional(1100, 5), "H": provisional(1300, 5)}, [RatedGame("g1", "L", "H", 2)])
    assert published(done.states["L"]) == "1200/6"
    assert published(done.states["H"]) == "1217/6"
    assert done.explanations["H"].entries[0].figure == "new"
    assert done.explanations["L"].entries[0] == ("g1", "H", 1300, "old", 2)


def test_order_of_grading_graded_groups() -> None:
    """Seed 001, "Order of Grading": graded 1100 (group 4) beats graded 1300 (group 5).

    1100: +16 + 4% × 200 = +24 → 1124. 1300 uses 1124: −16 + 4% × (−176) = −23.04 → 1276.96 → 1277.
    With 1100 (the other order) it would be −16 − 8 = −24 → 1276.
    """
    done = run({"L": graded(1100), "H": graded(1300)}, [RatedGame("g1", "H", "L", 0)])
    assert grade_of(done, "L") == 1124
    assert grade_of(done, "H") == 1277


def test_same_group_uses_old_gradings() -> None:
    """Seed 001, "Order of Grading" (choice 7): within a group, both sides use the gradings before the run:
    1400 beats 1550, both over 1200: +22 and −22."""
    done = run({"A": graded(1400), "B": graded(1550)}, [RatedGame("g1", "A", "B", 2)])
    assert (grade_of(done, "A"), grade_of(done, "B")) == (1422, 1528)


# === Ungraded players who met each other =======================================


def test_unanchored_group_is_reported_by_name() -> None:
    """Seed 001, "Playing Unrated Players" (choice 9): ungraded players with no graded opponent, directly or
    through other ungraded players, cannot be graded; the run names them and does not raise."""
    games = [
        RatedGame("u1", "C", "A", 2),
        RatedGame("u2", "B", "A", 1),
        RatedGame("u3", "Z", "Y", 0),
        RatedGame("a1", "N", "G", 2),  # an anchored new player beside them
    ]
    done = run({"G": graded(1500)}, games)
    assert done.unanchored == (("A", "B", "C"), ("Y", "Z"))
    assert set(done.states) == {"N", "G"}
    assert done.states["N"].grade == 1900  # (1500 + 400)/1
    explanation = done.explanations["A"]
    assert explanation.after is None
    assert "the ungraded players A, B, C met only each other" in said(done, "A")[-1]


def test_ungraded_group_anchored_through_another_ungraded_player() -> None:
    """Choice 9: A met only B, and B met a graded player: both are graded.

    A drew B, his only game: A = B. B drew A and lost to G 1500: 2B = A + 1500 − 400 = B + 1100,
    so B = 1100 and A = 1100.
    """
    done = run({"G": graded(1500)}, [RatedGame("u1", "A", "B", 1), RatedGame("a1", "B", "G", 0)])
    assert done.unanchored == ()
    assert (done.states["A"].grade, done.states["B"].grade) == (1100, 1100)


def three_ungraded() -> tuple[dict[str, IcuState], list[RatedGame]]:
    """X, Y, Z ungraded; G1 1600, G2 1200, G3 1400 graded.

    X: drew G1, beat Y.         2 games, W − L = +1: 2X = 1600 + Y + 400
    Y: lost to X, drew Z, lost to G3.  3 games, W − L = −2: 3Y = X + Z + 1400 − 800
    Z: drew Y, beat G2.         2 games, W − L = +1: 2Z = Y + 1200 + 400

    X = (2000 + Y)/2 and Z = (1600 + Y)/2, so 3Y = (3600 + 2Y)/2 + 600 = 2400 + Y: Y = 1200, X = 1600,
    Z = 1400. (Check: 2·1600 = 2000 + 1200; 3·1200 = 1600 + 1400 + 600; 2·1400 = 1200 + 1600.)
    """
    states = {"G1": graded(1600), "G2": graded(1200), "G3": graded(1400)}
    games = [
        RatedGame("x1", "X", "G1", 1),
        RatedGame("x2", "X", "Y", 2),
        RatedGame("y1", "Y", "Z", 1),
        RatedGame("y2", "G3", "Y", 2),
        RatedGame("z1", "G2", "Z", 0),
    ]
    return states, games


def test_successive_approximation_three_ungraded() -> None:
    """Seed 001, "Playing Unrated Players": "the gradings which will be consistent between the players are
    found by successive approximations"; the algebra in :func:`three_ungraded`. Their opponents are then
    regraded with those figures: G1 drew 1600: 0 → 1600; G3 beat 1200: +16 − 8 → 1408; G2 lost to 1400:
    −16 + 8 → 1192."""
    states, games = three_ungraded()
    done = run(states, games)
    assert {p: done.states[p].grade for p in "XYZ"} == {"X": 1600, "Y": 1200, "Z": 1400}
    assert {p: done.states[p].games for p in "XYZ"} == {"X": 2, "Y": 3, "Z": 2}
    assert {p: done.states[p].grade for p in ("G1", "G2", "G3")} == {"G1": 1600, "G2": 1192, "G3": 1408}
    y_uses = {e.opponent: e for e in done.explanations["Y"].entries}
    assert y_uses["X"].figure == "consistent"
    assert y_uses["X"].opponent_grade == pytest.approx(1600, abs=1e-5)


def test_successive_approximation_two_ungraded() -> None:
    """Two ungraded players who drew with each other; X beat G1 1500, Y lost to G2 1300.

    2X = 1500 + 400 + Y and 2Y = 1300 − 400 + X: 4X = 3800 + 900 + X, X = 4700/3 = 1566.67 → 1567;
    Y = (900 + 4700/3)/2 = 3700/3 = 1233.33 → 1233.
    """
    games = [RatedGame("a", "X", "G1", 2), RatedGame("b", "Y", "X", 1), RatedGame("c", "G2", "Y", 2)]
    done = run({"G1": graded(1500), "G2": graded(1300)}, games)
    assert (done.states["X"].grade, done.states["Y"].grade) == (1567, 1233)


def approximation_inputs() -> tuple[dict[str, int], dict[str, int], dict[str, list[str]]]:
    """The system of :func:`three_ungraded`: fixed = graded opponents ± 400 a win/loss."""
    fixed = {"X": 1600 + 400, "Y": 1400 - 800, "Z": 1200 + 400}
    games = {"X": 2, "Y": 3, "Z": 2}
    links = {"X": ["Y"], "Y": ["X", "Z"], "Z": ["Y"]}
    return fixed, games, links


@pytest.mark.parametrize("tolerance", [10.0, 1.0, 1e-3, 1e-6, 1e-9])
def test_successive_approximation_tolerance(tolerance: float) -> None:
    """Choice 9: the rounds stop when no figure moves by more than the tolerance. Each round here shrinks the
    largest error by a factor q of at most 2/3 (the largest share of a player's games against ungraded players,
    Y's 2 of 3), so the error left is at most q/(1 − q) = 2 times the last move: 2 × the tolerance."""
    fixed, games, links = approximation_inputs()
    figures, rounds = consistent_gradings(fixed, games, links, 1400.0, tolerance, 1000)
    exact = {"X": 1600, "Y": 1200, "Z": 1400}
    assert all(abs(figures[p] - exact[p]) <= 2 * tolerance for p in exact)
    assert 1 <= rounds < 1000


def test_successive_approximation_tighter_tolerance_takes_more_rounds() -> None:
    """Choice 9: more rounds for a tighter tolerance, and a starting point already the solution takes one."""
    fixed, games, links = approximation_inputs()
    counts = [consistent_gradings(fixed, games, links, 1400.0, t, 1000)[1] for t in (10.0, 1e-3, 1e-9)]
    assert counts == sorted(counts)
    assert counts[0] < counts[-1]
    assert consistent_gradings({"X": 3000}, {"X": 2}, {"X": []}, 1500.0, 1e-6, 10) == ({"X": 1500.0}, 1)


def test_successive_approximation_bound_raises() -> None:
    """Choice 9: after ``max_rounds`` rounds without settling, :class:`IcuConvergenceError` names the players."""
    fixed, games, links = approximation_inputs()
    with pytest.raises(IcuConvergenceError, match="X, Y, Z did not settle within 1e-06 in 3 rounds"):
        consistent_gradings(fixed, games, links, 1400.0, 1e-6, 3)
    states, played = three_ungraded()
    with pytest.raises(IcuConvergenceError):
        run(states, played, params=dataclasses.replace(ICU_1980, max_rounds=3))


def test_successive_approximation_in_the_explanation() -> None:
    """The explanation says how the consistent figures were found."""
    states, games = three_ungraded()
    lines = said(run(states, games), "Y")
    assert any("found by successive approximation in" in line and "to within 1e-06" in line for line in lines)


# === Determinism ==============================================================


def mixed() -> tuple[dict[str, IcuState], list[RatedGame]]:
    """Every group, consistent figures, an unanchored pair, accelerated rules and a bonus, in one run."""
    states, games = three_ungraded()
    states |= {"P1": provisional(900, 5), "P2": provisional(1300, 7), "A": graded(2050, 80), "B": graded(1100)}
    games += [
        RatedGame("m1", "P1", "X", 2),
        RatedGame("m2", "P1", "P2", 1),
        RatedGame("m3", "P1", "B", 2),
        RatedGame("m4", "P1", "G2", 0),
        RatedGame("m5", "P1", "A", 2),
        RatedGame("m6", "A", "P2", 2),
        RatedGame("m7", "B", "Z", 1),
        RatedGame("m8", "A", "G1", 2),
        RatedGame("m9", "A", "G3", 2),
        RatedGame("n1", "U", "V", 2),
        RatedGame("n2", "V", "U", 1),
    ]
    return states, games


@settings(max_examples=40, deadline=None)
@given(st.permutations(range(len(mixed()[1]))))
def test_order_of_games_does_not_matter(order: list[int]) -> None:
    """Determinism: shuffled games give identical runs, explanations included."""
    states, games = mixed()
    assert run(states, [games[i] for i in order]) == run(states, games)


def test_mixed_run_is_complete() -> None:
    """The mixed run grades everyone but the unanchored pair, and the inputs are left as they were."""
    states, games = mixed()
    before = dict(states)
    done = run(states, games)
    assert done.unanchored == (("U", "V"),)
    assert set(done.states) == set(states) | {"X", "Y", "Z"}
    assert set(done.explanations) == set(done.states) | {"U", "V"}
    assert states == before


# === Committee adjustments, prior gradings, refusals ==========================


def test_feedback_and_global_adjustments() -> None:
    """Seed 001, "Feedback Points" (choice 11): feedback to one player, a global adjustment to every grading."""
    states = {"A": graded(1500), "B": provisional(900, 6), "C": provisional(1000, 3), "N": UNGRADED}
    adjustments = [
        IcuAdjustment(None, 10, "deflation 1979"),
        IcuAdjustment("A", 5, "met an undergraded junior"),
        IcuAdjustment("B", -10),
    ]
    changed, reached = apply_adjustments(states, adjustments)
    assert changed == {"A": graded(1515), "C": provisional(1010, 3)}  # B: +10 − 10
    assert published(changed["A"]) == "1515"
    assert reached["A"] == (
        IcuAdjusted("global", 10, "deflation 1979"),
        IcuAdjusted("feedback", 5, "met an undergraded junior"),
    )
    assert reached["B"] == (IcuAdjusted("global", 10, "deflation 1979"), IcuAdjusted("feedback", -10, ""))
    assert [say(icu_adjusted(a)) for a in reached["A"] + reached["B"][1:]] == [
        "Adjusted by the grading committee: global adjustment +10 (deflation 1979) (ICU 1980, Feedback Points)",
        "Adjusted by the grading committee: feedback points +5 (met an undergraded junior) (ICU 1980, Feedback Points)",
        "Adjusted by the grading committee: feedback points -10 (ICU 1980, Feedback Points)",
    ]
    assert "N" not in reached
    assert apply_adjustments(states, list(reversed(adjustments))) == (changed, reached)


def test_adjustment_for_a_player_without_a_grading_is_refused() -> None:
    with pytest.raises(IcuAdjustmentError, match="'N' has no grading"):
        apply_adjustments({"N": UNGRADED}, [IcuAdjustment("N", 5)])
    with pytest.raises(IcuAdjustmentError, match="'Q' has no grading"):
        apply_adjustments({}, [IcuAdjustment("Q", 5)])


def test_state_from_prior() -> None:
    """Choice 12: a prior I.C.U. grading as the state before the player's first run."""
    assert state_from_prior(None, 0, "ungraded") == UNGRADED
    assert state_from_prior(1300, 5, "provisional") == IcuState(1300, 5, "provisional", 0, None)
    assert state_from_prior(1850, 0, "graded") == IcuState(1850, 0, "graded", 0, None)


@pytest.mark.parametrize(
    ("grade", "games", "status"),
    [
        (None, 0, "rated"),
        (1300, 0, "provisional"),
        (None, 5, "provisional"),
        (1300, 0, "ungraded"),
        (None, 9, "graded"),
    ],
)
def test_state_from_prior_refuses_what_does_not_fit(grade: int | None, games: int, status: str) -> None:
    with pytest.raises(IcuPriorError):
        state_from_prior(grade, games, status)


@pytest.mark.parametrize("game", [RatedGame("g1", "A", "A", 1), RatedGame("g1", "A", "B", 3)])
def test_refused_games(game: RatedGame) -> None:
    with pytest.raises(IcuGameError):
        run({"A": graded(1500), "B": graded(1500)}, [game])


def test_params() -> None:
    """Choice 1: the grading run is the calendar year; a period must divide the year."""
    assert ICU_1980.name == "icu-1980"
    assert ICU_1980.periods.months == 12
    assert ICU_1980.periods.label(YEAR) == "1980-01"
    assert ICU_1980.year_of(YEAR) == 1980
    with pytest.raises(ValueError, match="does not divide the year"):
        IcuParams(name="bad", periods=PeriodScheme(months=5))
