"""The words of the glicko family's explanation keys (see :mod:`commands.explanation_text`).

The keys are :data:`projections.rules.glicko.explain.MESSAGES`; ``glicko.*`` are
Glickman's Glicko ("The Glicko system"), ``glicko.g2.*`` his Glicko-2 ("Example
of the Glicko-2 system", 2013), each cited by the paper's step.
"""

from __future__ import annotations

WORDS: dict[str, str] = {
    # Glicko Step 1 (Step 1(a) a newcomer, Step 1(b) the RD grown over the periods not played).
    "glicko.unrated": "note: Glicko Step 1: unrated (no state, no glicko prior): rating {rating:g}, RD {rd:g}",
    "glicko.prior": "note: Glicko Step 1: seeded from the player's glicko prior as of {as_of}",
    "glicko.prior.grown": (
        "note: Glicko Step 1: seeded from the player's glicko prior as of {as_of}"
        "; RD {rd_before:.2f} grown over {periods} period(s) to {period}: {growth}"
    ),
    "glicko.state": "note: Glicko Step 1: the player's values after his last rated period",
    "glicko.state.grown": (
        "note: Glicko Step 1: the player's values after his last rated period"
        "; RD {rd_before:.2f} grown over {periods} period(s) to {period}: {growth}"
    ),
    "glicko.growth": "min(√({rd_before:.2f}² + {c:.2f}² × {periods}), {cap:g}) = {rd:.2f}",
    # Glicko Step 2.
    "glicko.simultaneous": (
        "note: Glicko Step 2: every player of {period} is rated from the values at its start (games simultaneous); "
        "q = ln 10/400, c = {c:.2f}"
    ),
    "glicko.step2": "note: Glicko Step 2: r′ = r + q/(1/RD² + 1/d²) Σ g(RDj)(sj − E), RD′ = √((1/RD² + 1/d²)⁻¹)",
    # Glicko-2 Step 1 (a newcomer), Step 6 alone for each period not played.
    "glicko.g2.unrated": (
        "note: Glicko-2 Step 1: unrated (no state, no glicko2 prior): rating {rating:g}, RD {rd:g}, σ {volatility:g}"
    ),
    "glicko.g2.prior": "note: Glicko-2 Step 1: seeded from the player's glicko2 prior as of {as_of}",
    "glicko.g2.prior.grown": (
        "note: Glicko-2 Step 1: seeded from the player's glicko2 prior as of {as_of}"
        "; RD {rd_before:.2f} grown over {periods} period(s) to {period}: {growth}"
    ),
    "glicko.g2.state": "note: Glicko-2 Step 1: the player's values after his last rated period",
    "glicko.g2.state.grown": (
        "note: Glicko-2 Step 1: the player's values after his last rated period"
        "; RD {rd_before:.2f} grown over {periods} period(s) to {period}: {growth}"
    ),
    "glicko.g2.growth": (
        "φ = √({phi_before:.4f}² + {periods} × {volatility:.6f}²) = {phi:.4f}, RD {rd:.2f} "
        "(Step 6 for each period not played)"
    ),
    # Glicko-2 Steps 2–8.
    "glicko.g2.simultaneous": (
        "note: Glicko-2: every player of {period} is rated from the values at its start (games simultaneous); "
        "τ = {tau:g}"
    ),
    "glicko.g2.step5": (
        "note: Glicko-2 Step 5: σ′ by the Illinois iteration, ε = {epsilon:g}, {iterations} iteration(s)"
    ),
    "glicko.g2.steps6_8": (
        "note: Glicko-2 Steps 6–8: φ* = √(φ² + σ′²), φ′ = 1/√(1/φ*² + 1/v), μ′ = μ + φ′² Σ g(φj)(sj − E), "
        "r′ = {scale} μ′ + {centre:g}, RD′ = {scale} φ′"
    ),
}
"""Each message key of the family's explanations, and its English."""
