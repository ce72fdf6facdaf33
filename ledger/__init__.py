"""The ledger: events, aggregates, the application and its store.

Everything here records facts. Nothing here computes a rating.

The recording side of the Python API (issue 11 §2) is :class:`RatingLedger`:
``RatingLedger.create(path)`` makes a new ledger, ``RatingLedger(path)`` opens
one to record in it (``register_player``, ``record_game``, ``correct_game``,
``void_game``, ``record_prior``, ``adjust_ratings``, ``import_file``...), each
refusing as ``ratings`` refuses, with a :class:`LedgerError` whose message is
the one ``ratings`` prints (a list's publication is :func:`projections.publish`).
"""

from ledger.application import RatingLedger
from ledger.errors import LedgerError, UnknownGameError, UnknownPlayerError

__all__ = ["LedgerError", "RatingLedger", "UnknownGameError", "UnknownPlayerError"]
