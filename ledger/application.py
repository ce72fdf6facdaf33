"""The rating ledger application: the commands that append facts to the log.

Each command validates its input against the log, then appends one event in
one transaction, or refuses with a :class:`~ledger.errors.LedgerError` and
writes nothing. Imports validate the whole file before they write, then write
it in one transaction.
"""

from __future__ import annotations

import getpass
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import TypeVar
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError, Application
from eventsourcing.domain import Aggregate
from eventsourcing.persistence import IntegrityError, StoredEvent
from eventsourcing.sqlite import SQLiteApplicationRecorder
from eventsourcing.utils import get_topic

from ledger import values
from ledger.errors import (
    AlreadyAdjudicatedError,
    DuplicateGameError,
    DuplicatePlayerError,
    DuplicateWithdrawalError,
    FutureDateError,
    ImportRowError,
    InvalidValueError,
    LedgerError,
    MarkerError,
    SelfPlayError,
    StartingRatingError,
    UnknownGameError,
    UnknownPlayerError,
)
from ledger.events import (
    Game,
    GameAdjudicated,
    GameRecorded,
    Player,
    PlayerMarkedInactive,
    PlayerReactivated,
    PlayerRegistered,
    PlayerWithdrew,
    game_key,
    player_key,
)
from ledger.store import SQLiteLogReader, insert_in_one_transaction, sqlite_env

A = TypeVar("A", bound=Aggregate)

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
class Registration:
    """A validated player registration, before it becomes an event."""

    player: str
    name: str
    country: str
    born: str | None
    starting_rating: int
    source: str
    rated_games: int


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
        game = values.check_text(game, "game id")
        white = values.check_text(white, "white")
        black = values.check_text(black, "black")
        for who in (white, black):
            if not known(who):
                raise UnknownPlayerError(f"unknown player {who!r}: register the player first")
        if white == black:
            raise SelfPlayError(f"player {white!r} cannot play against himself")
        values.check_result(result)
        finished_day = values.parse_date(finished, "finished date")
        reported = self._reported(reported_on)
        values.not_after(finished_day, self.clock(), "finished date", "today")
        values.not_after(finished_day, reported, "finished date", "the reported date")
        kind = values.check_choice(forfeit or "none", values.FORFEIT_KINDS, "forfeit")
        tc = values.check_time_control(time_control) if time_control else None
        return GameFacts(
            game, white, black, result, finished_day.isoformat(), tournament or None, tc, kind, reported.isoformat()
        )

    def _player_exists(self, player: str) -> bool:
        return bool(self.recorder.select_events(player_key(player), lte=1, limit=1))

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
            PlayerRegistered, **vars(reg), reported_on=reported.isoformat(), recorded_by=self.user
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
        decided = values.parse_date(on, "adjudication date")
        values.not_after(decided, self.clock(), "adjudication date", "today")
        reported = self._reported(reported_on)
        values.not_after(decided, reported, "adjudication date", "the reported date")
        aggregate = self.game(game)
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
        day = values.parse_date(on, "withdrawal date")
        values.not_after(day, self.clock(), "withdrawal date", "today")
        reported = self._reported(reported_on)
        values.not_after(day, reported, "withdrawal date", "the reported date")
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
        day = values.parse_date(on, "date")
        values.not_after(day, self.clock(), "date", "today")
        reported = self._reported(reported_on)
        values.not_after(day, reported, "date", "the reported date")
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

        def events() -> Iterator[Aggregate.Event]:
            for reg, reported in regs:
                yield PlayerRegistered(  # type: ignore[call-arg]
                    originator_id=player_key(reg.player),
                    originator_version=1,
                    timestamp=stamp,
                    originator_topic=topic,
                    **vars(reg),
                    reported_on=reported,
                    recorded_by=self.user,
                )

        return self._bulk_insert(events(), progress, DuplicatePlayerError("a player of the file is already registered"))

    def import_games(self, rows: Iterable[tuple[int, dict[str, str]]], progress: Progress | None = None) -> int:
        """Record every game of the rows, or none (one bad row refuses the file)."""
        known: dict[str, bool] = {}

        def is_known(player: str) -> bool:
            if player not in known:
                known[player] = self._player_exists(player)
            return known[player]

        games: list[GameFacts] = []
        lines: dict[str, int] = {}
        for line, row in rows:
            try:
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
                    is_known,
                )
                if facts.game in lines:
                    raise DuplicateGameError(
                        f"game {facts.game!r} appears twice in the file (line {lines[facts.game]})"
                    )
            except LedgerError as error:
                raise ImportRowError(line, str(error)) from None
            lines[facts.game] = line
            games.append(facts)
            if progress is not None and len(games) % _CHUNK == 0:
                progress("checked", _CHUNK)
        if progress is not None:
            progress("checked", len(games) % _CHUNK)
        stamp = datetime.now(UTC)
        topic = get_topic(Game)

        def events() -> Iterator[Aggregate.Event]:
            for facts in games:
                yield GameRecorded(  # type: ignore[call-arg]
                    originator_id=game_key(facts.game),
                    originator_version=1,
                    timestamp=stamp,
                    originator_topic=topic,
                    **vars(facts),
                    recorded_by=self.user,
                )

        try:
            return self._bulk_insert(events(), progress, None)
        except IntegrityError:
            for facts in games:
                if self._get(game_key(facts.game), Game) is not None:
                    raise ImportRowError(lines[facts.game], f"game {facts.game!r} is already recorded") from None
            raise

    def _bulk_insert(
        self,
        events: Iterator[Aggregate.Event],
        progress: Progress | None,
        duplicate: LedgerError | None,
    ) -> int:
        recorder = self.recorder
        assert isinstance(recorder, SQLiteApplicationRecorder)
        to_stored = self.mapper.to_stored_event

        def chunks() -> Iterator[Sequence[StoredEvent]]:
            chunk: list[StoredEvent] = []
            for event in events:
                chunk.append(to_stored(event))
                if len(chunk) == _CHUNK:
                    yield chunk
                    if progress is not None:
                        progress("written", len(chunk))
                    chunk = []
            if chunk:
                yield chunk
                if progress is not None:
                    progress("written", len(chunk))

        try:
            return insert_in_one_transaction(recorder, chunks())
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
