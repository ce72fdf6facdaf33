"""Identity numbers (a FIDE id, a national id) given to players and released, each held by one player at a time.

One aggregate per number (:class:`~ledger.events.Identity`): the store itself refuses a second first claim of
the same number, so two offices cannot give it to two players. Who holds what now is a fold of the identity
events (:mod:`ledger.identities`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from eventsourcing.domain import Aggregate
from eventsourcing.persistence import IntegrityError

from ledger import identities, values
from ledger.core import LedgerCore
from ledger.errors import DuplicateIdentityError, InvalidValueError
from ledger.events import (
    IDENTITY_TYPES,
    Identity,
    IdentityClaimed,
    IdentityReclaimed,
    IdentityReleased,
    identity_key,
)
from ledger.store import LogRecord


class Identities(LedgerCore):
    """The identity numbers of the players."""

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

    def identity_claims(
        self, player: str, wanted: Mapping[str, str | None], held: Mapping[str, str], reason: str, reported: str
    ) -> list[Aggregate]:
        """The identity aggregates with the events that give ``player`` the ``wanted`` numbers (and release
        the ones he held of those schemes), to be saved with his facts; refused for a number another player
        holds."""
        changed: list[Aggregate] = []
        for scheme, number in sorted(wanted.items()):
            old = held.get(scheme)
            if old == number:
                continue
            if old is not None:
                found = self.aggregate(identity_key(scheme, old), Identity)
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
            aggregate = self.aggregate(identity_key(scheme, number), Identity)
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
            found = None if number is None else self.aggregate(identity_key(scheme, number), Identity)
            if found is not None and found.holder not in (None, player):
                raise DuplicateIdentityError(
                    f"{identities.label(scheme, str(number))} is already held by player {found.holder!r}"
                )

    def _save_identities(
        self, player: str, wanted: Mapping[str, str | None], aggregates: Sequence[Aggregate], dry_run: bool
    ) -> list[LogRecord]:
        """Save a correction with its identity events, refusing cleanly a number given elsewhere meanwhile."""
        try:
            return self.save_or_preview(*aggregates, dry_run=dry_run)
        except IntegrityError:
            self._refuse_identity_race(player, wanted)
            raise
