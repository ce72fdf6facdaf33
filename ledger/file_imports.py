"""Files other programs wrote, recorded in the ledger (issue 13): FIDE tournament reports (TRF), PGN games,
FIDE's rating lists.

Each reader is pure (:mod:`ledger.trf`, :mod:`ledger.pgn`, :mod:`ledger.fide_list`), each plan too
(:mod:`ledger.trf_import`, :mod:`ledger.pgn_import`); here they meet the ledger: what it holds is read for the
plan (:func:`known_people`), and the plan's facts are checked as their own commands check them and recorded in
one transaction (:func:`record_import`), or returned unrecorded with ``dry_run``.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any

from eventsourcing.domain import Aggregate
from eventsourcing.persistence import IntegrityError

from ledger import fide_list, pgn, pgn_import, trf, trf_import, values
from ledger.application import GameFacts, RatingLedger, _named, _unreadable, check_registration
from ledger.errors import DuplicateGameError, DuplicatePriorError, LedgerError, UnknownPlayerError, VoidError
from ledger.events import (
    EVENT_FIELDS,
    Game,
    GameRecorded,
    GameVoided,
    Player,
    PlayerRegistered,
    PriorRatingRecorded,
    Tournament,
    TournamentRegistered,
    event_key,
    game_key,
)
from ledger.store import LogRecord


@dataclass
class FideListReport:
    """What an import of a FIDE list did: players read, matched, priors recorded by system, kept, void."""

    read: int
    matched: int
    priors: dict[str, int] = dataclasses.field(default_factory=dict)
    kept: int = 0
    """Priors not recorded: the player already had one of that system as of the date."""
    void: int = 0
    records: list[LogRecord] = dataclasses.field(default_factory=list)
    """With ``dry_run``: the events that would be recorded."""


def known_people(ledger: RatingLedger) -> trf_import.Known:
    """What an import plan needs of the ledger, in one read of the players' facts."""
    people: dict[str, tuple[str, str | None]] = {}
    void: dict[str, bool] = {}
    merged: dict[str, str] = {}
    earliest: dict[str, str] = {}
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
            else:
                void[player] = record.type == "PlayerVoided"
    finally:
        reader.close()
    return trf_import.Known(  # a number held by a merged duplicate identifies his original (issue 13 §4)
        fide_ids={number: merged.get(p, p) for number, p in ledger.identities().index("fide").items()},
        people={p: facts for p, facts in people.items() if not void.get(p) and p not in merged},
        registered=set(people),
        fide_priors=earliest,
        today=ledger.clock().isoformat(),
    )


def import_trf(
    ledger: RatingLedger,
    path: str,
    *,
    event: str | None = None,
    register_new: bool = False,
    priors: bool = False,
    reported_on: str | None = None,
    dry_run: bool = False,
) -> tuple[trf_import.TrfPlan, list[LogRecord]]:
    """Import a FIDE tournament report (TRF16 or TRF-2026): its event, players, priors and games, in one
    transaction or not at all (issue 13 §1); ``dry_run`` records nothing and returns what it would.

    ``event`` is the event's id (default: the file's name without its extension); an event already
    registered under it takes the games (they must fall within its dates).
    """
    try:
        with open(path, encoding="utf-8-sig", newline="") as handle:
            text = handle.read()
    except OSError as error:
        raise _unreadable(path, error) from None
    except UnicodeDecodeError:
        try:
            with open(path, encoding="latin-1", newline="") as handle:  # Swiss-Manager's older files
                text = handle.read()
        except OSError as error:
            raise _unreadable(path, error) from None
    parsed = trf.parse(text)
    event_id = values.check_id(event if event is not None else os.path.splitext(os.path.basename(path))[0], "event")
    plan = trf_import.plan(parsed, event_id, known_people(ledger), register_new=register_new, priors=priors)
    records = record_import(ledger,
        {event_id: plan.event_facts}, plan.new_players, plan.priors, plan.games, f"tournament report of {event_id}",
        reported_on, dry_run,
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
) -> tuple[pgn_import.PgnPlan, list[LogRecord]]:
    """Import the games of a PGN file from their headers (issue 13 §2), in one transaction or not at all.

    ``names`` maps PGN names to players (for players without a FIDE id the ledger holds);
    ``event`` names the event of every game (else they are grouped by their Event headers).
    """
    try:
        with open(path, encoding="utf-8-sig", newline="") as handle:
            games = pgn.read(handle).games
    except OSError as error:
        raise _unreadable(path, error) from None
    if event is not None:
        event = values.check_id(event, "event")
    known = known_people(ledger)
    for player in (names or {}).values():
        if player not in known.people:
            raise UnknownPlayerError(f"the --players mapping names player {player!r}, who is not registered")
    plan = pgn_import.plan(
        games,
        known,
        names or {},
        event=event,
        registered=lambda name: ledger._get(event_key(name), Tournament) is not None,
        date=ledger._day(date, "--date").isoformat() if date else None,
    )
    records = record_import(ledger, plan.events, [], [], plan.games, "", reported_on, dry_run)
    return plan, records


def import_fide_list(
    ledger: RatingLedger, path: str, *, as_of: str, reported_on: str | None = None, dry_run: bool = False
) -> FideListReport:
    """Record FIDE's published ratings of a monthly list (XML, TXT, or a zip of one) as ``fide``,
    ``fide-rapid`` and ``fide-blitz`` priors as of ``as_of``, for the registered players with a FIDE id
    (issue 13 §3); one transaction. The list is streamed: only the ledger's own players are kept.

    Others on the list are counted, not recorded; a player who already has a prior of that system as of
    ``as_of`` keeps it (counted), so a list can be imported again after more players are registered.
    """
    day, reported = ledger._dated(as_of, "as-of date", reported_on)
    holders = ledger.identities().index("fide")
    found: dict[str, fide_list.FideEntry] = {}
    read = 0
    for entry in fide_list.read(path):
        read += 1
        player = holders.get(str(entry.fide_id))
        if player is not None:
            found[player] = entry
    aggregates: list[Aggregate] = []
    report = FideListReport(read=read, matched=len(found))
    for player, entry in sorted(found.items()):
        if ledger._player_void(player):
            report.void += 1
            continue
        aggregate = ledger._counting_player(player)
        for system, rated in (("fide", entry.standard), ("fide-rapid", entry.rapid), ("fide-blitz", entry.blitz)):
            if rated is None:
                continue
            if (system, day.isoformat()) in aggregate.priors:
                report.kept += 1
                continue
            try:
                values.check_prior(system, rated.rating, rated.games)
            except LedgerError as error:
                raise _named(error, f"line {entry.line} (FIDE id {entry.fide_id}): {error}") from None
            aggregate.trigger_event(
                PriorRatingRecorded,
                player=player,
                system=system,
                rating=float(rated.rating),
                games=rated.games,
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
        report.records = ledger._save_or_preview(*aggregates, dry_run=True)
    elif aggregates:
        try:
            ledger.save(*aggregates)
        except IntegrityError:
            raise DuplicatePriorError(
                "another recording added priors of the same players meanwhile: nothing was imported; try again"
            ) from None
    return report


def record_import(
    ledger: RatingLedger,
    events: Mapping[str, Mapping[str, Any]],
    new_players: Sequence[trf_import.NewPlayer],
    priors: Sequence[trf_import.PlannedPrior],
    games: Sequence[trf_import.PlannedGame],
    source: str,
    reported_on: str | None,
    dry_run: bool,
) -> list[LogRecord]:
    """Record an import's facts in one transaction (or, ``dry_run``, return them): the events not yet
    registered, the new players with their FIDE ids, the priors, the games (a not-rated one voided with
    its reason); every fact checked as its own command checks it, the whole refused on the first fault."""
    reported = ledger._reported(reported_on).isoformat()
    aggregates: list[Aggregate] = []
    new_events: set[str] = set()
    for event_id, given in events.items():
        registered = ledger._get(event_key(event_id), Tournament)
        if registered is not None:
            if registered.voided:
                raise VoidError(f"event {event_id!r} is void: restore it before importing its games")
            continue
        new_events.add(event_id)
        facts = {field: ledger._event_value(field, given[field]) for field in EVENT_FIELDS}
        ledger._check_event_dates(event_id, facts)
        aggregates.append(
            Tournament._create(
                TournamentRegistered, event=event_id, **facts, reported_on=reported, recorded_by=ledger.user
            )
        )
    new_players_by_id: dict[str, Player] = {}
    for new in new_players:
        reg = check_registration(
            new.player, new.name, new.country, new.born, today=ledger.clock(), reported=date.fromisoformat(reported)
        )
        aggregate = Player._create(PlayerRegistered, **reg._asdict(), reported_on=reported, recorded_by=ledger.user)
        new_players_by_id[new.player] = aggregate
        aggregates.append(aggregate)
        if new.fide_id is not None:
            aggregates.extend(ledger._identity_events(new.player, {"fide": new.fide_id}, {}, "", reported))
    for prior in priors:
        values.check_prior("fide", prior.rating, None, None, None)
        holder = new_players_by_id.get(prior.player) or ledger._counting_player(prior.player)
        holder.trigger_event(
            PriorRatingRecorded,
            player=prior.player,
            system="fide",
            rating=float(prior.rating),
            games=None,
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
    for game in games:
        where = f" (lines {game.lines[0]} and {game.lines[1]})" if game.lines[0] != game.lines[1] else (
            f" (line {game.lines[0]})"
        )  # fmt: skip
        try:
            facts_of = ledger._check_game(
                game.game, game.white, game.black, game.result, game.finished, None, game.time_control,
                game.forfeit, reported, lambda p: p in new_players_by_id or ledger._player_counts(p), None,
                game.mode,
            )  # fmt: skip
            if game.event is not None and game.event not in new_events:
                ledger._check_game_event(game.event, facts_of.finished)
            ledger._check_born(facts_of.finished, game.white, game.black, born=lambda p: born.get(p) or ledger._born(p))
        except LedgerError as error:
            raise _named(error, f"game {game.game}{where}: {error}") from None
        facts_of = GameFacts(**{**vars(facts_of), "event": game.event})
        if facts_of.game in seen:
            raise DuplicateGameError(f"two games of the file have the id {facts_of.game!r}{where}")
        if ledger._get(game_key(facts_of.game), Game) is not None:
            raise DuplicateGameError(
                f"game {facts_of.game!r}{where} is already recorded: was this file imported before?"
            )
        seen.add(facts_of.game)
        recorded = Game._create(GameRecorded, **vars(facts_of), recorded_by=ledger.user)
        if game.not_rated:
            recorded.trigger_event(
                GameVoided,
                game=facts_of.game,
                reason=trf_import.NOT_RATED,
                reported_on=reported,
                recorded_by=ledger.user,
            )
        aggregates.append(recorded)
    if dry_run:
        return ledger._save_or_preview(*aggregates, dry_run=True)
    try:
        ledger.save(*aggregates)
    except IntegrityError:
        raise DuplicateGameError(
            "another recording added some of the same facts meanwhile: nothing was imported; try again"
        ) from None
    return []
