"""IECG Rating Rules, version 1.7 (27 May 1999), as part E of the IECG Rules
and Regulations 5.1a (2000) repeats them (seeds ``000_3dba7590a193faaf.txt``
and ``002_8243987ea7ba85e3.txt``), and the versions 1.0–1.6 before it as the
1.7 document's "Update History" describes them.

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

Versions 1.0–1.6 are parameter sets of this one module (:class:`IecgParams`),
each differing from 1.7 where the update history says so and in nothing else.
The history quotes some old wordings and not others; where it is silent:

- §II.1, the length of the rating period (1.7 "adaptation of the rules to
  current practice (length of Rating Period …)"): the earlier length is not
  given, and nothing in the text points to another one (§II.2 and §III.4 of
  the same text already assume lists every second month). Every version has
  the two-month periods of 1.7, which also lets the ``iecg`` timeline run all
  of them on one calendar (:class:`IecgTimeline` refuses versions that do not
  share its periods).
- §III.7 in 1.0 (1.1: "the number of games required for a change of the
  Starting Rating is increased to 10"; 1.1–1.2 read "if more than 10 games are
  played"): 1.0 is taken to read "more than 5 games", i.e. from the sixth game,
  the number the text uses everywhere else for a first provisional figure
  (§III.3 and §IV.2 publish from six games, §III.5 starts the performance
  after six, §IX.5.b counts "more than 5 games"). With §III.3 in force in 1.0,
  the TER thus becomes "the Rating in the last published Rating List" from the
  first list that publishes it. "More than N" is stored as ``ter_games`` = N + 1.
- §III.3 in 1.0: the clause is in force (1.1 "disabled" it, so it was there
  before), with the six games of 1.7. From 1.1 to 1.6 a provisional rating is
  published from the first rated game; 1.7 restores the six games. (§IV.2,
  which says the same, is not mentioned by the history; it is read as going
  with §III.3.)
- §VII.4 (1.0–1.6; 1.7 has no §VII.4: it went with "adaptation to current
  practice"). "The Starting Rating is calculated according to IV.1" together
  with §III.7's "number of games required for a change of the Starting
  Rating" is read as: once a provisional player has the §III.7 number of games
  his Starting Rating — which §III.7 makes his TER — is recalculated in every
  run from all his rated games by §IV.1, Rc + D(p)·F, until he is established.
  His published rating is still the provisional rating Rp of §IV.1; only his
  TER (which opponents use, §II.3, which places him in a class, §III.6, and
  which the cut-off measures from, §III.8) is the recalculated Starting
  Rating. In 1.0, without the 1.1 addendum, F is §IV.1's own, so the
  recalculated Starting Rating is Rp, exactly 1.7's TER from ten games: 1.0
  and 1.7 compute the TER alike past the threshold. From 1.1 "with a
  correction factor of F=1" it is the plain performance Rc + D(p)
  (``starting_rating_f``). The registered starting rating itself is kept for
  §VIII.5's restart and for the TER below the threshold.
- §VII.4 in 1.4–1.6, "the sentence with the Starting Rating boundaries": the
  sentence is not quoted. The only starting-rating bounds in the text are
  §VII.3's (a Starting Rating of 800, an estimate that "should not exceed
  1700 points" — the sentence 1.7 keeps after dropping §VII.4). A recalculated
  Starting Rating is kept within 800–1700, widened to the registered starting
  rating where that lies outside (a §VII.2 rating from another organisation
  or a provisional ICCF rating is not limited by §VII.3, and the bounds are
  not read as lowering a player who merely holds his own) (``starting_bounds``).
- §I.6 in 1.3.1, "correction of the formula": the old formula is not given.
  The ledger computes p = (2W + D)/(2N) (as half points over twice the games)
  in every version, as a rating officer computing percentages always did; the
  correction fixed the document, not the ratings. 1.3.1 differs from 1.3 in
  nothing computable, as do 1.4 from 1.3.1 in §II.3 (a web address), 1.3 from
  1.2 in §IV.3 (deleted "since it is covered by section III.7") and 1.6 from
  1.5 (a comment on rating tournaments).
- §IX.5, the transfer from the old scheme, is :func:`transfer_state`; its
  own choices are in its docstring.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any, NamedTuple, cast

from projections.rules.periods import PeriodScheme
from projections.rules.rounding import round_half_up  # §I.5: published ratings are rounded half up
from projections.rules.timeline import Timeline


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
    starting_rating_f: float | None = None
    """§VII.4 (1.1–1.6): the correction factor F with which a provisional player's Starting Rating,
    his TER from ``ter_games`` games (§III.7), is recalculated by §IV.1 ("but with a correction factor
    of F=1"); None: §IV.1's own F, so that TER is the provisional rating (1.0; 1.7, without §VII.4)."""
    starting_bounds: tuple[int, int] | None = None
    """§VII.4 (1.4–1.6): the Starting Rating boundaries a recalculated Starting Rating is kept within
    (§VII.3's 800 and 1700, widened to the registered starting rating); None: unbounded."""
    transfer_keeps_established: bool = True
    """§IX.5.a (from 1.2): an old established rating on at least ``established_games`` games is
    transferred as established; False: every old established rating is a starting rating (1.0–1.1)."""
    transfer_prior_games: int | None = 5
    """§IX.5.b, last sentence (from 1.5): an old established rating on more than this many games (and
    fewer than ``established_games``) brings its games into §IV.1; None: the sentence is absent."""
    transfer_class_m: bool = True
    """§IX.5.e (from 1.5): winners of an old Class M tournament (#001–#013) get an established rating."""

    def for_period(self, index: int) -> IecgParams:
        """The version that rates period ``index``: this one, whatever the period (see :class:`IecgTimeline`)."""
        return self


class IecgTimeline(Timeline[IecgParams]):
    """IECG versions in force one after another: each period is rated under the version in force on its
    last day, the day of its rating run (§II.2–3: the run uses what is "valid on the day of the
    rating run"); before the first version's date, the first version.

    Every version must have the timeline's periods (§II.1), or one period would not be one period.
    """


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


class Entry(NamedTuple):
    """One game from one player's side: the opponent and the rating used for him."""

    game: str
    opponent: str
    opponent_ter: int
    used: int
    points2: int


_state: Callable[[tuple[int, int, bool, int, int, int, int, int, int, int, int | None, int]], PlayerState] = partial(
    tuple.__new__, PlayerState
)
"""A :class:`PlayerState` from its twelve fields in order, without a call to its Python constructor."""
_entry: Callable[[tuple[str, str, int, int, int]], Entry] = partial(tuple.__new__, Entry)
"""An :class:`Entry` from its five fields in order, the same way."""


def expected_score(own: float, opponent: float) -> float:
    """§I.3, §V.2: P(D) = 1/(1+10^(-D/400)), D = own − opponent."""
    return 1.0 / (1.0 + math.pow(10.0, -(own - opponent) / 400.0))


class _ExpectedScores(dict[int, float]):
    """:func:`expected_score` by the rating difference D = own − opponent, an integer (every rating a
    run uses is one, §I.5), each value worked out by the same operations the first time it is asked
    for and kept: a run asks for it once a game, and §III.8 leaves a few hundred differences."""

    def __missing__(self, difference: int) -> float:
        value = self[difference] = 1.0 / (1.0 + math.pow(10.0, -difference / 400.0))
        return value


_EXPECTED = _ExpectedScores()


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


def recalculated_starting_rating(params: IecgParams, opp_sum: int, points2: int, games: int, registered: int) -> int:
    """§VII.4 (1.1–1.6): the Starting Rating "calculated according to IV.1, but with a correction
    factor of F=1" over all rated games, rounded half up (§I.5); from 1.4 kept within the Starting
    Rating boundaries, widened to the ``registered`` starting rating (module docstring)."""
    rc = opp_sum / games
    p = points2 / (2 * games)
    f = correction_factor(p) if params.starting_rating_f is None else params.starting_rating_f
    value = round_half_up(rc + rating_change_of_score(p) * f)
    bounds = params.starting_bounds
    if bounds is None:
        return value
    low, high = min(bounds[0], registered), max(bounds[1], registered)
    return min(max(value, low), high)


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


def _established(rating: int, pn: int) -> PlayerState:
    """An established rating with ``pn`` games behind it (§V.3) and none rated in this ledger yet."""
    return PlayerState(rating, rating, True, pn, 0, 0, 0, 0, 0, 0, None, rating)


def _provisional(rating: int, games: int) -> PlayerState:
    """A provisional rating ``rating`` on ``games`` earlier games, carried into §IV.1 as that many
    draws against opponents rated ``rating`` (so that Rp over them is ``rating``); the rating is
    also the player's Starting Rating, and his TER (below or past the §III.7 threshold alike)."""
    return PlayerState(rating, rating, False, 0, games, 0, games, 0, rating * games, games, None, rating)


def transfer_state(
    params: IecgParams,
    old_rating: int,
    old_games: int,
    old_established: bool,
    iccf_rating: int | None = None,
    *,
    iccf_games: int = 0,
    class_m_winner: bool = False,
) -> PlayerState:
    """§IX.5: a player's rating under the old IECG scheme, as the new scheme takes it over on
    1 January 1997, under the §IX.5 of version ``params``.

    - a) (from 1.2) an old established rating on at least ``established_games`` games stays
      established, with Pn = its games (as §VII.1 counts the games behind an ICCF rating).
    - b) any other old established rating (1.0–1.1: every one, "All established IECG ratings are
      used as a starting rating") is a Starting Rating, provisional with no games; from 1.5, on
      more than ``transfer_prior_games`` games, "the opponents average for the provisional rating
      is calculated following IV.1": the old games enter §IV.1. The text gives no old opponents,
      so each old game is carried as a draw against an opponent rated the old rating — the one
      record of them whose §IV.1 result is the old rating itself. They count towards the 15 games
      of §IV.4 and the ten of §III.7, and show on the list as draws.
    - c) an old provisional rating is "left unchanged and stays provisional until 15 games are
      finished": carried the same way, all versions.
    - d) a Starting Rating (b) is replaced by an ICCF rating that is higher (strictly), "used as
      an established rating", with Pn = ``iccf_games`` (the games behind it, §VII.1; 0 when not
      known, which gives the largest k of §V.3).
    - e) (from 1.5) a ``class_m_winner`` (an old Class M tournament #001–#013 won before
      1 January 1997) not established by a) or d) is established at his old rating, Pn = his games.

    The player has no game in this ledger yet (``last_period`` is None); his games of the new
    scheme are rated from his first period on, as for any player.
    """
    state: PlayerState
    if old_established and params.transfer_keeps_established and old_games >= params.established_games:
        state = _established(old_rating, old_games)  # §IX.5.a
    elif old_established:
        prior = params.transfer_prior_games  # §IX.5.b
        state = _provisional(old_rating, old_games if prior is not None and old_games > prior else 0)
        if iccf_rating is not None and iccf_rating > old_rating:
            state = _established(iccf_rating, iccf_games)  # §IX.5.d
    else:
        state = _provisional(old_rating, old_games)  # §IX.5.c
    if class_m_winner and params.transfer_class_m and not state.established:
        state = _established(old_rating, old_games)  # §IX.5.e
    return state


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
    params: IecgParams, period: int, state: PlayerState | None, new: Callable[[str], PlayerState], who: str
) -> PlayerState:
    """Player ``who`` as the run of ``period`` sees him: as on the previous list (``state``), or new.

    §VIII.5: a player whose previous rated game is ``restart_periods`` or more
    periods back starts again from his registered starting rating.
    """
    if state is None:
        return new(who)
    if state.last_period is not None and period - state.last_period >= params.restart_periods:
        return new(who)
    return state


def settle(params: IecgParams, period: int, start: PlayerState, entries: Sequence[Entry]) -> PlayerState:
    """The player after the run of ``period``, from his games of the period."""
    points2 = [e[4] for e in entries]
    if start.established:
        # §V.3: k = r·p from Ro and Pn of the previous list.
        k = r_factor(start.rating) * p_factor(start.pn)
        return settle_games(params, period, start, points2, [game_change(k, start.rating, e[3], e[4]) for e in entries])
    return settle_games(params, period, start, points2, [e[3] for e in entries])


def game_change(k: float, rating: int, used: int, points2: int) -> float:
    """§V.1–V.2: one game's k·(W − We) for an established player rated ``rating`` on the previous
    list, W his score (``points2`` half points) and We = expected_score(rating, used), looked up by
    rating − used: the same value, without a call of its own."""
    return k * (points2 / 2.0 - _EXPECTED[rating - used])


def settle_games(
    params: IecgParams,
    period: int,
    start: PlayerState,
    points2: Sequence[int],
    per_game: Sequence[float] | Sequence[int],
) -> PlayerState:
    """:func:`settle` with the player's games of ``period`` given as two sequences in step: his score in
    each, in half points (:attr:`Entry.points2`), and for an established player each game's k·(W − We)
    (:func:`game_change`), for a provisional one the opponent rating used (:attr:`Entry.used`). A run
    settles every player of the period, so the sums are taken by built-ins and the new state is made
    without a call to its Python constructor."""
    rating, _ter, established, pn, before, wins, draws, _losses, opp_sum, total2, _last, starting = start
    n = len(points2)
    games = before + n
    wins += points2.count(2)
    draws += points2.count(1)
    losses = games - wins - draws
    if established:
        # §V.1–V.4: Rn = Ro + Σ k·(W − We), k = r·p from Ro and Pn of the previous list.
        rating = round_half_up(rating + math.fsum(per_game))
        return _state((rating, rating, True, pn + n, games, wins, draws, losses, 0, 0, period, starting))
    # §IV.1: the provisional rating over all rated games so far.
    opp_sum += sum(cast(Sequence[int], per_game))  # the opponent ratings used
    total2 += sum(points2)
    rp = round_half_up(provisional_rating(opp_sum, total2, games))
    if games >= params.established_games:
        # §IV.4: promotion at the end of a period, with Pn = his games.
        return _state((rp, rp, True, games, games, wins, draws, losses, 0, 0, period, starting))
    # §III.7: TER is the starting rating until ``ter_games`` games are finished; then (1.7) the
    # provisional rating, or (1.1–1.6) the Starting Rating as §VII.4 recalculates it.
    if games < params.ter_games:
        ter = starting
    elif params.starting_rating_f is None:
        ter = rp
    else:
        ter = recalculated_starting_rating(params, opp_sum, total2, games, starting)
    return _state((rp, ter, False, 0, games, wins, draws, losses, opp_sum, total2, period, starting))


def entries_of_period(
    params: IecgParams,
    period: int,
    previous: Mapping[str, PlayerState],
    games: Sequence[tuple[Any, ...]],
    new: Callable[[str], PlayerState],
) -> tuple[dict[str, PlayerState], dict[str, list[Entry]]]:
    """Each player of the period as the run sees him, and his games from his side.

    §VI.1: all ratings are taken from the previous list, so the order of the
    games does not matter; they are taken in game-id order all the same.
    """
    starts: dict[str, PlayerState] = {}
    entries: dict[str, list[Entry]] = {}
    get, used_against, entry = previous.get, opponent_rating_used, _entry
    for rated in sorted(games):  # a RatedGame, or a Game: (game, white, black, White's half points, …)
        game, white_id, black_id, white_points2 = rated[0], rated[1], rated[2], rated[3]
        white = starts.get(white_id)
        if white is None:
            white = starts[white_id] = start_of_period(params, period, get(white_id), new, white_id)
            entries[white_id] = []
        black = starts.get(black_id)
        if black is None:
            black = starts[black_id] = start_of_period(params, period, get(black_id), new, black_id)
            entries[black_id] = []
        white_ter, black_ter = white.ter, black.ter
        entries[white_id].append(
            entry((game, black_id, black_ter, used_against(params, white, black_ter), white_points2))
        )
        entries[black_id].append(
            entry((game, white_id, white_ter, used_against(params, black, white_ter), 2 - white_points2))
        )
    return starts, entries


def rate_period(
    params: IecgParams,
    period: int,
    previous: Mapping[str, PlayerState],
    games: Sequence[tuple[Any, ...]],
    new: Callable[[str], PlayerState],
) -> dict[str, PlayerState]:
    """The run at the end of ``period``: the new state of every player who played.

    ``previous`` is not changed; players without a game keep their state.

    The same run as :func:`settle` of each player's :func:`entries_of_period` (the players in
    the same order), in one pass over the games: a player's games are kept as the two sequences
    :func:`settle_games` takes, not as entries, and what the run needs of his start (§III.8's
    bounds, §V.3's k) is worked out once a player.
    """
    cutoff = params.cutoff
    get = previous.get
    expected = _EXPECTED
    seen: dict[str, _Player] = {}
    for rated in sorted(games):  # §VI.1: in game-id order all the same (a RatedGame, or a Game)
        white_id, black_id, white_points2 = rated[1], rated[2], rated[3]
        white = seen.get(white_id)
        if white is None:
            white = seen[white_id] = _player(params, period, get(white_id), new, white_id)
        black = seen.get(black_id)
        if black is None:
            black = seen[black_id] = _player(params, period, get(black_id), new, black_id)
        _, white_low, white_high, white_ter, white_rating, white_k, white_points2s, white_per_game = white
        _, black_low, black_high, black_ter, black_rating, black_k, black_points2s, black_per_game = black
        black_points2 = 2 - white_points2
        # opponent_rating_used, inlined: §II.3, the opponent's TER; §III.8, at most ``cutoff`` points
        # from the player's reference (no bounds where the clause is absent).
        white_used, black_used = black_ter, white_ter
        if cutoff is not None:
            if white_used > white_high:
                white_used = white_high
            elif white_used < white_low:
                white_used = white_low
            if black_used > black_high:
                black_used = black_high
            elif black_used < black_low:
                black_used = black_low
        # game_change, inlined (the same operations) for an established player; the rating used for a provisional one.
        white_per_game.append(
            white_used if white_k is None else white_k * (white_points2 / 2.0 - expected[white_rating - white_used])
        )
        black_per_game.append(
            black_used if black_k is None else black_k * (black_points2 / 2.0 - expected[black_rating - black_used])
        )
        white_points2s.append(white_points2)
        black_points2s.append(black_points2)
    return {
        who: settle_games(params, period, start, points2, per_game)
        for who, (start, _low, _high, _ter, _rating, _k, points2, per_game) in seen.items()
    }


_Player = tuple[PlayerState, int, int, int, int, float | None, list[int], list[float]]
"""A player as :func:`rate_period` keeps him in a period: see :func:`_player`."""


def _player(
    params: IecgParams, period: int, state: PlayerState | None, new: Callable[[str], PlayerState], who: str
) -> _Player:
    """A player as :func:`rate_period` first meets him in ``period``: his start (:func:`start_of_period`);
    §III.8's bounds around his reference (:func:`reference`; unused without a cut-off); his TER and his
    rating; §V.3's k = r·p if he is established (else None); and two empty lists for his games."""
    start = start_of_period(params, period, state, new, who)
    rating, ter, established = start.rating, start.ter, start.established
    ref = rating if established else ter
    cutoff = params.cutoff or 0
    k = r_factor(rating) * p_factor(start.pn) if established else None
    return start, ref - cutoff, ref + cutoff, ter, rating, k, [], []


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
