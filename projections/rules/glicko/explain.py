"""The explanation of Glicko and Glicko-2: a player's steps in one period, game by game, as the one explanation.

Built from the functions the run uses (:mod:`projections.rules.glicko.formulas`),
so an explanation's new rating is the list's. What it says is said as message
keys (:data:`MESSAGES`), their words in :mod:`commands.words_glicko`.

Values are shown rounded for reading (the papers are silent on it): ratings and
RDs to 2 decimals; ``g``, ``E``, ``μ``, ``φ``, ``v``, ``Δ``, ``φ*``, ``φ′``,
``μ′`` to 4; ``σ`` and ``σ′`` to 6; ``d²`` to 2. ``before`` gives the values the
period starts from (after any growth, choice 4 of the formulas); ``after`` the
values as published (choice 7).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from projections.rules.common import Cell, Game, PlayerInfo, same_call_same_answer
from projections.rules.explanation import TABLE, Column, Explanation, Statement, Terms, Value
from projections.rules.glicko.formulas import (
    CENTRE,
    Glicko2Params,
    Glicko2State,
    GlickoParams,
    GlickoState,
    Start,
    glicko2_expected,
    glicko2_starts,
    glicko2_update,
    glicko_expected,
    glicko_g,
    glicko_starts,
    glicko_update,
    scaled_starts,
    sides_of,
)
from projections.rules.glicko.system import row_glicko, row_glicko2

GLICKO_COLUMNS = tuple(Column(heading) for heading in ("game", "opponent", "rj", "RDj", "g(RDj)", "E", "s"))
"""A Glicko game (Step 2): the opponent's rating and RD at the start of the period, g(RDj), E, the score."""

GLICKO2_COLUMNS = tuple(Column(heading) for heading in ("game", "opponent", "μj", "φj", "g(φj)", "E", "s"))
"""A Glicko-2 game (Steps 2–3): the opponent's μ and φ at the start of the period, g(φj), E, the score."""

MESSAGES: frozenset[str] = frozenset(
    {
        "before",
        "period_terms",
        "after",
        # Glicko Step 1: where the values the period starts from come from (choices 4 and 5).
        "glicko.unrated",
        "glicko.prior",
        "glicko.prior.grown",
        "glicko.state",
        "glicko.state.grown",
        "glicko.growth",
        # Glicko Step 2.
        "glicko.simultaneous",
        "glicko.step2",
        # Glicko-2 Step 1 (choices 4 and 5).
        "glicko.g2.unrated",
        "glicko.g2.prior",
        "glicko.g2.prior.grown",
        "glicko.g2.state",
        "glicko.g2.state.grown",
        "glicko.g2.growth",
        # Glicko-2 Steps 2–8.
        "glicko.g2.simultaneous",
        "glicko.g2.step5",
        "glicko.g2.steps6_8",
    }
)
"""Every message key a Glicko or Glicko-2 explanation says in words (the table aside)."""


_explained_sides = same_call_same_answer(sides_of)
_explained_glicko_starts = same_call_same_answer(glicko_starts)
_explained_glicko2_starts = same_call_same_answer(glicko2_starts)
_explained_scaled = same_call_same_answer(scaled_starts)
"""An explanation's period sides and starts, made once for the many players of one period (``ratings site``);
the runs call the functions themselves."""


def start_statement(prefix: str, start: Start, label: str, growth: Statement) -> Statement:
    """Where the player's values at the start of the period come from (Step 1 of either paper, choices 4
    and 5): ``prefix`` ``glicko`` or ``glicko.g2``; ``growth`` how his RD grew, said when it did."""
    if start.source == "unrated":
        values: tuple[tuple[str, Cell], ...] = (("rating", start.rating), ("rd", start.rd))
        if prefix == "glicko.g2":
            values += (("volatility", start.volatility),)
        return Statement(f"{prefix}.unrated", values)
    seeded: tuple[tuple[str, Value], ...] = ()
    key = f"{prefix}.state"  # his values after his last rated period
    if start.source == "prior":
        key, seeded = f"{prefix}.prior", (("as_of", start.as_of),)
    if not start.grown:
        return Statement(key, seeded)
    grown = (("rd_before", start.rd_before), ("periods", start.grown), ("period", label), ("growth", growth))
    return Statement(f"{key}.grown", (*seeded, *grown))


def _explanation(
    params: GlickoParams | Glicko2Params,
    label: str,
    player: str,
    parts: tuple[Terms, tuple[Column, ...], tuple[tuple[Cell, ...], ...], Terms, Terms],
    said: tuple[Statement, ...],
) -> Explanation:
    """His terms before, the table of his games, the period's terms, his terms after, then ``said``."""
    before, columns, rows, terms, after = parts
    statements = (
        Statement("before", (("terms", before),)),
        TABLE,
        Statement("period_terms", (("terms", terms),)),
        Statement("after", (("terms", after),)),
        *said,
    )
    return Explanation(params.name, label, player, before, columns, rows, terms, after, statements)


def explain_glicko(
    params: GlickoParams,
    index: int,
    states: Mapping[str, GlickoState],
    games: Sequence[Game],
    info: Callable[[str], PlayerInfo],
    player: str,
) -> Explanation:
    """The player's Glicko Step 1 and Step 2 in period ``index``, game by game."""
    sides = _explained_sides(games)
    label = params.periods.label(index)
    if player not in sides:
        raise LookupError(f"player {player!r} played no rated game in {label}: only his RD grows (Glicko Step 1(b))")
    starts = _explained_glicko_starts(params, index, states, sides, info)
    start = starts[player]
    rows: list[tuple[Cell, ...]] = []
    opponents: list[tuple[float, float, float]] = []
    for side in sides[player]:
        opponent = starts[side.opponent]
        g = glicko_g(opponent.rd)
        e = glicko_expected(start.rating, opponent.rating, g)
        opponents.append((opponent.rating, g, side.score))
        rows.append(
            (
                side.game,
                side.opponent,
                round(opponent.rating, 2),
                round(opponent.rd, 2),
                round(g, 4),
                round(e, 4),
                side.score,
            )
        )
    update = glicko_update(params, start.rating, start.rd, opponents)
    after = GlickoState(update.rating, update.rd, start.games + len(sides[player]), index)
    row = row_glicko(params, index, player, after, info(player))
    c = params.growth
    # Glicko Step 1(b): RD = min(√(RD_old² + c²t), 350).
    growth = Statement(
        "glicko.growth",
        (
            ("rd_before", start.rd_before),
            ("c", c),
            ("periods", start.grown),
            ("cap", params.initial_rd),
            ("rd", start.rd),
        ),
    )
    parts = (
        (("rating", round(start.rating, 2)), ("RD", round(start.rd, 2)), ("games", start.games)),
        GLICKO_COLUMNS,
        tuple(rows),
        (("d²", round(update.d2, 2)), ("r′", round(update.rating, 2)), ("RD′", round(update.rd, 2))),
        (("rating", row["rating"]), ("RD", row["deviation"]), ("status", row["status"]), ("games", row["games"])),
    )
    said = (
        start_statement("glicko", start, label, growth),
        Statement("glicko.simultaneous", (("period", label), ("c", c))),
        Statement("glicko.step2"),
    )
    return _explanation(params, label, player, parts, said)


def explain_glicko2(
    params: Glicko2Params,
    index: int,
    states: Mapping[str, Glicko2State],
    games: Sequence[Game],
    info: Callable[[str], PlayerInfo],
    player: str,
) -> Explanation:
    """The player's Glicko-2 Steps 1–8 in period ``index``, game by game."""
    sides = _explained_sides(games)
    label = params.periods.label(index)
    if player not in sides:
        raise LookupError(
            f"player {player!r} played no rated game in {label}: his rating and volatility stay, "
            "only his RD grows (Glicko-2 Step 6)"
        )
    starts = _explained_glicko2_starts(params, index, states, sides, info)
    scaled = _explained_scaled(params, starts)
    start = starts[player]
    mu = (start.rating - CENTRE) / params.scale
    rows: list[tuple[Cell, ...]] = []
    opponents: list[tuple[float, float, float]] = []
    for side in sides[player]:
        opponent_mu, g = scaled[side.opponent]
        phi_j = starts[side.opponent].rd / params.scale
        e = glicko2_expected(mu, opponent_mu, g)
        opponents.append((opponent_mu, g, side.score))
        rows.append(
            (side.game, side.opponent, round(opponent_mu, 4), round(phi_j, 4), round(g, 4), round(e, 4), side.score)
        )
    update = glicko2_update(params, start, opponents, player, label)
    after = Glicko2State(update.rating, update.rd, update.volatility, start.games + len(sides[player]), index)
    row = row_glicko2(params, index, player, after, info(player))
    # Glicko-2 Step 6 for each period not played: φ = √(φ² + tσ²).
    growth = Statement(
        "glicko.g2.growth",
        (
            ("phi_before", start.rd_before / params.scale),
            ("periods", start.grown),
            ("volatility", start.volatility),
            ("phi", start.rd / params.scale),
            ("rd", start.rd),
        ),
    )
    parts = (
        (
            ("rating", round(start.rating, 2)),
            ("RD", round(start.rd, 2)),
            ("σ", round(start.volatility, 6)),
            ("μ", round(update.mu, 4)),
            ("φ", round(update.phi, 4)),
            ("games", start.games),
        ),
        GLICKO2_COLUMNS,
        tuple(rows),
        (
            ("v", round(update.v, 4)),
            ("Δ", round(update.delta, 4)),
            ("σ′", round(update.volatility, 6)),
            ("φ*", round(update.phi_star, 4)),
            ("φ′", round(update.phi_new, 4)),
            ("μ′", round(update.mu_new, 4)),
            ("r′", round(update.rating, 2)),
            ("RD′", round(update.rd, 2)),
        ),
        (
            ("rating", row["rating"]),
            ("RD", row["deviation"]),
            ("σ", row["volatility"]),
            ("status", row["status"]),
            ("games", row["games"]),
        ),
    )
    said = (
        start_statement("glicko.g2", start, label, growth),
        Statement("glicko.g2.simultaneous", (("period", label), ("tau", params.tau))),
        Statement("glicko.g2.step5", (("epsilon", params.epsilon), ("iterations", update.iterations))),
        Statement("glicko.g2.steps6_8", (("scale", params.scale), ("centre", CENTRE))),
    )
    return _explanation(params, label, player, parts, said)
