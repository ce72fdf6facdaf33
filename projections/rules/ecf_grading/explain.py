"""The ECF grading's explanation: a player's part of the grading of one period, as the one explanation.

Built from the period's own arithmetic (:class:`~projections.rules.ecf_grading.formulas.PeriodWork`), so an
explanation's grade is the list's. It says his terms before the period, a line a game (and a line a game made
up from the previous period), the period's terms, his terms after it, then each clause applied, as a statement:
a message key ``ecf_grading.*`` and its values (:data:`MESSAGES`), whose words are :mod:`commands.words_ecf`'s.
"Choice N" is the numbered choice of the formulas module's docstring.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any

from projections.rules.common import Cell, Game, PlayerInfo
from projections.rules.ecf_grading.formulas import Calculation, EcfGradingParams, EcfState, ListName, PeriodWork
from projections.rules.ecf_grading.system import list_words
from projections.rules.explanation import TABLE, Column, Explanation, Statement, Terms
from projections.rules.rounding import round_half_up

COLUMNS = tuple(
    Column(heading) for heading in ("game", "day", "opponent", "grade(opp)", "used", "cap", "score", "points")
)
"""A game a row (seed 004's points): the opponent's grade (or estimate, choice 9), the grade used under the
40-point proviso, the proviso applied (+40 or -40), the score and the game's points; then a row a made-up game
(choice 5), its points only."""

MESSAGES: frozenset[str] = frozenset(
    {
        # why its selection leaves a game out, said inside ``left_out`` (projections.rules.selection)
        "ecf_grading.left.mode",
        "ecf_grading.left.other_list",
        "ecf_grading.on_list",
        "ecf_grading.too_fast",
        # the shape every explanation shares (projections.rules.explanation)
        "before",
        "period_terms",
        "after",
        # ungraded players and their opponents (seed 004, "If the opponent is ungraded"; choice 9)
        "ecf_grading.estimated",
        "ecf_grading.estimated_together",
        "ecf_grading.cannot_grade",
        "ecf_grading.ungraded_opponent",
        # the points of a game (seed 004: the 40-point proviso; choice 4: no negative points)
        "ecf_grading.capped",
        "ecf_grading.capped.game",
        "ecf_grading.negative",
        # the grade (seed 004: games made up to 30, at least 10 results, juniors; choices 5, 6, 8)
        "ecf_grading.no_made_up",
        "ecf_grading.made_up",
        "ecf_grading.none_to_make_up",
        "ecf_grading.too_few.kept",
        "ecf_grading.too_few.ungraded",
        "ecf_grading.junior",
        # games of the period on another list (choice 2)
        "ecf_grading.elsewhere",
        "ecf_grading.elsewhere.count",
        "ecf_grading.list.standard",
        "ecf_grading.list.rapid",
        "ecf_grading.on.standard",
        "ecf_grading.on.rapid",
        "ecf_grading.on.none",
        # a list of statements on one line
        "ecf_grading.join.semicolon",
        "ecf_grading.join.comma",
    }
)
"""Every message key an ECF grading explanation can say (each has words in :mod:`commands.words_ecf`);
:data:`TABLE` marks where the table goes and has none."""


def _cell(value: int | float | Fraction | None) -> Cell:
    """A figure as shown: whole numbers whole, any other to two decimals."""
    if value is None:
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, Fraction) and value.denominator == 1:
        return value.numerator
    number = float(value)
    return int(number) if number.is_integer() else round(number, 2)


def _state_terms(params: EcfGradingParams, state: EcfState) -> Terms:
    """A player's figures on the list: his grade, its status, category, games and junior enhancement."""
    return (
        ("grade", state.grade),
        ("status", state.status),
        ("category", state.category),
        ("games", state.games),
        ("junior +", state.junior),
        ("list", params.category),
    )


def _joined(key: str, items: Sequence[Statement]) -> Statement:
    """``items`` said on one line, each pair joined by ``key`` (``{first}; {rest}``): halved, so that a long
    list is said without deep nesting. ``items`` is not empty."""
    if len(items) == 1:
        return items[0]
    half = len(items) // 2
    return Statement(key, (("first", _joined(key, items[:half])), ("rest", _joined(key, items[half:]))))


def _on(where: ListName | None) -> Statement:
    """A list a game is graded on, or none (faster than rapidplay: choice 2)."""
    return Statement(f"ecf_grading.on.{where or 'none'}")


def _by_list(counts: Mapping[ListName | None, int]) -> list[tuple[ListName | None, int]]:
    """Games counted by list, in order: none (faster than rapidplay), rapid, standard."""
    return sorted(counts.items(), key=lambda item: item[0] or "")


def _ungraded(params: EcfGradingParams, work: PeriodWork, player: str) -> list[Statement]:
    """Choice 9: an ungraded player's estimate, found alone or with the ungraded players he met, or none."""
    group = work.groups.get(player, (player,))
    if player not in work.estimates:
        return [Statement("ecf_grading.cannot_grade", (("members", ", ".join(group)),))]
    said = [Statement("ecf_grading.estimated", (("win_bonus", params.win_bonus), ("cap", params.cap)))]
    if len(group) > 1:
        found = (("members", ", ".join(group)), ("rounds", work.rounds[player]), ("tolerance", params.tolerance))
        said.append(Statement("ecf_grading.estimated_together", found))
    return said


def _graded(params: EcfGradingParams, work: PeriodWork, calc: Calculation) -> list[Statement]:
    """A graded player's opponents' estimates (choice 9), and the games the 40-point proviso changed (seed 004)."""
    said = []
    for opponent in sorted({e.opponent for e in calc.entries if not work.graded(e.opponent)}):
        estimate = work.estimates[opponent]
        figures = (("opponent", opponent), ("estimate", _cell(estimate)), ("rounded", round_half_up(estimate)))
        said.append(Statement("ecf_grading.ungraded_opponent", figures))
    capped = [
        Statement("ecf_grading.capped.game", (("game", e.game), ("grade", _cell(e.figure)), ("used", _cell(e.used))))
        for e in calc.entries
        if e.cap is not None
    ]
    if capped:
        games = _joined("ecf_grading.join.semicolon", capped)
        said.append(
            Statement("ecf_grading.capped", (("cap", params.cap), ("grade", calc.before.grade), ("games", games)))
        )
    return said


def _grade(params: EcfGradingParams, index: int, calc: Calculation) -> list[Statement]:
    """The grade: the made-up games (choice 5), too few results (choice 6), or the junior enhancement (choice 8)."""
    if calc.total is None:
        return []
    said = []
    n = len(calc.entries)
    previous = params.periods.label(index - 1)
    if n >= params.target_games:
        said.append(Statement("ecf_grading.no_made_up", (("games", n),)))
    elif calc.made_up:
        figures = (("target", params.target_games), ("made_up", len(calc.made_up)), ("previous", previous))
        said.append(Statement("ecf_grading.made_up", figures))
    else:
        said.append(Statement("ecf_grading.none_to_make_up", (("target", params.target_games), ("previous", previous))))
    if calc.results < params.minimum_games:
        few = (("results", calc.results), ("minimum", params.minimum_games))
        if calc.before.grade is not None:
            said.append(Statement("ecf_grading.too_few.kept", (*few, ("grade", calc.before.grade))))
        else:
            said.append(Statement("ecf_grading.too_few.ungraded", few))
    elif calc.age is not None and calc.enhancement:
        day = params.periods.last_day(index).isoformat()
        said.append(
            Statement("ecf_grading.junior", (("age", calc.age), ("day", day), ("enhancement", calc.enhancement)))
        )
    return said


def _elsewhere(params: EcfGradingParams, counts: Mapping[ListName | None, int]) -> Statement:
    """Choice 2: the player's games of the period on the other list, or faster than rapidplay, by list."""
    by_list = [
        Statement("ecf_grading.elsewhere.count", (("games", n), ("list", _on(where)))) for where, n in _by_list(counts)
    ]
    own = Statement(f"ecf_grading.list.{params.category}")
    return Statement("ecf_grading.elsewhere", (("list", own), ("counts", _joined("ecf_grading.join.comma", by_list))))


def _no_games(params: EcfGradingParams, work: PeriodWork, player: str, label: str) -> LookupError:
    """Why the player has no grading to explain: no games of the period, or none on this list (choice 2)."""
    elsewhere = work.elsewhere.get(player)
    if elsewhere:
        where = {"standard": "standard", "rapid": "rapid", None: "neither list (faster than rapidplay)"}
        counts = ", ".join(f"{n} {where[w]}" for w, n in _by_list(elsewhere))
        why = f"his games of {label} were all off this list ({counts})"
    else:
        why = f"he has no games in {label}"
    return LookupError(f"{params.name}: player {player!r} has no {list_words(params)} games to grade: {why}")


def explain(
    params: EcfGradingParams,
    index: int,
    states: Mapping[str, Any],
    games: Sequence[Game],
    info: Callable[[str], PlayerInfo],
    player: str,
) -> Explanation:
    """The player's grade for period ``index`` in the system's terms: points a game (seed 004's opponent's
    grade ± 50 under the 40-point proviso), the made-up games, the average, the junior enhancement.

    Raises :class:`LookupError` for a player with no game of the list in the period.
    """
    work = PeriodWork(params, index, states, games, info)
    label = params.periods.label(index)
    if player not in work.sides:
        raise _no_games(params, work, player, label)
    calc = work.calc(player)
    before, after = calc.before, calc.after
    previous = params.periods.label(index - 1)
    rows: list[tuple[Cell, ...]] = [
        (
            e.game,
            e.day,
            e.opponent,
            _cell(e.figure),
            _cell(e.used),
            None if e.cap is None else f"{e.cap:+d}",
            e.points2 / 2,
            _cell(e.points),
        )
        for e in calc.entries
    ]
    rows.extend(("made up", previous, None, None, None, None, None, _cell(p)) for p in calc.made_up)
    said = _ungraded(params, work, player) if before.grade is None else _graded(params, work, calc)
    if params.points_floor is not None and any(
        e.points == params.points_floor and e.used is not None and e.used + params.win_bonus * (e.points2 - 1) < 0
        for e in calc.entries
    ):
        said.append(Statement("ecf_grading.negative", (("floor", params.points_floor),)))  # choice 4
    said += _grade(params, index, calc)
    if player in work.elsewhere:
        said.append(_elsewhere(params, work.elsewhere[player]))
    average = None if calc.total is None or not calc.results else calc.total / calc.results
    graded_now = calc.total is not None and calc.results >= params.minimum_games
    terms: Terms = (
        ("games", len(calc.entries)),
        ("made up", len(calc.made_up)),
        ("results", calc.results),
        ("Σ points", _cell(calc.total)),
        ("average", _cell(average)),
        ("junior +", calc.enhancement if graded_now else 0),
        ("grade", after.grade if graded_now else None),
        ("category", after.category if graded_now else None),
    )
    shown_before, shown_after = _state_terms(params, before), _state_terms(params, after)
    statements = (
        Statement("before", (("terms", shown_before),)),
        TABLE,
        Statement("period_terms", (("terms", terms),)),
        Statement("after", (("terms", shown_after),)),
        *said,
    )
    return Explanation(params.name, label, player, shown_before, COLUMNS, tuple(rows), terms, shown_after, statements)
