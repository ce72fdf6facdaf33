"""The IECG's rules (every version, and the timeline) as a :class:`~projections.rules.common.System`.

The arithmetic is :mod:`projections.rules.iecg.formulas`; this module gives it the
interface every system has: a period's run from the list before it, a list
row, a newcomer's state from what the ledger knows of him.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, cast

from projections.rules.common import Game, Info, PeriodRun
from projections.rules.iecg.formulas import (
    IecgParams,
    IecgTimeline,
    PlayerState,
    initial_state,
    is_listed,
    rate_period,
    rating_class,
    transfer_state,
)
from projections.rules.rounding import round_half_up

KEYS = ("rating", "ter", "class", "status", "games", "wins", "draws", "losses")
"""The IECG's own columns of a list row (foundation issue §3); the list puts the position, the position
in the class (IECG Rules 5.1a §D.2.4a), the player, his name and country before them."""

HEAD = ("position", "class_position", "player", "name", "country")


def newcomer(params: IecgParams, info: Info) -> Callable[[str], PlayerState]:
    """A player's state before his first rated game under ``params``.

    From his registration (IECG §VII); or, for a player who brings a rating of
    the IECG's old scheme (a prior rating of system ``iecg``), as §IX.5 of the
    version transfers it, an ICCF prior rating that is higher replacing a
    starting rating (§IX.5.d).
    """

    def new(player: str) -> PlayerState:
        known = info(player)
        old = known.prior("iecg")
        if old is not None:
            iccf = known.prior("iccf")
            return transfer_state(
                params,
                round_half_up(old.rating),
                old.games or 0,
                old.status == "established",
                None if iccf is None else round_half_up(iccf.rating),
                iccf_games=0 if iccf is None else iccf.games or 0,
            )
        return initial_state(known.starting_rating, known.source, known.rated_games)

    return new


def run(
    params: IecgParams | IecgTimeline, index: int, states: Mapping[str, Any], games: Sequence[Game], info: Info
) -> PeriodRun:
    """The run of period ``index`` under the version that rates it (§II.2–3)."""
    version = params.for_period(index)
    return PeriodRun(rate_period(version, index, states, games, newcomer(version, info)))


def row(
    params: IecgParams | IecgTimeline, index: int, _player: str, state: PlayerState, _info: Any
) -> dict[str, Any] | None:
    """§III.3, §VIII.5: the player's row, if he is listed."""
    if not is_listed(params.for_period(index), index, state):
        return None
    return {
        "rating": state.rating,
        "ter": state.ter,
        "class": rating_class(state.ter),
        "status": "established" if state.established else "provisional",
        "games": state.games,
        "wins": state.wins,
        "draws": state.draws,
        "losses": state.losses,
    }


def history(
    _params: IecgParams | IecgTimeline, _index: int, _player: str, state: PlayerState, _info: Any
) -> dict[str, Any]:
    """The player's figures after a run, listed or not."""
    status = "established" if state.established else "provisional"
    return {"rating": state.rating, "ter": state.ter, "status": status, "games": state.games}


def start(
    params: IecgParams | IecgTimeline, index: int, states: Mapping[str, Any], info: Info, player: str
) -> PlayerState:
    """The player's state on the list before period ``index``, or his newcomer's state under its version."""
    found = states.get(player)
    return cast(PlayerState, found) if found is not None else newcomer(params.for_period(index), info)(player)


make: Callable[[Iterable[Any]], PlayerState] = PlayerState._make
"""A state from its fields (the named tuple's own ``_make``: :func:`projections.cache.decode_states` builds
states of a whole column at C speed when ``make`` is one)."""


def entry_rating(
    params: IecgParams | IecgTimeline, previous: int, state: PlayerState | None, info: Info, player: str
) -> tuple[int, bool]:
    """His TER for entry (§III.6–7) from his state on the list of period ``previous`` (-1: before the first),
    and whether that list publishes him (§III.3); a player never rated has his newcomer's TER (§VII)."""
    version = params.for_period(max(previous, 0))
    if state is None:
        return newcomer(version, info)(player).ter, False
    return state.ter, is_listed(version, previous, state)
