"""The arithmetic of Glickman's Glicko and Glicko-2: their parameters, a player's state, and each step.

Sources, cited beside the code by their step numbers:

- **Glicko**: Mark E. Glickman, "The Glicko system", Boston University
  (http://www.glicko.net/glicko/glicko.pdf): Step 1(a) unrated players,
  Step 1(b) the RD growing with time, Step 2 the new rating and RD, the
  example calculation, and the choice of ``c``. Cited as "Glicko Step 2".
- **Glicko-2**: Mark E. Glickman, "Example of the Glicko-2 system", Boston
  University, 30 November 2013 (http://www.glicko.net/glicko/glicko2.pdf):
  Steps 1–8, the Illinois iteration of Step 5, and the worked example. Cited
  as "Glicko-2 Step 5".

A run rates one rating period. As both papers prescribe, the games of a period
are treated as played simultaneously: every player who played is rated from the
values every player had at the start of the period (his own and his
opponents'), never from a value another game of the same period produced. A
player's state is his rating, RD (and volatility) after the last period he
played in, with that period's index; the growth of his RD over the periods he
did not play is applied when it is needed: when he next plays, when he is an
opponent, and when his row is shown.

**The rating changes of two opponents need not balance** (seed
``004_0d66b4dfc89044a8.txt``: "in the Glicko system, rating changes are not
balanced as they usually are in the Elo system. If one player's rating
increases by x, the opponent's rating does not necessarily decrease by the same
amount"). Each player's change is his own RD² over the information of his games
(Glicko Step 2: ``q/(1/RD² + 1/d²)``): a player whose rating is uncertain moves
far, one whose rating is well known barely moves, and the opponent's RD
discounts the game through ``g(RD)``. Worked in the tests: a newcomer (1500,
RD 350) beats an established player (1500, RD 50) in the only game of a
period. Under Glicko the newcomer gains 175.00 points (to 1675.00, RD 248.1)
and the established player loses 4.77 (to 1495.23, RD 49.8); under Glicko-2
(σ 0.06, τ 0.5) +175.08 and −4.98. Points enter and leave the pool: the
average rating of a list is not kept constant.

Where the papers are silent or leave a choice, the family chooses, and says so
(the package's modules cite these choices by number):

1. **Rating periods** are a parameter ("the length of time for a rating period
   is at the discretion of the administrator", Glicko-2 paper; the Glicko paper
   likewise): one calendar month by default
   (:data:`projections.rules.glicko.GLICKO_PERIODS`).
2. **c, the Glicko RD growth** (Glicko Step 1(b)). The paper derives ``c`` from
   how long a typical player's RD (50) takes to return to that of an unrated
   player (350) without play; its example assumes five years, 30 periods of two
   months, so ``c = 63.2``. This module keeps the paper's assumption, five years
   (``months_to_unrated`` = 60) and a typical RD of 50, and derives ``c`` from
   the period length: with monthly periods ``c = √((350² − 50²)/60) = √2000 ≈
   44.72`` (lichess's Glicko used the same 60 months); with two-month periods
   it is the paper's 63.2. ``c`` may also be set outright.
3. **RD bounds.** Glicko caps the RD at the start of a period at 350 (Step
   1(b), "never larger than 350, the RD for an unrated player"); neither paper
   gives a minimum, so there is none by default (``min_rd``). The Glicko-2
   paper caps nothing; ``max_rd`` (None by default) caps the growth over
   periods not played for those who want Glicko's 350 there too.
4. **When the RD grows.** Glicko Step 1(b) grows the RD at the start of a
   period by ``c²t``, ``t`` the periods since the player last played (1 if he
   played in the previous one). Glicko-2 grows ``φ`` by ``σ²`` in every period:
   by Step 6 alone in a period he did not play ("only Step 6 applies"), within
   Steps 6–7 in one he did. So a player last rated in period ``j`` starts
   period ``k`` with Glicko RD ``min(√(RD² + c²(k − j)), 350)`` and Glicko-2
   ``φ = √(φ² + (k − 1 − j)σ²)`` (his σ unchanged while he does not play). The
   list of period ``i`` shows the RD he carries out of period ``i``: grown for
   every period since his last one, ``t = i − j`` in both systems (none if he
   played in period ``i``).
5. **Newcomers** (Glicko Step 1(a), Glicko-2 Step 1). A player with no state
   is seeded from his prior rating of the same system
   (``PlayerInfo.prior("glicko")``, ``prior("glicko2")``: rating, deviation,
   volatility), each value missing from the prior taken from the defaults;
   without a prior he is unrated: 1500, RD 350, σ 0.06. A prior counts as if he
   had last played in the period of its as-of date: his RD grows over the
   periods from then to his first period here (choice 4), not at all when the
   prior is as of that period or later. A Glicko prior does not seed Glicko-2
   nor the reverse, and no other system's prior is converted.
6. **Status**: ``provisional`` while the published RD is 110 or more (lichess:
   ``provisional = deviation >= 110``), ``established`` below (``provisional_rd``).
7. **Publishing.** The list shows the rating rounded half up to a whole number
   (:func:`projections.rules.rounding.round_half_up`), the RD (``deviation``) to
   one decimal, the volatility to six; the status is read from the published
   RD. The exact values are kept in the state and used from period to period.
   ``games`` counts the games rated by this system (a prior's games are not
   added). Every player with a state is published.
8. **Step 5 of Glicko-2** (the Illinois iteration) is bounded: the search for
   the lower bracket ``B`` (``k`` steps of τ) and the iteration each stop after
   ``max_iterations`` (100) and raise :class:`Glicko2ConvergenceError` naming
   the player and the period. The test ``f(C)·f(B) ≤ 0`` includes an exact zero
   so that the iteration ends when ``f(C)`` is exactly 0 (with a strict ``<`` it
   would never end). ε = 0.000001 is the paper's.
9. **Forfeits are not rated** (``walkovers=False``): neither paper rates
   anything but games played, and a forfeit says nothing of playing strength.
10. **Determinism.** A player's games are taken in ``(day, game)`` order and
    every sum is :func:`math.fsum` (exactly rounded, so the order of the
    games cannot change a result).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from projections.rules.common import Game, PlayerInfo
from projections.rules.periods import PeriodScheme
from projections.rules.rounding import round_half_up

Q = math.log(10) / 400
"""Glicko Step 2: q = ln 10 / 400 = 0.0057565."""

CENTRE = 1500.0
"""Glicko-2 Steps 2 and 8: μ = (r − 1500)/173.7178, r′ = 173.7178 μ′ + 1500."""

PROVISIONAL = "provisional"
ESTABLISHED = "established"
STATUSES = (PROVISIONAL, ESTABLISHED)
"""Choice 6: a player's status on the list."""


class GlickoGameError(ValueError):
    """A game a run cannot take: a player against himself, or a score that is not 0, ½ or 1."""


class Glicko2ConvergenceError(ValueError):
    """Glicko-2 Step 5: the volatility iteration did not settle within its bound (choice 8)."""


@dataclass(frozen=True)
class GlickoParams:
    """The constants of the Glicko system (module docstring for the choices)."""

    name: str
    periods: PeriodScheme
    """Choice 1: the rating periods."""
    initial_rating: float = 1500.0
    """Glicko Step 1(a): an unrated player's rating."""
    initial_rd: float = 350.0
    """Glicko Step 1(a): an unrated player's RD; Step 1(b): the most an RD grows to."""
    typical_rd: float = 50.0
    """Glicko, choice of c: the RD of a typical player."""
    months_to_unrated: int = 60
    """Choice 2: the months without play that take a typical RD back to ``initial_rd`` (five years)."""
    c: float | None = None
    """Glicko Step 1(b): the RD growth a period; None derives it (choice 2, :attr:`growth`)."""
    min_rd: float | None = None
    """Choice 3: the least RD after a period (none in the paper)."""
    provisional_rd: float = 110.0
    """Choice 6: from this published RD up a player is provisional."""

    def __post_init__(self) -> None:
        if self.c is None and not (self.initial_rd > self.typical_rd > 0 and self.months_to_unrated > 0):
            raise ValueError("c is derived from initial_rd > typical_rd > 0 and months_to_unrated > 0")

    @property
    def growth(self) -> float:
        """Glicko Step 1(b)'s c: set, or √((350² − 50²)/t) for t periods in ``months_to_unrated`` (choice 2)."""
        if self.c is not None:
            return self.c
        periods = self.months_to_unrated / self.periods.months
        return math.sqrt((self.initial_rd**2 - self.typical_rd**2) / periods)

    def for_period(self, index: int) -> GlickoParams:
        """The parameters that rate period ``index``: these (one version, no timeline)."""
        return self


@dataclass(frozen=True)
class Glicko2Params:
    """The constants of the Glicko-2 system (module docstring for the choices)."""

    name: str
    periods: PeriodScheme
    """Choice 1: the rating periods."""
    initial_rating: float = 1500.0
    """Glicko-2 Step 1: an unrated player's rating."""
    initial_rd: float = 350.0
    """Glicko-2 Step 1: an unrated player's RD."""
    initial_volatility: float = 0.06
    """Glicko-2 Step 1: an unrated player's volatility σ."""
    tau: float = 0.5
    """Glicko-2 Step 1: τ, which constrains the change in volatility ("reasonable choices are between 0.3
    and 1.2"); 0.5 is the example's."""
    epsilon: float = 0.000001
    """Glicko-2 Step 5: the convergence tolerance ε."""
    max_iterations: int = 100
    """Choice 8: the bound on each loop of Step 5."""
    scale: float = 173.7178
    """Glicko-2 Steps 2 and 8: the factor between the Glicko and Glicko-2 scales."""
    max_rd: float | None = None
    """Choice 3: the most an RD grows to over periods not played (none in the paper)."""
    provisional_rd: float = 110.0
    """Choice 6: from this published RD up a player is provisional."""

    def __post_init__(self) -> None:
        if self.max_iterations < 1:
            raise ValueError("max_iterations must be at least 1")

    def for_period(self, index: int) -> Glicko2Params:
        """The parameters that rate period ``index``: these (one version, no timeline)."""
        return self


class GlickoState(NamedTuple):
    """A ``glicko`` player after the last period he played in: all plain values."""

    rating: float
    rd: float
    games: int
    """Games rated by this system (choice 7)."""
    last: int
    """The index of the last period he played in."""


class Glicko2State(NamedTuple):
    """A ``glicko2`` player after the last period he played in: all plain values."""

    rating: float
    rd: float
    volatility: float
    games: int
    """Games rated by this system (choice 7)."""
    last: int
    """The index of the last period he played in."""


class Start(NamedTuple):
    """A player's values at the start of a period, and where they come from (choices 4 and 5)."""

    rating: float
    rd: float
    volatility: float
    """Glicko-2's σ (unused by Glicko)."""
    games: int
    grown: int
    """The periods of growth applied to ``rd_before``."""
    rd_before: float
    """The RD before that growth."""
    source: str
    """``state``, ``prior`` (as of ``as_of``) or ``unrated``."""
    as_of: str | None = None


class Side(NamedTuple):
    """One game from one player's side."""

    day: str
    game: str
    opponent: str
    score: float


def sides_of(games: Sequence[Game]) -> dict[str, list[Side]]:
    """Each player's games of the period, in ``(day, game)`` order (choice 10)."""
    sides: dict[str, list[Side]] = {}
    for game in sorted(games, key=lambda g: (g.day, g.game, g.white, g.black, g.white_points2)):
        if game.white == game.black:
            raise GlickoGameError(f"game {game.game!r}: player {game.white!r} cannot play himself")
        if game.white_points2 not in (0, 1, 2):
            raise GlickoGameError(f"game {game.game!r}: White's half points {game.white_points2} are not 0, 1 or 2")
        white = game.white_points2 / 2
        sides.setdefault(game.white, []).append(Side(game.day, game.game, game.black, white))
        sides.setdefault(game.black, []).append(Side(game.day, game.game, game.white, 1 - white))
    return sides


def status_of(published_rd: float, provisional_rd: float) -> str:
    """Choice 6: provisional from ``provisional_rd`` up (lichess: ``deviation >= 110``)."""
    return PROVISIONAL if published_rd >= provisional_rd else ESTABLISHED


def published(params: GlickoParams | Glicko2Params, rating: float, rd: float) -> tuple[int, float, str]:
    """Choice 7: the published rating, RD, and the status read from that RD (choice 6)."""
    shown = round(rd, 1)
    return round_half_up(rating), shown, status_of(shown, params.provisional_rd)


# --- Glicko --------------------------------------------------------------------


def glicko_g(rd: float) -> float:
    """Glicko Step 2: g(RD) = 1/√(1 + 3q²RD²/π²)."""
    return 1 / math.sqrt(1 + 3 * Q * Q * rd * rd / (math.pi * math.pi))


def glicko_expected(rating: float, opponent: float, g: float) -> float:
    """Glicko Step 2: E(s | r, rj, RDj) = 1/(1 + 10^(−g(RDj)(r − rj)/400)), ``g`` = g(RDj)."""
    return 1 / (1 + 10 ** (-g * (rating - opponent) / 400))


def glicko_grown_rd(params: GlickoParams, rd: float, periods: int) -> float:
    """Glicko Step 1(b): RD = min(√(RD_old² + c²t), 350), t = ``periods``."""
    return min(math.sqrt(rd * rd + params.growth**2 * periods), params.initial_rd)


def glicko_start(
    params: GlickoParams, index: int, player: str, state: GlickoState | None, info: Callable[[str], PlayerInfo]
) -> Start:
    """The player's rating and RD at the start of period ``index`` (Glicko Step 1, choices 4 and 5)."""
    if state is not None:
        t = max(0, index - state.last)
        return Start(state.rating, glicko_grown_rd(params, state.rd, t), 0.0, state.games, t, state.rd, "state")
    prior = info(player).prior("glicko")
    if prior is None:
        # Glicko Step 1(a): "If the player is unrated, set the rating to 1500 and the RD to 350."
        return Start(params.initial_rating, params.initial_rd, 0.0, 0, 0, params.initial_rd, "unrated")
    rd = float(prior.deviation) if prior.deviation is not None else params.initial_rd
    t = max(0, index - params.periods.index_of_day(prior.as_of))
    return Start(float(prior.rating), glicko_grown_rd(params, rd, t), 0.0, 0, t, rd, "prior", prior.as_of)


class GlickoUpdate(NamedTuple):
    """Glicko Step 2 for one player: d², the new rating and RD."""

    d2: float
    rating: float
    rd: float


def glicko_update(
    params: GlickoParams, rating: float, rd: float, opponents: Sequence[tuple[float, float, float]]
) -> GlickoUpdate:
    """Glicko Step 2 over ``opponents``: (rj, g(RDj), sj) a game."""
    information: list[float] = []
    scores: list[float] = []
    for opponent, g, score in opponents:
        e = glicko_expected(rating, opponent, g)
        information.append(g * g * e * (1 - e))
        scores.append(g * (score - e))
    # d² = (q² Σ g(RDj)² E (1 − E))⁻¹
    d2 = 1 / (Q * Q * math.fsum(information))
    precision = 1 / (rd * rd) + 1 / d2
    # r′ = r + q/(1/RD² + 1/d²) Σ g(RDj)(sj − E); RD′ = √((1/RD² + 1/d²)⁻¹)
    new_rating = rating + Q / precision * math.fsum(scores)
    new_rd = math.sqrt(1 / precision)
    if params.min_rd is not None:
        new_rd = max(new_rd, params.min_rd)  # choice 3
    return GlickoUpdate(d2, new_rating, new_rd)


def glicko_starts(
    params: GlickoParams,
    index: int,
    states: Mapping[str, GlickoState],
    sides: Mapping[str, list[Side]],
    info: Callable[[str], PlayerInfo],
) -> dict[str, Start]:
    """The start of period ``index`` (Glicko Step 1) of every player of ``sides``: the run's and the explanation's."""
    return {who: glicko_start(params, index, who, states.get(who), info) for who in sorted(sides)}


# --- Glicko-2 ------------------------------------------------------------------


def glicko2_g(phi: float) -> float:
    """Glicko-2 Step 3: g(φ) = 1/√(1 + 3φ²/π²)."""
    return 1 / math.sqrt(1 + 3 * phi * phi / (math.pi * math.pi))


def glicko2_expected(mu: float, opponent: float, g: float) -> float:
    """Glicko-2 Step 3: E(μ, μj, φj) = 1/(1 + exp(−g(φj)(μ − μj))), ``g`` = g(φj)."""
    return 1 / (1 + math.exp(-g * (mu - opponent)))


def glicko2_grown_rd(params: Glicko2Params, rd: float, volatility: float, periods: int) -> float:
    """Glicko-2 Step 6 for ``periods`` periods not played: φ = √(φ² + tσ²), on the Glicko scale (choice 4)."""
    if periods <= 0:
        return rd
    phi = rd / params.scale
    grown = math.sqrt(phi * phi + periods * volatility * volatility) * params.scale
    return grown if params.max_rd is None else min(grown, max(rd, params.max_rd))


def glicko2_start(
    params: Glicko2Params, index: int, player: str, state: Glicko2State | None, info: Callable[[str], PlayerInfo]
) -> Start:
    """The player's rating, RD and σ at the start of period ``index`` (Glicko-2 Step 1, choices 4 and 5)."""
    if state is not None:
        t = max(0, index - 1 - state.last)
        rd = glicko2_grown_rd(params, state.rd, state.volatility, t)
        return Start(state.rating, rd, state.volatility, state.games, t, state.rd, "state")
    prior = info(player).prior("glicko2")
    if prior is None:
        # Glicko-2 Step 1: "If the player is unrated, set the rating to 1500 and the RD to 350. Set the
        # player's volatility to 0.06."
        return Start(
            params.initial_rating, params.initial_rd, params.initial_volatility, 0, 0, params.initial_rd, "unrated"
        )
    rd = float(prior.deviation) if prior.deviation is not None else params.initial_rd
    volatility = float(prior.volatility) if prior.volatility is not None else params.initial_volatility
    t = max(0, index - 1 - params.periods.index_of_day(prior.as_of))
    grown = glicko2_grown_rd(params, rd, volatility, t)
    return Start(float(prior.rating), grown, volatility, 0, t, rd, "prior", prior.as_of)


class _NoConvergence(Exception):
    """Step 5 ran out of iterations (turned into :class:`Glicko2ConvergenceError` with the player named)."""


def new_volatility(
    phi: float, sigma: float, v: float, delta: float, tau: float, epsilon: float, bound: int
) -> tuple[float, int]:
    """Glicko-2 Step 5: σ′ by the Illinois iteration, and the iterations it took (choice 8).

    Raises :class:`_NoConvergence` when a loop runs past ``bound``.
    """
    # (1) a = ln(σ²); f(x) = eˣ(Δ² − φ² − v − eˣ) / (2(φ² + v + eˣ)²) − (x − a)/τ².
    a = math.log(sigma * sigma)
    phi2, delta2, tau2 = phi * phi, delta * delta, tau * tau

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta2 - phi2 - v - ex) / (2 * (phi2 + v + ex) ** 2) - (x - a) / tau2

    # (2) A = a; B = ln(Δ² − φ² − v) if Δ² > φ² + v, else a − kτ for the least k = 1, 2, ... with f(a − kτ) ≥ 0.
    big_a = a
    if delta2 > phi2 + v:
        big_b = math.log(delta2 - phi2 - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
            if k > bound:
                raise _NoConvergence(f"no lower bracket within {bound} steps of τ")
        big_b = a - k * tau
    # (3) fA = f(A), fB = f(B).
    f_a, f_b = f(big_a), f(big_b)
    # (4) While |B − A| > ε: C = A + (A − B) fA/(fB − fA); if fC fB ≤ 0, A ← B, fA ← fB, else fA ← fA/2; B ← C.
    iterations = 0
    while abs(big_b - big_a) > epsilon:
        iterations += 1
        if iterations > bound or f_b == f_a:
            raise _NoConvergence(f"|B − A| = {abs(big_b - big_a):.3g} after {iterations - 1} iterations")
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a = f_a / 2
        big_b, f_b = big_c, f_c
    # (5) σ′ = e^(A/2).
    return math.exp(big_a / 2), iterations


class Glicko2Update(NamedTuple):
    """Glicko-2 Steps 2–8 for one player."""

    mu: float
    phi: float
    v: float
    delta: float
    volatility: float
    iterations: int
    phi_star: float
    phi_new: float
    mu_new: float
    rating: float
    rd: float


def glicko2_update(
    params: Glicko2Params,
    start: Start,
    opponents: Sequence[tuple[float, float, float]],
    player: str,
    label: str,
) -> Glicko2Update:
    """Glicko-2 Steps 2–8 over ``opponents``: (μj, g(φj), sj) a game; ``player`` and ``label`` name an error."""
    # Step 2: μ = (r − 1500)/173.7178, φ = RD/173.7178.
    mu = (start.rating - CENTRE) / params.scale
    phi = start.rd / params.scale
    information: list[float] = []
    scores: list[float] = []
    for opponent, g, score in opponents:
        e = glicko2_expected(mu, opponent, g)
        information.append(g * g * e * (1 - e))
        scores.append(g * (score - e))
    # Step 3: v = (Σ g(φj)² E (1 − E))⁻¹. Step 4: Δ = v Σ g(φj)(sj − E).
    v = 1 / math.fsum(information)
    improvement = math.fsum(scores)
    delta = v * improvement
    # Step 5: σ′.
    try:
        sigma, iterations = new_volatility(
            phi, start.volatility, v, delta, params.tau, params.epsilon, params.max_iterations
        )
    except _NoConvergence as stalled:
        raise Glicko2ConvergenceError(
            f"Glicko-2 Step 5: the volatility of player {player!r} in period {label} did not converge to within "
            f"ε = {params.epsilon:g} in {params.max_iterations} iterations ({stalled})"
        ) from None
    # Step 6: φ* = √(φ² + σ′²).
    phi_star = math.sqrt(phi * phi + sigma * sigma)
    # Step 7: φ′ = 1/√(1/φ*² + 1/v), μ′ = μ + φ′² Σ g(φj)(sj − E).
    phi_new = 1 / math.sqrt(1 / (phi_star * phi_star) + 1 / v)
    mu_new = mu + phi_new * phi_new * improvement
    # Step 8: r′ = 173.7178 μ′ + 1500, RD′ = 173.7178 φ′.
    return Glicko2Update(
        mu,
        phi,
        v,
        delta,
        sigma,
        iterations,
        phi_star,
        phi_new,
        mu_new,
        params.scale * mu_new + CENTRE,
        params.scale * phi_new,
    )


def glicko2_starts(
    params: Glicko2Params,
    index: int,
    states: Mapping[str, Glicko2State],
    sides: Mapping[str, list[Side]],
    info: Callable[[str], PlayerInfo],
) -> dict[str, Start]:
    """The start of period ``index`` (Glicko-2 Step 1) of every player of ``sides``: the run's and the explanation's."""
    return {who: glicko2_start(params, index, who, states.get(who), info) for who in sorted(sides)}


def scaled_starts(params: Glicko2Params, starts: Mapping[str, Start]) -> dict[str, tuple[float, float]]:
    """Each player's (μ, g(φ)) at the start of the period."""
    return {
        who: ((start.rating - CENTRE) / params.scale, glicko2_g(start.rd / params.scale))
        for who, start in starts.items()
    }
