"""The fields of the log's facts, declared once: a stored event's own fields, in order, with their types and bounds.

A game is the fact most read and written: its fields are stored by
:class:`ledger.events.GameRecorded`, validated into
:class:`ledger.application.GameFacts`, written by the bulk import's template
(:mod:`ledger.bulk`), read by the decoder's pattern (:mod:`ledger.decoding`),
folded into :class:`projections.facts.GameRow` and rated as
:class:`projections.rules.common.Game`. :data:`GAME` is the one list of them;
every other form is derived from it, or, where deriving would cost a
hot path its speed or the type checker its view, checked against it by
``tests/ledger/test_fields.py``, which names the field that drifted:

- derived: ``bulk.GAME_FIELDS`` and ``bulk.GAME_VERSION``; the decoder's
  ``game_pattern()`` (compiled once a process); ``usable.ROW_FIELDS``
  (:data:`GAME_ROW`);
- checked: the stored ``GameRecorded`` (names, order, annotations, version,
  upcaster) and ``GameFacts`` (names, order, annotations); ``bulk.GameTuple``
  (types) and the template of ``StateEncoder.game`` (each field's value in its
  key, and the library's bytes); ``GameRow`` (:data:`GAME_ROW`) and the fold's
  unpacking of a match (each field's value in its place); the rules' ``Game``
  and ``RatedGame`` (``projections.facts.RATED_FROM``).

:data:`PLAYER` and :data:`PRIOR` declare a registration and a prior rating the
same way, checked against their event, ``ledger.values.Registration``,
``projections.facts.Prior`` and the correctable facts
(``ledger.events.REGISTRATION_FIELDS``, ``projections.withheld.REGISTRATION_FLAGS``);
the fold reads their stored states by the declared names.

Bounds are the ledger's own: each field names the function of
:mod:`ledger.values` the application records it through (``check``) and says
in words what it admits (``bound``); a replay checks a stored fact with the
same functions (:mod:`projections.withheld`).

This module imports nothing of the ledger: every layer may read it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final


@dataclass(frozen=True)
class Field:
    """One field of a stored event."""

    name: str
    type: type
    """Its JSON-compatible Python type: ``str``, ``int``, ``float`` or ``bool``."""
    check: str
    """The function of :mod:`ledger.values` the ledger records it through."""
    bound: str
    """What the check admits, in words."""
    optional: bool = False
    """None when not said."""
    since: int = 1
    """The ``class_version`` of the event that added it: its upcaster gives an older state None for it."""
    corrected: bool = False
    """Whether a correction (``GameCorrected``, ``PlayerCorrected``) may change it."""

    @property
    def annotation(self) -> str:
        """Its annotation as the event classes write it (``from __future__ import annotations``): ``"str | None"``."""
        return f"{self.type.__name__} | None" if self.optional else self.type.__name__


@dataclass(frozen=True)
class Fact:
    """The fields of one kind of stored event, in the order the event declares and the library stores them."""

    event: str
    """The event type's name (:data:`ledger.events.EVENT_TYPES`)."""
    version: int
    """The event's ``class_version`` (1 when it declares none)."""
    fields: tuple[Field, ...]

    @property
    def names(self) -> tuple[str, ...]:
        """The fields' names, in order."""
        return tuple(f.name for f in self.fields)

    @property
    def required(self) -> tuple[Field, ...]:
        """The fields always said, in order."""
        return tuple(f for f in self.fields if not f.optional)

    @property
    def optional(self) -> tuple[Field, ...]:
        """The fields that may be None, in order."""
        return tuple(f for f in self.fields if f.optional)

    @property
    def added(self) -> tuple[Field, ...]:
        """The fields a later version added, in order."""
        return tuple(f for f in self.fields if f.since > 1)

    @property
    def corrected(self) -> tuple[str, ...]:
        """The names of the fields a correction may change, in order."""
        return tuple(f.name for f in self.fields if f.corrected)

    def field(self, name: str) -> Field:
        """The field named ``name`` (KeyError if none)."""
        for f in self.fields:
            if f.name == name:
                return f
        raise KeyError(f"{self.event} has no field {name!r}")


RECORDED_BY: Final = Field("recorded_by", str, "check_free_text", "who recorded the fact: printable text")
"""The field every event stores after its own (the application's user): not one of a fact's :attr:`Fact.fields`."""

REPORTED_ON: Final = "reported_on"
"""The date the rating office received a fact: every fact's last field."""

FOLDED_NAMES: Final = {REPORTED_ON: "reported"}
"""The fields a folded fact (:mod:`projections.facts`) names otherwise."""

_ID = "1..64 printable characters, trimmed"
_DATE = "an ISO date from 1900-01-01, not after the reported date"
_NAME = "1..200 printable characters, trimmed, not starting a formula (= + - @)"

GAME: Final = Fact(
    "GameRecorded",
    2,
    (
        Field("game", str, "check_id", _ID),
        Field("white", str, "check_id", _ID + ", a registered player", corrected=True),
        Field("black", str, "check_id", _ID + ", a registered player other than White", corrected=True),
        Field("result", str, "check_result", "1-0, 0-1 or 1/2-1/2; not a draw when forfeited", corrected=True),
        Field("finished", str, "check_fact_date", _DATE + " nor today", corrected=True),
        Field("tournament", str, "check_free_text", _NAME, optional=True, corrected=True),
        Field("time_control", str, "check_time_control", "PGN TimeControl", optional=True, corrected=True),
        Field("event", str, "check_id", _ID + ", a registered event", optional=True, since=2, corrected=True),
        Field("mode", str, "check_choice", "otb, email or online", optional=True, since=2, corrected=True),
        Field("forfeit", str, "check_choice", "none, arbiter or withdrawal", corrected=True),
        Field(REPORTED_ON, str, "check_fact_date", "an ISO date from 1900-01-01, not after today"),
    ),
)
"""A game (:class:`ledger.events.GameRecorded`, version 2: ``event`` and ``mode`` added)."""


def folded_row(fact: Fact) -> tuple[str, ...]:
    """The fields of a fact as a projection keeps it in a row: the required ones, then the optional ones
    (held as "" when not said), each in declared order, named as :data:`FOLDED_NAMES` says."""
    return tuple(FOLDED_NAMES.get(f.name, f.name) for f in (*fact.required, *fact.optional))


GAME_ROW: Final = folded_row(GAME)
"""The fields of :class:`projections.facts.GameRow`, in order."""


PLAYER: Final = Fact(
    "PlayerRegistered",
    2,
    (
        Field("player", str, "check_id", _ID),
        Field("name", str, "check_text", _NAME, corrected=True),
        Field("country", str, "check_country", 'an ISO country code of 2 or 3 capitals, or ""', corrected=True),
        Field("born", str, "check_fact_date", _DATE + ", three years before any game", optional=True, corrected=True),
        Field("starting_rating", int, "check_rating", "a whole number 100..3500 (IECG §VII)", corrected=True),
        Field("source", str, "check_choice", "none, tutor, iccf, iccf-provisional or other", corrected=True),
        Field("rated_games", int, "check_games", "a whole number 0..10,000", corrected=True),
        Field(
            "sex",
            str,
            "check_sex",
            "M or F, as FIDE's lists write it (TRF16's m and w read as M and F)",
            optional=True,
            since=2,
            corrected=True,
        ),
        Field(
            "title",
            str,
            "check_title",
            "one of FIDE's titles GM, IM, WGM, FM, WIM, CM, WFM, WCM (ledger.values.TITLE_CODES at the door)",
            optional=True,
            since=2,
            corrected=True,
        ),
        Field(
            "federation",
            str,
            "check_federation",
            "a FIDE federation code of three capitals (ledger.federations.FEDERATIONS)",
            optional=True,
            since=2,
            corrected=True,
        ),
        Field(REPORTED_ON, str, "check_fact_date", "an ISO date from 1900-01-01, not after today"),
    ),
)
"""A registration (:class:`ledger.events.PlayerRegistered`, version 2: ``sex``, ``title`` and ``federation``
added, None when not said)."""

PRIOR: Final = Fact(
    "PriorRatingRecorded",
    1,
    (
        Field("player", str, "check_id", _ID + ", a registered player"),
        Field("system", str, "check_choice", "one of ledger.values.PRIOR_SYSTEMS"),
        Field("rating", float, "check_prior_rating", "on the system's scale (ledger.values.PRIOR_SCALES)"),
        Field("games", int, "check_games", "a whole number 0..10,000", optional=True),
        Field("status", str, "check_choice", "one of ledger.values.PRIOR_STATUSES", optional=True),
        Field("deviation", float, "check_deviation", "above 0, at most 500", optional=True),
        Field("volatility", float, "check_volatility", "above 0, below 1", optional=True),
        Field("as_of", str, "check_fact_date", _DATE),
        Field("source", str, "check_free_text", "where it was published: printable text, at most 200 characters"),
        Field(REPORTED_ON, str, "check_fact_date", "an ISO date from 1900-01-01, not after today"),
    ),
)
"""A rating brought from another system (:class:`ledger.events.PriorRatingRecorded`)."""

FACTS: Final = (GAME, PLAYER, PRIOR)
"""Every declared fact: the tests loop over them."""
