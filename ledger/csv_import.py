"""CSV imports of players and games: every row checked as its own command checks it, and written a chunk at a
time in one transaction, so that a refusal in any row writes nothing; the rows are read as the import goes, in
bounded memory.

A game row's checks are made once per distinct text (:class:`ledger.bulk.Memo`), and its stored event is
written by a template (:class:`ledger.bulk.StateEncoder`) checked against the library's own encoding first.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from datetime import UTC, datetime
from itertools import islice
from typing import TypeVar
from uuid import UUID

from eventsourcing.domain import Aggregate
from eventsourcing.persistence import IntegrityError
from eventsourcing.utils import get_topic

from ledger import bulk, values
from ledger.core import unreadable
from ledger.errors import DuplicateGameError, DuplicatePlayerError, ImportRowError, LedgerError, UnknownPlayerError
from ledger.events import Game, GameRecorded, Player, PlayerRegistered, game_key, player_key
from ledger.fields import PLAYER
from ledger.games import Games
from ledger.imports import GAME_COLUMNS, GAME_OPTIONAL, PLAYER_COLUMNS, PLAYER_OPTIONAL, FileRows, count_lines
from ledger.players import Players, check_registration
from ledger.store import StoredRow
from ledger.values import Registration

T = TypeVar("T")

Progress = Callable[[str, int], None]
"""Called with a stage (``checked`` or ``written``) and the rows it just handled, for a progress bar."""

IMPORTS = {"players": (PLAYER_COLUMNS, PLAYER_OPTIONAL), "games": (GAME_COLUMNS, GAME_OPTIONAL)}
"""What :meth:`CsvImports.import_file` imports: its required and optional columns."""


def csv_data_rows(path: str) -> int:
    """The rows of a CSV file after its header (for a progress bar), or a refusal that writes nothing: a file
    that is not UTF-8 text (:class:`~ledger.errors.ImportRowError` naming its first such line), or that
    cannot be read (a :class:`~ledger.errors.LedgerError`). Read in blocks, in bounded memory."""
    try:
        with open(path, "rb") as handle:
            return max(0, count_lines(handle) - 1)
    except OSError as error:
        raise unreadable(path, error) from None


class CsvImports(Games, Players):
    """Imports of CSV files of players and games, all or nothing."""

    def import_file(self, path: str, what: str, progress: Progress | None = None) -> int:
        """Import the CSV file at ``path``: ``what`` is ``players`` (:meth:`import_players`) or ``games``
        (:meth:`import_games`); all or nothing, with the refusals of ``ratings import``."""
        columns, optional = IMPORTS[what]
        rows = FileRows(path, columns, optional)  # read as the import goes, a line at a time
        return self.import_players(rows, progress) if what == "players" else self.import_games(rows, progress)

    def import_players(self, rows: Iterable[tuple[int, dict[str, str]]], progress: Progress | None = None) -> int:
        """Register every player of the rows, or none (one bad row refuses the file).

        The rows are checked and written :data:`bulk.CHUNK` at a time, in one transaction;
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
            state = encode.fields({**reg._asdict(), "reported_on": reported}, PLAYER.version)
            return key(reg.player), 1, event_topic, state

        def checked(block: list[tuple[int, dict[str, str]]]) -> list[tuple[Registration, str]]:
            regs = []
            for line, row in block:
                try:
                    reported_day = self.reported_day(row.get("reported"))
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
                        sex=row.get("sex"),
                        title=row.get("title"),
                        federation=row.get("federation"),
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

        The rows are checked and written :data:`bulk.CHUNK` at a time, in one transaction;
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

        self._tournaments_seen = {}
        try:
            births = self._births()
            with self._bulk_checks():
                is_known = bulk.Memo(self.player_counts, bulk.PLAYERS).__getitem__
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
            self._tournaments_seen = None
        raise self._duplicate_game(duplicate, written, rows)

    def _game_row_check(
        self, births: Mapping[str, str], is_known: Callable[[str], bool]
    ) -> Callable[[dict[str, str]], bulk.GameTuple]:
        """``check(row)``: a game row of an import as a tuple of :data:`bulk.GAME_FIELDS`, or the refusal
        :meth:`record_game` makes of it in few Python steps a row.

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
        check_tournament = self.check_in_tournament

        def placed(
            get: Callable[[str], str | None], tournament: str | None, finished_on: str
        ) -> tuple[str | None, str | None]:
            """The row's tournament name, registered tournament (``event``) and mode checked (each once per
            distinct value): its ``event`` and mode."""
            if tournament:
                names[tournament]
            registered, mode = get("event") or None, get("mode") or None
            if registered is not None:
                registered = check_tournament(registered, finished_on)
            if mode is not None:
                modes[mode]
            return registered, mode

        def long_way(row: dict[str, str]) -> bulk.GameTuple:
            get = row.get
            game = values.check_id(get("game", ""), "game id")
            white, black = self.check_opponents(get("white", ""), get("black", ""), is_known)
            result = get("result", "")
            values.check_result(result)
            when = (get("finished", ""), get("reported"), get("forfeit"), get("time_control"))
            finished_on, reported, kind, tc = terms[when]
            values.check_forfeit_result(result, kind)  # IECG §VIII.3: a forfeit is a win, never a draw
            tournament = get("tournament")
            registered, mode = placed(get, tournament, finished_on)
            if births and (white in births or black in births):
                self.check_born(finished_on, white, black, born=births.get)
            return (game, white, black, result, finished_on, tournament or None, tc, registered, mode, kind, reported)

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
                registered, mode = placed(get, tournament, finished_on)
            except (bulk.LongWay, LedgerError, KeyError):  # KeyError: a row without some column
                return long_way(row)
            return (game, white, black, result, finished_on, tournament or None, tc, registered, mode, kind, reported)

        return check

    def _duplicate_game(
        self, error: IntegrityError, written: bulk.Written, rows: Iterable[tuple[int, dict[str, str]]]
    ) -> LedgerError:
        """The refusal of an import whose rows the store refused for a key already there: the
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
                recorded = self.aggregate(UUID(hex=named), Game) if found is None else None
                if recorded is not None:
                    found = DuplicateGameError(f"game {recorded.game!r} is already recorded")
                return found or _unnamed_duplicate()
        elif self._recorder().stops_at_duplicate and chunk is not None and 0 < chunk.taken <= len(games):
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
        facts = self.check_game(
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
        earlier ones. ``written`` is told each chunk handed to the store.
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


def _unnamed_duplicate() -> LedgerError:
    return DuplicateGameError("a game of the file is already recorded, or appears twice in it: nothing was recorded")


def _optional_int(text: str | None, column: str) -> int | None:
    """A CSV cell's whole number in ASCII digits (not ``１５００``, ``1_500``, ``1e3``); None if empty."""
    if text is None or text.strip() == "":
        return None
    return values.parse_whole(text, column)
