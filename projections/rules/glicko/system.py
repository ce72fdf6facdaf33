"""Glicko and Glicko-2 as :class:`~projections.rules.common.System` functions: a period's run, a list row.

The arithmetic is :mod:`projections.rules.glicko.formulas` (its docstring holds
the sources and the choices cited here by number); this module gives it the
interface every system has: a state from its stored fields, the run of a
period, a list row.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from projections.rules.common import Game, PeriodRun, PlayerInfo
from projections.rules.glicko.formulas import (
    Glicko2Params,
    Glicko2State,
    GlickoParams,
    GlickoState,
    glicko2_grown_rd,
    glicko2_starts,
    glicko2_update,
    glicko_g,
    glicko_grown_rd,
    glicko_starts,
    glicko_update,
    published,
    scaled_starts,
    sides_of,
)

GLICKO_KEYS = ("rating", "deviation", "status", "games")
"""The keys of a ``glicko`` row, in order."""

GLICKO2_KEYS = ("rating", "deviation", "volatility", "status", "games")
"""The keys of a ``glicko2`` row, in order."""


def make_glicko_state(fields: Iterable[Any]) -> GlickoState:
    """A ``glicko`` state from the JSON list of its fields."""
    rating, rd, games, last = fields
    return GlickoState(float(rating), float(rd), int(games), int(last))


def make_glicko2_state(fields: Iterable[Any]) -> Glicko2State:
    """A ``glicko2`` state from the JSON list of its fields."""
    rating, rd, volatility, games, last = fields
    return Glicko2State(float(rating), float(rd), float(volatility), int(games), int(last))


def make_state(fields: Iterable[Any]) -> GlickoState | Glicko2State:
    """A state of either system from the JSON list of its fields: four for ``glicko``, five for ``glicko2``."""
    values = list(fields)
    return make_glicko_state(values) if len(values) == 4 else make_glicko2_state(values)


def run_glicko(
    params: GlickoParams,
    index: int,
    states: Mapping[str, GlickoState],
    games: Sequence[Game],
    info: Callable[[str], PlayerInfo],
) -> PeriodRun:
    """Rate period ``index``: every player who played, from the values at the start of the period."""
    sides = sides_of(games)
    starts = glicko_starts(params, index, states, sides, info)
    g_of = {who: glicko_g(start.rd) for who, start in starts.items()}
    changed: dict[str, GlickoState] = {}
    for who in sorted(sides):
        own = sides[who]
        start = starts[who]
        update = glicko_update(
            params, start.rating, start.rd, [(starts[s.opponent].rating, g_of[s.opponent], s.score) for s in own]
        )
        changed[who] = GlickoState(update.rating, update.rd, start.games + len(own), index)
    return PeriodRun(changed=changed)


def row_glicko(params: GlickoParams, index: int, player: str, state: GlickoState, info: PlayerInfo) -> dict[str, Any]:
    """The player's row on the list of period ``index``: his RD grown to that period (choice 4)."""
    rd = glicko_grown_rd(params, state.rd, max(0, index - state.last))
    rating, shown, status = published(params, state.rating, rd)
    return {"rating": rating, "deviation": shown, "status": status, "games": state.games}


def run_glicko2(
    params: Glicko2Params,
    index: int,
    states: Mapping[str, Glicko2State],
    games: Sequence[Game],
    info: Callable[[str], PlayerInfo],
) -> PeriodRun:
    """Rate period ``index``: every player who played, from the values at the start of the period."""
    sides = sides_of(games)
    starts = glicko2_starts(params, index, states, sides, info)
    scaled = scaled_starts(params, starts)
    label = params.periods.label(index)
    changed: dict[str, Glicko2State] = {}
    for who in sorted(sides):
        own = sides[who]
        start = starts[who]
        opponents = [(*scaled[s.opponent], s.score) for s in own]
        update = glicko2_update(params, start, opponents, who, label)
        changed[who] = Glicko2State(update.rating, update.rd, update.volatility, start.games + len(own), index)
    return PeriodRun(changed=changed)


def row_glicko2(
    params: Glicko2Params, index: int, player: str, state: Glicko2State, info: PlayerInfo
) -> dict[str, Any]:
    """The player's row on the list of period ``index``: his RD grown to that period (choice 4)."""
    rd = glicko2_grown_rd(params, state.rd, state.volatility, max(0, index - state.last))
    rating, shown, status = published(params, state.rating, rd)
    return {
        "rating": rating,
        "deviation": shown,
        "volatility": round(state.volatility, 6),
        "status": status,
        "games": state.games,
    }
