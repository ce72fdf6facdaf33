"""The ECF online ratings (seed 003, "Rating Calculation") as one family: ``ecf-online`` (standard),
``ecf-online-rapid`` and ``ecf-online-blitz``.

The package: :mod:`~projections.rules.ecf_online.formulas` (the seed's rules, the choices where it is silent,
and the arithmetic of a month), :mod:`~projections.rules.ecf_online.system` (a month's run, a list row, which
games a rating takes), :mod:`~projections.rules.ecf_online.explain` (the explanation as message keys).
"""

from __future__ import annotations

from datetime import date

from projections.rules.common import System, deferred, local
from projections.rules.ecf_online import system
from projections.rules.ecf_online.formulas import EcfOnlineParams, make_state
from projections.rules.periods import PeriodScheme
from projections.rules.versions import Family, Version, changes

EXPLANATION = "projections.rules.ecf_online.explain"
"""The module of the family's explanation, loaded when an explanation is first asked for."""

__all__ = [
    "DESCRIPTIONS",
    "ECF_ONLINE",
    "ECF_ONLINE_BLITZ",
    "ECF_ONLINE_PERIODS",
    "ECF_ONLINE_RAPID",
    "FAMILY",
    "SYSTEM",
    "VERSIONS",
    "EcfOnlineParams",
]

ECF_ONLINE_PERIODS = PeriodScheme(months=1, rules_clause='ECF online ratings, "Rating Algorithm": monthly lists')
"""Seed 003, "Rating Algorithm": "the monthly grading formula": one list a month."""

ECF_ONLINE = EcfOnlineParams(name="ecf-online", periods=ECF_ONLINE_PERIODS, category="standard")
"""The ECF online standard rating (seed 003, "Time Controls": "60 minutes or more per player for the game";
a game whose time control is not known counts here, choice 4); seeded from the standard grade first
("Starting Ratings", choice 5); k = 20 (choice 1)."""

ECF_ONLINE_RAPID = EcfOnlineParams(name="ecf-online-rapid", periods=ECF_ONLINE_PERIODS, category="rapid")
"""The ECF online rapid rating (seed 003, "Time Controls": "more than 10 minutes and less than 60 minutes");
seeded from the rapid grade first ("Starting Ratings", choice 5); k = 20 (choice 1)."""

ECF_ONLINE_BLITZ = EcfOnlineParams(name="ecf-online-blitz", periods=ECF_ONLINE_PERIODS, category="blitz")
"""The ECF online blitz rating (seed 003, "Time Controls": "between 3 and 10 minutes", both included, choice 4;
faster games are in no rating); seeded from the rapid grade first ("Starting Ratings", choice 5); k = 20
(choice 1)."""

VERSIONS: tuple[EcfOnlineParams, ...] = (ECF_ONLINE, ECF_ONLINE_RAPID, ECF_ONLINE_BLITZ)

_COMMON: tuple[tuple[str, str], ...] = (
    ("Rating Algorithm", "monthly: every result of the month rated from both players' ratings at the start of "
     "the month, Rnew = Rstart + Σ k·(W − We), We from the Elo probability table; k = 20 (chosen: the seed gives "
     "none)"),
    ("Time Controls", "with an increment the duration is counted over 60 moves: base + 60 × increment"),
)  # fmt: skip

DESCRIPTIONS: dict[str, tuple[date, tuple[tuple[str, str], ...]]] = {
    "ecf-online": (
        date(2020, 1, 1),
        (
            ("Time Controls", "standard: games with 60 minutes or more per player"),
            ("Starting Ratings", "seeded from the ECF standard grade, else the rapid grade, else FIDE, else the "
             "internet rating; a grade through 7.5 × ECF + 700"),
            *_COMMON,
        ),
    ),
    "ecf-online-rapid": (
        date(2020, 1, 1),
        (
            ("Time Controls", "rapid: more than 10 and less than 60 minutes per player"),
            ("Starting Ratings", "seeded from the ECF rapid grade, else the standard grade, else FIDE, else the "
             "internet rating; a grade through 7.5 × ECF + 700"),
            *_COMMON,
        ),
    ),
    "ecf-online-blitz": (
        date(2020, 1, 1),
        (
            ("Time Controls", "blitz: 3 to 10 minutes per player; faster games are not rated"),
            ("Starting Ratings", "seeded from the ECF rapid grade, else the standard grade, else FIDE, else the "
             "internet rating; a grade through 7.5 × ECF + 700"),
            *_COMMON,
        ),
    ),
}  # fmt: skip
"""For each rating: the day the official online lists started (January 2020, https://englishchessonline.org.uk/rating-page/:
"Official ECF Blitz and Rapid internet ratings will be provided based on games … from go-live in January 2020")
and what sets it apart, by the seed's headings."""


SYSTEM = System(
    family="ecf-online",
    keys=system.KEYS,
    run=system.run,
    row=system.row,
    explain=deferred(EXPLANATION, "explain"),
    make=make_state,
    columns="dqjjq",  # rating, games, seed, last period (or None), its games
    walkovers=False,  # choice 7: the ECF rates results, not defaults
    reach=local,  # seed 003, "Roriginal is the starting rating": each from his and his opponents' starts
    select=system.select,
)
"""The ECF online ratings; their parameter sets are :data:`VERSIONS`."""


def _version(params: EcfOnlineParams) -> Version:
    in_force, changed = DESCRIPTIONS[params.name]
    return Version(params, SYSTEM, in_force, changes(changed))


FAMILY = Family(
    "ecf-online",
    "English Chess Federation online Elo (2020-)",
    tuple(_version(params) for params in VERSIONS),
    EXPLANATION,
)
"""Its versions, in the order ``ratings rules`` lists them."""
