"""Each kind of system's own explanation as the one explanation (:mod:`projections.explanation`).

Pure functions, one per kind: the IECG's (:class:`projections.explain.Explanation`),
the ICU's (its grading run of the period and the player's state before it) and
that of the systems of issue 5 (:class:`projections.rules.common.Explanation`).
Each decides what is said (the statements, in order) and what the table holds;
the words are the renderer's (:mod:`commands.explanation_text`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any, NamedTuple

from ledger.errors import LedgerError
from projections import explain as iecg_explain
from projections.explanation import BLANK, TABLE, Column, Explanation, Statement, Terms
from projections.rules import common, icu_system, iecg_system
from projections.rules.common import Cell
from projections.rules.icu import (
    ICU_1980,
    RULE_PERFORMANCE,
    IcuAdjusted,
    IcuEntry,
    IcuExplanation,
    IcuNewGrading,
    IcuParams,
    IcuRun,
    IcuState,
    IcuUngradable,
    Recalculation,
    Regrading,
    capped_difference,
    grade_period,
    published,
)
from projections.rules.iecg import IecgParams, IecgTimeline, PlayerState, entries_of_period, settle


class IcuPeriod(NamedTuple):
    """One grading run as explained: its rules, the run, the players it changed, the committee's adjustments."""

    params: IcuParams
    run: IcuRun
    changed: dict[str, IcuState]
    adjusted: dict[str, tuple[IcuAdjusted, ...]]


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
Not printed: the calculation's statements say them."""

ICU_RESULTS = {2: "icu.won", 1: "icu.drew", 0: "icu.lost"}
"""A game's score in half points, as an ICU calculation says it."""


def _figure(value: Fraction | float | int) -> float | int:
    """An exact figure as a plain number: a whole number stays whole, any other fraction a float."""
    if isinstance(value, Fraction):
        return value.numerator if value.denominator == 1 else float(value)
    return value


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


def icu_run_status(state: IcuState, params: IcuParams) -> Statement:
    """A player's standing as his calculation says it: ungraded, published, or a figure on too few games."""
    if state.grade is None:
        return Statement("icu.ungraded")
    shown = published(state, params)
    if shown is None:  # ICU 1980, "Playing Unrated Players": a provisional grading needs five games
        return Statement(
            "icu.figure_unpublished", (("grade", state.grade), ("games", state.games), ("least", params.publish_games))
        )
    return Statement("icu.published", (("status", state.status), ("shown", shown)))


def icu_entry(entry: IcuEntry) -> Statement:
    """One game as the player's grading used it: the opponent's figure, and which (ICU 1980, Order of Grading)."""
    assert entry.opponent_grade is not None  # a game without a figure is not graded
    return Statement(
        "icu.entry",
        (
            ("game", entry.game),
            ("opponent", entry.opponent),
            ("grading", _figure(entry.opponent_grade)),
            ("figure", entry.figure),
            ("result", Statement(ICU_RESULTS[entry.points2])),
        ),
    )


def _icu_games(entries: Sequence[IcuEntry]) -> list[Statement]:
    return [Statement("icu.game", (("entry", icu_entry(e)),)) for e in entries]


def _icu_steps_1_2(params: IcuParams, total: float | int, wml: int) -> list[Statement]:
    """ICU 1980, "Rating a New Player" (and "Regarding Provisionally-graded players") steps 1–2."""
    points = params.new_player_points * wml
    return [
        Statement("icu.sum", (("total", total),)),
        Statement("icu.wins", (("wml", wml), ("points", points), ("left", total + points))),
    ]


def _icu_accelerated(params: IcuParams, points2: int, games: int, rule: str) -> tuple[tuple[str, Statement], ...]:
    """ICU 1980, "Players under 1200": the test passed, and the case that followed."""
    test = Statement(
        "icu.accelerated",
        (
            ("below", params.accelerated_below),
            ("score", points2),
            ("games", games),
            ("percent", params.accelerated_percent),
            ("least", params.accelerated_games),
        ),
    )
    return (("test", test), ("rule", Statement(f"icu.rule.{rule}")))


def _icu_new_player(params: IcuParams, x: IcuExplanation, calc: IcuNewGrading, grade: int) -> list[Statement]:
    """ICU 1980, "Rating a New Player" steps 1–3, over the consistent figures of "Playing Unrated Players"."""
    n = len(x.entries)
    wml = sum(e.points2 for e in x.entries) - n
    # The run's sum: the graded opponents' whole gradings, plus the consistent figures summed exactly (fsum).
    graded = sum(int(e.opponent_grade or 0) for e in x.entries if e.figure == "old")
    total = graded + math.fsum(e.opponent_grade or 0.0 for e in x.entries if e.figure == "consistent")
    said = [Statement("icu.new_player"), *_icu_games(x.entries)]
    found = calc.approximation
    if found is not None and found.rounds:
        said.append(
            Statement(
                "icu.approximation",
                (("members", ", ".join(found.members)), ("rounds", found.rounds), ("tolerance", found.tolerance)),
            )
        )
    said += _icu_steps_1_2(params, total, wml)
    said.append(
        Statement("icu.divided", (("step", 3), ("games", n), ("value", _figure(calc.figure)), ("grade", grade)))
    )
    return said


def _icu_provisional(params: IcuParams, x: IcuExplanation, calc: Recalculation, after: IcuState) -> list[Statement]:
    """ICU 1980, "Regarding Provisionally-graded players" steps 1–4, with "Players under 1200"."""
    n = len(x.entries)
    points2 = sum(e.points2 for e in x.entries)
    total = sum(int(e.opponent_grade or 0) for e in x.entries)
    batch = total + params.new_player_points * (points2 - n)
    old_games = x.before.games
    said = [Statement("icu.provisional"), *_icu_games(x.entries), *_icu_steps_1_2(params, total, points2 - n)]
    if calc.performance is not None:
        performance = (("batch", batch), ("games", n), ("performance", _figure(calc.performance)))
        said.append(
            Statement("icu.provisional.accelerated", (*performance, *_icu_accelerated(params, points2, n, calc.rule)))
        )
    value = _figure(calc.value)
    if calc.rule == RULE_PERFORMANCE:
        said.append(
            Statement(
                "icu.provisional.performance", (("value", value), ("grade", after.grade), ("games", old_games + n))
            )
        )
    else:
        product = calc.base * old_games
        said.append(
            Statement(
                "icu.provisional.previous",
                (("base", calc.base), ("games", old_games), ("product", product), ("total", batch + product)),
            )
        )
        said.append(
            Statement("icu.divided", (("step", 4), ("games", old_games + n), ("value", value), ("grade", after.grade)))
        )
    if after.status == "graded":
        said.append(Statement("icu.no_longer_provisional", (("games", after.games),)))
    return said


def _icu_regraded(params: IcuParams, x: IcuExplanation, calc: Regrading, after: IcuState) -> list[Statement]:
    """ICU 1980, "Regrading Graded players", "Players under 1200", "Players over 2000", "Bonuses"."""
    entries = x.entries
    n = len(entries)
    points2 = sum(e.points2 for e in entries)
    said = [Statement("icu.regraded")]
    if calc.performance is not None:
        performance = (("performance", _figure(calc.performance)),)
        said.append(
            Statement("icu.regrade.accelerated", (*performance, *_icu_accelerated(params, points2, n, calc.rule)))
        )
    if calc.rule == RULE_PERFORMANCE:
        said += _icu_games(entries)
        said.append(Statement("icu.regrade.performance", (("value", _figure(calc.value)), ("grade", after.grade))))
        return said
    win = {2: params.win_points, 1: 0, 0: -params.win_points}
    for e in entries:
        assert isinstance(e.opponent_grade, int)  # groups 2–5 use whole-number gradings only
        difference = e.opponent_grade - calc.base
        counted = capped_difference(params, calc.base, e.opponent_grade)
        term = Fraction(counted * params.difference_percent, 100)
        game: tuple[tuple[str, Any], ...] = (
            ("entry", icu_entry(e)),
            ("win", win[e.points2]),
            ("difference", difference),
            ("counted", counted),
            ("percent", params.difference_percent),
            ("term", _figure(term)),
            ("change", _figure(win[e.points2] + term)),
        )
        said.append(Statement("icu.regrade.game" if counted == difference else "icu.regrade.game.counted", game))
    said.append(
        Statement(
            "icu.regrade.sum",
            (
                ("base", calc.base),
                ("wml", points2 - n),
                ("win_points", params.win_points),
                ("win_term", _figure(calc.win_term)),
                ("differences", _figure(calc.difference_total)),
                ("percent", params.difference_percent),
                ("difference_term", _figure(calc.difference_term)),
                ("adjustment", _figure(calc.win_term + calc.difference_term)),
            ),
        )
    )
    active = after.year_games >= params.active_games  # "Players over 2000": 16 graded games in the year
    activity = Statement("icu.active" if active else "icu.not_active", (("games", after.year_games),))
    line = params.half_rate_from
    if calc.half_rate:
        said.append(
            Statement(
                "icu.half_rate",
                (
                    ("activity", activity),
                    ("line", line),
                    ("win_points", _figure(Fraction(params.win_points, 2))),
                    ("percent", _figure(Fraction(params.difference_percent, 2))),
                    ("gain", _figure(calc.gain)),
                ),
            )
        )
    elif calc.base >= line:
        said.append(Statement("icu.full_rate", (("activity", activity), ("line", line))))
    if calc.threshold is None:
        said.append(Statement("icu.bonus.none", (("games", params.bonus_games),)))
    else:
        verdict = (
            Statement("icu.bonus.over", (("bonus", _figure(calc.bonus)),))
            if calc.bonus
            else Statement("icu.bonus.not_over")
        )
        said.append(
            Statement(
                "icu.bonus.halved" if calc.half_rate else "icu.bonus",
                (
                    ("games", n),
                    ("threshold", _figure(calc.threshold)),
                    ("gain", _figure(calc.gain)),
                    ("verdict", verdict),
                ),
            )
        )
    change = calc.gain + calc.bonus
    if calc.crossed:
        crossing = (
            ("activity", activity),
            ("line", line),
            ("base", calc.base),
            ("change", _figure(change)),
            ("to_line", line - calc.base),
            ("above", _figure(calc.base + change - line)),
            ("value", _figure(calc.value)),
        )
        said.append(Statement("icu.crossing", crossing))
    else:
        said.append(
            Statement(
                "icu.regrade.result",
                (
                    ("base", calc.base),
                    ("change", _figure(change)),
                    ("value", _figure(calc.value)),
                    ("grade", after.grade),
                ),
            )
        )
    return said


def icu_said(params: IcuParams, x: IcuExplanation) -> list[Statement]:
    """What a player's part of the run says: his group and standing before it (ICU 1980, Order of Grading),
    his calculation step by step from the run's figures, and his new grading."""
    group = Statement(f"icu.group.{x.group}", (("split", params.order_split),))
    said = [
        Statement("icu.order", (("group", x.group), ("name", group))),
        Statement("icu.before", (("state", icu_run_status(x.before, params)),)),
    ]
    calc = x.calculation
    if isinstance(calc, IcuUngradable):
        return [*said, Statement("icu.cannot_grade", (("members", ", ".join(calc.members)),))]
    after = x.after
    assert after is not None and after.grade is not None  # a player graded has a new grading
    if isinstance(calc, IcuNewGrading):
        said += _icu_new_player(params, x, calc, after.grade)
    elif isinstance(calc, Recalculation):
        said += _icu_provisional(params, x, calc, after)
    else:
        said += _icu_regraded(params, x, calc, after)
    said.append(Statement("icu.new_grading", (("state", icu_run_status(after, params)),)))
    return said


def icu_adjusted(adjusted: IcuAdjusted) -> Statement:
    """One of the grading committee's adjustments as it reached the player (ICU 1980, Feedback Points)."""
    values = (("kind", Statement(f"icu.adjusted.{adjusted.kind}")), ("points", adjusted.points))
    if adjusted.note:
        return Statement("icu.adjusted.noted", (*values, ("note", adjusted.note)))
    return Statement("icu.adjusted", values)


def icu_terms(state: IcuState | None) -> Terms:
    """A player's grading, status and graded games (none: not known to the grading)."""
    if state is None:
        return ()
    return (("grade", state.grade), ("published", published(state)), ("status", state.status), ("games", state.games))


def from_icu(done: IcuPeriod, before: IcuState | None, rules: str, period: str, player: str) -> Explanation:
    """The player's part of the ICU grading run ``done`` of ``period`` (``before``: his state before it):
    his calculation (:func:`icu_said`), then the grading committee's adjustments (ICU 1980, Feedback Points)."""
    explained = done.run.explanations.get(player)
    adjusted = done.adjusted.get(player, ())
    after = done.changed.get(player, before)
    said: list[Statement]
    if explained is None and not adjusted:
        said = [Statement("icu.no_games", (("period", period), ("state", icu_status(before))))]
    else:
        said = icu_said(done.params, explained) if explained else []
        said += [icu_adjusted(a) for a in adjusted]
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


def _entries_of(
    version: IecgParams, index: int, states: Mapping[str, Any], games: Sequence[common.Game], info: common.Info
) -> tuple[dict[str, Any], dict[str, list[Any]]]:
    return entries_of_period(version, index, states, games, iecg_system.newcomer(version, info))


_period_entries = common.last_answer(_entries_of)
""":func:`~projections.rules.iecg.entries_of_period`, made once for the many players of one period
(``ratings site``), who share its games, states and facts."""


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
    starts, entries = _period_entries(version, index, states, games, info)
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
    reached: dict[str, tuple[IcuAdjusted, ...]] = {}
    if adjustments:
        adjusted, reached = icu_system.adjust(params, index, {**states, **changed}, adjustments, info)
        changed.update(adjusted)
    for group in graded.unanchored:
        if player in group:
            raise CannotBeGraded(
                f"{player} cannot be graded in {label}: his group of ungraded players ({', '.join(group)}) "
                "met no graded opponent, directly or through each other (ICU 1980, Playing Unrated Players)"
            )
    before = states.get(player) or icu_system.newcomer(info)(player)
    return from_icu(IcuPeriod(params, graded, changed, reached), before, params.name, label, player)


def of_system(explain: common.Explain) -> Callable[..., Explanation]:
    """A rules module's explain (:class:`projections.rules.common.Explanation`) giving the one explanation."""

    def explained(
        params: Any, index: int, states: Mapping[str, Any], games: Sequence[common.Game], info: common.Info, player: str
    ) -> Explanation:
        found = explain(params, index, states, games, info, player)
        return from_system(found, params.name, params.periods.label(index), player)

    return explained
