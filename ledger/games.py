"""The game's facts: a finished game and its result as reported (IECG §VIII.1–2 for forfeits), its
corrections, voids and restorations, and an adjudicator's decision (IECG §VIII.3).

A game may name the registered tournament it belongs to: its ``event``, as its events store it (the CLI's
``--event``); ``tournament`` is the free-text name it always had.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import date
from typing import Any

from ledger import values
from ledger.corrections import Corrections, Kind
from ledger.errors import (
    AlreadyAdjudicatedError,
    DuplicateGameError,
    FutureDateError,
    LedgerError,
    NotAdjudicableError,
    UnknownGameError,
    VoidError,
)
from ledger.events import Game, GameAdjudicated, GameRecorded, game_key
from ledger.players import Players
from ledger.store import LogRecord
from ledger.tournaments import Tournaments

GAME = Kind(Game, "game", "game id", game_key, lambda game: UnknownGameError(f"unknown game {game!r}"))
"""Games, as the application finds them to correct, void and restore."""


@dataclass(frozen=True)
class GameFacts:
    """A validated game, before it becomes an event (the fields of :class:`~ledger.events.GameRecorded`)."""

    game: str
    white: str
    black: str
    result: str
    finished: str
    tournament: str | None
    time_control: str | None
    event: str | None
    mode: str | None
    forfeit: str
    reported_on: str


class Games(Tournaments, Players, Corrections):
    """The game's facts."""

    def game(self, game: str) -> Game:
        """The recorded game (void or not), or :class:`UnknownGameError`."""
        return self.find(GAME, game)

    # --- checking a game ------------------------------------------------------------------------------------

    def check_game(
        self,
        game: str,
        white: str,
        black: str,
        result: str,
        finished: str,
        tournament: str | None,
        time_control: str | None,
        forfeit: str | None,
        reported_on: str | None,
        known: Callable[[str], bool],
        event: str | None = None,
        mode: str | None = None,
    ) -> GameFacts:
        """A game's facts checked as :meth:`record_game` checks them (``known``: whether a player counts), but
        not against the players' birth dates (:meth:`check_born`) nor the games recorded."""
        game = values.check_id(game, "game id")
        white, black = self.check_opponents(white, black, known)
        values.check_result(result)
        finished_on, reported = self._check_game_dates(finished, reported_on)
        kind, tc = values.check_game_kind(forfeit, time_control)
        values.check_forfeit_result(result, kind)  # IECG §VIII.3: a forfeit is a win, never a draw
        name = values.check_free_text(tournament, "tournament", required=False) if tournament else None
        registered = self.check_in_tournament(event, finished_on) if event else None
        mode = values.check_choice(mode, values.MODES, "mode") if mode else None
        return GameFacts(game, white, black, result, finished_on, name or None, tc, registered, mode, kind, reported)

    def _check_game_dates(self, finished: str, reported_on: str | None) -> tuple[str, str]:
        """The finished and reported dates of a game as ISO text (a function of the texts and today)."""
        finished_day = values.check_day(values.parse_date(finished, "finished date"), "finished date")
        reported = self.reported_day(reported_on)
        values.not_after(finished_day, self.clock(), "finished date", "today")
        values.not_after(finished_day, reported, "finished date", "the reported date")
        return finished_day.isoformat(), reported.isoformat()

    def new_game(self, facts: GameFacts) -> Game:
        """The aggregate of a new game of the checked ``facts``, to be saved."""
        return Game._create(GameRecorded, **vars(facts), recorded_by=self.user)

    # --- recording and adjudicating -------------------------------------------------------------------------

    def record_game(
        self,
        game: str,
        *,
        white: str,
        black: str,
        result: str,
        finished: str,
        tournament: str | None = None,
        time_control: str | None = None,
        forfeit: str | None = None,
        reported_on: str | None = None,
        event: str | None = None,
        mode: str | None = None,
    ) -> GameFacts:
        """Record a finished game, refusing a second recording of the game id.

        ``event`` names a registered tournament: the game must finish within its dates; ``mode`` (``otb``,
        ``email``, ``online``) and ``time_control`` override the tournament's.
        """
        facts = self.check_game(
            game,
            white,
            black,
            result,
            finished,
            tournament,
            time_control,
            forfeit,
            reported_on,
            self.player_counts,
            event,
            mode,
        )
        self.check_born(facts.finished, facts.white, facts.black)
        duplicate = DuplicateGameError(f"game {facts.game!r} is already recorded")
        if self.aggregate(game_key(facts.game), Game) is not None:
            raise duplicate
        self._save_new(self.new_game(facts), duplicate)
        return facts

    def adjudicate_game(self, game: str, *, result: str, on: str, reported_on: str | None = None) -> None:
        """Record an adjudicator's decision on a game (IECG §VIII.3)."""
        game = values.check_id(game, "game id")
        values.check_result(result, "adjudicated result")
        decided, reported = self.dated(on, "adjudication date", reported_on)
        aggregate = self.game(game)
        if aggregate.voided:
            raise VoidError(f"game {game!r} is void: restore it before adjudicating it")
        if aggregate.adjudicated_on is not None:
            raise AlreadyAdjudicatedError(f"game {game!r} was already adjudicated on {aggregate.adjudicated_on}")
        if aggregate.facts["forfeit"] == "none":
            # IECG §VIII.3: the remaining player of a withdrawal may request an adjudication; an arbiter's
            # forfeit (§VIII.1) may be decided too. A game that finished normally has its result.
            raise NotAdjudicableError(
                f"game {game!r} finished normally ({aggregate.facts['result']} on {aggregate.finished}): only a "
                "forfeited or unfinished game is adjudicated (IECG §VIII.3); to change its result use "
                f"`ratings game correct {game} --result R --reason TEXT`"
            )
        if decided.isoformat() < aggregate.finished:
            raise FutureDateError(
                f"adjudication date {decided.isoformat()} is before the game's date {aggregate.finished}"
            )
        aggregate.trigger_event(
            GameAdjudicated,
            game=game,
            result=result,
            on=decided.isoformat(),
            reported_on=reported.isoformat(),
            recorded_by=self.user,
        )
        self.save(aggregate)

    # --- correcting, voiding and restoring ------------------------------------------------------------------

    def correct_game(
        self,
        game: str,
        *,
        changes: Mapping[str, str | None],
        reason: str,
        reported_on: str | None = None,
        dry_run: bool = False,
    ) -> list[LogRecord]:
        """Correct facts of a recorded game; refused if nothing changes.

        ``changes`` maps fields of :data:`~ledger.events.GAME_FIELDS` to their
        corrected values (a field left out keeps its value); each is checked
        as :meth:`record_game` checks it. The event holds the facts given,
        with their corrected values. With ``dry_run`` nothing is written and
        the event is returned as it would be stored, for a projection to show
        its impact.
        """
        aggregate, reason, reported = self.open_correction(GAME, game, changes, reason, reported_on)
        game = aggregate.game
        corrected = dict(aggregate.facts)
        for field, value in changes.items():
            corrected[field] = self._game_value(field, value, reported)
        self.check_opponents(corrected["white"], corrected["black"], self.player_counts)
        # IECG §VIII.3: no correction leaves a drawn forfeit (nor keeps one an older version recorded).
        values.check_forfeit_result(str(corrected["result"]), str(corrected["forfeit"]))
        self._check_views(aggregate, {f: corrected[f] for f in changes}, reported)
        differing, stated = self.differences(aggregate, changes, corrected, as_known=" as recorded")
        if {"white", "black", "finished"} & set(differing):
            self.check_born(str(corrected["finished"]), str(corrected["white"]), str(corrected["black"]))
        if corrected.get("event") and {"event", "finished"} & set(differing):
            self.check_in_tournament(str(corrected["event"]), str(corrected["finished"]))
        if aggregate.adjudicated_on is not None:
            if "result" in differing:
                raise VoidError(
                    f"game {game!r} was adjudicated on {aggregate.adjudicated_on}: its result for rating is the "
                    "adjudicator's decision (IECG §VIII.3), which a correction of the result cannot change"
                )
            if corrected["finished"] > aggregate.adjudicated_on:
                raise FutureDateError(
                    f"finished date {corrected['finished']} is after the game's adjudication on "
                    f"{aggregate.adjudicated_on}"
                )
        self.correct_with(aggregate, stated, reason, reported)
        return self.save_or_preview(aggregate, dry_run=dry_run)

    @staticmethod
    def _check_views(aggregate: Game, stated: Mapping[str, Any], reported: str) -> None:
        """Refuse a correction that some view of the game as known at a date would see as no reader can take it.
        A view knows the corrections reported by its date, applied in log order: one reported before an
        earlier-entered correction is seen without it until that one's report."""
        days = sorted({day for day, _ in aggregate.corrections if day > reported})
        for day in [reported, *days[:-1]] if days else []:
            facts = dict(aggregate.recorded)
            for when, changes in aggregate.corrections:
                if when <= day:
                    facts.update(changes)
            facts.update(stated)
            try:
                values.check_opponents(str(facts["white"]), str(facts["black"]))
                values.check_forfeit_result(str(facts["result"]), str(facts["forfeit"]))
            except LedgerError as error:
                raise type(error)(f"as known on {day}, before the correction reported later: {error}") from None

    def _game_value(self, field: str, value: str | None, reported: str) -> str | None:
        """A corrected game fact, checked as a recording checks it."""
        if field in ("white", "black"):
            return values.check_id(value or "", field)
        if field == "result":
            return values.check_result(value or "")
        if field == "finished":
            day = self.past_day(value or "", "finished date")
            values.not_after(day, date.fromisoformat(reported), "finished date", "the reported date")
            return day.isoformat()
        if field == "forfeit":
            return values.check_choice(value or "none", values.FORFEIT_KINDS, "forfeit")
        if field == "time_control":
            return values.check_time_control(value) if value else None
        if field == "event":
            if not value:
                return None
            tournament = values.check_id(value, "event")
            self.tournament_facts(tournament)
            return tournament
        if field == "mode":
            return values.check_choice(value, values.MODES, "mode") if value else None
        return values.check_free_text(value, "tournament", required=False) or None if value else None  # tournament

    def void_game(
        self, game: str, *, reason: str, reported_on: str | None = None, dry_run: bool = False
    ) -> list[LogRecord]:
        """Void a recorded game (recorded in error, or annulled): it no longer counts."""
        return self._void_or_restore(GAME, game, True, reason, reported_on, dry_run)

    def restore_game(
        self, game: str, *, reason: str, reported_on: str | None = None, dry_run: bool = False
    ) -> list[LogRecord]:
        """Restore a voided game: it counts again, with its facts as corrected."""
        return self._void_or_restore(GAME, game, False, reason, reported_on, dry_run)
