"""The ECF grading system (Clarke's), rule by rule, through ``SYSTEM.run``, ``SYSTEM.row`` and ``SYSTEM.explain``.

The published examples are copied from their sources: seed ``004_0d66b4dfc89044a8.txt`` and Wikipedia's
"English Chess Federation Grading System" (160 beats 140; against 100), and the ECF Arbiter Seminar's table for
a 150 player (https://slideplayer.com./amp/14475192). Every other expected figure is worked out by hand, the
arithmetic beside it. Unless a test says otherwise the period is the year 2011 (annual), games are standard play
(time control not recorded), and graded opponents are separate players graded on the standard list.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from projections.rules.common import Game, PeriodRun, PlayerInfo, PriorValue
from projections.rules.ecf_grading import DESCRIPTIONS, ECF_GRADING, ECF_GRADING_RAPID, SYSTEM, EcfGradingParams
from projections.rules.ecf_grading.explain import MESSAGES
from projections.rules.ecf_grading.formulas import (
    UNGRADED,
    EcfConvergenceError,
    EcfGameError,
    EcfState,
    EcfTimeControlError,
    game_list,
    seconds_for_all_moves,
)
from projections.rules.ecf_grading.system import KEYS
from projections.rules.explanation import Explanation, Statement

Y2010 = ECF_GRADING.periods.index("2010-01")
Y2011 = ECF_GRADING.periods.index("2011-01")
H2012A = ECF_GRADING.periods.index("2012-01")
H2012B = ECF_GRADING.periods.index("2012-07")

INFOS: dict[str, PlayerInfo] = {}


def player(pid: str, born: str | None = None, priors: Sequence[PriorValue] = ()) -> PlayerInfo:
    return PlayerInfo(pid, born, 1500, "test", tuple(priors))


def info(pid: str) -> PlayerInfo:
    return INFOS.get(pid) or player(pid)


def prior(system: str, rating: float) -> PriorValue:
    return PriorValue(system, rating, 40, "A", None, None, "2000-01-01")


def graded(grade: int, period: int | None = None, recent: Sequence[float] = ()) -> EcfState:
    return EcfState(grade, grade, 0, "graded", 30, "A", period, tuple(recent))


def g(gid: str, white: str, black: str, white_points2: int, day: str = "2011-06-01", tc: str | None = None) -> Game:
    return Game(gid, white, black, white_points2, day, None, tc)


def run(
    states: Mapping[str, EcfState],
    games: Sequence[Game],
    index: int = Y2011,
    params: EcfGradingParams = ECF_GRADING,
    infos: Mapping[str, PlayerInfo] | None = None,
) -> PeriodRun:
    lookup = (lambda p: infos.get(p) or player(p)) if infos else info
    return SYSTEM.run(params, index, states, games, lookup)


def explain(
    states: Mapping[str, EcfState],
    games: Sequence[Game],
    who: str,
    index: int = Y2011,
    params: EcfGradingParams = ECF_GRADING,
    infos: Mapping[str, PlayerInfo] | None = None,
) -> Explanation:
    lookup = (lambda p: infos.get(p) or player(p)) if infos else info
    found: Explanation = SYSTEM.explain(params, index, states, games, lookup, who)
    return found


def column(explanation: Explanation, name: str) -> list[Any]:
    at = [c.heading for c in explanation.columns].index(name)
    return [line[at] for line in explanation.rows]


def term(explanation: Explanation, name: str) -> Any:
    return dict(explanation.terms)[name]


def said(explanation: Explanation, key: str) -> list[Statement]:
    """The statements of ``key`` the explanation says, those said inside others included."""
    found: list[Statement] = []
    stack = list(reversed(explanation.statements))
    while stack:
        statement = stack.pop()
        assert statement.key in MESSAGES or statement.key == "table", statement.key
        if statement.key == key:
            found.append(statement)
        stack.extend(reversed([v for _, v in statement.values if isinstance(v, Statement)]))
    return found


def batch(
    who: str, results: Sequence[tuple[int, int]], *, prefix: str = "g", day: str = "2011-06-01", tc: str | None = None
) -> tuple[dict[str, EcfState], list[Game]]:
    """``who``'s games, White each time: (opponent's grade, his half points); each opponent a graded player."""
    states: dict[str, EcfState] = {}
    games: list[Game] = []
    for i, (grade, points2) in enumerate(results):
        opponent = f"{prefix}{i:02d}-{grade}"
        states[opponent] = graded(grade)
        games.append(g(f"{prefix}{i:02d}", who, opponent, points2, day, tc))
    return states, games


def grade_after(done: PeriodRun, who: str) -> int | None:
    state = done.changed[who]
    assert isinstance(state, EcfState)
    return state.grade


# === The published examples ======================================================


def test_seed_160_beats_140_scores_190_and_110() -> None:
    """Seed 004 / Wikipedia: "Player A who is graded 160 beats Player B graded 140. Player A's performance grade
    is 140 - 50 + (100x1) = 190; Player B's is 160 - 50 + (100x0) = 110"."""
    states = {"A": graded(160), "B": graded(140)}
    games = [g("g1", "A", "B", 2)]
    assert column(explain(states, games, "A"), "points") == [190]
    assert column(explain(states, games, "B"), "points") == [110]
    assert column(explain(states, games, "A"), "cap") == [None]


def test_seed_160_beats_100_scores_170_and_90() -> None:
    """Wikipedia: "Had Player B's grade been 100, Player A would have scored 120 - 50 + (100x1) = 170, and Player B
    140 - 50 + (100x0) = 90" (seed 004: a difference greater than 40 "is assumed to be exactly 40")."""
    states = {"A": graded(160), "B": graded(100)}
    games = [g("g1", "A", "B", 2)]
    a = explain(states, games, "A")
    b = explain(states, games, "B")
    assert (column(a, "grade(opp)"), column(a, "used"), column(a, "cap"), column(a, "points")) == (
        [100],
        [120],
        ["-40"],
        [170],
    )
    assert (column(b, "grade(opp)"), column(b, "used"), column(b, "cap"), column(b, "points")) == (
        [160],
        [140],
        ["+40"],
        [90],
    )
    assert said(a, "ecf_grading.capped.game") == [
        Statement("ecf_grading.capped.game", (("game", "g1"), ("grade", 100), ("used", 120)))
    ]
    assert said(a, "ecf_grading.capped")[0].get("grade") == 160


NINE = [
    # (opponent, half points, points): the ECF Arbiter Seminar's table for a 150 player.
    (90, 2, 160),  # 90 taken as 110: win 160
    (90, 1, 110),  # draw 110
    (90, 0, 60),  # loss 60
    (130, 2, 180),
    (130, 1, 130),
    (130, 0, 80),
    (200, 2, 240),  # 200 taken as 190: win 240
    (200, 1, 190),
    (200, 0, 140),
]


def test_arbiter_seminar_150_player_table() -> None:
    """ECF Arbiter Seminar (https://slideplayer.com./amp/14475192): a 150 player against 90 (taken as 110), 130
    and 200 (taken as 190): win/draw/loss 160/110/60, 180/130/80, 240/190/140."""
    states, games = batch("P", [(opp, p2) for opp, p2, _ in NINE])
    states["P"] = graded(150)
    shown = explain(states, games, "P")
    assert column(shown, "points") == [points for _, _, points in NINE]
    assert column(shown, "used") == [110, 110, 110, 130, 130, 130, 190, 190, 190]
    assert column(shown, "score") == [1.0, 0.5, 0.0] * 3


def test_150_player_nine_games_then_ten() -> None:
    """Nine results are fewer than 10: the 150 keeps 150. A tenth, a draw with a 150, grades him:
    (160+110+60 + 180+130+80 + 240+190+140 + 150) / 10 = (330 + 390 + 570 + 150) / 10 = 1440 / 10 = 144,
    category C (10 games in the period)."""
    states, games = batch("P", [(opp, p2) for opp, p2, _ in NINE])
    states["P"] = graded(150)
    nine = run(states, games)
    assert nine.changed["P"] == graded(150, Y2011, [float(p) for _, _, p in NINE])
    states["Q-150"] = graded(150)
    ten = run(states, [*games, g("g10", "P", "Q-150", 1)])
    after = ten.changed["P"]
    assert (after.grade, after.status, after.games, after.category) == (144, "graded", 10, "C")
    shown = explain(states, [*games, g("g10", "P", "Q-150", 1)], "P")
    assert (term(shown, "Σ points"), term(shown, "average"), term(shown, "grade")) == (1440, 144, 144)


# === Made up to 30 from the previous period =====================================


def test_made_up_with_the_most_recent_games_of_the_previous_period() -> None:
    """10 games in 2011 vs 150s, 5 won (200 each) and 5 drawn (150 each) = 1750. The 2010 points are ten 100s then
    twenty 130s (most recent last): the 20 most recent are the 130s, 2600. (1750 + 2600) / 30 = 145, category C."""
    recent = [100.0] * 10 + [130.0] * 20
    states, games = batch("P", [(150, 2)] * 5 + [(150, 1)] * 5)
    states["P"] = graded(150, Y2010, recent)
    after = run(states, games).changed["P"]
    assert (after.grade, after.games, after.category) == (145, 30, "C")
    shown = explain(states, games, "P")
    made_up = [line for line in shown.rows if line[0] == "made up"]
    assert len(made_up) == 20
    assert {line[1] for line in made_up} == {"2010-01"}
    assert {line[-1] for line in made_up} == {130}
    assert (term(shown, "games"), term(shown, "made up"), term(shown, "Σ points")) == (10, 20, 4350)


def test_made_up_only_from_the_period_just_before() -> None:
    """The same points kept from 2009, not 2010: nothing is made up; 1750 / 10 = 175."""
    states, games = batch("P", [(150, 2)] * 5 + [(150, 1)] * 5)
    states["P"] = graded(150, Y2010 - 1, [100.0] * 10 + [130.0] * 20)
    after = run(states, games).changed["P"]
    assert (after.grade, after.games) == (175, 10)


def test_made_up_with_all_there_is() -> None:
    """10 games (1750) and only 5 points of 2010, 120 each (600): (1750 + 600) / 15 = 156.67, rounded 157."""
    states, games = batch("P", [(150, 2)] * 5 + [(150, 1)] * 5)
    states["P"] = graded(150, Y2010, [120.0] * 5)
    after = run(states, games).changed["P"]
    assert (after.grade, after.games) == (157, 15)


def test_thirty_games_make_up_nothing_and_the_average_rounds_half_up() -> None:
    """30 draws: 29 vs 150 and one vs 165 → 29 × 150 + 165 = 4515; 4515 / 30 = 150.5, rounded half up 151.
    Category A; the 2010 points are not used."""
    states, games = batch("P", [(150, 1)] * 29 + [(165, 1)])
    states["P"] = graded(150, Y2010, [10.0] * 30)
    after = run(states, games).changed["P"]
    assert (after.grade, after.games, after.category) == (151, 30, "A")
    assert len(after.recent) == 30


# === The 10-result minimum ========================================================


def test_ungraded_player_with_nine_results_is_not_graded() -> None:
    """9 draws with 150s: his estimate is 150, but 9 results are fewer than 10: no grade, not published."""
    states, games = batch("N", [(150, 1)] * 9)
    after = run(states, games).changed["N"]
    assert (after.grade, after.status, after.unenhanced, after.games) == (None, "estimated", 150, 9)
    assert SYSTEM.row(ECF_GRADING, Y2011, "N", after, info("N")) is None


def test_ungraded_player_with_ten_results_is_graded() -> None:
    """10 draws with 150s: 1500 / 10 = 150, graded, category C, published."""
    states, games = batch("N", [(150, 1)] * 10)
    after = run(states, games).changed["N"]
    assert (after.grade, after.status, after.games, after.category) == (150, "graded", 10, "C")
    assert SYSTEM.row(ECF_GRADING, Y2011, "N", after, info("N")) == {
        "rating": 150,
        "status": "graded",
        "games": 10,
        "category": "C",
        "list": "standard",
        "junior": 0,
    }


def test_graded_player_with_nine_results_keeps_his_grade() -> None:
    """9 wins against 150s would be 200, but 9 results keep the 150 (and the points for next period)."""
    states, games = batch("P", [(150, 2)] * 9)
    states["P"] = graded(150)
    after = run(states, games).changed["P"]
    assert (after.grade, after.status, after.category, after.period, after.recent) == (
        150,
        "graded",
        "A",
        Y2011,
        (200.0,) * 9,
    )
    (few,) = said(explain(states, games, "P"), "ecf_grading.too_few.kept")
    assert few.values == (("results", 9), ("minimum", 10), ("grade", 150))


def test_graded_player_with_ten_results_is_regraded() -> None:
    """10 wins against 150s: 2000 / 10 = 200."""
    states, games = batch("P", [(150, 2)] * 10)
    states["P"] = graded(150)
    assert grade_after(run(states, games), "P") == 200


def test_made_up_games_count_towards_the_ten() -> None:
    """4 draws with 150s in 2011 (600) and six 160s from 2010 (960): 10 results, (600 + 960) / 10 = 156,
    category E (4 games in the period). With five 2010 points: 9 results, the grade is kept."""
    states, games = batch("P", [(150, 1)] * 4)
    states["P"] = graded(140, Y2010, [160.0] * 6)
    after = run(states, games).changed["P"]
    assert (after.grade, after.games, after.category) == (156, 10, "E")
    states["P"] = graded(140, Y2010, [160.0] * 5)
    assert grade_after(run(states, games), "P") == 140


# === Juniors ===============================================================


@pytest.mark.parametrize(
    ("born", "index", "enhancement"),
    [
        ("2001-01-01", Y2011, 10),  # 10 on 2011-12-31: under 11
        ("2000-12-31", Y2011, 8),  # 11 on 2011-12-31
        ("1997-01-01", Y2011, 8),  # 14
        ("1996-12-31", Y2011, 6),  # 15
        ("1994-01-01", Y2011, 6),  # 17
        ("1993-12-31", Y2011, 0),  # 18
        (None, Y2011, 0),  # no date of birth
        ("2001-07-01", H2012A, 10),  # 10 on 2012-06-30, the end of the six-monthly period
        ("2001-06-30", H2012A, 8),  # 11 on 2012-06-30
    ],
)
def test_junior_enhancement_by_age_at_the_end_of_the_period(born: str | None, index: int, enhancement: int) -> None:
    """Seed 004: +10 under 11, +8 for 11-14, +6 for 15-17, included in the published grade. 10 draws with 150s:
    1500 / 10 = 150 before the enhancement."""
    day = ECF_GRADING.periods.month_names(index)[0] + "-15"
    states, games = batch("J", [(150, 1)] * 10, day=day)
    states["J"] = graded(150)
    infos = {"J": player("J", born)}
    after = run(states, games, index, infos=infos).changed["J"]
    assert (after.grade, after.unenhanced, after.junior) == (150 + enhancement, 150, enhancement)
    row = SYSTEM.row(ECF_GRADING, index, "J", after, infos["J"])
    assert row is not None
    assert (row["rating"], row["junior"]) == (150 + enhancement, enhancement)
    assert term(explain(states, games, "J", index, infos=infos), "junior +") == enhancement


def test_junior_enhancement_is_in_the_grade_opponents_use() -> None:
    """A junior published at 158 (150 + 8): his opponent's points use 158. A 150 beating him scores 208."""
    junior = EcfState(158, 150, 8, "graded", 30, "A", Y2010, ())
    states = {"J": junior, "O": graded(150)}
    assert column(explain(states, [g("g1", "O", "J", 2)], "O"), "points") == [208]


# === Standard play and rapidplay ==========================================================


@pytest.mark.parametrize(
    ("time_control", "seconds", "on"),
    [
        ("3600", 3600, "standard"),  # 60 minutes each: standard play
        ("3599", 3599, "rapid"),  # less than 60 minutes: rapidplay
        ("600", 600, "rapid"),  # at least 10 minutes: rapidplay
        ("599", 599, None),  # under 10 minutes: neither list
        ("2400+20", 3600, "standard"),  # 40 min + 60 × 20 s
        ("2400+19", 3540, "rapid"),
        ("300+5", 600, "rapid"),  # 5 min + 60 × 5 s
        ("240+5", 540, None),
        ("40/7200:3600", 10800, "standard"),
        ("40/1800", 3600, "standard"),  # 40 moves in 30 minutes, repeated: 60 minutes for 60 moves
        ("40/1799", 3598, "rapid"),
        ("40/1500:900+10", 2600, "rapid"),  # 1500 + 900 + 20 moves × 10 s
        ("20/1200:1200+30", 3600, "standard"),  # 1200 + 1200 + 40 moves × 30 s
        ("*180", 180, None),  # sandglass, 3 minutes
        ("*3600", 3600, "standard"),
    ],
)
def test_time_control_boundaries(time_control: str, seconds: int, on: str | None) -> None:
    """ECF eligibility for grading: rapidplay at least 10 and less than 60 minutes each for all moves, increments
    over 60 moves; standard play more. The seconds are each player's time for 60 moves, worked by hand."""
    assert seconds_for_all_moves(time_control) == seconds
    assert game_list(ECF_GRADING, time_control) == on
    assert game_list(ECF_GRADING_RAPID, time_control) == on


@pytest.mark.parametrize("time_control", [None, "", "?", "-"])
def test_unrecorded_or_no_time_control_is_standard(time_control: str | None) -> None:
    assert game_list(ECF_GRADING, time_control) == "standard"


def test_bad_time_control_is_refused() -> None:
    with pytest.raises(EcfTimeControlError):
        seconds_for_all_moves("40 moves in 2 hours")


def test_each_list_grades_its_own_games() -> None:
    """10 draws with 150s at "3600" (standard) and 10 wins against 150s at "3599" (rapidplay), all players with
    prior grades of 150 on both lists. Standard: 1500 / 10 = 150; rapid: 2000 / 10 = 200. Blitz games ("*180")
    are on neither list."""
    infos: dict[str, PlayerInfo] = {}
    games: list[Game] = []
    for i in range(10):
        for kind, tc, points2 in (("s", "3600", 1), ("r", "3599", 2), ("b", "*180", 0)):
            opponent = f"{kind}{i}"
            games.append(g(f"{kind}{i}", "P", opponent, points2, tc=tc))
            infos[opponent] = player(opponent, priors=[prior("ecf", 150), prior("ecf-rapid", 150)])
    infos["P"] = player("P", priors=[prior("ecf", 150), prior("ecf-rapid", 150)])
    standard = run({}, games, infos=infos)
    rapid = run({}, games, params=ECF_GRADING_RAPID, infos=infos)
    assert (grade_after(standard, "P"), standard.changed["P"].games) == (150, 10)
    assert (grade_after(rapid, "P"), rapid.changed["P"].games) == (200, 10)
    # The blitz opponents played on neither list: returned as they arrived (prior, never graded here).
    assert standard.changed["b0"] == EcfState(150, 150, 0, "prior", 40, "A", None, ())
    with pytest.raises(LookupError, match="neither list"):
        explain({}, games, "b0", infos=infos)
    shown = explain({}, games, "P", params=ECF_GRADING_RAPID, infos=infos)
    assert {line[0] for line in shown.rows} == {f"r{i}" for i in range(10)}
    assert shown.after[0] == ("grade", 200)


def test_no_fall_back_to_the_other_lists_prior() -> None:
    """A newcomer with only a rapidplay prior is ungraded on the standard list, and estimated from his results:
    10 draws with 150s, 150 (his rapid 190 plays no part)."""
    infos = {"R": player("R", priors=[prior("ecf-rapid", 190)])}
    states, games = batch("R", [(150, 1)] * 10)
    shown = explain(states, games, "R", infos=infos)
    assert shown.before[0] == ("grade", None)
    assert shown.after[0] == ("grade", 150)


def test_prior_grade_is_the_starting_grade() -> None:
    """A newcomer with a prior ECF grade of 159.5 starts graded 160 (rounded half up): beating a 140 scores 190 for
    him, and the 140 losing to him scores 110 (the seed's 160 beats 140)."""
    infos = {"A": player("A", priors=[prior("ecf", 159.5)]), "B": player("B", priors=[prior("ecf", 140)])}
    games = [g("g1", "A", "B", 2)]
    assert column(explain({}, games, "A", infos=infos), "points") == [190]
    assert column(explain({}, games, "B", infos=infos), "points") == [110]
    after = run({}, games, infos=infos).changed["A"]
    assert (after.grade, after.status) == (160, "prior")


# === Periods =============================================================================


def test_annual_then_six_monthly_periods() -> None:
    """Annual lists before 2012, six-monthly from 2012 (Wikipedia; the ECF's 2011-12 change)."""
    periods = ECF_GRADING.periods
    assert periods.label(periods.index_of_day("2011-12-31")) == "2011-01"
    assert periods.index_of_day("2011-01-01") == periods.index_of_day("2011-12-31")
    assert periods.index_of_day("2012-01-01") == Y2011 + 1
    assert periods.label(periods.index_of_day("2012-06-30")) == "2012-01"
    assert periods.index_of_day("2012-07-01") == Y2011 + 2
    assert periods.label(periods.index_of_day("2012-07-01")) == "2012-07"
    assert periods.month_names(Y2011 + 1) == [f"2012-{m:02d}" for m in range(1, 7)]


def test_made_up_across_the_change_to_six_monthly_periods() -> None:
    """2011 (annual): P (prior 150) plays O (prior 150) ten times, winning the first five (200 each) and losing the
    last five (100 each): 1500 / 10 = 150; O likewise 150. 2012-01 (six-monthly, the next period): 25 draws with O
    (25 × 150 = 3750) made up with the 5 most recent 2011 games, the five losses (500): 4250 / 30 = 141.67, 142,
    category B."""
    infos = {"P": player("P", priors=[prior("ecf", 150)]), "O": player("O", priors=[prior("ecf", 150)])}
    first = [g(f"a{i:02d}", "P", "O", 2 if i < 5 else 0, day=f"2011-03-{i + 1:02d}") for i in range(10)]
    done = run({}, first, infos=infos)
    assert done.changed["P"] == EcfState(150, 150, 0, "graded", 10, "C", Y2011, (200.0,) * 5 + (100.0,) * 5)
    second = [g(f"b{i:02d}", "P", "O", 1, day="2012-02-01") for i in range(25)]
    after = run(done.changed, second, H2012A, infos=infos).changed["P"]
    assert (after.grade, after.games, after.category) == (142, 30, "B")
    shown = explain(done.changed, second, "P", H2012A, infos=infos)
    assert [line[-1] for line in shown.rows if line[0] == "made up"] == [100] * 5
    assert {line[1] for line in shown.rows if line[0] == "made up"} == {"2011-01"}


# === Ungraded players ========================================================


def uv_games() -> tuple[dict[str, EcfState], list[Game]]:
    """U draws 5 with G (100) and beats V 5 times; V draws 5 with H (180)."""
    states = {"G": graded(100), "H": graded(180)}
    games = [g(f"ug{i}", "U", "G", 1) for i in range(5)]
    games += [g(f"uv{i}", "U", "V", 2) for i in range(5)]
    games += [g(f"vh{i}", "V", "H", 1) for i in range(5)]
    return states, games


def test_ungraded_pair_solved_by_successive_approximation() -> None:
    """Hand-solved. U: 5 × 100 (draws with G) + 5 × (R_V + 50) (wins over V), over 10 games;
    V: 5 × (R_U − 50) (losses to U) + 5 × 180 (draws with H), over 10:
        R_U = (750 + 5 R_V) / 10 = 75 + R_V / 2
        R_V = (650 + 5 R_U) / 10 = 65 + R_U / 2
    so R_U = 75 + 32.5 + R_U / 4, R_U = 107.5 / 0.75 = 143.33, and R_V = 65 + 71.67 = 136.67: graded 143 and 137
    (10 results each, category C)."""
    states, games = uv_games()
    done = run(states, games)
    assert (done.changed["U"].grade, done.changed["U"].status, done.changed["U"].category) == (143, "graded", "C")
    assert (done.changed["V"].grade, done.changed["V"].status) == (137, "graded")
    u = explain(states, games, "U")
    assert column(u, "grade(opp)")[:6] == [100] * 5 + [136.67]
    assert column(u, "cap") == [None] * 10  # no proviso on the ungraded side
    (together,) = said(u, "ecf_grading.estimated_together")
    assert together.get("members") == "U, V"


def test_graded_opponents_use_the_rounded_estimate_under_the_proviso() -> None:
    """G (100) drew with U, estimated 143.33 → 143, taken as 140 (40 above G): 140 a game. H (180) drew with V,
    136.67 → 137, taken as 140 (40 below H): 140 a game. Each has 5 results and keeps his grade."""
    states, games = uv_games()
    shown = explain(states, games, "G")
    assert (column(shown, "grade(opp)"), column(shown, "used"), column(shown, "cap"), column(shown, "points")) == (
        [143] * 5,
        [140] * 5,
        ["+40"] * 5,
        [140] * 5,
    )
    h = explain(states, games, "H")
    assert (column(h, "grade(opp)"), column(h, "cap"), column(h, "points")) == ([137] * 5, ["-40"] * 5, [140] * 5)
    assert run(states, games).changed["G"].grade == 100


def test_lone_ungraded_player_is_estimated_exactly_without_the_proviso() -> None:
    """N beats five 60s (110 each) and draws with five 100s (100 each): 1050 / 10 = 105. (Measured from 105 the
    proviso would have taken the 60s as 65 and given 107.5: it does not apply to an ungraded player.)"""
    states, games = batch("N", [(60, 2)] * 5 + [(100, 1)] * 5)
    assert grade_after(run(states, games), "N") == 105


def test_made_up_points_anchor_an_ungraded_group() -> None:
    """E was estimated in 2010 on six games of 120 points; in 2011 he draws 4 games with F, a newcomer, and no one
    else. E: (720 + 4 R_F) / 10; F: 4 R_E / 4 = R_E. So R_E = 72 + 0.4 R_E, R_E = 120 = R_F. E has 10 results:
    graded 120 (category E); F has 4: estimated 120, not graded."""
    states = {"E": EcfState(None, 120, 0, "estimated", 6, None, Y2010, (120.0,) * 6)}
    games = [g(f"ef{i}", "E", "F", 1) for i in range(4)]
    done = run(states, games)
    assert (done.changed["E"].grade, done.changed["E"].category) == (120, "E")
    assert (done.changed["F"].grade, done.changed["F"].status, done.changed["F"].unenhanced) == (None, "estimated", 120)
    assert done.unrated == ()
    assert SYSTEM.notes(ECF_GRADING, Y2011, done.unrated) == ()


def test_unanchored_group_stays_ungraded_and_is_named() -> None:
    """X and Y, both new, play only each other ten times: no graded opponent, no earlier games: no estimate."""
    games = [g(f"xy{i}", "X", "Y", 2) for i in range(10)]
    done = run({}, games)
    assert done.changed["X"] == UNGRADED._replace(period=Y2011)
    assert done.changed["Y"] == UNGRADED._replace(period=Y2011)
    assert done.unrated == (("X", "Y"),)
    notes = SYSTEM.notes(ECF_GRADING, Y2011, done.unrated)
    assert len(notes) == 1
    assert "players X, Y met only each other" in notes[0]
    assert SYSTEM.row(ECF_GRADING, Y2011, "X", done.changed["X"], info("X")) is None
    shown = explain({}, games, "X")
    assert set(column(shown, "points")) == {None}
    assert said(shown, "ecf_grading.cannot_grade") == [Statement("ecf_grading.cannot_grade", (("members", "X, Y"),))]


def test_non_convergence_is_reported() -> None:
    states, games = uv_games()
    bounded = EcfGradingParams(
        name="ecf-bounded", periods=ECF_GRADING.periods, category="standard", prior_system="ecf", max_rounds=1
    )
    with pytest.raises(EcfConvergenceError, match="U, V"):
        run(states, games, params=bounded)


# === Points floor, errors, rows, states ==========================================================


def test_negative_points_count_as_zero() -> None:
    """A 20 losing to a 10: 10 − 50 = −40, counted 0 (Wikipedia: "negative scores are deemed zero")."""
    states = {"A": graded(20), "B": graded(10)}
    assert column(explain(states, [g("g1", "B", "A", 2)], "A"), "points") == [0]


def test_a_player_cannot_play_himself() -> None:
    with pytest.raises(EcfGameError):
        run({}, [g("g1", "A", "A", 1)])


@pytest.mark.parametrize(
    ("graded_in", "listed_in", "published"),
    [
        (Y2010, Y2010, True),
        (Y2010, Y2011, False),  # annual: no game in the 12 months to 2011-12
        (Y2011, H2012A, True),  # 6 months since December 2011
        (Y2011, H2012B, False),  # 12 months
        (H2012A, H2012B, True),
        (H2012B, H2012B + 1, True),
        (H2012B, H2012B + 2, False),
    ],
)
def test_published_with_a_game_in_the_last_12_months(graded_in: int, listed_in: int, published: bool) -> None:
    state = graded(150, graded_in)
    row = SYSTEM.row(ECF_GRADING, listed_in, "P", state, info("P"))
    assert (row is not None) == published
    if row is not None:
        assert list(row) == list(KEYS)
        assert (row["rating"], row["status"], row["games"], row["category"], row["list"]) == (
            150,
            "graded",
            30,
            "A",
            "standard",
        )


def test_rapid_rows_name_their_list() -> None:
    row = SYSTEM.row(ECF_GRADING_RAPID, Y2011, "P", graded(150, Y2011), info("P"))
    assert row is not None and row["list"] == "rapid"


def test_state_survives_json() -> None:
    state = EcfState(158, 150, 8, "graded", 30, "B", Y2011, (120.0, 95.5))
    assert SYSTEM.make(json.loads(json.dumps(state))) == state


def test_every_player_who_played_is_returned() -> None:
    states, games = batch("P", [(150, 1)] * 3)
    done = run(states, games)
    assert set(done.changed) == {"P", *states}


def test_explain_refuses_a_player_without_games() -> None:
    with pytest.raises(LookupError, match="no games"):
        explain({}, [g("g1", "A", "B", 1)], "C")


def test_explanation_terms_and_columns() -> None:
    states, games = batch("P", [(150, 2)] * 5 + [(150, 1)] * 5)
    states["P"] = graded(150, Y2010, [130.0] * 30)
    shown = explain(states, games, "P")
    headings = ["game", "day", "opponent", "grade(opp)", "used", "cap", "score", "points"]
    assert [c.heading for c in shown.columns] == headings
    assert [name for name, _ in shown.terms] == [
        "games",
        "made up",
        "results",
        "Σ points",
        "average",
        "junior +",
        "grade",
        "category",
    ]
    # (1750 + 20 × 130) / 30 = 4350 / 30 = 145
    assert (term(shown, "results"), term(shown, "average"), term(shown, "grade")) == (30, 145, 145)
    assert dict(shown.before)["grade"] == 150
    assert dict(shown.after)["grade"] == 145


def test_system_and_descriptions() -> None:
    assert SYSTEM.family == "ecf-grading"
    assert SYSTEM.keys[:3] == ("rating", "status", "games")
    assert "category" in SYSTEM.keys
    assert not SYSTEM.walkovers
    assert set(DESCRIPTIONS) == {"ecf-grading", "ecf-grading-rapid"}
    assert ECF_GRADING.name == "ecf-grading"
    assert ECF_GRADING_RAPID.name == "ecf-grading-rapid"
    for _, terms in DESCRIPTIONS.values():
        assert any("40" in words for _, words in terms)


# === Determinism ====================================================================


def test_result_does_not_depend_on_the_order_of_the_games() -> None:
    """The ungraded pair, the 150 player's table and a made-up player, in three orders: the same run and the same
    explanations."""
    states, games = uv_games()
    more_states, more = batch("P", [(opp, p2) for opp, p2, _ in NINE] + [(150, 1)], prefix="t")
    states.update(more_states)
    states["P"] = graded(150, Y2010, [120.0, 130.0, 140.0])
    games += more
    expected = run(states, games)
    explained = {who: explain(states, games, who) for who in ("U", "V", "G", "P")}
    shuffled = list(games)
    for seed in (1, 2):
        random.Random(seed).shuffle(shuffled)
        assert run(states, shuffled) == expected
        for who, shown in explained.items():
            assert explain(states, shuffled, who) == shown
    assert run(states, list(reversed(games))) == expected
