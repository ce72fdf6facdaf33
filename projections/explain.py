"""Explanations: one player's run of one period, in the rules' own terms.

Built from the same functions the run uses (:mod:`projections.rules.iecg`), so
an explanation's new rating is the list's rating.
"""

from __future__ import annotations

from dataclasses import dataclass

from projections.rules.iecg import (
    Entry,
    IecgParams,
    PlayerState,
    correction_factor,
    expected_score,
    game_change,
    p_factor,
    provisional_rating,
    r_factor,
    rating_change_of_score,
)


@dataclass(frozen=True)
class EntryExplanation:
    """One game of an explanation, from the explained player's side."""

    entry: Entry
    cut: bool
    expected: float | None = None
    k: float | None = None
    r: float | None = None
    p: float | None = None
    change: float | None = None


@dataclass(frozen=True)
class ProvisionalTerms:
    """§IV.1 over all the player's rated games so far."""

    games: int
    rc: float
    p: float
    d: float
    f: float
    rp: float


@dataclass(frozen=True)
class Explanation:
    """The run of one period for one player."""

    rules: str
    period: str
    player: str
    before: PlayerState | None
    after: PlayerState | None
    lines: list[EntryExplanation]
    provisional: ProvisionalTerms | None
    start: PlayerState | None = None


def explain_entry(params: IecgParams, start: PlayerState, entry: Entry) -> EntryExplanation:
    """One game: the opponent rating used and, for an established player, We, k = r·p and dR (§V)."""
    cut = entry.used != entry.opponent_ter
    if not start.established:
        return EntryExplanation(entry, cut)
    r, p = r_factor(start.rating), p_factor(start.pn)
    k = r * p
    change = game_change(k, start.rating, entry.used, entry.points2)  # the run's own figure (§V.1)
    return EntryExplanation(entry, cut, expected_score(start.rating, entry.used), k, r, p, change)


def provisional_terms(start: PlayerState, entries: list[Entry]) -> ProvisionalTerms | None:
    """§IV.1 for a provisional player: Rc, p, D(p), F and Rp over all his games so far."""
    if start.established:
        return None
    games = start.games + len(entries)
    opp_sum = start.opp_sum + sum(e.used for e in entries)
    points2 = start.points2 + sum(e.points2 for e in entries)
    p = points2 / (2 * games)
    return ProvisionalTerms(
        games,
        opp_sum / games,
        p,
        rating_change_of_score(p),
        correction_factor(p),
        provisional_rating(opp_sum, points2, games),
    )
