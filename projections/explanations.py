"""Each kind of system's own explanation as the one explanation (:mod:`projections.explanation`).

Pure functions, one per kind: the IECG's (:class:`projections.explain.Explanation`),
the ICU's (its grading run of the period and the player's state before it) and
that of the systems of issue 5 (:class:`projections.rules.common.Explanation`).
Each decides what is said (the statements, in order) and what the table holds;
the words are the renderer's (:mod:`commands.explanation_text`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple

from ledger.errors import LedgerError
from projections import explain as iecg_explain
from projections.explanation import BLANK, TABLE, Column, Explanation, Statement, Terms
from projections.rules import common, icu_system, iecg_system
from projections.rules.common import Cell
from projections.rules.icu import ICU_1980, IcuParams, IcuRun, IcuState, grade_period, published
from projections.rules.iecg import IecgParams, IecgTimeline, PlayerState, entries_of_period, settle


class IcuPeriod(NamedTuple):
    """One grading run as explained: the run, the players it changed, the committee's adjustments' lines."""

    run: IcuRun
    changed: dict[str, IcuState]
    adjusted: dict[str, tuple[str, ...]]


# --- the IECG --------------------------------------------------------------------

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


def from_iecg(x: iecg_explain.Explanation) -> Explanation:
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


# --- the ICU -----------------------------------------------------------------------

ICU_COLUMNS = (Column("game"), Column("opponent"), Column("grading"), Column("figure"), Column("score", "result"))
"""The games of an ICU explanation: the opponent's grading used, and which (ICU 1980, Order of Grading).
Not printed: the run's own lines say them."""


def icu_status(state: IcuState | None) -> Statement:
    """A player's grading as a list shows it: ungraded, published, or a figure not published yet."""
    if state is None or state.grade is None:
        return Statement("icu.ungraded")
    shown = published(state)
    if shown is None:  # ICU 1980, "Playing Unrated Players": a provisional grading needs five games
        return Statement(
            "icu.unpublished", (("status", state.status), ("grade", state.grade), ("games", ICU_1980.publish_games))
        )
    return Statement("icu.published", (("status", state.status), ("shown", shown)))


def icu_terms(state: IcuState | None) -> Terms:
    """A player's grading, status and graded games (none: not known to the grading)."""
    if state is None:
        return ()
    return (("grade", state.grade), ("published", published(state)), ("status", state.status), ("games", state.games))


def from_icu(done: IcuPeriod, before: IcuState | None, rules: str, period: str, player: str) -> Explanation:
    """The player's part of the ICU grading run ``done`` of ``period`` (``before``: his state before it):
    the run's lines, then the grading committee's adjustments (ICU 1980, Feedback Points)."""
    explained = done.run.explanations.get(player)
    adjusted = done.adjusted.get(player, ())
    after = done.changed.get(player, before)
    said: list[Statement]
    if explained is None and not adjusted:
        said = [Statement("icu.no_games", (("period", period), ("state", icu_status(before))))]
    else:
        # The run's own lines are still worded by projections.rules.icu: said as they are.
        said = [Statement("icu.line", (("text", line),)) for line in explained.lines] if explained else []
        said += [Statement("icu.adjusted", (("text", line),)) for line in adjusted]
        said.append(Statement("icu.after", (("state", icu_status(after)),)))
    rows = (
        tuple((e.game, e.opponent, e.opponent_grade, e.figure, e.points2) for e in explained.entries)
        if explained
        else ()
    )
    terms: Terms = (("group", explained.group),) if explained else ()
    return Explanation(
        rules,
        period,
        player,
        icu_terms(before),
        ICU_COLUMNS if rows else (),
        rows,
        terms,
        icu_terms(after),
        tuple(said),
    )


# --- the systems of issue 5 --------------------------------------------------------


def from_system(x: common.Explanation, rules: str, period: str, player: str) -> Explanation:
    """A system's explanation: his terms before, a line a game, the period's terms, after, the notes."""
    said = [Statement("before", (("terms", x.before),)) if x.before else Statement("before.not_rated")]
    said.append(TABLE if x.lines else Statement("no_rated_games"))
    if x.terms:
        said.append(Statement("period_terms", (("terms", x.terms),)))
    said.append(Statement("after", (("terms", x.after),)) if x.after else Statement("after.not_rated"))
    said += [Statement("note", (("text", note),)) for note in x.notes]
    columns = tuple(Column(heading) for heading in x.columns)
    return Explanation(rules, period, player, x.before, columns, x.lines, x.terms, x.after, tuple(said))


# --- each system's explain, giving the one explanation (the registry's) ----------------------------


class CannotBeGraded(LedgerError):
    """A player the run could not rate, with his group named: refused, not carried over."""


def iecg(
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
    starts, entries = entries_of_period(version, index, states, games, iecg_system.newcomer(version, info))
    before = states.get(player)
    if player not in starts:
        return from_iecg(iecg_explain.Explanation(params.name, label, player, before, before, [], None))
    start = starts[player]
    own = entries[player]
    after = settle(version, index, start, own)
    lines = [iecg_explain.explain_entry(version, start, e) for e in own]
    provisional = iecg_explain.provisional_terms(start, own)
    return from_iecg(iecg_explain.Explanation(params.name, label, player, before, after, lines, provisional, start))


def icu(
    params: IcuParams,
    index: int,
    states: Mapping[str, Any],
    games: Sequence[common.Game],
    info: common.Info,
    player: str,
    adjustments: Sequence[common.Adjustment] = (),
) -> Explanation:
    """The player's part of the ICU grading run of period ``index``, with the committee's adjustments
    (ICU 1980, Feedback Points); a player of a group that cannot be graded is refused, his group named."""
    label = params.periods.label(index)
    graded = grade_period(params, index, states, icu_system.icu_games(games), icu_system.newcomer(info))
    changed = dict(graded.states)
    lines: dict[str, tuple[str, ...]] = {}
    if adjustments:
        adjusted, lines = icu_system.adjust(params, index, {**states, **changed}, adjustments, info)
        changed.update(adjusted)
    for group in graded.unanchored:
        if player in group:
            raise CannotBeGraded(
                f"{player} cannot be graded in {label}: his group of ungraded players ({', '.join(group)}) "
                "met no graded opponent, directly or through each other (ICU 1980, Playing Unrated Players)"
            )
    before = states.get(player) or icu_system.newcomer(info)(player)
    return from_icu(IcuPeriod(graded, changed, lines), before, params.name, label, player)


def of_system(explain: common.Explain) -> Callable[..., Explanation]:
    """A rules module's explain (:class:`projections.rules.common.Explanation`) giving the one explanation."""

    def explained(
        params: Any, index: int, states: Mapping[str, Any], games: Sequence[common.Game], info: common.Info, player: str
    ) -> Explanation:
        found = explain(params, index, states, games, info, player)
        return from_system(found, params.name, params.periods.label(index), player)

    return explained
