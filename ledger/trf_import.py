"""What a FIDE tournament report (TRF) gives the ledger: the plan of an import.

Pure: :func:`plan` takes the parsed file (:mod:`ledger.trf`) and what the ledger holds
(:class:`Known`) and returns the facts to record (:class:`TrfPlan`): the event, the players
to register, the priors, the games, and every adjustment made to fit the file, in words.
:func:`ledger.file_imports.import_trf` checks and records them in one transaction.

Choices, where FIDE's text leaves them open:

- **Results** (FIDE C.04 Annex 2, TRF16 player section, column 99): ``1 0 =`` are played games;
  ``+ -`` forfeits, recorded as arbiter forfeits (each system rates or ignores them by its own
  rules); ``W D L`` ("not rated", e.g. under one move played) are recorded and then voided in the
  same transaction with that reason, so they stay in the log, rated by nobody, and a rating
  officer can restore one; a double forfeit (``-`` on both lines) is no game (no result), named.
- **Byes** (``H F U Z``, blank, or ``+ -`` without an opponent) are not games. The file's points
  include them: a player's points are checked against his rounds as FIDE counts them (1, ``=``
  ½, ``+`` 1, ``W`` 1, ``D`` ½, ``H`` ½, ``F`` 1, ``U`` 1, others 0); a difference is reported
  for the player, not refused (a file can carry an arbiter's point adjustment).
- **A forfeit without colours** (colour ``-`` on both lines) is recorded with the lower start
  rank as White, and said.
- **Players** are matched by FIDE id, then by name and birth date (names compared without case,
  punctuation or the order of surname and first names; a birth year alone matches a full date in
  that year); a name matched without a FIDE id match is said. New players (``register_new``) get
  the id ``fide-<FIDE id>``, or ``<event>-<start rank>`` without one; a birth year alone is not a
  birth date (registered without one, said).
- **Priors** (``priors``): the 001 rating becomes a ``fide`` prior as of the event's start for a
  player with no ``fide`` prior as of or before that date (a player the ledger already rates keeps
  its own rating).
- **The event's facts**: start from line 042, else the first round date; end from 052, else the
  last round date, else the start; type from 092 (or TRF-2026's 192): "robin" → round-robin,
  "match" → match, "team" → team, "swiss" (or anything else, said) → swiss; rate of play from
  TRF-2026's encoded 222 line, else read from the 122 text where it is a plain "90 min + 30 sec"
  (else not recorded, said); mode ``otb``.
- **An event already registered** under the import's id takes the games when its facts agree
  with the file's (a director who registered the event before its report came, to record entries or
  pairings); :func:`disagreements` compares the type, the start, the end and the rate of play, each where
  both say one: a fact the file does not tell (a type read as swiss by default, an end taken from the
  start, the mode) or the event does not hold is not compared.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Collection, Mapping
from decimal import Decimal
from typing import Any, NamedTuple

from ledger import trf as trf_format
from ledger.errors import LedgerError
from ledger.trf import Pairing, TrfFile

POINTS: Mapping[str, Decimal] = {
    **dict.fromkeys("1+WFU", Decimal(1)),
    **dict.fromkeys("=DH", Decimal("0.5")),
}
"""The points of a TRF16 round result code as FIDE counts them (other codes, blank included: 0)."""

_RESULTS = {
    # White's code → (result, forfeit, not rated)
    "1": ("1-0", "none", False),
    "0": ("0-1", "none", False),
    "=": ("1/2-1/2", "none", False),
    "+": ("1-0", "arbiter", False),
    "-": ("0-1", "arbiter", False),
    "W": ("1-0", "none", True),
    "D": ("1/2-1/2", "none", True),
    "L": ("0-1", "none", True),
}

NOT_RATED = "not rated in the tournament report (TRF result W, D or L: e.g. under one move played)"
"""The reason a W/D/L game is voided as it is recorded."""


class TrfImportError(LedgerError):
    """A TRF file whose facts do not fit the ledger (unregistered players, ids too long...)."""


class Known(NamedTuple):
    """What the ledger holds that an import plan needs."""

    fide_ids: Mapping[str, str]
    """FIDE id → the player holding it."""
    people: Mapping[str, tuple[str, str | None]]
    """Each counting player → (name, birth date) as registered and corrected."""
    registered: Collection[str]
    """Every registered player id (void ones too): new ids must not be among them."""
    fide_priors: Mapping[str, str]
    """Each player with a ``fide`` prior → the earliest as-of date of his ``fide`` priors."""
    today: str
    merged: Mapping[str, str] = {}
    """Each merged duplicate → the player he was merged into (for the games recorded under his id)."""


class NewPlayer(NamedTuple):
    """A player of the file to register."""

    player: str
    name: str
    country: str
    born: str | None
    fide_id: str | None
    line: int


class PlannedPrior(NamedTuple):
    player: str
    rating: int
    as_of: str
    line: int


class PlannedGame(NamedTuple):
    game: str
    white: str
    black: str
    result: str
    finished: str
    forfeit: str
    not_rated: bool
    round: int
    lines: tuple[int, int]
    event: str | None = None
    time_control: str | None = None
    mode: str | None = None


class TrfPlan(NamedTuple):
    event: str
    event_facts: dict[str, Any]
    """The event's facts as the file gives them (registered unless the event is)."""
    players: dict[int, str]
    """Start rank → ledger player."""
    new_players: list[NewPlayer]
    priors: list[PlannedPrior]
    games: list[PlannedGame]
    notes: list[str]
    """Every adjustment made to fit the file, one line each."""
    mismatches: list[str]
    """Players whose points in the file differ from their rounds, one line each."""
    guessed: frozenset[str] = frozenset()
    """The facts of ``event_facts`` the file does not tell, chosen by the importer (said in ``notes``)."""


def normalised_name(name: str) -> tuple[str, ...]:
    """A name's words without case, accents or punctuation, in sorted order ("Doe, John" = "john doe").

    >>> normalised_name("Doe, John") == normalised_name("JOHN  DOE")
    True
    """
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().casefold()
    return tuple(sorted(re.findall(r"[a-z0-9]+", plain)))


def file_points(player: trf_format.Player) -> Decimal:
    """A player's points from his round columns as FIDE counts them (:data:`POINTS`).

    >>> from ledger.trf import RoundEntry
    >>> rounds = (RoundEntry(1, 2, "w", "1"), RoundEntry(2, None, "-", "H"), RoundEntry(3, 4, "b", "0"))
    >>> str(file_points(trf_format.Player(1, 1, "m", "", "A", None, "", None, None, None, None, rounds)))
    '1.5'
    """
    return sum((POINTS.get(entry.result, Decimal(0)) for entry in player.rounds), Decimal(0))


def event_facts(trf: TrfFile, notes: list[str]) -> dict[str, Any]:
    """The event's facts from the tournament lines (``notes`` gets each adjustment)."""
    event = trf.event
    dated = [day for day in event.round_dates if day]
    start = event.start or min(dated, default=None)
    if start is None:
        raise TrfImportError("the file gives no start date (line 042) and no round dates (line 132)")
    if event.start is None:
        notes.append(f"no start date (line 042): the event starts on {start}, its first round's date")
    end = event.end or max(dated, default=None)
    if event.end is None:
        end = end or start
        notes.append(f"no end date (line 052): the event ends on {end}")
    kind = _kind(trf)
    if kind is None:
        kind = "swiss"
        notes.append(f"type of tournament {event.type or event.type_code or '(none)'!r} read as swiss")
    rate = event.time_control or read_rate_of_play(event.rate_of_play)
    if rate is None and event.rate_of_play:
        notes.append(
            f"rate of play {event.rate_of_play!r} (line 122) not recorded: say it with "
            "`ratings event correct E --rate-of-play ...` (PGN TimeControl form)"
        )
    name = event.name.strip()
    if not name:
        raise TrfImportError("the file gives no tournament name (line 012)")
    rounds = max((len(p.rounds) for p in trf.players), default=0) or None
    return {
        "name": name,
        "type": kind,
        "start": start,
        "end": end,
        "rate_of_play": rate,
        "mode": "otb",
        "rating_class": None,
        "rounds": rounds,
        "site": event.site.strip() or None,
        "federation": event.federation.strip() if re.fullmatch(r"[A-Z]{2,3}", event.federation.strip()) else None,
    }


def _kind(trf: TrfFile) -> str | None:
    """The event type the 092 (or 192) line names, None when it names none."""
    described = f"{trf.event.type} {trf.event.type_code}".lower()
    return next(
        (
            name
            for word, name in (("robin", "round-robin"), ("match", "match"), ("team", "team"), ("swiss", "swiss"))
            if word in described
        ),
        None,
    )


def _guessed(trf: TrfFile) -> frozenset[str]:
    """The facts of :func:`event_facts` the file does not tell: the type when it names none, the end when it
    gives neither an end nor a round date, and the mode (a TRF says none: ``otb`` is chosen)."""
    guessed = {"mode"}
    if _kind(trf) is None:
        guessed.add("type")
    if trf.event.end is None and not any(trf.event.round_dates):
        guessed.add("end")
    return frozenset(guessed)


COMPARED = (("type", "type"), ("start", "start"), ("end", "end"), ("rate_of_play", "rate of play"))
"""The facts of a registered event an import compares with the file's, with their names."""


def disagreements(plan: TrfPlan, registered: Mapping[str, Any]) -> list[str]:
    """How the facts of a registered event (as corrected) disagree with ``plan``'s, one phrase each ([] when
    they agree): each of :data:`COMPARED` where both say one and the file tells it.

    >>> plan = TrfPlan("SO2", {"type": "swiss", "start": "2024-07-06", "end": "2024-07-07",
    ...                        "rate_of_play": "5400+30"}, {}, [], [], [], [], [])
    >>> disagreements(plan, {"type": "round-robin", "start": "2024-07-06", "end": None, "rate_of_play": "900+10"})
    ['type round-robin (the file: swiss)', 'rate of play 900+10 (the file: 5400+30)']
    """
    return [
        f"{name} {registered[field]} (the file: {plan.event_facts[field]})"
        for field, name in COMPARED
        if field not in plan.guessed
        and registered.get(field) is not None
        and plan.event_facts.get(field) is not None
        and registered[field] != plan.event_facts[field]
    ]


_MINUTES = r"(\d+)\s*(?:min(?:utes?)?\b\.?|m\b|')"
_SECONDS = r"(\d+)\s*(?:sec(?:onds?)?\b\.?|s\b|''|\")"


def read_rate_of_play(text: str) -> str | None:
    """A TRF 122 text in PGN TimeControl form, where it is plainly "M min" or "M min + S sec" (else None).

    >>> read_rate_of_play("90 min + 30 sec"), read_rate_of_play("90'+30''"), read_rate_of_play("60 min")
    ('5400+30', '5400+30', '3600')
    >>> read_rate_of_play("90 min/40 moves + 30 min + 30 sec") is None
    True
    """
    plain = text.strip().lower()
    both = re.fullmatch(rf"{_MINUTES}\s*\+\s*{_SECONDS}(?:\s*(?:/\s*move|per move|increment)\w*\.?)?", plain)
    if both:
        return f"{int(both.group(1)) * 60}+{int(both.group(2))}"
    alone = re.fullmatch(_MINUTES, plain)
    return f"{int(alone.group(1)) * 60}" if alone else None


def _match(
    trf: TrfFile, event: str, known: Known, register_new: bool, notes: list[str]
) -> tuple[dict[int, str], list[NewPlayer]]:
    by_name: dict[tuple[str, ...], list[str]] = {}
    for player, (name, _) in known.people.items():
        by_name.setdefault(normalised_name(name), []).append(player)
    matched: dict[int, str] = {}
    new: list[NewPlayer] = []
    missing: list[str] = []
    years: list[int] = []  # lines of new players with a birth year only
    for entry in trf.players:
        fide = str(entry.fide_id) if entry.fide_id else None
        found = known.fide_ids.get(fide) if fide else None
        if found is None and entry.birth:
            candidates = [
                p
                for p in by_name.get(normalised_name(entry.name), ())
                if (known.people[p][1] or "").startswith(entry.birth)
            ]
            if len(candidates) == 1:
                found = candidates[0]
                notes.append(
                    f"line {entry.line}: {entry.name} matched to player {found} by name and birth date"
                    + (f" (FIDE id {fide} is not recorded for him)" if fide else "")
                )
        if found is not None:
            matched[entry.start_rank] = found
            continue
        if not register_new:
            missing.append(f"line {entry.line} {entry.name}" + (f" (FIDE id {fide})" if fide else ""))
            continue
        player = f"fide-{fide}" if fide else f"{event}-{entry.start_rank}"
        if player in known.registered:
            raise TrfImportError(
                f"line {entry.line}: {entry.name} would be registered as {player!r}, which is already registered"
            )
        born = entry.birth if entry.birth and len(entry.birth) == 10 else None
        if entry.birth and born is None:
            years.append(entry.line)
        country = entry.federation.strip() if re.fullmatch(r"[A-Z]{2,3}", entry.federation.strip()) else ""
        new.append(NewPlayer(player, entry.name.strip(), country, born, fide, entry.line))
        matched[entry.start_rank] = player
    if years:
        notes.append(
            f"{len(years)} new player(s) registered without a birth date, the file giving a year only: "
            f"lines {', '.join(map(str, years[:5]))}" + (f" and {len(years) - 5} more" if len(years) > 5 else "")
        )
    if missing:
        raise TrfImportError(
            f"{len(missing)} player(s) of the file are not registered (register them, or import with "
            f"--register-new): {'; '.join(missing[:5])}"
            + (f"; and {len(missing) - 5} more" if len(missing) > 5 else "")
        )
    seen: dict[str, int] = {}
    for entry in trf.players:
        other = seen.setdefault(matched[entry.start_rank], entry.line)
        if other != entry.line:
            raise TrfImportError(
                f"lines {other} and {entry.line} are both player {matched[entry.start_rank]}: "
                "merge the duplicate, or correct the file"
            )
    return matched, new


def _game(pairing: Pairing, event: str, players: Mapping[int, str], day: str, notes: list[str]) -> PlannedGame | None:
    if pairing.white_result == pairing.black_result == "-":
        notes.append(
            f"round {pairing.round}: {pairing.white} v {pairing.black} is a double forfeit (lines "
            f"{pairing.white_line} and {pairing.black_line}): no game"
        )
        return None
    result, forfeit, not_rated = _RESULTS[pairing.white_result]
    if not pairing.colours_known:
        notes.append(
            f"round {pairing.round}: the forfeit {pairing.white} v {pairing.black} has no colours: "
            f"recorded with {pairing.white} as White"
        )
    return PlannedGame(
        f"{event}-R{pairing.round}-{pairing.white}-{pairing.black}",
        players[pairing.white],
        players[pairing.black],
        result,
        day,
        forfeit,
        not_rated,
        pairing.round,
        (pairing.white_line, pairing.black_line),
        event,
    )


def plan(trf: TrfFile, event: str, known: Known, *, register_new: bool = False, priors: bool = False) -> TrfPlan:
    """The facts of ``trf`` as event ``event``, matched to what the ledger holds (``known``)."""
    notes: list[str] = []
    facts = event_facts(trf, notes)
    matched, new = _match(trf, event, known, register_new, notes)
    games: list[PlannedGame] = []
    undated: set[int] = set()
    for pairing in trf_format.pairings(trf):
        dates = trf.event.round_dates
        day = dates[pairing.round - 1] if pairing.round <= len(dates) else None
        if day is None:
            day = facts["end"]
            undated.add(pairing.round)
        game = _game(pairing, event, matched, day, notes)
        if game is not None:
            games.append(game)
    notes.extend(
        f"round {r} has no date (line 132): its games are dated {facts['end']}, the event's end"
        for r in sorted(undated)
    )
    planned_priors: list[PlannedPrior] = []
    if priors:
        kept = 0
        for entry in trf.players:
            player = matched[entry.start_rank]
            earliest = known.fide_priors.get(player)
            if entry.rating is None:
                continue
            if earliest is not None and earliest <= facts["start"]:
                kept += 1
                continue
            planned_priors.append(PlannedPrior(player, entry.rating, facts["start"], entry.line))
        if kept:
            notes.append(
                f"{kept} player(s) already have a fide prior as of the start: their file rating is not recorded"
            )
    mismatches = [
        f"line {entry.line}: {entry.name} has {entry.points} points in the file, {file_points(entry)} from its rounds"
        for entry in trf.players
        if entry.points is not None and entry.points != file_points(entry)
    ]
    return TrfPlan(event, facts, matched, new, planned_priors, games, notes, mismatches, _guessed(trf))
