"""FIDE matches (FIDE B.02 2024 §6.1–6.2): games after a match was decided, and matches with an unrated
player (projections.rules.fide.system, :func:`select` and :func:`match_excluded`; choice 14 of
projections.rules.fide).

The clauses, as worked by hand below:

- 2024 text (https://handbook.fide.com/chapter/B022024) §6.1 "Matches in which one player is unrated shall
  not be rated"; §6.2 "Where a match is over a specific number of games, those played after one player has
  won shall not be rated". 2008 text §6.5: "those played after one player has won may not be rated".
- A player has won a match of ``rounds`` games once his score is more than half of them: 4 of 6 (the other
  can reach 2 at most), 3.5 of 6; 3 of 6 is not yet a win (3–3 is still possible).
- The rating arithmetic of 2024 (§8.3): table 8.1.2, D 100 → PD .64 for the higher rated player and .36
  for the lower; K 20 for a player on 100 games under 2400 and not a junior (§8.3.3); the period's change
  rounded to the nearest whole number, 0.5 away from zero (§8.3.4).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from commands.explanation_text import say
from projections.rules.common import EventInfo, Game, PlayerInfo, PriorValue
from projections.rules.fide import (
    FIDE_2014,
    FIDE_2017,
    FIDE_2022,
    FIDE_2024,
    FIDE_2024_BLITZ,
    FIDE_2024_RAPID,
    FIDE_2025,
    FIDE_PERIODS,
    FIDE_TIMELINE,
    SYSTEM,
    FideParams,
    Rules,
)
from projections.rules.fide.formulas import FideState
from projections.rules.fide.system import match_excluded, select

MAY = FIDE_PERIODS.index("2024-05")

RATED: Mapping[str, Any] = {
    "A": FideState(2000, 100, False, False),
    "B": FideState(1900, 100, False, False),
}
"""The list the period starts from: A 2000 and B 1900, both on 100 games (K 20); U is on no list."""


def nobody(player: str) -> PlayerInfo:
    """No date of birth, no prior: a player absent from the list is unrated (choice 6)."""
    return PlayerInfo(player, None, 1500, "test", ())


def event(kind: str = "match", rounds: int | None = 6, end: str | None = "2024-05-06") -> EventInfo:
    return EventInfo("M", "Match", kind, "2024-05-01", end, "5400+30", "otb", None, rounds)


def match(results: str, kind: str = "match", rounds: int | None = 6, black: str = "B") -> list[Game]:
    """One game a day from 1 May 2024, A White, each result ``1`` (A wins), ``=`` or ``0``, ids g1, g2, …"""
    points = {"1": 2, "=": 1, "0": 0}
    info = event(kind, rounds)
    return [
        Game(f"g{n}", "A", black, points[r], f"2024-05-{n:02d}", "M", "5400+30", "otb", info)
        for n, r in enumerate(results, start=1)
    ]


def chosen(params: Rules, games: Sequence[Game]) -> tuple[list[str], list[tuple[str, str]]]:
    kept, off = select(params, MAY, RATED, games, nobody)
    return [g.game for g in kept], [(g.game, say(why)) for g, why in off]


def ratings_after(params: FideParams, games: Sequence[Game]) -> dict[str, int | None]:
    run = SYSTEM.run(params, MAY, RATED, games, nobody)
    return {player: state.rating for player, state in sorted(run.changed.items())}


# --- §6.2: games after the match was decided -----------------------------------------------------------------


def test_a_6_game_match_won_4_0_leaves_out_games_5_and_6() -> None:
    # A wins g1–g4: 4 of 6 after g4, more than 3, so A has won; g5 (A loses) and g6 (a draw) are left out.
    games = match("1111" + "0=")
    kept, off = chosen(FIDE_2024, games)
    assert kept == ["g1", "g2", "g3", "g4"]
    why = "fide-2024 §6.2: played after the match was decided (A 4–0, of 6 games)"
    assert off == [("g5", why), ("g6", why)]


def test_the_rating_change_of_the_decided_match_counts_its_first_four_games_only() -> None:
    # Rated games g1–g4, A (2000) v B (1900), D 100: PD .64 for A, .36 for B; K 20 for both.
    # A: 4 × (1 − .64) = 1.44; × 20 = 28.8 → 29: 2029.  B: 4 × (0 − .36) = −1.44; × 20 = −28.8 → −29: 1871.
    games = match("1111" + "0=")
    kept, _ = select(FIDE_2024, MAY, RATED, games, nobody)
    assert ratings_after(FIDE_2024, kept) == {"A": 2029, "B": 1871}
    # All six counted (what the rule prevents): A 1.44 + (0 − .64) + (.5 − .64) = .66; × 20 = 13.2 → 13: 2013;
    # B −1.44 + (1 − .36) + (.5 − .36) = −.66; × 20 = −13.2 → −13: 1887.
    assert ratings_after(FIDE_2024, games) == {"A": 2013, "B": 1887}


def test_a_half_point_lead_past_half_decides_the_match() -> None:
    # 1, 1, =, 0, 1: A 3.5 after g5, more than 3 of 6 (B can reach 2.5 at most): g6 is left out.
    kept, off = chosen(FIDE_2024, match("11=01" + "0"))
    assert kept == ["g1", "g2", "g3", "g4", "g5"]
    assert off == [("g6", "fide-2024 §6.2: played after the match was decided (A 3.5–1.5, of 6 games)")]


def test_half_the_points_is_not_a_win_so_a_drawn_match_is_rated_whole() -> None:
    # A wins g1–g3 (3 of 6: not more than half, B can still draw the match), then B wins g4–g6: 3–3.
    assert chosen(FIDE_2024, match("111000")) == (["g1", "g2", "g3", "g4", "g5", "g6"], [])


def test_the_loser_of_the_match_is_the_one_who_has_won_too() -> None:
    # B wins g1–g4 (4 of 6): the rule names whoever has won; g5 is left out.
    kept, off = chosen(FIDE_2024, match("0000" + "1"))
    assert kept == ["g1", "g2", "g3", "g4"]
    assert off == [("g5", "fide-2024 §6.2: played after the match was decided (B 4–0, of 6 games)")]


def test_the_games_are_taken_in_day_then_game_order_not_the_order_given() -> None:
    # Given g6, g5, …, g1: the score still runs g1, g2, …; A's fourth win is g4.
    games = list(reversed(match("1111" + "=1")))
    kept, off = chosen(FIDE_2024, games)
    assert sorted(kept) == ["g1", "g2", "g3", "g4"]
    assert sorted(g for g, _ in off) == ["g5", "g6"]


def test_a_two_game_match_is_never_decided_before_its_second_game() -> None:
    # Rounds 2: A's win in g1 is 1 of 2, not more than half; g2 is rated.
    assert chosen(FIDE_2024, match("10", kind="two-game-match", rounds=2)) == (["g1", "g2"], [])


def test_a_match_without_a_number_of_games_keeps_every_game() -> None:
    # §6.2 needs "a specific number of games": no rounds recorded, nothing is left out, even at 5–0.
    assert chosen(FIDE_2024, match("11111", rounds=None)) == (["g1", "g2", "g3", "g4", "g5"], [])


def test_other_event_types_are_not_matches() -> None:
    # The same results in a Swiss event of 6 rounds: §6 does not apply.
    assert chosen(FIDE_2024, match("111101", kind="swiss")) == (["g1", "g2", "g3", "g4", "g5", "g6"], [])


def test_a_game_left_out_by_its_rate_of_play_still_counts_in_the_match_score() -> None:
    # g1 is a 3+2 game (5 minutes for 60 moves: under §1.1's 90 minutes for a player of 1800 or more), off the
    # standard list by §1.1; it was still won in the match: A 4 after g4, so g5 goes by §6.2.
    games = match("11111")
    games[0] = games[0]._replace(time_control="180+2")
    kept, off = chosen(FIDE_2024, games)
    assert kept == ["g2", "g3", "g4"]
    assert off == [
        ("g1", "fide-2024 §1.1: under 90 minutes for 60 moves"),
        ("g5", "fide-2024 §6.2: played after the match was decided (A 4–0, of 6 games)"),
    ]


def test_a_match_of_games_without_time_control_or_mode_is_still_a_match() -> None:
    # The fast path for games that say neither a time control nor a mode keeps the match rules.
    games = [g._replace(time_control=None, mode=None) for g in match("1111" + "1")]
    assert chosen(FIDE_2024, games) == (
        ["g1", "g2", "g3", "g4"],
        [("g5", "fide-2024 §6.2: played after the match was decided (A 4–0, of 6 games)")],
    )


# --- §6.1: a match with an unrated player -----------------------------------------------------------------------


def test_a_match_with_an_unrated_player_is_not_rated() -> None:
    # U is on no list and has no prior: unrated at the start. Every game of the match is left out, for both.
    kept, off = chosen(FIDE_2024, match("10=", black="U"))
    assert kept == []
    why = "fide-2024 §6.1: a match with an unrated player (U)"
    assert off == [("g1", why), ("g2", why), ("g3", why)]


def test_the_same_games_in_a_swiss_event_count_toward_the_unrated_players_first_rating() -> None:
    # Outside a match U's games against A (rated) are rated for him (§7.1.4: games against rated opponents are
    # pooled toward a first rating), and not for A (§8.3.1: only games against rated players).
    games = match("10=", kind="swiss", black="U")
    assert chosen(FIDE_2024, games) == (["g1", "g2", "g3"], [])
    run = SYSTEM.run(FIDE_2024, MAY, RATED, games, nobody)
    assert len(run.changed["U"].pool) == 3
    # As a match, nothing reaches the run: U has pooled nothing.
    assert select(FIDE_2024, MAY, RATED, match("10=", black="U"), nobody)[0] == []


def test_an_unrated_player_with_a_standard_prior_is_rated_for_a_rapid_match() -> None:
    # R&B §7.2.1: an unrated player's standard rating is used on the rapid list (the ``fide`` prior, choice 10):
    # U rated 1900 by his prior, so the rapid match is rated, and decided 4–0 after g4.
    def prior(player: str) -> PlayerInfo:
        priors = (PriorValue("fide", 1900, 50, None, None, None, "2024-04-30"),) if player == "U" else ()
        return PlayerInfo(player, None, 1500, "test", priors)

    games = [g._replace(time_control="900+10") for g in match("1111" + "1", black="U")]
    kept, off = select(FIDE_2024_RAPID, MAY, {}, games, prior)
    # A is on no rapid list and has no prior: the match has an unrated player after all (A).
    assert [g.game for g in kept] == []
    assert {say(why) for _, why in off} == {"fide-2024-rapid §5.1: a match with an unrated player (A)"}
    kept, off = select(FIDE_2024_RAPID, MAY, {"A": FideState(2000, 100)}, games, prior)
    assert [g.game for g in kept] == ["g1", "g2", "g3", "g4"]
    assert [(g.game, say(why)) for g, why in off] == [
        ("g5", "fide-2024-rapid §5.2: played after the match was decided (A 4–0, of 6 games)")
    ]


# --- every version names its clause ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("params", "decided", "unrated"),
    [
        (FIDE_2014, "fide-2014 (2008 §6.5, 2024 §6.2)", "fide-2014 (2024 §6.1)"),
        (FIDE_2017, "fide-2017 (2008 §6.5, 2024 §6.2)", "fide-2017 (2024 §6.1)"),
        (FIDE_2022, "fide-2022 (2008 §6.5, 2024 §6.2)", "fide-2022 (2024 §6.1)"),
        (FIDE_2024, "fide-2024 §6.2", "fide-2024 §6.1"),
        (FIDE_2025, "fide-2025 §6.2", "fide-2025 §6.1"),
        (FIDE_2024_BLITZ, "fide-2024-blitz §5.2", "fide-2024-blitz §5.1"),
        (FIDE_TIMELINE, "fide-2024 §6.2", "fide-2024 §6.1"),  # May 2024 is under fide-2024
    ],
)
def test_each_version_leaves_out_the_same_games_under_its_own_clause(params: Rules, decided: str, unrated: str) -> None:
    games = match("1111" + "0")
    if isinstance(params, FideParams) and params.list_name == "blitz":
        games = [g._replace(time_control="180+2") for g in games]  # 5 minutes for 60 moves: blitz
    assert {game: say(why) for game, why in match_excluded(params, MAY, RATED, games, nobody).items()} == {
        "g5": f"{decided}: played after the match was decided (A 4–0, of 6 games)"
    }
    with_u = [g._replace(black="U") for g in games]
    assert set(map(say, match_excluded(params, MAY, RATED, with_u, nobody).values())) == {
        f"{unrated}: a match with an unrated player (U)"
    }
