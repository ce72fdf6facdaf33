"""One game as the log tells it (``ratings game show``): its facts as first recorded, every
amendment in log order, and the game as it stands after them.

The records are the game's own aggregate (its ``GameRecorded``, then its ``GameCorrected``, ``GameVoided``,
``GameRestored`` and ``GameAdjudicated``). As known at a date, the rule is the projections' own
(:class:`projections.facts.Knowledge`): the recording counts if reported on or before it
(:meth:`~projections.facts.Knowledge.knows_game`), each amendment likewise (:meth:`~projections.facts.Knowledge.knows`),
and the amendments known apply in log order (:func:`projections.facts.game_version`).

Choices made here:
- a game whose recording is not known at the date is refused as unknown "as known at" it, as ``event show`` does;
- the status is ``void`` if the game is void, ``restored`` if it was voided and restored since, else ``recorded``;
- the registrations of its players are not asked for: the game is shown as reported, whether or not a list
  would rate it (``ratings log --player`` and ``ratings explain`` tell that); but the facts a FIDE report
  asks of each player of the game as it stands are shown (:attr:`GameView.players`: his name, FIDE federation
  as recorded or else his country's, sex and title, as registered and corrected as known at the date), and a
  player whose registration is not known then is left out;
- a game whose own facts, as they stand, no list can use (a drawn forfeit an older version recorded) is
  shown as stored, with the reason every list withholds it and its remedy (:attr:`GameView.withheld`).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ledger.bulk import GAME_FIELDS
from ledger.errors import LedgerError, UnknownGameError
from ledger.events import REGISTRATION_FIELDS, game_key, player_key
from ledger.store import LogReader, LogRecord
from ledger.values import Registration
from projections.facts import (
    AMENDMENT_KINDS,
    Amendment,
    GameRow,
    Knowledge,
    PlayerCorrection,
    game_row,
    game_version,
)
from projections.withheld import game_fields, remedy, row_problem

RECORDED_FACTS = GAME_FIELDS[: GAME_FIELDS.index("reported_on")]
"""The facts of a ``GameRecorded`` shown, in this order (its ``reported_on`` and ``recorded_by`` aside)."""

OPTIONAL_FACTS = ("tournament", "time_control", "event", "mode")
"""The facts of a game that may be unsaid: None, never "" (a folded :class:`GameRow` holds "" for them)."""


class DamagedGameError(LedgerError):
    """A stored event of the game cannot be read (``ratings verify`` names it)."""


class GameFact(NamedTuple):
    """One event of the game's aggregate: its log position, type, facts, who recorded it and when reported.

    For an amendment, ``facts`` are the corrected facts (``GameCorrected``), or the adjudicated ``result``
    and decision date ``on`` (``GameAdjudicated``); ``reason`` is None for an adjudication (it states none).
    """

    position: int
    type: str
    facts: tuple[tuple[str, Any], ...]
    reason: str | None
    recorded_by: str
    reported_on: str


class GameView(NamedTuple):
    """A game as known at ``known_at`` (None: everything recorded)."""

    game: str
    known_at: str | None
    recorded: GameFact
    amendments: tuple[GameFact, ...]
    now: tuple[tuple[str, Any], ...]
    """The facts of :data:`RECORDED_FACTS` after the amendments (None for an unsaid optional fact)."""
    status: str
    """``recorded``, ``void``, or ``restored`` (voided, then restored)."""
    adjudication: tuple[str, str] | None
    """The adjudicated result and decision date, if adjudicated."""
    withheld: str | None = None
    """Why every list withholds the game as it stands, and the remedy; None if usable or void."""
    players: tuple[PlayerFacts, ...] = ()
    """White's, then Black's facts of a FIDE report (as the game stands)."""


class PlayerFacts(NamedTuple):
    """A player of the game as FIDE's report names him: ``side`` is ``white`` or ``black``."""

    side: str
    player: str
    name: str
    federation: str | None
    """As recorded, else his country's (:attr:`ledger.values.Registration.fide_federation`)."""
    sex: str | None
    title: str | None


def player_facts(reader: LogReader, side: str, player: str, known: Knowledge | None) -> PlayerFacts | None:
    """``player``'s registration as corrected (as known with ``known``), in the facts of a FIDE report; None if
    his registration is not known or cannot be read."""
    records = reader.aggregate_records(player_key(player))
    if not records or records[0].type != "PlayerRegistered":
        return None
    try:
        first = records[0].facts()
        if known is not None and first["reported_on"] > known.known_at:
            return None
        facts = {name: first[name] for name in REGISTRATION_FIELDS}
        for record in records[1:]:
            if record.type != "PlayerCorrected":
                continue
            s = record.facts()
            correction = PlayerCorrection(record.position, player, s["reported_on"], ())
            if known is None or known.knows(correction):
                facts.update(s["changes"])
        reg = Registration(player, **{name: facts[name] for name in Registration._fields if name != "player"})
    except (KeyError, TypeError, ValueError, AttributeError):
        return None
    return PlayerFacts(side, player, reg.name, reg.fide_federation, reg.sex, reg.title)


def game_view(reader: LogReader, game: str, known_at: str | None = None) -> GameView:
    """The game's facts, its amendments and the game as it stands, as known at ``known_at`` (ISO date, or None).

    An unknown game (or one not yet reported at ``known_at``) is an :class:`~ledger.errors.UnknownGameError`.
    """
    records = reader.aggregate_records(game_key(game))
    if not records or records[0].type != "GameRecorded":
        raise UnknownGameError(f"unknown game {game!r}")
    state = _facts(records[0], game)
    try:
        row = game_row(records[0].state)
    except (KeyError, TypeError, ValueError) as error:
        raise _damaged(records[0], game, repr(error)) from None
    known = None if known_at is None else Knowledge(known_at)
    if known is not None and not known.knows_game(row):
        raise UnknownGameError(f"unknown game {game!r} as known at {known_at} (reported on {row.reported})")
    recorded = GameFact(
        records[0].position,
        records[0].type,
        tuple((key, state.get(key)) for key in RECORDED_FACTS),
        None,
        str(state.get("recorded_by")),
        row.reported,
    )
    shown: list[GameFact] = []
    amendments: list[Amendment] = []
    for record in records[1:]:
        kind = AMENDMENT_KINDS.get(record.type)
        if kind is None:
            continue
        s = _facts(record, game)
        try:
            if kind == "corrected":
                changes: tuple[tuple[str, Any], ...] = tuple(s["changes"].items())
            elif kind == "adjudicated":
                changes = (("result", s["result"]), ("on", s["on"]))
            else:
                changes = ()
            amendment = Amendment(record.position, game, kind, s["reported_on"], changes)
        except (KeyError, TypeError, AttributeError) as error:
            raise _damaged(record, game, repr(error)) from None
        if known is not None and not known.knows(amendment):
            continue
        amendments.append(amendment)
        shown.append(
            GameFact(record.position, record.type, changes, s.get("reason"), s["recorded_by"], s["reported_on"])
        )
    version = game_version(row, amendments)
    ever_voided = any(a.kind == "voided" for a in amendments)
    status = "void" if version.voided else "restored" if ever_voided else "recorded"
    withheld = None if version.voided else _withheld(game, version.row)
    sides = (("white", version.row.white), ("black", version.row.black))
    players = tuple(p for side, who in sides if (p := player_facts(reader, side, who, known)) is not None)
    return GameView(
        game, known_at, recorded, tuple(shown), _now(version.row), status, version.adjudication, withheld, players
    )


def _withheld(game: str, row: GameRow) -> str | None:
    """Why no list uses the game's own facts as they stand, with the remedy; None when they are usable (the
    registrations of its players are not asked for: see the module's notes)."""
    problem = row_problem(row, lambda _: True)
    if problem is None:
        return None
    return f"{problem}: {remedy('GameRecorded', game, fields=game_fields(tuple(row), lambda _: True))}"


def _now(row: GameRow) -> tuple[tuple[str, Any], ...]:
    facts = row._asdict()
    return tuple((key, (facts[key] or None) if key in OPTIONAL_FACTS else facts[key]) for key in RECORDED_FACTS)


def _facts(record: LogRecord, game: str) -> dict[str, Any]:
    try:
        return record.facts()
    except ValueError as error:  # damaged or newer: named, never a traceback
        raise _damaged(record, game, str(error)) from None


def _damaged(record: LogRecord, game: str, why: str) -> DamagedGameError:
    return DamagedGameError(
        f"the stored {record.type} of game {game!r} at log position {record.position} cannot be read "
        f"({why}): run `ratings verify`"
    )
