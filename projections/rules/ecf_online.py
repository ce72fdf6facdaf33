"""ECF online ratings, as the ECF describes them (seed ``003_5a3c6466f750d2b6.txt``, "Rating Calculation"):
``ecf-online`` (standard), ``ecf-online-rapid`` and ``ecf-online-blitz``.

The seed's own page is https://englishchessonline.org.uk/ecf-online-rating-calculation/.
It has no numbered clauses: code cites its headings ("Rating Algorithm",
"Starting Ratings", "Time Controls") and the guideline of each category.

- "Rating Algorithm": "Rnew = Roriginal + k (W-We)" for each result, We "the
  expected result based on the elo probability table", lists monthly ("the
  monthly grading formula"): periods of one month (:data:`ECF_ONLINE_PERIODS`).
  "the monthly grading formula ... where Roriginal is the starting rating"
  (issue 12 §2): every result of the month is rated from both players'
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
   its own; it is also the module's rule before issue 12 (exact between
   games, rounded only on the list). The difference looked up in the table is
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
from datetime import date
from typing import Any, Literal, NamedTuple

from projections.periods import PeriodScheme
from projections.rules import admission
from projections.rules.common import (
    Cell,
    Explanation,
    Game,
    Info,
    PeriodRun,
    PlayerInfo,
    Selected,
    System,
    TimeControlError,
    local,
    seconds_for_moves,
)
from projections.rules.elo_table import expected_hundredths
from projections.rules.rounding import round_half_up, round_hundredths_half_away

Category = Literal["standard", "rapid", "blitz"]
"""Seed 003, "Time Controls": the three separate online ratings."""

CATEGORIES: tuple[Category, ...] = ("standard", "rapid", "blitz")

ECF_ONLINE_PERIODS = PeriodScheme(months=1, rules_clause='ECF online ratings, "Rating Algorithm": monthly lists')
"""Seed 003: "the monthly grading formula": one list a month."""

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


ECF_ONLINE = EcfOnlineParams(name="ecf-online", periods=ECF_ONLINE_PERIODS, category="standard")
"""The ECF online standard rating."""

ECF_ONLINE_RAPID = EcfOnlineParams(name="ecf-online-rapid", periods=ECF_ONLINE_PERIODS, category="rapid")
"""The ECF online rapid rating."""

ECF_ONLINE_BLITZ = EcfOnlineParams(name="ecf-online-blitz", periods=ECF_ONLINE_PERIODS, category="blitz")
"""The ECF online blitz rating."""

VERSIONS: tuple[EcfOnlineParams, ...] = (ECF_ONLINE, ECF_ONLINE_RAPID, ECF_ONLINE_BLITZ)

_COMMON: tuple[tuple[str, str], ...] = (
    ("Rating Algorithm", "monthly: every result of the month rated from both players' ratings at the start of "
     "the month, Rnew = Rstart + Σ k·(W − We), We from the Elo probability table; k = 20 (chosen: the seed gives "
     "none)"),
    ("Time Controls", "with an increment the duration is counted over 60 moves: base + 60 × increment"),
)  # fmt: skip

DESCRIPTIONS: dict[str, tuple[date, tuple[tuple[str, str], ...]]] = {
    "ecf-online": (
        date(2020, 1, 1),
        (
            ("Time Controls", "standard: games with 60 minutes or more per player"),
            ("Starting Ratings", "seeded from the ECF standard grade, else the rapid grade, else FIDE, else the "
             "internet rating; a grade through 7.5 × ECF + 700"),
            *_COMMON,
        ),
    ),
    "ecf-online-rapid": (
        date(2020, 1, 1),
        (
            ("Time Controls", "rapid: more than 10 and less than 60 minutes per player"),
            ("Starting Ratings", "seeded from the ECF rapid grade, else the standard grade, else FIDE, else the "
             "internet rating; a grade through 7.5 × ECF + 700"),
            *_COMMON,
        ),
    ),
    "ecf-online-blitz": (
        date(2020, 1, 1),
        (
            ("Time Controls", "blitz: 3 to 10 minutes per player; faster games are not rated"),
            ("Starting Ratings", "seeded from the ECF rapid grade, else the standard grade, else FIDE, else the "
             "internet rating; a grade through 7.5 × ECF + 700"),
            *_COMMON,
        ),
    ),
}  # fmt: skip
"""For each rating: the day the official online lists started (January 2020, https://englishchessonline.org.uk/rating-page/:
"Official ECF Blitz and Rapid internet ratings will be provided based on games … from go-live in January 2020")
and what sets it apart, by the seed's headings."""


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


class _Step(NamedTuple):
    """One game as rated: both players' ratings at the start of the month (hundredths) and White's expectation."""

    game: Game
    white: int
    black: int
    we_white: int


class _Month(NamedTuple):
    """The month's run of one category: every player's start, the sum of his changes, his games, his seed."""

    starts: dict[str, int]
    changes: dict[str, int]
    counts: dict[str, int]
    seeds: dict[str, str]
    steps: list[_Step]


def _rate(
    params: EcfOnlineParams,
    states: Mapping[str, Any],
    games: Sequence[Game],
    info: Callable[[str], PlayerInfo],
) -> _Month:
    """Every game of the category, each from both players' start-of-month ratings (seed 003, "Rating Algorithm":
    "the monthly grading formula ... Roriginal is the starting rating"; issue 12 §2)."""
    starts: dict[str, int] = {}
    changes: dict[str, int] = {}
    counts: dict[str, int] = {}
    seeds: dict[str, str] = {}
    steps: list[_Step] = []
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
        steps.append(_Step(game, white, black, we_white))
    return _Month(starts, changes, counts, seeds, steps)


def run_period(
    params: EcfOnlineParams,
    index: int,
    states: Mapping[str, Any],
    games: Sequence[Game],
    info: Callable[[str], PlayerInfo],
) -> PeriodRun:
    """Rate the month's games of the category: Rnew = Rstart + Σ k·(W − We), every We from the start-of-month
    ratings (seed 003, "Rating Algorithm"; issue 12 §2), kept exact (choice 3)."""
    month = _rate(params, states, games, info)
    changed: dict[str, EcfOnlineState] = {}
    for player in sorted(month.starts):
        before: EcfOnlineState | None = states.get(player)
        changed[player] = EcfOnlineState(
            (month.starts[player] + month.changes[player]) / 100,
            (before.games if before is not None else 0) + month.counts[player],
            before.seed if before is not None else month.seeds[player],
            index,
            month.counts[player],
        )
    return PeriodRun(changed)


def row(
    params: EcfOnlineParams, index: int, player: str, state: EcfOnlineState, info: PlayerInfo
) -> dict[str, Any] | None:
    """The player's row on the category's list (choice 6: everyone with a game of it is rated)."""
    return {
        "rating": published(state.rating),
        "status": "rated",
        "games": state.games,
        "category": params.category,
        "k": params.k,
        "seed": state.seed,
        "period_games": state.period_games if state.last_period == index else 0,
    }


def explain(
    params: EcfOnlineParams,
    index: int,
    states: Mapping[str, Any],
    games: Sequence[Game],
    info: Callable[[str], PlayerInfo],
    player: str,
) -> Explanation:
    """The player's games of the category in the month, each with k·(W − We) against both players' ratings at
    the start of the month, and their sum (seed 003, "Rating Algorithm"; issue 12 §2)."""
    month = _rate(params, states, games, info)
    label = params.periods.label(index)
    if player not in month.starts:
        raise LookupError(f"player {player} played no {params.category} game in period {label} of {params.name}")
    k = params.k
    notes: list[str] = []
    before: EcfOnlineState | None = states.get(player)
    start = month.starts[player]
    if before is None:
        notes.append(_seed_words(params, info(player), month.seeds[player], start))
    lines: list[tuple[Cell, ...]] = []
    sigma = 0
    for step in month.steps:
        game = step.game
        if player not in (game.white, game.black):
            continue
        white = game.white == player
        own, other = (step.white, step.black) if white else (step.black, step.white)
        points2 = game.white_points2 if white else 2 - game.white_points2
        we = step.we_white if white else 100 - step.we_white
        w_we = 50 * points2 - we
        sigma += w_we
        opponent = game.black if white else game.white
        change = round(k * w_we / 100, 2)
        diff = round_hundredths_half_away(own - other)
        lines.append((game.game, opponent, own / 100, other / 100, diff, points2 / 2, we / 100, change))
    others = sum(
        1 for game in games if player in (game.white, game.black) and category_of(game.time_control) != params.category
    )
    if others:
        notes.append(f"{others} game(s) of the period are not {params.category} games and are not rated on this list")
    games_before = before.games if before is not None else 0
    after = start + month.changes[player]
    return Explanation(
        before=(
            ("rating", start / 100),
            ("games", games_before),
            ("seed", before.seed if before is not None else month.seeds[player]),
        ),
        columns=("game", "opponent", "R", "R(opp)", "diff", "W", "We", "k·(W−We)"),
        lines=tuple(lines),
        terms=(
            ("k", k),
            ("category", params.category),
            ("Σ(W−We)", sigma / 100),
            ("ΔR", month.changes[player] / 100),
        ),
        after=(
            ("rating", published(after / 100)),
            ("exact", after / 100),
            ("games", games_before + month.counts[player]),
        ),
        notes=tuple(notes),
    )


def _seed_words(params: EcfOnlineParams, info: PlayerInfo, source: str, start: int) -> str:
    """The seed of a player's first game of the category, in the seed's words."""
    if source == "registration":
        return f"no prior rating: starts from the registration's starting rating {info.starting_rating}"
    prior = info.prior(source)
    assert prior is not None
    if source in ("ecf", "ecf-rapid"):
        return (
            f'"Starting Ratings": the {source} grade {prior.rating:g} as of {prior.as_of}: '
            f"{params.grade_factor:g} × {prior.rating:g} + {params.grade_offset} = {start / 100:g}"
        )
    return f'"Starting Ratings": the {source} rating {prior.rating:g} as of {prior.as_of}'


def select(
    params: EcfOnlineParams, _index: int, _states: Mapping[str, Any], games: Sequence[Game], _info: Info
) -> Selected:
    """Online games only (seed 003: "based on internet club/team games and registered online events only"); a
    game of another category ("Time Controls") is named as left off this rating but still given to the run,
    which counts it as played elsewhere, as before events."""
    online = admission.online_only("seed 003: internet games only")
    words = ("rating", "no rating (faster than blitz)")
    return admission.by_category(params, games, online, category_of, "(seed 003, Time Controls)", words)


SYSTEM = System(
    family="ecf-online",
    keys=("rating", "status", "games", "category", "k", "seed", "period_games"),
    run=run_period,
    row=row,
    explain=explain,
    make=make_state,
    columns="dqjjq",  # rating, games, seed, last period (or None), its games
    walkovers=False,
    reach=local,  # seed 003, "Roriginal is the starting rating" (issue 12 §2): each from his and his opponents' starts
    select=select,
)
"""The ECF online ratings; their parameter sets are :data:`VERSIONS`."""
