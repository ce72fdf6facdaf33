"""IECG Rating Rules, version 1.7 (27 May 1999), as part E of the IECG Rules
and Regulations 5.1a (2000) repeats them (seeds ``000_3dba7590a193faaf.txt``
and ``002_8243987ea7ba85e3.txt``).

Each clause the code implements is cited beside it. Where the rules leave a
choice, this module makes the one the foundation issue states, and says so:

- "The previous list" is the state after the previous period's run for every
  player, listed or not. Every game of a period is rated against it (§VI.1).
- The opponent rating used is his TER on the previous list (§II.3) — for a
  player never rated yet, his starting rating — cut off at 400 points from the
  player's reference rating (§III.8): his rating on the previous list if he is
  established, otherwise his own TER.
- A provisional rating uses all of the player's rated games so far, each with
  the opponent rating fixed in the run that rated it (§IV.1, §I.4).
- Every published figure is rounded half up to an integer, and the next run
  starts from the published integers; the formulas run at full precision (§I.5).
- A player whose previous rated game is 30 or more periods (five years) back
  starts again from his registered starting rating, as a new player (§VIII.5:
  removed from the list after one year, the rating valid four years more,
  then deleted from the database).
- The sum of a period's rating changes is taken with :func:`math.fsum`, which
  is exact, so the result does not depend on the order games are added.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import NamedTuple

from projections.periods import PeriodScheme


@dataclass(frozen=True)
class IecgParams:
    """The clauses of one IECG version that differ between versions."""

    name: str
    periods: PeriodScheme
    """§II.1: the length of the rating period."""
    cutoff: int | None = 400
    """§III.8: the largest rating difference counted; None where the clause is absent."""
    ter_games: int = 10
    """§III.7: rated games after which a provisional player's TER is his provisional rating."""
    publish_games: int | None = 6
    """§III.3: rated games before a provisional rating is published; None when disabled."""
    established_games: int = 15
    """§III.1, §IV.4: rated games that make a provisional rating established."""
    listed_periods: int = 6
    """§VIII.5: a player is listed while he has a rated game in this many periods up to the list's."""
    restart_periods: int = 30
    """§VIII.5: periods without a rated game after which the player starts again (five years)."""


class PlayerState(NamedTuple):
    """One player on "the previous list": everything the next run needs, all integers.

    ``rating`` is the published rating (established, or the rounded provisional
    rating, or the starting rating before any game); ``pn`` the rated games
    behind an established rating (§V.3); ``opp_sum`` and ``points2`` (half
    points) the provisional sums of §IV.1; ``games``/``wins``/``draws``/``losses``
    count rated games in this ledger since the player (re)started.
    """

    rating: int
    ter: int
    established: bool
    pn: int
    games: int
    wins: int
    draws: int
    losses: int
    opp_sum: int
    points2: int
    last_period: int | None
    starting_rating: int


class RatedGame(NamedTuple):
    """A game as a rating run sees it: who played, and White's score in half points."""

    game: str
    white: str
    black: str
    white_points2: int


class Entry(NamedTuple):
    """One game from one player's side: the opponent and the rating used for him."""

    game: str
    opponent: str
    opponent_ter: int
    used: int
    points2: int


def round_half_up(value: float) -> int:
    """§I.5 (foundation issue): published ratings are rounded half up."""
    return math.floor(value + 0.5)


def expected_score(own: float, opponent: float) -> float:
    """§I.3, §V.2: P(D) = 1/(1+10^(-D/400)), D = own − opponent."""
    return 1.0 / (1.0 + math.pow(10.0, -(own - opponent) / 400.0))


def rating_change_of_score(p: float) -> float:
    """§I.4: D(p) = −400·log10((1−p)/p), with D(0) = −800 and D(1) = +800."""
    if p <= 0.0:
        return -800.0
    if p >= 1.0:
        return 800.0
    return -400.0 * math.log10((1.0 - p) / p)


def correction_factor(p: float) -> float:
    """§IV.1: F = −2p² + 2p + 0.5."""
    return -2.0 * p * p + 2.0 * p + 0.5


def r_factor(ro: int) -> float:
    """§V.3: r = 10 if Ro ≥ 2400; 70 − Ro/40 if 2000 < Ro < 2400; 20 if Ro ≤ 2000."""
    if ro >= 2400:
        return 10.0
    if ro > 2000:
        return 70.0 - ro / 40.0
    return 20.0


def p_factor(pn: int) -> float:
    """§V.3: p = 1 if Pn ≥ 80; 1.4 − Pn/200 if 30 < Pn < 80; 1.25 if 15 < Pn ≤ 30; 1.5 if Pn ≤ 15."""
    if pn >= 80:
        return 1.0
    if pn > 30:
        return 1.4 - pn / 200.0
    if pn > 15:
        return 1.25
    return 1.5


def provisional_rating(opp_sum: int, points2: int, games: int) -> float:
    """§IV.1: Rp = Rc + D(p)·F over all rated games; Rc the mean opponent rating used."""
    rc = opp_sum / games
    p = points2 / (2 * games)
    return rc + rating_change_of_score(p) * correction_factor(p)


def initial_state(starting_rating: int, source: str, rated_games: int) -> PlayerState:
    """A new player (§VII): established at once with an established ICCF rating
    (§VII.1, Pn = the games behind it); otherwise provisional at his starting
    rating (§VII.2–3), which is also his TER (§III.7)."""
    established = source == "iccf"
    return PlayerState(
        rating=starting_rating,
        ter=starting_rating,
        established=established,
        pn=rated_games if established else 0,
        games=0,
        wins=0,
        draws=0,
        losses=0,
        opp_sum=0,
        points2=0,
        last_period=None,
        starting_rating=starting_rating,
    )


def reference(state: PlayerState) -> int:
    """§III.8 (foundation issue): the rating the cut-off is measured from."""
    return state.rating if state.established else state.ter


def opponent_rating_used(params: IecgParams, own: PlayerState, opponent_ter: int) -> int:
    """§II.3: the opponent's TER; §III.8: at most ``cutoff`` points from the player's reference."""
    cutoff = params.cutoff
    if cutoff is None:
        return opponent_ter
    ref = own.rating if own.established else own.ter  # reference(own), inlined: it runs twice a game
    if opponent_ter > ref + cutoff:
        return ref + cutoff
    if opponent_ter < ref - cutoff:
        return ref - cutoff
    return opponent_ter


def start_of_period(
    params: IecgParams, period: int, state: PlayerState | None, new: Callable[[], PlayerState]
) -> PlayerState:
    """The player as the run of ``period`` sees him: as on the previous list, or new.

    §VIII.5: a player whose previous rated game is ``restart_periods`` or more
    periods back starts again from his registered starting rating.
    """
    if state is None:
        return new()
    if state.last_period is not None and period - state.last_period >= params.restart_periods:
        return new()
    return state


def settle(params: IecgParams, period: int, start: PlayerState, entries: Sequence[Entry]) -> PlayerState:
    """The player after the run of ``period``, from his games of the period."""
    n = len(entries)
    points2 = wins = draws = used = 0
    for entry in entries:
        points2 += entry.points2
        used += entry.used
        if entry.points2 == 2:
            wins += 1
        elif entry.points2 == 1:
            draws += 1
    games = start.games + n
    wins += start.wins
    draws += start.draws
    losses = games - wins - draws
    if start.established:
        # §V.1–V.4: Rn = Ro + Σ k·(W − We), k = r·p from Ro and Pn of the previous list.
        ro = start.rating
        k = r_factor(ro) * p_factor(start.pn)
        change = math.fsum([k * (e.points2 / 2.0 - expected_score(ro, e.used)) for e in entries])
        rating = round_half_up(ro + change)
        return PlayerState(
            rating, rating, True, start.pn + n, games, wins, draws, losses, 0, 0, period, start.starting_rating
        )
    # §IV.1: the provisional rating over all rated games so far.
    opp_sum = start.opp_sum + used
    total2 = start.points2 + points2
    rp = round_half_up(provisional_rating(opp_sum, total2, games))
    if games >= params.established_games:
        # §IV.4: promotion at the end of a period, with Pn = his games.
        return PlayerState(rp, rp, True, games, games, wins, draws, losses, 0, 0, period, start.starting_rating)
    # §III.7: TER is the starting rating until ``ter_games`` games are finished.
    ter = rp if games >= params.ter_games else start.starting_rating
    return PlayerState(rp, ter, False, 0, games, wins, draws, losses, opp_sum, total2, period, start.starting_rating)


def entries_of_period(
    params: IecgParams,
    period: int,
    previous: Mapping[str, PlayerState],
    games: Sequence[RatedGame],
    new: Callable[[str], PlayerState],
) -> tuple[dict[str, PlayerState], dict[str, list[Entry]]]:
    """Each player of the period as the run sees him, and his games from his side.

    §VI.1: all ratings are taken from the previous list, so the order of the
    games does not matter; they are taken in game-id order all the same.
    """
    starts: dict[str, PlayerState] = {}
    entries: dict[str, list[Entry]] = {}
    for game, white_id, black_id, white_points2 in sorted(games):
        for who in (white_id, black_id):
            if who not in starts:
                starts[who] = start_of_period(params, period, previous.get(who), partial(new, who))
                entries[who] = []
        white, black = starts[white_id], starts[black_id]
        white_used = opponent_rating_used(params, white, black.ter)
        black_used = opponent_rating_used(params, black, white.ter)
        entries[white_id].append(Entry(game, black_id, black.ter, white_used, white_points2))
        entries[black_id].append(Entry(game, white_id, white.ter, black_used, 2 - white_points2))
    return starts, entries


def rate_period(
    params: IecgParams,
    period: int,
    previous: Mapping[str, PlayerState],
    games: Sequence[RatedGame],
    new: Callable[[str], PlayerState],
) -> dict[str, PlayerState]:
    """The run at the end of ``period``: the new state of every player who played.

    ``previous`` is not changed; players without a game keep their state.
    """
    starts, entries = entries_of_period(params, period, previous, games, new)
    return {who: settle(params, period, starts[who], entries[who]) for who in starts}


def is_listed(params: IecgParams, period: int, state: PlayerState) -> bool:
    """§III.3 and §VIII.5: on the list of ``period`` (inactivity markers aside)."""
    if state.last_period is None or period - state.last_period >= params.listed_periods:
        return False
    if state.established:
        return True
    return params.publish_games is None or state.games >= params.publish_games


def rating_class(ter: int) -> str:
    """IECG Rules 5.1a §D.2.4a: class by TER: M ≥ 2200, 1 1800–2199, 2 1400–1799, 3 1000–1399, N ≤ 999."""
    if ter >= 2200:
        return "M"
    if ter >= 1800:
        return "1"
    if ter >= 1400:
        return "2"
    if ter >= 1000:
        return "3"
    return "N"
