"""The rating systems of issue 5 over the log: their runs, list rows and explanations from a view.

A system (:class:`projections.rules.common.System`) is pure: it rates a
period's :class:`~projections.rules.common.Game` values from the states
before it. This module gives it what the log knows in a view: the period's
rated games in (day, game) order (a withdrawal is never rated; an arbiter's
forfeit is where the system says so), and any player's registration and
latest prior rating of each system as :class:`~projections.rules.common.PlayerInfo`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from projections.facts import FactsView
from projections.rules.common import Explanation, PeriodRun, PlayerInfo, PriorValue, System, SystemParams

SYSTEM_LIST_HEAD = ("position", "player", "name", "country")
"""The keys every system's list row starts with; the system's own keys follow."""


def list_keys(system: System) -> tuple[str, ...]:
    """The keys of a list row of ``system``."""
    return SYSTEM_LIST_HEAD + system.keys


def player_info(view: FactsView) -> Callable[[str], PlayerInfo]:
    """Any player's registration and latest prior of each system, as known in ``view`` (memoised)."""
    known: dict[str, PlayerInfo] = {}
    players = view.players

    def info(player: str) -> PlayerInfo:
        found = known.get(player)
        if found is None:
            latest: dict[str, PriorValue] = {}
            for prior in sorted(view.priors(player), key=lambda p: (p.as_of, p.position)):  # known, not void
                latest[prior.system] = PriorValue(
                    prior.system,
                    prior.rating,
                    prior.games,
                    prior.status,
                    prior.deviation,
                    prior.volatility,
                    prior.as_of,
                )
            reg = players[player]
            found = PlayerInfo(
                player, reg.born, reg.starting_rating, reg.source, tuple(latest[s] for s in sorted(latest))
            )
            known[player] = found
        return found

    return info


def run_period(
    params: SystemParams, system: System, index: int, states: Mapping[str, Any], view: FactsView
) -> PeriodRun:
    """Rate period ``index`` of ``params`` from ``states`` (the list before it) over the games of ``view``."""
    games = view.games(params.periods.month_names(index), walkovers=system.walkovers)
    return system.run(params, index, states, games, player_info(view))


def rows(
    params: SystemParams,
    system: System,
    index: int,
    states: Mapping[str, Any],
    view: FactsView,
    inactive: Callable[[str], bool],
) -> list[dict[str, Any]]:
    """The rows of the list of period ``index``: every published player not marked inactive,
    by rating descending, then player id, numbered from 1."""
    info = player_info(view)
    listed: list[tuple[str, dict[str, Any]]] = []
    for player in sorted(states):
        if inactive(player):
            continue
        own = system.row(params, index, player, states[player], info(player))
        if own is not None:
            listed.append((player, own))
    listed.sort(key=lambda item: -item[1]["rating"])  # stable: ties stay in player order
    players = view.players
    result: list[dict[str, Any]] = []
    for position, (player, own) in enumerate(listed, start=1):
        reg = players[player]
        row: dict[str, Any] = {"position": position, "player": player, "name": reg.name, "country": reg.country}
        row.update((key, own[key]) for key in system.keys)
        result.append(row)
    return result


def explain(
    params: SystemParams, system: System, index: int, states: Mapping[str, Any], view: FactsView, player: str
) -> Explanation:
    """The player's part of the run of period ``index`` from ``states`` (the list before it).

    A player the run leaves as he was (he played no game of the system's list in the period) is
    explained as such: his row before the period is his row after it, carried over, with the
    system's reason as a note; one who was never rated up to the period is refused.
    """
    games = view.games(params.periods.month_names(index), walkovers=system.walkovers)
    info = player_info(view)
    try:
        return system.explain(params, index, states, games, info, player)
    except LookupError as error:
        if player not in states:
            raise LookupError(f"{error}; and {player} has no rating under {params.name} before it") from None
        reason = str(error.args[0]) if error.args else str(error)
    before = system.row(params, index - 1, player, states[player], info(player)) or {"status": "not published"}
    carried = tuple((key, before.get(key)) for key in system.keys)
    after_row = system.row(params, index, player, states[player], info(player)) or {"status": "not published"}
    after = tuple((key, after_row.get(key)) for key in system.keys)
    return Explanation(carried, (), (), (), after, (f"{reason}: carried over from the list before",))
