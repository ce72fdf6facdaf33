"""The Irish Chess Union's grading (``icu-1980``) over the log: its runs, its lists and its explanations.

The rules are :mod:`projections.rules.icu`; this module feeds them the facts
of a view: each period's graded games (walkovers, that is arbiter forfeits
and withdrawals, are not graded: ICU 1980, "Checking Gradings"), each
newcomer's state from his I.C.U. prior grading (or ungraded), and the grading
committee's adjustments taking effect in the period ("Feedback Points").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

from projections.facts import FactsView
from projections.rules.icu import (
    UNGRADED,
    IcuAdjustment,
    IcuGame,
    IcuParams,
    IcuRun,
    IcuState,
    apply_adjustments,
    grade_period,
    published,
    round_half_up,
    state_from_prior,
)

ICU_LIST_KEYS = ("position", "player", "name", "country", "rating", "published", "status", "games")
"""The keys of an ``icu-1980`` list row: ``rating`` the grading, ``published`` as the list prints it
(``835/6`` for a provisional grading on six games)."""


class IcuPeriod(NamedTuple):
    """One grading run as the projection made it: the run, the players it changed, the adjustments applied."""

    run: IcuRun
    changed: dict[str, IcuState]
    adjusted: dict[str, tuple[str, ...]]


def newcomer(view: FactsView) -> Callable[[str], IcuState]:
    """A player's state before his first run: his I.C.U. prior grading (latest as-of), or ungraded."""

    def new(player: str) -> IcuState:
        prior = view.prior(player, "icu")
        if prior is None or prior.status == "ungraded":
            return UNGRADED
        games = prior.games or 0
        # A grading given without its games, or as "established" (another system's word), is a full
        # grading; a provisional one needs its games (the ledger refuses it without them).
        status = "provisional" if prior.status == "provisional" and games >= 1 else "graded"
        return state_from_prior(round_half_up(prior.rating), games, status)

    return new


def run_period(params: IcuParams, index: int, states: Mapping[str, IcuState], view: FactsView) -> IcuPeriod:
    """Grade period ``index`` from ``states`` (the list before it), then apply its adjustments."""
    months = params.periods.month_names(index)
    games = [IcuGame(*game) for game in view.rated_games(months, walkovers=False)]
    run = grade_period(params, index, states, games, newcomer(view))
    changed = dict(run.states)
    decided = view.adjustments(params.name, months)
    if not decided:
        return IcuPeriod(run, changed, {})
    current = {**states, **changed}
    new = newcomer(view)
    for adjustment in decided:  # feedback points for a player not yet graded here, who arrived with a grading
        if adjustment.player is not None and adjustment.player not in current:
            arrived = new(adjustment.player)
            if arrived.grade is not None:
                current[adjustment.player] = arrived
    # An adjustment of a player with no grading at all adjusts nothing: there is nothing to feed back to.
    usable = [
        IcuAdjustment(a.player, a.points, a.reason)
        for a in decided
        if a.player is None or (a.player in current and current[a.player].grade is not None)
    ]
    adjusted, lines = apply_adjustments(current, usable)
    changed.update(adjusted)
    return IcuPeriod(run, changed, lines)


def icu_rows(
    params: IcuParams,
    states: Mapping[str, IcuState],
    players: Mapping[str, Any],
    inactive: Callable[[str], bool],
) -> list[dict[str, Any]]:
    """The rows of an ``icu-1980`` list: every player with a published grading ("Playing Unrated
    Players": a provisional grading needs five games), not marked inactive, by grading descending,
    then player id."""
    listed = [
        (player, state)
        for player, state in states.items()
        if state.grade is not None and published(state, params) is not None and not inactive(player)
    ]
    listed.sort(key=lambda item: (-(item[1].grade or 0), item[0]))
    return [
        {
            "position": position,
            "player": player,
            "name": players[player].name,
            "country": players[player].country,
            "rating": state.grade,
            "published": published(state, params),
            "status": state.status,
            "games": state.games,
        }
        for position, (player, state) in enumerate(listed, start=1)
    ]


def unanchored_text(groups: tuple[tuple[str, ...], ...]) -> str:
    """The groups a run could not grade, named."""
    return "; ".join(", ".join(group) for group in groups)
