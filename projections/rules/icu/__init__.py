"""The Irish Chess Union's grading system (Grading Committee, January 1980; seed 001) as one family.

The package: :mod:`~projections.rules.icu.formulas` (the arithmetic),
:mod:`~projections.rules.icu.system` (a year's run, adjustments, a list row),
:mod:`~projections.rules.icu.explain` (the explanation as message keys).
"""

from __future__ import annotations

from datetime import date

from projections.rules import selection
from projections.rules.common import System, deferred
from projections.rules.icu import system
from projections.rules.icu.formulas import ICU_1980
from projections.rules.versions import Change, Family, Version

EXPLANATION = "projections.rules.icu.explain"
"""The module of the family's explanation, loaded when an explanation is first asked for."""

SYSTEM = System(
    family="icu",
    keys=system.KEYS,
    run=system.run,
    row=system.row,
    explain=deferred(EXPLANATION, "explain"),
    make=system.make,
    columns="jqjqj",  # grade (or None), games, status, games of the year, last period (or None)
    walkovers=False,  # ICU 1980, "Checking Gradings": walkovers are not graded
    reach=system.reach,
    adjust=system.adjust,
    notes=system.notes,
    headings=(("rating", "grade"),),
    history=system.history,
    row_info=False,
    history_keys=("grade", "published", "status", "games"),
    rated="graded",
    select=selection.ICU_SELECT,  # "Graded Tournaments": 45/60 or slower, over the board (projections.rules.selection)
)
"""The ICU's grading system."""

CHANGES = (
    Change(
        "",
        "The Irish Chess Union's grading system (Grading Committee, January 1980; seed 001), graded a "
        "calendar year at a time; its own system, not a version of the IECG's.",
    ),
)

FAMILY = Family(
    "icu", "Irish Chess Union grading (1980)", (Version(ICU_1980, SYSTEM, date(1980, 1, 1), CHANGES),), EXPLANATION
)
"""The ICU's one version."""
