"""The log's facts, folded into what a replay needs, grouped by calendar month.

A replay of a rating period needs the games rated in its months; a list needs
the registrations and the inactivity markers. :class:`Facts` holds exactly
that, is filled from log records by :meth:`Facts.fold`, and reports the
earliest month a batch of records can change, so that cached periods from
that month on are recomputed and the ones before it are kept.

Nothing is folded away: a game's recording stays as recorded, and its
corrections, voids, restorations and adjudication (its *amendments*) are kept
beside it, each with the date it was reported. :meth:`Facts.view` then gives
the facts as known at any date: only facts reported on or
before it count — results, adjudications, corrections, voids, registrations
and markers alike — and amendments apply in log order.

How a game is rated (IECG §VIII):
- a void game does not count (until it is restored);
- an adjudicated game counts with the adjudicated result in the month of the
  decision (§VIII.3), whatever its forfeit kind;
- otherwise an arbiter forfeit counts as a normal game (§VIII.1) and a
  withdrawal forfeit does not count (§VIII.2);
- a game counts as known only once it and both its players' registrations
  are reported.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterable, Mapping, Sequence, Set
from dataclasses import dataclass, field
from itertools import chain, repeat
from operator import itemgetter
from typing import TYPE_CHECKING, Any, Final, NamedTuple, cast

from ledger.decoding import facts as decode_facts
from ledger.decoding import game_pattern
from ledger.fields import PLAYER, PRIOR, REPORTED_ON
from ledger.store import LogRecord
from ledger.values import ID_MAXIMUM, WHITE_POINTS2, Registration
from projections import withheld
from projections.rules.common import EventInfo, Game, RatedGame
from projections.withheld import Withheld


def game_row(state: bytes) -> GameRow:
    """The :class:`GameRow` of a ``GameRecorded`` state: read by :func:`ledger.decoding.game_pattern` if it
    matches (the current version, no escaped text), else by :func:`ledger.decoding.facts` (upcast)."""
    match = game_pattern().match(state.decode("utf-8", "surrogatepass"))
    if match is not None:
        game, white, black, result, finished, tournament, time_control, _, event, mode, forfeit, reported = (
            match.groups()
        )
        return GameRow(
            game,
            white,
            black,
            result,
            finished,
            forfeit,
            reported,
            tournament or "",
            time_control or "",
            event or "",
            mode or "",
        )
    s = decode_facts("GameRecorded", state)
    return GameRow(
        s["game"],
        s["white"],
        s["black"],
        s["result"],
        s["finished"],
        s["forfeit"],
        s["reported_on"],
        s.get("tournament") or "",
        s.get("time_control") or "",
        s.get("event") or "",
        s.get("mode") or "",
    )


_GAME, _WHITE, _BLACK, _REPORTED = itemgetter(0), itemgetter(1), itemgetter(2), itemgetter(6)
"""A :class:`GameRow`'s game id, White, Black and reported date, read at C speed over whole months."""


_DAY_GAME = itemgetter(4, 0)
"""A :class:`Game`'s day, then its id: the order a period's games are rated in."""

_POSITION = itemgetter(0)
"""A positioned fact's log position."""

EVERYONE = ""
"""In :attr:`Facts.touched`: new facts touch every player (a global adjustment); no player id is empty."""


class GameRow(NamedTuple):
    """A game as recorded, kept in the month of its finished date."""

    game: str
    white: str
    black: str
    result: str
    finished: str
    forfeit: str
    reported: str
    tournament: str
    """The game's tournament, "" when not recorded."""
    time_control: str
    """The game's PGN time control, "" when not recorded."""
    event: str
    """The registered event the game names, "" when none."""
    mode: str
    """The game's own mode (``otb``, ``email``, ``online``), "" when it says none."""


class Amendment(NamedTuple):
    """A later event about a recorded game: ``corrected``, ``voided``, ``restored`` or ``adjudicated``.

    ``changes`` are (fact, value) pairs: the corrected facts, or for an
    adjudication its ``result`` and decision date ``on``.
    """

    position: int
    game: str
    kind: str
    reported: str
    changes: tuple[tuple[str, str | None], ...]


class PlayerCorrection(NamedTuple):
    """Corrected registration facts of a player, reported on ``reported``."""

    position: int
    player: str
    reported: str
    changes: tuple[tuple[str, Any], ...]


class Prior(NamedTuple):
    """A rating a player brought from another system (``PriorRatingRecorded``)."""

    position: int
    player: str
    system: str
    rating: float
    games: int | None
    status: str | None
    deviation: float | None
    volatility: float | None
    as_of: str
    reported: str


_PRIOR_STORED: Final = tuple(name for name in PRIOR.names if name != "source")
"""The stored fields of a ``PriorRatingRecorded`` a :class:`Prior` holds after its position, in order (the
declared ones, :data:`ledger.fields.PRIOR`, less the source; ``reported_on`` as ``reported``)."""

_REGISTERED: Final = tuple(name for name in PLAYER.names if name != REPORTED_ON)
"""The stored fields of a ``PlayerRegistered`` a :class:`~ledger.values.Registration` holds, in order (the
declared ones, :data:`ledger.fields.PLAYER`, less the reported date)."""


class Adjustment(NamedTuple):
    """A grading committee's adjustment (``RatingAdjusted``): ``player`` None for every player."""

    position: int
    system: str
    player: str | None
    points: int
    on: str
    reason: str
    reported: str


class Marker(NamedTuple):
    """An inactivity marker (``inactive`` False for a reactivation)."""

    position: int
    on: str
    inactive: bool
    reported: str


class EventFact(NamedTuple):
    """A fact about a registered event: ``registered`` (``changes`` every fact), ``corrected``
    (the corrected facts), ``voided`` or ``restored`` (no changes), reported on ``reported``."""

    position: int
    event: str
    kind: str
    reported: str
    changes: tuple[tuple[str, Any], ...]


EVENT_KINDS = {
    "TournamentRegistered": "registered",
    "TournamentCorrected": "corrected",
    "TournamentVoided": "voided",
    "TournamentRestored": "restored",
}
"""The events about a registered event, and the kind of :class:`EventFact` each is."""

_EVENT_INFO_FIELDS = EventInfo._fields[1:]


def event_infos(facts: Iterable[EventFact]) -> tuple[dict[str, EventInfo], set[str]]:
    """The events as ``facts`` (in log order) leave them, and the ids of the void ones (not in the first)."""
    state: dict[str, dict[str, Any]] = {}
    void: set[str] = set()
    for fact in facts:
        if fact.kind == "registered":
            state[fact.event] = dict(fact.changes)
        elif fact.kind == "voided":  # even of an event whose registration is withheld: its games do not count
            void.add(fact.event)
        elif fact.kind == "restored":
            void.discard(fact.event)
        elif fact.event in state:  # a correction (of an event whose registration this view knows)
            state[fact.event].update(fact.changes)
    infos = {event: event_info(event, facts_) for event, facts_ in state.items() if event not in void}
    return infos, void


def event_info(event: str, facts: Mapping[str, Any]) -> EventInfo:
    """The :class:`EventInfo` of an event's facts as registered and corrected (a list of facts, the deputy
    arbiters and the round dates, as a tuple: an EventInfo is a frozen value)."""
    return EventInfo._make(
        (event, *(tuple(v) if isinstance(v := facts.get(f), list) else v for f in _EVENT_INFO_FIELDS))
    )


class Merge(NamedTuple):
    """A merge of a duplicate registration into another, or its undoing."""

    position: int
    player: str
    into: str
    reported: str
    merged: bool
    """True: ``PlayerMerged``; False: ``PlayerUnmerged``."""


MERGE_KINDS = ("PlayerMerged", "PlayerUnmerged")


class Undo(NamedTuple):
    """A later event that undoes a fact, or undoes that undoing.

    ``kind``: ``player voided`` or ``player restored`` (``player`` the player,
    ``target`` 0); ``prior voided`` (``target`` the log position of the voided
    prior); ``adjustment voided`` (``target`` the log position of the voided
    adjustment, ``player`` its player or None).
    """

    position: int
    kind: str
    player: str | None
    target: int
    reported: str


UNDO_KINDS = {
    "PlayerVoided": "player voided",
    "PlayerRestored": "player restored",
    "PriorRatingVoided": "prior voided",
    "AdjustmentVoided": "adjustment voided",
}
"""The events that undo a fact, and the kind of :class:`Undo` each is."""


AMENDMENT_KINDS = {
    "GameCorrected": "corrected",
    "GameVoided": "voided",
    "GameRestored": "restored",
    "GameAdjudicated": "adjudicated",
}
"""The events that amend a recorded game, and the kind of amendment each is."""


def month_of(day: str) -> str:
    """``YYYY-MM`` of an ISO date."""
    return day[:7]


RATED_FROM: Final = {
    "game": "game",
    "white": "white",
    "black": "black",
    "white_points2": "result",
    "day": "finished",
    "tournament": "tournament",
    "time_control": "time_control",
    "mode": "mode",
    "event": "event",
    "forfeit": "forfeit",
}
"""Each field of the rules' :class:`~projections.rules.common.Game` and the declared field of a game
(:data:`ledger.fields.GAME`) it is made from (:meth:`GameVersion.game`, :meth:`FactsView.games`): White's half
points from the result (or an adjudication's), the day from the finished date (or the decision's), the event's
facts from its id, the forfeit only when an arbiter's."""


class GameVersion(NamedTuple):
    """A game as it stands after some of its amendments."""

    row: GameRow
    voided: bool
    adjudication: tuple[str, str] | None
    """The adjudicated result and decision date, if adjudicated."""

    def rated(self, walkovers: bool = True) -> tuple[str, RatedGame] | None:
        """The month the game is rated in and the game as rated, or None if it does not count.

        ``walkovers`` False: an arbiter's forfeit does not count either (ICU 1980, "walkovers are not graded").
        """
        row = self.row
        if self.voided:
            return None
        if self.adjudication is not None:  # §VIII.3: rated in the month of the decision
            result, on = self.adjudication
            return month_of(on), RatedGame(row.game, row.white, row.black, WHITE_POINTS2[result])
        if row.forfeit == "withdrawal" or (row.forfeit == "arbiter" and not walkovers):
            return None  # IECG §VIII.2: withdrawals are not rated
        return month_of(row.finished), RatedGame(row.game, row.white, row.black, WHITE_POINTS2[row.result])

    def game(
        self, walkovers: bool = True, events: Mapping[str, EventInfo] | None = None, void_events: Set[str] = frozenset()
    ) -> Game | None:
        """The game as the systems rate it (with its day, tournament, time control, mode and event), or None
        (a game of a void event does not count)."""
        rated = self.rated(walkovers)
        if rated is None:
            return None
        row = self.row
        if row.event in void_events:
            return None
        info = None if not row.event or events is None else events.get(row.event)
        day = row.finished if self.adjudication is None else self.adjudication[1]
        return Game(
            rated[1].game,
            row.white,
            row.black,
            rated[1].white_points2,
            day,
            row.tournament or None,
            row.time_control or (info.rate_of_play if info else None) or None,
            row.mode or (info.mode if info else None) or None,
            info,
            "arbiter" if row.forfeit == "arbiter" and self.adjudication is None else "",
        )


def version_problem(
    original: GameRow, amendments: Sequence[Amendment], correction: Amendment
) -> tuple[str, list[str]] | None:
    """Why some view that knows ``correction`` would see the game as no reader can take it: a
    forfeit with a drawn result (IECG §VIII.3), or a player against himself; and the facts a later correction
    must state to neutralise it. None if no view would.

    A view knows the amendments reported by its date, applied in log order: one that knows the correction
    knows the earlier ones reported by then, so each date from the correction's on is checked.
    """
    days = sorted({correction.reported, *(a.reported for a in amendments if a.reported > correction.reported)})
    for day in days:
        row = game_version(original, [*(a for a in amendments if a.reported <= day), correction]).row
        if row.forfeit != "none" and row.result == "1/2-1/2":
            shown = "" if day == days[-1] else f" as known on {day}"
            problem = f"the game would be a drawn forfeit{shown}: a forfeit is a win for one player (IECG §VIII.3)"
            return problem, ["result", "forfeit"]
        if row.white == row.black:
            shown = "" if day == days[-1] else f" as known on {day}"
            return f"player {row.white!r} would play against himself{shown}", ["white", "black"]
    return None


def game_version(original: GameRow, amendments: Iterable[Amendment]) -> GameVersion:
    """The game after ``amendments``, in log order."""
    row, voided, adjudication = original, False, None
    for amendment in amendments:
        if amendment.kind == "corrected":
            row = row._replace(**cast(dict[str, str], dict(amendment.changes)))
        elif amendment.kind == "voided":
            voided = True
        elif amendment.kind == "restored":
            voided = False
        else:
            changes = dict(amendment.changes)
            adjudication = (str(changes["result"]), str(changes["on"]))
    return GameVersion(row, voided, adjudication)


def touched_months(original: GameRow, amendments: Iterable[Amendment]) -> set[str]:
    """Every month some version of the game can be rated in: its recorded and corrected dates, its decision."""
    months = {month_of(original.finished)}
    for amendment in amendments:
        for key, value in amendment.changes:
            if key in ("finished", "on") and value:
                months.add(month_of(value))
    return months


def amendments_changes(amendments: Iterable[Amendment]) -> Iterable[tuple[str, str | None]]:
    """Every (fact, value) pair the amendments state."""
    for amendment in amendments:
        yield from amendment.changes


def named_players(original: GameRow, amendments: Iterable[Amendment]) -> set[str]:
    """Every player some version of the game names."""
    named = {original.white, original.black}
    for amendment in amendments:
        named.update(str(v) for k, v in amendment.changes if k in ("white", "black"))
    return named


FETCHED = 32
"""Players whose rows :attr:`Facts.fetch` reads one at a time before the whole group is loaded."""

LAZY: dict[str, str] = {
    "registrations": "players",
    "registered_on": "players",
    "players": "players",
    "player_corrections": "players",
    "amendments": "amendments",
    "amended": "amendments",
    "priors": "priors",
    "markers": "markers",
}
"""The attributes of :class:`Facts` a cache loads only when a query reads them, and the group each is loaded
with (the tables of a million games' registrations, priors and amendments are a warm list's largest reads)."""


@dataclass
class Facts:
    """The folded facts of a log, up to :attr:`position`."""

    position: int = 0
    registrations: dict[str, Registration] = field(default_factory=dict)
    """Each player as registered."""
    registered_on: dict[str, str] = field(default_factory=dict)
    """The date each registration was reported."""
    player_corrections: dict[str, list[PlayerCorrection]] = field(default_factory=dict)
    players: dict[str, Registration] = field(default_factory=dict)
    """Each player as registered and corrected: the registrations as known now."""
    months: dict[str, list[GameRow]] = field(default_factory=dict)
    amendments: dict[str, list[Amendment]] = field(default_factory=dict)
    """The amendments of each amended game, in log order."""
    amended: dict[str, GameRow] = field(default_factory=dict)
    """The recorded row of each amended game."""
    markers: dict[str, list[Marker]] = field(default_factory=dict)
    priors: dict[str, list[Prior]] = field(default_factory=dict)
    """Each player's prior ratings, in log order."""
    adjustments: list[Adjustment] = field(default_factory=list)
    """The grading committees' adjustments, in log order."""
    undos: list[Undo] = field(default_factory=list)
    """The voids and restorations of players, and the voids of priors and adjustments, in log order."""
    event_facts: list[EventFact] = field(default_factory=list)
    """The registrations, corrections, voids and restorations of events, in log order."""
    merges: list[Merge] = field(default_factory=list)
    """The merges of duplicate registrations and their undoings, in log order."""
    marks: dict[str, str] = field(default_factory=dict)
    """Per month, the latest reported date of its recorded games and of their players' registrations
    (:meth:`mark_months`): the known-at views of a date on or after it agree on that month's rows."""
    stored_months: set[str] = field(default_factory=set)
    """Months with games held by a cache and not yet loaded into :attr:`months`."""
    load_month: Callable[[str], list[GameRow]] | None = None
    """Where months not yet in :attr:`months` come from (a cache), if anywhere."""
    find_game: Callable[[str], GameRow | None] | None = None
    """Where a game amended after its recording was folded is looked up."""
    changed_months: set[str] = field(default_factory=set)
    touched: set[str] = field(default_factory=set)
    """The players whose games, registration or priors the records folded into a cached state changed
    (not tracked while folding into an empty one): a replay of a period re-rates them and whoever
    their changes reach, and keeps the superseded run for everyone else (:meth:`Projector.states`)."""
    new_players: list[tuple[Registration, str]] = field(default_factory=list)
    new_player_corrections: list[PlayerCorrection] = field(default_factory=list)
    new_amendments: list[Amendment] = field(default_factory=list)
    new_amended: list[GameRow] = field(default_factory=list)
    new_markers: list[tuple[str, Marker]] = field(default_factory=list)
    new_priors: list[Prior] = field(default_factory=list)
    new_adjustments: list[Adjustment] = field(default_factory=list)
    new_undos: list[Undo] = field(default_factory=list)
    new_event_facts: list[EventFact] = field(default_factory=list)
    new_merges: list[Merge] = field(default_factory=list)
    withheld: dict[int, Withheld] = field(default_factory=dict)
    """The stored facts not folded because a replay cannot use them, by log position
    (:mod:`projections.withheld`); the open ones are :attr:`unusable`."""
    withheld_players: set[str] = field(default_factory=set)
    """The players whose registration is withheld: their games are folded but rated by no view."""
    withheld_games: set[str] = field(default_factory=set)
    """The games whose recording is withheld: their amendments are not folded either."""
    withheld_changed: bool = False
    """Whether :attr:`withheld` changed since the cache last stored it."""
    released: dict[str, GameRow] = field(default_factory=dict)
    """The games a correction released from being withheld in this process, as corrected:
    what a later amendment amends (:attr:`find_game` finds them in the log as the fold took them)."""
    texts: dict[str, str] = field(default_factory=dict, repr=False, compare=False)
    """One string object per distinct player id, date and result text of the folded games, shared by
    every row: a million games name twenty thousand players, and lookups of a shared key never
    compare characters."""
    loader: Callable[[Facts, str], None] | None = field(default=None, repr=False, compare=False)
    """Where the groups of facts a cache holds and has not loaded yet come from (:data:`LAZY`): called with
    the group's name the first time one of its attributes is read (a query loads only what it
    reads). None: every attribute is set."""
    fetch: Callable[[Facts, str, str], list[Any]] | None = field(default=None, repr=False, compare=False)
    """With :attr:`loader`: one player's rows of a group not loaded yet (``fetch(facts, "priors", player)``),
    read alone; a query of one player (``history``, ``explain``) reads his, not every player's."""
    fetched: dict[tuple[str, str], list[Any]] = field(default_factory=dict, repr=False, compare=False)
    """What :attr:`fetch` read, by group and player."""
    bound: tuple[int, bytes | None] | None = field(default=None, repr=False, compare=False)
    """The position and chain hash of the cache these facts were loaded from or last stored in (None: not
    a cache's): :attr:`loader` reads a group only from a file that still holds them."""
    amended_months: dict[str, list[str]] | None = field(default=None, repr=False, compare=False)
    """:meth:`amended_index` as made, until an amendment is folded."""
    span: tuple[str | None, str | None] | None = field(default=None, repr=False, compare=False)
    """:meth:`first_month` and :meth:`last_month` as a cache stored them with the facts it folded (None:
    computed from the facts); :attr:`span_months` holds the months the fold added to them since."""
    span_months: set[str] = field(default_factory=set, repr=False, compare=False)
    """The months amendments and adjustments folded since :attr:`span` can be rated in (the months of new
    games are :attr:`changed_months`)."""

    if not TYPE_CHECKING:

        def __getattr__(self, name: str) -> Any:
            # Only called for an attribute not set: a group of facts the cache has not loaded yet.
            group = LAZY.get(name)
            loader = self.__dict__.get("loader")
            if group is None or loader is None:
                raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
            loader(self, group)
            return self.__dict__[name]

    def priors_of(self, player: str) -> Sequence[Prior]:
        """The player's prior ratings, in log order: :attr:`priors`' entry, or his rows alone (:attr:`fetch`)
        while the group is not loaded."""
        if "priors" in self.__dict__ or self.fetch is None or len(self.fetched) >= FETCHED:
            return self.priors.get(player, ())  # (many players asked for: every player's at once)
        key = ("priors", player)
        found = self.fetched.get(key)
        if found is None:
            found = self.fetched[key] = self.fetch(self, "priors", player)
        return cast(list[Prior], found)

    def unloaded(self) -> set[str]:
        """The groups of :data:`LAZY` not loaded yet."""
        return {group for name, group in LAZY.items() if name not in self.__dict__}

    @property
    def unusable(self) -> dict[int, str]:
        """The withheld facts no later fact has neutralised: log position → a one-line description naming
        the event, its subject, the problem and the command that neutralises it."""
        return {position: w.text for position, w in sorted(self.withheld.items()) if w.open}

    def registered_or_withheld(self, player: str) -> bool:
        """Whether ``player`` was registered (his registration folded, or withheld)."""
        return player in self.registrations or player in self.withheld_players

    def release(self, player: str, facts: dict[str, Any], reported: str) -> None:
        """Register a player whose withheld registration a correction made valid, as known from ``reported``."""
        reg = Registration(*(facts[f] for f in Registration._fields))
        self.registrations[player] = self.players[player] = reg
        self.registered_on[player] = reported
        self.new_players.append((reg, reported))

    def release_game(self, fields: tuple[Any, ...], track: bool) -> str:
        """Fold a game whose withheld recording a correction made usable, as corrected; its month."""
        row = GameRow._make(fields)
        month = month_of(row.finished)
        self.month(month).append(row)
        self.changed_months.add(month)
        self.released[row.game] = row
        if track:
            self.touched.update((row.white, row.black))
        return month

    def month(self, month: str) -> list[GameRow]:
        """The games finished in ``month`` as recorded, in log order."""
        if month not in self.months:
            self.months[month] = self.load_month(month) if self.load_month else []
        return self.months[month]

    def fold(self, records: Iterable[LogRecord]) -> str | None:
        """Fold log records in; return the earliest month they can change, if any.

        Each kind of fact has its step: games in the loop itself (:meth:`_fold_records`, nine records in
        ten), every other kind by its step of :data:`_STEPS`, after :func:`projections.withheld.withhold` has
        looked at the kinds it checks. :attr:`position` is the last record's a step was given, even when a
        step raises.
        """
        rest = iter(records)
        opening = next(rest, None)
        if opening is None:  # nothing new: no group of facts a cache has not loaded is read
            return None
        run = _Fold(self)
        try:
            self._fold_records(run, chain((opening,), rest))
            if run.reaching:  # one scan for all of them: the earliest month with a game of any
                first = self.first_month_of(run.reaching, before=run.earliest)
                if first is not None:
                    run.touch(first)
        finally:
            if run.position is not None:
                self.position = run.position
        return run.earliest

    def _fold_records(self, run: _Fold, records: Iterable[LogRecord]) -> None:
        """Fold each record: a game here, any other by its kind's step (:meth:`_fold_fact`).

        The hot loop of a cold replay, nine records in ten a game: everything it reads is a local, and a game
        costs one match of :func:`ledger.decoding.game_pattern` (whose groups are
        :data:`ledger.decoding.GAME_GROUPS`), its checks, and one tuple. A game a replay cannot use is withheld
        (:meth:`_withhold_game`).
        """
        earliest, pending = run.earliest, run.pending
        # What a game reads, made once a fold (:class:`_Fold`).
        (months, changed, game_match, shared, track, touched, points, registrations, held, days_ok, texts_ok,
         controls_ok, forfeits, modes, valid_id) = run.games  # fmt: skip
        new = tuple.__new__  # a named tuple without its Python-level __new__: a third of the cost
        last_month = ""  # the month of the last game folded, and its list of games
        games: list[GameRow] = []
        position: int | None = None
        try:
            for position, kind, state in records:
                if kind != "GameRecorded":
                    run.earliest, run.position = earliest, position
                    self._fold_fact(run, position, kind, state)
                    earliest, pending = run.earliest, run.pending
                    continue
                match = game_match(state.decode("utf-8", "surrogatepass"))
                if match is not None:
                    (
                        game,
                        white,
                        black,
                        result,
                        finished,
                        tournament,
                        time_control,
                        _,
                        event,
                        mode,
                        forfeit,
                        reported,
                    ) = match.groups()
                else:
                    try:
                        (
                            game,
                            white,
                            black,
                            result,
                            finished,
                            forfeit,
                            reported,
                            tournament,
                            time_control,
                            event,
                            mode,
                        ) = withheld.readable_row(game_row(state))
                    except (ValueError, KeyError, TypeError, AttributeError) as error:
                        withheld.keep(self, position, kind, "", f"the stored event cannot be read ({error})")
                        continue
                tournament = tournament or ""
                time_control = time_control or ""
                event = event or ""
                mode = mode or ""
                if (  # the checks of withheld.row_problem, fast: a game failing one is withheld
                    result not in points
                    or forfeit not in forfeits
                    or not days_ok[finished]
                    or not days_ok[reported]
                    or finished > reported
                    or white == black
                    or (result == "1/2-1/2" and forfeit != "none")  # IECG §VIII.3: a forfeit is a win
                    or not (white in registrations or white in held)
                    or not (black in registrations or black in held)
                    or not 0 < len(game) <= ID_MAXIMUM  # withheld.valid_game_id, inlined
                    or not game.isprintable()
                    or game != game.strip()
                    or not texts_ok[tournament]
                    or not controls_ok[time_control]
                    or (event and not valid_id(event))
                    or mode not in modes
                ):
                    self._withhold_game(
                        position,
                        (
                            game,
                            white,
                            black,
                            result,
                            finished,
                            forfeit,
                            reported,
                            tournament,
                            time_control,
                            event,
                            mode,
                        ),
                    )
                    continue
                row = new(
                    GameRow,
                    (
                        game,
                        shared(white, white),
                        shared(black, black),
                        shared(result, result),
                        shared(finished, finished),
                        shared(forfeit, forfeit),
                        shared(reported, reported),
                        tournament and shared(tournament, tournament),  # "" is one object already
                        time_control and shared(time_control, time_control),
                        event and shared(event, event),
                        mode and shared(mode, mode),
                    ),
                )
                month = finished[:7]
                if month != last_month:  # games come mostly in date order: a month's list is kept at hand
                    held_games = months.get(month)
                    games = held_games if held_games is not None else self.month(month)
                    changed.add(month)
                    if earliest is None or month < earliest:
                        earliest = month
                    last_month = month
                games.append(row)
                if track:
                    touched.add(white)
                    touched.add(black)
                if pending is not None:
                    pending[game] = row
        finally:
            run.earliest = earliest
            run.position = position

    def _withhold_game(self, position: int, fields: tuple[str, ...]) -> None:
        """Withhold a recorded game a replay cannot use (its :class:`GameRow` fields), naming why."""
        withheld.keep_game(self, position, fields, withheld.game_problem(fields, self.registered_or_withheld))

    def _fold_fact(self, run: _Fold, position: int, kind: str, state: bytes) -> None:
        """Fold one record that is not a game: its kind's step of :data:`_STEPS`, unless
        :func:`projections.withheld.withhold` withholds it (:attr:`unusable` says why) or consumes it as a
        neutralising event. A kind with no step (a publication, a pairing...) is not folded."""
        if kind in withheld.CHECKED and withheld.withhold(self, position, kind, state, run.touch, run.track):
            return
        step = _STEPS.get(kind)
        if step is not None:
            step(self, run, position, kind, state)

    def _fold_amendment(self, run: _Fold, position: int, kind: str, state: bytes) -> None:
        """A correction, void, restoration or adjudication of a recorded game: kept beside it, in log order."""
        s = decode_facts(kind, state)
        pending = run.pending
        if pending is None:
            # Games by id: made at the first amendment, from every game loaded so far (a game of an earlier
            # batch reads the same from a cached month as from the log), then kept up by _fold_records.
            pending = run.pending = {}
            for rows in self.months.values():
                pending.update(zip(map(_GAME, rows), rows, strict=True))
        original = self.amended.get(s["game"]) or pending.get(s["game"]) or self.released.get(s["game"])
        if original is None and self.find_game is not None:
            original = self.find_game(s["game"])
        if original is None:
            raise LookupError(f"amended game {s['game']!r} is not in the log")
        amendment = Amendment(position, original.game, AMENDMENT_KINDS[kind], s["reported_on"], _changes(s))
        if kind == "GameCorrected":  # no view may see a drawn forfeit (IECG §VIII.3), or a self-play
            seen = version_problem(original, self.amendments.get(original.game, ()), amendment)
            if seen is not None:
                withheld.keep(self, position, kind, original.game, seen[0], json.dumps(seen[1]), seen[1])
                return
        if original.game not in self.amended:
            self.amended[original.game] = original
            self.new_amended.append(original)
        self.amendments.setdefault(original.game, []).append(amendment)
        self.new_amendments.append(amendment)
        self.amended_months = None
        self.touched.update(named_players(original, self.amendments[original.game]))
        for month in touched_months(original, self.amendments[original.game]):
            run.touch(month)
            self.span_months.add(month)

    def _fold_registration(self, run: _Fold, position: int, kind: str, state: bytes) -> None:
        """A player's registration (IECG §VII)."""
        s = decode_facts(kind, state)
        reg = Registration._make([s[f] for f in _REGISTERED])
        self.texts.setdefault(reg.player, reg.player)
        self.registrations[reg.player] = self.players[reg.player] = reg
        self.registered_on[reg.player] = s["reported_on"]
        self.new_players.append((reg, s["reported_on"]))

    def _fold_player_correction(self, run: _Fold, position: int, kind: str, state: bytes) -> None:
        """Corrected registration facts: his games are re-rated from the first."""
        s = decode_facts(kind, state)
        correction = PlayerCorrection(position, s["player"], s["reported_on"], tuple(s["changes"].items()))
        self.player_corrections.setdefault(correction.player, []).append(correction)
        self.new_player_corrections.append(correction)
        self.players[correction.player] = self.players[correction.player]._replace(**s["changes"])
        self.touched.add(correction.player)
        run.reaching.add(correction.player)

    def _fold_prior(self, run: _Fold, position: int, kind: str, state: bytes) -> None:
        """A rating brought from another system: his games are re-rated from the first."""
        s = decode_facts(kind, state)
        prior = Prior._make([position, *(s[f] for f in _PRIOR_STORED)])
        self.priors.setdefault(prior.player, []).append(prior)
        self.new_priors.append(prior)
        self.touched.add(prior.player)
        run.reaching.add(prior.player)

    def _fold_adjustment(self, run: _Fold, position: int, kind: str, state: bytes) -> None:
        """A grading committee's adjustment (ICU 1980, "Feedback Points"): it changes the month it takes effect in."""
        s = decode_facts(kind, state)
        adjustment = Adjustment(position, s["system"], s["player"], s["points"], s["on"], s["reason"], s["reported_on"])
        self.adjustments.append(adjustment)
        self.new_adjustments.append(adjustment)
        run.touch(month_of(adjustment.on))
        self.span_months.add(month_of(adjustment.on))
        if run.track:  # the player adjusted, or everyone (a global adjustment)
            self.touched.add(EVERYONE if adjustment.player is None else adjustment.player)

    def _fold_undo(self, run: _Fold, position: int, kind: str, state: bytes) -> None:
        """A void or restoration of a player, or a void of a prior or an adjustment (:class:`Undo`)."""
        undo = self._undo(position, UNDO_KINDS[kind], decode_facts(kind, state))
        self.undos.append(undo)
        self.new_undos.append(undo)
        for month in self._undo_months(undo):
            run.touch(month)
        if run.track and undo.kind == "adjustment voided":
            self.touched.add(EVERYONE if undo.player is None else undo.player)
        elif run.track and undo.player is not None:
            self.touched.update(self.opponents_of(undo.player) if undo.kind.startswith("player") else ())
            self.touched.add(undo.player)

    def _fold_event_fact(self, run: _Fold, position: int, kind: str, state: bytes) -> None:
        """A registration, correction, void or restoration of an event; one the ledger would refuse is withheld
        until the event is voided."""
        try:
            s = decode_facts(kind, state)
            # A correction is checked against the event as it stands (its end after its start).
            current = self.event_now(s.get("event")) if kind == "TournamentCorrected" else None
            wrong = withheld.event_problem(kind, s, current)
        except (ValueError, KeyError, TypeError, AttributeError) as error:
            s, wrong = {}, f"the stored event cannot be read ({error})"
        if wrong is not None:
            named = s.get("event")
            withheld.keep(self, position, kind, named if isinstance(named, str) else "", wrong)
            return
        if kind == "TournamentVoided":  # neutralises the withheld facts of the event
            withheld.close(
                self,
                position,
                [w for w in self.withheld.values() if w.kind in EVENT_KINDS and w.subject == s["event"]],
            )
        if kind == "TournamentRegistered":
            changes = tuple((f, s.get(f)) for f in _EVENT_INFO_FIELDS)
        else:
            changes = tuple(s.get("changes", {}).items())
        fact = EventFact(position, s["event"], EVENT_KINDS[kind], s["reported_on"], changes)
        self.event_facts.append(fact)
        self.new_event_facts.append(fact)
        if fact.kind != "registered":  # its games are rated otherwise: re-rate them and their players
            for month, row in self.games_of_events({fact.event}):
                run.touch(month)
                if run.track:
                    self.touched.add(row.white)
                    self.touched.add(row.black)

    def _fold_merge(self, run: _Fold, position: int, kind: str, state: bytes) -> None:
        """A merge of a duplicate registration, or its undoing: his games are re-rated from the first."""
        s = decode_facts(kind, state)
        merge = Merge(position, s["player"], s["into"], s["reported_on"], kind == "PlayerMerged")
        self.merges.append(merge)
        self.new_merges.append(merge)
        first = self.first_month_of({merge.player})
        if first is not None:  # his games are another's from here on: re-rate them and both players
            run.touch(first)
        if run.track:
            self.touched.update((merge.player, merge.into))
            self.touched.update(self.opponents_of(merge.player))

    def _fold_marker(self, run: _Fold, position: int, kind: str, state: bytes) -> None:
        """An inactivity marker, or its end: it changes the month it takes effect in."""
        s = decode_facts(kind, state)
        marker = Marker(position, s["on"], kind == "PlayerMarkedInactive", s["reported_on"])
        self.markers.setdefault(s["player"], []).append(marker)
        self.new_markers.append((s["player"], marker))
        run.touch(month_of(marker.on))

    def _undo(self, position: int, kind: str, s: dict[str, Any]) -> Undo:
        """The :class:`Undo` of a stored undoing event, its target found among the facts folded before it."""
        if kind == "prior voided":
            voided = {u.target for u in self.undos if u.kind == kind}
            found = [
                p.position
                for p in self.priors.get(s["player"], ())
                if p.system == s["system"] and p.as_of == s["as_of"] and p.position not in voided
            ]
            if not found:
                raise LookupError(f"voided prior {s['system']} of {s['as_of']} of {s['player']!r} is not in the log")
            return Undo(position, kind, s["player"], max(found), s["reported_on"])
        if kind == "adjustment voided":
            key = (s["system"], s["player"], s["on"], s["adjustment"])
            target = next((a for a in self.adjustments if (a.system, a.player, a.on, a.reason) == key), None)
            if target is None:
                raise LookupError(f"voided adjustment {key} is not in the log")
            return Undo(position, kind, target.player, target.position, s["reported_on"])
        return Undo(position, kind, s["player"], 0, s["reported_on"])

    def _undo_months(self, undo: Undo) -> set[str]:
        """The months whose runs an undoing can change: a voided adjustment's month; a player's games and
        adjustments (a player void or restoration) or his games (a voided prior)."""
        if undo.kind == "adjustment voided":
            return {month_of(a.on) for a in self.adjustments if a.position == undo.target}
        assert undo.player is not None
        first = self.first_month_of({undo.player})
        months = set() if first is None else {first}
        if undo.kind != "prior voided":
            months.update(month_of(a.on) for a in self.adjustments if a.player == undo.player)
        return months

    def event_now(self, event: object) -> dict[str, Any]:
        """The facts of ``event`` as registered and corrected so far in the fold (empty if none)."""
        facts: dict[str, Any] = {}
        for fact in self.event_facts:
            if fact.event == event and fact.kind in ("registered", "corrected"):
                facts.update(fact.changes)
        return facts

    def games_of_events(self, events: Set[str]) -> list[tuple[str, GameRow]]:
        """Every game some version of which names one of ``events``, with every month it can be rated in
        (one scan of every month: corrections and voids of events, and views as known before them, are rare)."""
        found: list[tuple[str, GameRow]] = []
        for game, amendments in self.amendments.items():
            original = self.amended[game]
            names = {original.event} | {str(v) for k, v in amendments_changes(amendments) if k == "event"}
            if not names.isdisjoint(events):
                found.extend((month, original) for month in touched_months(original, amendments))
        for month in sorted(self.game_months()):
            found.extend(
                (month, row) for row in self.month(month) if row.event in events and row.game not in self.amended
            )
        return found

    def opponents_of(self, player: str) -> set[str]:
        """Every player who met ``player`` in some version of a game (a scan of every month: voids are rare)."""
        found: set[str] = set()
        for game, amendments in self.amendments.items():
            named = named_players(self.amended[game], amendments)
            if player in named:
                found |= named
        for month in sorted(self.game_months()):
            for row in self.month(month):
                if row.white == player or row.black == player:
                    found.add(row.white)
                    found.add(row.black)
        found.discard(player)
        return found

    def void_players(self, known: Knowledge | None = None) -> set[str]:
        """The players void as ``known`` (or now): their latest void or restoration known is a void."""
        state: dict[str, bool] = {}
        for undo in self.undos:
            if undo.kind.startswith("player") and (known is None or known.knows(undo)):
                state[cast(str, undo.player)] = undo.kind == "player voided"
        return {player for player, void in state.items() if void}

    def voided_positions(self, known: Knowledge | None = None) -> set[int]:
        """The log positions of the priors and adjustments void as ``known`` (or now)."""
        return {u.target for u in self.undos if u.target and (known is None or known.knows(u))}

    def mark_months(self, months: Iterable[str]) -> None:
        """Set :attr:`marks` of ``months``: the latest reported date of their rows and their players' registrations."""
        registered = self.registered_on.get
        for month in months:
            rows = self.month(month)
            if not rows:
                continue
            names = set(map(_WHITE, rows))
            names.update(map(_BLACK, rows))
            self.marks[month] = max(max(map(_REPORTED, rows)), max(map(registered, names, repeat(""))))

    # --- reading -------------------------------------------------------------

    def amended_index(self) -> dict[str, list[str]]:
        """Each month some version of an amended game can be rated in (:func:`touched_months`), and those games."""
        if self.amended_months is None:
            index: dict[str, list[str]] = {}
            amended = self.amended
            for game, amendments in self.amendments.items():
                months = {amended[game].finished[:7]}  # touched_months, inlined: six thousand games
                for amendment in amendments:
                    for key, value in amendment.changes:
                        if value and (key == "finished" or key == "on"):
                            months.add(value[:7])
                for month in months:
                    if month in index:
                        index[month].append(game)
                    else:
                        index[month] = [game]
            self.amended_months = index
        return self.amended_months

    def game_months(self) -> set[str]:
        """Every month with a recorded game or a month an amendment can move one to, loaded or not."""
        months = {m for m, rows in self.months.items() if rows} | self.stored_months
        for game, amendments in self.amendments.items():
            months |= touched_months(self.amended[game], amendments)
        return months

    def first_month(self) -> str | None:
        """The earliest month with a recorded game, or one a game can be rated in, or an adjustment."""
        if self.span is not None:  # as stored, and what was folded since: months are only ever added
            return min(self._span_added(self.span[0]), default=None)
        return min(self.game_months() | {month_of(a.on) for a in self.adjustments}, default=None)

    def last_month(self) -> str | None:
        """The latest month with a recorded game, or one a game can be rated in, or an adjustment."""
        if self.span is not None:
            return max(self._span_added(self.span[1]), default=None)
        return max(self.game_months() | {month_of(a.on) for a in self.adjustments}, default=None)

    def _span_added(self, stored: str | None) -> set[str]:
        months = {m for m in self.changed_months if self.months.get(m)} | self.span_months
        if stored is not None:
            months.add(stored)
        return months

    def first_month_of(self, players: set[str], before: str | None = None) -> str | None:
        """The earliest month (before ``before``) with a game of one of ``players``, in any version of it."""
        found: str | None = None
        for game, amendments in self.amendments.items():
            original = self.amended[game]
            if named_players(original, amendments) & players:
                first = min(touched_months(original, amendments))
                if found is None or first < found:
                    found = first
        for month in sorted(self.game_months()):
            if (found is not None and month >= found) or (before is not None and month >= before):
                break
            if any(row.white in players or row.black in players for row in self.month(month)):
                return month
        return found

    def divergence(self, known: Knowledge) -> str | None:
        """The earliest month whose facts as ``known`` can differ from the facts as known now.

        Months before it hold the same rated games, registrations and markers in
        both views, so every period before it has the same run in both.
        """
        candidates = [month for month, mark in self.marks.items() if mark > known.known_at]
        candidates.extend(known.late_months)
        for game, amendments in self.amendments.items():
            original = self.amended[game]
            named = named_players(original, amendments)
            unknown_player = any(
                self.registered_on.get(p, "") > known.known_at or p in known.late_players for p in named
            )
            if unknown_player or not known.knows_game(original) or not all(map(known.knows, amendments)):
                candidates.extend(touched_months(original, amendments))
        for markers in self.markers.values():
            candidates.extend(month_of(m.on) for m in markers if not known.knows(m))
        candidates.extend(month_of(a.on) for a in self.adjustments if not known.knows(a))
        for undo in self.undos:
            if not known.knows(undo):
                candidates.extend(self._undo_months(undo))
        merged = {merge.player for merge in self.merges if not known.knows(merge)}
        if merged:  # as known before a merge, the duplicate's games are his own
            first = self.first_month_of(merged)
            if first is not None:
                candidates.append(first)
        unknown = {fact.event for fact in self.event_facts if not known.knows(fact)}
        if unknown:  # an event's games are rated otherwise before its facts are known (one scan for all)
            candidates.extend(month for month, _ in self.games_of_events(unknown))
        late = set(known.late_players) | {
            p for p, corrections in self.player_corrections.items() if not all(map(known.knows, corrections))
        }
        late |= {p for p, priors in self.priors.items() if not all(map(known.knows, priors))}
        earliest = min(candidates, default=None)
        if late:
            first = self.first_month_of(late, before=earliest)
            if first is not None and (earliest is None or first < earliest):
                earliest = first
        return earliest

    def view(self, known: Knowledge | None = None) -> FactsView:
        """The facts as ``known`` at a date, or as known now."""
        return FactsView(self, known)


class _Fold:
    """What one call of :meth:`Facts.fold` keeps between its steps."""

    __slots__ = ("earliest", "games", "pending", "position", "reaching", "track")

    def __init__(self, facts: Facts) -> None:
        self.earliest: str | None = None
        """The earliest month the records folded so far can change."""
        self.position: int | None = None
        """The log position of the last record a step was given."""
        self.pending: dict[str, GameRow] | None = None
        """Games by id, for amendments (None until the first amendment)."""
        self.reaching: set[str] = set()
        """Players whose corrected registration or new prior reaches their games."""
        self.track = facts.position > 0
        """Whether :attr:`Facts.touched` is kept (not while folding into an empty state)."""
        days_ok, texts_ok, controls_ok = withheld.memos()
        self.games = (
            facts.months,
            facts.changed_months,
            game_pattern().match,  # the current version's games only: any other goes through game_row
            facts.texts.setdefault,
            self.track,
            facts.touched,
            WHITE_POINTS2,
            facts.registrations,
            facts.withheld_players,
            days_ok,
            texts_ok,
            controls_ok,
            withheld.FORFEITS,
            withheld.MODES,
            withheld.valid_game_id,
        )
        """What :meth:`Facts._fold_records` reads, in the order it unpacks it."""

    def touch(self, month: str) -> None:
        """Count ``month`` among those the records change."""
        if self.earliest is None or month < self.earliest:
            self.earliest = month


_Step = Callable[[Facts, _Fold, int, str, bytes], None]

_STEPS: dict[str, _Step] = {
    **dict.fromkeys(AMENDMENT_KINDS, Facts._fold_amendment),
    "PlayerRegistered": Facts._fold_registration,
    "PlayerCorrected": Facts._fold_player_correction,
    "PriorRatingRecorded": Facts._fold_prior,
    "RatingAdjusted": Facts._fold_adjustment,
    **dict.fromkeys(UNDO_KINDS, Facts._fold_undo),
    **dict.fromkeys(EVENT_KINDS, Facts._fold_event_fact),
    **dict.fromkeys(MERGE_KINDS, Facts._fold_merge),
    "PlayerMarkedInactive": Facts._fold_marker,
    "PlayerReactivated": Facts._fold_marker,
}
"""The step of :meth:`Facts.fold` for each kind of record that is not a game."""


class Knowledge(NamedTuple):
    """What counts in a view of the facts as known at a date.

    A fact counts if it was reported on or before ``known_at``. To reproduce
    the log as it stood at a position (a publication), ``entered_by`` is that
    position: events entered after it do not count either, whatever their
    reported date — positioned facts by their position, games and players by
    the ids of their recordings after it (``late_games`` in ``late_months``,
    ``late_players``).
    """

    known_at: str
    entered_by: int | None = None
    late_games: frozenset[str] = frozenset()
    late_months: frozenset[str] = frozenset()
    late_players: frozenset[str] = frozenset()

    def knows(
        self, fact: Amendment | Marker | PlayerCorrection | Prior | Adjustment | Undo | EventFact | Merge
    ) -> bool:
        """Whether a positioned fact counts."""
        return fact.reported <= self.known_at and (self.entered_by is None or fact.position <= self.entered_by)

    def knows_game(self, row: GameRow) -> bool:
        """Whether a game's recording counts (its players aside)."""
        return row.reported <= self.known_at and row.game not in self.late_games


def _changes(state: dict[str, Any]) -> tuple[tuple[str, str | None], ...]:
    if "changes" in state:
        return tuple(state["changes"].items())
    if "result" in state:  # an adjudication
        return (("result", state["result"]), ("on", state["on"]))
    return ()


def _resolved(alias: Mapping[str, str]) -> dict[str, str]:
    """Each merged duplicate → the player his facts count as at the end of the chain (P into Q, then Q into R:
    P's facts are R's); a cycle, which the ledger refuses but a damaged log might hold, merges no one in it.

    >>> _resolved({"P": "Q", "Q": "R", "X": "Y", "Y": "X"})
    {'P': 'R', 'Q': 'R'}
    """
    found: dict[str, str] = {}
    for start in alias:
        seen, player = {start}, alias[start]
        while player in alias and player not in seen:
            seen.add(player)
            player = alias[player]
        if player not in seen:
            found[start] = player
    return found


_ALWAYS = "\uffff"
"""A known-at date after every reported date: the view as known now."""


class FactsView:
    """The facts a replay reads, as known at a date (``known``) or now (None)."""

    def __init__(self, facts: Facts, known: Knowledge | None) -> None:
        self.facts = facts
        self.known = known
        self.players: dict[str, Registration] = facts.players if known is None else self._players_as(known)
        # A void player is not in the view, nor is any game he played; nor is a void prior
        # or adjustment. Without undos (the usual case) the view is exactly as before.
        self.void: set[str] = facts.void_players(known) if facts.undos else set()
        # A player whose registration is withheld (projections.withheld) is left out as a void one.
        self.void |= facts.withheld_players
        self.voided: set[int] = facts.voided_positions(known) if facts.undos else set()
        if self.void:
            self.players = {p: reg for p, reg in self.players.items() if p not in self.void}
        self.alias: dict[str, str] = {}
        """Each duplicate registration merged (as known) → the player his facts count as."""
        for merge in facts.merges:
            if known is None or known.knows(merge):
                if merge.merged:
                    self.alias[merge.player] = merge.into
                else:
                    self.alias.pop(merge.player, None)
        if self.alias:
            self.alias = _resolved(self.alias)
            self.players = {p: reg for p, reg in self.players.items() if p not in self.alias}
        self._amended_full: dict[bool, dict[str, list[Game]]] = {}
        self.of: Set[str] | None = None
        """The players whose games alone :meth:`games` gives (:meth:`narrowed`); None: everyone's."""
        event_facts = facts.event_facts
        if known is not None:
            event_facts = [f for f in event_facts if known.knows(f)]
        self.events, self.void_events = event_infos(event_facts)
        """The events as known in this view, and the void ones: their games do not count."""

    def narrowed(self, of: Set[str]) -> FactsView:
        """This view, its :meth:`games` only those of the players ``of`` (a view with no merged player): a
        re-run of a period that can rate no one else reads no other game."""
        if self.alias:
            raise ValueError("a view with merged players gives the games of some players only as a whole")
        narrow = copy.copy(self)
        narrow.of = of
        return narrow

    def adjustments(self, system: str, months: Iterable[str]) -> list[Adjustment]:
        """The adjustments of ``system`` known in this view that take effect in ``months``, in log order
        (not a void one, nor one of a player not in the view)."""
        wanted, known, voided, players = set(months), self.known, self.voided, self.players
        return [
            a
            for a in self.facts.adjustments
            if a.system == system
            and month_of(a.on) in wanted
            and (known is None or known.knows(a))
            and a.position not in voided
            and (a.player is None or a.player in players)
        ]

    def priors(self, player: str) -> list[Prior]:
        """The player's prior ratings known in this view and not void, in log order."""
        known, voided = self.known, self.voided
        # The priors of the registrations merged into him are his
        merged = [p for p, into in self.alias.items() if into == player]
        found = [
            p
            for who in (player, *merged)
            for p in self.facts.priors_of(who)
            if (known is None or known.knows(p)) and p.position not in voided
        ]
        if merged:
            found.sort(key=_POSITION)
        return found

    def sides(self, white: str, black: str) -> tuple[str, str] | None:
        """A game's two sides as this view counts them: a merged duplicate's as his original's;
        None when a side is not in the view, or the merge would make it a game against himself."""
        white, black = self.alias.get(white, white), self.alias.get(black, black)
        if white == black or white not in self.players or black not in self.players:
            return None
        return white, black

    def counting(self, version: GameVersion) -> GameVersion | None:
        """``version`` with its sides as this view counts them (:meth:`sides`), or None if it does not count."""
        sides = self.sides(version.row.white, version.row.black)
        if sides is None:
            return None
        if sides == (version.row.white, version.row.black):
            return version
        return version._replace(row=version.row._replace(white=sides[0], black=sides[1]))

    def prior(self, player: str, system: str) -> Prior | None:
        """The player's latest prior rating of ``system`` known in this view (by as-of date, then log order)."""
        found = [p for p in self.priors(player) if p.system == system]
        return max(found, key=lambda p: (p.as_of, p.position), default=None)

    def _players_as(self, known: Knowledge) -> dict[str, Registration]:
        facts = self.facts
        players: dict[str, Registration] = {}
        for player, reg in facts.registrations.items():
            if facts.registered_on[player] > known.known_at or player in known.late_players:
                continue
            for correction in facts.player_corrections.get(player, ()):
                if known.knows(correction):
                    reg = reg._replace(**dict(correction.changes))
            players[player] = reg
        return players

    def rated_games(self, months: Iterable[str], walkovers: bool = True) -> list[RatedGame]:
        """The games rated in ``months``: (game, white, black, White's half points), in (day, game) order.

        ``walkovers``: whether an arbiter's forfeit counts (IECG §VIII.1: it does; ICU 1980: it does not).
        """
        new = tuple.__new__
        return [new(RatedGame, game[:4]) for game in self.games(months, walkovers)]

    def games(self, months: Iterable[str], walkovers: bool = True, of: Set[str] | None = None) -> list[Game]:
        """The games rated in ``months`` with their day, tournament and time control, in (day, game) order:
        not a withdrawal (IECG §VIII.2), an arbiter's forfeit only with ``walkovers``, each as amended,
        and only those the view knows, between players it holds; with ``of`` (a view with no merged
        player), or in a view :meth:`narrowed` to some players, only the games of one of those players."""
        if of is None:
            of = self.of
        if of is not None and self.alias:
            raise ValueError("a view with merged players gives the games of some players only as a whole")
        among: Set[str] = frozenset() if of is None else of
        some = of is not None
        wanted = set(months)
        found: list[Game] = []
        append = found.append
        new = tuple.__new__  # as in fold
        points = WHITE_POINTS2
        amended = self.facts.amendments
        known, players = self.known, self.players
        known_at = _ALWAYS if known is None else known.known_at
        late = frozenset() if known is None else known.late_games
        check = known is not None or bool(self.void) or bool(self.alias)
        events, void_events = self.events, self.void_events
        alias = self.alias
        for month in sorted(wanted):
            rows = self.facts.month(month)
            if not check and not alias:  # the facts as known now, no void or merged player: most runs
                # The games of no event, in one comprehension; the others (few) through the loop below.
                found.extend(
                    [
                        new(
                            Game,
                            (
                                game,
                                white,
                                black,
                                points[result],
                                finished,
                                name or None,
                                tc or None,
                                mode or None,
                                None,
                                forfeit if forfeit == "arbiter" else "",
                            ),
                        )
                        for game, white, black, result, finished, forfeit, _, name, tc, event, mode in rows
                        if not event
                        and forfeit != "withdrawal"
                        and (walkovers or forfeit != "arbiter")
                        and game not in amended
                        and (not some or white in among or black in among)
                    ]
                )
                rows = [row for row in rows if row.event]
            if some:
                rows = [row for row in rows if row.white in among or row.black in among]
            for game, white, black, result, finished, forfeit, reported, name, tc, event, mode in rows:
                if game in amended:
                    continue
                if alias:  # a merged duplicate's games are his original's
                    white, black = alias.get(white, white), alias.get(black, black)
                    if white == black:
                        continue
                if forfeit == "withdrawal" or (forfeit == "arbiter" and not walkovers):
                    continue
                if check and (reported > known_at or game in late or white not in players or black not in players):
                    continue
                info = None
                if event:  # the game's mode and rate of play are its event's unless it says its own
                    if event in void_events:
                        continue
                    info = events.get(event)
                    if info is not None:
                        tc = tc or info.rate_of_play or ""
                        mode = mode or info.mode or ""
                append(
                    new(
                        Game,
                        (
                            game,
                            white,
                            black,
                            points[result],
                            finished,
                            name or None,
                            tc or None,
                            mode or None,
                            info,
                            forfeit if forfeit == "arbiter" else "",
                        ),
                    )
                )
        if some:
            found.extend(g for g in self.amended_games(wanted, walkovers) if g.white in among or g.black in among)
        else:
            found.extend(self.amended_games(wanted, walkovers))
        found.sort(key=_DAY_GAME)
        return found

    def amended_games(self, months: Set[str], walkovers: bool = True) -> list[Game]:
        """The amended games rated in ``months`` in this view, with their day, tournament and time control
        (each month's made once a view, from the games some version of which can be rated in it: a run of a
        few periods reads the versions of their games only)."""
        by_month = self._amended_full.setdefault(walkovers, {})
        todo = {month for month in months if month not in by_month}
        if todo:
            facts, known, players = self.facts, self.known, self.players
            check = known is not None or bool(self.void) or bool(self.alias)
            index = facts.amended_index()
            for month in todo:
                by_month[month] = []
            for game in sorted({game for month in todo for game in index.get(month, ())}):
                original = facts.amended[game]
                amendments = facts.amendments[game]
                if known is not None:
                    if not known.knows_game(original):
                        continue
                    amendments = [a for a in amendments if known.knows(a)]
                rated = game_version(original, amendments).game(walkovers, self.events, self.void_events)
                if rated is None:
                    continue
                month = month_of(rated.day)
                if month not in todo:
                    continue
                if self.alias:  # a merged duplicate's games are his original's, as in games()
                    sides = self.sides(rated.white, rated.black)
                    if sides is None:
                        continue
                    rated = rated._replace(white=sides[0], black=sides[1])
                elif check and (rated.white not in players or rated.black not in players):
                    continue
                by_month[month].append(rated)
        return [game for month in months for game in by_month[month]]

    def inactive_at(self, player: str, day: str) -> bool:
        """Whether the player's markers (known in this view) leave him inactive at the end of ``day``.

        Markers take effect in date order, markers of one date in log order.
        """
        state = False
        known = self.known
        for marker in sorted(self.facts.markers.get(player, ()), key=lambda m: (m.on, m.position)):
            if marker.on <= day and (known is None or known.knows(marker)):
                state = marker.inactive
        return state
