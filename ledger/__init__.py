"""The ledger: events, aggregates, the application and its store.

Everything here records facts. Nothing here computes a rating.

The recording side of the Python API is :class:`RatingLedger`:
``RatingLedger.create(path)`` makes a new ledger, ``RatingLedger(path)`` opens
one to record in it (``register_player``, ``record_game``, ``correct_game``,
``void_game``, ``record_prior``, ``adjust_ratings``, ``import_file``...), each
refusing as ``ratings`` refuses, with a :class:`LedgerError` whose message is
the one ``ratings`` prints (a list's publication is :func:`projections.publish`).

The names are loaded when first asked for (PEP 562): importing one module of
the package (``ledger.errors``, ``ledger.values``) does not load the
application, its store and their dependencies.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ledger.application import RatingLedger
    from ledger.errors import LedgerError, UnknownGameError, UnknownPlayerError

__all__ = ["LedgerError", "RatingLedger", "UnknownGameError", "UnknownPlayerError"]

_HOMES = {
    "RatingLedger": "ledger.application",
    "LedgerError": "ledger.errors",
    "UnknownGameError": "ledger.errors",
    "UnknownPlayerError": "ledger.errors",
}
"""Where each name of :data:`__all__` lives."""


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'ledger' has no attribute {name!r}")
    return getattr(import_module(home), name)
