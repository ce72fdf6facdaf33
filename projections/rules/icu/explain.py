"""The ICU's explanation: a player's part of the grading run of a year, as the one explanation."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any, NamedTuple

from ledger.errors import LedgerError
from projections.rules import common
from projections.rules.explanation import Column, Explanation, Statement, Terms
from projections.rules.icu.formulas import (
    ICU_1980,
    RULE_PERFORMANCE,
    IcuAdjusted,
    IcuEntry,
    IcuNewGrading,
    IcuParams,
    IcuRun,
    IcuState,
    IcuUngradable,
    IcuWorking,
    Recalculation,
    Regrading,
    capped_difference,
    grade_period,
    published,
)
from projections.rules.icu.system import adjust, icu_games, newcomer

MESSAGES = frozenset(
    {
        # why its selection leaves a game out, said inside ``left_out`` (projections.rules.selection)
        "icu.left.mode",
        "icu.left.rate",
        "icu.accelerated",
        "icu.active",
        "icu.adjusted",
        "icu.adjusted.feedback",
        "icu.adjusted.global",
        "icu.adjusted.noted",
        "icu.after",
        "icu.approximation",
        "icu.before",
        "icu.bonus",
        "icu.bonus.halved",
        "icu.bonus.none",
        "icu.bonus.not_over",
        "icu.bonus.over",
        "icu.cannot_grade",
        "icu.crossing",
        "icu.divided",
        "icu.drew",
        "icu.entry",
        "icu.figure_unpublished",
        "icu.full_rate",
        "icu.game",
        "icu.group.1",
        "icu.group.2",
        "icu.group.3",
        "icu.group.4",
        "icu.group.5",
        "icu.half_rate",
        "icu.lost",
        "icu.new_grading",
        "icu.new_player",
        "icu.no_games",
        "icu.no_longer_provisional",
        "icu.not_active",
        "icu.order",
        "icu.provisional",
        "icu.provisional.accelerated",
        "icu.provisional.performance",
        "icu.provisional.previous",
        "icu.published",
        "icu.regrade.accelerated",
        "icu.regrade.game",
        "icu.regrade.game.counted",
        "icu.regrade.performance",
        "icu.regrade.result",
        "icu.regrade.sum",
        "icu.regraded",
        "icu.rule.below",
        "icu.rule.from_1200",
        "icu.rule.performance",
        "icu.sum",
        "icu.ungraded",
        "icu.unpublished",
        "icu.wins",
        "icu.won",
    }
)
"""Every message key the ICU's explanation says, its groups (``icu.group.1``–``5``), rules and adjustments' kinds
included (the renderer has the words of each)."""


class IcuPeriod(NamedTuple):
    """One grading run as explained: its rules, the run, the players it changed, the committee's adjustments."""

    params: IcuParams
    run: IcuRun
    changed: dict[str, IcuState]
    adjusted: dict[str, tuple[IcuAdjusted, ...]]


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


def _icu_new_player(params: IcuParams, x: IcuWorking, calc: IcuNewGrading, grade: int) -> list[Statement]:
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


def _icu_provisional(params: IcuParams, x: IcuWorking, calc: Recalculation, after: IcuState) -> list[Statement]:
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


def _icu_regraded(params: IcuParams, x: IcuWorking, calc: Regrading, after: IcuState) -> list[Statement]:
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


def icu_said(params: IcuParams, x: IcuWorking) -> list[Statement]:
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


class CannotBeGraded(LedgerError):
    """A player the run could not rate, with his group named: refused, not carried over."""


def explain(
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
    graded = grade_period(params, index, states, icu_games(games), newcomer(info))
    changed = dict(graded.states)
    reached: dict[str, tuple[IcuAdjusted, ...]] = {}
    if adjustments:
        adjusted, reached = adjust(params, index, {**states, **changed}, adjustments, info)
        changed.update(adjusted)
    for group in graded.unanchored:
        if player in group:
            raise CannotBeGraded(
                f"{player} cannot be graded in {label}: his group of ungraded players ({', '.join(group)}) "
                "met no graded opponent, directly or through each other (ICU 1980, Playing Unrated Players)"
            )
    before = states.get(player) or newcomer(info)(player)
    return from_icu(IcuPeriod(params, graded, changed, reached), before, params.name, label, player)
