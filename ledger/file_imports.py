"""Files other programs wrote, recorded in the ledger: FIDE tournament reports (TRF), PGN games,
FIDE's rating lists.

Each reader is pure (:mod:`ledger.trf`, :mod:`ledger.pgn`, :mod:`ledger.fide_list`), each plan too
(:mod:`ledger.trf_import`, :mod:`ledger.pgn_import`); here they meet the ledger: what it holds is read for the
plan (:func:`known_people`), and the plan's facts are checked as their own commands check them and recorded in
one transaction (:func:`record_import`), or returned unrecorded with ``dry_run``. The ledger is asked only
through its public methods (its lookups, checks and the aggregates of new facts).

Choices where the rules and the file formats are silent:

- **A file imported twice** is known by its games, not by its name or the event's id
  (:func:`check_not_recorded`): a game of the file is recorded already when a game of the log, as first
  recorded (a correction since does not hide it: the file is the same file), has its White, Black, result
  and date, its players read through merges; void games count (a W/D/L game of a report is voided as it
  is recorded), the games of a void event do not (a voided import may be imported again). One such game
  refuses the file, naming the events (or the ids of the games without one) that hold them; ``again``
  imports it all the same (two games that coincide, a director's word). It is the same for TRF and PGN,
  so a tournament reported in both is counted once.
- **A TRF into a registered event** (``--event`` of one, or a file named as one): the games go into it when
  its facts agree with the file's (:func:`ledger.trf_import.disagreements`), else the import is refused
  naming each fact, unless ``into_existing``; a new id registers the file's event, as it always did (the
  file carries the event's facts: no fact is lost to a misspelt id).
- **``import pgn --event E``** of an unregistered E is refused, as ``game record --event`` refuses it, unless
  ``create_event`` (then E is registered from the games' headers, as before); events named by the Event
  headers (no ``--event``) are registered as before. PGN games carry their own TimeControl and Mode, so an
  import into a registered event compares no facts (each game's date must fall within the event's).
"""

from __future__ import annotations

import dataclasses
import os
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING, Any, Final, NamedTuple

from eventsourcing.domain import Aggregate
from eventsourcing.persistence import IntegrityError

from ledger import fide_list, trf, trf_import, values
from ledger.application import RatingLedger
from ledger.core import unreadable
from ledger.errors import (
    AlreadyRecordedError,
    DuplicateGameError,
    DuplicatePriorError,
    EventFactsError,
    LedgerError,
    UnknownEventError,
    UnknownPlayerError,
    VoidError,
)
from ledger.events import (
    TOURNAMENT_FIELDS,
    Game,
    GameVoided,
    Player,
    PriorRatingRecorded,
    Tournament,
    game_key,
    tournament_key,
)
from ledger.games import GameFacts
from ledger.players import check_registration
from ledger.store import LogRecord

if TYPE_CHECKING:
    from ledger import pgn_import


@dataclass
class FideListReport:
    """What an import of a FIDE list did: players read, matched, priors recorded by system, kept, void, and the
    registrations it corrected (sex, title, federation)."""

    read: int
    matched: int
    priors: dict[str, int] = dataclasses.field(default_factory=dict)
    kept: int = 0
    """Priors not recorded: the player already had one of that system as of the date."""
    void: int = 0
    corrected: int = 0
    """Players whose sex, title or federation the list gave otherwise than recorded: a correction each."""
    records: list[LogRecord] = dataclasses.field(default_factory=list)
    """With ``dry_run``: the events that would be recorded."""


def known_people(ledger: RatingLedger) -> trf_import.Known:
    """What an import plan needs of the ledger, in one read of the players' facts."""
    people: dict[str, tuple[str, str | None]] = {}
    void: dict[str, bool] = {}
    merged: dict[str, str] = {}
    earliest: dict[str, str] = {}
    counted: dict[str, tuple[str, int]] = {}  # the latest fide prior with a games count: (as of, games)
    reader = ledger.reader()
    try:
        kinds = (
            "PlayerRegistered",
            "PlayerCorrected",
            "PlayerVoided",
            "PlayerRestored",
            "PriorRatingRecorded",
            "PlayerMerged",
            "PlayerUnmerged",
        )
        for record in reader.records_of(kinds):
            state = record.facts()
            player = state["player"]
            if record.type == "PlayerMerged":
                merged[player] = state["into"]
            elif record.type == "PlayerUnmerged":
                merged.pop(player, None)
            elif record.type == "PlayerRegistered":
                people[player] = (state["name"], state["born"])
            elif record.type == "PlayerCorrected":
                name, born = people[player]
                changes = state["changes"]
                people[player] = (changes.get("name", name), changes.get("born", born))
            elif record.type == "PriorRatingRecorded":
                if state["system"] == "fide":
                    earliest[player] = min(earliest.get(player, state["as_of"]), state["as_of"])
                    if state.get("games") is not None and state["as_of"] >= counted.get(player, ("", 0))[0]:
                        counted[player] = (state["as_of"], int(state["games"]))
            else:
                void[player] = record.type == "PlayerVoided"
    finally:
        reader.close()
    return trf_import.Known(  # a number held by a merged duplicate identifies his original
        fide_ids={number: merged.get(p, p) for number, p in ledger.identities().index("fide").items()},
        people={p: facts for p, facts in people.items() if not void.get(p) and p not in merged},
        registered=set(people),
        fide_priors=earliest,
        today=ledger.clock().isoformat(),
        merged=merged,
        fide_games={player: games for player, (_, games) in counted.items()},
    )


Checked = Callable[[int, int], None]
"""Told how many games of a file are checked, of how many (for a progress bar)."""


def import_trf(
    ledger: RatingLedger,
    path: str,
    *,
    event: str | None = None,
    register_new: bool = False,
    priors: bool = False,
    reported_on: str | None = None,
    dry_run: bool = False,
    again: bool = False,
    into_existing: bool = False,
    prior_games: int | None = None,
    progress: Checked | None = None,
) -> tuple[trf_import.TrfPlan, list[LogRecord]]:
    """Import a FIDE tournament report (TRF16 or TRF-2026): its event, players, priors and games, in one
    transaction or not at all; ``dry_run`` records nothing and returns what it would.

    ``event`` is the event's id (default: the file's name without its extension); an event already
    registered under it takes the games (they must fall within its dates) when its facts agree with the
    file's, or with ``into_existing``; a file whose games are recorded already is refused unless ``again``
    (see the module's docstring). ``progress``: as :func:`record_import` checks the games.
    """
    try:
        with open(path, "rb") as handle:  # read line by line, in bounded memory
            parsed = trf.read(handle)
    except OSError as error:
        raise unreadable(path, error) from None
    event_id = values.check_id(event if event is not None else os.path.splitext(os.path.basename(path))[0], "event")
    known = known_people(ledger)
    plan = trf_import.plan(parsed, event_id, known, register_new=register_new, priors=priors, prior_games=prior_games)
    if not again:  # the same tournament imported twice
        check_not_recorded(ledger, path, plan.games, known.merged)
    registered = ledger.aggregate(tournament_key(event_id), Tournament)
    if registered is not None and not registered.voided:  # a void one is refused as it always was
        disagree = trf_import.disagreements(plan, registered.facts)
        if disagree and not into_existing:  # standard games filed into a rapid event
            raise EventFactsError(
                f"event {event_id!r} is registered with other facts than the file's: {'; '.join(disagree)}: "
                f"give the file's games an event of their own (--event), or --into-existing to file them "
                f"into {event_id!r} as registered"
            )
        plan.notes.append(
            f"event {event_id} was registered already: its games are filed into it, with its facts as registered"
            + (f" ({'; '.join(disagree)})" if disagree else "")
        )
    records = record_import(ledger,
        {event_id: plan.event_facts}, plan.new_players, plan.priors, plan.games, f"tournament report of {event_id}",
        reported_on, dry_run, plan.byes, progress,
    )  # fmt: skip
    return plan, records


def import_pgn(
    ledger: RatingLedger,
    path: str,
    *,
    event: str | None = None,
    names: Mapping[str, str] | None = None,
    reported_on: str | None = None,
    dry_run: bool = False,
    date: str | None = None,
    again: bool = False,
    create_event: bool = False,
    progress: Checked | None = None,
) -> tuple[pgn_import.PgnPlan, list[LogRecord]]:
    """Import the games of a PGN file from their headers, in one transaction or not at all.

    ``names`` maps PGN names to players (for players without a FIDE id the ledger holds);
    ``event`` names the event of every game (else they are grouped by their Event headers): a registered
    one, or, with ``create_event``, a new one registered from the headers; a file whose games are recorded
    already is refused unless ``again`` (see the module's docstring). ``progress``: as :func:`record_import`
    checks the games.
    """
    from ledger import pgn, pgn_import  # python-chess, for a PGN file only

    try:
        with open(path, "rb") as handle:  # read line by line, in bounded memory
            games = pgn.read_binary(handle).games
    except OSError as error:
        raise unreadable(path, error) from None
    if event is not None:
        event = values.check_id(event, "event")
        if not create_event and ledger.aggregate(tournament_key(event), Tournament) is None:  # as game record
            raise UnknownEventError(
                f"unknown event {event!r}: register it first (ratings event register), or give --create-event "
                "to register it from the file's headers"
            )
    known = known_people(ledger)
    for player in (names or {}).values():
        if player not in known.people:
            raise UnknownPlayerError(f"the --players mapping names player {player!r}, who is not registered")
    plan = pgn_import.plan(
        games,
        known,
        names or {},
        event=event,
        registered=lambda name: ledger.aggregate(tournament_key(name), Tournament) is not None,
        date=ledger.past_day(date, "--date").isoformat() if date else None,
    )
    if not again:  # the same games imported twice
        check_not_recorded(ledger, path, plan.games, known.merged)
    records = record_import(ledger, plan.events, [], [], plan.games, "", reported_on, dry_run, (), progress)
    return plan, records


K_GAMES: Final = {10: 30, 20: 30, 40: 0}
"""The games a prior from FIDE's list records, by the K the list gives that rating (:func:`games_from_k`)."""


def games_from_k(k: int | None) -> int | None:
    """The games behind a rating of FIDE's list, for a prior: the count that gives the K the list gives.

    The list's games columns (``SGm``, ``RGm``, ``BGm``; XML ``games``…) are the games rated in the list's
    period, not the player's total; the total FIDE's K rule asks (B.02 §8.3.3: K 40 "until they have
    completed events with at least 30 games") is not on the list, but its K column says which side of 30 he
    is on. So: K 20 or 10 (at least 30 games completed, or K would be 40) → 30, "at least 30", which gives
    K 20 (10 from 2400 on) as FIDE does; K 40 (fewer than 30 games, or a junior under 2300: the list does not
    say which) → 0, which gives K 40 until 30 games are rated here; any other K, or none → None (not known).

    >>> games_from_k(20), games_from_k(10), games_from_k(40), games_from_k(None)
    (30, 30, 0, None)
    """
    return None if k is None else K_GAMES.get(k)


def import_fide_list(
    ledger: RatingLedger,
    path: str,
    *,
    as_of: str,
    reported_on: str | None = None,
    dry_run: bool = False,
    progress: Callable[[int, int], None] | None = None,
) -> FideListReport:
    """Record FIDE's published ratings of a monthly list (XML, TXT, or a zip of one) as ``fide``,
    ``fide-rapid`` and ``fide-blitz`` priors as of ``as_of``, for the registered players with a FIDE id,
    in one transaction. The list is streamed: only the ledger's own players are kept.

    Others on the list are counted, not recorded; a player who already has a prior of that system as of
    ``as_of`` keeps it (counted), so a list can be imported again after more players are registered. A
    prior's games are those its K implies (:func:`games_from_k`), never the list's games of the period.

    FIDE's list is the authority on a player's FIDE facts: where it gives his sex, title or federation
    otherwise than recorded (or none is recorded), a correction (``PlayerCorrected``, reason "FIDE list of
    <as-of>") records the list's; a blank on the list never erases a recorded fact (FIDE leaves the title of
    the untitled blank, and a recorded title is the officer's word until corrected); a player whose
    registration is reported after this import's date is not corrected by it. A value the ledger cannot hold
    (a federation code not FIDE's, :mod:`ledger.federations`) refuses the list, naming the line. ``progress``
    is told the bytes of the list read, and of how many (:func:`ledger.fide_list.read`).
    """
    day, reported = ledger.dated(as_of, "as-of date", reported_on)
    holders = ledger.identities().index("fide")
    found: dict[str, fide_list.FideEntry] = {}
    read = 0
    once = {int(number) for number in holders if number.isdigit()}  # none of them listed twice
    for entry in fide_list.read(path, once=once, progress=progress):
        read += 1
        player = holders.get(str(entry.fide_id))
        if player is not None:
            found[player] = entry
    aggregates: list[Aggregate] = []
    report = FideListReport(read=read, matched=len(found))
    for player, entry in sorted(found.items()):
        if ledger.player_void(player):
            report.void += 1
            continue
        aggregate = ledger.counting_player(player)
        try:
            listed = {
                "sex": values.check_sex(entry.sex),
                "title": values.check_title(entry.title),
                "federation": values.check_federation(entry.federation),
            }
        except LedgerError as error:
            raise _named(error, f"line {entry.line} (FIDE id {entry.fide_id}): {error}") from None
        changes = {
            field: value
            for field, value in listed.items()
            if value is not None and value != aggregate.registration.get(field)
        }
        if changes and aggregate.reported_on <= reported.isoformat():
            aggregate.record_correction(
                changes,
                reason=f"FIDE list of {day.isoformat()}",
                reported_on=reported.isoformat(),
                recorded_by=ledger.user,
            )
            report.corrected += 1
        for system, rated in (("fide", entry.standard), ("fide-rapid", entry.rapid), ("fide-blitz", entry.blitz)):
            if rated is None:
                continue
            if (system, day.isoformat()) in aggregate.priors:
                report.kept += 1
                continue
            games = games_from_k(rated.k)  # the K column, not the period's games (see games_from_k)
            try:
                values.check_prior(system, rated.rating, games)
            except LedgerError as error:
                raise _named(error, f"line {entry.line} (FIDE id {entry.fide_id}): {error}") from None
            aggregate.trigger_event(
                PriorRatingRecorded,
                player=player,
                system=system,
                rating=float(rated.rating),
                games=games,
                status=None,
                deviation=None,
                volatility=None,
                as_of=day.isoformat(),
                source=f"FIDE list of {day.isoformat()}" + (f", K {rated.k}" if rated.k is not None else ""),
                reported_on=reported.isoformat(),
                recorded_by=ledger.user,
            )
            report.priors[system] = report.priors.get(system, 0) + 1
        if aggregate.pending_events:
            aggregates.append(aggregate)
    if dry_run:
        report.records = ledger.save_or_preview(*aggregates, dry_run=True)
    elif aggregates:
        try:
            ledger.save(*aggregates)
        except IntegrityError:
            raise DuplicatePriorError(
                "another recording added priors of the same players meanwhile: nothing was imported; try again"
            ) from None
    return report


class Holder(NamedTuple):
    """A recorded game that a game of a file matches (:func:`check_not_recorded`)."""

    event: str | None
    game: str
    reported_on: str


def recorded_already(
    ledger: RatingLedger, games: Sequence[trf_import.PlannedGame], merged: Mapping[str, str]
) -> list[Holder]:
    """The recorded games that ``games`` match, each used once, in the order of ``games``: the
    same White, Black, result and date as first recorded (players through ``merged``), void games included,
    the games of a void event not.

    One read of the log's games; only those of the file's dates are decoded, so the memory is the matches'.
    """
    if not games:
        return []
    wanted = Counter((g.white, g.black, g.result, g.finished) for g in games)
    days = {day.encode() for _, _, _, day in wanted}
    found: dict[tuple[str, str, str, str], list[Holder]] = {}
    reader = ledger.reader()
    try:
        for record in reader.records_of(("GameRecorded",)):
            if not any(day in record.state for day in days):  # the date is in the stored JSON as it is
                continue
            facts = record.facts()
            white, black = merged.get(facts["white"], facts["white"]), merged.get(facts["black"], facts["black"])
            key = (white, black, facts["result"], facts["finished"])
            if key in wanted:
                found.setdefault(key, []).append(Holder(facts["event"], facts["game"], facts["reported_on"]))
    finally:
        reader.close()
    events = {holder.event for held in found.values() for holder in held if holder.event is not None}
    void = {e for e in events if (t := ledger.aggregate(tournament_key(e), Tournament)) is not None and t.voided}
    for held in found.values():
        held[:] = [holder for holder in held if holder.event not in void]
        held.reverse()  # popped in log order
    matched: list[Holder] = []
    for game in games:
        held = found.get((game.white, game.black, game.result, game.finished), [])
        if held:
            matched.append(held.pop())
    return matched


def check_not_recorded(
    ledger: RatingLedger, path: str, games: Sequence[trf_import.PlannedGame], merged: Mapping[str, str]
) -> None:
    """Refuse a file some of whose games are recorded already (:func:`recorded_already`), naming the events
    that hold them, or the games that belong to none."""
    held = recorded_already(ledger, games, merged)
    if not held:
        return
    by_event: dict[str, list[Holder]] = {}
    loose: list[str] = []
    for holder in held:
        if holder.event is None:
            loose.append(holder.game)
        else:
            by_event.setdefault(holder.event, []).append(holder)
    where = [
        f"in event {event} (reported {min(h.reported_on for h in holders)})" for event, holders in by_event.items()
    ]
    if loose:
        shown = ", ".join(loose[:3]) + (f" and {len(loose) - 3} more" if len(loose) > 3 else "")
        where.append(f"as game{'s' if len(loose) > 1 else ''} {shown} of no event")
    if len(held) == len(games):
        count = "its one game is" if len(games) == 1 else f"its {len(games)} games are"
    else:
        count = f"{len(held)} of its {len(games)} games {'is' if len(held) == 1 else 'are'}"
    raise AlreadyRecordedError(
        f"{path}: {count} recorded already, {' and '.join(where)}: give --again to import "
        f"{'them' if len(held) > 1 else 'it'} again"
    )


def record_import(
    ledger: RatingLedger,
    events: Mapping[str, Mapping[str, Any]],
    new_players: Sequence[trf_import.NewPlayer],
    priors: Sequence[trf_import.PlannedPrior],
    games: Sequence[trf_import.PlannedGame],
    source: str,
    reported_on: str | None,
    dry_run: bool,
    byes: Sequence[trf_import.PlannedBye] = (),
    progress: Checked | None = None,
) -> list[LogRecord]:
    """Record an import's facts in one transaction (or, ``dry_run``, return them): the events not yet
    registered, the new players with their FIDE ids, the priors, the games (a not-rated one voided with
    its reason); every fact checked as its own command checks it, the whole refused on the first fault.
    ``progress`` is told how many games are checked, of how many."""
    reported = ledger.reported_day(reported_on).isoformat()
    aggregates: list[Aggregate] = []
    new_events: set[str] = set()
    tournaments: dict[str, Tournament] = {}
    for event_id, given in events.items():
        registered = ledger.aggregate(tournament_key(event_id), Tournament)
        if registered is not None:
            if registered.voided:
                raise VoidError(f"event {event_id!r} is void: restore it before importing its games")
            tournaments[event_id] = registered
            continue
        new_events.add(event_id)
        tournaments[event_id] = ledger.new_tournament(event_id, {f: given.get(f) for f in TOURNAMENT_FIELDS}, reported)
        aggregates.append(tournaments[event_id])
    new_players_by_id: dict[str, Player] = {}
    for new in new_players:
        reg = check_registration(
            new.player, new.name, new.country, new.born, today=ledger.clock(), reported=date.fromisoformat(reported),
            sex=new.sex, title=new.title, federation=new.federation,
        )  # fmt: skip
        aggregate = ledger.new_player(reg, reported)
        new_players_by_id[new.player] = aggregate
        aggregates.append(aggregate)
        if new.fide_id is not None:
            aggregates.extend(ledger.identity_claims(new.player, {"fide": new.fide_id}, {}, "", reported))
    for prior in priors:
        values.check_prior("fide", prior.rating, None, None, None)
        holder = new_players_by_id.get(prior.player) or ledger.counting_player(prior.player)
        holder.trigger_event(
            PriorRatingRecorded,
            player=prior.player,
            system="fide",
            rating=float(prior.rating),
            games=prior.games,
            status=None,
            deviation=None,
            volatility=None,
            as_of=prior.as_of,
            source=source,
            reported_on=reported,
            recorded_by=ledger.user,
        )
        if prior.player not in new_players_by_id:
            aggregates.append(holder)
    born = {new.player: new.born for new in new_players}
    seen: set[str] = set()
    for number, game in enumerate(games, start=1):
        if progress is not None and number % 100 == 0:
            progress(number, len(games))
        where = f" (lines {game.lines[0]} and {game.lines[1]})" if game.lines[0] != game.lines[1] else (
            f" (line {game.lines[0]})"
        )  # fmt: skip
        try:
            facts_of = ledger.check_game(
                game.game, game.white, game.black, game.result, game.finished, None, game.time_control,
                game.forfeit, reported, lambda p: p in new_players_by_id or ledger.player_counts(p), None,
                game.mode,
            )  # fmt: skip
            if game.event is not None and game.event not in new_events:
                ledger.check_in_tournament(game.event, facts_of.finished)
            ledger.check_born(facts_of.finished, game.white, game.black, born=lambda p: born.get(p) or ledger.born(p))
        except LedgerError as error:
            raise _named(error, f"game {game.game}{where}: {error}") from None
        facts_of = GameFacts(**{**vars(facts_of), "event": game.event})
        if facts_of.game in seen:
            raise DuplicateGameError(f"two games of the file have the id {facts_of.game!r}{where}")
        if ledger.aggregate(game_key(facts_of.game), Game) is not None:
            raise DuplicateGameError(
                f"game {facts_of.game!r}{where} is already recorded: was this file imported before?"
            )
        seen.add(facts_of.game)
        recorded = ledger.new_game(facts_of)
        if game.not_rated:
            recorded.trigger_event(
                GameVoided,
                game=facts_of.game,
                reason=trf_import.NOT_RATED,
                reported_on=reported,
                recorded_by=ledger.user,
            )
        aggregates.append(recorded)
    if progress is not None:
        progress(len(games), len(games))
    if byes:
        (event_id,) = events  # a TRF import: one event
        held = tournaments[event_id]
        for bye in byes:
            try:  # the file's rounds are its own: a bye has no game in its round (ledger.trf checks both lines)
                ledger.new_bye(held, bye.player, bye.round, bye.kind, reported, bye.points, check_games=False)
            except LedgerError as error:
                raise _named(error, f"line {bye.line}: round {bye.round}: {error}") from None
        if event_id not in new_events:
            aggregates.append(held)
    if dry_run:
        return ledger.save_or_preview(*aggregates, dry_run=True)
    try:
        ledger.save(*aggregates)
    except IntegrityError:
        raise DuplicateGameError(
            "another recording added some of the same facts meanwhile: nothing was imported; try again"
        ) from None
    return []


def _named(error: LedgerError, message: str) -> LedgerError:
    """``error`` again, its message naming where it was met (of its own class where that takes a message)."""
    try:
        return type(error)(message)
    except TypeError:
        return LedgerError(message)
