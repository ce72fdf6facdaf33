"""Projections: read the log in bulk, replay rating periods through a rules
version, and materialise rating lists. Nothing here writes to the log.

The Python API is :class:`Ratings` (a ledger opened read-only: lists, notes,
explanations, histories, diffs, audits) and :func:`publish`.

The names are loaded when first asked for (PEP 562): importing a rules module
(``projections.rules.glicko``) loads no storage, no command line and no
database driver.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from projections.api import Diff, Published, Ratings, UnusableFactError, publish

__all__ = ["Diff", "Published", "Ratings", "UnusableFactError", "publish"]


def __getattr__(name: str) -> Any:
    if name not in __all__:
        raise AttributeError(f"module 'projections' has no attribute {name!r}")
    return getattr(import_module("projections.api"), name)
