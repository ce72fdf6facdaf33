"""The rating ledger application: the commands that append facts to the log.

Each command validates its input against the log, then appends one event in
one transaction, or refuses with a :class:`~ledger.errors.LedgerError` and
writes nothing. Imports check and write their rows a chunk at a time, all in
one transaction (issue 23 §6): a refusal in any row writes nothing.
"""

from __future__ import annotations

import getpass
import json
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, date, datetime
from itertools import islice
from typing import TYPE_CHECKING, Any, TypeVar
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError, Application
from eventsourcing.domain import Aggregate, DomainEventProtocol, MutableOrImmutableAggregate
from eventsourcing.persistence import IntegrityError, Recording
from eventsourcing.utils import get_topic

from ledger import bulk, chain, damage, identities, stores, values
from ledger.errors import (
    AlreadyAdjudicatedError,
    DuplicateAdjustmentError,
    DuplicateEventError,
    DuplicateGameError,
    DuplicateIdentityError,
    DuplicatePlayerError,
    DuplicatePriorError,
    DuplicatePublicationError,
    DuplicateWithdrawalError,
    FutureDateError,
    ImportRowError,
    InvalidValueError,
    LedgerError,
    MarkerError,
    MergeError,
    NotAdjudicableError,
    NothingToCorrectError,
    ReadOnlyLedgerError,
    ReportedOrderError,
    SelfPlayError,
    StartingRatingError,
    UncoveredRowError,
    UnknownAdjustmentError,
    UnknownEventError,
    UnknownGameError,
    UnknownPlayerError,
    UnknownPriorError,
    VoidError,
)
from ledger.events import (
    EVENT_FIELDS,
    GAME_FIELDS,
    IDENTITY_TYPES,
    REGISTRATION_FIELDS,
    Adjustment,
    AdjustmentVoided,
    Game,
    GameAdjudicated,
    GameCorrected,
    GameRecorded,
    GameRestored,
    GameVoided,
    Identity,
    IdentityClaimed,
    IdentityReclaimed,
    IdentityReleased,
    ListPublished,
    Player,
    PlayerCorrected,
    PlayerMarkedInactive,
    PlayerMerged,
    PlayerReactivated,
    PlayerRegistered,
    PlayerRestored,
    PlayerUnmerged,
    PlayerVoided,
    PlayerWithdrew,
    PriorRatingRecorded,
    PriorRatingVoided,
    Publication,
    RatingAdjusted,
    Tournament,
    TournamentCorrected,
    TournamentEntered,
    TournamentPaired,
    TournamentRegistered,
    TournamentRestored,
    TournamentVoided,
    TournamentWithdrawn,
    adjustment_key,
    event_key,
    game_key,
    identity_key,
    player_key,
    publication_key,
)
from ledger.imports import (
    GAME_COLUMNS,
    GAME_OPTIONAL,
    PLAYER_COLUMNS,
    PLAYER_OPTIONAL,
    FileRows,
    count_lines,
)
from ledger.store import LedgerRecorder, LogRecord, StoredRow, type_of
from ledger.stores import ClosableReader
from ledger.values import Registration

if TYPE_CHECKING:
    from ledger.postgres import PgLedgerRecorder

A = TypeVar("A", bound=Aggregate)
T = TypeVar("T")

Progress = Callable[[str, int], None]
"""Called with a stage (``checked`` or ``written``) and the rows it just handled, for a progress bar."""

IMPORTS = {"players": (PLAYER_COLUMNS, PLAYER_OPTIONAL), "games": (GAME_COLUMNS, GAME_OPTIONAL)}
"""What :meth:`RatingLedger.import_file` imports: its required and optional columns."""


def csv_data_rows(path: str) -> int:
    """The rows of a CSV file after its header (for a progress bar), or a refusal that writes nothing: a file
    that is not UTF-8 text (:class:`~ledger.errors.ImportRowError` naming its first such line), or that
    cannot be read (a :class:`~ledger.errors.LedgerError`). Read in blocks, in bounded memory (issue 22 §3)."""
    try:
        with open(path, "rb") as handle:
            return max(0, count_lines(handle) - 1)
    except OSError as error:
        raise _unreadable(path, error) from None


def _unreadable(path: str, error: OSError) -> LedgerError:
    return LedgerError(f"cannot read {path}: {error.strerror or error}")


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
    event: str | None
    mode: str | None
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
    reported: date | None = None,
) -> Registration:
    """Validate a registration against IECG §VII and the bounds of issue 10 §3, and return it.

    ``today`` and ``reported`` (the date the registration is reported) bound the birth date.
    """
    player = values.check_id(player, "player id")
    name = values.check_text(name, "name")
    country = values.check_country(country)
    values.check_choice(source, values.SOURCES, "source")
    born_text = None
    if born:
        day = values.check_day(values.parse_date(born, "born"), "born")
        if today is not None:
            values.not_after(day, today, "born", "today")
        if reported is not None:
            values.not_after(day, reported, "born", "the reported date")
        born_text = day.isoformat()
    games = values.check_games(rated_games) if rated_games is not None else 0
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
        rating = values.check_rating(starting_rating, "starting rating")
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
    return Registration(player, name, country, born_text, rating, source, games)


class RatingLedger(Application[UUID]):
    """The append-only log of everything that affects ratings.

    ``RatingLedger(path)`` opens an existing ledger to record in it; only
    :meth:`create` makes a new one (issue 10 §2). Opening refuses, writing
    nothing: a missing file (:class:`~ledger.errors.NoLedgerError`), a file
    that is not a ledger (:class:`~ledger.errors.NotALedgerError`), one that
    cannot be written (:class:`~ledger.errors.ReadOnlyLedgerError`), and one
    holding a row the hash chain does not cover (:class:`~ledger.errors.UncoveredRowError`).
    """

    def __init__(
        self,
        path: str,
        *,
        clock: Callable[[], date] = date.today,
        user: str | None = None,
    ) -> None:
        recorder_name = values.check_free_text(user or os_user(), "--by")  # issue 22 §5
        info = stores.check(path)
        problem = stores.write_problem(path)
        if problem is not None or info.immutable:
            raise ReadOnlyLedgerError(
                f"the ledger {path} is read-only ({problem or 'its folder is read-only'}): nothing was recorded"
            )
        if not stores.is_central(path):
            damage.refuse_if_found(path)  # issue 22 §5: found damaged by an earlier command
        if info.first_position is not None and info.first_position <= 0:
            raise UncoveredRowError(
                f"the ledger {path} holds a row at position {info.first_position}, outside the hash chain: "
                "nothing was recorded; `ratings verify` names it"
            )
        super().__init__(env=stores.env(path))
        self.path = path
        self.clock = clock
        self.user = recorder_name
        self.notices: list[str] = []
        """What a command should say besides its answer (a witness that could not be extended)."""
        recorder = self.recorder
        if isinstance(recorder, LedgerRecorder):
            recorder.unmarked = not info.marked

    @classmethod
    def create(cls, path: str, *, clock: Callable[[], date] = date.today, user: str | None = None) -> RatingLedger:
        """A new, empty ledger at ``path``, marked as ours; :class:`~ledger.errors.LedgerExistsError`
        if anything is there already."""
        stores.create(path)
        return cls(path, clock=clock, user=user)

    # --- reading -----------------------------------------------------------

    def reader(self) -> ClosableReader:
        """A bulk reader of this ledger's log, for the projections."""
        return stores.open_reader(self.path)

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
        day = values.check_day(values.parse_date(reported_on, "reported date"), "reported date")
        values.not_after(day, today, "reported date", "today")
        return day

    def _day(self, text: str, what: str) -> date:
        """The date of ``text``, refused if it is not a date, is before 1900 or is after today (issue 10 §3)."""
        day = values.check_day(values.parse_date(text, what), what)
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
        event: str | None = None,
        mode: str | None = None,
    ) -> GameFacts:
        game, white, black = self._check_sides(game, white, black, known)
        values.check_result(result)
        finished_on, reported = self._check_game_dates(finished, reported_on)
        kind, tc = values.check_game_kind(forfeit, time_control)
        values.check_forfeit_result(result, kind)  # issue 22 §4: a drawn forfeit crashed every crosstable
        name = values.check_free_text(tournament, "tournament", required=False) if tournament else None
        event_id = self._check_game_event(event, finished_on) if event else None
        mode = values.check_choice(mode, values.MODES, "mode") if mode else None
        return GameFacts(game, white, black, result, finished_on, name or None, tc, event_id, mode, kind, reported)

    def _check_game_event(self, event: str, finished: str) -> str:
        """The id of the registered event a game of ``finished`` names: it counts, and the game is within it."""
        event = values.check_id(event, "event")
        found = self._event_facts(event)
        start, end = found.get("start"), found.get("end")
        if isinstance(start, str) and finished < start:
            raise InvalidValueError(f"the game finished on {finished}, before event {event!r} started on {start}")
        if isinstance(end, str) and finished > end:
            raise InvalidValueError(f"the game finished on {finished}, after event {event!r} ended on {end}")
        return event

    def _event_facts(self, event: str) -> dict[str, Any]:
        """The facts of a registered event that counts, as corrected (cached for an import's rows)."""
        cached = self._events_seen.get(event) if self._events_seen is not None else None
        if cached is not None:
            return cached
        found = self._get(event_key(event), Tournament)
        if found is None:
            raise UnknownEventError(f"unknown event {event!r}: register it first (ratings event register)")
        if found.voided:
            raise VoidError(f"event {event!r} is void: restore it before recording its games")
        if self._events_seen is not None:
            self._events_seen[event] = found.facts
        return found.facts

    _events_seen: dict[str, dict[str, Any]] | None = None
    """While an import checks its rows: the events its rows named, as looked up once."""

    def _check_sides(self, game: str, white: str, black: str, known: Callable[[str], bool]) -> tuple[str, str, str]:
        """The game id and the two players, stripped; both registered, and not the same."""
        game = values.check_id(game, "game id")
        white = values.check_id(white, "white")
        black = values.check_id(black, "black")
        for who in (white, black):
            if not known(who):
                raise UnknownPlayerError(f"unknown player {who!r}: register the player first")
        values.check_opponents(white, black)
        return game, white, black

    def _check_game_dates(self, finished: str, reported_on: str | None) -> tuple[str, str]:
        """The finished and reported dates of a game as ISO text (a function of the texts and today)."""
        finished_day = values.check_day(values.parse_date(finished, "finished date"), "finished date")
        reported = self._reported(reported_on)
        values.not_after(finished_day, self.clock(), "finished date", "today")
        values.not_after(finished_day, reported, "finished date", "the reported date")
        return finished_day.isoformat(), reported.isoformat()

    def _born(self, player: str) -> str | None:
        """The player's birth date as registered and corrected (ISO text), if known."""
        found = self._get(player_key(player), Player)
        born = None if found is None else found.registration.get("born")
        return born if isinstance(born, str) else None

    def _check_born(self, finished: str, *players: str, born: Callable[[str], str | None] | None = None) -> None:
        """Refuse a game of ``finished`` less than three years after a player's birth (issue 10 §3)."""
        for player in players:
            day = (born or self._born)(player)
            if day is not None:
                values.check_born(date.fromisoformat(day), finished, f"the birth date of player {player!r}")

    def _births(self) -> dict[str, str]:
        """Every player's birth date as registered and corrected (ISO text), of the players whose is known."""
        born: dict[str, str | None] = {}
        reader = self.reader()
        try:
            for record in reader.records_of(("PlayerRegistered", "PlayerCorrected")):
                if b'"born"' in record.state:
                    state = record.facts()
                    facts = state.get("changes", state)
                    if "born" in facts:
                        born[state["player"]] = facts["born"]
        finally:
            reader.close()
        return {player: day for player, day in born.items() if isinstance(day, str)}

    def _first_game_of(self, player: str) -> str | None:
        """The finished date of the player's earliest game that counts (as corrected, not void), if any."""
        return min((game.facts["finished"] for game in self._games_of(player)), default=None)

    def _games_of(self, player: str) -> list[Game]:
        """The games that count (as corrected, not void) with ``player`` on either side, by game id: the log's
        recordings and corrections naming him, found in their stored JSON at C speed, then each game as it
        stands."""
        needles = {json.dumps(player).encode(), json.dumps(player, ensure_ascii=False).encode()}
        candidates: set[str] = set()
        reader = self.reader()
        try:
            for record in reader.records_of(("GameRecorded", "GameCorrected")):
                if any(needle in record.state for needle in needles):
                    candidates.add(record.facts()["game"])
        finally:
            reader.close()
        found = []
        for game in sorted(candidates):
            aggregate = self._get(game_key(game), Game)
            if (
                aggregate is not None
                and not aggregate.voided
                and player
                in (
                    aggregate.facts["white"],
                    aggregate.facts["black"],
                )
            ):
                found.append(aggregate)
        return found

    def _player_exists(self, player: str) -> bool:
        lookup = self._bulk_lookup
        if lookup is not None and lookup[0] == threading.get_ident():
            return lookup[1](player_key(player))
        return bool(self.recorder.select_events(player_key(player), lte=1, limit=1))

    _bulk_lookup: tuple[int, Callable[[UUID], bool]] | None = None
    """While an import checks its rows: its thread and a lookup of first events in one read transaction."""

    _bulk_void: tuple[int, Callable[[UUID], bool]] | None = None
    """While an import checks its rows: its thread and a lookup of void players in one read transaction."""

    @contextmanager
    def _bulk_checks(self) -> Iterator[Callable[[UUID], bool]]:
        """Answer :meth:`_player_exists` in this thread from one read transaction, for the rows of an import."""
        first = "SELECT 1 FROM stored_events WHERE originator_id=? AND originator_version<=1 AND rowid > 0 LIMIT 1"
        with self._recorder().lookup(first, lambda key: (key.hex,)) as found, self._void_lookup() as void:

            def exists(originator_id: UUID) -> bool:
                return found(originator_id) is not None

            self._bulk_lookup = (threading.get_ident(), exists)
            self._bulk_void = (threading.get_ident(), void)
            try:
                yield exists
            finally:
                self._bulk_lookup = None
                self._bulk_void = None

    @contextmanager
    def _void_lookup(self) -> Iterator[Callable[[UUID], bool]]:
        """``void(player id)``: whether the player's latest void or restoration is a void, for many ids in one read.

        One indexed statement on the player's own events (by originator id), on either store.
        """
        voided, restored = get_topic(PlayerVoided), get_topic(PlayerRestored)
        statement = (
            "SELECT topic FROM stored_events WHERE rowid > 0 AND originator_id=? "
            "AND originator_version>1 AND topic IN (?, ?) ORDER BY originator_version DESC LIMIT 1"
        )
        with self._recorder().lookup(statement, lambda key: (key.hex, voided, restored)) as latest:

            def void(originator_id: UUID) -> bool:
                return bool(latest(originator_id) == voided)

            yield void

    def _player_void(self, player: str) -> bool:
        """Whether the registered ``player`` is void (issue 10 §3)."""
        lookup = self._bulk_void
        if lookup is not None and lookup[0] == threading.get_ident():
            return lookup[1](player_key(player))
        found = self._get(player_key(player), Player)
        return found is not None and found.voided

    def _player_counts(self, player: str) -> bool:
        """Whether ``player`` is registered (False if not); a void player is refused: no new fact names him;
        nor does a new game name a merged duplicate (issue 13 §4; an import's rows are mapped by the replay)."""
        if not self._player_exists(player):
            return False
        lookup = self._bulk_void
        if lookup is not None and lookup[0] == threading.get_ident():
            if lookup[1](player_key(player)):
                raise VoidError(_void_player_message(player))
            return True
        found = self._get(player_key(player), Player)  # one read for both checks
        if found is not None and found.voided:
            raise VoidError(_void_player_message(player))
        if found is not None and found.merged_into is not None:
            raise MergeError(
                f"player {player!r} is merged into {found.merged_into!r}: record the game for {found.merged_into!r}"
            )
        return True

    def _counting_player(self, player: str) -> Player:
        """The registered player, refused if he is void (no new fact about a void registration)."""
        aggregate = self.player(player)
        if aggregate.voided:
            raise VoidError(_void_player_message(player))
        return aggregate

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
        ids: Mapping[str, str] | None = None,
    ) -> Registration:
        """Record a new player (IECG §VII), refusing a second registration of the id.

        ``ids``: his identity numbers by scheme (``{"fide": "2500001", "ecf": "123456A"}``, issue 13 §4),
        each refused if another player holds it; recorded with the registration, in one transaction.
        """
        reported = self._reported(reported_on)
        reg = check_registration(
            player, name, country, born, starting_rating, source, rated_games, self.clock(), reported
        )
        wanted = self._check_ids(ids or {})
        if self._player_exists(reg.player):
            raise DuplicatePlayerError(f"player {reg.player!r} is already registered")
        aggregate = Player._create(
            PlayerRegistered, **reg._asdict(), reported_on=reported.isoformat(), recorded_by=self.user
        )
        claims = self._identity_events(reg.player, wanted, {}, "", reported.isoformat())
        try:
            self.save(aggregate, *claims)
        except IntegrityError:
            self._refuse_identity_race(reg.player, wanted)
            raise DuplicatePlayerError(f"player {reg.player!r} is already registered") from None
        return reg

    # --- identity numbers (issue 13 §4) ---------------------------------------------------------

    def identities(self) -> identities.Identities:
        """Who holds which identity number now (one read of the identity events)."""
        reader = self.reader()
        try:
            return identities.fold(reader.records_of(IDENTITY_TYPES))
        finally:
            reader.close()

    @staticmethod
    def _check_ids(ids: Mapping[str, str | None]) -> dict[str, str | None]:
        """The identity numbers by scheme, checked (None: the scheme's number is to be released)."""
        wanted: dict[str, str | None] = {}
        for scheme, number in ids.items():
            name, checked = (
                (values.check_scheme(scheme), None) if number is None else values.check_identity(scheme, number)
            )
            if name in wanted:
                raise InvalidValueError(f"two {name} ids given: a player holds one number per scheme")
            wanted[name] = checked
        return wanted

    def _identity_events(
        self, player: str, wanted: Mapping[str, str | None], held: Mapping[str, str], reason: str, reported: str
    ) -> list[Aggregate]:
        """The identity aggregates with the events that give ``player`` the ``wanted`` numbers (and release
        the ones he held of those schemes); refused for a number another player holds."""
        changed: list[Aggregate] = []
        for scheme, number in sorted(wanted.items()):
            old = held.get(scheme)
            if old == number:
                continue
            if old is not None:
                found = self._get(identity_key(scheme, old), Identity)
                assert found is not None
                found.trigger_event(
                    IdentityReleased,
                    scheme=scheme,
                    number=old,
                    player=player,
                    reason=reason,
                    reported_on=reported,
                    recorded_by=self.user,
                )
                changed.append(found)
            if number is None:
                continue
            aggregate = self._get(identity_key(scheme, number), Identity)
            if aggregate is None:
                aggregate = Identity._create(
                    IdentityClaimed,
                    scheme=scheme,
                    number=number,
                    player=player,
                    reported_on=reported,
                    recorded_by=self.user,
                )
            elif aggregate.holder is None:
                aggregate.trigger_event(
                    IdentityReclaimed,
                    scheme=scheme,
                    number=number,
                    player=player,
                    reported_on=reported,
                    recorded_by=self.user,
                )
            else:
                raise DuplicateIdentityError(
                    f"{identities.label(scheme, number)} is already held by player {aggregate.holder!r}"
                )
            changed.append(aggregate)
        return changed

    def _refuse_identity_race(self, player: str, wanted: Mapping[str, str | None]) -> None:
        """After a failed save: refuse naming a number another office gave meanwhile, if that was the cause."""
        for scheme, number in wanted.items():
            found = None if number is None else self._get(identity_key(scheme, number), Identity)
            if found is not None and found.holder not in (None, player):
                raise DuplicateIdentityError(
                    f"{identities.label(scheme, str(number))} is already held by player {found.holder!r}"
                )

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

        ``event`` names a registered event (issue 12 §1): the game must finish within its dates;
        ``mode`` (``otb``, ``email``, ``online``) and ``time_control`` override the event's.
        """
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
            self._player_counts,
            event,
            mode,
        )
        self._check_born(facts.finished, facts.white, facts.black)
        if self._get(game_key(facts.game), Game) is not None:
            raise DuplicateGameError(f"game {facts.game!r} is already recorded")
        aggregate = Game._create(GameRecorded, **vars(facts), recorded_by=self.user)
        self._save(aggregate, DuplicateGameError(f"game {facts.game!r} is already recorded"))
        return facts

    # --- events (issue 12 §1) ---------------------------------------------------------------------

    def register_event(
        self,
        event: str,
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
        reported_on: str | None = None,
    ) -> dict[str, Any]:
        """Register an event (a tournament, a match, an IECG group); refused for an id already registered.

        Returns the event's facts as recorded.
        """
        event = values.check_id(event, "event")
        reported = self._reported(reported_on).isoformat()
        facts = {
            field: self._event_value(field, value)
            for field, value in zip(
                EVENT_FIELDS,
                (name, type, start, end, rate_of_play, mode, rating_class, rounds, site, federation),
                strict=True,
            )
        }
        self._check_event_dates(event, facts)
        if self._get(event_key(event), Tournament) is not None:
            raise DuplicateEventError(f"event {event!r} is already registered")
        aggregate = Tournament._create(
            TournamentRegistered, event=event, **facts, reported_on=reported, recorded_by=self.user
        )
        self._save(aggregate, DuplicateEventError(f"event {event!r} is already registered"))
        return facts

    def _event_value(self, field: str, value: Any) -> Any:
        """An event's fact, checked (:func:`ledger.values.check_event_fact`); a date given as text is read
        and must not be after today."""
        if field in ("start", "end") and isinstance(value, str) and value:
            return self._day(value, f"{field} date").isoformat()
        if field in ("name", "site") and value not in (None, ""):  # issue 22 §5: free text, as given
            values.check_free_text(value, "event name" if field == "name" else "site")
        return values.check_event_fact(field, value)

    @staticmethod
    def _check_event_dates(event: str, facts: Mapping[str, Any]) -> None:
        start, end = facts["start"], facts["end"]
        if end is not None and end < start:
            raise InvalidValueError(f"event {event!r} would end on {end}, before it starts on {start}")

    def event(self, event: str) -> Tournament:
        """The registered event ``event`` (void or not), or refuse naming it."""
        found = self._get(event_key(values.check_id(event, "event")), Tournament)
        if found is None:
            raise UnknownEventError(f"unknown event {event!r}: register it first (ratings event register)")
        return found

    def correct_event(
        self,
        event: str,
        *,
        changes: Mapping[str, Any],
        reason: str,
        reported_on: str | None = None,
        dry_run: bool = False,
    ) -> list[LogRecord]:
        """Correct facts of a registered event (a new event in the log; the registration is never edited).

        A game recorded in the event keeps naming it: a correction of its dates is not checked against them
        (the event's games are in the log, not in the aggregate; a game outside its event's dates is rated in
        its own period). With ``dry_run`` nothing is written and the event is returned as it would be stored.
        """
        reason = values.check_text(reason, "reason")
        unknown = sorted(set(changes) - set(EVENT_FIELDS))
        if unknown:
            raise InvalidValueError(f"an event correction cannot change {', '.join(unknown)}")
        aggregate = self.event(event)
        reported = self._after_report(aggregate.reported_on, reported_on, f"event {aggregate.event!r}")
        if aggregate.voided:
            raise VoidError(f"event {aggregate.event!r} is void: restore it before correcting it")
        corrected = dict(aggregate.facts)
        for field, value in changes.items():
            corrected[field] = self._event_value(field, value)
        self._check_event_dates(aggregate.event, corrected)
        differing = {f: corrected[f] for f in EVENT_FIELDS if corrected[f] != aggregate.facts[f]}
        if not differing:
            shown = ", ".join(f"{f} {aggregate.facts[f]!r}" for f in changes) or "no facts given"
            raise NothingToCorrectError(f"the correction of event {aggregate.event!r} changes nothing: {shown}")
        stated = {f: corrected[f] for f in EVENT_FIELDS if f in changes}
        aggregate.trigger_event(
            TournamentCorrected,
            event=aggregate.event,
            changes=stated,
            reason=reason,
            reported_on=reported,
            recorded_by=self.user,
        )
        return self._save_or_preview(aggregate, dry_run=dry_run)

    def void_event(
        self, event: str, *, reason: str, reported_on: str | None = None, dry_run: bool = False
    ) -> list[LogRecord]:
        """Void an event registered in error: it and every game naming it no longer count."""
        return self._void_event(event, reason, reported_on, dry_run, void=True)

    def restore_event(
        self, event: str, *, reason: str, reported_on: str | None = None, dry_run: bool = False
    ) -> list[LogRecord]:
        """Restore a voided event: it and its games count again."""
        return self._void_event(event, reason, reported_on, dry_run, void=False)

    def _void_event(
        self, event: str, reason: str, reported_on: str | None, dry_run: bool, *, void: bool
    ) -> list[LogRecord]:
        reason = values.check_text(reason, "reason")
        aggregate = self.event(event)
        reported = self._after_report(aggregate.reported_on, reported_on, f"event {aggregate.event!r}", "void")
        if aggregate.voided == void:
            raise VoidError(f"event {aggregate.event!r} is {'already' if void else 'not'} void")
        kind = TournamentVoided if void else TournamentRestored
        aggregate.trigger_event(kind, event=aggregate.event, reason=reason, reported_on=reported, recorded_by=self.user)
        return self._save_or_preview(aggregate, dry_run=dry_run)

    def pair(self, event: str, *, round: int, white: str, black: str, reported_on: str | None = None) -> None:
        """Record a pairing of the event: ``white`` against ``black`` in round ``round`` (issue 12 §2)."""
        aggregate = self.event(event)
        if aggregate.voided:
            raise VoidError(f"event {aggregate.event!r} is void: restore it before pairing its players")
        number = values.check_whole(round, "round", values.ROUNDS)
        _, white, black = self._check_sides("pairing", white, black, self._player_counts)
        reported = self._after_report(aggregate.reported_on, reported_on, f"event {aggregate.event!r}", "pairing")
        if (number, white, black) in aggregate.pairings:
            raise DuplicateGameError(f"{white} v {black} is already paired in round {number} of {aggregate.event!r}")
        aggregate.trigger_event(
            TournamentPaired,
            event=aggregate.event,
            round=number,
            white=white,
            black=black,
            reported_on=reported,
            recorded_by=self.user,
        )
        self.save(aggregate)

    def withdraw_from_event(
        self, player: str, *, event: str, on: str, silent: bool = False, reported_on: str | None = None
    ) -> None:
        """Record a player's withdrawal from a registered event (IECG C §9): his unfinished pairings are forfeited
        in the score table (C §9A); his games are rated as their facts say (a withdrawal forfeit never, §VIII.2)."""
        player = values.check_id(player, "player id")
        self._counting_player(player)
        aggregate = self.event(event)
        if aggregate.voided:
            raise VoidError(f"event {aggregate.event!r} is void")
        day, reported = self._dated(on, "withdrawal date", reported_on)
        if day.isoformat() < aggregate.facts["start"]:
            raise InvalidValueError(
                f"withdrawal date {day.isoformat()} is before event {aggregate.event!r} started on "
                f"{aggregate.facts['start']}"
            )
        if player in aggregate.withdrawn:
            raise DuplicateWithdrawalError(f"player {player!r} already withdrew from event {aggregate.event!r}")
        aggregate.trigger_event(
            TournamentWithdrawn,
            event=aggregate.event,
            player=player,
            on=day.isoformat(),
            silent=silent,
            reported_on=reported.isoformat(),
            recorded_by=self.user,
        )
        self.save(aggregate)

    def enter_event(
        self, player: str, *, event: str, on: str, ticket: str | None = None, reported_on: str | None = None
    ) -> None:
        """Record a player's entry into an IECG group on ``on`` (issue 12 §3), using the promotion ticket won in
        the group ``ticket`` (D §2.4c, §2.5c, §2.5f, §2.8.5), or none. A fact, not a decision: whether he may
        enter (D §2.4–2.8, C §9) is :mod:`projections.eligibility`'s, asked before recording it."""
        player = values.check_id(player, "player id")
        self._counting_player(player)
        aggregate = self.event(event)
        name = aggregate.event
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
        day, reported = self._dated(on, "entry date", reported_on)
        end = aggregate.facts["end"]
        if end is not None and day.isoformat() > end:
            raise InvalidValueError(f"entry date {day.isoformat()} is after event {name!r} ended on {end}")
        for entrant, entered, _ in aggregate.entries:
            if entrant == player:
                raise LedgerError(f"player {player!r} already entered event {name!r} on {entered}")
        if ticket is not None:
            origin = self.event(ticket)
            ticket = origin.event
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

    def adjudicate_game(self, game: str, *, result: str, on: str, reported_on: str | None = None) -> None:
        """Record an adjudicator's decision on a game (IECG §VIII.3)."""
        game = values.check_id(game, "game id")
        values.check_result(result, "adjudicated result")
        decided, reported = self._dated(on, "adjudication date", reported_on)
        aggregate = self.game(game)
        if aggregate.voided:
            raise VoidError(f"game {game!r} is void: restore it before adjudicating it")
        if aggregate.adjudicated_on is not None:
            raise AlreadyAdjudicatedError(f"game {game!r} was already adjudicated on {aggregate.adjudicated_on}")
        if aggregate.facts["forfeit"] == "none":
            # IECG §VIII.3: the remaining player of a withdrawal may request an adjudication; an arbiter's
            # forfeit (§VIII.1) may be decided too. A game that finished normally has its result (issue 10 §3).
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

    def withdraw_player(
        self, player: str, *, tournament: str, on: str, silent: bool = False, reported_on: str | None = None
    ) -> None:
        """Record a player's withdrawal from a tournament (IECG §VIII.2)."""
        player = values.check_id(player, "player id")
        tournament = values.check_text(tournament, "tournament")
        day, reported = self._dated(on, "withdrawal date", reported_on)
        aggregate = self._counting_player(player)
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
        player = values.check_id(player, "player id")
        reason = values.check_text(reason, "reason")
        day, reported = self._dated(on, "date", reported_on)
        aggregate = self._counting_player(player)
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
        player = values.check_id(player, "player id")
        values.check_choice(system, values.PRIOR_SYSTEMS, "system")
        if status is not None:
            values.check_choice(status, values.PRIOR_STATUSES, "status")
        values.check_prior(system, rating, games, deviation, volatility)
        source = values.check_free_text(source, "source", required=False)
        if status == "provisional" and not games:
            raise InvalidValueError(
                "a provisional rating needs the games behind it (--games at least 1): it is 'rating/games'"
            )
        day, reported = self._dated(as_of, "as-of date", reported_on)
        aggregate = self._counting_player(player)
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
        game = values.check_id(game, "game id")
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
        self._check_sides(game, corrected["white"], corrected["black"], self._player_counts)
        # Issue 22 §4: no correction leaves a drawn forfeit (nor keeps one an older version recorded).
        values.check_forfeit_result(str(corrected["result"]), str(corrected["forfeit"]))
        self._check_views(aggregate, {f: corrected[f] for f in changes}, reported)
        differing = {f: corrected[f] for f in GAME_FIELDS if corrected[f] != aggregate.facts[f]}
        if {"white", "black", "finished"} & set(differing):
            self._check_born(str(corrected["finished"]), str(corrected["white"]), str(corrected["black"]))
        if corrected.get("event") and {"event", "finished"} & set(differing):
            self._check_game_event(str(corrected["event"]), str(corrected["finished"]))
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
        return self._save_or_preview(aggregate, dry_run=dry_run)

    @staticmethod
    def _check_views(aggregate: Game, stated: Mapping[str, Any], reported: str) -> None:
        """Issue 22 §4: refuse a correction that some view of the game as known at a date would see as no reader
        can take it. A view knows the corrections reported by its date, applied in log order: one reported
        before an earlier-entered correction is seen without it until that one's report."""
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
            day = self._day(value or "", "finished date")
            values.not_after(day, date.fromisoformat(reported), "finished date", "the reported date")
            return day.isoformat()
        if field == "forfeit":
            return values.check_choice(value or "none", values.FORFEIT_KINDS, "forfeit")
        if field == "time_control":
            return values.check_time_control(value) if value else None
        if field == "event":
            if not value:
                return None
            event = values.check_id(value, "event")
            self._event_facts(event)
            return event
        if field == "mode":
            return values.check_choice(value, values.MODES, "mode") if value else None
        return values.check_free_text(value, "tournament", required=False) or None if value else None  # tournament

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
        game = values.check_id(game, "game id")
        reason = values.check_text(reason, "reason")
        aggregate = self.game(game)
        reported = self._after_report(aggregate.reported_on, reported_on, f"game {game!r}")
        if aggregate.voided == void:
            raise VoidError(f"game {game!r} is already void" if void else f"game {game!r} is not void")
        event = GameVoided if void else GameRestored
        aggregate.trigger_event(event, game=game, reason=reason, reported_on=reported, recorded_by=self.user)
        return self._save_or_preview(aggregate, dry_run=dry_run)

    def correct_player(
        self,
        player: str,
        *,
        changes: Mapping[str, Any],
        reason: str,
        reported_on: str | None = None,
        dry_run: bool = False,
        ids: Mapping[str, str | None] | None = None,
    ) -> list[LogRecord]:
        """Correct registration facts of a player (IECG §VII), checked as a registration is.

        ``ids``: identity numbers to give him by scheme, replacing the one he holds of that scheme
        (None: release it) (issue 13 §4); a number another player holds is refused.
        """
        player = values.check_id(player, "player id")
        reason = values.check_text(reason, "reason")
        unknown = sorted(set(changes) - set(REGISTRATION_FIELDS))
        if unknown:
            raise InvalidValueError(f"a player correction cannot change {', '.join(unknown)}")
        wanted = self._check_ids(ids or {})
        aggregate = self._counting_player(player)
        reported = self._after_report(aggregate.reported_on, reported_on, f"player {player!r}'s registration")
        claims = self._identity_events(player, wanted, self.identities().of(player), reason, reported)
        if not changes:
            if not claims:
                shown = ", ".join(f"{identities.label(k, str(v))}" for k, v in wanted.items() if v) or "no facts given"
                raise NothingToCorrectError(f"the correction of player {player!r} changes nothing: {shown} as held")
            return self._save_identities(player, wanted, claims, dry_run)
        merged = {**aggregate.registration, **changes}
        if changes.get("source") == "none" and "starting_rating" not in changes:
            merged["starting_rating"] = None  # back to the §VII.3 default
        reg = check_registration(player, today=self.clock(), reported=date.fromisoformat(reported), **merged)
        corrected = reg._asdict()
        differing = {f: corrected[f] for f in REGISTRATION_FIELDS if corrected[f] != aggregate.registration[f]}
        if differing.get("born") is not None:
            first = self._first_game_of(player)
            if first is not None:
                values.check_born(date.fromisoformat(str(differing["born"])), first, "born")
        stated = {f: corrected[f] for f in REGISTRATION_FIELDS if f in changes or f in differing}
        if not differing and not claims:
            shown = ", ".join(f"{f} {aggregate.registration[f]!r}" for f in changes) or "no facts given"
            raise NothingToCorrectError(f"the correction of player {player!r} changes nothing: {shown} as registered")
        if differing:
            aggregate.trigger_event(
                PlayerCorrected,
                player=player,
                changes=stated,
                reason=reason,
                reported_on=reported,
                recorded_by=self.user,
            )
        return self._save_identities(player, wanted, [aggregate, *claims], dry_run)

    def _save_identities(
        self, player: str, wanted: Mapping[str, str | None], aggregates: Sequence[Aggregate], dry_run: bool
    ) -> list[LogRecord]:
        """Save a correction with its identity events, refusing cleanly a number given elsewhere meanwhile."""
        try:
            return self._save_or_preview(*aggregates, dry_run=dry_run)
        except IntegrityError:
            self._refuse_identity_race(player, wanted)
            raise

    def _after_report(self, original: str, reported_on: str | None, what: str, act: str = "correction") -> str:
        """The reported date of a correction, a void or a restoration: not before its fact was reported."""
        reported = self._reported(reported_on).isoformat()
        if reported < original:
            raise ReportedOrderError(f"the {act} is reported on {reported}, before {what} was reported on {original}")
        return reported

    def _save_or_preview(self, *aggregates: Aggregate, dry_run: bool) -> list[LogRecord]:
        """Save the aggregates' new events in one transaction, or (``dry_run``) return them as stored records
        after the head."""
        if not dry_run:
            self.save(*aggregates)
            return []
        reader = self.reader()
        try:
            head = reader.head()
        finally:
            reader.close()
        records = []
        events = [event for aggregate in aggregates for event in aggregate.collect_events()]
        for offset, event in enumerate(events, start=1):
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
        values.check_points(points)
        day, reported = self._dated(on, "adjustment date", reported_on)
        if player is not None:
            player = self._counting_player(values.check_id(player, "player id")).player
        key = adjustment_key(system, player, day.isoformat(), reason)
        who = "every player" if player is None else f"player {player!r}"
        duplicate = DuplicateAdjustmentError(f"this adjustment of {who} on {day.isoformat()} is already recorded")
        if (recorded := self._get(key, Adjustment)) is not None:
            self._refuse_adjustment(recorded, who, day, duplicate)
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

    @staticmethod
    def _refuse_adjustment(aggregate: Adjustment, who: str, day: date, duplicate: LedgerError) -> None:
        """Refuse a second recording of an adjustment's key: a duplicate, or the key of a void one."""
        if aggregate.voided:  # a voided adjustment keeps its aggregate id: the same key cannot be recorded again
            raise DuplicateAdjustmentError(
                f"this adjustment of {who} on {day.isoformat()} was recorded and voided: record it with another reason"
            )
        raise duplicate

    # --- undoing facts (issue 10 §3) ----------------------------------------------

    def void_player(
        self, player: str, *, reason: str, reported_on: str | None = None, dry_run: bool = False
    ) -> list[LogRecord]:
        """Void a registration recorded in error: the player and every game he played leave every list."""
        return self._void_player(player, reason, reported_on, dry_run, void=True)

    def restore_player(
        self, player: str, *, reason: str, reported_on: str | None = None, dry_run: bool = False
    ) -> list[LogRecord]:
        """Restore a voided player: he and his games count again."""
        return self._void_player(player, reason, reported_on, dry_run, void=False)

    def _void_player(
        self, player: str, reason: str, reported_on: str | None, dry_run: bool, *, void: bool
    ) -> list[LogRecord]:
        player = values.check_id(player, "player id")
        reason = values.check_text(reason, "reason")
        aggregate = self.player(player)
        act = "void" if void else "restoration"
        reported = self._after_report(aggregate.reported_on, reported_on, f"player {player!r}'s registration", act)
        if aggregate.voided == void:
            raise VoidError(f"player {player!r} is already void" if void else f"player {player!r} is not void")
        event = PlayerVoided if void else PlayerRestored
        aggregate.trigger_event(event, player=player, reason=reason, reported_on=reported, recorded_by=self.user)
        return self._save_or_preview(aggregate, dry_run=dry_run)

    # --- merges of duplicate registrations (issue 13 §4) -------------------------------------------

    def merge_player(
        self, player: str, *, into: str, reason: str, reported_on: str | None = None, dry_run: bool = False
    ) -> list[LogRecord]:
        """Record that ``player`` was a duplicate registration of ``into``: from the merge on, his games,
        priors and events count as ``into``'s. Refused when the two played the same game (it would be a game
        against himself), and for a player merged already or merged into another."""
        player = values.check_id(player, "player id")
        into = values.check_id(into, "player id")
        reason = values.check_text(reason, "reason")
        if player == into:
            raise SelfPlayError(f"player {player!r} cannot be merged into himself")
        aggregate = self._counting_player(player)
        target = self._counting_player(into)
        if aggregate.merged_into is not None:
            raise MergeError(f"player {player!r} is already merged into {aggregate.merged_into!r}")
        if target.merged_into is not None:
            raise MergeError(
                f"player {into!r} is merged into {target.merged_into!r}: merge {player!r} into {target.merged_into!r}"
            )
        group = {into} | self._merged_into(into)
        shared = [game for mine in {player} | self._merged_into(player) for game in self._games_between(mine, group)]
        if shared:
            raise MergeError(
                f"players {player!r} and {into!r} both played game {shared[0]!r}"
                + (f" (and {len(shared) - 1} more)" if len(shared) > 1 else "")
                + ": one registration cannot play the other; correct or void the game first"
            )
        reported = self._after_report(
            max(aggregate.reported_on, target.reported_on), reported_on, "the later registration", "merge"
        )
        aggregate.trigger_event(
            PlayerMerged, player=player, into=into, reason=reason, reported_on=reported, recorded_by=self.user
        )
        return self._save_or_preview(aggregate, dry_run=dry_run)

    def unmerge_player(
        self, player: str, *, reason: str, reported_on: str | None = None, dry_run: bool = False
    ) -> list[LogRecord]:
        """Undo a merge recorded in error: ``player`` counts as himself again."""
        player = values.check_id(player, "player id")
        reason = values.check_text(reason, "reason")
        aggregate = self._counting_player(player)
        if aggregate.merged_into is None:
            raise MergeError(f"player {player!r} is not merged")
        reported = self._after_report(
            aggregate.reported_on, reported_on, f"player {player!r}'s registration", "unmerge"
        )
        aggregate.trigger_event(
            PlayerUnmerged,
            player=player,
            into=aggregate.merged_into,
            reason=reason,
            reported_on=reported,
            recorded_by=self.user,
        )
        return self._save_or_preview(aggregate, dry_run=dry_run)

    def _merged_into(self, into: str) -> set[str]:
        """The players merged into ``into`` now."""
        merged: dict[str, str] = {}
        reader = self.reader()
        try:
            for record in reader.records_of(("PlayerMerged", "PlayerUnmerged")):
                state = record.facts()
                if record.type == "PlayerMerged":
                    merged[state["player"]] = state["into"]
                else:
                    merged.pop(state["player"], None)
        finally:
            reader.close()
        return {player for player, target in merged.items() if target == into}

    def _games_between(self, player: str, others: set[str]) -> list[str]:
        """The games, as corrected and not void, between ``player`` and one of ``others``."""
        return [
            game.game
            for game in self._games_of(player)
            if not {game.facts["white"], game.facts["black"]}.isdisjoint(others)
        ]

    def void_prior(
        self,
        player: str,
        *,
        system: str,
        as_of: str,
        reason: str,
        reported_on: str | None = None,
        dry_run: bool = False,
    ) -> list[LogRecord]:
        """Void a prior rating recorded in error, named by its system and as-of date: it no longer counts."""
        player = values.check_id(player, "player id")
        values.check_choice(system, values.PRIOR_SYSTEMS, "system")
        day = values.parse_date(as_of, "as-of date").isoformat()
        reason = values.check_text(reason, "reason")
        aggregate = self.player(player)
        if (system, day) not in aggregate.priors:
            held = ", ".join(f"{s} as of {d}" for s, d in sorted(aggregate.priors)) or "none"
            raise UnknownPriorError(
                f"player {player!r} has no {system} prior rating as of {day} that counts (his priors: {held})"
            )
        original = aggregate.prior_reported[(system, day)]
        reported = self._after_report(original, reported_on, f"the {system} prior rating of {day}", "void")
        aggregate.trigger_event(
            PriorRatingVoided,
            player=player,
            system=system,
            as_of=day,
            reason=reason,
            reported_on=reported,
            recorded_by=self.user,
        )
        return self._save_or_preview(aggregate, dry_run=dry_run)

    def void_adjustment(
        self,
        *,
        system: str,
        player: str | None,
        on: str,
        reason: str,
        because: str,
        reported_on: str | None = None,
        dry_run: bool = False,
    ) -> list[LogRecord]:
        """Void an adjustment recorded in error, named by its natural key (system, player or all, date, reason)."""
        values.check_choice(system, values.ADJUSTABLE_SYSTEMS, "system")
        if player is not None:
            player = values.check_id(player, "player id")
        day = values.parse_date(on, "adjustment date").isoformat()
        reason = values.check_text(reason, "reason")
        because = values.check_text(because, "reason for the void")
        aggregate = self._get(adjustment_key(system, player, day, reason), Adjustment)
        who = "every player" if player is None else f"player {player!r}"
        if aggregate is None:
            raise UnknownAdjustmentError(
                f"no {system} adjustment of {who} on {day} with reason {reason!r} is recorded "
                "(see `ratings log`: system, player, on and reason must match)"
            )
        if aggregate.voided:
            raise VoidError(f"the {system} adjustment of {who} on {day} ({reason!r}) is already void")
        reported = self._after_report(aggregate.reported_on, reported_on, "the adjustment", "void")
        aggregate.trigger_event(
            AdjustmentVoided,
            system=system,
            player=player,
            on=day,
            adjustment=reason,
            reason=because,
            reported_on=reported,
            recorded_by=self.user,
        )
        return self._save_or_preview(aggregate, dry_run=dry_run)

    # --- publications (audit issue §3) ---------------------------------------

    def record_publication(
        self,
        *,
        rules: str,
        period: str,
        on: str,
        digest: str,
        players: int,
        log_position: int,
        log_hash: str,
        rules_fingerprint: str | None = None,
    ) -> None:
        """Record that a list was published on ``on``, with its digest, the log's head at the time and the
        fingerprint of the rules version's code (:mod:`projections.fingerprint`; None: not known)."""
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
            rules_fingerprint=rules_fingerprint,
            reported_on=self.clock().isoformat(),
            recorded_by=self.user,
        )
        self._save(aggregate, duplicate)

    def _save(self, aggregate: Aggregate, duplicate: LedgerError) -> None:
        try:
            self.save(aggregate)
        except IntegrityError:
            raise duplicate from None

    def save(
        self, *objs: MutableOrImmutableAggregate[UUID] | DomainEventProtocol[UUID] | None, **kwargs: Any
    ) -> list[Recording[UUID]]:
        """Append the aggregates' new events with their witness in the hash chain, in one transaction.

        Issue 23 §2: the recorder writes the witness of the new events in their own transaction
        (:func:`ledger.chain.witness_recorded`), reading only the witness's end and the junction, so a
        recording does the same work on a log of a thousand events as on one of a million, and commits
        once. Only when it could not (the witness does not end at the log's head: an unsealed tail, a
        mismatch) does :meth:`seal_witness` run after the commit, as every recording did before: it
        catches up an unsealed tail once, after which recordings witness themselves again, or warns.
        """
        recordings = super().save(*objs, **kwargs)
        if not recordings or not self._recorder().witnessed():
            self.seal_witness()
        return recordings

    def seal_witness(self) -> None:
        """Extend the chain's witness over the events just appended (issue 10 §1).

        Every recording is witnessed, in its own transaction (:meth:`save`) or
        by this seal after it, so the witness ends at the log's head and a
        projections file is checked against the chain without hashing the log
        again. A seal that fails (the log no longer matches its witness, a
        full disk) leaves the fact recorded and says so in :attr:`notices`;
        the next recording, or ``ratings verify``, seals what is left.
        """
        if self.path == ":memory:":
            return
        try:
            chain.seal(self.path)
        except chain.WitnessMismatchError as error:
            self.notices.append(f"warning: the log no longer matches its witness ({error})")
        except stores.store_errors(chain.ChainError, OSError) as error:
            self.notices.append(f"warning: the chain's witness was not extended ({error}); `ratings verify` extends it")

    # --- imports -----------------------------------------------------------

    def import_file(self, path: str, what: str, progress: Progress | None = None) -> int:
        """Import the CSV file at ``path``: ``what`` is ``players`` (:meth:`import_players`) or ``games``
        (:meth:`import_games`); all or nothing, with the refusals of ``ratings import``."""
        columns, optional = IMPORTS[what]
        rows = FileRows(path, columns, optional)  # read as the import goes, a line at a time (issue 22 §3)
        return self.import_players(rows, progress) if what == "players" else self.import_games(rows, progress)

    def import_players(self, rows: Iterable[tuple[int, dict[str, str]]], progress: Progress | None = None) -> int:
        """Register every player of the rows, or none (one bad row refuses the file).

        The rows are checked and written :data:`bulk.CHUNK` at a time, in one transaction (issue 23 §6);
        what is kept between chunks is the line of each player (to name a player twice in the file).
        """
        today = self.clock()
        seen: dict[str, int] = {}
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

        def checked(block: list[tuple[int, dict[str, str]]]) -> list[tuple[Registration, str]]:
            regs = []
            for line, row in block:
                try:
                    reported_day = self._reported(row.get("reported"))
                    reg = check_registration(
                        row.get("player", ""),
                        row.get("name", ""),
                        row.get("country", ""),
                        row.get("born") or None,
                        _optional_int(row.get("starting_rating", ""), "starting_rating"),
                        row.get("source") or "none",
                        _optional_int(row.get("rated_games", ""), "rated_games"),
                        today,
                        reported_day,
                    )
                    reported = reported_day.isoformat()
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
            return regs

        with self._bulk_checks():
            try:
                return self._write_chunks(map(checked, bulk.blocks(rows)), event, fast, progress)
            except IntegrityError:  # registered meanwhile, by another process
                raise DuplicatePlayerError("a player of the file is already registered") from None

    def import_games(self, rows: Iterable[tuple[int, dict[str, str]]], progress: Progress | None = None) -> int:
        """Record every game of the rows, or none (one bad row refuses the file).

        Each row is checked as :meth:`record_game` checks a game (:meth:`_game_row_check`). A game is kept
        as a tuple of :data:`bulk.GAME_FIELDS` and its stored event is written by a template, checked
        against the library's own encoding first.

        Issue 23 §6: the rows are checked and written :data:`bulk.CHUNK` at a time, in one transaction;
        between chunks the import keeps what it knows per player and per distinct text (dates, time
        controls, names), nothing per game. A game twice in one chunk is refused as it is checked; a game
        already recorded, or twice in the file chunks apart, is refused by the store's primary key, and
        the refusal then names its row and the earlier one (:meth:`_duplicate_game`).
        """
        written = bulk.Written()
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

        self._events_seen = {}
        try:
            births = self._births()
            with self._bulk_checks():
                is_known = bulk.Memo(self._player_counts, bulk.PLAYERS).__getitem__
                check = self._game_row_check(births, is_known)

                def chunks() -> Iterator[list[bulk.GameTuple]]:
                    first = True
                    source = iter(rows)
                    while True:  # a chunk of checked games at a time; the rows themselves are not kept
                        items: list[bulk.GameTuple] = []
                        lines: dict[str, int] = {}  # this chunk's games: a game twice in it is named now
                        for line, row in islice(source, bulk.CHUNK):
                            try:
                                item = check(row)
                                game = item[0]
                                if game in lines:
                                    raise DuplicateGameError(
                                        f"game {game!r} appears twice in the file (line {lines[game]})"
                                    )
                            except LedgerError as error:
                                raise ImportRowError(line, str(error)) from None
                            lines[game] = line
                            items.append(item)
                            if first:
                                self._check_bulk_game(row, item, is_known)
                                first = False
                        if not items:
                            return
                        written.games, written.lines = list(lines), list(lines.values())
                        yield items

                try:
                    return self._write_chunks(chunks(), event, fast, progress, written)
                except IntegrityError as error:
                    duplicate = error
        finally:
            self._events_seen = None
        raise self._duplicate_game(duplicate, written, rows)

    def _game_row_check(
        self, births: Mapping[str, str], is_known: Callable[[str], bool]
    ) -> Callable[[dict[str, str]], bulk.GameTuple]:
        """``check(row)``: a game row of an import as a tuple of :data:`bulk.GAME_FIELDS`, or the refusal
        :meth:`record_game` makes of it (issue 23 §5: few Python steps a row).

        Most checks of a row depend on a few texts only: a player's (his id, that he counts, his birth
        date), the dates, forfeit and time control together, a tournament's name. Each is made once per
        distinct text (a :class:`bulk.Memo`), so a valid row costs a few dict lookups and comparisons. A
        row any quick check fails is checked again the long way, as the import always checked it (the
        same helpers as :meth:`record_game`, in the same order), so that its refusal is the same.
        """

        def check_terms(key: tuple[str, str | None, str | None, str | None]) -> tuple[str, str, str, str | None]:
            finished, reported, forfeit, time_control = key
            return (*self._check_game_dates(finished, reported), *values.check_game_kind(forfeit, time_control))

        terms = bulk.Memo(check_terms)
        names: bulk.Memo[str, str] = bulk.Memo(lambda text: values.check_free_text(text, "tournament", required=False))
        modes: bulk.Memo[str, str] = bulk.Memo(lambda text: values.check_choice(text, values.MODES, "mode"))

        def side(what: str) -> bulk.Memo[str, tuple[str, str]]:
            def player(text: str) -> tuple[str, str]:
                who = values.check_id(text, what)
                if not is_known(who):
                    raise UnknownPlayerError(f"unknown player {who!r}: register the player first")
                born = births.get(who)
                return who, "" if born is None else bulk.earliest_game(born)  # "": any day

            return bulk.Memo(player, bulk.PLAYERS)  # one entry a registered player: the players' state

        whites, blacks = side("white"), side("black")
        results = frozenset(values.RESULTS)
        longest = values.ID_MAXIMUM
        check_event = self._check_game_event

        def placed(
            get: Callable[[str], str | None], tournament: str | None, finished_on: str
        ) -> tuple[str | None, str | None]:
            """The row's tournament name, event and mode checked (each once per distinct value): its event and
            mode."""
            if tournament:
                names[tournament]
            event_id, mode = get("event") or None, get("mode") or None
            if event_id is not None:
                event_id = check_event(event_id, finished_on)
            if mode is not None:
                modes[mode]
            return event_id, mode

        def long_way(row: dict[str, str]) -> bulk.GameTuple:
            get = row.get
            game, white, black = self._check_sides(get("game", ""), get("white", ""), get("black", ""), is_known)
            result = get("result", "")
            values.check_result(result)
            when = (get("finished", ""), get("reported"), get("forfeit"), get("time_control"))
            finished_on, reported, kind, tc = terms[when]
            values.check_forfeit_result(result, kind)  # issue 22 §4
            tournament = get("tournament")
            event_id, mode = placed(get, tournament, finished_on)
            if births and (white in births or black in births):
                self._check_born(finished_on, white, black, born=births.get)
            return (game, white, black, result, finished_on, tournament or None, tc, event_id, mode, kind, reported)

        def check(row: dict[str, str]) -> bulk.GameTuple:
            try:
                game, white, black, result, finished, tournament, forfeit = bulk.GAME_CELLS(row)
                if not (0 < len(game) <= longest and game.isprintable()) or game[0] == " " or game[-1] == " ":
                    raise bulk.LongWay  # an id that check_id would strip or refuse
                white, white_from = whites[white]
                black, black_from = blacks[black]
                if white == black or result not in results:
                    raise bulk.LongWay
                get = row.get
                finished_on, reported, kind, tc = terms[(finished, get("reported"), forfeit, get("time_control"))]
                if (kind != "none" and result == "1/2-1/2") or finished_on < white_from or finished_on < black_from:
                    raise bulk.LongWay
                event_id, mode = placed(get, tournament, finished_on)
            except (bulk.LongWay, LedgerError, KeyError):  # KeyError: a row without some column
                return long_way(row)
            return (game, white, black, result, finished_on, tournament or None, tc, event_id, mode, kind, reported)

        return check

    def _duplicate_game(
        self, error: IntegrityError, written: bulk.Written, rows: Iterable[tuple[int, dict[str, str]]]
    ) -> LedgerError:
        """The refusal of an import whose rows the store refused for a key already there (issue 23 §6): the
        row of a game already recorded, or of a game twice in the file, naming the earlier line.

        The store stops at the first row it refuses. On SQLite that is the row of the last chunk that
        :attr:`bulk.Chunk.taken` counts; PostgreSQL names the row's key instead (its ``COPY`` may report
        it later than the chunk it was in). The earlier line of a game twice in the file, chunks apart, is
        found by reading the rows again from the start when they can be (a file), else it is not named.
        """
        games, lines, chunk = written.games, written.lines, written.chunk
        named = bulk.named_key(str(error))
        key = bulk.KeyHex("game:")
        rows_again = bulk.rereadable(rows)
        if named is not None:
            candidates = [i for i, game in enumerate(games) if key(game) == named]
            if not candidates:  # not in the last chunk: find its lines in the file, or the game in the log
                found = self._duplicate_named(named, rows) if rows_again else None
                recorded = self._get(UUID(hex=named), Game) if found is None else None
                if recorded is not None:
                    found = DuplicateGameError(f"game {recorded.game!r} is already recorded")
                return found or _unnamed_duplicate()
        elif isinstance(self._recorder(), LedgerRecorder) and chunk is not None and 0 < chunk.taken <= len(games):
            candidates = [chunk.taken - 1]
        else:
            candidates = list(range(len(games)))
        earlier: dict[str, int] | None = None
        with self._bulk_checks() as exists:
            for i in candidates:
                game, line = games[i], lines[i]
                if exists(game_key(game)):
                    return ImportRowError(line, f"game {game!r} is already recorded")
                if earlier is None:
                    wanted = {games[j] for j in candidates}
                    earlier = bulk.first_lines(rows, wanted, lines[0]) if rows_again and lines else {}
                if game in earlier:
                    return ImportRowError(line, f"game {game!r} appears twice in the file (line {earlier[game]})")
                if len(candidates) == 1 and named is None:  # the store named this row; the other is not read again
                    return ImportRowError(line, f"game {game!r} appears twice in the file (also at an earlier line)")
        return _unnamed_duplicate()

    def _duplicate_named(self, named: str, rows: Iterable[tuple[int, dict[str, str]]]) -> LedgerError | None:
        """The refusal for the game whose aggregate id is ``named``, its rows found by reading ``rows`` again."""
        key = bulk.KeyHex("game:")
        found: list[tuple[int, str]] = []
        for line, row in rows:
            game = row.get("game", "").strip()
            if key(game) == named:
                found.append((line, game))
                if len(found) == 2:
                    break
        if not found:
            return None
        with self._bulk_checks() as exists:
            line, game = found[0]
            if exists(game_key(game)):
                return ImportRowError(line, f"game {game!r} is already recorded")
        if len(found) == 2:
            return ImportRowError(found[1][0], f"game {game!r} appears twice in the file (line {line})")
        return None

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
            row.get("event") or None,
            row.get("mode") or None,
        )
        if vars(facts) != dict(zip(bulk.GAME_FIELDS, fast, strict=True)):
            raise AssertionError(
                "RatingLedger.import_games is out of step with GameFacts and _check_game: update bulk.GAME_FIELDS "
                f"and the tuple import_games builds ({vars(facts)} != {fast})"
            )

    def _recorder(self) -> LedgerRecorder | PgLedgerRecorder:
        """The store's recorder, with the ledger's bulk paths (one-read lookups, one-transaction inserts)."""
        recorder = self.recorder
        postgres = stores.loaded_postgres()
        assert isinstance(recorder, LedgerRecorder) or (
            postgres is not None and isinstance(recorder, postgres.PgLedgerRecorder)
        )
        return recorder

    def _write_chunks(
        self,
        chunks: Iterable[Sequence[T]],
        event: Callable[[T], Aggregate.Event],
        fast: Callable[[T], StoredRow],
        progress: Progress | None,
        written: bulk.Written | None = None,
    ) -> int:
        """Write the stored rows of the events of each chunk of ``chunks`` as it comes, all in one transaction
        with their witness (the recorder's ``insert_rows``), then seal; the number written.

        ``fast`` writes the rows directly; it is used if it writes exactly what the library's mapper
        writes for the first item (same id, topic and state bytes), else every event goes through the
        mapper. A chunk is checked before it is written, so a refusal in a late chunk rolls back the
        earlier ones (issue 23 §6). ``written`` is told each chunk handed to the store.
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

        def stored() -> Iterator[bulk.Chunk]:
            make: Callable[[T], StoredRow] | None = None
            for items in chunks:
                if progress is not None:
                    progress("checked", len(items))
                if not items:
                    continue
                if make is None:
                    make = fast if fast(items[0]) == library(items[0]) else library
                chunk = bulk.Chunk(map(make, items))
                if written is not None:
                    written.chunk = chunk
                yield chunk
                if progress is not None:
                    progress("written", len(chunk))

        count = self._recorder().insert_rows(stored())
        self.seal_witness()
        return count


def _named(error: LedgerError, message: str) -> LedgerError:
    """``error`` again, its message naming where it was met (of its own class where that takes a message)."""
    try:
        return type(error)(message)
    except TypeError:
        return LedgerError(message)


def _unnamed_duplicate() -> LedgerError:
    return DuplicateGameError("a game of the file is already recorded, or appears twice in it: nothing was recorded")


def _void_player_message(player: str) -> str:
    return (
        f"player {player!r} is void (his registration was recorded in error): "
        f"restore him first (ratings player restore {player} --reason TEXT)"
    )


def _optional_int(text: str | None, column: str) -> int | None:
    """A CSV cell's whole number in ASCII digits (issue 10 §3: not ``１５００``, ``1_500``, ``1e3``); None if empty."""
    if text is None or text.strip() == "":
        return None
    return values.parse_whole(text, column)
