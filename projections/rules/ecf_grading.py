"""The English Chess Federation's grading system (R. W. B. Clarke's), as seed
``004_0d66b4dfc89044a8.txt`` describes it, in two lists: ``ecf-grading``
(standard play) and ``ecf-grading-rapid`` (rapidplay).

The rules, in the seed's words where it has them:

- **Points a game** ("For a win the points are the opponent's Grade plus 50,
  for a draw the points are the opponent's Grade and for a loss the opponent's
  Grade minus 50"), the opponent's grade "taken from the appropriate current
  Grading list subject to the proviso that if a difference in Grade is greater
  than 40 it is assumed to be exactly 40".
- **The grade** "is calculated as an average of points gained from games
  played in the current period. If the number of games played in the current
  period is less than 30, the most recent games played in the previous period
  are included [...] At least 10 results are required to attain a grade."
- **Juniors**: "an enhancement is added to their Grade [...] six (for juniors
  of age 15 to 17), eight (for juniors of age 11 to 14) and ten (for juniors
  under the age of 11) points and is included in the published Grade."
- **Two lists**: "There are two sets of grades, one for play using standard
  time controls and one for Rapidplay."
- **Ungraded opponents**: "If the opponent is ungraded, their Grade is
  estimated, using available information."

The published examples (seed 004's rules; Wikipedia, "English Chess Federation
Grading System"; the ECF Arbiter Seminar's table for a 150 player) are tests.

Where the texts are silent this module makes the choice an ECF grader would
expect, and says so here (sources at the end):

1. **Periods.** Annual lists before 2012, six-monthly from 2012 (Wikipedia;
   the ECF's 2011-12 change, Bronowski Trophy blog): :data:`ECF_PERIODS`, a
   :class:`~projections.periods.DatedPeriodScheme` of calendar years, then
   halves from January 2012 (``2011-01``, ``2012-01``, ``2012-07``). The real
   season ran June to May before 2011-12 (a 13-month transition year); calendar
   periods are the ledger's simplification. The rapidplay list was in fact
   six-monthly from 2006-07 (SCCU, "New developments for 2011-12"); both lists
   here change in 2012, as the issue states, and ``periods`` is a parameter.
2. **Which list a game is on** (ECF grading eligibility, as the ECF rating
   database's help and the 2018 ECF text quoted by Brighton & Hove state it):
   a *rapidplay* game gives each player at least 10 minutes and less than 60
   minutes for all moves, counting every time control and any quickplay
   finish, and with an increment (Fischer mode) assuming the game lasts 60
   moves; *standard play* gives each player more than that, so 60 minutes or
   more. The PGN ``TimeControl`` text (:func:`seconds_for_all_moves`) counts:
   every field's seconds; a ``seconds+increment`` field adds its increment for
   each of the 60 moves not yet covered by earlier ``moves/seconds`` fields;
   a final ``moves/seconds`` field repeats until 60 moves are covered
   (``40/1800`` is 3600 seconds); a sandglass ``*seconds`` counts its seconds.
   Faster games (under 10 minutes: blitz, lightning) are graded by neither
   list. (The 2012 grading database help said at least 15 minutes; 10 is the
   later rule, a parameter.) A game with no time control (``-``) gives
   unlimited time: standard play. A time control not recorded (``None``,
   empty, or ``?``) is counted as standard play, the list most graded games
   were on; a rapidplay event that did not record its time control is graded
   as standard play.
3. **The grade points use.** An opponent's grade is his *published* grade at
   the start of the period (the "current Grading list"), junior enhancement
   included; the 40-point proviso is measured from the player's own published
   grade. A player's points from a period are fixed when they are computed and
   are not recomputed when made up into a later grade.
4. **Negative points** are counted as zero ("negative scores are deemed
   zero", Wikipedia "ECF grading system"): a game's points are at least 0, so
   no grade is below 0.
5. **Made-up games.** With fewer than 30 games in the period, the player's
   most recent games of the *previous period* (the period just before, by
   ``(day, game)``; nothing older) make the count up to 30 (the ECF's 2011-12
   rule: "the n most recent games"). Their points are the ones computed in
   that period, kept in the state (``recent``). A period without games breaks
   the chain: a player returning after a gap is graded on his new games only.
6. **The 10 results** are counted with the made-up games: the period's games
   plus the previous period's games made up (a player with 4 games now and 6
   in the previous period is graded on 10 results). A graded player with fewer
   keeps his grade (and its category and games); his points are kept for the
   next period. An ungraded player with fewer is not graded: his estimate
   serves his opponents in the period, and he is estimated afresh next period.
7. **Categories** (the ECF's grade categories: A at least 30 games all in the
   latest 12 months; B at least 20, C at least 10, D at least 5, E at least 1
   in the latest 12 months, the rest made up from earlier games): the same
   thresholds on the games of the period the grade is computed in: ``A`` 30 or
   more (none made up), ``B`` 20-29, ``C`` 10-19, ``D`` 5-9, ``E`` 1-4.
8. **Juniors.** Age at the last day of the period, from ``born``: under 11
   +10, 11 to 14 +8, 15 to 17 +6, 18 and over (or no date of birth) nothing.
   The enhancement is added once, when a grade is computed; a grade kept
   (choice 6) keeps the enhancement it was published with. An ungraded
   junior's estimate serves his opponents without enhancement (it measures
   his play in the period; the enhancement is for his expected improvement).
9. **Ungraded players** (seed: "estimated, using available information"; the
   ECF's method as the grading administrator described it to the SJCA: a rough
   estimate from results against graded opponents, improved by working every
   ungraded player's grade out again with his ungraded opponents at their
   latest estimates, repeated). An ungraded player's estimate is his grade
   from his own results: the average of his points over his games of the
   period and his made-up games, with *no* 40-point proviso (he has no grade
   to measure it from; with it, a player who beat only much weaker opponents
   would have no consistent grade). The ungraded players of a period are split
   into groups connected by their games with each other; a group is anchored
   when a member played a graded player or has made-up points. An anchored
   group's estimates are the solution of
   ``R_p·(n_p + m_p) = Σ graded opponents' points + Σ made-up points +
   Σ max(0, R_q ± 50)``, found as the ICU finds its ungraded players'
   gradings (:mod:`projections.rules.solver`, shared with ``icu``): Jacobi
   rounds (every round from the previous round's figures, so the result does
   not depend on names), starting from
   each player's rough estimate (the group's mean rough estimate for a player
   with none), until no figure moves by more than ``tolerance``; after
   ``max_rounds`` rounds :class:`EcfConvergenceError`. A lone ungraded player
   is estimated exactly. A graded player's points against an ungraded opponent
   use the estimate rounded half up to a whole number, under the 40-point
   proviso. A group with no graded opponent, directly or through other
   ungraded players, and no made-up points cannot be estimated: its games give
   no points, its players stay ungraded, and :attr:`PeriodRun.notes` names it.
10. **Prior grades.** A newcomer with a prior grade of the list's own system
    (``ecf`` for standard, ``ecf-rapid`` for rapidplay; status ``ungraded``
    counts as none) starts graded at it, rounded half up, with status
    ``prior`` until the ledger grades him, his category the prior's status when
    it is a category letter. There is no fall-back to the other list: the two
    lists are separate sets of grades, and a player with only a rapidplay grade
    is estimated on the standard list from his results.
11. **Publication.** A player is on a list with a grade (``graded`` or
    ``prior``) and at least one game of the list in the 12 months ending with
    the period (the ECF required a game in the last twelve months, SJCA):
    one annual period, two six-monthly ones. Off the list, the grade stays in
    the state and is used again when he returns.
12. **Rounding.** Points against graded opponents are whole numbers and
    their sums exact; the estimates' points (floats) are summed with
    :func:`math.fsum`, correctly rounded and so independent of order. The
    average is the exact fraction of that sum, rounded half up once, to a
    whole number.
13. **Defaulted games** are not graded (ECF: "Defaulted games, byes and
    absences will not be rated"): ``walkovers`` is False.

Sources: seed 004; https://en.wikipedia.org/wiki/English_Chess_Federation_(formerly_British_Chess_Federation)_Grading_System;
https://en.wikipedia.org/wiki/ECF_grading_system; https://slideplayer.com./amp/14475192 (ECF Arbiter Seminar);
https://www.ecfrating.org.uk/v2/help/help_eligibility.php; https://www.brightonandhovechessclub.org/-open-rapidplay;
http://www.ecforum.org.uk/viewtopic.php?f=4&t=4658 (2012 grading database help);
https://leicestershirejuniorchess.com/about/grading/; https://chandlersfordchess.org.uk/july-2020-grading-list-published;
https://bronowskitrophy.wordpress.com/2011/08/08/grading-developments/; https://www.sccu-chess.com/archive/1011/grad.htm;
http://www.sjca.org.uk/startinggrades.html; http://www.sjca.org.uk/gradebasics.html;
http://website.lineone.net/~ihorlewyk/YCAGradCalc.htm (Yorkshire: working grades found recursively).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from fractions import Fraction
from typing import Any, Literal, NamedTuple

from projections.periods import DatedPeriodScheme
from projections.rules import admission
from projections.rules.common import (
    Cell,
    Explanation,
    Game,
    Groups,
    Info,
    PeriodRun,
    PlayerInfo,
    Selected,
    System,
    TimeControlError,
    age_on,
    follow,
    seconds_for_moves,
)
from projections.rules.rounding import round_half_up
from projections.rules.solver import ConvergenceError, components, solve

ListName = Literal["standard", "rapid"]
Status = Literal["graded", "prior", "estimated", "ungraded"]
"""``graded``: a grade computed here; ``prior``: a prior ECF grade not yet regraded here; ``estimated``: an
ungraded player estimated in his last period, on fewer than 10 results; ``ungraded``: no figure."""

SEED = "seed 004"


class EcfGameError(ValueError):
    """A game a grading run cannot take: a player against himself, or a score that is not 0, ½ or 1."""


EcfTimeControlError = TimeControlError
"""A time control that is not PGN ``TimeControl`` text."""


class EcfConvergenceError(ValueError):
    """The successive approximation of a group of ungraded players did not settle within its bound."""


ECF_PERIODS = DatedPeriodScheme(
    ((0, 12), (2012, 6)), rules_clause="ECF grading: annual lists before 2012, six-monthly from 2012"
)
"""Choice 1: calendar years, then halves from January 2012."""


@dataclass(frozen=True)
class EcfGradingParams:
    """The constants of the ECF grading system (module docstring for the choices)."""

    name: str
    periods: DatedPeriodScheme
    category: ListName
    """The list graded: ``standard`` or ``rapid`` (choice 2)."""
    prior_system: str
    """The prior system a newcomer's grade is taken from (choice 10)."""
    cap: int = 40
    """Seed 004: an opponent's grade more than this from the player's own is taken as exactly this away."""
    win_bonus: int = 50
    """Seed 004: the opponent's grade plus this for a win, minus this for a loss."""
    target_games: int = 30
    """Seed 004: fewer games in the period are made up to this many from the previous period."""
    minimum_games: int = 10
    """Seed 004: "At least 10 results are required to attain a grade" (choice 6)."""
    juniors: tuple[tuple[int, int], ...] = ((11, 10), (15, 8), (18, 6))
    """Seed 004: (under this age at the end of the period, enhancement), the first that applies (choice 8)."""
    categories: tuple[tuple[int, str], ...] = ((30, "A"), (20, "B"), (10, "C"), (5, "D"), (1, "E"))
    """Choice 7: (at least this many games in the period, category letter), the first that applies."""
    points_floor: int | None = 0
    """Choice 4: a game's points are at least this (None: no floor)."""
    rapid_from: int = 600
    """Choice 2: seconds each for all moves from which a game is rapidplay (10 minutes)."""
    standard_from: int = 3600
    """Choice 2: seconds each for all moves from which a game is standard play (60 minutes)."""
    assumed_moves: int = 60
    """Choice 2: the length of a game in moves, for increments."""
    unknown_list: ListName = "standard"
    """Choice 2: the list of a game whose time control is not recorded (None, empty or ``?``)."""
    activity_months: int = 12
    """Choice 11: a player is published with a game of the list in this many months ending with the period."""
    tolerance: float = 1e-6
    """Choice 9: the approximation stops when no estimate moves by more than this in a round."""
    max_rounds: int = 100_000
    """Choice 9: the most rounds of successive approximation before :class:`EcfConvergenceError`."""


ECF_GRADING = EcfGradingParams(name="ecf-grading", periods=ECF_PERIODS, category="standard", prior_system="ecf")
"""The standard-play list."""

ECF_GRADING_RAPID = EcfGradingParams(
    name="ecf-grading-rapid", periods=ECF_PERIODS, category="rapid", prior_system="ecf-rapid"
)
"""The rapidplay list."""


class EcfState(NamedTuple):
    """One player on one list, before or after a period; all plain values (JSON-able).

    ``grade`` is the published grade, junior enhancement included: the grade
    his opponents' points use and the 40-point proviso is measured from
    (choice 3); None while ungraded. ``unenhanced`` is the grade before the
    enhancement (for an ``estimated`` player, his estimate); ``junior`` the
    enhancement included in ``grade``. ``games`` is the results the grade (or
    estimate) rests on, made-up games included; ``category`` its letter
    (choice 7). ``period`` is the last period with games of the list, and
    ``recent`` the points of that period's games in ``(day, game)`` order, the
    most recent last, at most 30: the games a following period makes up with
    (choice 5).
    """

    grade: int | None
    unenhanced: int | None
    junior: int
    status: Status
    games: int
    category: str | None
    period: int | None
    recent: tuple[float, ...]


UNGRADED = EcfState(None, None, 0, "ungraded", 0, None, None, ())
"""A newcomer with no prior grade of the list's system."""


# --- the formulas ------------------------------------------------------------


def capped(params: EcfGradingParams, own: int, opponent: int) -> int:
    """Seed 004: the opponent's grade, taken as exactly 40 away from the player's own when further."""
    return max(own - params.cap, min(own + params.cap, opponent))


def game_points(params: EcfGradingParams, used: int | float | Fraction, points2: int) -> int | float | Fraction:
    """Seed 004: the opponent's grade (as used) plus 50 for a win, as it is for a draw, minus 50 for a loss.

    Choice 4: never below ``points_floor``.
    """
    value = used + params.win_bonus * (points2 - 1)
    if params.points_floor is not None and value < params.points_floor:
        return params.points_floor
    return value


def junior_enhancement(params: EcfGradingParams, born: str | None, on: date) -> tuple[int | None, int]:
    """Seed 004 (choice 8): the player's age on ``on`` (None without a date of birth) and his enhancement."""
    age = age_on(born, on.isoformat())
    if age is None:
        return None, 0
    for under, enhancement in params.juniors:
        if age < under:
            return age, enhancement
    return age, 0


def category_of(params: EcfGradingParams, games_in_period: int) -> str | None:
    """Choice 7: the category letter of a grade computed on ``games_in_period`` games of the period."""
    for least, letter in params.categories:
        if games_in_period >= least:
            return letter
    return None


def seconds_for_all_moves(time_control: str | None, moves: int = 60) -> int | None:
    """Choice 2: each player's time for all moves of a ``moves``-move game, in seconds
    (:func:`projections.rules.common.seconds_for_moves`).

    None when the time control is not recorded (None, empty, ``?``) or there
    is none (``-``). Raises :class:`EcfTimeControlError` for text that is not
    PGN ``TimeControl``.
    """
    if time_control is None or time_control in ("", "?", "-"):
        return None
    return round(seconds_for_moves(time_control, moves))


def game_list(params: EcfGradingParams, time_control: str | None) -> ListName | None:
    """Choice 2: the list a game of ``time_control`` is graded on, or None (faster than rapidplay)."""
    if time_control == "-":
        return "standard"
    seconds = seconds_for_all_moves(time_control, params.assumed_moves)
    if seconds is None:
        return params.unknown_list
    if seconds >= params.standard_from:
        return "standard"
    if seconds >= params.rapid_from:
        return "rapid"
    return None


def newcomer(params: EcfGradingParams, info: PlayerInfo) -> EcfState:
    """Choice 10: a player's state before his first period on the list: his prior grade, or ungraded."""
    prior = info.prior(params.prior_system)
    if prior is None or prior.status == "ungraded":
        return UNGRADED
    grade = round_half_up(prior.rating)
    letter = prior.status if prior.status in {letter for _, letter in params.categories} else None
    return EcfState(grade, grade, 0, "prior", prior.games or 0, letter, None, ())


def consistent_estimates(
    fixed: Mapping[str, Fraction | float],
    counts: Mapping[str, int],
    links: Mapping[str, Sequence[tuple[str, int]]],
    start: Mapping[str, float],
    floor: int | None,
    tolerance: float,
    max_rounds: int,
) -> tuple[dict[str, float], int]:
    """Choice 9: the estimates consistent between ungraded players who met, by successive approximation.

    Solves ``R_p = (fixed_p + Σ max(floor, R_q + offset) for (q, offset) in links_p) / counts_p`` for every
    ``p`` of ``fixed`` by Jacobi rounds from ``start``, until no figure moves by more than ``tolerance``
    (:func:`projections.rules.solver.solve`: ``fixed_p``, as a float, and the terms in one correctly rounded
    sum). ``offset`` is +50, 0 or -50 (a win, draw or loss against ``q``). Returns the figures and the rounds;
    raises :class:`EcfConvergenceError` after ``max_rounds`` rounds.
    """
    try:
        return solve(
            {p: float(value) for p, value in fixed.items()},
            counts,
            links,
            start,
            floor=floor,
            fsum="all",
            tolerance=tolerance,
            max_rounds=max_rounds,
        )
    except ConvergenceError as error:
        raise EcfConvergenceError(
            f"the estimates of ungraded players {', '.join(error.players)} did not settle within {tolerance} "
            f"in {max_rounds} rounds of successive approximation"
        ) from error


# --- the run -----------------------------------------------------------------


class _Side(NamedTuple):
    """One game of the list from one player's side."""

    game: str
    day: str
    opponent: str
    points2: int


class _Entry(NamedTuple):
    """One game as the player's grade used it; ``points`` None when his group could not be estimated."""

    game: str
    day: str
    opponent: str
    figure: int | float | Fraction | None
    """The opponent's grade, or his estimate (rounded for a graded player, choice 9)."""
    used: int | float | Fraction | None
    cap: int | None
    """The proviso applied: +40 or -40 from the player's own grade, None when not applied."""
    points2: int
    points: int | float | Fraction | None


class _Calc(NamedTuple):
    """One player's calculation in a period."""

    before: EcfState
    entries: tuple[_Entry, ...]
    made_up: tuple[float, ...]
    total: Fraction | None
    results: int
    age: int | None
    enhancement: int
    after: EcfState


class _Work:
    """The working state of one period: the list's games by player, the ungraded players' estimates."""

    def __init__(
        self,
        params: EcfGradingParams,
        index: int,
        states: Mapping[str, Any],
        games: Sequence[Game],
        info: Callable[[str], PlayerInfo],
    ) -> None:
        self.params = params
        self.index = index
        self.info = info
        self.sides: dict[str, list[_Side]] = {}
        self.starts: dict[str, EcfState] = {}
        self.played: set[str] = set()
        self.elsewhere: dict[str, dict[str, int]] = {}
        for game in sorted(games, key=lambda g: (g.day, g.game)):
            _check(game)
            self.played.add(game.white)
            self.played.add(game.black)
            on = game_list(params, game.time_control)
            if on != params.category:
                where = on or "neither list (faster than rapidplay)"
                for who in (game.white, game.black):
                    counts = self.elsewhere.setdefault(who, {})
                    counts[where] = counts.get(where, 0) + 1
                continue
            for who in (game.white, game.black):
                if who not in self.starts:
                    self.starts[who] = _state(states[who]) if who in states else newcomer(params, info(who))
                    self.sides[who] = []
            self.sides[game.white].append(_Side(game.game, game.day, game.black, game.white_points2))
            self.sides[game.black].append(_Side(game.game, game.day, game.white, 2 - game.white_points2))
        self.estimates: dict[str, Fraction | float] = {}
        self.rounds: dict[str, int] = {}
        self.groups: dict[str, tuple[str, ...]] = {}
        self.unanchored: list[tuple[str, ...]] = []
        self._estimate()

    def graded(self, who: str) -> bool:
        return self.starts[who].grade is not None

    def made_up(self, who: str) -> tuple[float, ...]:
        """Choice 5: the previous period's most recent points that make the period's games up to 30."""
        start = self.starts[who]
        wanted = self.params.target_games - len(self.sides[who])
        if wanted <= 0 or start.period != self.index - 1 or not start.recent:
            return ()
        return start.recent[-wanted:]

    def ungraded_opponents(self, who: str) -> Iterator[str]:
        """Choice 9: the player's ungraded opponents, once a game: his links in his group."""
        return (side.opponent for side in self.sides[who] if not self.graded(side.opponent))

    def _estimate(self) -> None:
        """Choice 9: the estimates of the period's ungraded players, group by group."""
        params = self.params
        ungraded = sorted(who for who in self.starts if not self.graded(who))
        for members in components(ungraded, self.ungraded_opponents):
            fixed: dict[str, Fraction] = {}
            anchors: dict[str, int] = {}
            counts: dict[str, int] = {}
            links: dict[str, list[tuple[str, int]]] = {}
            for who in members:
                made = self.made_up(who)
                known: list[int | float | Fraction] = list(made)
                own_links: list[tuple[str, int]] = []
                for side in self.sides[who]:
                    grade = self.starts[side.opponent].grade
                    if grade is not None:
                        known.append(game_points(params, grade, side.points2))
                    else:
                        own_links.append((side.opponent, params.win_bonus * (side.points2 - 1)))
                fixed[who] = _exact_sum(known)
                anchors[who] = len(known)
                counts[who] = len(self.sides[who]) + len(made)
                links[who] = own_links
            group = tuple(members)  # one tuple for the group, shared by its members (not one copy each)
            for who in members:
                self.groups[who] = group
            rough = {who: fixed[who] / anchors[who] for who in members if anchors[who]}
            if not rough:
                self.unanchored.append(tuple(members))
                continue
            if len(members) == 1:
                # No ungraded opponent: his points are all known, his estimate exact.
                self.estimates[members[0]] = fixed[members[0]] / counts[members[0]]
                continue
            mean = float(sum(rough.values(), Fraction(0)) / len(rough))
            start = {who: float(rough[who]) if who in rough else mean for who in members}
            solved, rounds = consistent_estimates(
                fixed, counts, links, start, params.points_floor, params.tolerance, params.max_rounds
            )
            for who in members:
                self.estimates[who] = solved[who]
                self.rounds[who] = rounds

    def entry(self, who: str, side: _Side) -> _Entry:
        """Seed 004: one game's points, from the player's side (choices 3, 4, 9)."""
        params = self.params
        own = self.starts[who].grade
        opponent = self.starts[side.opponent].grade
        figure: int | float | Fraction | None
        if opponent is not None:
            figure = opponent
        elif side.opponent in self.estimates:
            estimate = self.estimates[side.opponent]
            figure = round_half_up(estimate) if own is not None else estimate
        else:
            return _Entry(side.game, side.day, side.opponent, None, None, None, side.points2, None)
        if own is None:
            points = game_points(params, figure, side.points2)
            return _Entry(side.game, side.day, side.opponent, figure, figure, None, side.points2, points)
        assert isinstance(figure, int)
        used = capped(params, own, figure)
        cap = None if used == figure else used - own
        return _Entry(
            side.game, side.day, side.opponent, figure, used, cap, side.points2, game_points(params, used, side.points2)
        )

    def calc(self, who: str) -> _Calc:
        """The player's grade for the period (seed 004, choices 5-8)."""
        params = self.params
        before = self.starts[who]
        entries = tuple(self.entry(who, side) for side in self.sides[who])
        period_points = [e.points for e in entries if e.points is not None]
        if len(period_points) < len(entries):
            # Choice 9: an unanchored group: no points, no grade; nothing to make up with next period.
            after = UNGRADED._replace(period=self.index)
            return _Calc(before, entries, (), None, 0, None, 0, after)
        made = self.made_up(who)
        total = _exact_sum([*made, *period_points])
        results = len(made) + len(entries)
        recent = tuple(float(p) for p in period_points[-params.target_games :])
        age, enhancement = junior_enhancement(params, self.info(who).born, params.periods.last_day(self.index))
        average = total / results
        if results >= params.minimum_games:
            unenhanced = round_half_up(average)
            after = EcfState(
                unenhanced + enhancement,
                unenhanced,
                enhancement,
                "graded",
                results,
                category_of(params, len(entries)),
                self.index,
                recent,
            )
        elif before.grade is not None:
            after = before._replace(period=self.index, recent=recent)
        else:
            after = EcfState(None, round_half_up(average), 0, "estimated", results, None, self.index, recent)
        return _Calc(before, entries, made, total, results, age, enhancement, after)


def _exact_sum(values: Iterable[int | float | Fraction]) -> Fraction:
    """Choice 12: the sum, whole numbers exactly and the rest through :func:`math.fsum` (independent of order)."""
    whole = 0
    inexact: list[float] = []
    exact = Fraction(0)
    for value in values:
        if isinstance(value, int):
            whole += value
        elif isinstance(value, Fraction):
            exact += value
        elif value.is_integer():
            whole += int(value)
        else:
            inexact.append(value)
    return whole + exact + Fraction(math.fsum(inexact))


def _state(value: Any) -> EcfState:
    """A state as the projection keeps it (an :class:`EcfState`, or its JSON fields)."""
    return value if isinstance(value, EcfState) else make_state(value)


def _check(game: Game) -> None:
    if game.white == game.black:
        raise EcfGameError(f"game {game.game!r}: player {game.white!r} cannot play against himself")
    if game.white_points2 not in (0, 1, 2):
        raise EcfGameError(f"game {game.game!r}: White's score must be 2, 1 or 0 half points")


def _list_words(params: EcfGradingParams) -> str:
    return "standard-play" if params.category == "standard" else "rapidplay"


def run_period(
    params: EcfGradingParams,
    index: int,
    states: Mapping[str, Any],
    games: Sequence[Game],
    info: Callable[[str], PlayerInfo],
) -> PeriodRun:
    """Grade period ``index`` of the list from ``states`` (not changed) over the period's ``games``.

    Returns the new state of every player who played: regraded, kept or
    estimated when he played on this list; as he was (a newcomer: his prior
    grade, or ungraded) when all his games were on another list or none.
    Groups of ungraded players who could not be estimated are named in the
    notes.
    """
    work = _Work(params, index, states, games, info)
    changed: dict[str, EcfState] = {}
    for who in sorted(work.played):
        if who in work.sides:
            changed[who] = work.calc(who).after
        else:
            changed[who] = _state(states[who]) if who in states else newcomer(params, info(who))
    return PeriodRun(changed, tuple(sorted(work.unanchored)))


def notes(params: EcfGradingParams, index: int, unrated: Groups) -> tuple[str, ...]:
    """The groups a run could not grade, in words."""
    return tuple(
        f"{params.name} {params.periods.label(index)}: players {', '.join(group)} met only each other on the "
        f"{_list_words(params)} list, with no graded opponent and no earlier games, and stay ungraded "
        f"({SEED}: an ungraded opponent's grade is estimated from available information)"
        for group in unrated
    )


def reach(
    params: EcfGradingParams,
    index: int,
    states: Mapping[str, Any],
    games: Sequence[Game],
    info: Callable[[str], PlayerInfo],
    reached: set[str],
) -> set[str]:
    """Ungraded players are estimated together, and their estimates are their opponents' grades (seed 003);
    every other grade a run reads is a start. So a change reaches, from an ungraded player, every opponent
    of his (who reads his estimate, or is estimated with him), and from a graded one nobody: his new grade
    is read by no one (issue 23 §3: not every player joined to him through games with an ungraded
    player). Rated with the reached go, over all their games, the ungraded opponents whose estimates they
    read and whoever those are estimated with (as far as that goes), so that the estimates are the whole
    run's. ``reached`` holds every player whose games or start changed and their opponents."""
    ungraded_of: dict[str, bool] = {}

    def ungraded(player: str) -> bool:
        found = ungraded_of.get(player)
        if found is None:
            state = states.get(player)
            start = _state(state) if state is not None else newcomer(params, info(player))
            found = ungraded_of[player] = start.grade is None
        return found

    onward: dict[str, list[str]] = {}  # an ungraded player → his opponents, who read his estimate
    back: dict[str, list[str]] = {}  # a player → his ungraded opponents, whose estimates he reads
    for game in games:
        if ungraded(game.white):
            onward.setdefault(game.white, []).append(game.black)
            back.setdefault(game.black, []).append(game.white)
        if ungraded(game.black):
            onward.setdefault(game.black, []).append(game.white)
            back.setdefault(game.white, []).append(game.black)
    return follow(back, follow(onward, set(reached)))


# --- list rows ---------------------------------------------------------------

KEYS = ("rating", "status", "games", "category", "list", "junior")
"""The columns of a row: the published grade, ``graded`` or ``prior``, the results it rests on, its
category letter, the list, and the junior enhancement it includes."""


def _last_month(params: EcfGradingParams, index: int) -> int:
    return _month_number(params.periods, index)


@functools.lru_cache(maxsize=4096)
def _month_number(periods: DatedPeriodScheme, index: int) -> int:
    """The last month of period ``index`` as a number of months (a list's rows ask it of a few periods,
    twenty thousand times)."""
    last = periods.month_names(index)[-1]
    return int(last[:4]) * 12 + int(last[5:7])


def row(params: EcfGradingParams, index: int, player: str, state: Any, info: PlayerInfo) -> dict[str, Any] | None:
    """The player's row on the list of period ``index``, or None: ungraded, or no game of the list in the
    12 months ending with the period (choice 11)."""
    state = _state(state)
    if state.grade is None or state.period is None:
        return None
    if _last_month(params, index) - _last_month(params, state.period) >= params.activity_months:
        return None
    return {
        "rating": state.grade,
        "status": state.status,
        "games": state.games,
        "category": state.category,
        "list": params.category,
        "junior": state.junior,
    }


# --- explanations ------------------------------------------------------------

COLUMNS = ("game", "day", "opponent", "grade(opp)", "used", "cap", "score", "points")


def _cell(value: int | float | Fraction | None) -> Cell:
    if value is None:
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, Fraction) and value.denominator == 1:
        return value.numerator
    number = float(value)
    return int(number) if number.is_integer() else round(number, 2)


def _state_terms(state: EcfState) -> tuple[tuple[str, Cell], ...]:
    return (
        ("grade", state.grade),
        ("status", state.status),
        ("category", state.category),
        ("games", state.games),
        ("junior +", state.junior),
    )


def explain(
    params: EcfGradingParams,
    index: int,
    states: Mapping[str, Any],
    games: Sequence[Game],
    info: Callable[[str], PlayerInfo],
    player: str,
) -> Explanation:
    """The player's grade for period ``index`` in the system's terms: points a game (seed 004's opponent's
    grade ± 50 under the 40-point proviso), the made-up games, the average, the junior enhancement."""
    work = _Work(params, index, states, games, info)
    label = params.periods.label(index)
    if player not in work.sides:
        elsewhere = work.elsewhere.get(player)
        if elsewhere:
            counts = ", ".join(f"{n} {w}" for w, n in sorted(elsewhere.items()))
            why = f"his games of {label} were all off this list ({counts})"
        else:
            why = f"he has no games in {label}"
        raise LookupError(f"{params.name}: player {player!r} has no {_list_words(params)} games to grade: {why}")
    calc = work.calc(player)
    before, after = calc.before, calc.after
    notes: list[str] = []
    previous = params.periods.label(index - 1)
    lines: list[tuple[Cell, ...]] = [
        (
            e.game,
            e.day,
            e.opponent,
            _cell(e.figure),
            _cell(e.used),
            None if e.cap is None else f"{e.cap:+d}",
            e.points2 / 2,
            _cell(e.points),
        )
        for e in calc.entries
    ]
    lines.extend(("made up", previous, None, None, None, None, None, _cell(p)) for p in calc.made_up)
    if before.grade is None:
        group = work.groups.get(player, (player,))
        if player in work.estimates:
            notes.append(
                f"Ungraded: his grade is estimated from his own results in the period, each game the opponent's "
                f"grade ± {params.win_bonus}, without the {params.cap}-point proviso (he has no grade to measure it "
                f"from) ({SEED}: 'If the opponent is ungraded, their Grade is estimated')"
            )
            if len(group) > 1:
                notes.append(
                    f"Ungraded opponents at the estimates consistent between {', '.join(group)}, found by successive "
                    f"approximation in {work.rounds[player]} rounds to within {params.tolerance:g} (as the ICU "
                    "solves its ungraded players)"
                )
        else:
            notes.append(
                f"Cannot be graded: the ungraded players {', '.join(group)} met only each other, with no graded "
                "opponent directly or through other ungraded players and no earlier games: no points "
                f"({SEED}: an ungraded opponent's grade is estimated from available information)"
            )
    else:
        for opponent in sorted({e.opponent for e in calc.entries if not work.graded(e.opponent)}):
            estimate = work.estimates[opponent]
            notes.append(
                f"{opponent} is ungraded: his estimate {_cell(estimate)} from his own results in the period, "
                f"rounded {round_half_up(estimate)} ({SEED}: 'If the opponent is ungraded, their Grade is estimated')"
            )
        capped_games = [e for e in calc.entries if e.cap is not None]
        if capped_games:
            notes.append(
                f"{SEED}: an opponent's grade more than {params.cap} from the player's own {before.grade} is taken as "
                f"exactly {params.cap} away: "
                + "; ".join(f"{e.game}: {_cell(e.figure)} taken as {_cell(e.used)}" for e in capped_games)
            )
    if params.points_floor is not None and any(
        e.points == params.points_floor and e.used is not None and e.used + params.win_bonus * (e.points2 - 1) < 0
        for e in calc.entries
    ):
        notes.append(f"A negative score is counted as {params.points_floor} (Wikipedia, ECF grading system)")
    n = len(calc.entries)
    if calc.total is not None:
        if n >= params.target_games:
            notes.append(f"{n} games in the period: no games made up ({SEED})")
        elif calc.made_up:
            notes.append(
                f"Fewer than {params.target_games} games in the period: made up with the {len(calc.made_up)} most "
                f"recent games of the previous period {previous} ({SEED})"
            )
        else:
            notes.append(f"Fewer than {params.target_games} games in the period, and none in {previous} to make up")
    if calc.total is not None and calc.results < params.minimum_games:
        kept = f"keeps his grade {before.grade}" if before.grade is not None else "stays ungraded"
        notes.append(
            f"{calc.results} results, fewer than {params.minimum_games}: not graded this period; he {kept} "
            f"({SEED}: 'At least 10 results are required to attain a grade')"
        )
    elif calc.total is not None and calc.age is not None and calc.enhancement:
        notes.append(
            f"Junior: age {calc.age} on {params.periods.last_day(index).isoformat()}: +{calc.enhancement}, "
            f"included in the published grade ({SEED})"
        )
    if player in work.elsewhere:
        counts = ", ".join(f"{k} {w}" for w, k in sorted(work.elsewhere[player].items()))
        notes.append(f"Games of the period not on the {_list_words(params)} list: {counts}")
    average = None if calc.total is None or not calc.results else calc.total / calc.results
    graded_now = calc.total is not None and calc.results >= params.minimum_games
    terms: tuple[tuple[str, Cell], ...] = (
        ("games", n),
        ("made up", len(calc.made_up)),
        ("results", calc.results),
        ("Σ points", _cell(calc.total)),
        ("average", _cell(average)),
        ("junior +", calc.enhancement if graded_now else 0),
        ("grade", after.grade if graded_now else None),
        ("category", after.category if graded_now else None),
    )
    return Explanation(
        before=(*_state_terms(before), ("list", params.category)),
        columns=COLUMNS,
        lines=tuple(lines),
        terms=terms,
        after=(*_state_terms(after), ("list", params.category)),
        notes=tuple(notes),
    )


def make_state(fields: Iterable[Any]) -> EcfState:
    """A state from the JSON list of its fields (``recent`` back to a tuple of floats)."""
    grade, unenhanced, junior, status, games, category, period, recent = fields
    return EcfState(
        None if grade is None else int(grade),
        None if unenhanced is None else int(unenhanced),
        int(junior),
        status,
        int(games),
        category,
        None if period is None else int(period),
        tuple(float(p) for p in recent),
    )


def select(
    params: EcfGradingParams, _index: int, _states: Mapping[str, Any], games: Sequence[Game], _info: Info
) -> Selected:
    """Over-the-board games only (seed 003: online games do not affect OTB grades); a game of the other list,
    or faster than rapidplay (choice 2), is named as left off this list, but still given to the run, which
    counts it as played elsewhere (a player whose games were all elsewhere keeps his grade in the period)."""
    board = admission.over_the_board("seed 003: OTB grades are not impacted by internet games")
    by_list = functools.partial(game_list, params)
    return admission.by_category(params, games, board, by_list, "choice 2", ("list", "no list (faster than rapidplay)"))


SYSTEM = System(
    family="ecf-grading",
    keys=KEYS,
    run=run_period,
    row=row,
    explain=explain,
    make=make_state,
    columns="jjqjqjjj",  # grade, unenhanced, junior, status, games, category, period, recent results
    walkovers=False,
    reach=reach,
    notes=notes,
    select=select,
)
"""The ECF grading system's pure functions (both lists)."""


_COMMON_TERMS: tuple[tuple[str, str], ...] = (
    (
        "points",
        "Each game scores the opponent's grade plus 50 for a win, the grade for a draw, minus 50 for a loss; "
        "an opponent's grade more than 40 from the player's own is taken as exactly 40 away; a negative score "
        "counts as 0.",
    ),
    (
        "grade",
        "The grade is the average of the period's points; fewer than 30 games are made up to 30 with the most "
        "recent games of the previous period; at least 10 results (made-up games included) are required; a "
        "graded player with fewer keeps his grade. Rounded half up.",
    ),
    ("juniors", "Age at the end of the period: under 11 +10, 11-14 +8, 15-17 +6, included in the published grade."),
    ("periods", "Annual lists (calendar years) before 2012, six-monthly from 2012."),
    (
        "ungraded",
        "Ungraded players are estimated from their own results in the period, those who met each other by "
        "successive approximation; a group with no graded opponent stays ungraded. A prior ECF grade of the "
        "same list is used instead when there is one.",
    ),
    ("categories", "A: 30+ games in the period; B: 20-29; C: 10-19; D: 5-9; E: 1-4 (the rest made up)."),
    ("published", "Graded players with a game of the list in the 12 months ending with the period."),
)

DESCRIPTIONS: dict[str, tuple[date, tuple[tuple[str, str], ...]]] = {
    ECF_GRADING.name: (
        date(1958, 1, 1),
        (
            (
                "list",
                "Standard play: each player has 60 minutes or more for all moves (increments over 60 moves); "
                "time control not recorded counts as standard. Clarke's system, first published 1958 (seed 004; "
                "Wikipedia).",
            ),
            *_COMMON_TERMS,
        ),
    ),
    ECF_GRADING_RAPID.name: (
        date(1958, 1, 1),
        (
            (
                "list",
                "Rapidplay: each player has at least 10 and less than 60 minutes for all moves (increments over "
                "60 moves); faster games are graded by neither list. Dated with the standard list: the first "
                "rapidplay list's date is not known here.",
            ),
            *_COMMON_TERMS,
        ),
    ),
}
"""For ``ratings rules``: each name's date in force and its terms in words."""
