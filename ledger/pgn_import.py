"""What a PGN file gives the ledger: the plan of an import of its games' headers.

Pure, as :mod:`ledger.trf_import`: :func:`plan` takes the read games (:mod:`ledger.pgn`), what
the ledger holds (:class:`ledger.trf_import.Known`) and a mapping of PGN names to players, and
returns the events to register and the games to record; the application records them through the
same path as a tournament report.

Choices, where the PGN standard is silent:

- **Players** by their ``WhiteFideId``/``BlackFideId`` tags (the FIDE ids the ledger holds), else by
  the mapping file (PGN name → membership number); a name in neither is refused, listed by line.
- **Unfinished games** (``*``) are counted and skipped.
- **Events**: with ``--event E`` every game is E's (registered from the first game's headers when
  E is not registered yet); without it, games are grouped by (Event, Site, EventDate) and each
  group is an event whose id is its Event tag (with its Site when one Event name has several
  sites); a game without an Event tag needs ``--event``. A new event runs from its first game's date
  to its last; its type is ``match`` when its games are between the same two players, else ``swiss``;
  its mode and rate of play are its games' when all of them say the same.
- **Game ids**: the GameId tag, else event and round (and board); where that would give two games
  one id (a tournament's file without Board tags), ``<event>-R<round>-<white>-<black>``.
- **Dates**: a game's Date, else its EventDate, else ``--date`` (said); a game with none is refused.
- **Ids of events**: where one Event name has several sites or event dates, the Site and then the
  EventDate are added; two events that would still share an id are refused (give ``--event``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple

from ledger import pgn
from ledger.pgn import PgnGame
from ledger.trf_import import Known, PlannedGame, TrfImportError

EVENT_ID_MAXIMUM = 30
"""The longest event id taken from an Event tag (game ids add round, board or players to it)."""


class PgnPlan(NamedTuple):
    events: dict[str, dict[str, Any]]
    """The events to register, by id, with their facts (an event already registered is not here)."""
    games: list[PlannedGame]
    unfinished: list[int]
    """The lines of the unfinished games skipped."""
    notes: list[str]


def _player(game: PgnGame, side: str, known: Known, names: Mapping[str, str]) -> str | None:
    fide = game.white_fide_id if side == "white" else game.black_fide_id
    name = game.white if side == "white" else game.black
    if fide is not None and str(fide) in known.fide_ids:
        return known.fide_ids[str(fide)]
    return names.get(name)


def _event_ids(games: Sequence[PgnGame], event: str | None) -> list[str]:
    """Each game's event id: ``event``, else one per (Event, Site, EventDate), named by the Event tag, with the
    Site and then the EventDate where one Event name has several (cut to :data:`EVENT_ID_MAXIMUM` characters,
    the distinguishing part kept whole)."""
    if event is not None:
        return [event] * len(games)
    keys: dict[str, set[tuple[str, str, str | None]]] = {}
    for game in games:
        if game.event in pgn.UNKNOWN:
            raise TrfImportError(f"line {game.line}: the game has no Event tag: give the event with --event")
        keys.setdefault(game.event, set()).add(pgn.event_key(game))
    named: dict[tuple[str, str, str | None], tuple[str, int]] = {}
    ids = []
    for game in games:
        key = pgn.event_key(game)
        others = keys[game.event]
        suffix = ""
        if len(others) > 1:
            if len({site for _, site, _ in others}) > 1:
                suffix += f" {game.site}"
            if len({(site, day) for _, site, day in others if site == game.site}) > 1:
                suffix += f" {game.event_date or 'undated'}"
        name = (game.event[: max(EVENT_ID_MAXIMUM - len(suffix), 10)].strip() + suffix).strip()
        first = named.setdefault(key, (name, game.line))
        clash = next((line for k, (n, line) in named.items() if n == name and k != key), None)
        if clash is not None:
            raise TrfImportError(
                f"lines {clash} and {game.line}: two events would have the id {name!r}: give the event with --event"
            )
        ids.append(first[0])
    return ids


def _same(values: list[str | None]) -> str | None:
    found = set(values)
    return found.pop() if len(found) == 1 else None


def plan(
    games: Sequence[PgnGame],
    known: Known,
    names: Mapping[str, str],
    *,
    event: str | None = None,
    registered: Callable[[str], bool] = lambda _: False,
    date: str | None = None,
) -> PgnPlan:
    """The games of a PGN file as the ledger's facts; ``registered`` tells the events already registered;
    ``date`` is the date of the games whose Date and EventDate are both incomplete (said in a note)."""
    finished = [game for game in games if game.finished]
    unfinished = [game.line for game in games if not game.finished]
    missing: list[str] = []
    sides: list[tuple[str, str]] = []
    for game in finished:
        white, black = _player(game, "white", known, names), _player(game, "black", known, names)
        for who, found, fide in ((game.white, white, game.white_fide_id), (game.black, black, game.black_fide_id)):
            if found is None:
                missing.append(f"line {game.line} {who}" + (f" (FIDE id {fide})" if fide else ""))
        sides.append((white or "", black or ""))
    if missing:
        raise TrfImportError(
            f"{len(missing)} player(s) of the file are not registered, nor in the --players mapping: "
            + "; ".join(missing[:5])
            + (f"; and {len(missing) - 5} more" if len(missing) > 5 else "")
        )
    event_ids = _event_ids(finished, event)
    by_event: dict[str, list[int]] = {}
    for index, event_id in enumerate(event_ids):
        by_event.setdefault(event_id, []).append(index)
    planned: list[PlannedGame | None] = [None] * len(finished)
    events: dict[str, dict[str, Any]] = {}
    notes: list[str] = []
    for event_id, indexes in by_event.items():
        group = [finished[i] for i in indexes]
        days = []
        for game in group:
            day = game.date or game.event_date or date
            if day is None:
                raise TrfImportError(
                    f"line {game.line}: the game has no complete Date or EventDate (give one with --date)"
                )
            if not (game.date or game.event_date):
                notes.append(f"line {game.line}: no complete Date or EventDate: dated {date} (--date)")
            days.append(day)
        ids = [pgn.game_id(game, event_id) for game in group]
        if len(set(ids)) < len(ids):
            ids = [
                game.game_id or f"{event_id}-R{game.round}-{sides[i][0]}-{sides[i][1]}"
                for game, i in zip(group, indexes, strict=True)
            ]
            notes.append(f"event {event_id}: round and board do not tell its games apart: their ids name the players")
            counted: dict[str, int] = {}
            for k, game_id in enumerate(ids):  # the same pair twice in a round (a tie-break): numbered in file order
                counted[game_id] = counted.get(game_id, 0) + 1
                if counted[game_id] > 1 or ids.count(game_id) > 1:
                    ids[k] = f"{game_id}-{counted[game_id]}"
        for game, i, day, game_id in zip(group, indexes, days, ids, strict=True):
            planned[i] = PlannedGame(
                game_id,
                sides[i][0],
                sides[i][1],
                game.result,
                day,
                "none",
                False,
                0,
                (game.line, game.line),
                event_id,
                game.time_control,
                game.mode,
            )
        if registered(event_id):
            continue
        pairs = {frozenset(sides[i]) for i in indexes}
        first = group[0]
        events[event_id] = {
            "name": (first.event if first.event not in pgn.UNKNOWN else event_id),
            "type": "match" if len(pairs) == 1 else "swiss",
            "start": min(days),
            "end": max(days),
            "rate_of_play": _same([game.time_control for game in group]),
            "mode": _same([game.mode for game in group]),
            "rating_class": None,
            "rounds": None,
            "site": first.site if first.site not in pgn.UNKNOWN else None,
            "federation": None,
        }
    return PgnPlan(events, [game for game in planned if game is not None], unfinished, notes)
