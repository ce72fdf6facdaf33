"""The ECF online ratings' explanation: a player's games of one month, as the one explanation.

Built from the month's own arithmetic (:func:`~projections.rules.ecf_online.formulas.rate_month`), so an
explanation's rating is the list's. It says his terms before the month, a line a game with k·(W − We)
against both players' ratings at the start of the month, the month's terms, his terms after it, then where a
new player's rating started and the games of the month on other lists, as statements: a message key
``ecf_online.*`` and its values (:data:`MESSAGES`), whose words are :mod:`commands.words_ecf`'s.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from projections.rules.common import Cell, Game, PlayerInfo
from projections.rules.ecf_online.formulas import EcfOnlineParams, EcfOnlineState, category_of, published, rate_month
from projections.rules.explanation import TABLE, Column, Explanation, Statement, Terms
from projections.rules.rounding import round_hundredths_half_away

COLUMNS = tuple(Column(heading) for heading in ("game", "opponent", "R", "R(opp)", "diff", "W", "We", "k·(W−We)"))
"""A game a row (seed 003, "Rating Algorithm"): both players' ratings at the start of the month, the difference
looked up in the table, the score, We and the game's change."""

MESSAGES: frozenset[str] = frozenset(
    {
        # why its selection leaves a game out, said inside ``left_out`` (projections.rules.selection)
        "ecf_online.left.mode",
        "ecf_online.left.other_list",
        "ecf_online.on_list",
        "ecf_online.too_fast",
        # the shape every explanation shares (projections.rules.explanation)
        "before",
        "period_terms",
        "after",
        # a new player's start (seed 003, "Starting Ratings"; choice 5)
        "ecf_online.seed.registration",
        "ecf_online.seed.grade",
        "ecf_online.seed.rating",
        # games of the month in another category (seed 003, "Time Controls")
        "ecf_online.other_games",
    }
)
"""Every message key an ECF online explanation can say (each has words in :mod:`commands.words_ecf`);
:data:`TABLE` marks where the table goes and has none."""


def seed_statement(params: EcfOnlineParams, info: PlayerInfo, source: str, start: int) -> Statement:
    """Seed 003, "Starting Ratings" (choice 5): where a player's first game of the category started him."""
    if source == "registration":
        return Statement("ecf_online.seed.registration", (("rating", info.starting_rating),))
    prior = info.prior(source)
    assert prior is not None
    if source in ("ecf", "ecf-rapid"):  # "FIDE ELO rating = 7.5*ECF+700"
        figures = (
            ("system", source),
            ("grade", prior.rating),
            ("as_of", prior.as_of),
            ("factor", params.grade_factor),
            ("offset", params.grade_offset),
            ("rating", start / 100),
        )
        return Statement("ecf_online.seed.grade", figures)
    return Statement("ecf_online.seed.rating", (("system", source), ("rating", prior.rating), ("as_of", prior.as_of)))


def explain(
    params: EcfOnlineParams,
    index: int,
    states: Mapping[str, Any],
    games: Sequence[Game],
    info: Callable[[str], PlayerInfo],
    player: str,
) -> Explanation:
    """The player's games of the category in the month, each with k·(W − We) against both players' ratings at
    the start of the month, and their sum (seed 003, "Rating Algorithm": "Roriginal is the starting rating").

    Raises :class:`LookupError` for a player with no game of the category in the month.
    """
    month = rate_month(params, states, games, info)
    label = params.periods.label(index)
    if player not in month.starts:
        raise LookupError(f"player {player} played no {params.category} game in period {label} of {params.name}")
    k = params.k
    said: list[Statement] = []
    before: EcfOnlineState | None = states.get(player)
    start = month.starts[player]
    if before is None:
        said.append(seed_statement(params, info(player), month.seeds[player], start))
    rows: list[tuple[Cell, ...]] = []
    sigma = 0
    for step in month.steps:
        game = step.game
        if player not in (game.white, game.black):
            continue
        white = game.white == player
        own, other = (step.white, step.black) if white else (step.black, step.white)
        points2 = game.white_points2 if white else 2 - game.white_points2
        we = step.we_white if white else 100 - step.we_white
        w_we = 50 * points2 - we
        sigma += w_we
        opponent = game.black if white else game.white
        change = round(k * w_we / 100, 2)
        diff = round_hundredths_half_away(own - other)
        rows.append((game.game, opponent, own / 100, other / 100, diff, points2 / 2, we / 100, change))
    others = sum(
        1 for game in games if player in (game.white, game.black) and category_of(game.time_control) != params.category
    )
    if others:  # seed 003, "Time Controls": three separate ratings
        said.append(Statement("ecf_online.other_games", (("games", others), ("category", params.category))))
    games_before = before.games if before is not None else 0
    after = start + month.changes[player]
    shown_before: Terms = (
        ("rating", start / 100),
        ("games", games_before),
        ("seed", before.seed if before is not None else month.seeds[player]),
    )
    terms: Terms = (
        ("k", k),
        ("category", params.category),
        ("Σ(W−We)", sigma / 100),
        ("ΔR", month.changes[player] / 100),
    )
    shown_after: Terms = (
        ("rating", published(after / 100)),
        ("exact", after / 100),
        ("games", games_before + month.counts[player]),
    )
    statements = (
        Statement("before", (("terms", shown_before),)),
        TABLE,
        Statement("period_terms", (("terms", terms),)),
        Statement("after", (("terms", shown_after),)),
        *said,
    )
    return Explanation(params.name, label, player, shown_before, COLUMNS, tuple(rows), terms, shown_after, statements)
