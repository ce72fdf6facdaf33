"""The successive-approximation solver shared by the ICU and the ECF grading, and its groups.

Hand-solved systems (the exact solution, and the error the tolerance leaves),
the two systems' figures pinned to the bit as they were before the solver was
shared, and a group of 3,000 ungraded players that must give, player for
player, the figures of the same pattern at six players, without a copy of the
group per member.
"""

from __future__ import annotations

import tracemalloc
from fractions import Fraction

import pytest

from projections.rules.common import Game, PlayerInfo, RatedGame
from projections.rules.ecf_grading import ECF_GRADING, SYSTEM
from projections.rules.ecf_grading.formulas import EcfConvergenceError, EcfState, PeriodWork, consistent_estimates
from projections.rules.icu import formulas as icu
from projections.rules.icu.formulas import (
    ICU_1980,
    IcuConvergenceError,
    IcuState,
    consistent_gradings,
)
from projections.rules.solver import ConvergenceError, components, solve

Y2011 = ECF_GRADING.periods.index("2011-01")


# --- the solver ---------------------------------------------------------------------------------


def test_a_pair_solved_by_hand() -> None:
    """The ECF's U and V (tests/projections/test_ecf_grading.py): R_U = (500 + 5 (R_V + 50)) / 10 and
    R_V = (900 + 5 (R_U − 50)) / 10, so R_U = 430/3 and R_V = 410/3. Each round halves the error (half of each
    player's games are in the group), so the error left is at most the last move: the tolerance."""
    links = {"U": [("V", 50)] * 5, "V": [("U", -50)] * 5}
    for tolerance in (1.0, 1e-3, 1e-9):
        figures, rounds = solve(
            {"U": 500.0, "V": 900.0},
            {"U": 10, "V": 10},
            links,
            {"U": 100.0, "V": 180.0},
            floor=0,
            fsum="all",
            tolerance=tolerance,
            max_rounds=1000,
        )
        assert abs(figures["U"] - 430 / 3) <= tolerance
        assert abs(figures["V"] - 410 / 3) <= tolerance
        assert rounds > 1


def test_the_floor_counts_a_game_at_no_less() -> None:
    """B beat A; A drew with a 10, B with a 20. With the ECF's floor of 0, A's loss to B counts
    max(0, R_B − 50): below 50 that is 0, so R_A = 10/2 = 5 and R_B = (20 + 5 + 50)/2 = 37.5, settled in the
    third round (the second moves only B, the third nothing). Without a floor the same games give
    R_A = (10 + R_B − 50)/2 and R_B = (20 + R_A + 50)/2: R_A = −10/3, R_B = 100/3."""
    fixed, counts = {"A": 10.0, "B": 20.0}, {"A": 2, "B": 2}
    links = {"A": [("B", -50)], "B": [("A", 50)]}
    start = {"A": 10.0, "B": 20.0}
    floored = solve(fixed, counts, links, start, floor=0, fsum="all", tolerance=1e-9, max_rounds=100)
    assert floored == ({"A": 5.0, "B": 37.5}, 3)
    free = solve(fixed, counts, links, start, floor=None, fsum="all", tolerance=1e-9, max_rounds=100)
    assert abs(free.figures["A"] + 10 / 3) <= 1e-9
    assert abs(free.figures["B"] - 100 / 3) <= 1e-9


@pytest.mark.parametrize(("fsum", "expected"), [("links", 1.0), ("all", 1.0 + 2**-52)])
def test_the_two_sums_differ_in_the_last_bit(fsum: str, expected: float) -> None:
    """Why ``fsum`` is a parameter. P's fixed part is 1 and his two linked figures 2⁻⁵³ and 2⁻²⁰⁰ (players
    with no links, who keep them). Summed first, the figures are 2⁻⁵³ (the 2⁻²⁰⁰ is lost), and 1 + 2⁻⁵³ is a tie
    that rounds to even, 1 (the ICU's sum); summed with the fixed part, 1 + 2⁻⁵³ + 2⁻²⁰⁰ is above the tie and
    rounds to 1 + 2⁻⁵² (the ECF's)."""
    fixed = {"P": 1.0, "Q": 2.0**-53, "R": 2.0**-200}
    links: dict[str, list[tuple[str, int]]] = {"P": [("Q", 0), ("R", 0)], "Q": [], "R": []}
    start = {"P": 0.0, "Q": 2.0**-53, "R": 2.0**-200}
    solved = solve(
        fixed,
        {"P": 1, "Q": 1, "R": 1},
        links,
        start,
        floor=None,
        fsum="links" if fsum == "links" else "all",
        tolerance=0.0,
        max_rounds=10,
    )
    assert solved.figures["P"] == expected
    assert solved.rounds == 2


def test_no_settling_within_the_bound_raises_naming_the_group() -> None:
    links = {"U": [("V", 50)] * 5, "V": [("U", -50)] * 5}
    with pytest.raises(ConvergenceError, match="the figures of U, V did not settle within 1e-09 in 4 rounds") as info:
        solve(
            {"V": 900.0, "U": 500.0},
            {"U": 10, "V": 10},
            links,
            {"U": 100.0, "V": 180.0},
            floor=0,
            fsum="all",
            tolerance=1e-9,
            max_rounds=4,
        )
    assert (info.value.players, info.value.tolerance, info.value.max_rounds) == (("U", "V"), 1e-9, 4)


def test_each_system_translates_the_error_into_its_own() -> None:
    """The ICU's and the ECF's own error types and words, as before the solver was shared."""
    with pytest.raises(IcuConvergenceError, match=r"^the gradings of ungraded players X, Y did not settle within"):
        consistent_gradings({"X": 2000, "Y": 800}, {"X": 3, "Y": 3}, {"X": ["Y"] * 2, "Y": ["X"] * 2}, 1400.0, 1e-9, 2)
    with pytest.raises(EcfConvergenceError, match=r"^the estimates of ungraded players U, V did not settle within"):
        consistent_estimates(
            {"U": Fraction(500), "V": Fraction(900)},
            {"U": 10, "V": 10},
            {"U": [("V", 50)] * 5, "V": [("U", -50)] * 5},
            {"U": 100.0, "V": 180.0},
            0,
            1e-9,
            2,
        )


def test_the_icu_figures_are_those_of_before_to_the_bit() -> None:
    """The system of tests/projections/test_icu.py (exact 1600, 1200, 1400), as the ICU's own solver gave it
    before it was shared (recorded from that code)."""
    figures, rounds = consistent_gradings(
        {"X": 2000, "Y": 600, "Z": 1600},
        {"X": 2, "Y": 3, "Z": 2},
        {"X": ["Y"], "Y": ["X", "Z"], "Z": ["Y"]},
        1400.0,
        1e-6,
        1000,
    )
    assert {p: f.hex() for p, f in figures.items()} == {
        "X": "0x1.900000011526cp+10",
        "Y": "0x1.2bffffff473b8p+10",
        "Z": "0x1.5e0000011526cp+10",
    }
    assert rounds == 37


def test_the_ecf_figures_are_those_of_before_to_the_bit() -> None:
    """The U and V pair, as the ECF grading's own solver gave it before it was shared (recorded from that code)."""
    figures, rounds = consistent_estimates(
        {"U": Fraction(500), "V": Fraction(900)},
        {"U": 10, "V": 10},
        {"U": [("V", 50)] * 5, "V": [("U", -50)] * 5},
        {"U": 100.0, "V": 180.0},
        0,
        1e-6,
        1000,
    )
    assert {p: f.hex() for p, f in figures.items()} == {"U": "0x1.1eaaaab580000p+7", "V": "0x1.1155554a80000p+7"}
    assert rounds == 27


# --- the groups ---------------------------------------------------------------------------------


def test_components_in_order_of_their_first_player() -> None:
    met = {"a": ["b"], "b": ["a", "c"], "c": ["b"], "d": [], "e": ["f", "f"], "f": ["e", "e"]}
    assert components(["f", "d", "c", "a", "b", "e"], met.__getitem__) == [["e", "f"], ["d"], ["a", "b", "c"]]
    assert components([], met.__getitem__) == []


# --- a large group: the same figures as a small one, memory linear in the group ------------------


def ladder(rungs: int) -> list[tuple[str, str, str, int]]:
    """``(game, white, black, White's half points)``: A_i draws with G and with A_(i±1), and beats B_i; B_i draws
    with H and with B_(i±1). One connected group of 2 × ``rungs`` players, each with the same four games whatever
    the number of rungs (three or more), so each A (and each B) has the same equation, and, every round of the
    approximation computing the same sums, the same figure to the bit."""
    games: list[tuple[str, str, str, int]] = []
    for i in range(rungs):
        a, b = f"A{i:05d}", f"B{i:05d}"
        after_a, after_b = f"A{(i + 1) % rungs:05d}", f"B{(i + 1) % rungs:05d}"
        games += [(f"ag{i:05d}", a, "G", 1), (f"ab{i:05d}", a, b, 2), (f"bh{i:05d}", b, "H", 1)]
        games += [(f"aa{i:05d}", a, after_a, 1), (f"bb{i:05d}", b, after_b, 1)]
    return games


def ecf_run(rungs: int) -> tuple[dict[str, float], dict[str, int], PeriodWork]:
    states = {
        "G": EcfState(100, 100, 0, "graded", 30, "A", None, ()),
        "H": EcfState(180, 180, 0, "graded", 30, "A", None, ()),
    }
    games = [Game(gid, white, black, points2, "2011-06-01", None, None) for gid, white, black, points2 in ladder(rungs)]

    def info(player: str) -> PlayerInfo:
        return PlayerInfo(player, None, 1500, "test", ())

    work = PeriodWork(ECF_GRADING, Y2011, states, games, info)
    grades = {
        who: state.unenhanced
        for who, state in SYSTEM.run(ECF_GRADING, Y2011, states, games, info).changed.items()
        if state.status == "estimated" and state.unenhanced is not None
    }
    return {who: float(e) for who, e in work.estimates.items()}, grades, work


def test_ecf_a_group_of_3000_gives_the_figures_of_six() -> None:
    """ECF choice 9. Each A: (100 + (R_B + 50) + 2 R_A) / 4, each B: (180 + (R_A − 50) + 2 R_B) / 4: R_A = 430/3
    and R_B = 410/3 (the U and V pair's), estimated 143 and 137 on four results. 1,500 rungs give every A and
    every B the figure three rungs give, to the bit, in as many rounds; the group is kept once, not once per
    member (3,000 copies of 3,000 names were 72 MB), and the whole run stays within a few megabytes."""
    small, small_grades, small_work = ecf_run(3)
    assert len(small) == 6
    assert {small[p] for p in small if p[0] == "A"} == {small["A00000"]}
    assert abs(small["A00000"] - 430 / 3) <= 1e-6 and abs(small["B00000"] - 410 / 3) <= 1e-6
    assert set(small_grades.values()) == {143, 137}

    tracemalloc.start()
    try:
        large, large_grades, work = ecf_run(1500)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert len(large) == 3000
    assert {large[p] for p in large if p[0] == "A"} == {small["A00000"]}
    assert {large[p] for p in large if p[0] == "B"} == {small["B00000"]}
    assert set(work.rounds.values()) == set(small_work.rounds.values())
    assert {large_grades[p] for p in large_grades if p[0] == "A"} == {143}
    assert len(work.groups) == 3000 and len({id(group) for group in work.groups.values()}) == 1
    assert peak < 25_000_000, peak


def icu_run(rungs: int) -> tuple[dict[str, int | None], icu.IcuRun]:
    states = {"G": IcuState(1500, 30, "graded"), "H": IcuState(1300, 30, "graded")}
    games = [RatedGame(gid, white, black, points2) for gid, white, black, points2 in ladder(rungs)]
    done = icu.grade_period(ICU_1980, 0, states, games, lambda who: icu.UNGRADED)
    return {who: state.grade for who, state in done.states.items() if who not in states}, done


def test_icu_a_group_of_3000_gives_the_gradings_of_six() -> None:
    """ICU choice 9. Each A: (1500 + (R_B + 400) + 2 R_A) / 4, each B: (1300 + (R_A − 400) + 2 R_B) / 4:
    R_A = 4700/3 and R_B = 3700/3, graded 1567 and 1233; the consistent figures the explanations show are the
    six players' to the bit, and the approximation that names the group is one value for all its members."""
    small_grades, small = icu_run(3)
    assert small_grades == {f"A{i:05d}": 1567 for i in range(3)} | {f"B{i:05d}": 1233 for i in range(3)}
    tracemalloc.start()
    try:
        large_grades, large = icu_run(1500)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert large_grades == {f"A{i:05d}": 1567 for i in range(1500)} | {f"B{i:05d}": 1233 for i in range(1500)}

    def consistent(run: icu.IcuRun, who: str) -> set[float | None]:
        return {e.opponent_grade for e in run.explanations[who].entries if e.figure == "consistent"}

    assert consistent(large, "A00007") == consistent(small, "A00001")
    assert consistent(large, "B00700") == consistent(small, "B00002")
    approximations = set()
    for who in large_grades:
        calculation = large.explanations[who].calculation
        assert isinstance(calculation, icu.IcuNewGrading) and calculation.approximation is not None
        approximations.add(id(calculation.approximation))
    assert len(approximations) == 1
    assert peak < 30_000_000, peak
