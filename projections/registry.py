"""The registry of rules versions: one name, one set of parameters (or one timeline of them).

The CLI's ``--rules`` choices come from here, and an unknown name is refused
with the valid ones listed.

The IECG versions 1.0–1.7 are dated by the "Update History" of the IECG Rating
Rules 1.7 (seed ``000_3dba7590a193faaf.txt``). Each is built from the next one
by undoing what the history says the next one changed, so each differs from
its neighbour in exactly the clauses named beside it (:data:`IECG_VERSIONS`);
the choices where the history is silent are in :mod:`projections.rules.iecg`.
``iecg`` is the timeline: each period under the version in force on its last day.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import date
from typing import NamedTuple, TypeAlias

from projections import explanations
from projections.periods import PeriodScheme
from projections.rules import icu_system, iecg_system
from projections.rules.common import System, SystemParams
from projections.rules.icu import ICU_1980, IcuParams
from projections.rules.iecg import IecgParams, IecgTimeline


class UnknownRulesError(ValueError):
    """A rules version that is not registered."""


Rules: TypeAlias = IecgParams | IecgTimeline | IcuParams | SystemParams
"""A registered rules version: one parameter set, or a timeline of them. Each has ``name`` and
``periods``; the IECG's and the ICU's have ``for_period(index)``, the parameter set that rates
period ``index``; each is rated by its :class:`System` (:func:`system_for`)."""


class Change(NamedTuple):
    """One way a version differs from its predecessor: the clause, and the history's words."""

    clause: str
    description: str


class VersionRecord(NamedTuple):
    """A dated version of the IECG rules and how it differs from the one before."""

    in_force_from: date
    params: IecgParams
    changes: tuple[Change, ...]


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

IECG_VERSIONS: tuple[VersionRecord, ...] = (
    VersionRecord(
        date(1997, 1, 1),
        IECG_1_0,
        (Change("", "First release of the IECG Rating Rules."),),
    ),
    VersionRecord(
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
    VersionRecord(
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
    VersionRecord(
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
    VersionRecord(
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
    VersionRecord(
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
    VersionRecord(
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
    VersionRecord(
        date(1998, 9, 27),
        IECG_1_6,
        (Change("", "Comment on Discontinuation of Rating Tournaments (no computable difference)."),),
    ),
    VersionRecord(
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

IECG_TIMELINE = IecgTimeline(
    name="iecg",
    periods=IECG_PERIODS,
    versions=tuple((record.in_force_from, record.params) for record in IECG_VERSIONS),
)
"""Each period under the version in force on its last day; before 1 January 1997, 1.0."""

_TIMELINE_CHANGES = (
    Change(
        "§II.1-3",
        "Each rating period is computed under the version in force on its last day, the day of its "
        "rating run (1.0 before 1997-01-01); with two-month periods 1.2 (1997-05-29 to 05-31) rates none.",
    ),
)

RULES: dict[str, Rules] = {record.params.name: record.params for record in IECG_VERSIONS}
"""Every registered rules version, by name, in order: the IECG versions, then the timeline."""
RULES[IECG_TIMELINE.name] = IECG_TIMELINE
RULES[ICU_1980.name] = ICU_1980

SYSTEMS: dict[str, System] = dict.fromkeys(RULES, replace(iecg_system.SYSTEM, explain=explanations.iecg))
"""The :class:`System` that rates each registered name: one interface for every system, each explaining
with the one explanation (:mod:`projections.explanation`)."""
SYSTEMS[ICU_1980.name] = replace(icu_system.SYSTEM, explain=explanations.icu)

_SYSTEM_DESCRIPTIONS: list[tuple[str, date, tuple[Change, ...]]] = []


def register_system(
    params: SystemParams, system: System, in_force_from: date, changes: tuple[tuple[str, str], ...]
) -> None:
    """Register ``params`` under its name, rated by ``system``, with its date in force and its terms."""
    RULES[params.name] = params
    SYSTEMS[params.name] = adapted(system)
    _SYSTEM_DESCRIPTIONS.append((params.name, in_force_from, tuple(Change(*c) for c in changes)))


def adapted(system: System) -> System:
    """A rules module's :class:`System` as the registry keeps it: explaining with the one explanation."""
    return replace(system, explain=explanations.of_system(system.explain))


def system_for(params: Rules) -> System:
    """The :class:`System` that rates ``params``."""
    return SYSTEMS[params.name]


def get_rules(name: str) -> Rules:
    """The rules version called ``name``, or :class:`UnknownRulesError` naming the valid ones."""
    try:
        return RULES[name]
    except KeyError:
        raise UnknownRulesError(
            f"unknown rules version {name!r}; registered versions: {', '.join(sorted(RULES))}"
        ) from None


@dataclass(frozen=True)
class RulesDescription:
    """What ``ratings rules`` says of one registered name: when it was in force and what it changed.

    ``until`` is the date the next version came into force; ``status`` is ``"superseded"``,
    ``"in force"`` (the latest version) or ``"timeline"``.
    """

    name: str
    in_force_from: date
    until: date | None
    status: str
    changes: tuple[Change, ...]


def describe_rules() -> tuple[RulesDescription, ...]:
    """Every registered name, in registration order, with its dates and its changes."""
    described: list[RulesDescription] = []
    for record, following in zip(IECG_VERSIONS, (*IECG_VERSIONS[1:], None), strict=True):
        until = None if following is None else following.in_force_from
        status = "in force" if following is None else "superseded"
        described.append(RulesDescription(record.params.name, record.in_force_from, until, status, record.changes))
    described.append(
        RulesDescription(IECG_TIMELINE.name, IECG_TIMELINE.versions[0][0], None, "timeline", _TIMELINE_CHANGES)
    )
    described.append(RulesDescription(ICU_1980.name, date(1980, 1, 1), None, "in force", _ICU_CHANGES))
    for name, in_force_from, changes in _SYSTEM_DESCRIPTIONS:
        if name in _TIMELINES:  # a timeline of one system's versions (the FIDE standard list's ``fide``)
            described.append(RulesDescription(name, in_force_from, None, "timeline", changes))
            continue
        # A later version of the same system (the same family, a later date) supersedes this one.
        family = SYSTEMS[name].family
        later = sorted(d for n, d, _ in _SYSTEM_DESCRIPTIONS if SYSTEMS[n].family == family and d > in_force_from)
        until = later[0] if later else None
        status = "superseded" if until else "in force"
        described.append(RulesDescription(name, in_force_from, until, status, changes))
    return tuple(described)


_ICU_CHANGES = (
    Change(
        "",
        "The Irish Chess Union's grading system (Grading Committee, January 1980; seed 001), graded a "
        "calendar year at a time; its own system, not a version of the IECG's.",
    ),
)


_TIMELINES = frozenset({"fide"})
"""The names registered by :func:`register_system` that are timelines, not versions."""


def _register_systems() -> None:
    """Every system of issue 5, in the order ``ratings rules`` lists them."""
    from projections.rules import ecf_grading, ecf_online, fide, glicko

    entries: list[tuple[SystemParams, System, dict[str, tuple[date, tuple[tuple[str, str], ...]]]]] = [
        (ecf_grading.ECF_GRADING, ecf_grading.SYSTEM, ecf_grading.DESCRIPTIONS),
        (ecf_grading.ECF_GRADING_RAPID, ecf_grading.SYSTEM, ecf_grading.DESCRIPTIONS),
        (ecf_online.ECF_ONLINE, ecf_online.SYSTEM, ecf_online.DESCRIPTIONS),
        (ecf_online.ECF_ONLINE_RAPID, ecf_online.SYSTEM, ecf_online.DESCRIPTIONS),
        (ecf_online.ECF_ONLINE_BLITZ, ecf_online.SYSTEM, ecf_online.DESCRIPTIONS),
        *((params, fide.SYSTEM, fide.DESCRIPTIONS) for params in fide.VERSIONS),
        (fide.FIDE_TIMELINE, fide.TIMELINE_SYSTEM, fide.DESCRIPTIONS),
        (glicko.GLICKO, glicko.SYSTEM_GLICKO, glicko.DESCRIPTIONS),
        (glicko.GLICKO2, glicko.SYSTEM_GLICKO2, glicko.DESCRIPTIONS),
    ]
    for params, system, descriptions in entries:
        in_force, changes = descriptions[params.name]
        register_system(params, system, in_force, changes)


_register_systems()
