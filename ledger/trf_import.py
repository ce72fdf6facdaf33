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
- **Byes** (``H F U Z``, or ``+ -`` without an opponent) are not games: each is recorded as a bye of
  the event (:class:`PlannedBye`), counted in its score table and never rated. A blank round
  without an opponent (not paired, 0 points) is not recorded: it is what a round without a game
  or a bye already is. The file's points include the byes: a player's points are checked against
  his rounds as FIDE counts them (1, ``=`` ½, ``+`` 1, ``W`` 1, ``D`` ½, ``H`` ½, ``F`` 1, ``U`` 1,
  others 0); a difference is reported for the player, not refused (a file can carry an arbiter's
  point adjustment). The one exception is ``U``, whose points the tournament's regulations may set
  (C.04.1 (d): "unless the regulations of the tournament say otherwise"): the points of TRF-2026's
  162 ``P`` where it gives ½ or 0; else, for a player with one ``U`` whose points are ½ or 1 short
  of that count, those points. Such a bye is recorded with its points.
- **Pseudo-players** (the line a pairing program writes for "the bye" of a round) are never
  registered. A 001 line is one when it has no FIDE id and either (a) its name, without case,
  accents, punctuation or spaces, is one of :data:`PSEUDO_NAMES` ("spielfrei", "bye", "free",
  "frei", "freilos", "pairing allocated bye"), or (b) it has no game at all (no round names an
  opponent) and its rounds score nothing (only ``0000`` entries, blank, ``Z`` or ``-``) and its
  points are 0 or blank: a line that gives the ledger no game and no point (a real player who
  never played loses nothing but an empty row). A game against a pseudo-player becomes a bye of
  the real player in that round: a win (``1 + W``) a pairing-allocated bye ``U``, a draw
  (``= D``) ``H``, a loss (``0 - L``) ``Z``. Each is said in the notes.
- **A forfeit without colours** (colour ``-`` on both lines) is recorded with the lower start
  rank as White, and said.
- **Players** are matched by FIDE id, then by name and birth date (names compared without case,
  punctuation or the order of surname and first names; a birth year alone matches a full date in
  that year); a name matched without a FIDE id match is said. New players (``register_new``) get
  the id ``fide-<FIDE id>``, or ``<event>-<start rank>`` without one; a birth year alone is not a
  birth date (registered without one, said). They are registered with the sex (``m``/``w``), title
  (:data:`TITLES`: TRF-2026's codes and TRF16's letters; another is not recorded, said) and FIDE
  federation (columns 54-56 when one of FIDE's codes) the file gives; a player the ledger holds
  keeps his own (a difference is for ``player correct``).
- **Priors** (``priors``): the 001 rating becomes a ``fide`` prior as of the event's start for a
  player with no ``fide`` prior as of or before that date (a player the ledger already rates keeps
  its own rating). Its games count (which sets FIDE's K, B.02 §8.3.3) is never guessed: the games
  of the player's latest ``fide`` prior recorded with a count (an imported FIDE list's), else the
  importer's ``prior_games``; with neither the import is refused (:class:`PriorGamesError`).
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
from collections.abc import Collection, Mapping, Sequence
from decimal import Decimal
from typing import Any, NamedTuple

from ledger import federations
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


class PriorGamesError(TrfImportError):
    """``--priors`` without a games count for some player: none recorded in a ``fide`` prior, none given."""


PSEUDO_NAMES = frozenset({"spielfrei", "bye", "free", "frei", "freilos", "pairingallocatedbye"})
"""The names (lower case, letters only) pairing programs give the line of "the bye" (a pseudo-player)."""


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
    fide_games: Mapping[str, int] = {}
    """Each player with a ``fide`` prior that gives a games count → that count (his latest such prior's)."""


class NewPlayer(NamedTuple):
    """A player of the file to register."""

    player: str
    name: str
    country: str
    born: str | None
    fide_id: str | None
    line: int
    sex: str | None = None
    """TRF's column 10 as FIDE's lists write it: ``M`` or ``F`` (``w``)."""
    title: str | None = None
    """FIDE's title code (:data:`TITLES`)."""
    federation: str | None = None
    """Columns 54-56, where they are one of FIDE's federations."""


TITLES = {
    **{code: code for code in ("GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM")},
    **{"G": "GM", "M": "IM", "F": "FM", "C": "CM", "WG": "WGM", "WM": "WIM", "WF": "WFM", "WC": "WCM"},
}
"""A TRF title (columns 11-13, case aside) → FIDE's code: TRF-2026 writes the codes, TRF16 files such as FIDE's own
example (the Karl-Mala Swiss) the letters ``g`` GM, ``m`` IM, ``f`` FM, ``c`` CM, ``wg`` WGM, ``wm`` WIM, ``wf`` WFM,
``wc`` WCM."""

SEXES = {"M": "M", "W": "F", "F": "F"}
"""TRF's column 10 (case aside) → FIDE's lists' letter (``w`` a woman)."""


class PlannedPrior(NamedTuple):
    player: str
    rating: int
    as_of: str
    line: int
    games: int | None = None


class PlannedBye(NamedTuple):
    """A bye of the file: a round ``player`` had no game (TRF kind ``kind``), recorded as a fact of the event."""

    player: str
    round: int
    kind: str
    points: str | None
    """The points the file gives it where they are not the kind's own (a ``U`` scored ½ or 0), else None."""
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
    byes: tuple[PlannedBye, ...] = ()
    pseudo: tuple[int, ...] = ()
    """The lines of the pseudo-players left out (never registered)."""


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
        "chief_arbiter": event.chief_arbiter.strip() or None,
        "deputy_arbiters": list(event.deputy_arbiters) or None,
        "round_dates": list(event.round_dates) if any(event.round_dates) else None,
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
    odd: list[str] = []  # titles that are none of FIDE's: not recorded
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
        title = TITLES.get(entry.title.strip().upper())
        if entry.title.strip() and title is None:
            odd.append(f"line {entry.line} title {entry.title.strip()!r}")
        federation = country if len(country) == 3 and federations.is_federation(country) else None
        sex = SEXES.get(entry.sex.strip().upper())
        new.append(NewPlayer(player, entry.name.strip(), country, born, fide, entry.line, sex, title, federation))
        matched[entry.start_rank] = player
    if years:
        notes.append(
            f"{len(years)} new player(s) registered without a birth date, the file giving a year only: "
            f"lines {', '.join(map(str, years[:5]))}" + (f" and {len(years) - 5} more" if len(years) > 5 else "")
        )
    if odd:
        notes.append(f"not FIDE titles, not recorded: {'; '.join(odd[:5])}" + (" ..." if len(odd) > 5 else ""))
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


def is_pseudo_player(player: trf_format.Player) -> bool:
    """Whether a 001 line is a pairing program's "bye" line, not a person (see the module docstring).

    >>> from ledger.trf import RoundEntry
    >>> line = trf_format.Player(9, 284, "", "", "spielfrei", None, "", None, None, None, 0, ())
    >>> is_pseudo_player(line), is_pseudo_player(line._replace(name="Bye, Free", fide_id=4100018))
    (True, False)
    >>> is_pseudo_player(line._replace(name="X", rounds=(RoundEntry(1, None, "-", "-"),)))
    True
    """
    if player.fide_id:
        return False
    letters = "".join(normalised_name(player.name))
    if letters in PSEUDO_NAMES:
        return True
    no_games = all(entry.opponent is None for entry in player.rounds)
    nothing = all(POINTS.get(entry.result, Decimal(0)) == 0 for entry in player.rounds)
    return no_games and nothing and not player.points


_AGAINST_PSEUDO = {**dict.fromkeys("1+W", "U"), **dict.fromkeys("=D", "H"), **dict.fromkeys("0-L", "Z")}
"""The bye a game against a pseudo-player becomes, by the real player's result (module docstring)."""


def without_pseudo_players(trf: TrfFile, notes: list[str]) -> tuple[TrfFile, tuple[int, ...]]:
    """``trf`` without its pseudo-players' lines, each game against one a bye of the real player (said in
    ``notes``), and the lines left out."""
    pseudo = {p.start_rank: p for p in trf.players if is_pseudo_player(p)}
    if not pseudo:
        return trf, ()
    kept: list[trf_format.Player] = []
    for player in trf.players:
        if player.start_rank in pseudo:
            continue
        rounds = list(player.rounds)
        for index, entry in enumerate(rounds):
            if entry.opponent in pseudo:
                kind = _AGAINST_PSEUDO.get(entry.result, "Z")
                rounds[index] = trf_format.RoundEntry(entry.round, None, "-", kind)
                notes.append(
                    f"line {player.line}: round {entry.round} against {pseudo[entry.opponent].name!r} (a bye line) "
                    f"recorded as a bye {kind}"
                )
        kept.append(player._replace(rounds=tuple(rounds)))
    for player in pseudo.values():
        notes.append(f"line {player.line}: {player.name!r} is a bye line of the pairing program: not registered")
    return trf._replace(players=tuple(kept)), tuple(sorted(p.line for p in pseudo.values()))


def _byes(trf: TrfFile, players: Mapping[int, str]) -> list[PlannedBye]:
    """Each bye of the file (module docstring), by round then start rank."""
    found: list[PlannedBye] = []
    given = trf.event.bye_points  # TRF-2026 line 162's P
    for player in trf.players:
        unpaired = [e for e in player.rounds if e.opponent is None and e.result == "U"]
        points: str | None = None
        if given is not None and given != 1 and given in (0, Decimal("0.5")):
            points = "0" if given == 0 else "0.5"
        elif len(unpaired) == 1 and player.points is not None:
            short = file_points(player) - player.points
            if short in (Decimal("0.5"), Decimal(1)):
                points = "0.5" if short == Decimal("0.5") else "0"
        for entry in player.rounds:
            if entry.opponent is None and entry.result in trf_format.RESULTS_WITHOUT_OPPONENT:
                own = points if entry.result == "U" else None
                found.append(PlannedBye(players[player.start_rank], entry.round, entry.result, own, player.line))
    found.sort(key=lambda bye: (bye.round, bye.line))
    return found


def _points_of(player: trf_format.Player, byes: Sequence[PlannedBye]) -> Decimal:
    """His points from his rounds, a ``U`` scored as the file scores it."""
    total = file_points(player)
    for bye in byes:
        if bye.line == player.line and bye.points is not None:
            total += Decimal(bye.points) - 1
    return total


def plan(
    trf: TrfFile,
    event: str,
    known: Known,
    *,
    register_new: bool = False,
    priors: bool = False,
    prior_games: int | None = None,
) -> TrfPlan:
    """The facts of ``trf`` as event ``event``, matched to what the ledger holds (``known``)."""
    notes: list[str] = []
    facts = event_facts(trf, notes)
    trf, pseudo = without_pseudo_players(trf, notes)
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
    planned_priors = _priors(trf, matched, known, facts["start"], prior_games, notes) if priors else []
    byes = _byes(trf, matched)
    mismatches = [
        f"line {entry.line}: {entry.name} has {entry.points} points in the file, "
        f"{_points_of(entry, byes)} from its rounds"
        for entry in trf.players
        if entry.points is not None and entry.points != _points_of(entry, byes)
    ]
    return TrfPlan(
        event, facts, matched, new, planned_priors, games, notes, mismatches, _guessed(trf), tuple(byes), pseudo
    )


def k_factor_words(games: int) -> str:
    """Which K FIDE B.02 §8.3.3 gives a player of ``games`` games, in words.

    >>> k_factor_words(0)
    'K 40 (fewer than 30 games, B.02 §8.3.3)'
    >>> k_factor_words(30)
    'K 20 below 2400 (40 for a junior below 2300), K 10 from 2400 (B.02 §8.3.3)'
    """
    if games < 30:
        return "K 40 (fewer than 30 games, B.02 §8.3.3)"
    return "K 20 below 2400 (40 for a junior below 2300), K 10 from 2400 (B.02 §8.3.3)"


def _priors(
    trf: TrfFile, matched: Mapping[int, str], known: Known, start: str, prior_games: int | None, notes: list[str]
) -> list[PlannedPrior]:
    """The file's ratings as ``fide`` priors, each with its games count (module docstring), or refuse."""
    planned: list[PlannedPrior] = []
    kept = 0
    missing: list[str] = []
    taken = given = 0
    for entry in trf.players:
        player = matched[entry.start_rank]
        earliest = known.fide_priors.get(player)
        if entry.rating is None:
            continue
        if earliest is not None and earliest <= start:
            kept += 1
            continue
        games = known.fide_games.get(player)
        if games is not None:
            taken += 1
        elif prior_games is not None:
            games, given = prior_games, given + 1
        else:
            missing.append(f"line {entry.line} {entry.name}")
            continue
        planned.append(PlannedPrior(player, entry.rating, start, entry.line, games))
    if missing:
        raise PriorGamesError(
            f"--priors: {len(missing)} player(s) have no games count in a fide prior (import the FIDE list first, "
            f"or give --prior-games N): {'; '.join(missing[:3])}" + (" ..." if len(missing) > 3 else "")
        )
    if kept:
        notes.append(f"{kept} player(s) already have a fide prior as of the start: their file rating is not recorded")
    if taken:
        notes.append(f"{taken} prior(s) take their games count from the player's fide prior")
    if given and prior_games is not None:
        notes.append(
            f"{given} prior(s) recorded with {prior_games} games (--prior-games): {k_factor_words(prior_games)}"
        )
    return planned
