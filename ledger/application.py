"""The rating ledger application: the commands that append facts to the log.

Each command validates its input against the log, then appends its events in one transaction, or refuses
with a :class:`~ledger.errors.LedgerError` and writes nothing. Imports check and write their rows a chunk at a
time, all in one transaction: a refusal in any row writes nothing.

:class:`RatingLedger` is the one entry point. It is one eventsourcing application (one store, one
repository, one ``save`` that witnesses the hash chain) composed of a mixin per kind of fact, each in its own
module and each inheriting the mixins it uses:

========================================  ==============================================================
:class:`ledger.core.LedgerCore`           opening, reading, the dates of a report, saving or previewing
:class:`ledger.corrections.Corrections`   the one correct/void/restore path every kind of fact takes
:class:`ledger.identity_claims.Identities`  identity numbers
:class:`ledger.players.Players`           the player's facts, and what other facts ask of a player
:class:`ledger.tournaments.Tournaments`   the tournament's facts (the CLI's events)
:class:`ledger.games.Games`               the game's facts
:class:`ledger.priors.Priors`             prior ratings and adjustments
:class:`ledger.publications.Publications`  publications of rating lists
:class:`ledger.csv_import.CsvImports`     CSV imports of players and games
========================================  ==============================================================

Mixins rather than services: a command often saves aggregates of several kinds in one transaction (a
registration with its identity numbers, an import's tournaments, players and games), which one application's
``save`` does, and the commands and tests keep calling ``RatingLedger`` methods, with no forwarding layer.
The files of other programs (TRF, PGN, FIDE lists) are recorded by :mod:`ledger.file_imports` through the
public methods of these mixins.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ledger.core import os_user
from ledger.corrections import Kind
from ledger.csv_import import IMPORTS, CsvImports, Progress, csv_data_rows
from ledger.games import GAME, GameFacts, Games
from ledger.identity_claims import Identities
from ledger.players import PLAYER, Players, check_registration
from ledger.priors import Priors
from ledger.publications import Publications
from ledger.store import LogRecord
from ledger.tournaments import TOURNAMENT, Tournaments

__all__ = [
    "IMPORTS",
    "KINDS",
    "GameFacts",
    "Progress",
    "RatingLedger",
    "check_registration",
    "csv_data_rows",
    "os_user",
]

KINDS: dict[str, Kind[Any]] = {"game": GAME, "tournament": TOURNAMENT, "player": PLAYER}
"""The kinds of fact :meth:`RatingLedger.correct`, :meth:`RatingLedger.void` and :meth:`RatingLedger.restore`
take, by name."""


def _kind(kind: str) -> Kind[Any]:
    found = KINDS.get(kind)
    if found is None:
        raise ValueError(f"no kind of fact {kind!r}: one of {', '.join(KINDS)}")
    return found


class RatingLedger(CsvImports, Publications, Priors, Games, Tournaments, Players, Identities):
    """The append-only log of everything that affects ratings.

    ``RatingLedger(path)`` opens an existing ledger to record in it; only :meth:`create` makes a new one.
    Opening refuses, writing nothing: a missing file (:class:`~ledger.errors.NoLedgerError`), a file that is
    not a ledger (:class:`~ledger.errors.NotALedgerError`), one that cannot be written
    (:class:`~ledger.errors.ReadOnlyLedgerError`), and one holding a row the hash chain does not cover
    (:class:`~ledger.errors.UncoveredRowError`).
    """

    def correct(
        self,
        kind: str,
        name: str,
        *,
        changes: Mapping[str, Any],
        reason: str,
        reported_on: str | None = None,
        dry_run: bool = False,
    ) -> list[LogRecord]:
        """Correct facts of the ``kind`` (of :data:`KINDS`) of id ``name``, each checked as its kind checks it
        (:meth:`correct_game`, :meth:`correct_tournament`, :meth:`correct_player`)."""
        correctors = {"game": self.correct_game, "tournament": self.correct_tournament, "player": self.correct_player}
        _kind(kind)
        return correctors[kind](name, changes=changes, reason=reason, reported_on=reported_on, dry_run=dry_run)

    def void(
        self, kind: str, name: str, *, reason: str, reported_on: str | None = None, dry_run: bool = False
    ) -> list[LogRecord]:
        """Void the ``kind`` (of :data:`KINDS`) of id ``name``, recorded in error: it no longer counts (a void
        player's games, and a void tournament's, no longer count either)."""
        return self._void_or_restore(_kind(kind), name, True, reason, reported_on, dry_run)

    def restore(
        self, kind: str, name: str, *, reason: str, reported_on: str | None = None, dry_run: bool = False
    ) -> list[LogRecord]:
        """Restore the voided ``kind`` (of :data:`KINDS`) of id ``name``: it counts again."""
        return self._void_or_restore(_kind(kind), name, False, reason, reported_on, dry_run)
