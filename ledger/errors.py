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


class OutOfRangeError(InvalidValueError):
    """A number or a date outside the bounds of the value it records."""


class InvalidTextError(InvalidValueError):
    """An id, a name or a code that is empty, too long, or holds a control character."""


class FutureDateError(LedgerError):
    """A date after today, or after the date the fact was reported."""


class InvalidResultError(InvalidValueError):
    """A game result other than 1-0, 0-1, 1/2-1/2."""


class UnknownPlayerError(LedgerError):
    """A player who was never registered."""


class UnknownGameError(LedgerError):
    """A game that was never recorded."""


class UnknownEventError(LedgerError):
    """An event that was never registered."""


class DuplicateEventError(LedgerError):
    """A second registration of the same event id."""


class DuplicatePlayerError(LedgerError):
    """A second registration of the same membership number."""


class DuplicateIdentityError(LedgerError):
    """An identity number (FIDE id, national id) is already held by another player."""


class MergeError(LedgerError):
    """A merge of duplicate registrations the ledger refuses."""


class DuplicateGameError(LedgerError):
    """A second recording of the same game id."""


class AlreadyRecordedError(DuplicateGameError):
    """A file whose games are recorded already, under any ids (the same tournament imported twice)."""


class EventFactsError(LedgerError):
    """An import into a registered event whose facts (type, dates, rate of play) disagree with the file's."""


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


class FileLineError(LedgerError):
    """A file a reader refuses (a tournament report, a PGN file): the message names the line, or the two lines
    that disagree, and what is wrong."""

    def __init__(self, line: int, reason: str, other_line: int | None = None) -> None:
        self.line = line
        self.other_line = other_line
        self.reason = reason
        where = f"line {line}" if other_line is None else f"lines {line} and {other_line}"
        super().__init__(f"{where}: {reason}")


class ImportRowError(LedgerError):
    """A CSV row that cannot be recorded; names the line and the reason."""

    def __init__(self, line: int, reason: str) -> None:
        super().__init__(f"line {line}: {reason}")
        self.line = line
        self.reason = reason


class UnknownPriorError(LedgerError):
    """A prior rating that was never recorded (or is already void), named by system and as-of date."""


class UnknownAdjustmentError(LedgerError):
    """An adjustment that was never recorded, named by its natural key."""


class NotAdjudicableError(LedgerError):
    """An adjudication of a game that finished normally: it is corrected, not adjudicated."""


# --- the ledger file ----------------------------------------------------------------


class LedgerFileError(LedgerError):
    """The ledger file cannot be created, opened or written as asked; nothing was written."""


class NoLedgerError(LedgerFileError):
    """No ledger at the path: only ``ratings init`` creates one."""


class NotALedgerError(LedgerFileError):
    """A file that is not a rating ledger: not SQLite, another application's, or of a newer format."""


class LedgerExistsError(LedgerFileError):
    """A new ledger (or backup) asked for at a path that already exists."""


class ReadOnlyLedgerError(LedgerFileError):
    """A recording command on a ledger (or folder) that cannot be written."""


class UncoveredRowError(LedgerFileError):
    """A stored row the hash chain does not cover (at rowid ≤ 0): recording is refused until it is examined."""


class DamagedLedgerError(LedgerFileError):
    """A ledger file SQLite finds damaged, or one a command found so earlier (no recording until
    ``ratings verify`` passes)."""

    def __init__(self, message: str, path: str | None = None, detail: str | None = None) -> None:
        super().__init__(message)
        self.path = path
        """The damaged file, when SQLite found it so just now (to be marked, :mod:`ledger.damage`)."""
        self.detail = detail
        """What SQLite said."""
