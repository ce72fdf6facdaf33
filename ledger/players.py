"""The player's facts: his registration (IECG §VII) and its corrections, voids and restorations, merges of
duplicate registrations, withdrawals by tournament name (IECG §VIII.2) and inactivity markers; and what the
other facts ask of a player: that he is registered and counts (not void, not merged), and his birth date.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from datetime import date
from typing import Any
from uuid import UUID

from eventsourcing.persistence import IntegrityError
from eventsourcing.utils import get_topic

from ledger import identities, values
from ledger.corrections import Corrections, Kind
from ledger.errors import (
    DuplicatePlayerError,
    DuplicateWithdrawalError,
    MarkerError,
    MergeError,
    NothingToCorrectError,
    SelfPlayError,
    StartingRatingError,
    UnknownPlayerError,
    VoidError,
)
from ledger.events import (
    Game,
    Player,
    PlayerMarkedInactive,
    PlayerMerged,
    PlayerReactivated,
    PlayerRegistered,
    PlayerRestored,
    PlayerUnmerged,
    PlayerVoided,
    PlayerWithdrew,
    game_key,
    player_key,
)
from ledger.identity_claims import Identities
from ledger.store import LogRecord
from ledger.values import Registration


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
    sex: str | None = None,
    title: str | None = None,
    federation: str | None = None,
) -> Registration:
    """Validate a registration against IECG §VII and the ledger's bounds (:mod:`ledger.values`), and return it.

    ``today`` and ``reported`` (the date the registration is reported) bound the birth date. ``sex``,
    ``title`` and ``federation`` are read as FIDE's lists and TRF16 write them and stored as FIDE's lists
    do (``w`` → ``F``, ``wgm`` → ``WGM``, ``eng`` → ``ENG``: :func:`ledger.values.check_sex`,
    :func:`~ledger.values.check_title`, :func:`~ledger.values.check_federation`); blank or None: not said.
    A federation is recorded only as said: one not said is read from the country where it maps
    (:attr:`ledger.values.Registration.fide_federation`), never stored on a guess.
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
    return Registration(
        player,
        name,
        country,
        born_text,
        rating,
        source,
        games,
        values.check_sex(sex),
        values.check_title(title),
        values.check_federation(federation),
    )


def void_player_message(player: str) -> str:
    """The refusal of a new fact naming a void player."""
    return (
        f"player {player!r} is void (his registration was recorded in error): "
        f"restore him first (ratings player restore {player} --reason TEXT)"
    )


PLAYER = Kind(
    Player,
    "player",
    "player id",
    player_key,
    lambda player: UnknownPlayerError(f"unknown player {player!r}: register the player first"),
    lambda aggregate: VoidError(void_player_message(aggregate.player)),
)
"""Players, as the application finds them to correct, void and restore."""


class Players(Identities, Corrections):
    """The player's facts, and the checks other facts make of a player."""

    # --- finding and checking players ---------------------------------------------------------------------

    def player(self, player: str) -> Player:
        """The registered player (void or not), or :class:`UnknownPlayerError`."""
        return self.find(PLAYER, player)

    def counting_player(self, player: str) -> Player:
        """The registered player, refused if he is void (no new fact about a void registration)."""
        aggregate = self.player(player)
        if aggregate.voided:
            raise VoidError(void_player_message(player))
        return aggregate

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

    def player_void(self, player: str) -> bool:
        """Whether the registered ``player`` is void."""
        lookup = self._bulk_void
        if lookup is not None and lookup[0] == threading.get_ident():
            return lookup[1](player_key(player))
        found = self.aggregate(player_key(player), Player)
        return found is not None and found.voided

    def player_counts(self, player: str) -> bool:
        """Whether ``player`` is registered (False if not); a void player is refused: no new fact names him;
        nor does a new game name a merged duplicate (an import's rows are mapped by the replay)."""
        if not self._player_exists(player):
            return False
        lookup = self._bulk_void
        if lookup is not None and lookup[0] == threading.get_ident():
            if lookup[1](player_key(player)):
                raise VoidError(void_player_message(player))
            return True
        found = self.aggregate(player_key(player), Player)  # one read for both checks
        if found is not None and found.voided:
            raise VoidError(void_player_message(player))
        if found is not None and found.merged_into is not None:
            raise MergeError(
                f"player {player!r} is merged into {found.merged_into!r}: record the game for {found.merged_into!r}"
            )
        return True

    def check_opponents(self, white: str, black: str, known: Callable[[str], bool]) -> tuple[str, str]:
        """The two players of a game or pairing, stripped; both registered (``known``), and not the same."""
        white = values.check_id(white, "white")
        black = values.check_id(black, "black")
        for who in (white, black):
            if not known(who):
                raise UnknownPlayerError(f"unknown player {who!r}: register the player first")
        values.check_opponents(white, black)
        return white, black

    def born(self, player: str) -> str | None:
        """The player's birth date as registered and corrected (ISO text), if known."""
        found = self.aggregate(player_key(player), Player)
        born = None if found is None else found.registration.get("born")
        return born if isinstance(born, str) else None

    def check_born(self, finished: str, *players: str, born: Callable[[str], str | None] | None = None) -> None:
        """Refuse a game of ``finished`` less than three years after a player's birth (``born``: his birth date,
        default :meth:`born`)."""
        for player in players:
            day = (born or self.born)(player)
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
            aggregate = self.aggregate(game_key(game), Game)
            counts = aggregate is not None and not aggregate.voided
            if counts and aggregate is not None and player in (aggregate.facts["white"], aggregate.facts["black"]):
                found.append(aggregate)
        return found

    # --- registration ---------------------------------------------------------------------------------------

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
        sex: str | None = None,
        title: str | None = None,
        federation: str | None = None,
    ) -> Registration:
        """Record a new player (IECG §VII), refusing a second registration of the id.

        ``ids``: his identity numbers by scheme (``{"fide": "2500001", "ecf": "123456A"}``), each refused if
        another player holds it; recorded with the registration, in one transaction. ``sex``, ``title``,
        ``federation``: as :func:`check_registration` reads them.
        """
        reported = self.reported_day(reported_on)
        reg = check_registration(
            player,
            name,
            country,
            born,
            starting_rating,
            source,
            rated_games,
            self.clock(),
            reported,
            sex=sex,
            title=title,
            federation=federation,
        )
        wanted = self._check_ids(ids or {})
        if self._player_exists(reg.player):
            raise DuplicatePlayerError(f"player {reg.player!r} is already registered")
        aggregate = self.new_player(reg, reported.isoformat())
        claims = self.identity_claims(reg.player, wanted, {}, "", reported.isoformat())
        try:
            self.save(aggregate, *claims)
        except IntegrityError:
            self._refuse_identity_race(reg.player, wanted)
            raise DuplicatePlayerError(f"player {reg.player!r} is already registered") from None
        return reg

    def new_player(self, reg: Registration, reported: str) -> Player:
        """The aggregate of a new player of the checked registration ``reg`` (:func:`check_registration`), to be
        saved."""
        return Player._create(PlayerRegistered, **reg._asdict(), reported_on=reported, recorded_by=self.user)

    # --- correcting, voiding and restoring a registration ---------------------------------------------------

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
        (None: release it); a number another player holds is refused.
        """
        wanted = self._check_ids(ids or {})
        aggregate, reason, reported = self.open_correction(PLAYER, player, changes, reason, reported_on)
        player = aggregate.player
        claims = self.identity_claims(player, wanted, self.identities().of(player), reason, reported)
        if not changes:
            if not claims:
                shown = ", ".join(f"{identities.label(k, str(v))}" for k, v in wanted.items() if v) or "no facts given"
                raise NothingToCorrectError(f"the correction of player {player!r} changes nothing: {shown} as held")
            return self._save_identities(player, wanted, claims, dry_run)
        merged = {**aggregate.registration, **changes}
        if changes.get("source") == "none" and "starting_rating" not in changes:
            merged["starting_rating"] = None  # back to the IECG §VII.3 default
        reg = check_registration(player, today=self.clock(), reported=date.fromisoformat(reported), **merged)
        differing, stated = self.differences(
            aggregate, changes, reg._asdict(), as_known=" as registered", required=not claims
        )
        if differing.get("born") is not None:
            first = min((game.facts["finished"] for game in self._games_of(player)), default=None)
            if first is not None:
                values.check_born(date.fromisoformat(str(differing["born"])), first, "born")
        if differing:
            self.correct_with(aggregate, stated, reason, reported)
        return self._save_identities(player, wanted, [aggregate, *claims], dry_run)

    def void_player(
        self, player: str, *, reason: str, reported_on: str | None = None, dry_run: bool = False
    ) -> list[LogRecord]:
        """Void a registration recorded in error: the player and every game he played leave every list."""
        return self._void_or_restore(PLAYER, player, True, reason, reported_on, dry_run)

    def restore_player(
        self, player: str, *, reason: str, reported_on: str | None = None, dry_run: bool = False
    ) -> list[LogRecord]:
        """Restore a voided player: he and his games count again."""
        return self._void_or_restore(PLAYER, player, False, reason, reported_on, dry_run)

    # --- merges of duplicate registrations ------------------------------------------------------------------

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
        aggregate = self.counting_player(player)
        target = self.counting_player(into)
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
        return self.save_or_preview(aggregate, dry_run=dry_run)

    def unmerge_player(
        self, player: str, *, reason: str, reported_on: str | None = None, dry_run: bool = False
    ) -> list[LogRecord]:
        """Undo a merge recorded in error: ``player`` counts as himself again."""
        player = values.check_id(player, "player id")
        reason = values.check_text(reason, "reason")
        aggregate = self.counting_player(player)
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
        return self.save_or_preview(aggregate, dry_run=dry_run)

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

    # --- withdrawals by tournament name and inactivity ------------------------------------------------------

    def withdraw_player(
        self, player: str, *, tournament: str, on: str, silent: bool = False, reported_on: str | None = None
    ) -> None:
        """Record a player's withdrawal from a tournament named in free text (IECG §VIII.2); a registered
        tournament's is :meth:`ledger.tournaments.Tournaments.withdraw_from_tournament`."""
        player = values.check_id(player, "player id")
        tournament = values.check_text(tournament, "tournament")
        day, reported = self.dated(on, "withdrawal date", reported_on)
        aggregate = self.counting_player(player)
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
        day, reported = self.dated(on, "date", reported_on)
        aggregate = self.counting_player(player)
        if aggregate.inactive_on(day.isoformat()) == inactive:
            state = "inactive" if inactive else "active"
            raise MarkerError(f"player {player!r} is already {state} on {day.isoformat()}")
        marker = PlayerMarkedInactive if inactive else PlayerReactivated
        aggregate.trigger_event(
            marker,
            player=player,
            on=day.isoformat(),
            reason=reason,
            reported_on=reported.isoformat(),
            recorded_by=self.user,
        )
        self.save(aggregate)
