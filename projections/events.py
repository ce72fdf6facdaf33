"""Events as the log knows them: their facts, their games, their crosstable and their status.

An event's own facts (its registration, corrections, voids, pairings, withdrawals and byes) are the records of
its aggregate, read as known at a date (:func:`event_record`); its games are the folded games that name it, as
amended and known in a view (:func:`event_games`). From both, :func:`event_crosstable` gives the score table
of IECG C §14 (:mod:`projections.rules.iecg.crosstable`), its byes scored by the event's regulations
(:func:`bye_points2`), :func:`crosstable_view` names its rows (name, federation, rating at the start) and
gives each row's rounds (``5w1``, as chess-results prints them) where the event has rounds, and
:func:`event_status` says, for each rules system, in which period its games were rated and which were left out,
with the clause (the system's ``select``).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from decimal import ROUND_HALF_UP, Decimal
from typing import TYPE_CHECKING, Any, NamedTuple

from ledger.events import event_key
from ledger.store import LogReader
from ledger.values import EVENT_TYPES, WHITE_POINTS2
from projections import systems
from projections.facts import Amendment, FactsView, GameVersion, Knowledge, event_info, game_version
from projections.registry import get_rules, system_for
from projections.rules.common import EventInfo, Statement
from projections.rules.iecg import crosstable

if TYPE_CHECKING:
    from projections.replay import Projector


class EventFactLine(NamedTuple):
    """One fact of the event's aggregate, as ``event show`` lists it."""

    position: int
    kind: str
    """``registered``, ``corrected``, ``voided``, ``restored``, ``paired``, ``withdrawn``."""
    reported: str
    facts: tuple[tuple[str, Any], ...]


class EventRecord(NamedTuple):
    """An event as known at a date: its facts now, whether void, its pairings and withdrawals, its history."""

    info: EventInfo
    void: bool
    pairings: tuple[tuple[int, str, str], ...]
    """(round, white, black), in log order."""
    withdrawn: tuple[tuple[str, str, bool], ...]
    """(player, date, silent), in log order."""
    lines: tuple[EventFactLine, ...]
    byes: tuple[tuple[str, int, str, str | None], ...] = ()
    """(player, round, kind, points) of each bye that counts (not voided since), by round then player."""


_KINDS = {
    "TournamentRegistered": "registered",
    "TournamentCorrected": "corrected",
    "TournamentVoided": "voided",
    "TournamentRestored": "restored",
    "TournamentPaired": "paired",
    "TournamentWithdrawn": "withdrawn",
    "TournamentByeRecorded": "bye",
    "TournamentByeVoided": "bye voided",
}
_OWN = ("timestamp", "originator_topic", "event", "reported_on", "recorded_by")


def event_record(reader: LogReader, event: str, known: Knowledge | None = None) -> EventRecord:
    """The event's facts as ``known`` (None: now); :class:`LookupError` for an event the log does not know then."""
    lines: list[EventFactLine] = []
    for record in reader.aggregate_records(event_key(event)):
        kind = _KINDS.get(record.type)
        if kind is None:
            continue
        facts = record.facts()
        if known is not None and (
            facts["reported_on"] > known.known_at
            or (known.entered_by is not None and record.position > known.entered_by)
        ):
            continue
        shown = facts.get("changes", {k: v for k, v in facts.items() if k not in _OWN})
        lines.append(EventFactLine(record.position, kind, facts["reported_on"], tuple(shown.items())))
    if not lines or lines[0].kind != "registered":
        raise LookupError(f"unknown event {event!r}" + ("" if known is None else f" as known at {known.known_at}"))
    state: dict[str, Any] = {}
    void = False
    pairings: list[tuple[int, str, str]] = []
    withdrawn: list[tuple[str, str, bool]] = []
    byes: dict[tuple[str, int], tuple[str, str | None]] = {}
    for line in lines:
        values = dict(line.facts)
        if line.kind in ("registered", "corrected"):
            state.update(values)
        elif line.kind in ("voided", "restored"):
            void = line.kind == "voided"
        elif line.kind == "paired":
            pairings.append((values["round"], values["white"], values["black"]))
        elif line.kind == "bye":
            byes[(values["player"], values["round"])] = (values["kind"], values.get("points"))
        elif line.kind == "bye voided":
            byes.pop((values["player"], values["round"]), None)
        else:
            withdrawn.append((values["player"], values["on"], values["silent"]))
    info = event_info(event, state)
    held = tuple(
        (p, r, kind, points) for (p, r), (kind, points) in sorted(byes.items(), key=lambda i: (i[0][1], i[0][0]))
    )
    return EventRecord(info, void, tuple(pairings), tuple(withdrawn), tuple(lines), held)


SWISS = "swiss"
"""The event type whose crosstable shows rounds instead of the grid (:class:`CrosstableView`)."""

IECG_TYPES = frozenset(EVENT_TYPES[EVENT_TYPES.index("class") :])
"""The IECG's event types (Rules and Regulations 5.1a, D §2): their byes score as C §9A scores unplayed games."""

SWISS_BYE_POINTS2 = {"H": 1, "F": 2, "U": 2, "Z": 0, "+": 2, "-": 0}
"""A bye's points (in half points) in a FIDE event: FIDE C.04 Annex 2 (TRF16 result codes: ``H`` half-point bye,
``F`` full-point bye, ``Z`` zero-point bye, ``+``/``-`` won/lost unplayed) and C.04.1 (d) for ``U``: "a
pairing-allocated bye ... receives ... the points rewarded for a win, unless the regulations of the tournament
say otherwise" (a bye recorded with its own points says otherwise)."""

IECG_BYE_POINTS2 = {"H": 0, "F": 2, "U": 2, "Z": 0, "+": 2, "-": 0}
"""A bye's points (in half points) in an IECG event. The IECG's rules know no bye; C §9A scores an unplayed game
only as a forfeit: the player who was there gets the win (§VIII.3: "treated as a win in the score tables"). So a
round the player was given (``F``, ``U``, ``+``) scores 1, and one he was absent from or asked off (``H``, ``Z``,
``-``) scores 0: there is no half point without a game."""


def bye_points2(kind: str, points: str | None, event_type: str | None) -> int:
    """A bye's points in half points: its recorded points, else its kind's under the event's regulations.

    >>> bye_points2("H", None, "swiss"), bye_points2("H", None, "class"), bye_points2("U", "0.5", "swiss")
    (1, 0, 1)
    """
    if points is not None:
        return int(Decimal(points) * 2)
    table = IECG_BYE_POINTS2 if event_type in IECG_TYPES else SWISS_BYE_POINTS2
    return table.get(kind, 0)


def crosstable_byes(record: EventRecord) -> list[crosstable.Bye]:
    """The event's byes as the score table takes them (:func:`bye_points2`)."""
    return [
        crosstable.Bye(player, number, kind, bye_points2(kind, points, record.info.type))
        for player, number, kind, points in record.byes
    ]


def event_versions(view: FactsView, event: str) -> Iterator[tuple[GameVersion, Sequence[Amendment]]]:
    """Each game some version of which names ``event``, as amended and known in ``view``, that names it now
    (void ones too), with the amendments known there; each once, in no set order."""
    facts, known = view.facts, view.known
    seen: set[str] = set()
    for _month, row in facts.games_of_events({event}):
        if row.game in seen:
            continue
        seen.add(row.game)
        if known is not None and not known.knows_game(row):
            continue
        amendments = facts.amendments.get(row.game, [])
        if known is not None:
            amendments = [a for a in amendments if known.knows(a)]
        version = game_version(row, amendments)
        if version.row.event == event:
            yield version, amendments


def event_games(view: FactsView, event: str) -> list[GameVersion]:
    """The games naming ``event`` in ``view``, as amended and known there, not void, in (finished, game) order."""
    found: list[GameVersion] = []
    for version, _ in event_versions(view, event):
        counted = None if version.voided else view.counting(version)  # between players the view holds
        if counted is not None:
            found.append(counted)
    found.sort(key=lambda v: (v.row.finished, v.row.game))
    return found


def crosstable_games(record: EventRecord, games: Sequence[GameVersion]) -> list[crosstable.EventGame]:
    """The event's games as the score table takes them, and its pairings with no game yet (unfinished)."""
    scored: list[crosstable.EventGame] = []
    played: dict[frozenset[str], int] = {}
    for version in games:
        row = version.row
        adjudicated = None if version.adjudication is None else WHITE_POINTS2[version.adjudication[0]]
        forfeit = "" if row.forfeit == "none" else row.forfeit
        scored.append(
            crosstable.EventGame(
                row.game,
                row.white,
                row.black,
                WHITE_POINTS2[row.result],
                forfeit,
                adjudicated if forfeit == "withdrawal" else None,
            )
        )
        pair = frozenset((row.white, row.black))
        played[pair] = played.get(pair, 0) + 1
    for number, white, black in record.pairings:
        pair = frozenset((white, black))
        if played.get(pair, 0) > 0:
            played[pair] -= 1  # a pairing a recorded game answers
            continue
        scored.append(crosstable.EventGame(f"{record.info.event}-R{number}-{white}-{black}", white, black, None))
    return scored


def event_crosstable(
    record: EventRecord, games: Sequence[GameVersion], ratings: Mapping[str, int]
) -> crosstable.Crosstable:
    """The score table of the event (IECG C §9A, C §14), from its games, pairings and withdrawals."""
    withdrawn = frozenset(player for player, _, _ in record.withdrawn)
    players = {p for _, w, b in record.pairings for p in (w, b)}
    return crosstable.crosstable(
        crosstable_games(record, games), ratings, withdrawn, sorted(players), byes=crosstable_byes(record)
    )


def start_ratings(projector: Projector, rules: str, start: str, players: Iterable[str], known: Any) -> dict[str, int]:
    """Each player's rating on the list of ``rules`` in force when the event started (the list of the period
    before the one of ``start``), as known: C §14.2's "initial ratings at the start of the tournament"; a player
    on no such list has the rating he starts from (:func:`initial_ratings`)."""
    params = get_rules(rules)
    index = params.periods.index_of_day(start) - 1
    wanted = set(players)
    found: dict[str, int] = {}
    if index >= 0:
        rows = projector.rating_list(rules, params.periods.label(index), known).rows
        found = {row["player"]: int(row["rating"]) for row in rows if row["player"] in wanted}
    missing = wanted - set(found)
    if missing:
        found.update(initial_ratings(projector.view(known), system_for(params).family, start, missing))
    return found


def initial_ratings(view: FactsView, family: str, start: str, players: Iterable[str]) -> dict[str, int]:
    """C §14.2's "initial ratings at the start of the tournament" of players on no list before it: the latest
    prior of the system (``family``) as of the start (a ``player prior``, an IECG transfer), else, for the IECG,
    the registered starting rating (rating rules §VII, the rating a new player starts from); rounded half up
    (rules §I.5). A player with neither has none (crosstable choice 5)."""
    found: dict[str, int] = {}
    for player in players:
        priors = [p for p in view.priors(player) if p.system == family and p.as_of <= start]
        latest = max(priors, key=lambda p: (p.as_of, p.position), default=None)
        registration = view.players.get(player)
        if latest is not None:
            found[player] = int(Decimal(str(latest.rating)).quantize(Decimal(1), rounding=ROUND_HALF_UP))
        elif family == "iecg" and registration is not None:
            found[player] = int(registration.starting_rating)
    return found


class SystemStatus(NamedTuple):
    """Whether and where one system rated the event's games."""

    rules: str
    periods: tuple[str, ...]
    """The periods its games were rated in."""
    rated: tuple[str, ...]
    """The games rated."""
    left_out: tuple[tuple[str, Statement], ...]
    """(game, why: the clause's message key and its values) for each game the system does not rate."""


NOT_IN_VIEW = Statement("left.not_in_view")
"""Why a game of the event is not rated when the view leaves it out (void, or not yet known)."""


def event_status(
    projector: Projector, games: Sequence[GameVersion], rules: Sequence[str], known: Any = None
) -> list[SystemStatus]:
    """For each of ``rules``, in which periods the event's games were rated, and each game left out, with why."""
    view = projector.view(known)
    found: list[SystemStatus] = []
    for name in rules:
        params = get_rules(name)
        system = system_for(params)
        by_period: dict[int, list[GameVersion]] = {}
        left: list[tuple[str, Statement]] = []
        for version in games:
            rated = version.rated(system.walkovers)
            if rated is None:
                why = Statement("left.withdrawal" if version.row.forfeit == "withdrawal" else "left.walkover")
                left.append((version.row.game, why))
                continue
            game = version.game(system.walkovers, view.events, view.void_events)
            event = None if game is None else game.event
            if (
                system.by_event and event is not None and event.end is None and game is not None
            ) and game.day >= event.start:  # rated whole once its end is recorded (FIDE, choice 13)
                left.append((version.row.game, Statement("left.pending_end", (("rules", name),))))
                continue
            day = rated[0] if game is None else (game.placed() if system.by_event else game.day)
            by_period.setdefault(params.periods.index_of_day(day), []).append(version)
        periods: list[str] = []
        rated_ids: list[str] = []
        for index in sorted(by_period):
            states = projector.states(name, index - 1, known) if index > 0 else {}
            kept, out = systems.selected(params, system, index, states, view)
            reasons = {g.game: why for g, why in out}
            kept_ids = {g.game for g in kept} - set(reasons)  # a game given to the run but left off its list
            mine = [v.row.game for v in by_period[index]]
            here = [g for g in mine if g in kept_ids]
            if here:
                periods.append(params.periods.label(index))
                rated_ids.extend(here)
            left.extend((g, reasons.get(g, NOT_IN_VIEW)) for g in mine if g not in kept_ids)
        found.append(SystemStatus(name, tuple(periods), tuple(rated_ids), tuple(left)))
    return found


class CrossLine(NamedTuple):
    """A crosstable row as people read it (``event show``, the site): who he is, and his rounds."""

    number: int
    """His row's number in the table (what other rows' rounds name him by)."""
    player: str
    name: str
    federation: str | None
    """His FIDE federation where recorded, else his country."""
    rating: int | None
    """His rating at the start (the performances' ratings, C §14.2), None when he has none."""
    rounds: tuple[str, ...]
    """Each round of the event: ``12w1`` (opponent's number, colour, result, as chess-results prints it), a bye's
    kind and points (``U1``, ``H½``), or "" (no game); empty when the event has no rounds."""


class CrosstableView(NamedTuple):
    """An event's crosstable with its rows named and, where the event has rounds, its rounds."""

    table: crosstable.Crosstable
    lines: tuple[CrossLine, ...]
    rounds: int
    """The number of round columns: 0 for an event without rounds."""
    grid: bool
    """Whether the crosstable shows the grid (a column per row: each row's results against him): for every event
    but a Swiss with rounds, whose rounds say whom each row met (as chess-results prints a Swiss)."""


def game_round(event: str, game: str) -> int | None:
    """The round a game's id names: ``<event>-R<round>-…`` (a game imported from a tournament report, or a
    pairing without a game yet), else None.

    >>> game_round("club-swiss", "club-swiss-R3-7-2"), game_round("E1", "G4"), game_round("E1", "E1-Rx-1-2")
    (3, None, None)
    """
    prefix = f"{event}-R"
    if not game.startswith(prefix):
        return None
    number = game[len(prefix) :].split("-", 1)[0]
    return int(number) if number.isascii() and number.isdigit() else None


def player_rounds(
    record: EventRecord, games: Sequence[crosstable.EventGame], withdrawn: frozenset[str], numbers: Mapping[str, int]
) -> tuple[int, dict[str, dict[int, list[str]]]]:
    """The rounds of the event and each player's cells by round; 0 rounds when the event has none, or a game of
    it has no round (its id names none and no pairing answers it)."""
    cells: dict[str, dict[int, list[str]]] = {}
    pairings: dict[frozenset[str], list[int]] = {}
    for number, white, black in record.pairings:
        pairings.setdefault(frozenset((white, black)), []).append(number)
    last = 0
    for scored in crosstable.score_games(games, withdrawn):
        found = game_round(record.info.event, scored.game)
        if found is None:
            known = pairings.get(frozenset((scored.white, scored.black)))
            found = known.pop(0) if known else None
        if found is None:  # a game of no known round: the grid shows the event, not rounds
            return 0, {}
        number = found
        last = max(last, number)
        for me, other, colour, points2 in (
            (scored.white, scored.black, "w", scored.white_points2),
            (scored.black, scored.white, "b", scored.black_points2),
        ):
            mark = crosstable.cell_text([crosstable.GridGame(points2, scored.forfeit)])
            cells.setdefault(me, {}).setdefault(number, []).append(f"{numbers.get(other, '?')}{colour}{mark}")
    for bye in crosstable_byes(record):
        last = max(last, bye.round)
        cells.setdefault(bye.player, {}).setdefault(bye.round, []).append(
            f"{bye.kind}{crosstable.points_text(bye.points2)}"
        )
    if last:
        last = max(last, record.info.rounds or 0)
    return last, cells


def crosstable_view(
    record: EventRecord,
    games: Sequence[GameVersion],
    ratings: Mapping[str, int],
    players: Mapping[str, tuple[str, str | None]],
) -> CrosstableView:
    """The event's crosstable (:func:`event_crosstable`), each row with the player's name and federation
    (``players``: by id, his name and federation), his rating at the start (``ratings``) and his rounds."""
    table = event_crosstable(record, games, ratings)
    numbers = {row.player: index + 1 for index, row in enumerate(table.rows)}
    withdrawn = frozenset(player for player, _, _ in record.withdrawn)
    rounds, cells = player_rounds(record, crosstable_games(record, games), withdrawn, numbers)
    lines = []
    for row in table.rows:
        name, federation = players.get(row.player, ("", None))
        mine = cells.get(row.player, {})
        shown = tuple(" ".join(mine.get(n, ())) for n in range(1, rounds + 1))
        lines.append(CrossLine(numbers[row.player], row.player, name, federation, ratings.get(row.player), shown))
    return CrosstableView(table, tuple(lines), rounds, not rounds or record.info.type != SWISS)
