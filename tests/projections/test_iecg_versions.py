"""IECG Rating Rules 1.0–1.7 and the ``iecg`` timeline, difference by difference.

The update history at the end of the IECG Rating Rules 1.7 names what each
version changed. Each test builds a small case on which two adjacent versions
disagree exactly where the history says, and one on which they agree.
Expected numbers are literals with the arithmetic beside them (the formulas
of §I.3, §I.4 and §IV.1 written out by hand), never the code under test.
"""

from __future__ import annotations

import re
from dataclasses import fields, replace
from datetime import date

import pytest

from commands.rules_text import format_rules_table
from projections.registry import RULES, UnknownRulesError, describe_rules, get_rules
from projections.rules.common import RatedGame
from projections.rules.iecg import IECG_PERIODS, IECG_TIMELINE
from projections.rules.iecg.formulas import (
    Entry,
    IecgParams,
    IecgTimeline,
    PlayerState,
    initial_state,
    is_listed,
    opponent_rating_used,
    rate_period,
    settle,
    transfer_state,
)
from projections.rules.periods import PeriodScheme
from projections.rules.timeline import TimelineError
from tests.projections.federation import period_index

NAMES = [
    "iecg-1.0",
    "iecg-1.1",
    "iecg-1.2",
    "iecg-1.3",
    "iecg-1.3.1",
    "iecg-1.4",
    "iecg-1.5",
    "iecg-1.6",
    "iecg-1.7",
]


def version(name: str) -> IecgParams:
    rules = get_rules(name)
    assert isinstance(rules, IecgParams)
    return rules


def established(rating: int, pn: int = 100) -> PlayerState:
    return PlayerState(rating, rating, True, pn, pn, 0, pn, 0, 0, 0, 0, rating)


def provisional(games: int, last_period: int = 0, rating: int = 1500) -> PlayerState:
    return PlayerState(rating, rating, False, 0, games, 0, games, 0, rating * games, games, last_period, rating)


def run(wins: int, losses: int, opponent: int = 1500) -> list[Entry]:
    """``wins`` wins then ``losses`` losses, each against an opponent rated ``opponent`` (TER and used)."""
    return [Entry(f"g{i:02d}", f"o{i:02d}", opponent, opponent, 2 if i < wins else 0) for i in range(wins + losses)]


def after(name: str, wins: int, losses: int, *, starting: int = 1500, opponent: int = 1500) -> tuple[int, int]:
    """(rating, TER) of a new provisional player after one period of ``wins`` wins and ``losses`` losses."""
    out = settle(version(name), 1, initial_state(starting, "tutor", 0), run(wins, losses, opponent))
    assert not out.established
    return out.rating, out.ter


# === The registry ============================================================


def test_every_version_and_the_timeline_registered_in_order() -> None:
    """Update history 1.0–1.7, and ``iecg``, the timeline."""
    assert list(RULES)[: len(NAMES) + 2] == [*NAMES, "iecg", "icu-1980"]  # then the ICU's and the other systems
    assert [version(name).name for name in NAMES] == NAMES
    assert get_rules("iecg") is IECG_TIMELINE
    assert isinstance(IECG_TIMELINE, IecgTimeline)


def test_unknown_rules_lists_every_registered_name() -> None:
    with pytest.raises(UnknownRulesError, match=r"iecg, iecg-1\.0, .*iecg-1\.3, iecg-1\.3\.1, .*iecg-1\.7$"):
        get_rules("iecg-1.8")


def test_1_7_is_the_default_parameter_set() -> None:
    """1.7 is what :class:`IecgParams` means without arguments: the existing behaviour."""
    assert version("iecg-1.7") == IecgParams(name="iecg-1.7", periods=PeriodScheme(2, "IECG 1.7 §II.1"))


# Each version differs from its predecessor in exactly these parameters (and its name).
DIFFERENCES = [
    ("iecg-1.0", "iecg-1.1", {"starting_rating_f", "publish_games", "ter_games"}),  # §VII.4, §III.3, §III.7
    ("iecg-1.1", "iecg-1.2", {"transfer_keeps_established"}),  # §IX.5.a
    ("iecg-1.2", "iecg-1.3", {"ter_games"}),  # §III.7 (§IV.3 deleted: nothing)
    ("iecg-1.3", "iecg-1.3.1", set()),  # §I.6 corrected: nothing computable
    ("iecg-1.3.1", "iecg-1.4", {"starting_bounds"}),  # §VII.4 boundaries (§II.3 URL: nothing)
    ("iecg-1.4", "iecg-1.5", {"cutoff", "transfer_prior_games", "transfer_class_m"}),  # §III.8, §IX.5.b, §IX.5.e
    ("iecg-1.5", "iecg-1.6", set()),  # a comment on rating tournaments
    ("iecg-1.6", "iecg-1.7", {"publish_games", "starting_rating_f", "starting_bounds"}),  # §III.3, §VII.4
]


@pytest.mark.parametrize(("old", "new", "differing"), DIFFERENCES, ids=[f"{a}->{b}" for a, b, _ in DIFFERENCES])
def test_adjacent_versions_differ_only_where_the_history_says(old: str, new: str, differing: set[str]) -> None:
    """Update history: each version changes what it names, and nothing else."""
    a, b = version(old), version(new)
    changed = {f.name for f in fields(IecgParams) if f.name != "name" and getattr(a, f.name) != getattr(b, f.name)}
    assert changed == differing


def test_every_version_has_the_two_month_periods() -> None:
    """§II.1 (1.7; earlier lengths not given): two months from 1 January, one scheme for all."""
    assert all(version(name).periods == IECG_PERIODS for name in NAMES)
    assert IECG_PERIODS.months == 2
    assert IECG_TIMELINE.periods == IECG_PERIODS


# === §III.8: the 400-point cut-off, from 1.5 =================================


@pytest.mark.parametrize(("opponent_ter", "used_1_4", "used_1_5"), [(2500, 2500, 2400), (2300, 2300, 2300)])
def test_iii8_cutoff_only_from_1_5(opponent_ter: int, used_1_4: int, used_1_5: int) -> None:
    """§III.8 added in 1.5: 500 points away counts as 400 in 1.5, as 500 in 1.4; 300 as 300 in both."""
    own = established(2000)
    assert opponent_rating_used(version("iecg-1.4"), own, opponent_ter) == used_1_4
    assert opponent_rating_used(version("iecg-1.5"), own, opponent_ter) == used_1_5


@pytest.mark.parametrize(("opponent", "rating_1_4", "rating_1_5"), [(2500, 2019, 2018), (2300, 2017, 2017)])
def test_iii8_cutoff_in_a_rating_run(opponent: int, rating_1_4: int, rating_1_5: int) -> None:
    """§III.8, §V: A (2000, Pn 100: k = 20) beats B.

    B 2500: 1.4: We = 1/(1+10^1.25) = 1/18.7828 = 0.05324: 2000 + 20·0.94676 = 2018.94 → 2019;
            1.5: B counts as 2400: We = 1/11: 2000 + 20·10/11 = 2018.18 → 2018.
    B 2300: both We = 1/(1+10^0.75) = 1/6.6234 = 0.15098: 2000 + 20·0.84902 = 2016.98 → 2017.
    """
    previous = {"A": established(2000), "B": established(opponent)}
    games = [RatedGame("g1", "A", "B", 2)]

    def new(player: str) -> PlayerState:
        raise AssertionError(player)

    got_1_4 = rate_period(version("iecg-1.4"), 1, previous, games, new)
    got_1_5 = rate_period(version("iecg-1.5"), 1, previous, games, new)
    assert (got_1_4["A"].rating, got_1_5["A"].rating) == (rating_1_4, rating_1_5)


# === §III.3: six games before a provisional rating is published =============


@pytest.mark.parametrize(
    ("games", "listed"),
    [
        # games: 1.0, 1.1, …, 1.7 — §III.3 in force in 1.0, disabled 1.1–1.6, restored in 1.7.
        (1, [False, True, True, True, True, True, True, True, False]),
        (5, [False, True, True, True, True, True, True, True, False]),
        (6, [True, True, True, True, True, True, True, True, True]),
    ],
)
def test_iii3_publication_threshold_disabled_from_1_1_to_1_6(games: int, listed: list[bool]) -> None:
    """§III.3 disabled by 1.1 "until real automatic routines working with mail are available", back in 1.7."""
    assert [is_listed(version(name), 3, provisional(games, last_period=3)) for name in NAMES] == listed


def test_iii3_established_players_listed_in_every_version() -> None:
    assert all(is_listed(version(name), 3, established(1800)) for name in NAMES)


# === §III.7: when the TER stops being the starting rating ====================


@pytest.mark.parametrize(
    ("wins", "losses", "ter_1_2", "ter_1_3"),
    [
        # 10 games, 7 wins against 1500: Rc 1500, p = 0.7, D = 400·log10(7/3) = 147.19.
        # 1.2 ("more than 10 games"): TER still 1500. 1.3 ("at least 10"): §VII.4 with F = 1: 1647.19 → 1647.
        (7, 3, 1500, 1647),
        # 11 games, 8 wins: p = 8/11, D = 400·log10(8/3) = 170.39: both 1670.39 → 1670.
        (8, 3, 1670, 1670),
        # 9 games: the starting rating in both.
        (6, 3, 1500, 1500),
    ],
)
def test_iii7_more_than_10_games_in_1_2_at_least_10_in_1_3(wins: int, losses: int, ter_1_2: int, ter_1_3: int) -> None:
    """§III.7 of 1.1–1.2: "if more than 10 games are played"; from 1.3 "unless at least 10 games"."""
    # The published rating is Rp of §IV.1 in both: 10 games: 1500 + 147.19·F(0.7) (= 0.92) = 1635.42 → 1635;
    # 11 games: F(8/11) = 0.89752: 1500 + 152.79 = 1652.79 → 1653; 9 games: F(2/3) = 0.94444: 1613.72 → 1614.
    rp = {10: 1635, 11: 1653, 9: 1614}[wins + losses]
    assert after("iecg-1.2", wins, losses) == (rp, ter_1_2)
    assert after("iecg-1.3", wins, losses) == (rp, ter_1_3)


@pytest.mark.parametrize(
    ("wins", "losses", "ter_1_0", "ter_1_1"),
    [
        # 6 games, 4 wins: p = 2/3, D = 400·log10 2 = 120.41, F = 0.94444: Rp = 1613.72 → 1614.
        # 1.0 (taken as "more than 5 games"): TER = the recalculated Starting Rating with §IV.1's F = Rp, 1614.
        # 1.1 ("more than 10 games"): TER still the starting rating 1500.
        (4, 2, 1614, 1500),
        # 5 games: the starting rating in both.
        (3, 2, 1500, 1500),
    ],
)
def test_iii7_number_of_games_raised_to_10_in_1_1(wins: int, losses: int, ter_1_0: int, ter_1_1: int) -> None:
    """§III.7, 1.1: "the number of games required for a change of the Starting Rating is increased to 10"."""
    assert after("iecg-1.0", wins, losses)[1] == ter_1_0
    assert after("iecg-1.1", wins, losses)[1] == ter_1_1


# === §VII.4: the Starting Rating recalculated, with F = 1 from 1.1 ==========


@pytest.mark.parametrize(
    ("wins", "losses", "ter_1_0", "ter_1_1"),
    [
        # 12 games, 9 wins against 1500: p = 0.75, D = 400·log10 3 = 190.85, F(0.75) = 0.875.
        # 1.0, §IV.1's F: 1500 + 166.99 = 1666.99 → 1667; 1.1, F = 1: 1500 + 190.85 = 1690.85 → 1691.
        (9, 3, 1667, 1691),
        # 12 games, 6 wins: p = 0.5: D = 0, F(0.5) = 1 anyway: 1500 in both.
        (6, 6, 1500, 1500),
    ],
)
def test_vii4_starting_rating_with_f_1_from_1_1(wins: int, losses: int, ter_1_0: int, ter_1_1: int) -> None:
    """§VII.4, 1.1: "calculated according to IV.1, but with an correction factor of F=1"."""
    assert after("iecg-1.0", wins, losses)[1] == ter_1_0
    assert after("iecg-1.1", wins, losses)[1] == ter_1_1


@pytest.mark.parametrize(
    ("wins", "losses", "ter_1_6", "ter_1_7"),
    [
        # 12 games, 9 wins: 1.6 (§VII.4, F = 1, within 800–1700): 1691; 1.7 (no §VII.4): TER = Rp = 1667.
        (9, 3, 1691, 1667),
        # 9 games: below ten in both: the starting rating.
        (6, 3, 1500, 1500),
    ],
)
def test_vii4_dropped_in_1_7(wins: int, losses: int, ter_1_6: int, ter_1_7: int) -> None:
    """1.7 has no §VII.4: from ten games a provisional TER is the provisional rating itself."""
    rating_1_6, got_1_6 = after("iecg-1.6", wins, losses)
    rating_1_7, got_1_7 = after("iecg-1.7", wins, losses)
    assert (got_1_6, got_1_7) == (ter_1_6, ter_1_7)
    assert rating_1_6 == rating_1_7  # §IV.1: the published rating is Rp in both


@pytest.mark.parametrize(
    ("starting", "wins", "losses", "opponent", "ter_1_3_1", "ter_1_4"),
    [
        # 12 wins against 1500: D(1) = 800, F = 1: 2300; 1.4 keeps it within 800–1700: 1700.
        (1500, 12, 0, 1500, 2300, 1700),
        # 12 losses against 1000: 1000 − 800 = 200; 1.4: 800.
        (1500, 0, 12, 1000, 200, 800),
        # Registered 2000 (a §VII.2 rating, above 1700): 9 of 12 against 2000: 2000 + 190.85 = 2190.85 → 2191;
        # 1.4: the upper bound widened to the registered 2000.
        (2000, 9, 3, 2000, 2191, 2000),
        # Within the bounds: 9 of 12 against 1500: 1691 in both.
        (1500, 9, 3, 1500, 1691, 1691),
    ],
)
def test_vii4_starting_rating_boundaries_from_1_4(
    starting: int, wins: int, losses: int, opponent: int, ter_1_3_1: int, ter_1_4: int
) -> None:
    """§VII.4, 1.4: "added the sentence with the Starting Rating boundaries" (§VII.3's 800 and 1700)."""
    assert after("iecg-1.3.1", wins, losses, starting=starting, opponent=opponent)[1] == ter_1_3_1
    assert after("iecg-1.4", wins, losses, starting=starting, opponent=opponent)[1] == ter_1_4


def test_vii4_starting_rating_is_what_opponents_use() -> None:
    """§II.3 with §VII.4: an opponent counts with his TER, in 1.1–1.6 the recalculated Starting Rating.

    Period 1: P (new, starting rating 1500) wins 12 games against twelve 1500s. Rp = 1500 + 800·0.5 = 1900
    in both. TER: 1.6, F = 1: 1500 + 800 = 2300, kept within 800–1700: 1700; 1.7: Rp, 1900.
    Period 2: E (2000, Pn 100: k = 20) draws P, who counts with his TER:
    1.6: We = 1/(1+10^(−300/400)) = 1/1.177828 = 0.848973: 2000 + 20·(0.5 − 0.848973) = 1993.02 → 1993;
    1.7: We = 1/(1+10^(−100/400)) = 1/1.562341 = 0.640065: 2000 + 20·(0.5 − 0.640065) = 1997.20 → 1997.
    """
    previous = {f"o{i:02d}": established(1500) for i in range(12)}
    first = [RatedGame(f"g{i:02d}", "P", f"o{i:02d}", 2) for i in range(12)]
    second = [RatedGame("h01", "E", "P", 1)]

    def new(player: str) -> PlayerState:
        return {"P": initial_state(1500, "tutor", 0), "E": established(2000)}[player]

    got: dict[str, tuple[int, int, int]] = {}
    for name in ("iecg-1.6", "iecg-1.7"):
        params = version(name)
        one = {**previous, **rate_period(params, 1, previous, first, new)}
        two = rate_period(params, 2, one, second, new)
        got[name] = (one["P"].rating, one["P"].ter, two["E"].rating)
    assert got == {"iecg-1.6": (1900, 1700, 1993), "iecg-1.7": (1900, 1900, 1997)}


# === §I.6 (1.3.1), §IV.3 (1.3), §II.3 (1.4), 1.6: nothing computable ========


@pytest.mark.parametrize(("old", "new"), [("iecg-1.3", "iecg-1.3.1"), ("iecg-1.5", "iecg-1.6")])
def test_versions_without_a_computable_difference(old: str, new: str) -> None:
    """1.3.1 corrected the formula in §I.6 (the old one not given); 1.6 added a comment."""
    assert replace(version(new), name=old) == version(old)
    assert after(old, 9, 3) == after(new, 9, 3)


# === §IX: transfer from the old scheme =======================================


def test_ix5a_established_on_15_games_kept_from_1_2() -> None:
    """§IX.5.a, added in 1.2; 1.1's b) read "All established IECG ratings are used as a starting rating"."""
    # 1850 on 20 games: 1.1: a starting rating (provisional, no games); 1.2: established, Pn 20.
    assert transfer_state(version("iecg-1.1"), 1850, 20, True) == PlayerState(
        1850, 1850, False, 0, 0, 0, 0, 0, 0, 0, None, 1850
    )
    assert transfer_state(version("iecg-1.2"), 1850, 20, True) == PlayerState(
        1850, 1850, True, 20, 0, 0, 0, 0, 0, 0, None, 1850
    )
    # 14 games: a starting rating in both.
    assert transfer_state(version("iecg-1.1"), 1850, 14, True) == transfer_state(version("iecg-1.2"), 1850, 14, True)
    assert transfer_state(version("iecg-1.2"), 1850, 14, True).established is False


def test_ix5d_higher_iccf_rating_replaces_a_starting_rating() -> None:
    """§IX.5.d: a starting rating is replaced by a higher ICCF rating, used as established."""
    # 1.1: 1850 on 20 games is a starting rating, so ICCF 1900 replaces it (Pn: its 30 games).
    assert transfer_state(version("iecg-1.1"), 1850, 20, True, 1900, iccf_games=30) == PlayerState(
        1900, 1900, True, 30, 0, 0, 0, 0, 0, 0, None, 1900
    )
    # 1.2: 1850 on 20 games is established (a), not a starting rating: the ICCF rating is not used.
    assert transfer_state(version("iecg-1.2"), 1850, 20, True, 1900).rating == 1850
    # Not higher (equal): kept as a starting rating.
    assert transfer_state(version("iecg-1.7"), 1600, 3, True, 1600) == PlayerState(
        1600, 1600, False, 0, 0, 0, 0, 0, 0, 0, None, 1600
    )
    # A provisional old rating (c) is not a starting rating either.
    assert transfer_state(version("iecg-1.7"), 1400, 9, False, 1900).established is False


def test_ix5b_old_games_count_from_1_5() -> None:
    """§IX.5.b, 1.5: "If more than 5 games are finished, the opponents average for the provisional
    rating is calculated following IV.1."  1600 on 8 games, then one win against 1600."""
    v14, v15 = version("iecg-1.4"), version("iecg-1.5")
    old_14, old_15 = transfer_state(v14, 1600, 8, True), transfer_state(v15, 1600, 8, True)
    # 1.4: a starting rating with no games. 1.5: the 8 games carried as draws against 1600 (Rp = 1600).
    assert old_14 == PlayerState(1600, 1600, False, 0, 0, 0, 0, 0, 0, 0, None, 1600)
    assert old_15 == PlayerState(1600, 1600, False, 0, 8, 0, 8, 0, 12800, 8, None, 1600)
    win = run(1, 0, 1600)
    # 1.4: one game, p = 1: 1600 + 800·0.5 = 2000.
    assert settle(v14, 1, old_14, win).rating == 2000
    # 1.5: 9 games, Rc = 14400/9 = 1600, 10 half points: p = 5/9, D = −400·log10(0.8) = 38.764,
    # F = −2·25/81 + 10/9 + 0.5 = 0.99383: 1600 + 38.525 = 1638.52 → 1639; 9 games: TER still 1600.
    after_15 = settle(v15, 1, old_15, win)
    assert (after_15.rating, after_15.ter, after_15.games, after_15.wins, after_15.draws) == (1639, 1600, 9, 1, 8)


@pytest.mark.parametrize(("games", "carried"), [(5, 0), (6, 6)])
def test_ix5b_more_than_5_games(games: int, carried: int) -> None:
    """§IX.5.b: "more than 5 games": 5 give a plain starting rating, 6 are carried (1.5 on)."""
    assert transfer_state(version("iecg-1.7"), 1600, games, True).games == carried
    assert transfer_state(version("iecg-1.4"), 1600, games, True).games == 0


def test_ix5c_provisional_ratings_left_unchanged_in_every_version() -> None:
    """§IX.5.c: a provisional rating stays provisional, on its games, until 15 games are finished."""
    states = {transfer_state(version(name), 1400, 9, False) for name in NAMES}
    assert states == {PlayerState(1400, 1400, False, 0, 9, 0, 9, 0, 12600, 9, None, 1400)}
    # A tenth game, a draw against 1400: Rc 1400, p = 0.5: Rp 1400; TER (ten games) 1400 too.
    tenth = settle(version("iecg-1.7"), 1, states.pop(), [Entry("g", "o", 1400, 1400, 1)])
    assert (tenth.rating, tenth.ter, tenth.games, tenth.established) == (1400, 1400, 10, False)


def test_ix5e_old_class_m_winners_established_from_1_5() -> None:
    """§IX.5.e, added in 1.5: winners of an old Class M tournament get an established rating."""
    # 2100 on 10 games: 1.4: a starting rating; 1.5: established, Pn 10.
    assert transfer_state(version("iecg-1.4"), 2100, 10, True, class_m_winner=True).established is False
    assert transfer_state(version("iecg-1.5"), 2100, 10, True, class_m_winner=True) == PlayerState(
        2100, 2100, True, 10, 0, 0, 0, 0, 0, 0, None, 2100
    )
    # Not a winner: a starting rating (1.5 carries the 10 games) in both.
    assert transfer_state(version("iecg-1.5"), 2100, 10, True).established is False


# === The timeline ===========================================================


@pytest.mark.parametrize(
    ("period", "expected"),
    [
        ("1996-11", "iecg-1.0"),  # before 1997-01-01: 1.0
        ("1997-01", "iecg-1.0"),  # ends 1997-02-28
        ("1997-03", "iecg-1.1"),  # holds 1997-03-03, ends 04-30
        ("1997-05", "iecg-1.3"),  # holds 1.2 (05-29) and 1.3 (06-01), ends 06-30: 1.3
        ("1997-07", "iecg-1.3.1"),  # holds 07-13
        ("1997-09", "iecg-1.3.1"),
        ("1997-11", "iecg-1.4"),  # holds 12-30, ends 12-31
        ("1998-01", "iecg-1.4"),
        ("1998-03", "iecg-1.5"),  # holds 1998-04-05
        ("1998-07", "iecg-1.5"),
        ("1998-09", "iecg-1.6"),  # holds 09-27
        ("1999-03", "iecg-1.6"),
        ("1999-05", "iecg-1.7"),  # holds 1999-05-27
        ("2024-01", "iecg-1.7"),
    ],
)
def test_timeline_period_rated_under_version_in_force_on_its_last_day(period: str, expected: str) -> None:
    """``iecg``: each period under the version in force at its end (§II.2–3: the day of the rating run)."""
    assert IECG_TIMELINE.for_period(period_index(period)) is version(expected)


@pytest.mark.parametrize(
    ("day", "expected"),
    [
        (date(1996, 12, 31), "iecg-1.0"),
        (date(1997, 3, 2), "iecg-1.0"),
        (date(1997, 3, 3), "iecg-1.1"),
        (date(1997, 5, 29), "iecg-1.2"),
        (date(1997, 5, 31), "iecg-1.2"),
        (date(1997, 6, 1), "iecg-1.3"),
        (date(1999, 5, 26), "iecg-1.6"),
        (date(1999, 5, 27), "iecg-1.7"),
    ],
)
def test_timeline_version_in_force_on_a_day(day: date, expected: str) -> None:
    assert IECG_TIMELINE.in_force_on(day) is version(expected)


def test_params_for_period_is_itself() -> None:
    v = version("iecg-1.3")
    assert v.for_period(0) is v
    assert v.for_period(period_index("2024-01")) is v


def test_timeline_in_a_run_publication_switches_with_1_1() -> None:
    """§III.3 through the timeline: five provisional games are not listed in 1997-01 (1.0), listed in
    1997-03 (1.1)."""
    jan, mar = period_index("1997-01"), period_index("1997-03")
    assert not is_listed(IECG_TIMELINE.for_period(jan), jan, provisional(5, last_period=jan))
    assert is_listed(IECG_TIMELINE.for_period(mar), mar, provisional(5, last_period=mar))


def test_timeline_refuses_versions_with_other_periods() -> None:
    monthly = replace(version("iecg-1.0"), periods=PeriodScheme(1, "monthly"))
    with pytest.raises(TimelineError, match="share one period scheme"):
        IecgTimeline("x", IECG_PERIODS, ((date(1997, 1, 1), monthly), (date(1999, 5, 27), version("iecg-1.7"))))


def test_timeline_refuses_no_versions_and_dates_out_of_order() -> None:
    with pytest.raises(TimelineError, match="no versions"):
        IecgTimeline("x", IECG_PERIODS, ())
    with pytest.raises(TimelineError, match="must increase"):
        IecgTimeline(
            "x", IECG_PERIODS, ((date(1998, 1, 1), version("iecg-1.0")), (date(1997, 1, 1), version("iecg-1.1")))
        )


# === ``ratings rules`` =========================================================


def test_describe_rules_dates_in_force() -> None:
    """Each version from its date until the next one's; 1.7 in force; the timeline last."""
    described = describe_rules()
    assert [d.name for d in described] == list(RULES)
    got = [(d.name, d.in_force_from.isoformat(), d.until and d.until.isoformat(), d.status) for d in described]
    assert got == [
        ("iecg-1.0", "1997-01-01", "1997-03-03", "superseded"),
        ("iecg-1.1", "1997-03-03", "1997-05-29", "superseded"),
        ("iecg-1.2", "1997-05-29", "1997-06-01", "superseded"),
        ("iecg-1.3", "1997-06-01", "1997-07-13", "superseded"),
        ("iecg-1.3.1", "1997-07-13", "1997-12-30", "superseded"),
        ("iecg-1.4", "1997-12-30", "1998-04-05", "superseded"),
        ("iecg-1.5", "1998-04-05", "1998-09-27", "superseded"),
        ("iecg-1.6", "1998-09-27", "1999-05-27", "superseded"),
        ("iecg-1.7", "1999-05-27", None, "in force"),
        ("iecg", "1997-01-01", None, "timeline"),
        ("icu-1980", "1980-01-01", None, "in force"),  # the ICU's own system (seed 001, January 1980)
        # The systems of issue 5: a later version of the same system supersedes an earlier one.
        ("ecf-grading", "1958-01-01", None, "in force"),
        ("ecf-grading-rapid", "1958-01-01", None, "in force"),
        ("ecf-online", "2020-01-01", None, "in force"),
        ("ecf-online-rapid", "2020-01-01", None, "in force"),
        ("ecf-online-blitz", "2020-01-01", None, "in force"),
        ("fide-2014", "2014-07-01", "2017-07-01", "superseded"),
        ("fide-2017", "2017-07-01", "2022-01-01", "superseded"),
        ("fide-2022", "2022-01-01", "2024-03-01", "superseded"),
        ("fide-2024", "2024-03-01", "2025-10-01", "superseded"),
        ("fide-2024-rapid", "2024-03-01", "2025-10-01", "superseded"),
        ("fide-2024-blitz", "2024-03-01", "2025-10-01", "superseded"),
        ("fide-2025", "2025-10-01", None, "in force"),
        ("fide-2025-rapid", "2025-10-01", None, "in force"),
        ("fide-2025-blitz", "2025-10-01", None, "in force"),
        ("fide", "2014-07-01", None, "timeline"),
        ("glicko", "1995-01-01", None, "in force"),
        ("glicko2", "2013-11-30", None, "in force"),
    ]
    clauses = {d.name: [c.clause for c in d.changes] for d in described}
    assert clauses["iecg-1.1"] == ["§VII.4", "§III.3", "§III.7"]
    assert clauses["iecg-1.5"] == ["§III.8", "§IX.5.b", "§IX.5.e"]
    assert all(d.changes for d in described)


def test_format_rules_table() -> None:
    text = format_rules_table()
    lines = text.splitlines()
    width = len(max(RULES, key=len)) + 2  # names are padded to the longest registered name
    assert lines[0] == "iecg-1.0".ljust(width) + "from 1997-01-01 until 1997-03-03"
    assert lines[1] == " " * width + "First release of the IECG Rating Rules."
    assert lines[2] == "iecg-1.1".ljust(width) + "from 1997-03-03 until 1997-05-29"
    assert re.match(rf"^ {{{width}}}§VII\.4 +Addendum about the correction factor: ", lines[3])
    assert "iecg-1.7".ljust(width) + "from 1999-05-27, in force" in lines
    assert "iecg".ljust(width) + "from 1997-01-01, timeline" in lines
    assert text.endswith("\n")
