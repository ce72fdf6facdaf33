"""ECF online ratings, as the ECF describes them (seed ``003_5a3c6466f750d2b6.txt``, "Rating Calculation"):
``ecf-online`` (standard), ``ecf-online-rapid`` and ``ecf-online-blitz``.

The seed's own page is https://englishchessonline.org.uk/ecf-online-rating-calculation/.
It has no numbered clauses: code cites its headings ("Rating Algorithm",
"Starting Ratings", "Time Controls") and the guideline of each category.

- "Rating Algorithm": "Rnew = Roriginal + k (W-We)" for each result, We "the
  expected result based on the elo probability table", lists monthly ("the
  monthly grading formula"): periods of one month (:data:`~projections.rules.ecf_online.ECF_ONLINE_PERIODS`).
  "the monthly grading formula ... where Roriginal is the starting rating":
  every result of the month is rated from both players'
  ratings at the START of the month (the list before it), not from the rating
  a player's previous game of the month left him; the month's changes add up,
  Rnew = Rstart + Σ k·(W − We). So the order of the month's games does not
  matter, and a player's new rating depends only on his start, his games and
  his opponents' starts (the system's ``reach`` is :func:`~projections.rules.common.local`).
- "Time Controls": three separate ratings. Standard: "60 minutes or more per
  player for the game"; rapid: "more than 10 minutes and less than 60
  minutes"; blitz: "between 3 and 10 minutes"; "Where increments are used the
  'duration' of the game for rating purposes is calculated on the basis of a
  60 move game" (:func:`category_of`). Faster games are in no category.
- "Starting Ratings": a seed from the ECF OTB standard grade (standard), the
  rapid grade (rapid and blitz), "OTB standard ratings … where no rapid rating
  is available and vice versa", then FIDE "where known", then "the player's
  internet provider rating"; a grade converted by "FIDE ELO rating =
  7.5*ECF+700".

This module holds the parameters, a player's state and the arithmetic of a
month (:func:`rate_month`); :mod:`~projections.rules.ecf_online.system` gives it
the interface every system has, :mod:`~projections.rules.ecf_online.explain`
says a player's part of it. "Choice N" is the numbered choice below.

Where the seed is silent, the choices an ECF rating officer would expect:

1. **k = 20** for every player and category (the seed: "k is the k factor for
   the player", no value). 20 is the K of the ECF's own Elo ratings, whose help
   page halves a rating adjustment by "a K of 40" (https://www.ecfrating.org.uk/v2/help/help_rating.php),
   and FIDE's K for an established player under 2400.
2. **The table** is FIDE's table of expected scores (:mod:`projections.rules.elo_table`),
   "the elo probability table", with no 400-point rule (the seed has none):
   beyond 735 points the expectation is 1 and 0.
3. **Exactness.** Ratings are kept exact (k·(W − We) is a whole number of
   hundredths, so the month's total Σ k·(W − We) and a rating are numbers of
   hundredths): nothing is rounded within the month or between months, and
   the rating is published rounded half up to four digits ("four digit elo
   numbers") once, from Rstart + Σ k·(W − We). Seed 003 rounds nowhere in its
   formula and has the month sum each result's change to "Roriginal", so
   summing exactly and rounding once is the reading that adds no rounding of
   its own (exact between games and between months, rounded only on the
   list). The difference looked up in the table is
   the exact one between the two start-of-month ratings, taken to the nearest
   whole point (elo_table's choice 1). A seed from a grade is exact too
   (7.5 × grade + 700).
4. **Time controls** (PGN ``TimeControl``, in seconds): ``"base+inc"`` lasts
   base + 60 × inc; ``"moves/seconds"`` periods (``"40/7200:3600"``) last the
   time of every period reached within 60 moves (the last period repeats when
   it has a move count, as in the PGN standard), plus 60 × any increment; a
   sandclock ``"*180"`` lasts its 180 seconds; ``"-"`` (no time control) has no
   limit: standard. No time control recorded (None), ``"?"`` (unknown) or a text
   that is not a PGN time control: **standard**, the list of an ECF club game
   whose rate of play was not reported. Boundaries in minutes: 60 or more
   standard; above 10 and below 60 rapid; 3 to 10, both included, blitz; under
   3 not rated.
5. **Seeds.** A player's seed is taken in the first month he plays a game of
   the category, as his start of that month (seed 003, "Starting Ratings":
   "the player's internet provider rating at the start of the period"; every
   game of that month, his and his opponents', reads it), from his priors: an
   ``ecf-online`` prior is his online rating already (used for every
   category, unless its ``status`` names another category); then, for
   standard, ``ecf`` (the standard grade) then ``ecf-rapid``; for rapid and
   blitz, ``ecf-rapid`` then ``ecf``; each grade converted by 7.5 × grade +
   700; then ``fide``, then ``internet``, as they are. A player with none
   starts from his registration's starting rating.
6. **Status.** The seed knows no provisional ratings: every player with a game
   of the category is ``rated`` and published on that category's list.
7. **Unplayed games** are not rated (the ECF rates results, not defaults):
   ``walkovers`` is False.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, NamedTuple

from projections.rules.common import Game, PlayerInfo, TimeControlError, seconds_for_moves
from projections.rules.elo_table import expected_hundredths
from projections.rules.periods import PeriodScheme
from projections.rules.rounding import round_half_up, round_hundredths_half_away

Category = Literal["standard", "rapid", "blitz"]
"""Seed 003, "Time Controls": the three separate online ratings."""

CATEGORIES: tuple[Category, ...] = ("standard", "rapid", "blitz")

MOVES = 60
"""Seed 003, "Time Controls": "the 'duration' of the game … is calculated on the basis of a 60 move game"."""

STANDARD_FROM = 60 * 60
"""Seed 003: standard games have "60 minutes or more per player"."""

RAPID_ABOVE = 10 * 60
"""Seed 003: rapid games have "more than 10 minutes and less than 60 minutes"."""

BLITZ_FROM = 3 * 60
"""Seed 003: blitz games have "between 3 and 10 minutes" (both included, choice 4)."""


@dataclass(frozen=True)
class EcfOnlineParams:
    """One of the three ECF online ratings (module docstring for the choices)."""

    name: str
    periods: PeriodScheme
    """"Rating Algorithm": monthly lists."""
    category: Category
    """"Time Controls": the games this rating takes."""
    k: int = 20
    """"Rating Algorithm": "k is the k factor for the player" (choice 1: 20)."""
    grade_factor: float = 7.5
    """"Starting Ratings": "FIDE ELO rating = 7.5*ECF+700"."""
    grade_offset: int = 700
    """"Starting Ratings": the constant of the same formula."""


# --- time controls ---------------------------------------------------------------


def duration(time_control: str | None) -> float | None:
    """Seed 003, "Time Controls": a player's time for a 60-move game, in seconds; None when not known.

    ``math.inf`` for ``"-"`` (no time control); choice 4 for the PGN forms
    (:func:`projections.rules.common.seconds_for_moves`)::

        >>> duration("5400+30"), duration("40/7200:3600"), duration("*180"), duration("?")
        (7200.0, 10800.0, 180.0, None)
    """
    if time_control is None:
        return None
    try:
        return seconds_for_moves(time_control, MOVES)
    except TimeControlError:
        return None  # "?", empty, or not a PGN time control: unknown


@functools.lru_cache(maxsize=1024)
def category_of(time_control: str | None) -> Category | None:
    """Seed 003, "Time Controls": the category of a game, or None for a game too fast to be rated (choice 4).

    >>> category_of("5400+30"), category_of("900+10"), category_of("300+2"), category_of("60+1")
    ('standard', 'rapid', 'blitz', None)
    """
    seconds = duration(time_control)
    if seconds is None or seconds >= STANDARD_FROM:
        return "standard"  # "60 minutes or more per player"; unknown: choice 4
    if seconds > RAPID_ABOVE:
        return "rapid"  # "more than 10 minutes and less than 60 minutes"
    if seconds >= BLITZ_FROM:
        return "blitz"  # "between 3 and 10 minutes"
    return None


# --- ratings -----------------------------------------------------------------------


class EcfOnlineState(NamedTuple):
    """One player on one online list: plain values, a JSON array.

    ``rating`` is exact (a whole number of hundredths, choice 3); ``seed`` the
    prior it started from (``ecf-online``, ``ecf``, ``ecf-rapid``, ``fide``,
    ``internet``, or ``registration``); ``period_games`` his games of
    ``last_period``, the last period he played in.
    """

    rating: float
    games: int
    seed: str
    last_period: int | None = None
    period_games: int = 0


def make_state(fields: Iterable[Any]) -> EcfOnlineState:
    """A state from the JSON array of its fields."""
    rating, games, seed, last_period, period_games = fields
    return EcfOnlineState(float(rating), int(games), str(seed), last_period, int(period_games))


_GRADES: dict[Category, tuple[str, ...]] = {
    "standard": ("ecf", "ecf-rapid"),
    "rapid": ("ecf-rapid", "ecf"),
    "blitz": ("ecf-rapid", "ecf"),
}
"""Seed 003, "Starting Ratings": the OTB grade of the category first, "and vice versa"."""


def seed(params: EcfOnlineParams, info: PlayerInfo) -> tuple[int, str]:
    """Seed 003, "Starting Ratings" (choice 5): the starting rating in hundredths, and where it came from."""
    online = info.prior("ecf-online")
    if online is not None and (online.status not in CATEGORIES or online.status == params.category):
        return _hundredths(online.rating), "ecf-online"
    for system in _GRADES[params.category]:
        grade = info.prior(system)
        if grade is not None:
            return _hundredths(params.grade_factor * grade.rating + params.grade_offset), system  # 7.5*ECF+700
    for system in ("fide", "internet"):
        prior = info.prior(system)
        if prior is not None:
            return _hundredths(prior.rating), system
    return 100 * info.starting_rating, "registration"


def _hundredths(rating: float) -> int:
    return round_half_up(rating * 100)


def published(rating: float) -> int:
    """The published rating: four digits, half up (choice 3)."""
    return (_hundredths(rating) + 50) // 100


class Step(NamedTuple):
    """One game as rated: both players' ratings at the start of the month (hundredths) and White's expectation."""

    game: Game
    white: int
    black: int
    we_white: int


class Month(NamedTuple):
    """The month's run of one category: every player's start, the sum of his changes, his games, his seed."""

    starts: dict[str, int]
    changes: dict[str, int]
    counts: dict[str, int]
    seeds: dict[str, str]
    steps: list[Step]


def rate_month(
    params: EcfOnlineParams,
    states: Mapping[str, Any],
    games: Sequence[Game],
    info: Callable[[str], PlayerInfo],
) -> Month:
    """Every game of the category, each from both players' start-of-month ratings (seed 003, "Rating Algorithm":
    "the monthly grading formula ... Roriginal is the starting rating"), the month's changes summed exactly."""
    starts: dict[str, int] = {}
    changes: dict[str, int] = {}
    counts: dict[str, int] = {}
    seeds: dict[str, str] = {}
    steps: list[Step] = []
    k = params.k
    for game in games:
        if category_of(game.time_control) != params.category:
            continue
        for player in (game.white, game.black):
            if player not in starts:
                state: EcfOnlineState | None = states.get(player)
                if state is None:  # "Starting Ratings": his seed, as his start of the month (choice 5)
                    starts[player], seeds[player] = seed(params, info(player))
                else:
                    starts[player] = _hundredths(state.rating)
                changes[player] = 0
                counts[player] = 0
        white, black = starts[game.white], starts[game.black]  # both "Roriginal": the start of the month
        we_white = expected_hundredths(round_hundredths_half_away(white - black))  # "the elo probability table"
        changes[game.white] += k * (50 * game.white_points2 - we_white)  # k (W − We), summed over the month
        changes[game.black] += k * (50 * (2 - game.white_points2) - (100 - we_white))
        counts[game.white] += 1
        counts[game.black] += 1
        steps.append(Step(game, white, black, we_white))
    return Month(starts, changes, counts, seeds, steps)
