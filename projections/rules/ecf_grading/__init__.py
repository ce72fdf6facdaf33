"""The English Chess Federation's grading system (Clarke's, seed 004) as one family: the standard-play
list ``ecf-grading`` and the rapidplay list ``ecf-grading-rapid``.

The package: :mod:`~projections.rules.ecf_grading.formulas` (the seed's rules, the choices where it is
silent, and the arithmetic of a period), :mod:`~projections.rules.ecf_grading.system` (a period's run, the
reach of new facts, a list row, which games a list takes), :mod:`~projections.rules.ecf_grading.explain`
(the explanation as message keys).
"""

from __future__ import annotations

from datetime import date

from projections.rules.common import System, deferred
from projections.rules.ecf_grading import system
from projections.rules.ecf_grading.formulas import EcfGradingParams, make_state
from projections.rules.periods import DatedPeriodScheme
from projections.rules.versions import Family, Version, changes

EXPLANATION = "projections.rules.ecf_grading.explain"
"""The module of the family's explanation, loaded when an explanation is first asked for."""

__all__ = [
    "DESCRIPTIONS",
    "ECF_GRADING",
    "ECF_GRADING_RAPID",
    "ECF_PERIODS",
    "FAMILY",
    "SYSTEM",
    "EcfGradingParams",
]

ECF_PERIODS = DatedPeriodScheme(
    ((0, 12), (2012, 6)), rules_clause="ECF grading: annual lists before 2012, six-monthly from 2012"
)
"""Choice 1: calendar years, then halves from January 2012 (Wikipedia; the ECF's 2011-12 change)."""

ECF_GRADING = EcfGradingParams(name="ecf-grading", periods=ECF_PERIODS, category="standard", prior_system="ecf")
"""The standard-play list (seed 004: "one for play using standard time controls"): games giving each player
60 minutes or more for all moves, or whose time control is not recorded (choice 2); a newcomer's prior grade
from ``ecf`` (choice 10)."""

ECF_GRADING_RAPID = EcfGradingParams(
    name="ecf-grading-rapid", periods=ECF_PERIODS, category="rapid", prior_system="ecf-rapid"
)
"""The rapidplay list (seed 004: "one for Rapidplay"): games giving each player at least 10 and less than 60
minutes for all moves (choice 2); a newcomer's prior grade from ``ecf-rapid`` (choice 10)."""

SYSTEM = System(
    family="ecf-grading",
    keys=system.KEYS,
    run=system.run,
    row=system.row,
    explain=deferred(EXPLANATION, "explain"),
    make=make_state,
    columns="jjqjqjjj",  # grade, unenhanced, junior, status, games, category, period, recent results
    walkovers=False,  # choice 13: "Defaulted games, byes and absences will not be rated"
    reach=system.reach,
    notes=system.notes,
    select=system.select,
)
"""The ECF grading system's pure functions (both lists)."""


_COMMON_TERMS: tuple[tuple[str, str], ...] = (
    (
        "points",
        "Each game scores the opponent's grade plus 50 for a win, the grade for a draw, minus 50 for a loss; "
        "an opponent's grade more than 40 from the player's own is taken as exactly 40 away; a negative score "
        "counts as 0.",
    ),
    (
        "grade",
        "The grade is the average of the period's points; fewer than 30 games are made up to 30 with the most "
        "recent games of the previous period; at least 10 results (made-up games included) are required; a "
        "graded player with fewer keeps his grade. Rounded half up.",
    ),
    ("juniors", "Age at the end of the period: under 11 +10, 11-14 +8, 15-17 +6, included in the published grade."),
    ("periods", "Annual lists (calendar years) before 2012, six-monthly from 2012."),
    (
        "ungraded",
        "Ungraded players are estimated from their own results in the period, those who met each other by "
        "successive approximation; a group with no graded opponent stays ungraded. A prior ECF grade of the "
        "same list is used instead when there is one.",
    ),
    ("categories", "A: 30+ games in the period; B: 20-29; C: 10-19; D: 5-9; E: 1-4 (the rest made up)."),
    ("published", "Graded players with a game of the list in the 12 months ending with the period."),
)

DESCRIPTIONS: dict[str, tuple[date, tuple[tuple[str, str], ...]]] = {
    ECF_GRADING.name: (
        date(1958, 1, 1),
        (
            (
                "list",
                "Standard play: each player has 60 minutes or more for all moves (increments over 60 moves); "
                "time control not recorded counts as standard. Clarke's system, first published 1958 (seed 004; "
                "Wikipedia).",
            ),
            *_COMMON_TERMS,
        ),
    ),
    ECF_GRADING_RAPID.name: (
        date(1958, 1, 1),
        (
            (
                "list",
                "Rapidplay: each player has at least 10 and less than 60 minutes for all moves (increments over "
                "60 moves); faster games are graded by neither list. Dated with the standard list: the first "
                "rapidplay list's date is not known here.",
            ),
            *_COMMON_TERMS,
        ),
    ),
}
"""For ``ratings rules``: each name's date in force and its terms in words."""


def _version(params: EcfGradingParams) -> Version:
    in_force, changed = DESCRIPTIONS[params.name]
    return Version(params, SYSTEM, in_force, changes(changed))


FAMILY = Family(
    "ecf-grading",
    "English Chess Federation grading (Clarke, 1958-2020)",
    (_version(ECF_GRADING), _version(ECF_GRADING_RAPID)),
    EXPLANATION,
)
"""Its versions, in the order ``ratings rules`` lists them."""
