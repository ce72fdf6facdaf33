"""Projections: read the log in bulk, replay rating periods through a rules
version, and materialise rating lists. Nothing here writes to the log.

The Python API (issue 11 §2) is :class:`Ratings` (a ledger opened read-only:
lists, notes, explanations, histories, diffs, audits) and :func:`publish`.
"""

from projections.api import Diff, Published, Ratings, UnusableFactError, publish

__all__ = ["Diff", "Published", "Ratings", "UnusableFactError", "publish"]
