"""The Irish Chess Union's grading (``icu-1980``) as a :class:`~projections.rules.common.System`.

The arithmetic is :mod:`projections.rules.icu.formulas`; this module gives it the
interface every system has: a newcomer's state from his I.C.U. prior grading,
the run of a period, the grading committee's adjustments, a list row.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from projections.rules.common import Adjustment, Game, Groups, Info, PeriodRun, RatedGame, follow
from projections.rules.icu.formulas import (
    UNGRADED,
    IcuAdjusted,
    IcuAdjustment,
    IcuParams,
    IcuState,
    apply_adjustments,
    grade_period,
    group_of,
    published,
    state_from_prior,
)
from projections.rules.rounding import round_half_up

KEYS = ("rating", "published", "status", "games")
"""``rating`` the grading, ``published`` as the list prints it (``835/6`` for a provisional grading on six games)."""


def newcomer(info: Info) -> Callable[[str], IcuState]:
    """A player's state before his first run: his I.C.U. prior grading (latest as-of), or ungraded."""

    def new(player: str) -> IcuState:
        prior = info(player).prior("icu")
        if prior is None or prior.status == "ungraded":
            return UNGRADED
        games = prior.games or 0
        # A grading given without its games, or as "established" (another system's word), is a full
        # grading; a provisional one needs its games (the ledger refuses it without them).
        status = "provisional" if prior.status == "provisional" and games >= 1 else "graded"
        return state_from_prior(round_half_up(prior.rating), games, status)

    return new


def icu_games(games: Sequence[Game]) -> list[RatedGame]:
    """The games as the grading run takes them (walkovers are never passed: ``walkovers=False``)."""
    return [RatedGame(g.game, g.white, g.black, g.white_points2) for g in games]


def run(params: IcuParams, index: int, states: Mapping[str, Any], games: Sequence[Game], info: Info) -> PeriodRun:
    """ICU 1980, "Order of Grading": the run of period ``index`` (a calendar year)."""
    graded = grade_period(params, index, states, icu_games(games), newcomer(info))
    return PeriodRun(dict(graded.states), graded.unanchored)


def adjust(
    _params: IcuParams, _index: int, states: Mapping[str, Any], adjustments: Sequence[Adjustment], info: Info
) -> tuple[dict[str, Any], dict[str, tuple[IcuAdjusted, ...]]]:
    """ICU 1980, "Feedback Points": the committee's adjustments, on ``states`` (everyone after the run).

    Feedback points reach a player not yet graded here who arrived with a grading; an adjustment of
    a player with no grading at all adjusts nothing: there is nothing to feed back to.
    """
    current = dict(states)
    new = newcomer(info)
    for adjustment in adjustments:
        if adjustment.player is not None and adjustment.player not in current:
            arrived = new(adjustment.player)
            if arrived.grade is not None:
                current[adjustment.player] = arrived
    usable = [
        IcuAdjustment(a.player, a.points, a.reason)
        for a in adjustments
        if a.player is None or (a.player in current and current[a.player].grade is not None)
    ]
    return apply_adjustments(current, usable)


def row(params: IcuParams, _index: int, _player: str, state: IcuState, _info: Any) -> dict[str, Any] | None:
    """ "Playing Unrated Players": a provisional grading is published from five games."""
    shown = published(state, params) if state.grade is not None else None
    if shown is None:
        return None
    return {"rating": state.grade, "published": shown, "status": state.status, "games": state.games}


def history(params: IcuParams, _index: int, _player: str, state: IcuState, _info: Any) -> dict[str, Any]:
    """The player's grading after a run, published or not (``-``)."""
    return {
        "grade": state.grade,
        "published": published(state, params) or "-",
        "status": state.status,
        "games": state.games,
    }


def notes(_params: IcuParams, _index: int, unrated: Groups) -> tuple[str, ...]:
    """The groups of ungraded players the run could not grade, named (ICU 1980, Playing Unrated Players)."""
    if not unrated:
        return ()
    return (
        "not graded: no graded opponent, directly or through other ungraded players "
        f"(ICU 1980, Playing Unrated Players): {'; '.join(', '.join(group) for group in unrated)}",
    )


def reach(
    params: IcuParams, _index: int, states: Mapping[str, Any], games: Sequence[Game], info: Info, reached: set[str]
) -> set[str]:
    """ICU 1980, "Order of Grading": "the newly-calculated gradings of prior groups are used", and the
    ungraded are graded together. A new grading is carried one way only: from a player of an earlier
    group to his opponent of a later one (who uses it; the earlier player uses his opponent's old
    grading, which a change of the later player's new one leaves as it was), and both ways between two
    ungraded players (solved together); a game within one of groups 2–5 uses old gradings only. So the
    reached are ``reached`` and every player a chain of such games leads to from them, each game
    followed from its earlier group to its later one (not every player the games connect),
    and, to be rated with them, every player whose new grading they use, as far back as it goes.
    ``reached`` holds every player whose games or start changed and their opponents, whose old gradings
    and groups are what changed for the others."""
    new = newcomer(info)
    groups: dict[str, int] = {}

    def group(player: str) -> int:
        found = groups.get(player)
        if found is None:
            state = states.get(player)
            found = groups[player] = group_of(params, state if state is not None else new(player))
        return found

    onward: dict[str, list[str]] = {}  # a player → the players who use his new grading
    back: dict[str, list[str]] = {}  # a player → the players whose new gradings he uses
    for game in games:
        white, black = group(game.white), group(game.black)
        if white < black or (white == black == 1):
            onward.setdefault(game.white, []).append(game.black)
            back.setdefault(game.black, []).append(game.white)
        if black < white or (white == black == 1):
            onward.setdefault(game.black, []).append(game.white)
            back.setdefault(game.white, []).append(game.black)
    # Whom the change reaches; then, rated with them over all their games, whose new gradings they use
    # (unchanged, but made by the run from all of their games again, as in the whole run).
    return follow(back, follow(onward, set(reached)))


make: Callable[[Iterable[Any]], IcuState] = IcuState._make
"""A state from its fields (the named tuple's own ``_make``: :func:`projections.cache.decode_states` builds
states of a whole column at C speed when ``make`` is one)."""
