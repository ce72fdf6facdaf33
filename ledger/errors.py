"""Typed refusals of the ledger.

Every refusal is a :class:`LedgerError` (a :class:`ValueError`); the CLI turns
them into a message and exit status 1 at its edge, and nothing is written.
"""

from __future__ import annotations


class LedgerError(ValueError):
    """A command the ledger refuses; nothing was written."""


class InvalidValueError(LedgerError):
    """A value that is not of the form the ledger takes (a date, a result...)."""


class InvalidDateError(InvalidValueError):
    """A date that is not a YYYY-MM-DD calendar date."""


class FutureDateError(LedgerError):
    """A date after today, or after the date the fact was reported."""


class InvalidResultError(InvalidValueError):
    """A game result other than 1-0, 0-1, 1/2-1/2."""


class UnknownPlayerError(LedgerError):
    """A player who was never registered."""


class UnknownGameError(LedgerError):
    """A game that was never recorded."""


class DuplicatePlayerError(LedgerError):
    """A second registration of the same membership number."""


class DuplicateGameError(LedgerError):
    """A second recording of the same game id."""


class SelfPlayError(LedgerError):
    """A game whose white and black are the same player."""


class StartingRatingError(LedgerError):
    """A starting rating the IECG rules do not allow (§VII)."""


class AlreadyAdjudicatedError(LedgerError):
    """A second adjudication of one game."""


class MarkerError(LedgerError):
    """An inactivity marker that contradicts the player's current standing."""


class DuplicateWithdrawalError(LedgerError):
    """A second withdrawal of one player from one tournament."""


class NothingToCorrectError(LedgerError):
    """A correction whose facts are those already recorded."""


class VoidError(LedgerError):
    """A void of a void game, a restore of a counting one, or a change to a void game."""


class ReportedOrderError(LedgerError):
    """A correction reported before the fact it corrects was reported."""


class DuplicatePublicationError(LedgerError):
    """A second publication of the same list on the same date."""


class DuplicatePriorError(LedgerError):
    """A second prior rating of one player in one system on one date."""


class DuplicateAdjustmentError(LedgerError):
    """A second recording of the same adjustment."""


class ImportRowError(LedgerError):
    """A CSV row that cannot be recorded; names the line and the reason."""

    def __init__(self, line: int, reason: str) -> None:
        super().__init__(f"line {line}: {reason}")
        self.line = line
        self.reason = reason
