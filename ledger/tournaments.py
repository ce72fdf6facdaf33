"""The tournament's facts (a tournament, a match, an IECG group: the CLI calls it an event): its registration
and its corrections, voids and restorations, its pairings, withdrawals from it (IECG C §9), entries into it
(IECG D §2.4–2.8) and byes (a round without a game, TRF16's ``H F U Z`` and ``+``/``-`` without an opponent);
and what a game asks of the tournament it names.

A bye is bounded at the door (:meth:`Tournaments.record_bye`): a kind of :data:`ledger.events.BYE_KINDS`, a round
from 1 to the event's rounds (when it says them), a player who counts (and who entered the event, for an event
with entries), one bye a player a round, and none in a round where he is paired or has a game of the event (a
game is placed in a round by its import id ``<event>-R<round>-...`` or its pairing). A bye is undone by a
:class:`~ledger.events.TournamentByeVoided` (:meth:`Tournaments.void_bye`), never edited.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from typing import Any

from ledger import values
from ledger.corrections import Corrections, Kind
from ledger.errors import (
    DuplicateEventError,
    DuplicateGameError,
    DuplicateWithdrawalError,
    InvalidValueError,
    LedgerError,
    UnknownEventError,
    VoidError,
)
from ledger.events import (
    BYE_KINDS,
    TOURNAMENT_FIELDS,
    Game,
    Tournament,
    TournamentByeRecorded,
    TournamentByeVoided,
    TournamentEntered,
    TournamentPaired,
    TournamentRegistered,
    TournamentWithdrawn,
    game_key,
    tournament_key,
)
from ledger.players import Players
from ledger.store import LogRecord


def _unknown(tournament: str) -> LedgerError:
    return UnknownEventError(f"unknown event {tournament!r}: register it first (ratings event register)")


TOURNAMENT = Kind(Tournament, "event", "event", tournament_key, _unknown)
"""Tournaments, as the application finds them to correct, void and restore (refusals call them events)."""


class Tournaments(Players, Corrections):
    """The tournament's facts, and the checks a game makes of its tournament."""

    _tournaments_seen: dict[str, dict[str, Any]] | None = None
    """While an import checks its rows: the tournaments its rows named, as looked up once."""

    def tournament(self, tournament: str) -> Tournament:
        """The registered tournament ``tournament`` (void or not), or refuse naming it."""
        return self.find(TOURNAMENT, tournament)

    # --- what a game asks of its tournament -----------------------------------------------------------------

    def check_in_tournament(self, tournament: str, finished: str) -> str:
        """The id of the registered tournament a game of ``finished`` names: it counts, and the game is within
        its dates."""
        tournament = values.check_id(tournament, "event")
        found = self.tournament_facts(tournament)
        start, end = found.get("start"), found.get("end")
        if isinstance(start, str) and finished < start:
            raise InvalidValueError(f"the game finished on {finished}, before event {tournament!r} started on {start}")
        if isinstance(end, str) and finished > end:
            raise InvalidValueError(f"the game finished on {finished}, after event {tournament!r} ended on {end}")
        return tournament

    def tournament_facts(self, tournament: str) -> dict[str, Any]:
        """The facts of a registered tournament that counts, as corrected (cached for an import's rows)."""
        seen = self._tournaments_seen
        cached = seen.get(tournament) if seen is not None else None
        if cached is not None:
            return cached
        found = self.aggregate(tournament_key(tournament), Tournament)
        if found is None:
            raise _unknown(tournament)
        if found.voided:
            raise VoidError(f"event {tournament!r} is void: restore it before recording its games")
        if seen is not None:
            seen[tournament] = found.facts
        return found.facts

    # --- registration ---------------------------------------------------------------------------------------

    def register_tournament(
        self,
        tournament: str,
        *,
        name: str,
        type: str,
        start: str,
        end: str | None = None,
        rate_of_play: str | None = None,
        mode: str | None = None,
        rating_class: str | None = None,
        rounds: int | None = None,
        site: str | None = None,
        federation: str | None = None,
        chief_arbiter: str | None = None,
        deputy_arbiters: list[str] | None = None,
        round_dates: list[str | None] | None = None,
        reported_on: str | None = None,
    ) -> dict[str, Any]:
        """Register a tournament (a match, an IECG group); refused for an id already registered.

        Returns its facts as recorded.
        """
        tournament = values.check_id(tournament, "event")
        reported = self.reported_day(reported_on).isoformat()
        given = (name, type, start, end, rate_of_play, mode, rating_class, rounds, site, federation, chief_arbiter,
                 deputy_arbiters, round_dates)  # fmt: skip
        aggregate = self.new_tournament(tournament, dict(zip(TOURNAMENT_FIELDS, given, strict=True)), reported)
        duplicate = DuplicateEventError(f"event {tournament!r} is already registered")
        if self.aggregate(tournament_key(tournament), Tournament) is not None:
            raise duplicate
        self._save_new(aggregate, duplicate)
        return dict(aggregate.facts)

    def new_tournament(self, tournament: str, given: Mapping[str, Any], reported: str) -> Tournament:
        """The aggregate of a new tournament of id ``tournament`` (checked) with the facts ``given`` (one of each
        of :data:`~ledger.events.TOURNAMENT_FIELDS`), checked as :meth:`register_tournament` checks them, to be
        saved."""
        facts = {field: self._tournament_value(field, given[field]) for field in TOURNAMENT_FIELDS}
        self._check_dates(tournament, facts)
        return Tournament._create(
            TournamentRegistered, event=tournament, **facts, reported_on=reported, recorded_by=self.user
        )

    def _tournament_value(self, field: str, value: Any) -> Any:
        """A tournament's fact, checked (:func:`ledger.values.check_event_fact`); a date given as text is read
        and may be ahead of today (an event is registered before it starts), by at most
        :data:`~ledger.values.EVENT_AHEAD_DAYS` days; its games still cannot finish before it starts."""
        if field in ("start", "end") and isinstance(value, str) and value:
            return self._event_day(value, f"{field} date").isoformat()
        if field in ("name", "site") and value not in (None, ""):  # free text, recorded as given
            values.check_free_text(value, "event name" if field == "name" else "site")
        if field in ("deputy_arbiters", "round_dates") and isinstance(value, tuple):
            value = list(value)
        if field == "round_dates" and isinstance(value, list):
            value = [day if day is None else self._event_day(day, "round date").isoformat() for day in value]
        return values.check_event_fact(field, value)

    def _event_day(self, text: str, what: str) -> date:
        """An event's date: a date from 1900, at most :data:`~ledger.values.EVENT_AHEAD_DAYS` days after today."""
        day = values.check_day(values.parse_date(text, what), what)
        values.event_day(day, self.clock(), what)
        return day

    @staticmethod
    def _check_dates(tournament: str, facts: Mapping[str, Any]) -> None:
        start, end = facts["start"], facts["end"]
        if end is not None and end < start:
            raise InvalidValueError(f"event {tournament!r} would end on {end}, before it starts on {start}")
        dates = facts.get("round_dates") or []
        rounds = facts.get("rounds")
        if isinstance(rounds, int) and len(dates) > rounds:
            raise InvalidValueError(f"event {tournament!r} has {rounds} rounds but {len(dates)} round dates")
        for number, day in enumerate(dates, start=1):
            if day is not None and (day < start or (end is not None and day > end)):
                raise InvalidValueError(
                    f"round {number} of event {tournament!r} on {day} is outside its dates ({start} to {end or '...'})"
                )

    # --- correcting, voiding and restoring ------------------------------------------------------------------

    def correct_tournament(
        self,
        tournament: str,
        *,
        changes: Mapping[str, Any],
        reason: str,
        reported_on: str | None = None,
        dry_run: bool = False,
    ) -> list[LogRecord]:
        """Correct facts of a registered tournament (a new event in the log; the registration is never edited).

        A game recorded in the tournament keeps naming it: a correction of its dates is not checked against them
        (its games are in the log, not in the aggregate; a game outside its tournament's dates is rated in its
        own period). With ``dry_run`` nothing is written and the event is returned as it would be stored.
        """
        aggregate, reason, reported = self.open_correction(TOURNAMENT, tournament, changes, reason, reported_on)
        corrected = dict(aggregate.facts)
        for field, value in changes.items():
            corrected[field] = self._tournament_value(field, value)
        self._check_dates(aggregate.tournament, corrected)
        _, stated = self.differences(aggregate, changes, corrected)
        self.correct_with(aggregate, stated, reason, reported)
        return self.save_or_preview(aggregate, dry_run=dry_run)

    def void_tournament(
        self, tournament: str, *, reason: str, reported_on: str | None = None, dry_run: bool = False
    ) -> list[LogRecord]:
        """Void a tournament registered in error: it and every game naming it no longer count."""
        return self._void_or_restore(TOURNAMENT, tournament, True, reason, reported_on, dry_run)

    def restore_tournament(
        self, tournament: str, *, reason: str, reported_on: str | None = None, dry_run: bool = False
    ) -> list[LogRecord]:
        """Restore a voided tournament: it and its games count again."""
        return self._void_or_restore(TOURNAMENT, tournament, False, reason, reported_on, dry_run)

    # --- pairings, withdrawals and entries ------------------------------------------------------------------

    def pair_in_tournament(
        self, tournament: str, *, round: int, white: str, black: str, reported_on: str | None = None
    ) -> None:
        """Record a pairing of the tournament: ``white`` against ``black`` in round ``round``, a game to be
        played (a pairing with no game is unfinished: a withdrawal forfeits it, IECG C §9A)."""
        aggregate = self.tournament(tournament)
        name = aggregate.tournament
        if aggregate.voided:
            raise VoidError(f"event {name!r} is void: restore it before pairing its players")
        number = values.check_whole(round, "round", values.ROUNDS)
        white, black = self.check_opponents(white, black, self.player_counts)
        reported = self._after_report(aggregate.reported_on, reported_on, f"event {name!r}", "pairing")
        if (number, white, black) in aggregate.pairings:
            raise DuplicateGameError(f"{white} v {black} is already paired in round {number} of {name!r}")
        aggregate.trigger_event(
            TournamentPaired,
            event=name,
            round=number,
            white=white,
            black=black,
            reported_on=reported,
            recorded_by=self.user,
        )
        self.save(aggregate)

    def withdraw_from_tournament(
        self, player: str, *, tournament: str, on: str, silent: bool = False, reported_on: str | None = None
    ) -> None:
        """Record a player's withdrawal from a registered tournament (IECG C §9): his unfinished pairings are
        forfeited in the score table (C §9A); his games are rated as their facts say (a withdrawal forfeit
        never, §VIII.2)."""
        player = values.check_id(player, "player id")
        self.counting_player(player)
        aggregate = self.tournament(tournament)
        name = aggregate.tournament
        if aggregate.voided:
            raise VoidError(f"event {name!r} is void")
        day, reported = self.dated(on, "withdrawal date", reported_on)
        if day.isoformat() < aggregate.facts["start"]:
            raise InvalidValueError(
                f"withdrawal date {day.isoformat()} is before event {name!r} started on {aggregate.facts['start']}"
            )
        if player in aggregate.withdrawn:
            raise DuplicateWithdrawalError(f"player {player!r} already withdrew from event {name!r}")
        aggregate.trigger_event(
            TournamentWithdrawn,
            event=name,
            player=player,
            on=day.isoformat(),
            silent=silent,
            reported_on=reported.isoformat(),
            recorded_by=self.user,
        )
        self.save(aggregate)

    def enter_tournament(
        self, player: str, *, tournament: str, on: str, ticket: str | None = None, reported_on: str | None = None
    ) -> None:
        """Record a player's entry into an IECG group on ``on`` (IECG Rules and Regulations 5.1a, D §2.4–2.5),
        using the promotion ticket won in the group ``ticket`` (D §2.4c, §2.5c, §2.5f, §2.8.5), or none. A fact,
        not a decision: whether he may enter (D §2.4–2.8, C §9) is :mod:`projections.eligibility`'s, asked before
        recording it."""
        player = values.check_id(player, "player id")
        self.counting_player(player)
        aggregate = self.tournament(tournament)
        name = aggregate.tournament
        if aggregate.voided:
            raise VoidError(f"event {name!r} is void")
        kind, klass = aggregate.facts["type"], aggregate.facts["rating_class"]
        if kind not in ("class", "quad", "invitational"):
            raise InvalidValueError(
                f"event {name!r} is a {kind} event: only IECG class, quad and invitational groups are entered "
                "(D §2.4, §2.5, §2.8)"
            )
        if klass is None:
            raise InvalidValueError(
                f"event {name!r} has no class (D §2.4a, §2.5a): correct it first "
                f"(ratings event correct {name} --class M|1|2|3|N --reason TEXT)"
            )
        day, reported = self.dated(on, "entry date", reported_on)
        end = aggregate.facts["end"]
        if end is not None and day.isoformat() > end:
            raise InvalidValueError(f"entry date {day.isoformat()} is after event {name!r} ended on {end}")
        for entrant, entered, _ in aggregate.entries:
            if entrant == player:
                raise LedgerError(f"player {player!r} already entered event {name!r} on {entered}")
        if ticket is not None:
            origin = self.tournament(ticket)
            ticket = origin.tournament
            if ticket == name:
                raise InvalidValueError(f"the entry into {name!r} cannot use a ticket won in {name!r} itself")
            if origin.voided:
                raise VoidError(f"event {ticket!r}, whose ticket the entry would use, is void")
        aggregate.trigger_event(
            TournamentEntered,
            event=name,
            player=player,
            on=day.isoformat(),
            ticket=ticket,
            reported_on=reported.isoformat(),
            recorded_by=self.user,
        )
        self.save(aggregate)

    # --- byes -----------------------------------------------------------------------------------------------

    def new_bye(
        self,
        aggregate: Tournament,
        player: str,
        round: int,
        kind: str,
        reported: str,
        points: str | None = None,
        check_games: bool = True,
    ) -> None:
        """Trigger a bye of ``player`` in round ``round`` on ``aggregate`` (unsaved), checked as the module says;
        ``check_games`` False when the caller (an import) knows the round's games itself."""
        name = aggregate.tournament
        if aggregate.voided:
            raise VoidError(f"event {name!r} is void: restore it before recording its byes")
        if kind not in BYE_KINDS:
            raise InvalidValueError(f"bye kind {kind!r} is not one of {' '.join(BYE_KINDS)} (TRF16 codes)")
        if points is not None and points not in ("0", "0.5", "1"):
            raise InvalidValueError(f"bye points {points!r} are not 0, 0.5 or 1")
        number = values.check_whole(round, "round", values.ROUNDS)
        rounds = aggregate.facts.get("rounds")
        if isinstance(rounds, int) and number > rounds:
            raise InvalidValueError(f"round {number} is after the last round of event {name!r} ({rounds} rounds)")
        entrants = {entrant for entrant, _, _ in aggregate.entries}
        if entrants and player not in entrants:
            raise InvalidValueError(f"player {player!r} did not enter event {name!r}: no bye for him")
        if (player, number) in aggregate.byes:
            held = aggregate.byes[(player, number)][0]
            raise DuplicateGameError(
                f"player {player!r} already has a bye ({held}) in round {number} of {name!r}: void it first "
                f"(ratings event bye-void {name} {player} {number} --reason TEXT)"
            )
        for paired_round, white, black in aggregate.pairings:
            if paired_round == number and player in (white, black):
                raise InvalidValueError(f"player {player!r} is paired in round {number} of {name!r}: no bye")
        if check_games:
            self._no_game_in_round(name, player, number)
        aggregate.trigger_event(
            TournamentByeRecorded,
            event=name,
            player=player,
            round=number,
            kind=kind,
            points=points,
            reported_on=reported,
            recorded_by=self.user,
        )

    def _no_game_in_round(self, tournament: str, player: str, number: int) -> None:
        """Refuse a bye where the player has a game of the event in that round (by its import id)."""
        prefix = f"{tournament}-R{number}-"
        marker = f"-R{number}-".encode()  # ASCII in every JSON encoding of the id: only such states are decoded
        reader = self.reader()
        try:
            ids = [
                game
                for record in reader.records_of(("GameRecorded",))
                if marker in record.state and str(game := record.facts().get("game", "")).startswith(prefix)
            ]
        finally:
            reader.close()
        for game_id in ids:
            game = self.aggregate(game_key(game_id), Game)
            if game is None or game.voided or game.facts.get("event") != tournament:
                continue
            if player in (game.facts["white"], game.facts["black"]):
                raise InvalidValueError(f"player {player!r} has game {game_id} in round {number} of {tournament!r}")

    def record_bye(
        self,
        tournament: str,
        *,
        player: str,
        round: int,
        kind: str,
        points: str | None = None,
        reported_on: str | None = None,
    ) -> None:
        """Record a bye of ``player`` in round ``round`` of the event (counted in its score table, never rated)."""
        player = values.check_id(player, "player id")
        self.counting_player(player)
        aggregate = self.tournament(tournament)
        reported = self._after_report(aggregate.reported_on, reported_on, f"event {aggregate.tournament!r}", "bye")
        self.new_bye(aggregate, player, round, kind, reported, points)
        self.save(aggregate)

    def void_bye(self, tournament: str, *, player: str, round: int, reason: str, reported_on: str | None = None) -> str:
        """Void a bye recorded in error (a new fact: the bye is never edited); returns its kind."""
        aggregate = self.tournament(tournament)
        name = aggregate.tournament
        reason = values.check_text(reason, "reason")
        number = values.check_whole(round, "round", values.ROUNDS)
        held = aggregate.byes.get((player, number))
        if held is None:
            raise InvalidValueError(f"player {player!r} has no bye in round {number} of {name!r}")
        reported = self._after_report(aggregate.reported_on, reported_on, f"event {name!r}", "void")
        aggregate.trigger_event(
            TournamentByeVoided,
            event=name,
            player=player,
            round=number,
            reason=reason,
            reported_on=reported,
            recorded_by=self.user,
        )
        self.save(aggregate)
        return held[0]
