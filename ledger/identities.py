"""Who holds which identity number: the FIDE ids and national ids of the players.

A fold of the identity events (:data:`ledger.events.IDENTITY_TYPES`) in log order. It is pure: the
application reads the records, this module folds them, so the same records always give the same
holders.

>>> from ledger.store import LogRecord
>>> records = [
...     LogRecord(1, "IdentityClaimed", b'{"scheme": "fide", "number": "2500001", "player": "1001"}'),
...     LogRecord(2, "IdentityReleased", b'{"scheme": "fide", "number": "2500001", "player": "1001"}'),
...     LogRecord(3, "IdentityReclaimed", b'{"scheme": "fide", "number": "2500001", "player": "1002"}'),
... ]
>>> found = fold(records)
>>> found.holder("fide", "2500001"), found.of("1001"), found.of("1002")
('1002', {}, {'fide': '2500001'})
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from ledger.events import IDENTITY_TYPES
from ledger.store import LogRecord


def label(scheme: str, number: str) -> str:
    """An identity number as messages name it: ``FIDE id 2500001``, ``ecf id 123456A``."""
    return f"{'FIDE' if scheme == 'fide' else scheme} id {number}"


@dataclass
class Identities:
    """The holders of identity numbers after a fold."""

    holders: dict[tuple[str, str], str] = field(default_factory=dict)
    """(scheme, number) → the player holding it now (released numbers are not here)."""

    def holder(self, scheme: str, number: str) -> str | None:
        """The player holding ``number`` of ``scheme``, if anyone does."""
        return self.holders.get((scheme, number))

    def of(self, player: str) -> dict[str, str]:
        """The player's numbers by scheme."""
        return {scheme: number for (scheme, number), holder in sorted(self.holders.items()) if holder == player}

    def by_player(self) -> dict[str, dict[str, str]]:
        """Every holder's numbers by scheme (one pass)."""
        found: dict[str, dict[str, str]] = {}
        for (scheme, number), holder in sorted(self.holders.items()):
            found.setdefault(holder, {})[scheme] = number
        return found

    def index(self, scheme: str) -> Mapping[str, str]:
        """Number → player, for one scheme (the matching of imports)."""
        return {number: holder for (kind, number), holder in self.holders.items() if kind == scheme}


def fold(records: Iterable[LogRecord]) -> Identities:
    """The holders after ``records`` (identity events, in log order; other types are skipped)."""
    found = Identities()
    for record in records:
        if record.type not in IDENTITY_TYPES:
            continue
        state = record.facts()
        key = (state["scheme"], state["number"])
        if record.type == "IdentityReleased":
            found.holders.pop(key, None)
        else:
            found.holders[key] = state["player"]
    return found
