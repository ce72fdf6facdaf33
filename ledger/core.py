"""What every part of the rating ledger shares: the store, the clock and the recorder's name, the dates of a
report, and the one way facts are saved (with their witness in the hash chain) or previewed.

:class:`LedgerCore` is the eventsourcing application; the commands of each kind of fact are mixins of it
(:mod:`ledger.players`, :mod:`ledger.games`, :mod:`ledger.tournaments`...), composed by
:class:`ledger.application.RatingLedger`.
"""

from __future__ import annotations

import getpass
from collections.abc import Callable
from datetime import date
from typing import Any, Self, TypeVar
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError, Application
from eventsourcing.domain import Aggregate, DomainEventProtocol, MutableOrImmutableAggregate
from eventsourcing.persistence import IntegrityError, Recording

from ledger import chain, stores, values
from ledger.errors import LedgerError, ReadOnlyLedgerError, ReportedOrderError, UncoveredRowError
from ledger.store import LogRecord, type_of
from ledger.stores import BulkRecorder, ClosableReader

A = TypeVar("A", bound=Aggregate)


def os_user() -> str:
    """The name of the person at the keyboard, the default ``recorded_by``."""
    try:
        return getpass.getuser()
    except (KeyError, OSError):
        return "unknown"


def unreadable(path: str, error: OSError) -> LedgerError:
    """The refusal of a file that cannot be read."""
    return LedgerError(f"cannot read {path}: {error.strerror or error}")


class LedgerCore(Application[UUID]):
    """The append-only log of everything that affects ratings: opening it, reading it, saving to it.

    ``LedgerCore(path)`` opens an existing ledger to record in it; only :meth:`create` makes a new one. Opening
    refuses, writing nothing: a missing file (:class:`~ledger.errors.NoLedgerError`), a file that is not a
    ledger (:class:`~ledger.errors.NotALedgerError`), one that cannot be written
    (:class:`~ledger.errors.ReadOnlyLedgerError`), one found damaged by an earlier command, and one holding a
    row the hash chain does not cover (:class:`~ledger.errors.UncoveredRowError`).
    """

    def __init__(
        self,
        path: str,
        *,
        clock: Callable[[], date] = date.today,
        user: str | None = None,
    ) -> None:
        recorder_name = values.check_free_text(user or os_user(), "--by")  # free text, recorded as given
        self.store = stores.store(path)
        """The store ``path`` names, chosen once (:mod:`ledger.stores`)."""
        info = self.store.check()
        problem = self.store.write_problem()
        if problem is not None or info.immutable:
            raise ReadOnlyLedgerError(
                f"the ledger {path} is read-only ({problem or 'its folder is read-only'}): nothing was recorded"
            )
        self.store.refuse_if_damaged()  # found damaged by an earlier command: nothing more is recorded
        if info.first_position is not None and info.first_position <= 0:
            raise UncoveredRowError(
                f"the ledger {path} holds a row at position {info.first_position}, outside the hash chain: "
                "nothing was recorded; `ratings verify` names it"
            )
        super().__init__(env=self.store.env())
        self.path = path
        self.clock = clock
        self.user = recorder_name
        self.notices: list[str] = []
        """What a command should say besides its answer (a witness that could not be extended)."""
        self._recorder().unmarked = not info.marked

    @classmethod
    def create(cls, path: str, *, clock: Callable[[], date] = date.today, user: str | None = None) -> Self:
        """A new, empty ledger at ``path``, marked as ours; :class:`~ledger.errors.LedgerExistsError`
        if anything is there already."""
        stores.store(path).create()
        return cls(path, clock=clock, user=user)

    # --- reading -----------------------------------------------------------

    def reader(self) -> ClosableReader:
        """A bulk reader of this ledger's log, for the projections."""
        return self.store.open_reader()

    def aggregate(self, key: UUID, kind: type[A]) -> A | None:
        """The aggregate of id ``key`` as its events leave it, or None if none is recorded."""
        try:
            found: Aggregate = self.repository.get(key)
        except AggregateNotFoundError:
            return None
        assert isinstance(found, kind)
        return found

    def _recorder(self) -> BulkRecorder:
        """The store's recorder, with the ledger's bulk paths (one-read lookups, one-transaction inserts)."""
        return self.store.recorder(self.recorder)

    # --- the dates of a report ---------------------------------------------

    def reported_day(self, reported_on: str | None) -> date:
        """The date a fact is reported: ``reported_on`` (not after today), or today if not given."""
        today = self.clock()
        if reported_on is None or reported_on == "":
            return today
        day = values.check_day(values.parse_date(reported_on, "reported date"), "reported date")
        values.not_after(day, today, "reported date", "today")
        return day

    def past_day(self, text: str, what: str) -> date:
        """The date of ``text``, refused if it is not a date, is before 1900 or is after today."""
        day = values.check_day(values.parse_date(text, what), what)
        values.not_after(day, self.clock(), what, "today")
        return day

    def dated(self, text: str, what: str, reported_on: str | None) -> tuple[date, date]:
        """When a fact happened and when it was reported: neither after today, the first not after the second."""
        day = self.past_day(text, what)
        reported = self.reported_day(reported_on)
        values.not_after(day, reported, what, "the reported date")
        return day, reported

    def _after_report(self, original: str, reported_on: str | None, what: str, act: str = "correction") -> str:
        """The reported date of a correction, a void or a restoration: not before its fact was reported."""
        reported = self.reported_day(reported_on).isoformat()
        if reported < original:
            raise ReportedOrderError(f"the {act} is reported on {reported}, before {what} was reported on {original}")
        return reported

    # --- saving ------------------------------------------------------------

    def save(
        self, *objs: MutableOrImmutableAggregate[UUID] | DomainEventProtocol[UUID] | None, **kwargs: Any
    ) -> list[Recording[UUID]]:
        """Append the aggregates' new events with their witness in the hash chain, in one transaction.

        The recorder writes the witness of the new events in their own transaction
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
        """Extend the chain's witness over the events just appended.

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
            chain.seal(self.store)
        except chain.WitnessMismatchError as error:
            self.notices.append(f"warning: the log no longer matches its witness ({error})")
        except self.store.errors(chain.ChainError, OSError) as error:
            self.notices.append(f"warning: the chain's witness was not extended ({error}); `ratings verify` extends it")

    def _save_new(self, aggregate: Aggregate, duplicate: LedgerError) -> None:
        """Save a new aggregate, refused with ``duplicate`` if its id was recorded meanwhile."""
        try:
            self.save(aggregate)
        except IntegrityError:
            raise duplicate from None

    def save_or_preview(self, *aggregates: Aggregate, dry_run: bool) -> list[LogRecord]:
        """Save the aggregates' new events in one transaction (an empty list), or (``dry_run``) return them as
        the stored records they would be, after the head."""
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
