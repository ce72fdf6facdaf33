"""Projections: read the log in bulk, replay rating periods through a rules
version, and materialise rating lists. Nothing here writes to the log.

The Python API is :class:`Ratings` (a ledger opened read-only: lists, notes,
explanations, histories, diffs, audits, events, crosstables, eligibility) and
:func:`publish`, with the values they answer with: this package's names
(:data:`__all__`) are the API the command line uses too.

The names are loaded when first asked for (PEP 562): importing a rules module
(``projections.rules.glicko``) loads no storage, no command line and no
database driver, and ``ratings list`` loads none of what it does not use.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from projections.api import Diff, Published, Ratings, UnusableFactError, publish
    from projections.cache import CacheError
    from projections.eligibility import DEFAULT_RULES, PlayerEligibility, entry_rules
    from projections.events import CrosstableView, EventRecord, SystemStatus
    from projections.rules.common import Cell, EventInfo, System
    from projections.rules.iecg.crosstable import Crosstable, cell_text, quarters_text
    from projections.rules.iecg.entry import IECG_5_1A, Ban, Decision, Eligibility, TicketStatus
    from projections.systems import NotExplainedError

NAMES: dict[str, str] = {
    # the API
    "Diff": "projections.api",
    "Published": "projections.api",
    "Ratings": "projections.api",
    "UnusableFactError": "projections.api",
    "publish": "projections.api",
    # what it answers with, and how a value of it is written
    "CacheError": "projections.cache",
    "Cell": "projections.rules.common",
    "EventInfo": "projections.rules.common",
    "System": "projections.rules.common",
    "EventRecord": "projections.events",
    "CrosstableView": "projections.events",
    "SystemStatus": "projections.events",
    "NotExplainedError": "projections.systems",
    "Crosstable": "projections.rules.iecg.crosstable",
    "cell_text": "projections.rules.iecg.crosstable",
    "quarters_text": "projections.rules.iecg.crosstable",
    "PlayerEligibility": "projections.eligibility",
    "DEFAULT_RULES": "projections.eligibility",
    "entry_rules": "projections.eligibility",
    "Ban": "projections.rules.iecg.entry",
    "Decision": "projections.rules.iecg.entry",
    "Eligibility": "projections.rules.iecg.entry",
    "TicketStatus": "projections.rules.iecg.entry",
    "IECG_5_1A": "projections.rules.iecg.entry",
}
"""Each public name and the module that defines it (loaded when the name is first asked for)."""

__all__ = [
    "DEFAULT_RULES",
    "IECG_5_1A",
    "Ban",
    "CacheError",
    "Cell",
    "Crosstable",
    "CrosstableView",
    "Decision",
    "Diff",
    "Eligibility",
    "EventInfo",
    "EventRecord",
    "NotExplainedError",
    "PlayerEligibility",
    "Published",
    "Ratings",
    "System",
    "SystemStatus",
    "TicketStatus",
    "UnusableFactError",
    "cell_text",
    "entry_rules",
    "publish",
    "quarters_text",
]
"""The public names (:data:`NAMES`'s keys: a test holds them equal)."""


def __getattr__(name: str) -> Any:
    module = NAMES.get(name)
    if module is None:
        raise AttributeError(f"module 'projections' has no attribute {name!r}")
    return getattr(import_module(module), name)
