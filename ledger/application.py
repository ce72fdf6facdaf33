"""The rating ledger application: the commands that append facts to the log.

Each command validates its input against the log, then appends one event in
one transaction, or refuses with a :class:`~ledger.errors.LedgerError` and
writes nothing. Imports validate the whole file before they write, then write
it in one transaction.
"""

from __future__ import annotations

import getpass
import math
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, date, datetime
from itertools import islice
from typing import Any, TypeVar
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError, Application
from eventsourcing.domain import Aggregate
from eventsourcing.persistence import IntegrityError
from eventsourcing.sqlite import SQLiteApplicationRecorder
from eventsourcing.utils import get_topic

from ledger import bulk, values
from ledger.errors import (
    AlreadyAdjudicatedError,
    DuplicateAdjustmentError,
    DuplicateGameError,
    DuplicatePlayerError,
    DuplicatePriorError,
    DuplicatePublicationError,
    DuplicateWithdrawalError,
    FutureDateError,
    ImportRowError,
    InvalidValueError,
    LedgerError,
    MarkerError,
    NothingToCorrectError,
    ReportedOrderError,
    SelfPlayError,
    StartingRatingError,
    UnknownGameError,
    UnknownPlayerError,
    VoidError,
)
from ledger.events import (
    GAME_FIELDS,
    REGISTRATION_FIELDS,
    Adjustment,
    Game,
    GameAdjudicated,
    GameCorrected,
    GameRecorded,
    GameRestored,
    GameVoided,
    ListPublished,
    Player,
    PlayerCorrected,
    PlayerMarkedInactive,
    PlayerReactivated,
    PlayerRegistered,
    PlayerWithdrew,
    PriorRatingRecorded,
    Publication,
    RatingAdjusted,
    adjustment_key,
    game_key,
    player_key,
    publication_key,
)
from ledger.store import (
    LogRecord,
    SQLiteLogReader,
    StoredRow,
    first_event_lookup,
    insert_rows_in_one_transaction,
    sqlite_env,
    type_of,
)
from ledger.values import Registration

A = TypeVar("A", bound=Aggregate)
T = TypeVar("T")

Progress = Callable[[str, int], None]
"""Called with a stage (``checked`` or ``written``) and the rows it just handled, for a progress bar."""

_CHUNK = 5_000


def os_user() -> str:
    """The name of the person at the keyboard, the default ``recorded_by``."""
    try:
        return getpass.getuser()
    except (KeyError, OSError):
        return "unknown"


@dataclass(frozen=True)
class GameFacts:
    """A validated game, before it becomes an event."""

    game: str
    white: str
    black: str
    result: str
    finished: str
    tournament: str | None
    time_control: str | None
    forfeit: str
    reported_on: str


def check_registration(
    player: str,
    name: str,
    country: str = "",
    born: str | None = None,
    starting_rating: int | None = None,
    source: str = "none",
    rated_games: int | None = None,
    today: date | None = None,
) -> Registration:
    """Validate a registration against IECG §VII and return it."""
    player = values.check_text(player, "player id")
    name = values.check_text(name, "name")
    values.check_choice(source, values.SOURCES, "source")
    born_text = None
    if born:
        day = values.parse_date(born, "born")
        if today is not None:
            values.not_after(day, today, "born", "today")
        born_text = day.isoformat()
    games = rated_games if rated_games is not None else 0
    if games < 0:
        raise StartingRatingError(f"rated games {games} must not be negative")
    if source == "none":
        # IECG §VII.3: a new player without a rating starts at 800.
        if starting_rating not in (None, values.DEFAULT_STARTING_RATING):
            raise StartingRatingError(
                f"a starting rating of {starting_rating} needs a source (tutor, iccf, iccf-provisional "
                "or other); without one the starting rating is 800 (IECG §VII.3)"
            )
        rating = values.DEFAULT_STARTING_RATING
    else:
        if starting_rating is None:
            raise StartingRatingError(f"source {source!r} needs --starting-rating (IECG §VII)")
        rating = starting_rating
    if rating <= 0:
        raise StartingRatingError(f"starting rating {rating} must be positive")
    if source == "tutor" and rating > values.TUTOR_MAXIMUM:
        # IECG §VII.3: "This rating should not exceed 1700 points."
        raise StartingRatingError(f"a tutor's estimate of {rating} exceeds {values.TUTOR_MAXIMUM} (IECG §VII.3)")
    if source == "other" and games < values.OTHER_MINIMUM_GAMES:
        # IECG §VII.2: "The established rating must be based on at least six games."
        raise StartingRatingError(
            f"a rating from another organisation must be based on at least "
            f"{values.OTHER_MINIMUM_GAMES} games, not {games} (IECG §VII.2)"
        )
    if source == "iccf" and rated_games is None:
        raise StartingRatingError(
            "an established ICCF rating needs --rated-games, the games behind it (IECG §VII.1, §V.3 Pn)"
        )
    return Registration(player, name, country.strip(), born_text, rating, source, games)


class RatingLedger(Application[UUID]):
    """The append-only log of everything that affects ratings."""

    def __init__(
        self,
        path: str,
        *,
        clock: Callable[[], date] = date.today,
        user: str | None = None,
    ) -> None:
        super().__init__(env=sqlite_env(path))
        self.path = path
        self.clock = clock
        self.user = user or os_user()

    # --- reading -----------------------------------------------------------

    def reader(self) -> SQLiteLogReader:
        """A bulk reader of this ledger's log, for the projections."""
        return SQLiteLogReader(self.path)

    def _get(self, key: UUID, kind: type[A]) -> A | None:
        try:
            found: Aggregate = self.repository.get(key)
        except AggregateNotFoundError:
            return None
        assert isinstance(found, kind)
        return found

    def player(self, player: str) -> Player:
        """The registered player, or :class:`UnknownPlayerError`."""
        found = self._get(player_key(player), Player)
        if found is None:
            raise UnknownPlayerError(f"unknown player {player!r}: register the player first")
        return found

    def game(self, game: str) -> Game:
        """The recorded game, or :class:`UnknownGameError`."""
        found = self._get(game_key(game), Game)
        if found is None:
            raise UnknownGameError(f"unknown game {game!r}")
        return found

    # --- checks ------------------------------------------------------------

    def _reported(self, reported_on: str | None) -> date:
        today = self.clock()
        if reported_on is None or reported_on == "":
            return today
        day = values.parse_date(reported_on, "reported date")
        values.not_after(day, today, "reported date", "today")
        return day

    def _day(self, text: str, what: str) -> date:
        """The date of ``text``, refused if it is not a date or is after today."""
        day = values.parse_date(text, what)
        values.not_after(day, self.clock(), what, "today")
        return day

    def _dated(self, text: str, what: str, reported_on: str | None) -> tuple[date, date]:
        """When a fact happened and when it was reported: neither after today, the first not after the second."""
        day = self._day(text, what)
        reported = self._reported(reported_on)
        values.not_after(day, reported, what, "the reported date")
        return day, reported

    def _check_game(
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
    ) -> GameFacts:
        game, white, black = self._check_sides(game, white, black, known)
        values.check_result(result)
        finished_on, reported = self._check_game_dates(finished, reported_on)
        kind, tc = values.check_game_kind(forfeit, time_control)
        return GameFacts(game, white, black, result, finished_on, tournament or None, tc, kind, reported)

    def _check_sides(self, game: str, white: str, black: str, known: Callable[[str], bool]) -> tuple[str, str, str]:
        """The game id and the two players, stripped; both registered, and not the same."""
        game = values.check_text(game, "game id")
        white = values.check_text(white, "white")
        black = values.check_text(black, "black")
        for who in (white, black):
            if not known(who):
                raise UnknownPlayerError(f"unknown player {who!r}: register the player first")
        if white == black:
            raise SelfPlayError(f"player {white!r} cannot play against himself")
        return game, white, black

    def _check_game_dates(self, finished: str, reported_on: str | None) -> tuple[str, str]:
        """The finished and reported dates of a game as ISO text (a function of the texts and today)."""
        finished_day = values.parse_date(finished, "finished date")
        reported = self._reported(reported_on)
        values.not_after(finished_day, self.clock(), "finished date", "today")
        values.not_after(finished_day, reported, "finished date", "the reported date")
        return finished_day.isoformat(), reported.isoformat()

    def _player_exists(self, player: str) -> bool:
        lookup = self._bulk_lookup
        if lookup is not None and lookup[0] == threading.get_ident():
            return lookup[1](player_key(player))
        return bool(self.recorder.select_events(player_key(player), lte=1, limit=1))

    _bulk_lookup: tuple[int, Callable[[UUID], bool]] | None = None
    """While an import checks its rows: its thread and a lookup of first events in one read transaction."""

    @contextmanager
    def _bulk_checks(self) -> Iterator[Callable[[UUID], bool]]:
        """Answer :meth:`_player_exists` in this thread from one read transaction, for the rows of an import."""
        with first_event_lookup(self._sqlite_recorder()) as exists:
            self._bulk_lookup = (threading.get_ident(), exists)
            try:
                yield exists
            finally:
                self._bulk_lookup = None

    # --- commands ----------------------------------------------------------

    def register_player(
        self,
        player: str,
        name: str,
        *,
        country: str = "",
        born: str | None = None,
        starting_rating: int | None = None,
        source: str = "none",
        rated_games: int | None = None,
        reported_on: str | None = None,
    ) -> Registration:
        """Record a new player (IECG §VII), refusing a second registration of the id."""
        reg = check_registration(player, name, country, born, starting_rating, source, rated_games, self.clock())
        reported = self._reported(reported_on)
        if self._player_exists(reg.player):
            raise DuplicatePlayerError(f"player {reg.player!r} is already registered")
        aggregate = Player._create(
            PlayerRegistered, **reg._asdict(), reported_on=reported.isoformat(), recorded_by=self.user
        )
        self._save(aggregate, DuplicatePlayerError(f"player {reg.player!r} is already registered"))
        return reg

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
    ) -> GameFacts:
        """Record a finished game, refusing a second recording of the game id."""
        facts = self._check_game(
            game,
            white,
            black,
            result,
            finished,
            tournament,
            time_control,
            forfeit,
            reported_on,
            self._player_exists,
        )
        if self._get(game_key(facts.game), Game) is not None:
            raise DuplicateGameError(f"game {facts.game!r} is already recorded")
        aggregate = Game._create(GameRecorded, **vars(facts), recorded_by=self.user)
        self._save(aggregate, DuplicateGameError(f"game {facts.game!r} is already recorded"))
        return facts

    def adjudicate_game(self, game: str, *, result: str, on: str, reported_on: str | None = None) -> None:
        """Record an adjudicator's decision on a game (IECG §VIII.3)."""
        game = values.check_text(game, "game id")
        values.check_result(result, "adjudicated result")
        decided, reported = self._dated(on, "adjudication date", reported_on)
        aggregate = self.game(game)
        if aggregate.voided:
            raise VoidError(f"game {game!r} is void: restore it before adjudicating it")
        if aggregate.adjudicated_on is not None:
            raise AlreadyAdjudicatedError(f"game {game!r} was already adjudicated on {aggregate.adjudicated_on}")
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

    def withdraw_player(
        self, player: str, *, tournament: str, on: str, silent: bool = False, reported_on: str | None = None
    ) -> None:
        """Record a player's withdrawal from a tournament (IECG §VIII.2)."""
        player = values.check_text(player, "player id")
        tournament = values.check_text(tournament, "tournament")
        day, reported = self._dated(on, "withdrawal date", reported_on)
        aggregate = self.player(player)
        if tournament in aggregate.withdrawals:
            raise DuplicateWithdrawalError(f"player {player!r} already withdrew from {tournament!r}")
        aggregate.trigger_event(
            PlayerWithdrew,
            player=player,
            tournament=tournament,
            on=day.isoformat(),
            silent=silent,
            reported_on=reported.isoformat(),
            recorded_by=self.user,
        )
        self.save(aggregate)

    def mark_inactive(self, player: str, *, on: str, reason: str, reported_on: str | None = None) -> None:
        """Mark a player inactive from a date; refused if he already is then."""
        self._mark(player, on, reason, reported_on, inactive=True)

    def reactivate(self, player: str, *, on: str, reason: str = "reactivated", reported_on: str | None = None) -> None:
        """End a player's inactivity from a date; refused if he is not inactive then."""
        self._mark(player, on, reason, reported_on, inactive=False)

    def _mark(self, player: str, on: str, reason: str, reported_on: str | None, *, inactive: bool) -> None:
        player = values.check_text(player, "player id")
        reason = values.check_text(reason, "reason")
        day, reported = self._dated(on, "date", reported_on)
        aggregate = self.player(player)
        if aggregate.inactive_on(day.isoformat()) == inactive:
            state = "inactive" if inactive else "active"
            raise MarkerError(f"player {player!r} is already {state} on {day.isoformat()}")
        event = PlayerMarkedInactive if inactive else PlayerReactivated
        aggregate.trigger_event(
            event,
            player=player,
            on=day.isoformat(),
            reason=reason,
            reported_on=reported.isoformat(),
            recorded_by=self.user,
        )
        self.save(aggregate)

    def record_prior(
        self,
        player: str,
        *,
        system: str,
        rating: float,
        as_of: str,
        games: int | None = None,
        status: str | None = None,
        deviation: float | None = None,
        volatility: float | None = None,
        source: str = "",
        reported_on: str | None = None,
    ) -> None:
        """Record a rating the player brought from another system (rules issue §1)."""
        player = values.check_text(player, "player id")
        values.check_choice(system, values.PRIOR_SYSTEMS, "system")
        if status is not None:
            values.check_choice(status, values.PRIOR_STATUSES, "status")
        for what, number in (("rating", rating), ("deviation", deviation), ("volatility", volatility)):
            if number is not None and not (number > 0 and math.isfinite(number)):
                raise InvalidValueError(f"{what} {number} must be a positive number")
        if games is not None and games < 0:
            raise InvalidValueError(f"games {games} must not be negative")
        if status == "provisional" and not games:
            raise InvalidValueError(
                "a provisional rating needs the games behind it (--games at least 1): it is 'rating/games'"
            )
        day, reported = self._dated(as_of, "as-of date", reported_on)
        aggregate = self.player(player)
        if (system, day.isoformat()) in aggregate.priors:
            raise DuplicatePriorError(f"player {player!r} already has a {system} rating as of {day.isoformat()}")
        aggregate.trigger_event(
            PriorRatingRecorded,
            player=player,
            system=system,
            rating=float(rating),
            games=games,
            status=status,
            deviation=deviation,
            volatility=volatility,
            as_of=day.isoformat(),
            source=source.strip(),
            reported_on=reported.isoformat(),
            recorded_by=self.user,
        )
        self.save(aggregate)

    # --- corrections (audit issue §1) -----------------------------------------

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
        as :meth:`record_game` checks it. The event holds only the facts that
        differ from the game as recorded and corrected so far. With
        ``dry_run`` nothing is written and the event is returned as it would
        be stored, for a projection to show its impact.
        """
        game = values.check_text(game, "game id")
        reason = values.check_text(reason, "reason")
        unknown = sorted(set(changes) - set(GAME_FIELDS))
        if unknown:
            raise InvalidValueError(f"a game correction cannot change {', '.join(unknown)}")
        aggregate = self.game(game)
        reported = self._after_report(aggregate.reported_on, reported_on, f"game {game!r}")
        if aggregate.voided:
            raise VoidError(f"game {game!r} is void: restore it before correcting it")
        corrected = dict(aggregate.facts)
        for field, value in changes.items():
            corrected[field] = self._game_value(field, value, reported)
        self._check_sides(game, corrected["white"], corrected["black"], self._player_exists)
        differing = {f: corrected[f] for f in GAME_FIELDS if corrected[f] != aggregate.facts[f]}
        # The event keeps every fact the correction states, changed or not: a correction entered after
        # another but reported before it must still say what it said, as known between the two reports.
        stated = {f: corrected[f] for f in GAME_FIELDS if f in changes}
        if not differing:
            shown = ", ".join(f"{f} {aggregate.facts[f]!r}" for f in changes) or "no facts given"
            raise NothingToCorrectError(f"the correction of game {game!r} changes nothing: {shown} as recorded")
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
        aggregate.trigger_event(
            GameCorrected, game=game, changes=stated, reason=reason, reported_on=reported, recorded_by=self.user
        )
        return self._save_or_preview(aggregate, dry_run)

    def _game_value(self, field: str, value: str | None, reported: str) -> str | None:
        """A corrected game fact, checked as a recording checks it."""
        if field in ("white", "black"):
            return values.check_text(value or "", field)
        if field == "result":
            return values.check_result(value or "")
        if field == "finished":
            day = self._day(value or "", "finished date")
            values.not_after(day, date.fromisoformat(reported), "finished date", "the reported date")
            return day.isoformat()
        if field == "forfeit":
            return values.check_choice(value or "none", values.FORFEIT_KINDS, "forfeit")
        if field == "time_control":
            return values.check_time_control(value) if value else None
        return value.strip() or None if value else None  # tournament

    def void_game(
        self, game: str, *, reason: str, reported_on: str | None = None, dry_run: bool = False
    ) -> list[LogRecord]:
        """Void a recorded game (recorded in error, or annulled): it no longer counts."""
        return self._void(game, reason, reported_on, dry_run, void=True)

    def restore_game(
        self, game: str, *, reason: str, reported_on: str | None = None, dry_run: bool = False
    ) -> list[LogRecord]:
        """Restore a voided game: it counts again, with its facts as corrected."""
        return self._void(game, reason, reported_on, dry_run, void=False)

    def _void(self, game: str, reason: str, reported_on: str | None, dry_run: bool, *, void: bool) -> list[LogRecord]:
        game = values.check_text(game, "game id")
        reason = values.check_text(reason, "reason")
        aggregate = self.game(game)
        reported = self._after_report(aggregate.reported_on, reported_on, f"game {game!r}")
        if aggregate.voided == void:
            raise VoidError(f"game {game!r} is already void" if void else f"game {game!r} is not void")
        event = GameVoided if void else GameRestored
        aggregate.trigger_event(event, game=game, reason=reason, reported_on=reported, recorded_by=self.user)
        return self._save_or_preview(aggregate, dry_run)

    def correct_player(
        self,
        player: str,
        *,
        changes: Mapping[str, Any],
        reason: str,
        reported_on: str | None = None,
        dry_run: bool = False,
    ) -> list[LogRecord]:
        """Correct registration facts of a player (IECG §VII), checked as a registration is."""
        player = values.check_text(player, "player id")
        reason = values.check_text(reason, "reason")
        unknown = sorted(set(changes) - set(REGISTRATION_FIELDS))
        if unknown:
            raise InvalidValueError(f"a player correction cannot change {', '.join(unknown)}")
        aggregate = self.player(player)
        reported = self._after_report(aggregate.reported_on, reported_on, f"player {player!r}'s registration")
        merged = {**aggregate.registration, **changes}
        if changes.get("source") == "none" and "starting_rating" not in changes:
            merged["starting_rating"] = None  # back to the §VII.3 default
        reg = check_registration(player, today=self.clock(), **merged)
        corrected = reg._asdict()
        differing = {f: corrected[f] for f in REGISTRATION_FIELDS if corrected[f] != aggregate.registration[f]}
        stated = {f: corrected[f] for f in REGISTRATION_FIELDS if f in changes or f in differing}
        if not differing:
            shown = ", ".join(f"{f} {aggregate.registration[f]!r}" for f in changes) or "no facts given"
            raise NothingToCorrectError(f"the correction of player {player!r} changes nothing: {shown} as registered")
        aggregate.trigger_event(
            PlayerCorrected,
            player=player,
            changes=stated,
            reason=reason,
            reported_on=reported,
            recorded_by=self.user,
        )
        return self._save_or_preview(aggregate, dry_run)

    def _after_report(self, original: str, reported_on: str | None, what: str) -> str:
        """The reported date of a correction: not before the fact it corrects was reported."""
        reported = self._reported(reported_on).isoformat()
        if reported < original:
            raise ReportedOrderError(
                f"the correction is reported on {reported}, before {what} was reported on {original}"
            )
        return reported

    def _save_or_preview(self, aggregate: Aggregate, dry_run: bool) -> list[LogRecord]:
        """Save the aggregate's new events, or (``dry_run``) return them as stored records after the head."""
        if not dry_run:
            self.save(aggregate)
            return []
        reader = self.reader()
        try:
            head = reader.head()
        finally:
            reader.close()
        records = []
        for offset, event in enumerate(aggregate.collect_events(), start=1):
            stored = self.mapper.to_stored_event(event)
            records.append(LogRecord(head + offset, type_of(stored.topic), stored.state))
        return records

    def adjust_ratings(
        self,
        *,
        system: str,
        player: str | None,
        points: int,
        on: str,
        reason: str,
        reported_on: str | None = None,
    ) -> None:
        """Record a grading committee's adjustment of one player's rating, or of all (``player`` None)."""
        values.check_choice(system, values.ADJUSTABLE_SYSTEMS, "system")
        reason = values.check_text(reason, "reason")
        if points == 0:
            raise InvalidValueError("an adjustment of 0 points changes nothing")
        day, reported = self._dated(on, "adjustment date", reported_on)
        if player is not None:
            player = self.player(values.check_text(player, "player id")).player
        key = adjustment_key(system, player, day.isoformat(), reason)
        who = "every player" if player is None else f"player {player!r}"
        duplicate = DuplicateAdjustmentError(f"this adjustment of {who} on {day.isoformat()} is already recorded")
        if self._get(key, Adjustment) is not None:
            raise duplicate
        aggregate = Adjustment._create(
            RatingAdjusted,
            system=system,
            player=player,
            points=points,
            on=day.isoformat(),
            reason=reason,
            reported_on=reported.isoformat(),
            recorded_by=self.user,
        )
        self._save(aggregate, duplicate)

    # --- publications (audit issue §3) ---------------------------------------

    def record_publication(
        self, *, rules: str, period: str, on: str, digest: str, players: int, log_position: int, log_hash: str
    ) -> None:
        """Record that a list was published on ``on``, with its digest and the log's head at the time."""
        day = self._day(on, "publication date")
        key = publication_key(rules, period, day.isoformat())
        duplicate = DuplicatePublicationError(
            f"the {rules} list of {period} was already published on {day.isoformat()}"
        )
        if self._get(key, Publication) is not None:
            raise duplicate
        aggregate = Publication._create(
            ListPublished,
            rules=rules,
            period=period,
            on=day.isoformat(),
            digest=digest,
            players=players,
            log_position=log_position,
            log_hash=log_hash,
            reported_on=self.clock().isoformat(),
            recorded_by=self.user,
        )
        self._save(aggregate, duplicate)

    def _save(self, aggregate: Aggregate, duplicate: LedgerError) -> None:
        try:
            self.save(aggregate)
        except IntegrityError:
            raise duplicate from None

    # --- imports -----------------------------------------------------------

    def import_players(self, rows: Iterable[tuple[int, dict[str, str]]], progress: Progress | None = None) -> int:
        """Register every player of the rows, or none (one bad row refuses the file)."""
        today = self.clock()
        regs: list[tuple[Registration, str]] = []
        seen: dict[str, int] = {}
        with self._bulk_checks():
            for line, row in rows:
                try:
                    reg = check_registration(
                        row.get("player", ""),
                        row.get("name", ""),
                        row.get("country", ""),
                        row.get("born") or None,
                        _optional_int(row.get("starting_rating", ""), "starting_rating"),
                        row.get("source") or "none",
                        _optional_int(row.get("rated_games", ""), "rated_games"),
                        today,
                    )
                    reported = self._reported(row.get("reported")).isoformat()
                    if reg.player in seen:
                        raise DuplicatePlayerError(
                            f"player {reg.player!r} appears twice in the file (line {seen[reg.player]})"
                        )
                    if self._player_exists(reg.player):
                        raise DuplicatePlayerError(f"player {reg.player!r} is already registered")
                except LedgerError as error:
                    raise ImportRowError(line, str(error)) from None
                seen[reg.player] = line
                regs.append((reg, reported))
                if progress is not None:
                    progress("checked", 1)
        stamp = datetime.now(UTC)
        topic = get_topic(Player)
        event_topic = get_topic(PlayerRegistered)
        encode = bulk.StateEncoder(stamp, topic, self.user)
        key = bulk.KeyHex("player:")

        def event(item: tuple[Registration, str]) -> Aggregate.Event:
            reg, reported = item
            return PlayerRegistered(  # type: ignore[call-arg]
                originator_id=player_key(reg.player),
                originator_version=1,
                timestamp=stamp,
                originator_topic=topic,
                **reg._asdict(),
                reported_on=reported,
                recorded_by=self.user,
            )

        def fast(item: tuple[Registration, str]) -> StoredRow:
            reg, reported = item
            return key(reg.player), 1, event_topic, encode.fields({**reg._asdict(), "reported_on": reported})

        return self._bulk_insert(
            self._stored_rows(regs, event, fast),
            progress,
            DuplicatePlayerError("a player of the file is already registered"),
        )

    def import_games(self, rows: Iterable[tuple[int, dict[str, str]]], progress: Progress | None = None) -> int:
        """Record every game of the rows, or none (one bad row refuses the file).

        Each row is checked as :meth:`record_game` checks a game, through the
        same helpers; the checks that depend only on a few texts (dates,
        forfeit and time control) are made once per distinct text. A game is
        kept as a tuple of :data:`bulk.GAME_FIELDS` and its stored event is written
        by a template, checked against the library's own encoding first.
        """
        games: list[bulk.GameTuple] = []
        lines: dict[str, int] = {}
        check_sides, check_result = self._check_sides, values.check_result

        def check_terms(key: tuple[str, str | None, str | None, str | None]) -> tuple[str, str, str, str | None]:
            finished, reported, forfeit, time_control = key
            return (*self._check_game_dates(finished, reported), *values.check_game_kind(forfeit, time_control))

        # The checks of a player and of the dates, forfeit and time control depend on a few texts
        # only: each is made once per distinct text (a dict lookup after that).
        terms = bulk.Memo(check_terms)
        with self._bulk_checks():
            is_known = bulk.Memo(self._player_exists).__getitem__
            for line, row in rows:
                try:
                    game, white, black, result, finished, tournament, forfeit = bulk.GAME_CELLS(row)
                except KeyError:  # a row without some column: each missing cell is its default
                    get = row.get
                    game, white, black, result, finished = (get(c, "") for c in bulk.GAME_CELLS_TEXT)
                    tournament, forfeit = get("tournament"), get("forfeit")
                try:
                    game, white, black = check_sides(game, white, black, is_known)
                    check_result(result)
                    when = (finished, row.get("reported"), forfeit, row.get("time_control"))
                    finished_on, reported, kind, tc = terms[when]
                    if game in lines:
                        raise DuplicateGameError(f"game {game!r} appears twice in the file (line {lines[game]})")
                except LedgerError as error:
                    raise ImportRowError(line, str(error)) from None
                lines[game] = line
                item = (game, white, black, result, finished_on, tournament or None, tc, kind, reported)
                games.append(item)
                if len(games) == 1:
                    self._check_bulk_game(row, item, is_known)
                if progress is not None and len(games) % _CHUNK == 0:
                    progress("checked", _CHUNK)
        if progress is not None:
            progress("checked", len(games) % _CHUNK)
        stamp = datetime.now(UTC)
        topic = get_topic(Game)
        event_topic = get_topic(GameRecorded)
        encode = bulk.StateEncoder(stamp, topic, self.user)
        key = bulk.KeyHex("game:")

        def event(item: bulk.GameTuple) -> Aggregate.Event:
            return GameRecorded(  # type: ignore[call-arg]
                originator_id=game_key(item[0]),
                originator_version=1,
                timestamp=stamp,
                originator_topic=topic,
                **dict(zip(bulk.GAME_FIELDS, item, strict=True)),
                recorded_by=self.user,
            )

        def fast(item: bulk.GameTuple) -> StoredRow:
            return key(item[0]), 1, event_topic, encode.game(item)

        try:
            return self._bulk_insert(self._stored_rows(games, event, fast), progress, None)
        except IntegrityError:
            with self._bulk_checks() as exists:
                for item in games:
                    if exists(game_key(item[0])):
                        raise ImportRowError(lines[item[0]], f"game {item[0]!r} is already recorded") from None
            raise

    def _check_bulk_game(self, row: dict[str, str], fast: bulk.GameTuple, known: Callable[[str], bool]) -> None:
        """Refuse to go on if the bulk path's tuple of a row is not :meth:`_check_game`'s facts of it."""
        facts = self._check_game(
            row.get("game", ""),
            row.get("white", ""),
            row.get("black", ""),
            row.get("result", ""),
            row.get("finished", ""),
            row.get("tournament"),
            row.get("time_control"),
            row.get("forfeit"),
            row.get("reported"),
            known,
        )
        if vars(facts) != dict(zip(bulk.GAME_FIELDS, fast, strict=True)):
            raise AssertionError(
                "RatingLedger.import_games is out of step with GameFacts and _check_game: update bulk.GAME_FIELDS "
                f"and the tuple import_games builds ({vars(facts)} != {fast})"
            )

    def _sqlite_recorder(self) -> SQLiteApplicationRecorder:
        recorder = self.recorder
        assert isinstance(recorder, SQLiteApplicationRecorder)
        return recorder

    def _stored_rows(
        self, items: Sequence[T], event: Callable[[T], Aggregate.Event], fast: Callable[[T], StoredRow]
    ) -> Iterator[StoredRow]:
        """The stored rows of the events of ``items``.

        ``fast`` writes them directly; it is used if it writes exactly what the
        library's mapper writes for the first item (same id, topic and state
        bytes), else every event goes through the mapper.
        """
        to_stored = self.mapper.to_stored_event

        def library(item: T) -> StoredRow:
            stored = to_stored(event(item))
            originator_id = stored.originator_id
            return (
                originator_id.hex if isinstance(originator_id, UUID) else str(originator_id),
                stored.originator_version,
                stored.topic,
                stored.state,
            )

        if items and fast(items[0]) != library(items[0]):
            return map(library, items)
        return map(fast, items)

    def _bulk_insert(
        self,
        rows: Iterator[StoredRow],
        progress: Progress | None,
        duplicate: LedgerError | None,
    ) -> int:
        def chunks() -> Iterator[Sequence[StoredRow]]:
            while chunk := list(islice(rows, _CHUNK)):
                yield chunk
                if progress is not None:
                    progress("written", len(chunk))

        try:
            return insert_rows_in_one_transaction(self._sqlite_recorder(), chunks())
        except IntegrityError:
            if duplicate is None:
                raise
            raise duplicate from None


def _optional_int(text: str | None, column: str) -> int | None:
    if text is None or text.strip() == "":
        return None
    try:
        return int(text)
    except ValueError:
        raise InvalidValueError(f"{column} {text!r} is not a whole number") from None
