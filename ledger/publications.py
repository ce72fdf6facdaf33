"""A rating list's publication: which list, when, its digest, the head of the log it came from and the
fingerprint of the code that computed it, so that an audit can prove the list again (``ratings audit``)."""

from __future__ import annotations

from ledger.core import LedgerCore
from ledger.errors import DuplicatePublicationError
from ledger.events import ListPublished, Publication, publication_key


class Publications(LedgerCore):
    """The publications of rating lists."""

    def record_publication(
        self,
        *,
        rules: str,
        period: str,
        on: str,
        digest: str,
        players: int,
        log_position: int,
        log_hash: str,
        rules_fingerprint: str | None = None,
    ) -> None:
        """Record that a list was published on ``on``, with its digest, the log's head at the time and the
        fingerprint of the rules version's code (:mod:`projections.fingerprint`; None: not known)."""
        day = self.past_day(on, "publication date")
        key = publication_key(rules, period, day.isoformat())
        duplicate = DuplicatePublicationError(
            f"the {rules} list of {period} was already published on {day.isoformat()}"
        )
        if self.aggregate(key, Publication) is not None:
            raise duplicate
        aggregate = Publication._create(
            ListPublished,
            rules=rules,
            period=period,
            on=day.isoformat(),
            digest=digest,
            players=players,
            log_position=log_position,
            log_hash=log_hash,
            rules_fingerprint=rules_fingerprint,
            reported_on=self.clock().isoformat(),
            recorded_by=self.user,
        )
        self._save_new(aggregate, duplicate)
