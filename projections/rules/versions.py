"""A rules version as every family declares it: its parameters, its system, its date and its changes.

A family (one rating system: the IECG's, the ICU's, the ECF's grading...) is one
package of :mod:`projections.rules`; its ``__init__`` declares its versions as
:class:`Version` values and itself as a :class:`Family`, and the registry
(:mod:`projections.registry`) loops over the families, knowing nothing of any.
"""

from __future__ import annotations

from datetime import date
from importlib import import_module
from typing import Any, NamedTuple, cast

from projections.rules.common import System


class Change(NamedTuple):
    """One way a version differs from its predecessor: the clause, and the rules' words."""

    clause: str
    description: str


class Version(NamedTuple):
    """A registered name: its parameters (a system's own, with ``name`` and ``periods``), the
    :class:`~projections.rules.common.System` that rates it, the date it came into force, and its
    changes. A timeline (``timeline``) rates each period under the version in force then."""

    params: Any
    system: System
    in_force_from: date
    changes: tuple[Change, ...]
    timeline: bool = False


class Family(NamedTuple):
    """One rating system: its name, its title in words, its versions in the order ``ratings rules``
    lists them, the module of its explanation (``explanation``, loaded when its :attr:`messages` are asked), and
    the names that stand for it today where every family is shown at once (``ratings players --all-lists``,
    the benchmark): its latest version, or its timeline; one a list it keeps (Glicko and Glicko-2). Empty:
    its first version."""

    name: str
    title: str
    versions: tuple[Version, ...]
    explanation: str
    shown: tuple[str, ...] = ()

    @property
    def messages(self) -> frozenset[str]:
        """The message keys its explanations say (the renderer has the words of each)."""
        return cast(frozenset[str], import_module(self.explanation).MESSAGES)

    @property
    def current(self) -> tuple[str, ...]:
        """:attr:`shown`, or the name of its first version."""
        return self.shown or (self.versions[0].params.name,)


def changes(pairs: tuple[tuple[str, str], ...]) -> tuple[Change, ...]:
    """``(clause, description)`` pairs as :class:`Change` values.

    >>> changes((("§8.3.3", "K 40 until 30 games"),))
    (Change(clause='§8.3.3', description='K 40 until 30 games'),)
    """
    return tuple(Change(*pair) for pair in pairs)
