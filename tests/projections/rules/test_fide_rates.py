"""FIDE rates of play, the rapid and blitz lists, and the timeline of versions (projections.rules.fide).

Sources of the bounds (each case below is worked by hand from them):

- Standard list, §1.1, "assuming the game lasts 60 moves": 2024 (https://handbook.fide.com/chapter/B022024)
  and 2022 (https://handbook.fide.com/chapter/B022022): 120 minutes "Where at least one of the players in
  the game has a rating of 2400 or higher", 90 minutes where one is "1800 or higher", 60 minutes "Where both
  of the players in the game are rated below 1800". The 2017–2021 text (quoted beside the 2022 one by
  https://kolokwium.blogspot.com/2021/12/przepisy-rankingowe-fide-2022.html): 2200 and 1600 instead; taken for
  2014 too.
- Rapid and blitz lists (https://handbook.fide.com/chapter/B02RBRegulations2024): §1.1.1 rapid "more than
  10 minutes but less than 60 minutes for each player", §1.1.2 blitz "more than 3 minutes but not more than
  10 minutes", both "the time allotted + 60 times any increment"; §7.3.1 "Effective from 1 December 2024:
  Games played between players with a rating difference of 600 points or more shall not be rated if at least
  one of the players is rated above 2600".
- A player's time for 60 moves from PGN TimeControl: ``base+increment`` is base + 60 × increment seconds.
"""

from __future__ import annotations

from datetime import date

import pytest

from commands.explanation_text import say
from projections.registry import RULES, SYSTEMS, get_rules
from projections.rules.common import Game, PlayerInfo, Statement
from projections.rules.fide import (
    FIDE_2014,
    FIDE_2017,
    FIDE_2022,
    FIDE_2024,
    FIDE_2024_BLITZ,
    FIDE_2024_RAPID,
    FIDE_2025,
    FIDE_2025_BLITZ,
    FIDE_2025_RAPID,
    FIDE_PERIODS,
    FIDE_TIMELINE,
    SYSTEM,
    FideParams,
    FideTimeline,
)
from projections.rules.fide.formulas import FideState, list_of_time_control
from projections.rules.fide.system import admits, excluded, rated_games
from projections.rules.timeline import TimelineError


def said(why: Statement | None) -> str | None:
    """Why a game is left off, in the renderer's words (None: it is not)."""
    return None if why is None else say(why)


def game(time_control: str | None, day: str = "2024-05-04", gid: str = "g1") -> Game:
    return Game(gid, "a", "b", 1, day, "Open", time_control)


def nobody(player: str) -> PlayerInfo:
    return PlayerInfo(player, None, 1500, "test", ())


def at(label: str) -> int:
    return FIDE_PERIODS.index(label)


# --- the repro ------------------------------------------------------------------


def test_a_3_plus_2_blitz_game_is_not_rated_on_the_standard_list_but_is_on_the_blitz_list() -> None:
    # 3+2: 180 s + 60 × 2 s = 300 s = 5 minutes for 60 moves. Standard §1.1: at least 60 minutes even for
    # two players below 1800, so off; blitz §1.1.2: 3 < 5 ≤ 10, so on; rapid §1.1.1: 5 is not more than 10.
    blitz = game("180+2")
    assert said(excluded(FIDE_2024, blitz, 1500, 1500)) == "fide-2024 §1.1: under 60 minutes for 60 moves"
    assert said(admits(FIDE_2024, blitz)) == "fide-2024 §1.1: under 60 minutes for 60 moves"
    assert excluded(FIDE_2024_BLITZ, blitz, 1500, 1500) is None
    assert admits(FIDE_2024_BLITZ, blitz) is None
    assert said(admits(FIDE_2024_RAPID, blitz)) == (
        "fide-2024-rapid §1.1.1: outside more than 10 and less than 60 minutes for 60 moves"
    )
    assert list_of_time_control(FIDE_2024, "180+2", 1500, 1500) == "blitz"


# --- the standard tiers, at their edges --------------------------------------------

# (version, higher rating in the game, the other, time control, rated?)
# 2022/2024: 60 minutes below 1800, 90 from 1800, 120 from 2400.
# 2014/2017: 60 minutes below 1600, 90 from 1600, 120 from 2200.
STANDARD_EDGES = [
    # "3000+10": 50 min + 60 × 10 s = 60 min; "3000+9": 50 + 9 = 59 min.
    (FIDE_2024, 1799, 1799, "3000+10", True),
    (FIDE_2024, 1799, 1799, "3000+9", False),
    (FIDE_2024, 1799, None, "3600", True),  # an unrated opponent counts as below every tier
    # 1800 reached by one player: 90 minutes. "5400" = 90 min; "4800+9" = 80 + 9 = 89 min.
    (FIDE_2024, 1800, 1000, "5400", True),
    (FIDE_2024, 1800, 1000, "4800+9", False),
    (FIDE_2024, 2399, 2399, "5400", True),
    # 2400: 120 minutes. "5400+30" = 90 + 30 = 120 min; "5400+29" = 90 + 29 = 119 min.
    (FIDE_2024, 2400, 1500, "5400+30", True),
    (FIDE_2024, 2400, 1500, "5400+29", False),
    (FIDE_2025, 2400, 1500, "5400+29", False),
    (FIDE_2022, 1800, None, "4800+9", False),
    (FIDE_2022, 1799, 1200, "3000+10", True),
    (FIDE_2022, 2400, 2400, "5400+30", True),
    # 2014/2017: 1599 and 1600, 2199 and 2200.
    (FIDE_2014, 1599, 1599, "3000+10", True),
    (FIDE_2014, 1600, 1599, "3000+10", False),  # 60 < 90
    (FIDE_2014, 1600, 1599, "5400", True),
    (FIDE_2017, 2199, 2000, "5400", True),
    (FIDE_2017, 2200, 2000, "5400", False),  # 90 < 120
    (FIDE_2017, 2200, 2000, "40/5400:1800", True),  # 40 moves in 90 min, then 30 min: 120 min
    # "40/5400:1800+30": 90 min for 40 moves, then 30 min + 20 moves × 30 s = 40 min: 130 min in all.
    (FIDE_2024, 2700, 2700, "40/5400:1800+30", True),
]


@pytest.mark.parametrize(("params", "top", "other", "time_control", "on_list"), STANDARD_EDGES)
def test_standard_minimum_by_rating_at_the_edges(
    params: FideParams, top: int, other: int | None, time_control: str, on_list: bool
) -> None:
    assert (excluded(params, game(time_control), top, other) is None) is on_list
    assert (excluded(params, game(time_control), other, top) is None) is on_list  # either colour


def test_the_key_names_the_version_and_the_minimum() -> None:
    # 2400 against 1500, 90 + 29 = 119 minutes: under the 120 of the 2400 tier.
    assert said(excluded(FIDE_2024, game("5400+29"), 2400, 1500)) == "fide-2024 §1.1: under 120 minutes for 60 moves"
    # 2014: 1600 against 1599 at 60 minutes: under the 90 of the 1600 tier.
    assert said(excluded(FIDE_2014, game("3600"), 1600, 1599)) == "fide-2014 §1.1: under 90 minutes for 60 moves"


def test_admits_without_ratings_only_refuses_what_no_rating_can_save() -> None:
    # 60 minutes is enough for two players below 1800, so admits() lets it through; 59 is never standard.
    assert admits(FIDE_2024, game("3600")) is None
    assert said(admits(FIDE_2024, game("3540"))) == "fide-2024 §1.1: under 60 minutes for 60 moves"


# --- rapid and blitz bounds, at their edges ----------------------------------------

RAPID_BLITZ_EDGES = [
    ("600", "blitz"),  # 10 min: not more than 10 → blitz ("not more than 10"), not rapid
    ("600+1", "rapid"),  # 10 + 1 = 11 min
    ("540+1", "blitz"),  # 9 + 1 = 10 min
    ("540+2", "rapid"),  # 9 + 2 = 11 min
    ("3599", "rapid"),  # 59 min 59 s: less than 60
    ("3540+1", None),  # 59 + 1 = 60 min: not less than 60 (and, 2000 against 2000, under the standard 90)
    ("180", None),  # 3 min: not more than 3
    ("120+1", None),  # 2 + 1 = 3 min
    ("180+1", "blitz"),  # 3 + 1 = 4 min
    ("*300", "blitz"),  # a sandclock of 5 minutes
]


@pytest.mark.parametrize(("time_control", "expected"), RAPID_BLITZ_EDGES)
@pytest.mark.parametrize(("rapid", "blitz"), [(FIDE_2024_RAPID, FIDE_2024_BLITZ), (FIDE_2025_RAPID, FIDE_2025_BLITZ)])
def test_rapid_and_blitz_bounds_at_the_edges(
    rapid: FideParams, blitz: FideParams, time_control: str, expected: str | None
) -> None:
    assert list_of_time_control(rapid, time_control, 2000, 2000) == expected
    assert (admits(rapid, game(time_control)) is None) is (expected == "rapid")
    assert (admits(blitz, game(time_control)) is None) is (expected == "blitz")


def test_a_game_with_no_time_control_stays_on_the_standard_list_only() -> None:
    for unknown in (None, "?", ""):
        assert excluded(FIDE_2024, game(unknown), 2700, 2700) is None  # as before: rated on the standard list
        assert list_of_time_control(FIDE_2024, unknown, 2700, 2700) == "standard"
        assert said(admits(FIDE_2024_RAPID, game(unknown))) == "fide-2024-rapid §1.1.1: no time control recorded"
        assert said(admits(FIDE_2024_BLITZ, game(unknown))) == "fide-2024-blitz §1.1.2: no time control recorded"
    assert admits(FIDE_2024, game("-")) is None  # no clock at all: slower than any minimum


def test_the_600_point_rule_of_rapid_and_blitz_from_1_december_2024() -> None:
    key = "fide-2024-blitz §7.3.1: 600 points or more apart, one rated above 2600"
    blitz = "180+2"
    # 2601 − 2001 = 600, one above 2600: not rated from 1 December 2024, rated the day before.
    assert excluded(FIDE_2024_BLITZ, game(blitz, "2024-11-30"), 2601, 2001) is None
    assert said(excluded(FIDE_2024_BLITZ, game(blitz, "2024-12-01"), 2601, 2001)) == key
    assert said(excluded(FIDE_2024_BLITZ, game(blitz, "2024-12-01"), 2001, 2601)) == key
    # 2601 − 2002 = 599: rated; 2600 − 2000 = 600 but nobody "above 2600": rated; an unrated opponent: rated.
    assert excluded(FIDE_2024_BLITZ, game(blitz, "2024-12-01"), 2601, 2002) is None
    assert excluded(FIDE_2024_BLITZ, game(blitz, "2024-12-01"), 2600, 2000) is None
    assert excluded(FIDE_2024_BLITZ, game(blitz, "2024-12-01"), 2700, None) is None
    # The standard list has no such rule.
    assert excluded(FIDE_2025, game("5400+30", "2025-12-01"), 2700, 2000) is None


def test_rapid_and_blitz_keep_the_400_point_cap_for_every_player() -> None:
    # R&B §7.3.1 has no 2650 exemption; the standard 2025 text does.
    assert FIDE_2025.uncapped_from == 2650
    assert FIDE_2025_RAPID.uncapped_from is None and FIDE_2025_BLITZ.uncapped_from is None


def test_rated_games_reads_the_ratings_the_period_starts_from() -> None:
    # 2024-05, "5400" = 90 minutes: enough for 1500 against 1500 (60), not for 2450 against 1500 (120).
    games = [
        Game("g1", "a", "b", 1, "2024-05-04", "Open", "5400"),
        Game("g2", "m", "b", 1, "2024-05-05", "Open", "5400"),
    ]
    states = {"a": FideState(1500, 40), "b": FideState(1500, 40), "m": FideState(2450, 300, True, True)}
    kept, off = rated_games(FIDE_2024, at("2024-05"), states, games, nobody)
    assert [g.game for g in kept] == ["g1"]
    assert [(game, said(why)) for game, why in off] == [(games[1], "fide-2024 §1.1: under 120 minutes for 60 moves")]


# --- the timeline ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("label", "name"),
    [
        ("2010-01", "fide-2014"),  # before the first version: the first one
        ("2017-06", "fide-2014"),  # "effective from 1 July 2014 till 30 June 2017"
        ("2017-07", "fide-2017"),
        ("2021-12", "fide-2017"),  # "effective from 1 July 2017 till 31 December 2021"
        ("2022-01", "fide-2022"),
        ("2024-02", "fide-2022"),  # "effective from 1 January 2022 till 29 February 2024"
        ("2024-03", "fide-2024"),  # "Applied from 1 March, 2024"
        ("2025-09", "fide-2024"),
        ("2025-10", "fide-2025"),  # "Effective from 1 October 2025"
    ],
)
def test_the_timeline_rates_each_period_under_the_version_in_force(label: str, name: str) -> None:
    assert FIDE_TIMELINE.for_period(at(label)).name == name


def test_the_timeline_publishes_a_player_rated_1100_in_october_2023() -> None:
    # 2023-10 is rated under fide-2022 (floor 1000). a (1100, 50 games) draws b (1100): D = 0, PD .50,
    # W − PD = 0, ΔR = 0: a stays 1100 ≥ 1000, published, K 20 (50 games ≥ 30, no date of birth, under 2400).
    states = {"a": FideState(1100, 50), "b": FideState(1100, 50)}
    draw = [Game("g1", "a", "b", 1, "2023-10-07", "Open", "5400+30")]
    after = SYSTEM.run(FIDE_TIMELINE, at("2023-10"), states, draw, nobody).changed
    assert after["a"].rating == 1100
    row = SYSTEM.row(FIDE_TIMELINE, at("2023-10"), "a", after["a"], nobody("a"))
    assert row is not None and (row["rating"], row["k"]) == (1100, 20)
    # fide-2024 replayed on its own over 2023 has the 1400 floor (§7.2.1): 1100 is unrated, not published.
    alone = SYSTEM.run(FIDE_2024, at("2023-10"), states, draw, nobody).changed
    assert alone["a"].rating is None
    assert SYSTEM.row(FIDE_2024, at("2023-10"), "a", alone["a"], nobody("a")) is None


def test_the_timeline_compresses_once_on_1_march_2024() -> None:
    states = {"a": FideState(1100, 50)}
    # February 2024 (fide-2022): no compression.
    assert SYSTEM.run(FIDE_TIMELINE, at("2024-02"), states, [], nobody).changed == {}
    # March 2024 (fide-2024): 1100 + 0.4 × (2000 − 1100) = 1100 + 360 = 1460, before the period's games.
    march = SYSTEM.run(FIDE_TIMELINE, at("2024-03"), states, [], nobody).changed
    assert march == {"a": FideState(1460, 50)}
    # Not again: April 2024 (fide-2024) and October 2025 (fide-2025) leave 1460 as it is
    # (again it would be 1460 + 0.4 × 540 = 1676).
    assert SYSTEM.run(FIDE_TIMELINE, at("2024-04"), march, [], nobody).changed == {}
    assert SYSTEM.run(FIDE_TIMELINE, at("2025-10"), march, [], nobody).changed == {}


def test_the_timeline_with_a_game_in_march_2024_rates_from_the_compressed_list() -> None:
    # a and b, both 1100 on the February list, compressed to 1460 each; a draw between equals: ΔR = 0.
    states = {"a": FideState(1100, 50), "b": FideState(1100, 50)}
    draw = [Game("g1", "a", "b", 1, "2024-03-09", "Open", "5400+30")]
    after = SYSTEM.run(FIDE_TIMELINE, at("2024-03"), states, draw, nobody).changed
    assert (after["a"].rating, after["b"].rating) == (1460, 1460)


def test_a_timeline_refuses_versions_out_of_order_or_of_another_list() -> None:
    with pytest.raises(TimelineError):
        FideTimeline("x", FIDE_PERIODS, ((date(2024, 3, 1), FIDE_2024), (date(2022, 1, 1), FIDE_2022)))
    with pytest.raises(TimelineError):
        FideTimeline("x", FIDE_PERIODS, ((date(2024, 3, 1), FIDE_2024), (date(2025, 10, 1), FIDE_2025_RAPID)))
    with pytest.raises(TimelineError):
        FideTimeline("x", FIDE_PERIODS, ())


def test_the_registry_holds_the_lists_and_the_timeline() -> None:
    names = [name for name in RULES if name.startswith("fide")]
    assert names == [
        "fide-2014", "fide-2017", "fide-2022", "fide-2024", "fide-2024-rapid", "fide-2024-blitz",
        "fide-2025", "fide-2025-rapid", "fide-2025-blitz", "fide",
    ]  # fmt: skip
    assert get_rules("fide") is FIDE_TIMELINE
    assert get_rules("fide-2024-blitz") is FIDE_2024_BLITZ
    assert SYSTEMS["fide"].family != SYSTEMS["fide-2024"].family  # a timeline is superseded by no version
