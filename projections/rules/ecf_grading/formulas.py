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

This module holds the parameters, a player's state and the arithmetic of a
period (:class:`PeriodWork`); :mod:`~projections.rules.ecf_grading.system` gives
it the interface every system has, :mod:`~projections.rules.ecf_grading.explain`
says a player's part of it. The choices below are numbered, and every module of
the package cites them by number ("choice 9").

Where the texts are silent this module makes the choice an ECF grader would
expect, and says so here (sources at the end):

1. **Periods.** Annual lists before 2012, six-monthly from 2012 (Wikipedia;
   the ECF's 2011-12 change, Bronowski Trophy blog): :data:`~projections.rules.ecf_grading.ECF_PERIODS`, a
   :class:`~projections.rules.periods.DatedPeriodScheme` of calendar years, then
   halves from January 2012 (``2011-01``, ``2012-01``, ``2012-07``). The real
   season ran June to May before 2011-12 (a 13-month transition year); calendar
   periods are the ledger's simplification. The rapidplay list was in fact
   six-monthly from 2006-07 (SCCU, "New developments for 2011-12"); both lists
   here change in 2012, with the standard list, and ``periods`` is a parameter.
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
   no points, its players stay ungraded, and :func:`~projections.rules.ecf_grading.system.notes` names it.
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

import math
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from fractions import Fraction
from typing import Any, Literal, NamedTuple

from projections.rules.common import Game, PlayerInfo, TimeControlError, age_on, seconds_for_moves
from projections.rules.periods import DatedPeriodScheme
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
"""A time control that is not PGN ``TimeControl`` text (:func:`seconds_for_all_moves`)."""


class EcfConvergenceError(ValueError):
    """The successive approximation of a group of ungraded players did not settle within its bound."""


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


# --- a period ----------------------------------------------------------------


class Side(NamedTuple):
    """One game of the list from one player's side."""

    game: str
    day: str
    opponent: str
    points2: int


class Entry(NamedTuple):
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


class Calculation(NamedTuple):
    """One player's calculation in a period."""

    before: EcfState
    entries: tuple[Entry, ...]
    made_up: tuple[float, ...]
    total: Fraction | None
    results: int
    age: int | None
    enhancement: int
    after: EcfState


class PeriodWork:
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
        self.sides: dict[str, list[Side]] = {}
        self.starts: dict[str, EcfState] = {}
        self.played: set[str] = set()
        self.elsewhere: dict[str, dict[ListName | None, int]] = {}
        """A player → his games of the period on the other list (None: faster than rapidplay), by list."""
        for game in sorted(games, key=lambda g: (g.day, g.game)):
            _check(game)
            self.played.add(game.white)
            self.played.add(game.black)
            on = game_list(params, game.time_control)
            if on != params.category:
                for who in (game.white, game.black):
                    counts = self.elsewhere.setdefault(who, {})
                    counts[on] = counts.get(on, 0) + 1
                continue
            for who in (game.white, game.black):
                if who not in self.starts:
                    self.starts[who] = as_state(states[who]) if who in states else newcomer(params, info(who))
                    self.sides[who] = []
            self.sides[game.white].append(Side(game.game, game.day, game.black, game.white_points2))
            self.sides[game.black].append(Side(game.game, game.day, game.white, 2 - game.white_points2))
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

    def entry(self, who: str, side: Side) -> Entry:
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
            return Entry(side.game, side.day, side.opponent, None, None, None, side.points2, None)
        if own is None:
            points = game_points(params, figure, side.points2)
            return Entry(side.game, side.day, side.opponent, figure, figure, None, side.points2, points)
        assert isinstance(figure, int)
        used = capped(params, own, figure)
        cap = None if used == figure else used - own
        return Entry(
            side.game, side.day, side.opponent, figure, used, cap, side.points2, game_points(params, used, side.points2)
        )

    def calc(self, who: str) -> Calculation:
        """The player's grade for the period (seed 004, choices 5-8)."""
        params = self.params
        before = self.starts[who]
        entries = tuple(self.entry(who, side) for side in self.sides[who])
        period_points = [e.points for e in entries if e.points is not None]
        if len(period_points) < len(entries):
            # Choice 9: an unanchored group: no points, no grade; nothing to make up with next period.
            after = UNGRADED._replace(period=self.index)
            return Calculation(before, entries, (), None, 0, None, 0, after)
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
        return Calculation(before, entries, made, total, results, age, enhancement, after)


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


def as_state(value: Any) -> EcfState:
    """A state as the projection keeps it (an :class:`EcfState`, or its JSON fields)."""
    return value if isinstance(value, EcfState) else make_state(value)


def _check(game: Game) -> None:
    if game.white == game.black:
        raise EcfGameError(f"game {game.game!r}: player {game.white!r} cannot play against himself")
    if game.white_points2 not in (0, 1, 2):
        raise EcfGameError(f"game {game.game!r}: White's score must be 2, 1 or 0 half points")
