"""The IECG's explanation: one player's run of one period, in the rules' own terms, as the one explanation.

Built from the same functions the run uses (:mod:`projections.rules.iecg.formulas`), so
an explanation's new rating is the list's rating.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from projections.rules import common
from projections.rules.common import Cell
from projections.rules.explanation import BLANK, TABLE, Column, Explanation, Statement, Terms
from projections.rules.iecg.formulas import (
    Entry,
    IecgParams,
    IecgTimeline,
    PlayerState,
    correction_factor,
    entries_of_period,
    expected_score,
    game_change,
    p_factor,
    provisional_rating,
    r_factor,
    rating_change_of_score,
    settle,
)
from projections.rules.iecg.system import newcomer


@dataclass(frozen=True)
class EntryWorking:
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
class IecgWorking:
    """The run of one period for one player."""

    rules: str
    period: str
    player: str
    before: PlayerState | None
    after: PlayerState | None
    lines: list[EntryWorking]
    provisional: ProvisionalTerms | None
    start: PlayerState | None = None


def explain_entry(params: IecgParams, start: PlayerState, entry: Entry) -> EntryWorking:
    """One game: the opponent rating used and, for an established player, We, k = r·p and dR (§V)."""
    cut = entry.used != entry.opponent_ter
    if not start.established:
        return EntryWorking(entry, cut)
    r, p = r_factor(start.rating), p_factor(start.pn)
    k = r * p
    change = game_change(k, start.rating, entry.used, entry.points2)  # the run's own figure (§V.1)
    return EntryWorking(entry, cut, expected_score(start.rating, entry.used), k, r, p, change)


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


MESSAGES = frozenset(
    {
        # why its selection leaves a game out, said inside ``left_out`` (projections.rules.selection)
        "iecg.left.thematic",
        "iecg.left.friendly_forfeit",
        "iecg.left.friendly_gap",
        "iecg.becomes_established",
        "iecg.before",
        "iecg.established",
        "iecg.k",
        "iecg.new_player",
        "iecg.new_rating",
        "iecg.no_games",
        "iecg.not_rated",
        "iecg.provisional",
        "iecg.provisional_rating",
        "iecg.rating",
        "iecg.restart",
    }
)
"""Every message key the IECG's explanation says (the renderer has the words of each)."""

# --- as the one explanation --------------------------------------------------------------------

IECG_COLUMNS = (
    Column("game", "plain"),
    Column("opponent", "plain"),
    Column("opp TER", "plain"),
    Column("used", "plain"),
    Column("cut-off", "iecg.cut_off"),
    Column("result", "result"),
)
"""The columns of an IECG explanation's table: a game a row, as the run used it."""

IECG_ESTABLISHED_COLUMNS = (*IECG_COLUMNS, Column("We", "expected"), Column("dR", "change"))
"""With, for an established player, the expected score and the change of each game (IECG §V)."""


def iecg_status(state: PlayerState) -> Statement:
    """A player's standing on a list: established with his Pn, or provisional with his games so far."""
    if state.established:
        return Statement("iecg.established", (("rating", state.rating), ("ter", state.ter), ("pn", state.pn)))
    return Statement(
        "iecg.provisional",
        (
            ("games", state.games),
            ("rating", state.rating),
            ("ter", state.ter),
            ("starting_rating", state.starting_rating),
        ),
    )


def iecg_terms(state: PlayerState | None) -> Terms:
    """A player's figures on a list (none: not on it)."""
    if state is None:
        return ()
    return (
        ("rating", state.rating),
        ("TER", state.ter),
        ("status", "established" if state.established else "provisional"),
        ("games", state.games),
        ("Pn", state.pn),
    )


def from_iecg(x: IecgWorking) -> Explanation:
    """The IECG's explanation: not rated yet, no games, or the run game by game (established: §V;
    provisional: §IV.1), from his starting rating for a new player (§VII) or one back after 30
    periods (§VIII.5)."""
    before, after, start = x.before, x.after, x.start

    def explanation(
        statements: list[Statement],
        columns: tuple[Column, ...] = (),
        rows: tuple[tuple[Cell, ...], ...] = (),
        terms: Terms = (),
    ) -> Explanation:
        return Explanation(
            x.rules, x.period, x.player, iecg_terms(before), columns, rows, terms, iecg_terms(after), tuple(statements)
        )

    if before is None and start is None:
        return explanation([Statement("iecg.not_rated")])
    if not x.lines:
        assert before is not None
        return explanation(
            [
                Statement("iecg.no_games", (("period", x.period),)),
                Statement(
                    "iecg.rating", (("old", before.rating), ("new", before.rating), ("status", iecg_status(before)))
                ),
            ]
        )
    assert start is not None and after is not None
    said: list[Statement] = []
    if before is None:
        said.append(Statement("iecg.new_player", (("rating", start.rating),)))  # IECG §VII
    elif start is not before and start != before:
        said.append(Statement("iecg.restart", (("rating", start.rating),)))  # IECG §VIII.5
    said += [Statement("iecg.before", (("status", iecg_status(start)),)), BLANK, TABLE, BLANK]
    rows: list[tuple[Cell, ...]] = []
    for line in x.lines:
        e = line.entry
        row: tuple[Cell, ...] = (e.game, e.opponent, e.opponent_ter, e.used, line.cut, e.points2)
        rows.append((*row, line.expected, line.change) if start.established else row)
    terms: Terms
    if start.established:
        first = x.lines[0]
        assert first.k is not None and first.r is not None and first.p is not None
        total = sum(line.change or 0.0 for line in x.lines)
        rn = start.rating + total
        terms = (("r", first.r), ("p", first.p), ("k", first.k), ("ΣdR", total), ("Rn", rn))
        said += [  # IECG §V.3: k = r·p from Ro and Pn; §V.4: Rn = Ro + ΣdR
            Statement(
                "iecg.k", (("r", first.r), ("p", first.p), ("k", first.k), ("ro", start.rating), ("pn", start.pn))
            ),
            Statement("iecg.new_rating", (("ro", start.rating), ("change", total), ("rn", rn))),
        ]
    else:
        t = x.provisional
        assert t is not None
        terms = (("games", t.games), ("Rc", t.rc), ("p", t.p), ("D(p)", t.d), ("F", t.f), ("Rp", t.rp))
        provisional = (("games", t.games), ("rc", t.rc), ("p", t.p), ("d", t.d), ("f", t.f), ("rp", t.rp))
        said.append(Statement("iecg.provisional_rating", provisional))  # IECG §IV.1: Rp = Rc + D(p)·F
        if after.established:
            said.append(Statement("iecg.becomes_established", (("games", after.games),)))  # IECG §IV.4
    old = before.rating if before is not None else start.rating
    said.append(Statement("iecg.rating", (("old", old), ("new", after.rating), ("status", iecg_status(after)))))
    columns = IECG_ESTABLISHED_COLUMNS if start.established else IECG_COLUMNS
    return explanation(said, columns, tuple(rows), terms)


def _entries_of(
    version: IecgParams, index: int, states: Mapping[str, Any], games: Sequence[common.Game], info: common.Info
) -> tuple[dict[str, Any], dict[str, list[Any]]]:
    return entries_of_period(version, index, states, games, newcomer(version, info))


_period_entries = common.same_call_same_answer(_entries_of)
""":func:`~projections.rules.iecg.entries_of_period`, made once for the many players of one period
(``ratings site``), who share its games, states and facts."""


def explain(
    params: IecgParams | IecgTimeline,
    index: int,
    states: Mapping[str, Any],
    games: Sequence[common.Game],
    info: common.Info,
    player: str,
) -> Explanation:
    """The player's part of the IECG run of period ``index``: from the same functions the run uses
    (:func:`~projections.rules.iecg.entries_of_period`, :func:`~projections.rules.iecg.settle`), so the
    explanation's new rating is the list's."""
    version = params.for_period(index)
    label = params.periods.label(index)
    starts, entries = _period_entries(version, index, states, games, info)
    before = states.get(player)
    if player not in starts:
        return from_iecg(IecgWorking(params.name, label, player, before, before, [], None))
    start = starts[player]
    own = entries[player]
    after = settle(version, index, start, own)
    lines = [explain_entry(version, start, e) for e in own]
    provisional = provisional_terms(start, own)
    return from_iecg(IecgWorking(params.name, label, player, before, after, lines, provisional, start))
