"""FIDE's arithmetic: the parameters of a version of the Rating Regulations, a player's state on a list,
and the pure figures of a period (K, the 400-point rule, PD, the change, a first rating, the rates of play).

The clauses are numbered as in the 2022 and 2024 texts; the choices (choice 1, choice 2...) are the
family's, listed in :mod:`projections.rules.fide`.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal, NamedTuple

from projections.rules.common import TimeControlError, age_on, seconds_for_moves
from projections.rules.elo_table import expected_hundredths, rating_difference_hundredths
from projections.rules.periods import PeriodScheme
from projections.rules.rounding import round_half_up, round_hundredths_half_away
from projections.rules.timeline import Timeline

InitialFormula = Literal["20-per-half-point", "two-draws-1800"]
"""§8.2.3: how the initial rating is made from Ra and the score (2014/2022, or 2024)."""

Junior = Literal["18th-birthday", "end-of-year-18"]
"""§8.3.3: until when a junior has K 40 (2014: "until their 18th birthday"; 2022 on: the end of that year)."""

ListName = Literal["standard", "rapid", "blitz"]
"""The FIDE list a parameter set rates: §1.1 of the Rating Regulations (standard), §1.1.1–1.1.2 of the Rapid
and Blitz Rating Regulations."""


@dataclass(frozen=True)
class FideParams:
    """One version of the FIDE Rating Regulations: every clause that differs between versions is a field."""

    name: str
    periods: PeriodScheme
    """§7.1: the rating period, one month."""
    floor: int
    """§7.1.4, §7.2.1: the lowest rating published; a player below it is unrated."""
    initial_formula: InitialFormula
    """§8.2.2–8.2.3: the initial rating formula."""
    junior_until: Junior
    """§8.3.3: the junior K 40 lasts until the 18th birthday, or the end of that year."""
    cap_once_per_tournament: bool = False
    """§8.3.1 (2022): "In any tournament, a player may benefit from only one upgrade under this rule"."""
    uncapped_from: int | None = None
    """§8.3.1 (from 1 October 2025): players rated this or more use the actual difference in all cases."""
    games_cap: int | None = None
    """§8.3.3 (2022 on): K × n may not exceed this (n the player's games of the period); None: no cap."""
    initial_max: int | None = None
    """§8.2.3 (2024): "The maximum initial rating is 2200"; None: no maximum."""
    compression_period: str | None = None
    """The period whose starting ratings (FIDE's list of 1 March 2024) are compressed (choice 7); None: never."""
    cap: int = 400
    """§8.3.1: "A difference in rating of more than 400 points shall be counted … as … 400 points"."""
    first_rating_games: int = 5
    """§7.1.4: "at least 5 games against rated opponents" (from 1 July 2014; 9 before)."""
    pool_months: int = 26
    """§7.1.4: results "within consecutive rating periods of not more than 26 months are pooled"."""
    hypothetical_rating: int = 1800
    """§8.2.2 (2024): the rating of the two hypothetical opponents, both drawn."""
    half_point_bonus: int = 20
    """§8.2.3 (2014/2022): "Ru = Ra + 20 for each half point scored over 50%"."""
    k_new: int = 40
    """§8.3.3: K for a player new to the list until 30 games, and for juniors under 2300."""
    k_new_games: int = 30
    """§8.3.3: "until they have completed events with at least 30 games"."""
    k_mid: int = 20
    """§8.3.3: "K = 20 as long as a player's rating remains under 2400"."""
    k_high: int = 10
    """§8.3.3: "K = 10 once a player's published rating has reached 2400"."""
    k_high_from: int = 2400
    """§8.3.3: the rating that brings K 10 for good."""
    junior_age: int = 18
    """§8.3.3: the birthday that ends the junior K."""
    junior_below: int = 2300
    """§8.3.3: "as long as their rating remains under 2300"."""
    compression_from: int = 1000
    """Compression of 1 March 2024: ratings from this …"""
    compression_to: int = 2000
    """… to below this are raised …"""
    compression_percent: int = 40
    """… by this per cent of their distance to ``compression_to``."""
    list_name: ListName = "standard"
    """The list rated: §1.1 decides which games are on it (:func:`projections.rules.fide.system.excluded`)."""
    standard_tiers: tuple[tuple[int, int], ...] = ((2400, 120), (1800, 90))
    """§1.1: "Where at least one of the players in the game has a rating of [R] or higher, each player must
    have a minimum of [M] minutes", as (R, M), highest R first (2014 and 2017: 2200 and 1600)."""
    standard_minutes: int = 60
    """§1.1: the minimum "Where both of the players in the game are rated below" the lowest tier."""
    rapid_minutes: tuple[int, int] = (10, 60)
    """Rapid and Blitz §1.1.1: "more than 10 minutes but less than 60 minutes for each player"."""
    blitz_minutes: tuple[int, int] = (3, 10)
    """Rapid and Blitz §1.1.2: "more than 3 minutes but not more than 10 minutes for each player"."""
    mismatch_from: str | None = None
    """Rapid and Blitz §7.3.1 "Effective from 1 December 2024": from this day (ISO), a game between players
    ``mismatch_gap`` or more apart is not rated if one of them is rated above ``mismatch_above``; None: never."""
    mismatch_gap: int = 600
    """Rapid and Blitz §7.3.1: "a rating difference of 600 points or more"."""
    mismatch_above: int = 2600
    """Rapid and Blitz §7.3.1: "at least one of the players is rated above 2600"."""
    match_unrated_clause: str | None = "(2024 §6.1)"
    """§6.1 (2024): "Matches in which one player is unrated shall not be rated": the clause the message key
    names (the 2014, 2017 and 2022 texts were not found: the 2024 rule, named as such, choice 14); None: no
    such rule."""
    match_decided_clause: str | None = "(2008 §6.5, 2024 §6.2)"
    """§6.2 (2024): "Where a match is over a specific number of games, those played after one player has won
    shall not be rated": the clause the message key names (2014–2022 not found: the rule of the 2008 and 2024
    texts, named as such, choice 14); None: no such rule."""

    def compression_index(self) -> int | None:
        """The period that starts from the compressed ratings, or None."""
        return _compression_index(self.periods, self.compression_period)


@functools.lru_cache(maxsize=64)
def _compression_index(periods: PeriodScheme, label: str | None) -> int | None:
    return None if label is None else periods.index(label)


class FideTimeline(Timeline[FideParams]):
    """Versions of one FIDE list in force one after another: each period is rated under the version in force
    on its last day (the day its play ends; FIDE's list of the first of the next month); before the first
    version's date, the first version (choice 11).

    The compression of 1 March 2024 happens once: the versions from 2024 compress the period ``2024-03`` only,
    and earlier versions never do.

    >>> from projections.rules.fide import FIDE_PERIODS, FIDE_TIMELINE
    >>> FIDE_TIMELINE.for_period(FIDE_PERIODS.index("2024-02")).name, FIDE_TIMELINE.for_period(
    ...     FIDE_PERIODS.index("2024-03")).name
    ('fide-2022', 'fide-2024')
    """

    def version_problem(self, params: FideParams) -> str | None:
        """Every version must rate the timeline's list over its periods."""
        if params.periods != self.periods or params.list_name != self.versions[0][1].list_name:
            return "must rate the same list over the same periods as the timeline's other versions"
        return None

    @property
    def list_name(self) -> ListName:
        """The list every version of the timeline rates."""
        return self.versions[0][1].list_name


Rules = FideParams | FideTimeline
"""What the FIDE system rates: one version, or a timeline of versions."""


def version(params: Rules, index: int) -> FideParams:
    """The version that rates period ``index``: ``params`` itself, or the timeline's version for it."""
    return params.for_period(index) if isinstance(params, FideTimeline) else params


class FideState(NamedTuple):
    """One player on a list; plain values only, so that the state is a JSON array.

    ``rating`` is None while the player is unrated; ``pool`` then holds his
    results toward a first rating, each ``(period, opponent's rating, points2)``.
    ``games`` counts his rated games (the first rating's included); the
    ``reached_*`` flags whether a published rating ever reached 2300 or 2400;
    ``started`` whether his first event (§8.2.1) is behind him;
    ``period_games`` his games rated in ``last_period``, the last he played in.
    """

    rating: int | None
    games: int = 0
    reached_2300: bool = False
    reached_2400: bool = False
    pool: tuple[tuple[int, int, int], ...] = ()
    started: bool = False
    last_period: int | None = None
    period_games: int = 0


UNRATED = FideState(None)
"""A player with no rating and no results toward one."""


# --- arithmetic --------------------------------------------------------------


def compress(params: FideParams, rating: int) -> int:
    """The compression of 1 March 2024: R + 0.4 × (2000 − R) for 1000 ≤ R < 2000, rounded half up (choice 4)."""
    if not params.compression_from <= rating < params.compression_to:
        return rating
    return (100 * rating + params.compression_percent * (params.compression_to - rating) + 50) // 100


def is_junior(params: FideParams, born: str | None, index: int) -> bool:
    """§8.3.3: whether the player has the junior K in period ``index`` (choice 2)."""
    if not born:
        return False
    first_day = params.periods.label(index) + "-01"
    if params.junior_until == "18th-birthday":
        age = age_on(born, first_day)
        return age is not None and age < params.junior_age
    return int(first_day[:4]) - int(born[:4]) <= params.junior_age


def k_factor(params: FideParams, state: FideState, born: str | None, index: int) -> int:
    """§8.3.3: the player's K for period ``index``, before the K×n cap (choice 2 for the order)."""
    rating = state.rating if state.rating is not None else 0
    if state.reached_2400 or rating >= params.k_high_from:
        return params.k_high  # "once a player's published rating has reached 2400 … even if the rating drops"
    if rating < params.junior_below and not state.reached_2300 and is_junior(params, born, index):
        return params.k_new  # "for all players until … their 18th birthday, as long as their rating remains under 2300"
    if state.games < params.k_new_games:
        return params.k_new  # "for a player new to the rating list until they have completed … 30 games"
    return params.k_mid  # "as long as a player's rating remains under 2400"


def capped_k(params: FideParams, k: int, games: int) -> int:
    """§8.3.3 (2022 on): "If … n … multiplied by K … exceeds 700, then K shall be the largest whole number such
    that K x n does not exceed 700"."""
    if params.games_cap is not None and games and k * games > params.games_cap:
        return params.games_cap // games
    return k


class Initial(NamedTuple):
    """§8.2: an initial rating and the terms it was made of."""

    games: int
    opponents: int
    """The sum of the opponents' ratings (the hypothetical ones included)."""
    counted: int
    """The number of opponents (the hypothetical ones included)."""
    points2: int
    """The score in half points (the hypothetical draws included)."""
    ra: Fraction
    p100: int | None
    """p in hundredths where table 8.1.1 is used, else None."""
    dp: int
    rating: int


def initial_rating(params: FideParams, pool: Sequence[tuple[int, int, int]]) -> Initial:
    """§8.2.2–8.2.3: the initial rating Ru from the pooled results ``(period, opponent's rating, points2)``."""
    games = len(pool)
    total = sum(entry[1] for entry in pool)
    points2 = sum(entry[2] for entry in pool)
    if params.initial_formula == "two-draws-1800":
        # 2024 §8.2.2: "plus two hypothetical opponents rated 1800 … considered as a draw"; §8.2.3: Ru = Ra + dp.
        counted, total, points2 = games + 2, total + 2 * params.hypothetical_rating, points2 + 2
        ra = Fraction(total, counted)
        p100 = (100 * points2 + counted) // (2 * counted)  # p to two decimals, half up (choice 4)
        dp = rating_difference_hundredths(p100)
        rating = round_half_up(ra + dp)
        if params.initial_max is not None:
            rating = min(rating, params.initial_max)  # "The maximum initial rating is 2200."
        return Initial(games, total, counted, points2, ra, p100, dp, rating)
    ra = Fraction(total, games)  # 2014/2022 §8.2.2: "the average rating of the player's rated opponents"
    below: int | None = None
    if points2 == games:
        dp = 0  # "If the player scores 50%, then Ru = Ra."
    elif points2 > games:
        dp = params.half_point_bonus * (points2 - games)  # "Ra + 20 for each half point scored over 50%"
    else:
        below = (100 * points2 + games) // (2 * games)  # "less than 50%, then Ru = Ra + dp"; p half up (choice 4)
        dp = rating_difference_hundredths(below)
    return Initial(games, total, games, points2, ra, below, dp, round_half_up(ra + dp))


# --- rates of play (§1.1) ---------------------------------------------------------


def minutes_for_60_moves(time_control: str | None) -> Fraction | None:
    """A player's time for a game of 60 moves, in minutes, from PGN ``TimeControl`` text (None: unknown).

    §1.1 "assuming the game lasts 60 moves"; Rapid and Blitz §1.1 "the time allotted + 60 times any
    increment". ``-`` (no clock) is unbounded; ``?``, empty or unreadable text is unknown (choice 12).

    >>> minutes_for_60_moves("180+2"), minutes_for_60_moves("5400+30"), minutes_for_60_moves("40/5400:1800+30")
    (Fraction(5, 1), Fraction(120, 1), Fraction(130, 1))
    """
    if time_control is None or time_control.strip() in ("", "?"):
        return None
    try:
        seconds = seconds_for_moves(time_control, 60)
    except TimeControlError:
        return None
    if seconds == float("inf"):
        return Fraction(10**9)  # no clock: slower than any bound
    return Fraction(seconds).limit_denominator(1000) / 60


def standard_minimum(params: FideParams, white_rating: int | None, black_rating: int | None) -> int:
    """§1.1: the minutes each player must have for 60 moves, from the higher rating in the game (an unrated
    player counts as below every tier, choice 12)."""
    top = max((r for r in (white_rating, black_rating) if r is not None), default=None)
    for rating, minutes in params.standard_tiers:
        if top is not None and top >= rating:
            return minutes  # "Where at least one of the players in the game has a rating of [R] or higher"
    return params.standard_minutes  # "Where both of the players in the game are rated below"


def list_of_time_control(
    params: FideParams, time_control: str | None, white_rating: int | None, black_rating: int | None
) -> ListName | None:
    """The list a game of ``time_control`` is rated on under ``params``'s version, or None (on none).

    A game with no time control recorded is a standard game, as before rates of play were read (choice 12).

    >>> from projections.rules.fide import FIDE_2024
    >>> list_of_time_control(FIDE_2024, "180+2", 1500, 1500), list_of_time_control(FIDE_2024, "900+10", 1500, 1500)
    ('blitz', 'rapid')
    >>> list_of_time_control(FIDE_2024, "3600", 1500, 1500), list_of_time_control(FIDE_2024, "3600", 1800, None)
    ('standard', None)
    """
    minutes = minutes_for_60_moves(time_control)
    if minutes is None:
        return "standard"
    if minutes >= standard_minimum(params, white_rating, black_rating):
        return "standard"  # §1.1
    low, high = params.rapid_minutes
    if low < minutes < high:
        return "rapid"  # R&B §1.1.1: "more than 10 minutes but less than 60 minutes"
    low, high = params.blitz_minutes
    if low < minutes <= high:
        return "blitz"  # R&B §1.1.2: "more than 3 minutes but not more than 10 minutes"
    return None


# --- one period ----------------------------------------------------------------


class Entry(NamedTuple):
    """One of the player's games of the period, with his opponent's rating on the list in force at the start of
    its event (None: unrated), and, where his event is rated from other terms than his period's, his own."""

    game: str
    opponent: str
    tournament: str | None
    opponent_rating: int | None
    points2: int
    own_rating: int | None = None
    """His rating as his event counts it (the list in force at its start, or §8.2.4's); None: his start's."""
    k: int | None = None
    """K at his event's start, before the K×n cap (§8.3.3); None: his period's."""


class Assessment(NamedTuple):
    """A rated player's period (§8.3): every game's figures and the change."""

    k_base: int
    k: int
    ks: tuple[int | None, ...]
    """K applied in each game (its event's, capped); None: not rated."""
    used: tuple[int | None, ...]
    """The difference used in each game (own rating minus the opponent's as counted); None: not rated."""
    pd: tuple[int | None, ...]
    """PD in hundredths of each game; None: not rated."""
    upgrades: tuple[str, ...]
    """Per game: "" or how the 400-point rule applied."""
    sigma100: int
    weighted: int
    """Σ K·(W − PD) in hundredths: each game with its event's K (§8.3.2–8.3.3, choice 13)."""
    change: int
    state: FideState


def _upgraded(params: FideParams, own: int, entries: Sequence[Entry]) -> set[int]:
    """§8.3.1 (2022): the games whose opponent more than 400 below is raised: one a tournament, the greatest
    difference, the first on a tie (choice 3)."""
    best: dict[str | None, tuple[int, int]] = {}
    for position, entry in enumerate(entries):
        if entry.opponent_rating is None:
            continue
        gap = (own if entry.own_rating is None else entry.own_rating) - entry.opponent_rating
        if gap > params.cap and (entry.tournament not in best or gap > best[entry.tournament][0]):
            best[entry.tournament] = (gap, position)
    return {position for _, position in best.values()}


def assess(params: FideParams, index: int, start: FideState, entries: Sequence[Entry], born: str | None) -> Assessment:
    """§8.3: the period of a rated player over his games (those against unrated opponents are not rated), each
    with his rating and K at the start of its event where the entry says them (choice 13); the K×n cap and the
    rounding are the period's (the list's)."""
    own = start.rating
    assert own is not None
    rated = sum(1 for entry in entries if entry.opponent_rating is not None)
    k_base = k_factor(params, start, born, index)
    k = capped_k(params, k_base, rated)
    upgraded = _upgraded(params, own, entries) if params.cap_once_per_tournament else None
    ks: list[int | None] = []
    used: list[int | None] = []
    pds: list[int | None] = []
    how: list[str] = []
    sigma100 = 0
    weighted = 0
    for position, entry in enumerate(entries):
        if entry.opponent_rating is None:
            ks.append(None)
            used.append(None)  # §8.3.1: "For each game played against a rated player"
            pds.append(None)
            how.append("")
            continue
        mine = own if entry.own_rating is None else entry.own_rating
        game_k = k if entry.k is None else capped_k(params, entry.k, rated)  # §8.3.3: K × n ≤ 700 over the list
        exempt = params.uncapped_from is not None and mine >= params.uncapped_from
        difference = mine - entry.opponent_rating
        note = ""
        if exempt:
            note = "exempt" if abs(difference) > params.cap else ""
        elif difference < -params.cap:
            difference, note = -params.cap, "capped"  # §8.3.1: the opponent counted 400 above
        elif difference > params.cap:
            if upgraded is None or position in upgraded:
                difference, note = params.cap, "upgraded"  # §8.3.1: the opponent counted 400 below
            else:
                note = "not upgraded"  # §8.3.1 (2022): the tournament's one upgrade went to another game
        pd = expected_hundredths(difference)  # §8.3.2 a): PD from table 8.1.2
        sigma100 += 50 * entry.points2 - pd  # §8.3.2 b–c): Σ(score − PD)
        weighted += game_k * (50 * entry.points2 - pd)
        ks.append(game_k)
        used.append(difference)
        pds.append(pd)
        how.append(note)
    change = round_hundredths_half_away(weighted)  # §8.3.2 d), §8.3.4: 0.5 away from zero
    rating = own + change
    if rating < params.floor:
        state = FideState(None, last_period=index, period_games=rated)  # §7.2.1: unrated on the next list
    else:
        state = FideState(
            rating,
            start.games + rated,
            start.reached_2300 or rating >= params.junior_below,
            start.reached_2400 or rating >= params.k_high_from,
            (),
            True,
            index,
            rated,
        )
    return Assessment(k_base, k, tuple(ks), tuple(used), tuple(pds), tuple(how), sigma100, weighted, change, state)


class Qualification(NamedTuple):
    """An unrated player's period (§7.1.4, §8.2): his pool and, once it qualifies, his initial rating."""

    kept: tuple[tuple[int, int, int], ...]
    """The earlier results still in the 26-month window."""
    dropped: tuple[tuple[int, int, int], ...]
    """The earlier results that fell out of it."""
    disregarded: frozenset[int]
    """The positions of this period's games disregarded as a first event scored zero (§8.2.1)."""
    initial: Initial | None
    state: FideState


def qualify(params: FideParams, index: int, start: FideState, entries: Sequence[Entry]) -> Qualification:
    """§7.1.4, §8.2: add the period's results against rated opponents to the pool; rate the player once it
    holds enough games and the rating reaches the floor (choice 5)."""
    kept = tuple(entry for entry in start.pool if index - entry[0] < params.pool_months)
    dropped = tuple(entry for entry in start.pool if index - entry[0] >= params.pool_months)
    counted = [position for position, entry in enumerate(entries) if entry.opponent_rating is not None]
    started = start.started
    disregarded: frozenset[int] = frozenset()
    if not started and counted:
        started = True
        first = entries[counted[0]].tournament
        event = [position for position in counted if entries[position].tournament == first]
        if sum(entries[position].points2 for position in event) == 0:
            disregarded = frozenset(event)  # §8.2.1: "scores zero in their first event … disregarded"
    new = tuple(
        (index, rating, entries[position].points2)
        for position in counted
        if position not in disregarded and (rating := entries[position].opponent_rating) is not None
    )
    pool = kept + new
    initial = None
    if len(pool) >= params.first_rating_games:
        initial = initial_rating(params, pool)
        if initial.rating >= params.floor:  # §7.1.4: "The rating must be at least" the floor
            rating = initial.rating
            state = FideState(
                rating,
                len(pool),
                rating >= params.junior_below,
                rating >= params.k_high_from,
                (),
                True,
                index,
                len(new),
            )
            return Qualification(kept, dropped, disregarded, initial, state)
    state = FideState(None, 0, False, False, pool, started, index, len(new))
    return Qualification(kept, dropped, disregarded, initial, state)
