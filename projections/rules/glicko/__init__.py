"""Glickman's Glicko and Glicko-2 rating systems, versions ``glicko`` and ``glicko2``, as one family.

Sources: Mark E. Glickman, "The Glicko system" (glicko.pdf) and "Example of the
Glicko-2 system" (glicko2.pdf, 30 November 2013), cited beside the code by
their step numbers ("Glicko Step 2", "Glicko-2 Step 5"). The choices where the
papers are silent, numbered and cited by number across the package, are in
:mod:`~projections.rules.glicko.formulas`.

The package: :mod:`~projections.rules.glicko.formulas` (the parameters, the
states and the arithmetic of each step), :mod:`~projections.rules.glicko.system`
(a period's run, a list row), :mod:`~projections.rules.glicko.explain` (the
explanation as message keys).
"""

from __future__ import annotations

from datetime import date

from projections.rules.common import System, deferred
from projections.rules.glicko import system
from projections.rules.glicko.formulas import Glicko2Params, GlickoParams
from projections.rules.periods import PeriodScheme
from projections.rules.versions import Family, Version, changes

EXPLANATION = "projections.rules.glicko.explain"
"""The module of the family's explanation, loaded when an explanation is first asked for."""

__all__ = [
    "DESCRIPTIONS",
    "FAMILY",
    "GLICKO",
    "GLICKO2",
    "GLICKO_PERIODS",
    "SYSTEM_GLICKO",
    "SYSTEM_GLICKO2",
    "Glicko2Params",
    "GlickoParams",
]

GLICKO_PERIODS = PeriodScheme(months=1, rules_clause="Glickman: the rating period is the administrator's; monthly")
"""Choice 1: one rating period a calendar month."""

GLICKO = GlickoParams(name="glicko", periods=GLICKO_PERIODS)
"""Glickman's Glicko with the paper's constants: Step 1(a)'s rating 1500 and RD 350, Step 1(b)'s c
derived for monthly periods (choice 2: 44.72), no least RD (choice 3)."""

GLICKO2 = Glicko2Params(name="glicko2", periods=GLICKO_PERIODS)
"""Glickman's Glicko-2 with the paper's constants: Step 1's rating 1500, RD 350, σ 0.06 and τ 0.5 (the
example's), Step 5's ε 0.000001 within 100 iterations (choice 8), no cap on the RD (choice 3); monthly."""

SYSTEM_GLICKO = System(
    family="glicko",
    keys=system.GLICKO_KEYS,
    run=system.run_glicko,
    row=system.row_glicko,
    explain=deferred(EXPLANATION, "explain_glicko"),
    make=system.make_glicko_state,
    columns="ddqq",  # rating, RD, games, last period
    walkovers=False,
)
"""Glickman's Glicko system (choice 9: forfeits are not rated)."""

SYSTEM_GLICKO2 = System(
    family="glicko2",
    keys=system.GLICKO2_KEYS,
    run=system.run_glicko2,
    row=system.row_glicko2,
    explain=deferred(EXPLANATION, "explain_glicko2"),
    make=system.make_glicko2_state,
    columns="dddqq",  # rating, RD, volatility, games, last period
    walkovers=False,
)
"""Glickman's Glicko-2 system (choice 9: forfeits are not rated)."""


def _common_terms(params: GlickoParams | Glicko2Params) -> tuple[tuple[str, str], ...]:
    months = params.periods.months
    period = "one calendar month" if months == 1 else f"{months} calendar months from 1 January"
    return (
        (
            "rating period",
            f"{period}; the games of a period are treated as played simultaneously: every player is rated from "
            "the values at the start of the period",
        ),
        (
            "list",
            "rating rounded half up to a whole number, RD to one decimal, grown for every period since the "
            f"player last played; provisional while the RD is {params.provisional_rd:g} or more (lichess), "
            "established below; forfeits are not rated",
        ),
        (
            "seed 004",
            "a player's change depends on his own RD and his opponent's: the changes of two opponents need not "
            "balance (a newcomer at 1500 who beats an established 1500 gains about 175, the loser drops about 5)",
        ),
    )


def _glicko_terms(params: GlickoParams) -> tuple[tuple[str, str], ...]:
    return (
        (
            "Step 1(a)",
            f"an unrated player starts at {params.initial_rating:g} with RD {params.initial_rd:g}, or at the "
            "rating and RD of his Glicko prior",
        ),
        (
            "Step 1(b)",
            f"RD = min(√(RD_old² + c²t), {params.initial_rd:g}), t the periods since the player last played; "
            f"c = {params.growth:.2f}: a typical RD of {params.typical_rd:g} returns to {params.initial_rd:g} "
            f"after {params.months_to_unrated} months without play (the paper: 5 years of 2-month periods, c = 63.2)",
        ),
        (
            "Step 2",
            "r′ = r + q/(1/RD² + 1/d²) Σ g(RDj)(sj − E) and RD′ = √((1/RD² + 1/d²)⁻¹), q = ln 10/400, "
            "g(RD) = 1/√(1 + 3q²RD²/π²), E = 1/(1 + 10^(−g(RDj)(r − rj)/400)), d² = (q² Σ g(RDj)² E(1 − E))⁻¹",
        ),
        *_common_terms(params),
    )


def _glicko2_terms(params: Glicko2Params) -> tuple[tuple[str, str], ...]:
    return (
        (
            "Step 1",
            f"an unrated player starts at {params.initial_rating:g}, RD {params.initial_rd:g}, volatility "
            f"σ {params.initial_volatility:g}, or at the values of his Glicko-2 prior; τ = {params.tau:g}",
        ),
        ("Step 2", f"μ = (r − 1500)/{params.scale}, φ = RD/{params.scale}"),
        (
            "Steps 3–4",
            "v = (Σ g(φj)² E(1 − E))⁻¹, Δ = v Σ g(φj)(sj − E), g(φ) = 1/√(1 + 3φ²/π²), E = 1/(1 + exp(−g(φj)(μ − μj)))",
        ),
        (
            "Step 5",
            f"σ′ by the Illinois iteration to within ε = {params.epsilon:g}, at most {params.max_iterations} "
            "iterations, or the run stops naming the player",
        ),
        ("Step 6", "φ* = √(φ² + σ′²); a player who does not play keeps r and σ, and φ grows to √(φ² + σ²)"),
        ("Step 7", "φ′ = 1/√(1/φ*² + 1/v), μ′ = μ + φ′² Σ g(φj)(sj − E)"),
        ("Step 8", f"r′ = {params.scale} μ′ + 1500, RD′ = {params.scale} φ′"),
        *_common_terms(params),
    )


GLICKO_DATE = date(1995, 1, 1)
"""Glicko: the year of "The Glicko system" (the paper itself is undated)."""

GLICKO2_DATE = date(2013, 11, 30)
"""Glicko-2: the date of "Example of the Glicko-2 system" with the Illinois iteration of Step 5."""

DESCRIPTIONS: dict[str, tuple[date, tuple[tuple[str, str], ...]]] = {
    GLICKO.name: (GLICKO_DATE, _glicko_terms(GLICKO)),
    GLICKO2.name: (GLICKO2_DATE, _glicko2_terms(GLICKO2)),
}
"""For ``ratings rules``: each version's date in force and its terms in words, clause by clause."""


def _version(params: GlickoParams | Glicko2Params, rated_by: System) -> Version:
    in_force, changed = DESCRIPTIONS[params.name]
    return Version(params, rated_by, in_force, changes(changed))


FAMILY = Family(
    "glicko",
    "Glicko and Glicko-2 (Glickman)",
    (_version(GLICKO, SYSTEM_GLICKO), _version(GLICKO2, SYSTEM_GLICKO2)),
    EXPLANATION,
    shown=(GLICKO.name, GLICKO2.name),
)
"""Its versions, in the order ``ratings rules`` lists them; both stand for it, each keeping a list of its own."""
