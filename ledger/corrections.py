"""The one way a fact recorded in error is corrected, voided or restored, whatever its kind.

Nothing is edited: each is a new event of the fact's aggregate, of the classes its
:class:`~ledger.events.Amendments` declare (:class:`~ledger.events.Correctable`). What every kind shares is
here, once:

- a void or a restoration (:meth:`Corrections.set_void`): a stated reason, reported not before the fact was,
  refused for one void already (or not void);
- a correction (:meth:`Corrections.open_correction`, then :meth:`Corrections.differences`): only the facts its
  kind corrects, a stated reason, reported not before the fact was, refused for a void one and for one that
  changes nothing; the event states every fact given, with its corrected value.

What a kind checks of its corrected facts (a game's players and dates, a tournament's dates, a registration's
starting rating) is in its own module, as is its :class:`Kind`: how the application finds one by its id and
refuses an unknown or void one. :class:`ledger.application.RatingLedger` holds the kinds by name, for its
``correct``, ``void`` and ``restore``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar
from uuid import UUID

from ledger import values
from ledger.core import LedgerCore
from ledger.errors import InvalidValueError, LedgerError, NothingToCorrectError, VoidError
from ledger.events import Correctable
from ledger.store import LogRecord

C = TypeVar("C", bound=Correctable)


def _void_refusal(aggregate: Correctable) -> LedgerError:
    return VoidError(f"{aggregate.title()} is void: restore it before correcting it")


@dataclass(frozen=True)
class Kind(Generic[C]):
    """A kind of correctable fact as the application finds it: by its id, with its refusals."""

    aggregate: type[C]
    noun: str
    """How a refusal names the kind: ``game``, ``event``, ``player``."""
    id_label: str
    """How a refusal names its id (``game id``)."""
    key: Callable[[str], UUID]
    """Its aggregate id, from its id."""
    unknown: Callable[[str], LedgerError]
    """The refusal of an id not recorded."""
    void: Callable[[C], LedgerError] = _void_refusal
    """The refusal to correct a void one."""


class Corrections(LedgerCore):
    """The steps of a correction, a void and a restoration that every kind of fact shares."""

    def find(self, kind: Kind[C], name: str) -> C:
        """The recorded ``kind`` of id ``name`` (checked), void or not, or the kind's refusal."""
        name = values.check_id(name, kind.id_label)
        found = self.aggregate(kind.key(name), kind.aggregate)
        if found is None:
            raise kind.unknown(name)
        return found

    def _void_or_restore(
        self, kind: Kind[C], name: str, void: bool, reason: str, reported_on: str | None, dry_run: bool
    ) -> list[LogRecord]:
        """Void (``void``) or restore the ``kind`` of id ``name``: it no longer counts, or counts again."""
        name = values.check_id(name, kind.id_label)
        reason = values.check_text(reason, "reason")
        return self.set_void(self.find(kind, name), void, reason=reason, reported_on=reported_on, dry_run=dry_run)

    def set_void(
        self, aggregate: Correctable, void: bool, *, reason: str, reported_on: str | None, dry_run: bool
    ) -> list[LogRecord]:
        """Void (``void``) or restore ``aggregate`` for the (checked) ``reason``: refused if reported before the
        fact was, or if it is void already (not void). With ``dry_run`` nothing is written and the event is
        returned as it would be stored."""
        act = aggregate.amendments.acts[0 if void else 1]
        reported = self._after_report(aggregate.reported_on, reported_on, aggregate.recording(), act)
        if aggregate.voided == void:
            raise VoidError(f"{aggregate.title()} is {'already' if void else 'not'} void")
        aggregate.record_void(void, reason=reason, reported_on=reported, recorded_by=self.user)
        return self.save_or_preview(aggregate, dry_run=dry_run)

    def open_correction(
        self, kind: Kind[C], name: str, changes: Mapping[str, Any], reason: str, reported_on: str | None
    ) -> tuple[C, str, str]:
        """The ``kind`` of id ``name`` to correct, the reason and the reported date: refused for a fact its kind
        does not correct, an empty reason, an unknown id, a report before the fact's, and a void one."""
        name = values.check_id(name, kind.id_label)
        reason = values.check_text(reason, "reason")
        unknown = sorted(set(changes) - set(kind.aggregate.amendments.fields))
        if unknown:
            article = "an" if kind.noun[0] in "aeiou" else "a"
            raise InvalidValueError(f"{article} {kind.noun} correction cannot change {', '.join(unknown)}")
        aggregate = self.find(kind, name)
        reported = self._after_report(aggregate.reported_on, reported_on, aggregate.recording())
        if aggregate.voided:
            raise kind.void(aggregate)
        return aggregate, reason, reported

    @staticmethod
    def differences(
        aggregate: Correctable,
        changes: Mapping[str, Any],
        corrected: Mapping[str, Any],
        *,
        as_known: str = "",
        required: bool = True,
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """The facts that ``corrected`` (every fact, as checked by its kind) changes, and the facts the correction
        states: each fact given in ``changes`` (changed or not: a correction entered after another but reported
        before it must still say what it said) and each changed one, in the kind's order.

        Refused if nothing changes, ``as_known`` ending the message, unless not ``required`` (the correction does
        something else besides).
        """
        fields = aggregate.amendments.fields
        now = aggregate.correctable()
        differing = {field: corrected[field] for field in fields if corrected[field] != now[field]}
        if not differing and required:
            shown = ", ".join(f"{field} {now[field]!r}" for field in changes) or "no facts given"
            raise NothingToCorrectError(f"the correction of {aggregate.title()} changes nothing: {shown}{as_known}")
        stated = {field: corrected[field] for field in fields if field in changes or field in differing}
        return differing, stated

    def correct_with(self, aggregate: Correctable, stated: Mapping[str, Any], reason: str, reported: str) -> None:
        """Record the correction of ``aggregate`` stating ``stated`` (:meth:`differences`), to be saved."""
        aggregate.record_correction(stated, reason=reason, reported_on=reported, recorded_by=self.user)
