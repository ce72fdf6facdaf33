"""The rating systems over the log: their runs, list rows and explanations from a view.

A system (:class:`projections.rules.common.System`) is pure: it rates a
period's :class:`~projections.rules.common.Game` values from the states
before it. This module gives it what the log knows in a view: the period's
rated games in (day, game) order (a withdrawal is never rated; an arbiter's
forfeit is where the system says so), and any player's registration and
latest prior rating of each system as :class:`~projections.rules.common.PlayerInfo`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, cast

from projections.collector import paused
from projections.facts import FactsView
from projections.rules.common import (
    DEFAULT_HEAD,
    Adjustment,
    Begin,
    Begun,
    Game,
    PeriodRun,
    PlayerInfo,
    PriorValue,
    System,
    SystemParams,
    Working,
    same_call_same_answer,
)
from projections.rules.explanation import TABLE, Explanation, Statement, from_system

RANKED_HEAD = ("position", "class_position", "player", "name", "country")
"""The head of a list ranked within a value (the IECG's, by class): its rows are made in this order at once."""


def list_keys(system: System) -> tuple[str, ...]:
    """The keys of a list row of ``system``: its head (the position, the player…), then its own keys."""
    return system.head + system.keys


def history_keys(system: System) -> tuple[str, ...]:
    """The columns of ``history``: the period, then the system's figures."""
    return ("period", *(system.keys if system.history_keys is None else system.history_keys))


def history_rows(
    params: SystemParams, system: System, player: str, found: Sequence[tuple[str, Any]], info: PlayerInfo
) -> list[dict[str, Any]]:
    """The rows of ``history``: the player's figures after each run in ``found`` (period label, state)."""
    rows: list[dict[str, Any]] = []
    for label, state in found:
        index = params.periods.index(label)
        if system.history is not None:
            shown = system.history(params, index, player, state, info)
            assert shown is not None
        else:
            row = system.row(params, index, player, state, info)
            shown = {key: None for key in system.keys} if row is None else dict(row)
            if row is None:
                shown["status"] = "not published"
        rows.append({"period": label, **shown})
    return rows


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
                player,
                reg.born,
                reg.starting_rating,
                reg.source,
                tuple(latest[s] for s in sorted(latest)),
                reg.rated_games,
            )
            known[player] = found
        return found

    return info


Lists = Callable[[int], Mapping[str, Any]]
"""``lists(i)``: every player's state after the run of period ``i`` (the list in force during period ``i + 1``),
as the caller knows the log; what a system that rates events from the lists at their starts reads."""


def begun(
    params: SystemParams, system: System, index: int, games: Sequence[Game], view: FactsView, lists: Lists | None
) -> Begun:
    """For a system that rates each event from the list in force at its start (:attr:`System.begun`): the
    earlier periods in which the events of ``games`` began, each with its list and the games it rated."""
    first = params.periods.month_names(index)[0]
    starts = {
        g.event.start for g in games if g.event is not None and g.event.start[:7] < first and g.day >= g.event.start
    }
    earlier = sorted({params.periods.index_of_day(start) for start in starts})
    if not earlier:
        return {}
    if lists is None:
        raise ValueError(f"period {index} of {params.name} rates events begun earlier: the run needs their lists")
    found: dict[int, Begin] = {}
    for at in earlier:
        states = lists(at - 1)
        played = period_games(params, system, at, view)
        if system.select is not None:
            played = list(system.select(params, at, states, played, player_info(view))[0])
        found[at] = Begin(states, played)
    return found


def run_period(
    params: SystemParams,
    system: System,
    index: int,
    states: Mapping[str, Any],
    view: FactsView,
    only: Callable[[Sequence[Game], Callable[[str], PlayerInfo]], set[str]] | None = None,
    lists: Lists | None = None,
) -> PeriodRun:
    """Rate period ``index`` of ``params`` from ``states`` (the list before it) over the games of ``view``,
    then apply the rating body's adjustments taking effect in it (for a system that has them).

    ``only`` re-rates part of the period: given the period's games and the players' information, it
    says whom to rate (:meth:`System.reach` of the players new facts reach); the run then takes only
    their games, and its ``changed`` and ``unrated`` are right for them alone. ``lists`` gives the lists of
    earlier periods, which a system that rates events from the lists at their starts reads (:func:`begun`).
    """
    games = period_games(params, system, index, view)
    info = player_info(view)
    if system.select is not None:  # the games the system's rules rate
        games = list(system.select(params, index, states, games, info)[0])
    if only is not None:
        chosen = only(games, info)
        games = [g for g in games if g.white in chosen or g.black in chosen]
    if system.begun is not None:
        done = system.begun(params, index, states, games, info, begun(params, system, index, games, view, lists))
    else:
        done = system.run(params, index, states, games, info)
    if system.adjust is None:
        return done
    decided = view.adjustments(params.name, params.periods.month_names(index))
    if not decided:
        return done
    adjustments = [Adjustment(a.player, a.points, a.reason) for a in decided]
    adjusted, _lines = system.adjust(params, index, {**states, **done.changed}, adjustments, info)
    return done._replace(changed={**done.changed, **adjusted})


def rows(
    params: SystemParams,
    system: System,
    index: int,
    states: Mapping[str, Any],
    view: FactsView,
    inactive: Callable[[str], bool],
) -> list[dict[str, Any]]:
    """The rows of the list of period ``index``: every published player not marked inactive, by rating
    descending, then player id, numbered from 1 (and within the value of ``ranked_within``, if any)."""
    # A system whose rows do not read the player's information is given None for it (row_info).
    row = system.row
    with paused():
        listed: list[tuple[str, dict[str, Any]]] = []
        if system.row_info:
            info = player_info(view)
            for player, state in sorted(states.items()):
                if not inactive(player):
                    own = row(params, index, player, state, info(player))
                    if own is not None:
                        listed.append((player, own))
        else:
            for player, state in sorted(states.items()):
                if not inactive(player):
                    own = row(params, index, player, state, cast(PlayerInfo, None))
                    if own is not None:
                        listed.append((player, own))
        listed.sort(key=lambda item: -item[1]["rating"])  # stable: ties stay in player order
        players = view.players
        within = system.ranked_within
        counted: dict[Any, int] = {}
        head, keys = system.head, system.keys
        plain = within is None and head == DEFAULT_HEAD
        result: list[dict[str, Any]] = []
        append = result.append
        ranked = within is not None and head == RANKED_HEAD  # the IECG's: its head made as it is laid out
        rank_by = within or ""
        for position, (player, own) in enumerate(listed, start=1):
            reg = players[player]
            if ranked:
                counted[own[rank_by]] = rank = counted.get(own[rank_by], 0) + 1
                full = {
                    "position": position,
                    "class_position": rank,
                    "player": player,
                    "name": reg.name,
                    "country": reg.country,
                }
                if len(own) == len(keys):
                    full.update(own)
                else:
                    full.update((key, own[key]) for key in keys)
                append(full)
                continue
            full = {"position": position, "player": player, "name": reg.name, "country": reg.country}
            if not plain:
                if within is not None:
                    counted[own[within]] = full["class_position"] = counted.get(own[within], 0) + 1
                full = {key: full[key] for key in head}
            if len(own) == len(keys):  # the row's own keys, in order (rows_to_list checks the order)
                full.update(own)
            else:
                full.update((key, own[key]) for key in keys)
            append(full)
    return result


def _index_by_player(
    games: Sequence[Game], left_out: Sequence[tuple[Game, Statement]]
) -> tuple[dict[str, list[Game]], dict[str, list[tuple[Game, Statement]]]]:
    """Each player's games and games left out of one selection, in their order."""
    by_player: dict[str, list[Game]] = {}
    for game in games:
        by_player.setdefault(game.white, []).append(game)
        if game.black != game.white:
            by_player.setdefault(game.black, []).append(game)
    left: dict[str, list[tuple[Game, Statement]]] = {}
    for game, why in left_out:
        left.setdefault(game.white, []).append((game, why))
        if game.black != game.white:
            left.setdefault(game.black, []).append((game, why))
    return by_player, left


_shared_info = same_call_same_answer(player_info)
_shared_index = same_call_same_answer(_index_by_player)
"""For the explanations of many players of one period (``selection`` given, ``ratings site``): the view's
player information and the selection's index by player, made once for them all."""


def explain(
    params: SystemParams,
    system: System,
    index: int,
    states: Mapping[str, Any],
    view: FactsView,
    player: str,
    selection: tuple[Sequence[Game], Sequence[tuple[Game, Statement]]] | None = None,
    lists: Lists | None = None,
) -> Explanation:
    """The player's part of the run of period ``index`` from ``states`` (the list before it), with the rating
    body's adjustments for a system that has them.

    A player the run leaves as he was (he played no game of the system's list in the period) is
    explained as such: his row before the period is his row after it, carried over, with the
    system's reason as a note; one who was never rated up to the period is refused. ``selection``: the
    period's :func:`selected` games, when the caller explains many players of one period (``ratings site``).
    """
    months = params.periods.month_names(index)
    games, left_out = selected(params, system, index, states, view) if selection is None else selection
    info = player_info(view) if selection is None else _shared_info(view)
    by_player, left = _index_by_player(games, left_out) if selection is None else _shared_index(games, left_out)
    own_games, own_left = list(by_player.get(player, ())), list(left.get(player, ()))
    # The IECG rates each player from his start, his games and his opponents' starts (§VI.1): one player's
    # explanation needs his games only (so it is fast); many players of one period share the period's.
    rated = own_games if selection is None and system.own_games else games
    try:
        if system.adjust is not None:
            adjustments = [Adjustment(a.player, a.points, a.reason) for a in view.adjustments(params.name, months)]
            found: Explanation = system.explain(params, index, states, rated, info, player, adjustments)
        elif system.begun is not None:
            found = system.explain(
                params, index, states, rated, info, player, begun=begun(params, system, index, rated, view, lists)
            )
        else:
            found = system.explain(params, index, states, rated, info, player)
        return with_events(found, own_games, own_left)
    except LookupError as error:
        if player not in states:
            tail = f"; and {player} has no rating under {params.name} before it"
            raise NotExplainedError(str(error), tuple((g.game, why) for g, why in own_left), tail) from None
        reason = str(error.args[0]) if error.args else str(error)
    before = system.row(params, index - 1, player, states[player], info(player)) or {"status": "not published"}
    carried = tuple((key, before.get(key)) for key in system.keys)
    after_row = system.row(params, index, player, states[player], info(player)) or {"status": "not published"}
    after = tuple((key, after_row.get(key)) for key in system.keys)
    note = f"{reason}: carried over from the list before"
    kept = Working(carried, (), (), (), after, (note,))
    return with_events(from_system(kept, params.name, params.periods.label(index), player), [], own_left)


def period_games(params: SystemParams, system: System, index: int, view: FactsView) -> list[Game]:
    """The games period ``index`` rates, in (day, game) order: those of its months; for a system that rates an
    event whole (:attr:`System.by_event`), less the games of events ending later or whose end is not recorded,
    plus the games of earlier months of the events ending in it (an event's games lie within its dates, so only
    the months from its start are looked at; a game before its event's start stays in its own period)."""
    months = params.periods.month_names(index)
    games = view.games(months, walkovers=system.walkovers)
    if not system.by_event or not view.events:
        return games
    # An event whose end is not recorded is rated when it is: its games wait (choice 13 of FIDE).
    games = [g for g in games if g.event is None or g.event.end is not None or g.day < g.event.start]
    wanted = set(months)
    first = min(months)
    ending = [e for e in view.events.values() if e.end is not None and e.end[:7] in wanted and e.start[:7] < first]
    kept = [g for g in games if g.event is None or g.placed()[:7] in wanted]
    if ending:
        ids = {e.event for e in ending}
        earlier = sorted({m for e in ending for m in month_range(e.start[:7], first) if m not in wanted})
        kept.extend(
            g
            for g in view.games(earlier, walkovers=system.walkovers)
            if g.event is not None and g.event.event in ids and g.placed()[:7] in wanted
        )
        kept.sort(key=lambda g: (g.day, g.game))
    return kept


def month_range(first: str, stop: str) -> list[str]:
    """The months from ``first`` up to, not including, ``stop`` (``YYYY-MM``).

    >>> month_range("2023-11", "2024-02")
    ['2023-11', '2023-12', '2024-01']
    """
    year, month = int(first[:4]), int(first[5:7])
    found: list[str] = []
    while f"{year:04d}-{month:02d}" < stop:
        found.append(f"{year:04d}-{month:02d}")
        year, month = (year + 1, 1) if month == 12 else (year, month + 1)
    return found


def selected(
    params: SystemParams, system: System, index: int, states: Mapping[str, Any], view: FactsView
) -> tuple[Sequence[Game], Sequence[tuple[Game, Statement]]]:
    """The games of period ``index`` the system rates, and those its rules leave out with the clause's key."""
    games = period_games(params, system, index, view)
    if system.select is None:
        return games, ()
    return system.select(params, index, states, games, player_info(view))


def with_events(found: Explanation, games: Sequence[Game], left_out: Sequence[tuple[Game, Statement]]) -> Explanation:
    """The explanation with the events of the player's games named, and his games the rules left out, each
    with its clause: statements under the table of games (at the end when there is none)."""
    said: list[Statement] = []
    events: dict[str, list[str]] = {}
    for game in games:
        if game.event is not None:
            events.setdefault(game.event.event, []).append(game.game)
    for event, ids in events.items():
        said.append(Statement("event_games", (("event", event), ("games", ", ".join(ids)))))
    for game, why in left_out:
        named = None if game.event is None else game.event.event
        said.append(Statement("left_out", (("game", game.game), ("event", named), ("reason", why))))
    if not said:
        return found
    statements = found.statements
    at = statements.index(TABLE) + 1 if TABLE in statements else len(statements)  # under the games' table
    return found._replace(statements=(*statements[:at], *said, *statements[at:]))


class NotExplainedError(LookupError):
    """A player the run cannot explain and who had no rating before it; with the games the system left out of
    his period, each with why (a :class:`Statement`, put in words by the command line: :meth:`said`)."""

    def __init__(self, message: str, left_out: tuple[tuple[str, Statement], ...], tail: str) -> None:
        super().__init__(message + tail if not left_out else f"{message} (games left out){tail}")
        self.message, self.left_out, self.tail = message, left_out, tail

    def said(self, say: Callable[[Statement], str]) -> str:
        """The whole message, each game left out and why in ``say``'s words."""
        if not self.left_out:
            return self.message + self.tail
        left = "; ".join(f"{game} left out: {say(why)}" for game, why in self.left_out)
        return f"{self.message} ({left}){self.tail}"
