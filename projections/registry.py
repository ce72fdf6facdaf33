"""The registry of rules versions: one loop over one list of families, knowing nothing of any.

Each rating system is one package of :mod:`projections.rules` that declares
its versions and itself as a :class:`~projections.rules.versions.Family`
(:data:`FAMILIES`). The CLI's ``--rules`` choices, ``ratings rules``, the
benchmark's families and the tests' loops over every family all come from here,
and an unknown name is refused with the valid ones listed.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import TypeAlias

from projections.rules import ecf_grading, ecf_online, fide, glicko, icu, iecg
from projections.rules.common import System, SystemParams
from projections.rules.versions import Change, Family, Version


class UnknownRulesError(ValueError):
    """A rules version that is not registered."""


Rules: TypeAlias = SystemParams
"""A registered rules version: one parameter set, or a timeline of them (a system's own type). Each has
``name`` and ``periods``; a timeline and a version with per-period parameters have ``for_period(index)``;
each is rated by its :class:`System` (:func:`system_for`)."""

FAMILIES: tuple[Family, ...] = (
    iecg.FAMILY,
    icu.FAMILY,
    ecf_grading.FAMILY,
    ecf_online.FAMILY,
    fide.FAMILY,
    glicko.FAMILY,
)
"""Every rating system, in the order ``ratings rules`` lists them: the only list of families."""

VERSIONS: dict[str, Version] = {version.params.name: version for family in FAMILIES for version in family.versions}
"""Every registered name's :class:`Version`, in registration order."""

RULES: dict[str, Rules] = {name: version.params for name, version in VERSIONS.items()}
"""Every registered rules version, by name, in order."""

SYSTEMS: dict[str, System] = {name: version.system for name, version in VERSIONS.items()}
"""The :class:`System` that rates each registered name (each explaining with the one explanation,
:mod:`projections.rules.explanation`)."""


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
    """Every registered name, in registration order, with its dates and its changes: a version is
    superseded by the next one of the same system (the same :attr:`System.family`) to come into force."""
    described: list[RulesDescription] = []
    for version in VERSIONS.values():
        name = version.params.name
        if version.timeline:
            described.append(RulesDescription(name, version.in_force_from, None, "timeline", version.changes))
            continue
        family = version.system.family
        later = sorted(
            other.in_force_from
            for other in VERSIONS.values()
            if not other.timeline and other.system.family == family and other.in_force_from > version.in_force_from
        )
        until = later[0] if later else None
        status = "superseded" if until else "in force"
        described.append(RulesDescription(name, version.in_force_from, until, status, version.changes))
    return tuple(described)
