"""An event as a FIDE tournament report (TRF16): ``ratings export trf --event ID``.

Two halves. :func:`gather` reads what the log knows of the event (as known now, or at a date): its facts
(:func:`projections.events.event_record`), its games not void, and those voided as "not rated" by a TRF
import (reason :data:`ledger.trf_import.NOT_RATED`), their players' registrations, FIDE ids and ``fide``
priors. :func:`trf_of` is pure: it lays those out as a :class:`ledger.trf.TrfFile`, which
:func:`ledger.trf_write.write` writes; imported back (``ratings import trf``) the file gives the same games.

Choices, where the TRF16 specification is silent:

- **Start ranks and rounds.** When every game id is ``<event>-R<round>-<white rank>-<black rank>`` (the ids
  of an import) and they agree (one rank a player, one player a rank, one game a player a round), those
  ranks and rounds are kept, so a re-import gives the same ids; a rank no game names (a player of the
  original file who played no game) is left as a gap: the ranks are not renumbered. Otherwise (ids of
  another kind, or that disagree, e.g. after a correction of a player), players are ranked 1, 2, ... in
  the order of their ids and rounds are the games' distinct finished dates in order; a player with two
  games on one date is refused. The number of rounds is the last round with a game, or the event's
  ``rounds`` when larger (empty rounds are written ``0000 -``).
- **Results**: ``1 0 =`` played; a forfeit (``arbiter`` or ``withdrawal``) ``+``/``-`` with the colours as
  recorded; a game voided as not rated ``W D L``; an adjudicated game with its adjudicated result. A
  forfeit with a drawn result has no TRF code and is refused.
- **Byes**: each bye of the event that counts is written ``0000 - K`` in its round, K its kind (``H F U Z +
  -``); a player with byes and no game is written too (after the ranks the games give). A bye in a round
  where the player has a game is refused (the ledger refuses to record one; only ids of another kind can
  bring it here).
- **Round dates (132)**: the event's recorded round dates where it has them; else a round's games'
  finished date, and when they differ, the earliest (said in a note).
- **001 lines**: sex (``m``/``w``), title and federation as registered (the federation: the recorded FIDE
  code, else the one of his country, :attr:`ledger.values.Registration.fide_federation`; blank without one);
  the title in TRF16 as the letter codes FIDE's own example file writes (``g`` GM, ``m`` IM, ``f`` FM, ``c``
  CM, ``wg`` WGM, ``wm`` WIM, ``wf`` WFM, ``wc`` WCM: two columns, which fixed-column readers of TRF16 such as
  the PyPI ``trf`` package ask), in TRF-2026 as its table writes them (``GM``, ``WGM``...); name as
  registered and corrected; FIDE id from the identities as known; birth date; rating the player's latest
  ``fide`` prior as of the event's start (by as-of date, then log order), else 0 (read back as unrated);
  points as the event's score table counts them: the games as FIDE counts them
  (:data:`ledger.trf_import.POINTS`), each bye as :func:`projections.events.bye_points2` scores it (the
  event's regulations); rank the order by points, then start rank: not a tie-break rank.
- **Event lines**: 012 name, 022 site, 032 federation (the three-letter code of a two-letter one where FIDE
  has one), 042/052 start and end, 102/112 the chief and deputy arbiters, 092 the type in words the
  import reads back (swiss "Individual: Swiss-System", round-robin "Individual: Round-robin", match
  "Match", team "Team"; another type as its own word, which an import reads as swiss), 122 the rate of
  play as "M min + S sec" when whole minutes (what the import reads), else as written in the ledger,
  with TRF-2026's 222 encoded time control beside it so that it reads back (TRF-2026: always). The event's
  mode and rating class have no TRF line. TRF-2026 (``version="2026"``) adds 142, and 162's ``P`` where the
  event's pairing-allocated byes are recorded with points other than a win's.
- A game whose player is void, or merged into another, counts as the ledger counts it: a void player's
  games are left out (said); a merged duplicate's games are written as the player's he was merged into.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from decimal import Decimal
from typing import NamedTuple

from ledger import federations, identities
from ledger.errors import LedgerError
from ledger.events import IDENTITY_TYPES, game_key
from ledger.store import LogReader, LogRecord
from ledger.trf import Event, Player, RoundEntry, TrfFile
from ledger.trf_import import NOT_RATED, POINTS
from projections.events import bye_points2, event_record, event_versions
from projections.facts import FactsView, Knowledge
from projections.rules.common import EventInfo

TYPE_TEXTS = {
    "swiss": "Individual: Swiss-System",
    "round-robin": "Individual: Round-robin",
    "match": "Match",
    "team": "Team",
}
"""Line 092 for the event types a TRF import reads back (any other is written as its own word)."""

_CODES = {
    # (White's result, kind) -> (White's code, Black's code)
    ("1-0", "played"): ("1", "0"),
    ("0-1", "played"): ("0", "1"),
    ("1/2-1/2", "played"): ("=", "="),
    ("1-0", "forfeit"): ("+", "-"),
    ("0-1", "forfeit"): ("-", "+"),
    ("1-0", "not rated"): ("W", "L"),
    ("0-1", "not rated"): ("L", "W"),
    ("1/2-1/2", "not rated"): ("D", "D"),
}


class TrfExportError(LedgerError):
    """An event the export cannot write as a TRF file (void, two games of a player on one date...)."""


class ExportPlayer(NamedTuple):
    """A player of the event as the 001 line gives him."""

    player: str
    name: str
    country: str
    born: str | None
    fide_id: str | None
    rating: int | None
    """The latest ``fide`` prior as of the event's start, None without one."""
    sex: str | None = None
    """``M`` or ``F`` as registered (FIDE's lists' letters)."""
    title: str | None = None
    """FIDE's title code as registered (``GM``, ``WIM``)."""
    federation: str | None = None
    """FIDE's three-letter federation: recorded, else his country's."""


TRF16_TITLES = {"GM": "g", "IM": "m", "FM": "f", "CM": "c", "WGM": "wg", "WIM": "wm", "WFM": "wf", "WCM": "wc"}
"""FIDE's titles as TRF16 files write them (FIDE's example file, the Karl-Mala Swiss of 2005: ``g``, ``m``...)."""

SEXES = {"M": "m", "F": "w"}
"""A registered sex as TRF's column 10 writes it (``w`` a woman)."""


class ExportGame(NamedTuple):
    """A game of the event as it stands (amended, adjudicated) in the view."""

    game: str
    white: str
    black: str
    result: str
    finished: str
    forfeit: str
    not_rated: bool
    """Voided with the reason :data:`ledger.trf_import.NOT_RATED` (written ``W D L``)."""


class EventReport(NamedTuple):
    """What :func:`trf_of` takes: the event's facts, its games and their players."""

    event: EventInfo
    games: tuple[ExportGame, ...]
    players: Mapping[str, ExportPlayer]
    notes: tuple[str, ...]
    byes: tuple[tuple[str, int, str, str | None], ...] = ()
    """(player, round, kind, points) of each bye that counts (:attr:`projections.events.EventRecord.byes`)."""


class TrfExport(NamedTuple):
    """The TRF file of an event, the start rank of each player, and what was adjusted to fit, in words."""

    trf: TrfFile
    ranks: Mapping[str, int]
    kept_ids: bool
    """True when the ranks and rounds were read from the game ids (an import's)."""
    notes: tuple[str, ...]


def gather(reader: LogReader, view: FactsView, event: str, known: Knowledge | None = None) -> EventReport:
    """The event's facts, games and players as ``known`` (None: now), read from ``reader`` and ``view``.

    An event the log does not know is a :class:`LookupError`; a void one a :class:`TrfExportError`.
    """
    record = event_record(reader, event, known)
    if record.void:
        raise TrfExportError(f"event {event!r} is void: its games do not count (restore it to export it)")
    notes: list[str] = []
    games: list[ExportGame] = []
    for version, amendments in event_versions(view, event):
        now = version.row
        not_rated = False
        if version.voided:
            last_void = max(a.position for a in amendments if a.kind == "voided")
            if _void_reason(reader, now.game, last_void) != NOT_RATED:
                continue
            not_rated = True
        sides = view.sides(now.white, now.black)  # a merged duplicate as his original
        if sides is None:
            white, black = view.alias.get(now.white, now.white), view.alias.get(now.black, now.black)
            missing = white if white not in view.players else black if black not in view.players else None
            why = f"its player {missing} is void" if missing else f"both its sides are now player {white} (merged)"
            notes.append(f"game {now.game} left out: {why}")
            continue
        white, black = sides
        result = now.result if version.adjudication is None else version.adjudication[0]
        games.append(ExportGame(now.game, white, black, result, now.finished, now.forfeit, not_rated))
    games.sort(key=lambda g: (g.finished, g.game))
    held = identities.fold(_known_records(reader.records_of(IDENTITY_TYPES), known)).by_player()
    byes = []
    for bye in record.byes:
        player = view.alias.get(bye[0], bye[0])
        if player not in view.players:
            notes.append(f"bye of round {bye[1]} left out: its player {player} is void")
            continue
        byes.append((player, *bye[1:]))
    players: dict[str, ExportPlayer] = {}
    for player in sorted({p for g in games for p in (g.white, g.black)} | {bye[0] for bye in byes}):
        registration = view.players[player]
        priors = [p for p in view.priors(player) if p.system == "fide" and p.as_of <= record.info.start]
        latest = max(priors, key=lambda p: (p.as_of, p.position), default=None)
        federation = getattr(registration, "fide_federation", None)  # the player facts of issue 25 §3
        players[player] = ExportPlayer(
            player,
            registration.name,
            registration.country,
            registration.born,
            held.get(player, {}).get("fide"),
            None if latest is None else round(latest.rating),
            getattr(registration, "sex", None),
            getattr(registration, "title", None),
            federation if isinstance(federation, str) else None,
        )
    return EventReport(record.info, tuple(games), players, tuple(notes), tuple(byes))


def _void_reason(reader: LogReader, game: str, position: int) -> str | None:
    for record in reader.aggregate_records(game_key(game)):
        if record.position == position:
            reason = record.facts().get("reason")
            return reason if isinstance(reason, str) else None
    return None


def _known_records(records: Iterable[LogRecord], known: Knowledge | None) -> Iterable[LogRecord]:
    for record in records:
        if known is None:
            yield record
            continue
        reported = record.facts().get("reported_on")
        if (reported is None or reported <= known.known_at) and (
            known.entered_by is None or record.position <= known.entered_by
        ):
            yield record


def _ranks_from_ids(event: str, games: Sequence[ExportGame]) -> tuple[dict[str, int], dict[str, int]] | None:
    """Each player's start rank and each game's round read from import ids, or None where they do not agree."""
    pattern = re.compile(re.escape(event) + r"-R(\d{1,4})-(\d{1,4})-(\d{1,4})")
    ranks: dict[str, int] = {}
    holders: dict[int, str] = {}
    rounds: dict[str, int] = {}
    busy: set[tuple[int, str]] = set()
    for game in games:
        found = pattern.fullmatch(game.game)
        if found is None:
            return None
        number, white, black = (int(part) for part in found.groups())
        if number < 1 or white < 1 or black < 1 or white == black:
            return None
        for player, rank in ((game.white, white), (game.black, black)):
            if ranks.setdefault(player, rank) != rank or holders.setdefault(rank, player) != player:
                return None
            if (number, player) in busy:
                return None
            busy.add((number, player))
        rounds[game.game] = number
    return ranks, rounds


def _ranks_by_dates(games: Sequence[ExportGame]) -> tuple[dict[str, int], dict[str, int]]:
    players = sorted({p for g in games for p in (g.white, g.black)})
    ranks = {player: rank for rank, player in enumerate(players, start=1)}
    days = {day: number for number, day in enumerate(sorted({g.finished for g in games}), start=1)}
    played: dict[tuple[str, str], str] = {}
    for game in games:
        for player in (game.white, game.black):
            other = played.setdefault((player, game.finished), game.game)
            if other != game.game:
                raise TrfExportError(
                    f"player {player} has two games on {game.finished} ({other} and {game.game}): a TRF round "
                    "holds one game a player, and these game ids give no rounds"
                )
    return ranks, {game.game: days[game.finished] for game in games}


def _codes(game: ExportGame) -> tuple[str, str]:
    kind = "not rated" if game.not_rated else "played" if game.forfeit == "none" else "forfeit"
    codes = _CODES.get((game.result, kind))
    if codes is None:
        raise TrfExportError(f"game {game.game} is a forfeit with result {game.result}, which TRF cannot write")
    return codes


def _rate_texts(rate: str | None) -> tuple[str, str]:
    """Lines 122 and 222 for a PGN TimeControl (``5400+30`` → ``90 min + 30 sec`` and no 222 line).

    >>> _rate_texts("5400+30"), _rate_texts("3600"), _rate_texts("40/7200:3600")
    (('90 min + 30 sec', ''), ('60 min', ''), ('40/7200:3600', '40/7200:3600'))
    """
    if not rate:
        return "", ""
    plain = re.fullmatch(r"(\d+)(?:\+(\d+))?", rate)
    if plain and int(plain.group(1)) % 60 == 0 and int(plain.group(1)) > 0:
        minutes = f"{int(plain.group(1)) // 60} min"
        return (minutes if plain.group(2) is None else f"{minutes} + {int(plain.group(2))} sec"), ""
    return rate, rate


def trf_of(report: EventReport, version: str = "16") -> TrfExport:
    """The TRF file of the event in ``report`` (pure; see the module docstring for the layout).

    >>> info = EventInfo("club", "Club Cup", "swiss", "2024-05-01", "2024-05-02", "5400+30", "otb", None, None)
    >>> game = ExportGame("g1", "a", "b", "1-0", "2024-05-01", "none", False)
    >>> people = {p: ExportPlayer(p, p.upper(), "IRL", None, None, None) for p in ("a", "b", "c")}
    >>> done = trf_of(EventReport(info, (game,), people, (), (("c", 1, "U", None),)))
    >>> [(p.start_rank, p.name, p.rounds[0].opponent, p.rounds[0].colour, p.rounds[0].result, str(p.points))
    ...  for p in done.trf.players]
    [(1, 'A', 2, 'w', '1', '1'), (2, 'B', 1, 'b', '0', '0'), (3, 'C', None, '-', 'U', '1')]
    """
    info, games = report.event, report.games
    notes = list(report.notes)
    kept = _ranks_from_ids(info.event, games)
    ranks, rounds = kept if kept is not None else _ranks_by_dates(games)
    for player in sorted({bye[0] for bye in report.byes} - set(ranks)):  # byes and no game: after the others
        ranks[player] = max(ranks.values(), default=0) + 1
    recorded_dates = info.round_dates or ()
    count = max([*rounds.values(), info.rounds or 0, len(recorded_dates), *(bye[1] for bye in report.byes)], default=0)
    entries: dict[str, dict[int, RoundEntry]] = {player: {} for player in ranks}
    dates: dict[int, list[str]] = {}
    for game in games:
        number = rounds[game.game]
        white_code, black_code = _codes(game)
        entries[game.white][number] = RoundEntry(number, ranks[game.black], "w", white_code)
        entries[game.black][number] = RoundEntry(number, ranks[game.white], "b", black_code)
        dates.setdefault(number, []).append(game.finished)
    bye_points: dict[str, Decimal] = {}
    pab: set[str | None] = set()
    for player, number, kind, points in report.byes:
        if number in entries[player]:
            raise TrfExportError(f"player {player} has a game and a bye ({kind}) in round {number}")
        entries[player][number] = RoundEntry(number, None, "-", kind)
        bye_points[player] = bye_points.get(player, Decimal(0)) + Decimal(bye_points2(kind, points, info.type)) / 2
        if kind == "U":
            pab.add(points)
    round_dates: list[str | None] = []
    for number in range(1, count + 1):
        if recorded_dates:
            round_dates.append(recorded_dates[number - 1] if number <= len(recorded_dates) else None)
            continue
        days = sorted(set(dates.get(number, ())))
        if len(days) > 1:
            notes.append(f"round {number}'s games finished on {', '.join(days)}: line 132 gives {days[0]}")
        round_dates.append(days[0] if days else None)
    players: list[Player] = []
    for player, rank in sorted(ranks.items(), key=lambda item: item[1]):
        known = report.players[player]
        title = known.title or ""
        line = Player(
            line=0,
            start_rank=rank,
            sex=SEXES.get(known.sex or "", ""),
            title=TRF16_TITLES.get(title, title) if version == "16" else title,
            name=known.name,
            rating=known.rating or 0,
            federation=_federation(known),
            fide_id=int(known.fide_id) if known.fide_id and known.fide_id.isdigit() else None,
            birth=known.born,
            points=None,
            rank=None,
            rounds=tuple(
                entries[player].get(number, RoundEntry(number, None, "-", "")) for number in range(1, count + 1)
            ),
        )
        played = sum((POINTS.get(e.result, Decimal(0)) for e in line.rounds if e.opponent is not None), Decimal(0))
        players.append(line._replace(points=played + bye_points.get(player, Decimal(0))))
    order = sorted(players, key=lambda p: (-(p.points or Decimal(0)), p.start_rank))
    place = {p.start_rank: position for position, p in enumerate(order, start=1)}
    players = [p._replace(rank=place[p.start_rank]) for p in players]
    rate, encoded = _rate_texts(info.rate_of_play)
    if version == "2026" and info.rate_of_play and not encoded:
        encoded = info.rate_of_play  # TRF-2026's 222: always, when the rate of play is said
    only = next(iter(pab)) if len(pab) == 1 else None
    event = Event(
        name=info.name,
        site=info.site or "",
        federation=_event_federation(info.federation),
        start=info.start,
        end=info.end,
        type=TYPE_TEXTS.get(info.type, info.type),
        rate_of_play=rate,
        round_dates=tuple(round_dates),
        time_control=encoded,
        chief_arbiter=info.chief_arbiter or "",
        deputy_arbiters=tuple(info.deputy_arbiters or ()),
        bye_points=None if only is None else Decimal(only),
    )
    return TrfExport(TrfFile(event, tuple(players)), ranks, kept is not None, tuple(notes))


def _federation(known: ExportPlayer) -> str:
    """Columns 54-56: FIDE's three-letter code registered (or his country's), else a country of three letters."""
    if known.federation:
        return known.federation
    return known.country if re.fullmatch(r"[A-Z]{3}", known.country) else ""


def _event_federation(federation: str | None) -> str:
    """Line 032: FIDE's three-letter code (a two-letter country's where FIDE has one)."""
    if not federation:
        return ""
    if len(federation) == 2:
        return federations.from_country(federation) or federation
    return federation
