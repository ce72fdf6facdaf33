"""The ECF grading (:mod:`~projections.rules.ecf_grading.formulas`) as a :class:`~projections.rules.common.System`.

The arithmetic of a period is :class:`~projections.rules.ecf_grading.formulas.PeriodWork`; this module gives
it the interface every system has: the run of a period, the reach of new facts, the notes of a run, a list
row, and which games a list takes. "Choice N" is the numbered choice of the formulas module's docstring.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from projections.rules import selection as admission
from projections.rules.common import Game, Groups, Info, PeriodRun, PlayerInfo, Selected, follow
from projections.rules.ecf_grading.formulas import (
    SEED,
    EcfGradingParams,
    EcfState,
    PeriodWork,
    as_state,
    game_list,
    newcomer,
)
from projections.rules.periods import DatedPeriodScheme


def list_words(params: EcfGradingParams) -> str:
    """The list graded, as the run's notes and errors name it."""
    return "standard-play" if params.category == "standard" else "rapidplay"


def run(
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
    work = PeriodWork(params, index, states, games, info)
    changed: dict[str, EcfState] = {}
    for who in sorted(work.played):
        if who in work.sides:
            changed[who] = work.calc(who).after
        else:
            changed[who] = as_state(states[who]) if who in states else newcomer(params, info(who))
    return PeriodRun(changed, tuple(sorted(work.unanchored)))


def notes(params: EcfGradingParams, index: int, unrated: Groups) -> tuple[str, ...]:
    """The groups a run could not grade, in words."""
    return tuple(
        f"{params.name} {params.periods.label(index)}: players {', '.join(group)} met only each other on the "
        f"{list_words(params)} list, with no graded opponent and no earlier games, and stay ungraded "
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
    """Ungraded players are estimated together, and their estimates are their opponents' grades (seed 004:
    "If the opponent is ungraded, their Grade is estimated"; choice 9); every other grade a run reads is a
    start (choice 3). So a change reaches, from an ungraded player, every opponent of his (who reads his
    estimate, or is estimated with him), and from a graded one nobody: his new grade is read by no one
    before the next period, so not every player joined to him through games with an ungraded player is
    reached. Rated with the reached go, over all their games, the ungraded opponents whose estimates they
    read and whoever those are estimated with (as far as that goes), so that the estimates are the whole
    run's. ``reached`` holds every player whose games or start changed and their opponents."""
    ungraded_of: dict[str, bool] = {}

    def ungraded(player: str) -> bool:
        found = ungraded_of.get(player)
        if found is None:
            state = states.get(player)
            start = as_state(state) if state is not None else newcomer(params, info(player))
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
    state = as_state(state)
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


def select(
    params: EcfGradingParams, _index: int, _states: Mapping[str, Any], games: Sequence[Game], _info: Info
) -> Selected:
    """Over-the-board games only (seed 003: online games do not affect OTB grades); a game of the other list,
    or faster than rapidplay (choice 2), is named as left off this list, but still given to the run, which
    counts it as played elsewhere (a player whose games were all elsewhere keeps his grade in the period)."""
    board = admission.over_the_board("ecf_grading.left.mode")
    by_list = functools.partial(game_list, params)
    keys = ("ecf_grading.left.other_list", "ecf_grading.on_list", "ecf_grading.too_fast")
    return admission.by_category(params, games, board, by_list, keys)
