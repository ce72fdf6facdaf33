"""The ECF online ratings (:mod:`~projections.rules.ecf_online.formulas`) as a
:class:`~projections.rules.common.System`: the run of a month, a list row, and which games a rating takes.

Each player is rated from his own start, his games and his opponents' starts (seed 003, "Rating Algorithm":
"Roriginal is the starting rating"), so the reach of new facts is local. "Choice N" is the numbered choice
of the formulas module's docstring.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from projections.rules import selection as admission
from projections.rules.common import Game, Info, PeriodRun, PlayerInfo, Selected
from projections.rules.ecf_online.formulas import EcfOnlineParams, EcfOnlineState, category_of, published, rate_month

KEYS = ("rating", "status", "games", "category", "k", "seed", "period_games")
"""The columns of a row: the published rating, ``rated`` (choice 6), the games it rests on, the category, k,
the prior it was seeded from (choice 5), and the games of the month."""


def run(
    params: EcfOnlineParams,
    index: int,
    states: Mapping[str, Any],
    games: Sequence[Game],
    info: Callable[[str], PlayerInfo],
) -> PeriodRun:
    """Rate the month's games of the category: Rnew = Rstart + Σ k·(W − We), every We from the start-of-month
    ratings (seed 003, "Rating Algorithm": "Roriginal is the starting rating"), kept exact (choice 3)."""
    month = rate_month(params, states, games, info)
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


def select(
    params: EcfOnlineParams, _index: int, _states: Mapping[str, Any], games: Sequence[Game], _info: Info
) -> Selected:
    """Online games only (seed 003: "based on internet club/team games and registered online events only"); a
    game of another category ("Time Controls") is named as left off this rating but still given to the run,
    which counts it as played elsewhere, as before events."""
    online = admission.online_only("ecf_online.left.mode")
    keys = ("ecf_online.left.other_list", "ecf_online.on_list", "ecf_online.too_fast")
    return admission.by_category(params, games, online, category_of, keys)
