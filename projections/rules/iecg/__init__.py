"""The IECG's rating rules (IECG Rating Rules 1.0–1.7, and the timeline of them) as one family.

The versions are dated by the "Update History" of the IECG Rating Rules 1.7
(seed ``000_3dba7590a193faaf.txt``). Each is built from the next one by undoing
what the history says the next one changed, so each differs from its neighbour
in exactly the clauses named beside it (:data:`IECG_VERSIONS`); the choices where
the history is silent are in :mod:`projections.rules.iecg.formulas`. ``iecg`` is
the timeline: each period under the version in force on its last day.

The package: :mod:`~projections.rules.iecg.formulas` (the arithmetic),
:mod:`~projections.rules.iecg.system` (a period's run, a list row),
:mod:`~projections.rules.iecg.explain` (the explanation as message keys),
:mod:`~projections.rules.iecg.entry` (class tournaments' entry),
:mod:`~projections.rules.iecg.crosstable` (tournament crosstables and tie-breaks).
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date

from projections.rules import selection
from projections.rules.common import System, deferred
from projections.rules.iecg import system
from projections.rules.iecg.formulas import IecgParams, IecgTimeline
from projections.rules.periods import PeriodScheme
from projections.rules.versions import Change, Family, Version

EXPLANATION = "projections.rules.iecg.explain"
"""The module of the family's explanation, loaded when an explanation is first asked for."""

IECG_PERIODS = PeriodScheme(months=2, rules_clause="IECG 1.7 §II.1")
"""§II.1: two-month periods from 1 January, for every IECG version (see the iecg module's docstring)."""

IECG_1_7 = IecgParams(name="iecg-1.7", periods=IECG_PERIODS)
# 1.7 (27 May 1999), "adaptation of the rules to current practice": §III.3 restored, §VII.4 gone.
IECG_1_6 = replace(IECG_1_7, name="iecg-1.6", publish_games=None, starting_rating_f=1.0, starting_bounds=(800, 1700))
# 1.6 (27 Sep 1998): a comment on the discontinuation of rating tournaments only.
IECG_1_5 = replace(IECG_1_6, name="iecg-1.5")
# 1.5 (5 Apr 1998): §III.8 added, §IX.5.b extended, §IX.5.e added.
IECG_1_4 = replace(IECG_1_5, name="iecg-1.4", cutoff=None, transfer_prior_games=None, transfer_class_m=False)
# 1.4 (30 Dec 1997): §VII.4 Starting Rating boundaries added (§II.3's URL deleted).
IECG_1_3_1 = replace(IECG_1_4, name="iecg-1.3.1", starting_bounds=None)
# 1.3.1 (13 Jul 1997): the formula of §I.6 corrected, with nothing computable to undo.
IECG_1_3 = replace(IECG_1_3_1, name="iecg-1.3")
# 1.3 (1 Jun 1997): §III.7 from "more than 10 games" to "at least 10 games" (§IV.3 deleted).
IECG_1_2 = replace(IECG_1_3, name="iecg-1.2", ter_games=11)
# 1.2 (29 May 1997): §IX.5.a added, §IX.5.b changed.
IECG_1_1 = replace(IECG_1_2, name="iecg-1.1", transfer_keeps_established=False)
# 1.1 (3 Mar 1997): §VII.4 with F = 1, §III.3 disabled, §III.7 raised to 10 games.
IECG_1_0 = replace(IECG_1_1, name="iecg-1.0", starting_rating_f=None, publish_games=6, ter_games=6)

_DATED: tuple[tuple[date, IecgParams, tuple[Change, ...]], ...] = (
    (
        date(1997, 1, 1),
        IECG_1_0,
        (Change("", "First release of the IECG Rating Rules."),),
    ),
    (
        date(1997, 3, 3),
        IECG_1_1,
        (
            Change(
                "§VII.4",
                'Addendum about the correction factor: "The Starting Rating is calculated according to IV.1, '
                'but with an correction factor of F=1." (the TER of a provisional player past §III.7 is Rc + D(p))',
            ),
            Change(
                "§III.3",
                "Disabled until real automatic routines working with mail are available "
                "(provisional ratings are published from the first rated game).",
            ),
            Change(
                "§III.7",
                "The number of games required for a change of the Starting Rating is increased to 10: "
                '"more than 10 games" (1.0 taken as more than 5).',
            ),
        ),
    ),
    (
        date(1997, 5, 29),
        IECG_1_2,
        (
            Change(
                "§IX.5",
                "Part a) added (established IECG ratings on at least 15 games are transferred as established); "
                'part b) changed, it read "All established IECG ratings are used as a starting rating."',
            ),
        ),
    ),
    (
        date(1997, 6, 1),
        IECG_1_3,
        (
            Change(
                "§III.7",
                'Changed, it read "...the Rating in the last published Rating List, if more than 10 games are '
                'played, otherwise ... the Starting Rating"; now "unless at least 10 games are finished".',
            ),
            Change("§IV.3", "Deleted, since it is covered by section III.7 (no computable difference)."),
        ),
    ),
    (
        date(1997, 7, 13),
        IECG_1_3_1,
        (
            Change(
                "§I.6",
                "Correction of the formula in I.6; the old formula is not given, and p = (2W+D)/(2N) is used "
                "in every version (no computable difference).",
            ),
        ),
    ),
    (
        date(1997, 12, 30),
        IECG_1_4,
        (
            Change(
                "§VII.4",
                "Addendum: the sentence with the Starting Rating boundaries (a recalculated Starting Rating is "
                "kept within 800-1700 of §VII.3, widened to the registered starting rating).",
            ),
            Change("§II.3", "Deletion of R Steinkellner's Web-Server URL (no computable difference)."),
        ),
    ),
    (
        date(1998, 4, 5),
        IECG_1_5,
        (
            Change(
                "§III.8",
                "Added to keep top players with preliminary ratings playing in the Cup: an opponent rating "
                "more than 400 points away is treated as 400 points higher/lower.",
            ),
            Change(
                "§IX.5.b",
                'Extended by the last sentence: "If more than 5 games are finished, the opponents average for '
                'the provisional rating is calculated following IV.1."',
            ),
            Change(
                "§IX.5.e",
                "Added: players who won an old Class M tournament (#001 to #013) before January 1st, 1997 are "
                "rewarded an established rating.",
            ),
        ),
    ),
    (
        date(1998, 9, 27),
        IECG_1_6,
        (Change("", "Comment on Discontinuation of Rating Tournaments (no computable difference)."),),
    ),
    (
        date(1999, 5, 27),
        IECG_1_7,
        (
            Change(
                "§II.1",
                "Adaptation of the Rules to current Practice: length of Rating Period, 2 months (the earlier "
                "length is not given: every version uses 2 months).",
            ),
            Change("§III.3", "Restored: provisional ratings are not published until at least six games are rated."),
            Change(
                "§VII.4",
                "Dropped: the Starting Rating is no longer recalculated; from 10 games a provisional "
                "player's TER is his provisional rating (§III.7).",
            ),
            Change("§II.2, §II.5", "Format of Rating List, Webserver etc. (no computable difference)."),
        ),
    ),
)
"""Every IECG version, in order: the date it came into force, its parameters, its changes."""


SYSTEM = System(
    family="iecg",
    keys=system.KEYS,
    run=system.run,
    row=system.row,
    explain=deferred(EXPLANATION, "explain"),
    make=system.make,
    columns="ii?iiiiiiiii",  # rating, TER, established, Pn, games, W, D, L, opponents, points, period, start
    head=system.HEAD,
    ranked_within="class",
    headings=(("class_position", "cl#"), ("ter", "TER"), ("wins", "W"), ("draws", "D"), ("losses", "L")),
    history=system.history,
    row_info=False,
    own_games=True,
    entry=system.entry_rating,
    history_keys=("rating", "ter", "status", "games"),
    select=selection.iecg_select(
        lambda params, index, states, info, player: system.start(params, index, states, info, player).ter
    ),
)
"""Every IECG version and the timeline: each player is rated from his own start, his games and his
opponents' TERs at the start of the period (§VI.1), so the reach of new facts is local."""


IECG_VERSIONS: tuple[Version, ...] = tuple(
    Version(params, SYSTEM, in_force_from, changed) for in_force_from, params, changed in _DATED
)
"""Every IECG version, in order: its parameters, its system, the date it came into force, its changes."""

IECG_TIMELINE = IecgTimeline(
    name="iecg",
    periods=IECG_PERIODS,
    versions=tuple((version.in_force_from, version.params) for version in IECG_VERSIONS),
)
"""Each period under the version in force on its last day; before 1 January 1997, 1.0."""

TIMELINE_CHANGES = (
    Change(
        "§II.1-3",
        "Each rating period is computed under the version in force on its last day, the day of its "
        "rating run (1.0 before 1997-01-01); with two-month periods 1.2 (1997-05-29 to 05-31) rates none.",
    ),
)


FAMILY = Family(
    "iecg",
    "IECG Rating Rules (email chess)",
    (*IECG_VERSIONS, Version(IECG_TIMELINE, SYSTEM, IECG_TIMELINE.versions[0][0], TIMELINE_CHANGES, timeline=True)),
    EXPLANATION,
    shown=(IECG_1_7.name,),
)
"""The IECG's versions 1.0–1.7, then the timeline."""
