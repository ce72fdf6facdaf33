"""The registry of rules versions: one name, one set of parameters.

The CLI's ``--rules`` choices come from here, and an unknown name is refused
with the valid ones listed.
"""

from __future__ import annotations

from projections.periods import PeriodScheme
from projections.rules.iecg import IecgParams


class UnknownRulesError(ValueError):
    """A rules version that is not registered."""


IECG_1_7 = IecgParams(
    name="iecg-1.7",
    periods=PeriodScheme(months=2, rules_clause="IECG 1.7 §II.1"),
)

RULES: dict[str, IecgParams] = {IECG_1_7.name: IECG_1_7}
"""Every registered rules version, by name."""


def get_rules(name: str) -> IecgParams:
    """The rules version called ``name``, or :class:`UnknownRulesError` naming the valid ones."""
    try:
        return RULES[name]
    except KeyError:
        raise UnknownRulesError(
            f"unknown rules version {name!r}; registered versions: {', '.join(sorted(RULES))}"
        ) from None
