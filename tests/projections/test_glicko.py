"""Glickman's Glicko and Glicko-2 systems (:mod:`projections.rules.glicko`), step by step.

The worked examples are Glickman's own, their figures copied from the papers:
"The Glicko system" (glicko.pdf), its example calculation, and "Example of the
Glicko-2 system" (glicko2.pdf, 30 November 2013), the example after Step 8.
Every other expected figure is worked out by hand from the papers' formulas,
the arithmetic in a comment beside it; none is computed with the code under
test. Tests go through ``SYSTEM_GLICKO`` / ``SYSTEM_GLICKO2`` (``run``,
``row``, ``explain``) with hand-built games and players.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Callable, Mapping, Sequence
from datetime import date
from types import MappingProxyType
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from projections.rules.common import Game, PlayerInfo, PriorValue
from projections.rules.explanation import TABLE, Explanation, Statement
from projections.rules.glicko import DESCRIPTIONS, GLICKO, GLICKO2, SYSTEM_GLICKO, SYSTEM_GLICKO2
from projections.rules.glicko.explain import MESSAGES
from projections.rules.glicko.formulas import Glicko2ConvergenceError, Glicko2State, GlickoGameError, GlickoState
from projections.rules.glicko.system import make_state
from projections.rules.periods import PeriodScheme

MARCH = GLICKO.periods.index("2024-03")
"""The period every test rates unless it says otherwise (monthly periods: 2024-03)."""


def prior(
    system: str, rating: float, rd: float | None, volatility: float | None = None, as_of: str = "2024-03-01"
) -> PriorValue:
    return PriorValue(system, rating, None, None, rd, volatility, as_of)


def infos(priors: Mapping[str, Sequence[PriorValue]] | None = None) -> Callable[[str], PlayerInfo]:
    """Any player's registration, with the priors given (none by default)."""
    known = priors or {}

    def info(player: str) -> PlayerInfo:
        return PlayerInfo(player, None, 1500, "test", tuple(known.get(player, ())))

    return info


def game(number: int, white: str, black: str, white_points2: int, day: str = "2024-03-10") -> Game:
    return Game(f"g{number}", white, black, white_points2, day, None, None)


def published(row: dict[str, Any] | None) -> dict[str, Any]:
    """A row that must be published."""
    assert row is not None
    return row


def terms(explanation: Explanation) -> dict[str, Any]:
    return dict(explanation.terms)


def headings(explanation: Explanation) -> tuple[str, ...]:
    return tuple(column.heading for column in explanation.columns)


def said(explanation: Explanation) -> tuple[Statement, ...]:
    """What the explanation says after his terms before, the table, the period's terms and his terms after."""
    generic = tuple(s.key for s in explanation.statements[:4])
    assert generic == ("before", TABLE.key, "period_terms", "after")
    return explanation.statements[4:]


# --- the papers' worked examples --------------------------------------------------

# Both papers: a player rated 1500 with RD 200 (σ 0.06, τ 0.5) beats a 1400 (RD 30) and loses to
# a 1550 (RD 100) and a 1700 (RD 300). The four arrive with priors as of the period itself, so
# their values are the papers' values at the start of the period, with no growth.
EXAMPLE_GAMES = [
    game(1, "player", "a", 2, "2024-03-02"),
    game(2, "b", "player", 2, "2024-03-09"),
    game(3, "player", "c", 0, "2024-03-16"),
]


def example_info(system: str) -> Callable[[str], PlayerInfo]:
    return infos(
        {
            "player": [prior(system, 1500, 200, 0.06)],
            "a": [prior(system, 1400, 30, 0.06)],
            "b": [prior(system, 1550, 100, 0.06)],
            "c": [prior(system, 1700, 300, 0.06)],
        }
    )


def test_glicko2_paper_example_final_values() -> None:
    """Example of the Glicko-2 system, the example after Step 8: r′ = 1464.06, RD′ = 151.52, σ′ = 0.05999.

    The paper's 1464.06 comes from its rounded μ′ = −0.2069; unrounded it is 1464.05, hence the tolerance of 0.01.
    """
    run = SYSTEM_GLICKO2.run(GLICKO2, MARCH, {}, EXAMPLE_GAMES, example_info("glicko2"))
    state = run.changed["player"]
    assert state.rating == pytest.approx(1464.05, abs=0.01)
    assert state.rd == pytest.approx(151.52, abs=0.01)
    assert state.volatility == pytest.approx(0.05999, abs=0.00001)
    assert state.games == 3 and state.last == MARCH


def test_glicko2_paper_example_step_by_step() -> None:
    """Example of the Glicko-2 system, Steps 2–7, figure by figure as the paper prints them.

    Step 3's table: μj −0.5756, 0.2878, 1.1513; φj 0.1727, 0.5756, 1.7269; g(φj) 0.9955, 0.9531,
    0.7242; E 0.639, 0.432, 0.303 (the paper gives E to three decimals). v = 1.7785 and
    Δ = −0.4834 are the paper's, worked from those rounded g and E; unrounded they are 1.7790 and
    −0.4839, hence the tolerance of 0.001. Steps 5–7: σ′ = 0.05999, φ* = 1.152862, φ′ = 0.8722,
    μ′ = −0.2069.
    """
    explanation = SYSTEM_GLICKO2.explain(GLICKO2, MARCH, {}, EXAMPLE_GAMES, example_info("glicko2"), "player")
    assert headings(explanation) == ("game", "opponent", "μj", "φj", "g(φj)", "E", "s")
    paper = [
        ("g1", "a", -0.5756, 0.1727, 0.9955, 0.639, 1.0),
        ("g2", "b", 0.2878, 0.5756, 0.9531, 0.432, 0.0),
        ("g3", "c", 1.1513, 1.7269, 0.7242, 0.303, 0.0),
    ]
    for line, expected in zip(explanation.rows, paper, strict=True):
        assert line[:2] == expected[:2]
        assert line[2:5] == pytest.approx(expected[2:5], abs=0.0001)
        assert line[5] == pytest.approx(expected[5], abs=0.001)
        assert line[6] == expected[6]
    found = terms(explanation)
    assert found["v"] == pytest.approx(1.7785, abs=0.001)
    assert found["Δ"] == pytest.approx(-0.4834, abs=0.001)
    assert found["σ′"] == pytest.approx(0.05999, abs=0.00001)
    assert found["φ*"] == pytest.approx(1.152862, abs=0.0001)
    assert found["φ′"] == pytest.approx(0.8722, abs=0.0001)
    assert found["μ′"] == pytest.approx(-0.2069, abs=0.0001)
    assert found["r′"] == pytest.approx(1464.05, abs=0.01)
    assert found["RD′"] == pytest.approx(151.52, abs=0.01)
    # Step 2: μ = (1500 − 1500)/173.7178 = 0, φ = 200/173.7178 = 1.1513.
    assert dict(explanation.before) == {"rating": 1500, "RD": 200, "σ": 0.06, "μ": 0, "φ": 1.1513, "games": 0}
    # Published: 1464.05 → 1464, RD 151.52 → 151.5, σ 0.059996; RD ≥ 110: provisional.
    assert dict(explanation.after) == {
        "rating": 1464,
        "RD": 151.5,
        "σ": pytest.approx(0.05999, abs=0.00001),
        "status": "provisional",
        "games": 3,
    }


def test_glicko_paper_example() -> None:
    """The Glicko system, example calculation: r′ = 1464, RD′ = 151.4, to within 0.5 (the paper rounds).

    The paper's table: g(RDj) 0.9955, 0.9531, 0.7242; E 0.639, 0.432, 0.303. Its d² = 53670.85 is
    worked from q = 0.0057565 and those rounded g and E:
    1/(0.0057565² × (0.9955²·0.639·0.361 + 0.9531²·0.432·0.568 + 0.7242²·0.303·0.697)) = 53670.85;
    unrounded it is 53685.7, hence the tolerance of 20.
    """
    info = example_info("glicko")
    state = SYSTEM_GLICKO.run(GLICKO, MARCH, {}, EXAMPLE_GAMES, info).changed["player"]
    assert state.rating == pytest.approx(1464, abs=0.5)
    assert state.rd == pytest.approx(151.4, abs=0.5)
    explanation = SYSTEM_GLICKO.explain(GLICKO, MARCH, {}, EXAMPLE_GAMES, info, "player")
    assert headings(explanation) == ("game", "opponent", "rj", "RDj", "g(RDj)", "E", "s")
    paper = [
        ("g1", "a", 1400, 30, 0.9955, 0.639, 1.0),
        ("g2", "b", 1550, 100, 0.9531, 0.432, 0.0),
        ("g3", "c", 1700, 300, 0.7242, 0.303, 0.0),
    ]
    for line, expected in zip(explanation.rows, paper, strict=True):
        assert line[:4] == expected[:4]
        assert line[4] == pytest.approx(expected[4], abs=0.0001)
        assert line[5] == pytest.approx(expected[5], abs=0.001)
        assert line[6] == expected[6]
    found = terms(explanation)
    assert tuple(found) == ("d²", "r′", "RD′")
    assert found["d²"] == pytest.approx(53670.85, abs=20)
    assert found["r′"] == pytest.approx(1464, abs=0.5)
    assert found["RD′"] == pytest.approx(151.4, abs=0.5)
    assert dict(explanation.after) == {"rating": 1464, "RD": 151.4, "status": "provisional", "games": 3}


# --- c and the growth of the RD over periods not played ----------------------------


def test_c_follows_the_papers_reasoning() -> None:
    """The Glicko system, on c: a typical RD of 50 back at 350 after five years without play.

    Monthly: 60 periods, c = √((350² − 50²)/60) = √(120000/60) = √2000 = 44.72.
    Two-month periods (the paper's example): 30 periods, c = √4000 = 63.2, the paper's figure.
    """
    assert GLICKO.growth == pytest.approx(44.7214, abs=0.0001)
    two_months = dataclasses.replace(GLICKO, periods=PeriodScheme(months=2))
    assert two_months.growth == pytest.approx(63.2, abs=0.05)
    assert dataclasses.replace(GLICKO, c=30.0).growth == 30.0


@pytest.mark.parametrize(
    ("periods_later", "deviation", "status"),
    [
        (0, 50.0, "established"),  # played in the list's period: no growth
        (1, 67.1, "established"),  # √(50² + 2000·1) = √4500 = 67.08
        (3, 92.2, "established"),  # √(50² + 2000·3) = √8500 = 92.195
        (30, 250.0, "provisional"),  # √(2500 + 60000) = √62500 = 250
        (60, 350.0, "provisional"),  # √(2500 + 120000) = √122500 = 350: five years
        (100, 350.0, "provisional"),  # √(2500 + 200000) = 450, capped at 350 (Step 1(b))
    ],
)
def test_glicko_rd_grows_on_the_list(periods_later: int, deviation: float, status: str) -> None:
    """Glicko Step 1(b): RD = min(√(RD² + c²t), 350), c² = 2000 for monthly periods; the rating stays."""
    state = GlickoState(1600.0, 50.0, 20, MARCH)
    row = published(SYSTEM_GLICKO.row(GLICKO, MARCH + periods_later, "p", state, infos()("p")))
    assert row == {"rating": 1600, "deviation": deviation, "status": status, "games": 20}


def test_glicko_rd_grows_before_the_next_period_played() -> None:
    """Glicko Step 1(b): last played in March, plays again in June: t = 3, RD √(50² + 3·2000) = 92.20.

    The opponent, last rated in May with RD 80, starts June at √(80² + 2000) = √8400 = 91.65.
    """
    june = MARCH + 3
    states = {"p": GlickoState(1600.0, 50.0, 20, MARCH), "q": GlickoState(1500.0, 80.0, 9, june - 1)}
    games = [game(1, "p", "q", 1, "2024-06-05")]
    explanation = SYSTEM_GLICKO.explain(GLICKO, june, states, games, infos(), "p")
    assert dict(explanation.before) == {"rating": 1600, "RD": 92.2, "games": 20}
    assert explanation.rows[0][2:4] == (1500, 91.65)
    start = said(explanation)[0]
    assert (start.key, start.get("periods"), start.get("rd_before")) == ("glicko.state.grown", 3, 50.0)


@pytest.mark.parametrize(
    ("periods_later", "deviation", "status"),
    [
        (0, 50.0, "established"),
        # (0.06 × 173.7178)² = 108.6403: the RD² grows by that much a period (Step 6, φ² + σ²).
        (3, 53.2, "established"),  # √(2500 + 3 × 108.6403) = √2825.92 = 53.159
        (100, 115.6, "provisional"),  # √(2500 + 100 × 108.6403) = √13364.03 = 115.603
    ],
)
def test_glicko2_rd_grows_on_the_list(periods_later: int, deviation: float, status: str) -> None:
    """Glicko-2 Step 6, "if the player does not compete": φ′ = √(φ² + σ²), rating and σ unchanged."""
    state = Glicko2State(1600.0, 50.0, 0.06, 20, MARCH)
    row = published(SYSTEM_GLICKO2.row(GLICKO2, MARCH + periods_later, "p", state, infos()("p")))
    assert row == {"rating": 1600, "deviation": deviation, "volatility": 0.06, "status": status, "games": 20}


def test_glicko2_rd_grows_before_the_next_period_played() -> None:
    """Glicko-2: last played in March, plays again in June: April and May are Step 6 alone, June's
    growth is Step 6 inside the update. So June starts from √(50² + 2 × 108.6403) = √2717.28 = 52.13."""
    june = MARCH + 3
    states = {"p": Glicko2State(1600.0, 50.0, 0.06, 20, MARCH), "q": Glicko2State(1500.0, 80.0, 0.06, 9, june - 1)}
    games = [game(1, "p", "q", 1, "2024-06-05")]
    explanation = SYSTEM_GLICKO2.explain(GLICKO2, june, states, games, infos(), "p")
    before = dict(explanation.before)
    assert before["RD"] == pytest.approx(52.13, abs=0.005)
    assert before["σ"] == 0.06
    # The opponent played in May: no growth before June, φj = 80/173.7178 = 0.4605.
    assert explanation.rows[0][3] == pytest.approx(0.4605, abs=0.0001)


def test_glicko2_max_rd_caps_the_growth() -> None:
    """Choice 3: no cap by default; σ 0.2 over 100 periods from RD 300:
    (0.2 × 173.7178)² = 1207.115, √(90000 + 100 × 1207.115) = √210711.5 = 459.03; capped at 350 when asked."""
    state = Glicko2State(1500.0, 300.0, 0.2, 5, MARCH)
    info = infos()("p")
    assert published(SYSTEM_GLICKO2.row(GLICKO2, MARCH + 100, "p", state, info))["deviation"] == 459.0
    capped = dataclasses.replace(GLICKO2, max_rd=350.0)
    assert published(SYSTEM_GLICKO2.row(capped, MARCH + 100, "p", state, info))["deviation"] == 350.0


def test_glicko_min_rd_floors_the_new_rd() -> None:
    """Choice 3: no floor by default; with ``min_rd`` 60 an RD of 50 that falls after a game stays 60."""
    info = infos({"p": [prior("glicko", 1500, 50)], "q": [prior("glicko", 1500, 50)]})
    games = [game(1, "p", "q", 1)]
    assert SYSTEM_GLICKO.run(GLICKO, MARCH, {}, games, info).changed["p"].rd < 50
    floored = dataclasses.replace(GLICKO, min_rd=60.0)
    assert SYSTEM_GLICKO.run(floored, MARCH, {}, games, info).changed["p"].rd == 60.0


# --- Step 5 bounded ----------------------------------------------------------------


def test_glicko2_volatility_iteration_raises_when_it_does_not_converge() -> None:
    """Choice 8: the paper's example needs two iterations of Step 5; bounded at one, the run raises,
    naming the player and the period."""
    tight = dataclasses.replace(GLICKO2, max_iterations=1)
    with pytest.raises(Glicko2ConvergenceError, match=r"player '\w+' in period 2024-03"):
        SYSTEM_GLICKO2.run(tight, MARCH, {}, EXAMPLE_GAMES, example_info("glicko2"))
    with pytest.raises(Glicko2ConvergenceError, match=r"player 'player' in period 2024-03 did not converge"):
        SYSTEM_GLICKO2.explain(tight, MARCH, {}, EXAMPLE_GAMES, example_info("glicko2"), "player")


def test_glicko2_max_iterations_must_be_positive() -> None:
    with pytest.raises(ValueError, match="max_iterations"):
        dataclasses.replace(GLICKO2, max_iterations=0)


# --- seeds ----------------------------------------------------------------------------


def test_newcomers_without_a_prior_are_unrated() -> None:
    """Glicko Step 1(a): 1500, RD 350; Glicko-2 Step 1: 1500, RD 350, σ 0.06."""
    games = [game(1, "p", "q", 1)]
    one = SYSTEM_GLICKO.explain(GLICKO, MARCH, {}, games, infos(), "p")
    assert dict(one.before) == {"rating": 1500, "RD": 350, "games": 0}
    two = SYSTEM_GLICKO2.explain(GLICKO2, MARCH, {}, games, infos(), "p")
    assert dict(two.before) == {"rating": 1500, "RD": 350, "σ": 0.06, "μ": 0, "φ": 2.0148, "games": 0}
    assert said(two)[0] == Statement("glicko.g2.unrated", (("rating", 1500), ("rd", 350), ("volatility", 0.06)))


def test_priors_seed_newcomers_of_their_own_system_only() -> None:
    """Choice 5: a glicko2 prior seeds glicko2 (σ from the prior), not glicko; other systems never."""
    info = infos({"p": [prior("fide", 2100, None), prior("glicko2", 1800, 80, 0.07)]})
    games = [game(1, "p", "q", 1)]
    two = dict(SYSTEM_GLICKO2.explain(GLICKO2, MARCH, {}, games, info, "p").before)
    assert (two["rating"], two["RD"], two["σ"]) == (1800, 80, 0.07)
    one = dict(SYSTEM_GLICKO.explain(GLICKO, MARCH, {}, games, info, "p").before)
    assert (one["rating"], one["RD"]) == (1500, 350)


def test_prior_missing_deviation_and_volatility_take_the_defaults() -> None:
    info = infos({"p": [prior("glicko2", 1750, None, None)]})
    before = dict(SYSTEM_GLICKO2.explain(GLICKO2, MARCH, {}, [game(1, "p", "q", 1)], info, "p").before)
    assert (before["rating"], before["RD"], before["σ"]) == (1750, 350, 0.06)


def test_an_old_prior_grows_like_a_last_rated_period() -> None:
    """Choice 5: a prior as of March 2023 counts as a last period played 12 months before March 2024.

    Glicko: t = 12, √(80² + 12 × 2000) = √30400 = 174.36.
    Glicko-2: Step 6 alone for the 11 periods April 2023–February 2024, σ 0.05:
    (0.05 × 173.7178)² = 75.4447, √(6400 + 11 × 75.4447) = √7229.89 = 85.03.
    """
    games = [game(1, "p", "q", 1)]
    one = infos({"p": [prior("glicko", 1700, 80, as_of="2023-03-20")]})
    assert dict(SYSTEM_GLICKO.explain(GLICKO, MARCH, {}, games, one, "p").before)["RD"] == 174.36
    two = infos({"p": [prior("glicko2", 1700, 80, 0.05, as_of="2023-03-20")]})
    assert dict(SYSTEM_GLICKO2.explain(GLICKO2, MARCH, {}, games, two, "p").before)["RD"] == 85.03


def test_a_state_wins_over_a_prior() -> None:
    info = infos({"p": [prior("glicko", 1900, 60)]})
    states = {"p": GlickoState(1650.0, 70.0, 4, MARCH - 1)}
    before = dict(SYSTEM_GLICKO.explain(GLICKO, MARCH, states, [game(1, "p", "q", 1)], info, "p").before)
    assert (before["rating"], before["games"]) == (1650, 4)


# --- simultaneity and determinism -------------------------------------------------------


def test_every_player_is_rated_from_the_start_of_the_period() -> None:
    """Both papers: the games of a period are simultaneous. p's new rating uses q's values at the start
    of the period, whatever q's other game of the period did to q."""
    first = [game(1, "p", "q", 2, "2024-03-01"), game(2, "q", "r", 2, "2024-03-02")]
    second = [game(1, "p", "q", 2, "2024-03-01"), game(2, "q", "r", 0, "2024-03-02")]
    for system, params in ((SYSTEM_GLICKO, GLICKO), (SYSTEM_GLICKO2, GLICKO2)):
        a = system.run(params, MARCH, {}, first, infos()).changed
        b = system.run(params, MARCH, {}, second, infos()).changed
        assert a["p"] == b["p"]
        assert a["q"] != b["q"]


PLAYERS = ["p1", "p2", "p3", "p4", "p5", "p6"]
MIXED_GAMES = [
    game(1, "p1", "p2", 2, "2024-03-01"),
    game(2, "p3", "p4", 1, "2024-03-01"),
    game(3, "p5", "p6", 0, "2024-03-01"),
    game(4, "p2", "p3", 2, "2024-03-08"),
    game(5, "p4", "p5", 1, "2024-03-08"),
    game(6, "p6", "p1", 0, "2024-03-08"),
    game(7, "p1", "p3", 1, "2024-03-15"),
    game(8, "p2", "p4", 0, "2024-03-15"),
    game(9, "p5", "p1", 2, "2024-03-15"),
    game(10, "p6", "p2", 1, "2024-03-22"),
    game(11, "p3", "p5", 2, "2024-03-22"),
    game(12, "p4", "p6", 2, "2024-03-22"),
    game(13, "p1", "p2", 1, "2024-03-29"),
    game(14, "p1", "p2", 0, "2024-03-29"),
]
EARLIER: dict[str, dict[str, Any]] = {
    "glicko": {"p1": GlickoState(1720.0, 60.0, 30, MARCH - 1), "p2": GlickoState(1480.0, 120.0, 8, MARCH - 5)},
    "glicko2": {
        "p1": Glicko2State(1720.0, 60.0, 0.055, 30, MARCH - 1),
        "p2": Glicko2State(1480.0, 120.0, 0.07, 8, MARCH - 5),
    },
}


@settings(max_examples=40, deadline=None)
@given(st.permutations(MIXED_GAMES), st.randoms(use_true_random=False))
def test_game_order_and_state_order_do_not_matter(games: list[Game], rnd: random.Random) -> None:
    """Choice 10: shuffled games and states give the same states, to the last bit."""
    for system, params in ((SYSTEM_GLICKO, GLICKO), (SYSTEM_GLICKO2, GLICKO2)):
        states = EARLIER[system.family]
        shuffled = list(states.items())
        rnd.shuffle(shuffled)
        expected = system.run(params, MARCH, states, MIXED_GAMES, infos()).changed
        assert system.run(params, MARCH, dict(shuffled), games, infos()).changed == expected


def test_run_does_not_mutate_its_inputs() -> None:
    for system, params in ((SYSTEM_GLICKO, GLICKO), (SYSTEM_GLICKO2, GLICKO2)):
        states = EARLIER[system.family]
        frozen = MappingProxyType(dict(states))
        games = tuple(MIXED_GAMES)
        run = system.run(params, MARCH, frozen, games, infos())
        assert dict(frozen) == states and games == tuple(MIXED_GAMES)
        assert set(run.changed) == set(PLAYERS)
        assert all(state.last == MARCH for state in run.changed.values())


# --- seed 004: the changes of two opponents need not balance ----------------------------


def test_glicko_changes_need_not_balance() -> None:
    """Seed 004. A newcomer (1500, RD 350) beats an established player (1500, RD 50).

    By hand (Glicko Step 2, q = 0.0057565, E = 0.5 at equal ratings):
    newcomer: g(50) = 1/√(1 + 3q²·50²/π²) = 0.98764, d² = 1/(q²·0.98764²·0.25) = 123751,
      r′ = 1500 + q/(1/350² + 1/123751) × 0.98764 × 0.5 = 1500 + 354.38 × 0.49382 = 1675.00;
    established: g(350) = 0.66903, d² = 1/(q²·0.66903²·0.25) = 269654,
      r′ = 1500 − q/(1/50² + 1/269654) × 0.66903 × 0.5 = 1500 − 14.259 × 0.33452 = 1495.23.
    """
    info = infos({"new": [prior("glicko", 1500, 350)], "old": [prior("glicko", 1500, 50)]})
    changed = SYSTEM_GLICKO.run(GLICKO, MARCH, {}, [game(1, "new", "old", 2)], info).changed
    gain, loss = changed["new"].rating - 1500, changed["old"].rating - 1500
    assert gain == pytest.approx(175.00, abs=0.01)
    assert loss == pytest.approx(-4.77, abs=0.01)
    assert gain + loss > 170


def test_glicko2_changes_need_not_balance() -> None:
    """Seed 004 under Glicko-2 (σ 0.06, τ 0.5), the same game.

    Newcomer: φ = 350/173.7178 = 2.01476, opponent φj = 0.28782, g = 0.98764, E = 0.5,
      v = 1/(0.98764² × 0.25) = 4.1007, Δ = 4.1007 × 0.49382 = 2.0250, σ′ = 0.059999,
      φ* = √(2.01476² + 0.059999²) = 2.01566, φ′ = 1/√(1/2.01566² + 1/4.1007) = 1.42858,
      μ′ = 1.42858² × 0.49382 = 1.00782, r′ = 1500 + 173.7178 × 1.00782 = 1675.08.
    Established: φ = 0.28782, g(2.01476) = 0.66907, v = 8.9355, σ′ = 0.06,
      φ* = √(0.28782² + 0.06²) = 0.29401, φ′ = 1/√(1/0.29401² + 1/8.9355) = 0.29260,
      μ′ = −0.29260² × 0.33453 = −0.028641, r′ = 1500 − 4.975 = 1495.02.
    """
    info = infos({"new": [prior("glicko2", 1500, 350, 0.06)], "old": [prior("glicko2", 1500, 50, 0.06)]})
    changed = SYSTEM_GLICKO2.run(GLICKO2, MARCH, {}, [game(1, "new", "old", 2)], info).changed
    assert changed["new"].rating - 1500 == pytest.approx(175.08, abs=0.01)
    assert changed["old"].rating - 1500 == pytest.approx(-4.98, abs=0.01)


# --- rows and explanations -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rating", "rd", "shown", "deviation", "status"),
    [
        (1500.5, 110.0, 1501, 110.0, "provisional"),  # half up; 110 itself is provisional (lichess: >= 110)
        (1500.49, 109.94, 1500, 109.9, "established"),
        (1499.5, 109.96, 1500, 110.0, "provisional"),  # the status reads the published RD
    ],
)
def test_rows_publish_rounded_values(rating: float, rd: float, shown: int, deviation: float, status: str) -> None:
    one = published(SYSTEM_GLICKO.row(GLICKO, MARCH, "p", GlickoState(rating, rd, 7, MARCH), infos()("p")))
    assert one == {"rating": shown, "deviation": deviation, "status": status, "games": 7}
    assert tuple(one) == SYSTEM_GLICKO.keys
    two = published(
        SYSTEM_GLICKO2.row(GLICKO2, MARCH, "p", Glicko2State(rating, rd, 0.0612345678, 7, MARCH), infos()("p"))
    )
    assert two == {"rating": shown, "deviation": deviation, "volatility": 0.061235, "status": status, "games": 7}
    assert tuple(two) == SYSTEM_GLICKO2.keys


def test_explain_refuses_a_player_who_did_not_play() -> None:
    for system, params in ((SYSTEM_GLICKO, GLICKO), (SYSTEM_GLICKO2, GLICKO2)):
        with pytest.raises(LookupError, match=r"'absent' played no rated game in 2024-03"):
            system.explain(params, MARCH, {}, EXAMPLE_GAMES, infos(), "absent")


def test_explain_agrees_with_run() -> None:
    for system, params in ((SYSTEM_GLICKO, GLICKO), (SYSTEM_GLICKO2, GLICKO2)):
        states = EARLIER[system.family]
        run = system.run(params, MARCH, states, MIXED_GAMES, infos()).changed
        for player in PLAYERS:
            explanation = system.explain(params, MARCH, states, MIXED_GAMES, infos(), player)
            row = published(system.row(params, MARCH, player, run[player], infos()(player)))
            after = dict(explanation.after)
            assert (after["rating"], after["RD"], after["status"], after["games"]) == (
                row["rating"],
                row["deviation"],
                row["status"],
                row["games"],
            )
            assert len(explanation.rows) == sum(player in (g.white, g.black) for g in MIXED_GAMES)


def test_draws_score_a_half() -> None:
    explanation = SYSTEM_GLICKO2.explain(GLICKO2, MARCH, {}, [game(1, "p", "q", 1)], infos(), "q")
    assert explanation.rows[0][-1] == 0.5
    # Equal players who draw: E = 0.5 = s, Δ = 0 and the rating stays 1500.
    assert terms(explanation)["Δ"] == 0
    assert terms(explanation)["r′"] == 1500


def test_explanations_say_each_step_with_its_values() -> None:
    """The paper examples: the four are seeded from priors as of the period itself (no growth); Glicko
    says c (44.72, choice 2), Glicko-2 says τ, ε and the two iterations Step 5 takes on the example."""
    one = SYSTEM_GLICKO.explain(GLICKO, MARCH, {}, EXAMPLE_GAMES, example_info("glicko"), "player")
    assert [s.key for s in said(one)] == ["glicko.prior", "glicko.simultaneous", "glicko.step2"]
    assert said(one)[0].get("as_of") == "2024-03-01"
    assert said(one)[1].get("c") == pytest.approx(44.7214, abs=0.0001)
    two = SYSTEM_GLICKO2.explain(GLICKO2, MARCH, {}, EXAMPLE_GAMES, example_info("glicko2"), "player")
    assert said(two) == (
        Statement("glicko.g2.prior", (("as_of", "2024-03-01"),)),
        Statement("glicko.g2.simultaneous", (("period", "2024-03"), ("tau", 0.5))),
        Statement("glicko.g2.step5", (("epsilon", 0.000001), ("iterations", 2))),
        Statement("glicko.g2.steps6_8", (("scale", 173.7178), ("centre", 1500))),
    )


def test_a_grown_rd_is_said_with_its_growth() -> None:
    """Glicko Step 1(b) from a state of March in June: min(√(50² + 44.72² × 3), 350) = 92.20.
    Glicko-2, Step 6 alone for April and May: φ = √(0.2878² + 2 × 0.06²) = 0.3001, RD 52.13."""
    june = MARCH + 3
    games = [game(1, "p", "q", 1, "2024-06-05")]
    one = said(SYSTEM_GLICKO.explain(GLICKO, june, {"p": GlickoState(1600.0, 50.0, 20, MARCH)}, games, infos(), "p"))
    assert one[0].key == "glicko.state.grown"
    growth = one[0].get("growth")
    assert isinstance(growth, Statement) and growth.key == "glicko.growth"
    assert dict(growth.values) == {
        "rd_before": 50,
        "c": pytest.approx(44.7214, abs=0.0001),
        "periods": 3,
        "cap": 350,
        "rd": pytest.approx(92.20, abs=0.005),
    }
    state = Glicko2State(1600.0, 50.0, 0.06, 20, MARCH)
    two = said(SYSTEM_GLICKO2.explain(GLICKO2, june, {"p": state}, games, infos(), "p"))
    assert (two[0].key, two[0].get("periods"), two[0].get("period")) == ("glicko.g2.state.grown", 2, "2024-06")
    growth = two[0].get("growth")
    assert isinstance(growth, Statement) and growth.key == "glicko.g2.growth"
    assert growth.get("phi") == pytest.approx(0.3001, abs=0.0001)
    assert growth.get("rd") == pytest.approx(52.13, abs=0.005)


def _keys(statements: Sequence[Statement]) -> set[str]:
    """The keys of ``statements`` and of the statements said inside them."""
    found = set()
    for statement in statements:
        found.add(statement.key)
        found |= _keys([value for _, value in statement.values if isinstance(value, Statement)])
    return found


def test_every_message_is_said() -> None:
    """Each key of :data:`MESSAGES` is said by some explanation, and none is said that is not in it: a player
    unrated, seeded from a prior (as of the period, or grown from an older one), or from his state (grown or
    not), under each system."""
    old = "2023-03-20"
    info = infos(
        {
            "prior": [prior("glicko", 1700, 80), prior("glicko2", 1700, 80, 0.05)],
            "old": [prior("glicko", 1700, 80, as_of=old), prior("glicko2", 1700, 80, 0.05, as_of=old)],
        }
    )
    states: dict[str, dict[str, Any]] = {
        "glicko": {"now": GlickoState(1600.0, 60.0, 5, MARCH), "then": GlickoState(1600.0, 60.0, 5, MARCH - 4)},
        "glicko2": {
            "now": Glicko2State(1600.0, 60.0, 0.06, 5, MARCH - 1),
            "then": Glicko2State(1600.0, 60.0, 0.06, 5, MARCH - 4),
        },
    }
    players = ["new", "prior", "old", "now", "then"]
    games = [
        game(n, white, black, 2)
        for n, (white, black) in enumerate(zip(players, players[1:] + players[:1], strict=True))
    ]
    found: set[str] = set()
    for system, params in ((SYSTEM_GLICKO, GLICKO), (SYSTEM_GLICKO2, GLICKO2)):
        for player in players:
            explanation = system.explain(params, MARCH, states[system.family], games, info, player)
            found |= _keys(explanation.statements)
    assert found - {TABLE.key} == MESSAGES


@pytest.mark.parametrize(
    ("bad", "message"),
    [(game(1, "p", "p", 2), "cannot play himself"), (game(1, "p", "q", 3), "not 0, 1 or 2")],
)
def test_impossible_games_are_refused(bad: Game, message: str) -> None:
    for system, params in ((SYSTEM_GLICKO, GLICKO), (SYSTEM_GLICKO2, GLICKO2)):
        with pytest.raises(GlickoGameError, match=message):
            system.run(params, MARCH, {}, [bad], infos())


# --- states, systems, descriptions ----------------------------------------------------------


def test_states_round_trip_through_json() -> None:
    one = GlickoState(1464.1064627569112, 151.39890244796933, 3, MARCH)
    two = Glicko2State(1464.0506705393013, 151.51652412385727, 0.059995984286488495, 3, MARCH)
    assert SYSTEM_GLICKO.make(json.loads(json.dumps(one))) == one
    assert SYSTEM_GLICKO2.make(json.loads(json.dumps(two))) == two
    assert make_state(json.loads(json.dumps(one))) == one
    assert make_state(json.loads(json.dumps(two))) == two
    assert type(SYSTEM_GLICKO.make([1500, 350, 0, MARCH]).rating) is float


def test_systems() -> None:
    assert (SYSTEM_GLICKO.family, SYSTEM_GLICKO2.family) == ("glicko", "glicko2")
    assert (GLICKO.name, GLICKO2.name) == ("glicko", "glicko2")
    assert SYSTEM_GLICKO.keys == ("rating", "deviation", "status", "games")
    assert SYSTEM_GLICKO2.keys == ("rating", "deviation", "volatility", "status", "games")
    # Choice 9: forfeits are not rated.
    assert not SYSTEM_GLICKO.walkovers and not SYSTEM_GLICKO2.walkovers
    # The published constants (Glicko-2 Step 1, Step 2, Step 5).
    assert (GLICKO2.tau, GLICKO2.initial_volatility, GLICKO2.epsilon, GLICKO2.scale) == (0.5, 0.06, 1e-6, 173.7178)
    assert (GLICKO.initial_rating, GLICKO.initial_rd) == (1500, 350)
    assert GLICKO.periods.months == GLICKO2.periods.months == 1
    assert GLICKO.for_period(MARCH) is GLICKO and GLICKO2.for_period(MARCH) is GLICKO2


def test_descriptions() -> None:
    assert set(DESCRIPTIONS) == {"glicko", "glicko2"}
    for name, (in_force, clauses) in DESCRIPTIONS.items():
        assert isinstance(in_force, date)
        assert clauses and all(clause and words for clause, words in clauses)
        assert len({clause for clause, _ in clauses}) == len(clauses), name
        assert any("need not balance" in words for _, words in clauses), name
    glicko2_clauses = dict(DESCRIPTIONS["glicko2"][1])
    assert "Illinois" in glicko2_clauses["Step 5"]
    assert "44.72" in dict(DESCRIPTIONS["glicko"][1])["Step 1(b)"]
