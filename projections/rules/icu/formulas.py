"""The Irish Chess Union grading system, as described by the I.C.U. Grading
Committee in January 1980 (seed ``001_5be2d6f9fab6ed8a.txt``), version
``icu-1980``.

The note has no numbered clauses: code cites it by its headings ("Rating a New
Player", "Regarding Provisionally-graded players", "Regrading Graded players",
"Players under 1200", "Players over 2000", "Bonuses", "Feedback Points",
"Order of Grading", "Checking Gradings") and the numbered steps under them.

A grading run takes the states of the players before the run and the graded
games of the period, grades the five groups in the note's order, and returns
the new state of every player it graded, the figures of each player's
calculation (no words: those are the renderer's, :mod:`commands.explanation_text`),
and the groups of ungraded players it could not grade.

Where the note leaves a choice, this module makes the one the I.C.U. grading
officer would expect, and says so here:

1. **The grading run is the year.** "Players over 2000" counts "graded games
   in the year" and calls the lists in between "supplementing lists", so the
   run that settles a grading is yearly: :data:`ICU_1980` grades calendar years
   (periods of 12 months from 1 January; the note itself is dated January
   1980). A player's *batch* is all his graded games of the run: "all the games
   from a tournament are graded together", and games from different
   competitions are coordinated ("Rating a New Player"/"Playing Unrated
   Players": "efforts are made to coordinate"). The accelerated rules, the
   bonus threshold and the crossing of 2000 are all measured on the batch.
   ``year_games`` counts a player's graded games in the calendar year of his
   last run, this batch included; with shorter periods it accumulates over the
   runs of one year (supplementing lists), with yearly ones it is the batch.
2. **Rounding.** Every calculation runs in exact fractions; each new grading is
   rounded half up to a whole number once, at the end of the player's
   calculation, and that whole number is both published and used from then on:
   "the figure of 835 will be used for that player in regrading his opponents",
   "add 1300 (old p-grading) times 5" ("Playing Unrated Players", "Regarding
   Provisionally-graded players"). Every worked example of the note is exact.
   The consistent gradings of ungraded players who met each other are
   approximations (choice 9) rounded the same way.
3. **Boundaries.** "Under 1200" is below 1200, so 1200 itself is in the "over
   1200" groups ("Order of Grading") and has no accelerated rule (which could
   not change his grading anyway). "At least 40%" and "a minimum of five games"
   include 40% and five. "12 or more graded games" ends the provisional
   grading. "Less than 16 graded games in the year" is full rate, so 16 is
   active. "Differences of more than 350" count as 350 either way. "Any gain
   over" the bonus threshold: a gain equal to it earns nothing. "Over 2000"
   for the half rate includes 2000: the crossing example halves every point
   above 2000, so a player standing on 2000 is already at the half rate.
4. **The accelerated rules** ("Players under 1200", twice) look at the batch:
   its games (at least five) and its score (at least 40%); the performance
   rating is the new-player figure over the batch ("the grading he would get
   if he was a completely new player"), with no 350 cap. The player's own
   grading before the run decides "under 1200". A provisional player whose
   performance is taken as his new grading keeps counting his games (old games
   plus the batch); one whose performance exceeds 1200 is recalculated "as if
   he had an old grading of 1200" over the same games.
5. **Bonuses** are a feature of the graded formula ("a normal gain of 50
   points"): provisional and new gradings "change in a different way" and earn
   none. The gain is the 16-and-4% adjustment, at the player's rate; a batch
   of fewer than 4 games has no threshold and so no bonus (the note starts the
   table at 4). A graded player under 1200 whose performance exceeds 1200 is
   "given a starting point of 1200 for regrading", and that regrading is the
   whole normal procedure, bonus included, measured from 1200; one whose
   performance is taken as his grading gets no bonus on top.
6. **Half rate** is for *active* players: 16 or more graded games in the year
   (choice 1). The half rate halves the whole adjustment (8 and 2% are half of
   16 and 4%), and the bonus threshold with it ("halved for active players
   over 2000"), so the bonus is halved too. An active player under 2000 whose
   adjustment (bonus included, at full rate and full threshold) takes him over
   2000 has the part above 2000 halved: 1990 + 30 → 2000 + ½(20) = 2010. The
   note gives no rule for a player over 2000 going under: his whole adjustment
   is at the half rate. A player with fewer than 16 graded games in the year
   is at full rate on both sides of 2000 and never halved when crossing.
7. **The order of grading.** Each player's group is fixed by his state before
   the run. A game is graded with the opponent's newly calculated grading when
   the opponent is in an earlier group, and with his grading before the run
   when he is in the same or a later group ("The newly-calculated gradings of
   prior groups are used in grading subsequent groups"). Ungraded players use
   each other's consistent gradings (choice 9). "Large alterations in later
   groups may also be fed back to prior calculations" is left to the grading
   committee: it is not done here (see choice 11).
8. **Figures below five games.** A player graded on fewer than five games has
   a figure "calculated for the purpose of dealing with their opponents": his
   status is ``provisional``, his figure is used for his opponents and
   recalculated in his next run, but :func:`published` gives nothing. A new
   player with 12 or more games in his first run is graded at once.
9. **Ungraded players who met each other** ("Playing Unrated Players"). The
   ungraded players of a run are split into groups connected by their games
   with each other. A group where at least one game was played against a
   player with a figure (provisional, even below five games, or graded) is
   anchored: its gradings are the solution of the new-player equations
   ``R_i·n_i = Σ fixed opponents + Σ R_j (ungraded opponents) + 400·(W_i − L_i)``,
   found by successive approximation (:mod:`projections.rules.solver`, shared
   with the ECF grading; Jacobi rounds: every round uses the previous round's
   figures, so the result does not depend on the players' names), starting
   from the mean grading of the group's graded opponents, and stopping at
   the first round in which no figure moves by more than ``tolerance`` (the
   error left is then at most q/(1 − q) times the tolerance, q < 1 the
   largest share of a player's games against ungraded players); after
   ``max_rounds`` rounds without that, the run raises
   :class:`IcuConvergenceError`. (The rounds always converge for an anchored
   group; the bound only guards against a group so large and so loosely tied
   to its graded opponents that convergence is impractically slow.) A player
   with no ungraded opponent is graded exactly, as in the note's example. A
   group with no game against any player with a figure, directly or through
   other ungraded players, cannot be graded: it is returned in
   :attr:`IcuRun.unanchored` with its players named, its players keep their
   ungraded state, and its games are not graded.
10. **Walkovers are not graded** ("Checking Gradings": "walkovers are not
    graded"): the caller does not pass forfeited games. Nor does the caller
    pass games of events not accepted for grading ("Graded Tournaments").
11. **Feedback points and global adjustments** ("Feedback Points") are
    decisions of the grading committee, not formulas: the caller passes them,
    and :func:`apply_adjustments` applies them to the states it is given (a
    global adjustment to every player with a figure). A grading run applies
    none.
12. **Prior gradings.** A player arriving with an I.C.U. grading is given as
    his state before his first run (:func:`state_from_prior`): a provisional
    figure with the games behind it, or a graded figure (whose game count is
    for the record; the graded formula does not use it).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal, NamedTuple

from projections.rules.common import RatedGame
from projections.rules.periods import PeriodScheme
from projections.rules.rounding import round_half_up
from projections.rules.solver import ConvergenceError, components, solve

Status = Literal["ungraded", "provisional", "graded"]
"""A player's standing: no figure yet, a provisional figure, or a full grading."""

STATUSES: tuple[Status, ...] = ("ungraded", "provisional", "graded")

GROUPS: tuple[int, ...] = (1, 2, 3, 4, 5)
"""ICU 1980, "Order of Grading": the five groups, graded in this order (:func:`group_of`): 1 ungraded,
2 provisionally graded under 1200, 3 provisionally graded 1200 and over, 4 graded under 1200, 5 graded
1200 and over."""


class IcuGameError(ValueError):
    """A game a grading run cannot take: a player against himself, or a score that is not 0, ½ or 1."""


class IcuConvergenceError(ValueError):
    """The successive approximation of a group of ungraded players did not settle within its bound."""


class IcuAdjustmentError(ValueError):
    """A committee adjustment for a player who has no grading to adjust."""


class IcuPriorError(ValueError):
    """A prior grading whose figure, games and status do not fit together."""


@dataclass(frozen=True)
class IcuParams:
    """The constants of the 1980 note, one per rule (module docstring for the choices)."""

    name: str
    periods: PeriodScheme
    """Choice 1: the grading run; "the year" of "Players over 2000" is the calendar year."""
    new_player_points: int = 400
    """"Rating a New Player" step 2: added for each win, deducted for each loss."""
    publish_games: int = 5
    """"Playing Unrated Players": the minimum number of games for a provisional grading."""
    graded_games: int = 12
    """"Players under 1200": from this many graded games the grading is no longer provisional."""
    accelerated_below: int = 1200
    """"Players under 1200": the accelerated rules are for players below this, and cap the performance at it."""
    accelerated_games: int = 5
    """"Players under 1200": the minimum number of games for the accelerated rules."""
    accelerated_percent: int = 40
    """"Players under 1200": the minimum score, in per cent, for the accelerated rules."""
    win_points: int = 16
    """"Regrading Graded players": points for each win, deducted for each loss."""
    difference_percent: int = 4
    """"Regrading Graded players": the per cent of each grading difference added or deducted."""
    difference_cap: int = 350
    """"Regrading Graded players": grading differences of more than this are counted as this."""
    half_rate_from: int = 2000
    """"Players over 2000": active players from this grading are adjusted at half rate (8 and 2%)."""
    active_games: int = 16
    """"Players over 2000": graded games in the year that make a player active."""
    bonus_games: int = 4
    """"Bonuses": the number of games the threshold table starts at; fewer earn no bonus."""
    bonus_threshold: int = 32
    """"Bonuses": the threshold for ``bonus_games`` games."""
    bonus_per_game: int = 3
    """"Bonuses": added to the threshold for each additional game."""
    order_split: int = 1200
    """"Order of Grading": provisional and graded players are graded under this figure first."""
    tolerance: float = 1e-6
    """Choice 9: the approximation stops when no figure moves by more than this in a round."""
    max_rounds: int = 100_000
    """Choice 9: the most rounds of successive approximation before :class:`IcuConvergenceError`."""

    def __post_init__(self) -> None:
        if 12 % self.periods.months:
            raise ValueError(f"a grading period of {self.periods.months} months does not divide the year")

    def for_period(self, index: int) -> IcuParams:
        """The parameters that grade period ``index``: these (one version, no timeline)."""
        return self

    def year_of(self, period: int) -> int:
        """The calendar year a period lies in (choice 1)."""
        return int(self.periods.label(period)[:4])


ICU_YEAR = PeriodScheme(months=12, rules_clause='ICU 1980, "Players over 2000": the year')
"""Choice 1: one grading run a calendar year."""

ICU_1980 = IcuParams(name="icu-1980", periods=ICU_YEAR)
"""The 1980 note's rules, graded once a year."""


class IcuState(NamedTuple):
    """One player before or after a run; all plain values.

    ``grade`` is None while the player is ungraded; ``games`` the graded games
    behind a provisional figure (for a graded player, his graded games as far
    as known); ``year_games`` his graded games in the calendar year of
    ``last_period``, the period of his last run (choice 1).
    """

    grade: int | None
    games: int
    status: Status
    year_games: int = 0
    last_period: int | None = None


UNGRADED = IcuState(grade=None, games=0, status="ungraded")
"""A new player with no prior grading."""


class IcuEntry(NamedTuple):
    """One game from one player's side, as his grading used it.

    ``figure`` says which grading of the opponent was used ("Order of
    Grading"): ``old`` (his grading before the run), ``new`` (his newly
    calculated grading, from an earlier group), ``consistent`` (an ungraded
    opponent's figure from the successive approximation, not rounded) or
    ``ungraded`` (no figure: the player's group could not be graded).
    """

    game: str
    opponent: str
    opponent_grade: float | None
    figure: Literal["old", "new", "consistent", "ungraded"]
    points2: int


class IcuApproximation(NamedTuple):
    """Choice 9: how the consistent gradings of a group of ungraded players who met were found.

    One value for the whole group, shared by the explanations of all its members.
    """

    members: tuple[str, ...]
    rounds: int
    tolerance: float


class IcuNewGrading(NamedTuple):
    """ICU 1980, "Rating a New Player" steps 1–3 for one ungraded player: the figure before rounding.

    ``figure`` is exact (a :class:`~fractions.Fraction`) when all his opponents
    had a figure, and the group's consistent figure (a float) when he met other
    ungraded players, found as ``approximation`` says. The sums of the steps are
    the entries' (:class:`IcuEntry`).
    """

    figure: Fraction | float
    approximation: IcuApproximation | None


class IcuUngradable(NamedTuple):
    """Choice 9: a player of a group of ungraded players who met only each other (``members``, shared)."""

    members: tuple[str, ...]


class IcuWorking(NamedTuple):
    """One player's part of a run: his group, his games, and the figures of his calculation.

    The figures only, no words (:func:`projections.rules.icu.explain.icu_said` says them): the run keeps what it
    computed anyway; the sums a line shows are the entries'.
    """

    player: str
    group: int
    before: IcuState
    after: IcuState | None
    entries: tuple[IcuEntry, ...]
    calculation: IcuNewGrading | Recalculation | Regrading | IcuUngradable
    """As a new player, a provisional recalculation, a regrading, or none (his group could not be graded)."""


class IcuRun(NamedTuple):
    """The result of a grading run.

    ``states``: the new state of every player graded; ``explanations``: every
    player who played, graded or not; ``unanchored``: the groups of ungraded
    players who could not be graded, each a sorted tuple of player ids, sorted.
    """

    states: dict[str, IcuState]
    explanations: dict[str, IcuWorking]
    unanchored: tuple[tuple[str, ...], ...]


class IcuAdjustment(NamedTuple):
    """A grading committee decision: ``points`` to one player, or to all (``player`` None)."""

    player: str | None
    points: int
    note: str = ""


class IcuAdjusted(NamedTuple):
    """One adjustment as it reached one player: ``feedback`` points to him, or a ``global`` adjustment."""

    kind: Literal["feedback", "global"]
    points: int
    note: str


RULE_NORMAL = "normal"
"""The normal procedure: the provisional average, or 16 and 4%."""
RULE_BELOW = "below"
"""ICU 1980, "Players under 1200", case 1: accelerated, but the performance is below the old grading: the
normal procedure."""
RULE_PERFORMANCE = "performance"
"""ICU 1980, "Players under 1200", case 2: accelerated, the performance taken as the new grading."""
RULE_FROM_1200 = "from_1200"
"""ICU 1980, "Players under 1200", case 3: accelerated, from a starting point of 1200."""


class Recalculation(NamedTuple):
    """A provisional recalculation ("Regarding Provisionally-graded players" and "Players under 1200")."""

    rule: str
    performance: Fraction | None
    base: int
    value: Fraction


class Regrading(NamedTuple):
    """A graded player's regrading, term by term ("Regrading Graded players" and after)."""

    rule: str
    performance: Fraction | None
    base: int
    win_term: Fraction
    difference_total: Fraction
    difference_term: Fraction
    half_rate: bool
    gain: Fraction
    threshold: Fraction | None
    bonus: Fraction
    crossed: bool
    value: Fraction


# --- the formulas ------------------------------------------------------------


def published(state: IcuState, params: IcuParams = ICU_1980) -> str | None:
    """The list figure: ``835/6`` while provisional, the grade once graded, None below five games.

    ICU 1980, "Rating a New Player": "a provisional grading of 835/6";
    "Playing Unrated Players": "The minimum number of games required for a
    provisional grading is five".
    """
    if state.grade is None:
        return None
    if state.status == "graded":
        return str(state.grade)
    if state.games < params.publish_games:
        return None
    return f"{state.grade}/{state.games}"


def state_from_prior(grade: int | None, games: int, status: str) -> IcuState:
    """A player arriving with a prior I.C.U. grading (choice 12), checked for consistency."""
    if status not in STATUSES:
        raise IcuPriorError(f"unknown status {status!r}; one of {', '.join(STATUSES)}")
    if games < 0:
        raise IcuPriorError(f"a grading cannot rest on {games} games")
    if status == "ungraded":
        if grade is not None or games:
            raise IcuPriorError("an ungraded player has no grade and no games behind one")
        return UNGRADED
    if grade is None:
        raise IcuPriorError(f"a {status} player needs a grade")
    if status == "provisional":
        if games < 1:
            raise IcuPriorError("a provisional grading is 'grade/games' with at least one game behind it")
        return IcuState(grade, games, "provisional")
    return IcuState(grade, games, "graded")


def group_of(params: IcuParams, state: IcuState) -> int:
    """ICU 1980, "Order of Grading": the group (1–5) a player is graded in, by his state before the run."""
    if state.grade is None:
        return 1
    under = state.grade < params.order_split
    if state.status == "provisional":
        return 2 if under else 3
    return 4 if under else 5


def new_player_grading(params: IcuParams, opponent_total: Fraction | int, points2: int, games: int) -> Fraction:
    """ICU 1980, "Rating a New Player" steps 1–3: (Σ opponents' gradings ± 400 a win/loss) ÷ games.

    Wins − losses is ``points2 − games`` (2W + D − (W + D + L)), so only the
    score counts, not which games were won.
    """
    return (Fraction(opponent_total) + params.new_player_points * (points2 - games)) / games


def accelerated(params: IcuParams, grade: int, games: int, points2: int) -> bool:
    """ICU 1980, "Players under 1200": under 1200, scoring at least 40% in at least five games (choice 4)."""
    return (
        grade < params.accelerated_below
        and games >= params.accelerated_games
        and points2 * 100 >= params.accelerated_percent * 2 * games
    )


def recalculate_provisional(
    params: IcuParams, old: int, old_games: int, opponent_total: int, points2: int, games: int
) -> Recalculation:
    """ICU 1980, "Regarding Provisionally-graded players" steps 1–4, with "Players under 1200" cases 1–3."""
    # Steps 1–2: opponents' gradings, ±400 a win/loss.
    batch = Fraction(opponent_total) + params.new_player_points * (points2 - games)
    total_games = old_games + games

    def over_all(base: int) -> Fraction:
        # Steps 3–4: add the previous grading times its games; divide by all games accumulated.
        return (batch + base * old_games) / total_games

    if not accelerated(params, old, games, points2):
        return Recalculation(RULE_NORMAL, None, old, over_all(old))
    performance = batch / games  # "the grading he would get if he was a completely new player"
    if performance < old:
        # Case 1: "it may be less than his old grading … the normal procedure … is followed".
        return Recalculation(RULE_BELOW, performance, old, over_all(old))
    if performance <= params.accelerated_below:
        # Case 2: "between his old grading and 1200 … taken as his new grading".
        return Recalculation(RULE_PERFORMANCE, performance, old, performance)
    # Case 3: "exceed 1200 … calculated as if he had an old grading of 1200".
    base = params.accelerated_below
    return Recalculation(RULE_FROM_1200, performance, base, over_all(base))


def capped_difference(params: IcuParams, base: int, opponent_grade: int) -> int:
    """ICU 1980, "Regrading Graded players": the opponent's grading minus the player's, counted at most ±350."""
    return max(-params.difference_cap, min(params.difference_cap, opponent_grade - base))


def bonus_threshold(params: IcuParams, games: int, halved: bool) -> Fraction | None:
    """ICU 1980, "Bonuses": 32 for 4 games plus 3 a game more; halved for active players over 2000.

    None for a batch shorter than the table (choice 5).
    """
    if games < params.bonus_games:
        return None
    threshold = Fraction(params.bonus_threshold + params.bonus_per_game * (games - params.bonus_games))
    return threshold / 2 if halved else threshold


def bonus(gain: Fraction, threshold: Fraction | None) -> Fraction:
    """ICU 1980, "Bonuses": "any gain over this is … doubled": the gain over the threshold is added again."""
    if threshold is None or gain <= threshold:
        return Fraction(0)
    return gain - threshold


def cross_half_rate(params: IcuParams, base: int, change: Fraction) -> Fraction:
    """ICU 1980, "Players over 2000": an active player going over 2000 has the part above 2000 halved.

    "1990+30 (on 4%) → 1990+10+½(20) = 2010". For ``base`` below 2000 only.
    """
    line = params.half_rate_from
    if base + change <= line:
        return base + change
    return line + (base + change - line) / 2


def regrade(params: IcuParams, old: int, opponents: Sequence[tuple[int, int]], year_games: int) -> Regrading:
    """A graded player's new grading from his batch: ``opponents`` are (grading used, half points) a game.

    ICU 1980, "Regrading Graded players", "Players under 1200", "Players over
    2000", "Bonuses"; ``year_games`` are his graded games in the year, this
    batch included (choices 1, 5, 6).
    """
    games = len(opponents)
    points2 = sum(p for _, p in opponents)
    wins_minus_losses = points2 - games
    base, rule, performance = old, RULE_NORMAL, None
    if accelerated(params, old, games, points2):
        # "Players under 1200" (graded): the performance as a new player.
        performance = new_player_grading(params, sum(g for g, _ in opponents), points2, games)
        if performance < old:
            rule = RULE_BELOW
        elif performance <= params.accelerated_below:
            # "If the performance lies between the old grading and 1200 it becomes the new grading."
            return Regrading(
                RULE_PERFORMANCE,
                performance,
                old,
                Fraction(0),
                Fraction(0),
                Fraction(0),
                False,
                Fraction(0),
                None,
                Fraction(0),
                False,
                performance,
            )
        else:
            # "If it exceeds 1200 he is given a starting point of 1200 for regrading."
            base, rule = params.accelerated_below, RULE_FROM_1200
    # "+16 for each win, zero for a draw and -16 for a loss, adjusted for 4% of any grading difference",
    # differences "of more than 350 points are counted as 350".
    win_term = Fraction(params.win_points * wins_minus_losses)
    difference_total = Fraction(sum(capped_difference(params, base, g) for g, _ in opponents))
    difference_term = difference_total * params.difference_percent / 100
    full = win_term + difference_term
    # "Players over 2000": active players over 2000 at half rate, "factors of 8 and 2%" (choice 6).
    active = year_games >= params.active_games
    half_rate = active and base >= params.half_rate_from
    gain = full / 2 if half_rate else full
    # "Bonuses": the thresholds for active players over 2000 are halved.
    threshold = bonus_threshold(params, games, half_rate)
    extra = bonus(gain, threshold)
    change = gain + extra
    crossed = active and not half_rate and base + change > params.half_rate_from
    value = cross_half_rate(params, base, change) if crossed else base + change
    return Regrading(
        rule,
        performance,
        base,
        win_term,
        difference_total,
        difference_term,
        half_rate,
        gain,
        threshold,
        extra,
        crossed,
        value,
    )


def consistent_gradings(
    fixed: Mapping[str, int],
    games: Mapping[str, int],
    links: Mapping[str, Sequence[str]],
    start: float,
    tolerance: float,
    max_rounds: int,
) -> tuple[dict[str, float], int]:
    """ICU 1980, "Playing Unrated Players": the gradings consistent between ungraded players who met.

    Solves ``R_p = (fixed_p + Σ R_q for q in links_p) / games_p`` for every
    ``p`` of ``fixed`` by successive approximation (choice 9): Jacobi rounds
    from ``start`` for everyone, until no figure moves by more than
    ``tolerance`` (:func:`projections.rules.solver.solve`: no floor, ``fixed_p``
    added to the sum of the figures). ``fixed_p`` is the sum of the player's
    graded opponents ±400 a win/loss; ``links_p`` his ungraded opponents, once
    a game. Returns the figures and the number of rounds; raises
    :class:`IcuConvergenceError` after ``max_rounds`` rounds.
    """
    try:
        return solve(
            fixed,
            games,
            {p: [(q, 0) for q in links[p]] for p in fixed},
            dict.fromkeys(fixed, float(start)),
            floor=None,
            fsum="links",
            tolerance=tolerance,
            max_rounds=max_rounds,
        )
    except ConvergenceError as error:
        raise IcuConvergenceError(
            f"the gradings of ungraded players {', '.join(error.players)} did not settle within {tolerance} "
            f"in {max_rounds} rounds of successive approximation (ICU 1980, Playing Unrated Players)"
        ) from error


def apply_adjustments(
    states: Mapping[str, IcuState], adjustments: Sequence[IcuAdjustment]
) -> tuple[dict[str, IcuState], dict[str, tuple[IcuAdjusted, ...]]]:
    """ICU 1980, "Feedback Points": apply the grading committee's adjustments (choice 11).

    An adjustment names a player (feedback points) or None for every player
    with a figure (a global adjustment). A player's adjustments are summed, so
    their order does not matter. Returns the new states of the players whose
    grading moved, and the adjustments that reached each player adjusted, in order.
    """
    totals: dict[str, int] = {}
    reached: dict[str, list[IcuAdjusted]] = {}
    for adjustment in sorted(adjustments, key=lambda a: (a.player is not None, a.player or "", a.points, a.note)):
        kind: Literal["feedback", "global"]
        if adjustment.player is None:
            targets = sorted(p for p, s in states.items() if s.grade is not None)
            kind = "global"
        else:
            state = states.get(adjustment.player)
            if state is None or state.grade is None:
                raise IcuAdjustmentError(
                    f"player {adjustment.player!r} has no grading to adjust (ICU 1980, Feedback Points)"
                )
            targets = [adjustment.player]
            kind = "feedback"
        adjusted = IcuAdjusted(kind, adjustment.points, adjustment.note)
        for player in targets:
            totals[player] = totals.get(player, 0) + adjustment.points
            reached.setdefault(player, []).append(adjusted)
    changed: dict[str, IcuState] = {}
    for player in sorted(totals):
        grade = states[player].grade
        assert grade is not None  # checked above
        if totals[player]:
            changed[player] = states[player]._replace(grade=grade + totals[player])
    return changed, {p: tuple(found) for p, found in sorted(reached.items())}


# --- the run -----------------------------------------------------------------
class _Side(NamedTuple):
    """One game from one player's side, before any grading is attached to it."""

    game: str
    opponent: str
    points2: int


class _Run:
    """The working state of one grading run; :func:`grade_period` is its only user."""

    def __init__(self, params: IcuParams, period: int, starts: dict[str, IcuState], sides: dict[str, list[_Side]]):
        self.params = params
        self.period = period
        self.starts = starts
        self.sides = sides
        self.groups = {who: group_of(params, state) for who, state in starts.items()}
        self.new_grades: dict[str, int] = {}
        self.after: dict[str, IcuState] = {}
        self.explanations: dict[str, IcuWorking] = {}
        self.unanchored: list[tuple[str, ...]] = []

    def in_group(self, group: int) -> list[str]:
        return sorted(who for who, g in self.groups.items() if g == group)

    def old(self, who: str) -> int:
        grade = self.starts[who].grade
        if grade is None:  # unreachable: only groups 2–5 are asked, and they have a grading
            raise ValueError(f"player {who!r} has no grading before the run")
        return grade

    def used(self, who: str, side: _Side) -> IcuEntry:
        """ICU 1980, "Order of Grading": "The newly-calculated gradings of prior groups are used"."""
        if self.groups[side.opponent] < self.groups[who]:
            return IcuEntry(side.game, side.opponent, self.new_grades[side.opponent], "new", side.points2)
        return IcuEntry(side.game, side.opponent, self.old(side.opponent), "old", side.points2)

    def settle(
        self,
        who: str,
        entries: tuple[IcuEntry, ...],
        state: IcuState,
        calculation: IcuNewGrading | Recalculation | Regrading,
    ) -> None:
        assert state.grade is not None
        self.new_grades[who] = state.grade
        self.after[who] = state
        self.explanations[who] = IcuWorking(who, self.groups[who], self.starts[who], state, entries, calculation)

    # 1) Ungraded -------------------------------------------------------------

    def ungraded(self) -> None:
        """ICU 1980, "Rating a New Player" and "Playing Unrated Players" (choice 9)."""
        for members in components(self.in_group(1), self.ungraded_opponents):
            anchors = [self.old(s.opponent) for who in members for s in self.sides[who] if self.groups[s.opponent] != 1]
            if anchors:
                self.new_players(members, anchors)
            else:
                self.cannot_grade(members)

    def ungraded_opponents(self, who: str) -> Iterator[str]:
        """Choice 9: the player's ungraded opponents (group 1), once a game: his links in his group."""
        return (side.opponent for side in self.sides[who] if self.groups[side.opponent] == 1)

    def cannot_grade(self, members: list[str]) -> None:
        """Choice 9: no graded opponent, directly or through other ungraded players."""
        group = tuple(members)
        self.unanchored.append(group)
        ungradable = IcuUngradable(group)  # one value for every member of the group
        for who in members:
            entries = tuple(IcuEntry(s.game, s.opponent, None, "ungraded", s.points2) for s in self.sides[who])
            self.explanations[who] = IcuWorking(who, 1, self.starts[who], None, entries, ungradable)

    def new_players(self, members: list[str], anchors: list[int]) -> None:
        params = self.params
        fixed: dict[str, int] = {}
        links: dict[str, list[str]] = {}
        for who in members:
            own = self.sides[who]
            # "Rating a New Player" step 1 over the graded opponents; step 2: ±400 a win/loss.
            graded = sum(self.old(s.opponent) for s in own if self.groups[s.opponent] != 1)
            fixed[who] = graded + params.new_player_points * (sum(s.points2 for s in own) - len(own))
            links[who] = [s.opponent for s in own if self.groups[s.opponent] == 1]
        figures: dict[str, Fraction | float]
        approximation = None
        if len(members) == 1:
            # "If all his opponents are graded": steps 1–3, exactly.
            figures = {who: Fraction(fixed[who], len(self.sides[who])) for who in members}
        else:
            # "The simultaneous equations involved are solved by algebra. Where the number is large … the
            # gradings which will be consistent between the players are found by successive approximations."
            solved, rounds = consistent_gradings(
                fixed,
                {who: len(self.sides[who]) for who in members},
                links,
                math.fsum(anchors) / len(anchors),
                params.tolerance,
                params.max_rounds,
            )
            figures = dict(solved)
            # One value for every member of the group, not one copy of the group's names each.
            approximation = IcuApproximation(tuple(members), rounds, params.tolerance)
        for who in members:
            own = self.sides[who]
            entries = tuple(
                IcuEntry(s.game, s.opponent, float(figures[s.opponent]), "consistent", s.points2)
                if self.groups[s.opponent] == 1
                else IcuEntry(s.game, s.opponent, self.old(s.opponent), "old", s.points2)
                for s in own
            )
            n = len(own)
            grade = round_half_up(figures[who])
            state = _after(params, self.period, self.starts[who], grade, n, n, "provisional")
            self.settle(who, entries, state, IcuNewGrading(figures[who], approximation))

    # 2–3) Provisionally graded ------------------------------------------------

    def provisional(self, group: int) -> None:
        """ICU 1980, "Regarding Provisionally-graded players", with its "Players under 1200"."""
        params = self.params
        for who in self.in_group(group):
            before = self.starts[who]
            entries = tuple(self.used(who, s) for s in self.sides[who])
            n = len(entries)
            points2 = sum(e.points2 for e in entries)
            opponent_total = sum(self.grade_used(e) for e in entries)
            calc = recalculate_provisional(params, self.old(who), before.games, opponent_total, points2, n)
            grade = round_half_up(calc.value)
            state = _after(params, self.period, before, grade, before.games + n, n, "provisional")
            self.settle(who, entries, state, calc)

    @staticmethod
    def grade_used(entry: IcuEntry) -> int:
        assert isinstance(entry.opponent_grade, int)  # groups 2–5 use whole-number gradings only
        return entry.opponent_grade

    # 4–5) Graded --------------------------------------------------------------

    def graded(self, group: int) -> None:
        """ICU 1980, "Regrading Graded players", "Players under 1200", "Players over 2000", "Bonuses"."""
        params = self.params
        for who in self.in_group(group):
            before = self.starts[who]
            entries = tuple(self.used(who, s) for s in self.sides[who])
            n = len(entries)
            year_games = _year_games(params, self.period, before, n)
            calc = regrade(params, self.old(who), [(self.grade_used(e), e.points2) for e in entries], year_games)
            grade = round_half_up(calc.value)
            self.settle(who, entries, _after(params, self.period, before, grade, before.games + n, n, "graded"), calc)


def grade_period(
    params: IcuParams,
    period_index: int,
    states: Mapping[str, IcuState],
    games: Sequence[RatedGame],
    new_player: Callable[[str], IcuState],
) -> IcuRun:
    """The grading run of ``period_index``: the five groups in the order of grading.

    ``states`` are the players before the run (not changed); a player not in
    it is ``new_player(id)``. Games are taken in game-id order, groups and the
    players within them in id order, and every sum but the approximation's is
    exact, so the result does not depend on the order of ``games``.
    """
    starts: dict[str, IcuState] = {}
    sides: dict[str, list[_Side]] = {}
    for game in sorted(games):
        _check(game)
        for who in (game.white, game.black):
            if who not in starts:
                starts[who] = states[who] if who in states else new_player(who)
                sides[who] = []
        sides[game.white].append(_Side(game.game, game.black, game.white_points2))
        sides[game.black].append(_Side(game.game, game.white, 2 - game.white_points2))
    run = _Run(params, period_index, starts, sides)
    # ICU 1980, "Order of Grading": 1) ungraded; 2) provisionally graded under 1200; 3) provisionally graded
    # over 1200; 4) graded under 1200; 5) graded over 1200.
    run.ungraded()
    run.provisional(2)
    run.provisional(3)
    run.graded(4)
    run.graded(5)
    return IcuRun(
        {who: run.after[who] for who in sorted(run.after)},
        {who: run.explanations[who] for who in sorted(run.explanations)},
        tuple(sorted(run.unanchored)),
    )


# --- the run's helpers --------------------------------------------------------


def _check(game: RatedGame) -> None:
    if game.white == game.black:
        raise IcuGameError(f"game {game.game!r}: player {game.white!r} cannot play against himself")
    if game.white_points2 not in (0, 1, 2):
        raise IcuGameError(f"game {game.game!r}: White's score must be 2, 1 or 0 half points")


def _year_games(params: IcuParams, period: int, before: IcuState, batch: int) -> int:
    """Choice 1: graded games in the calendar year of ``period``, this batch included."""
    same_year = before.last_period is not None and params.year_of(before.last_period) == params.year_of(period)
    return (before.year_games if same_year else 0) + batch


def _after(
    params: IcuParams, period: int, before: IcuState, grade: int, games: int, batch: int, status: Status
) -> IcuState:
    """The state after a run; "Players under 1200": "12 or more graded games" ends a provisional grading."""
    if status == "provisional" and games >= params.graded_games:
        status = "graded"
    return IcuState(grade, games, status, _year_games(params, period, before, batch), period)
