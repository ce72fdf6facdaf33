"""The text of ``ratings explain``, for every rules system: the words of each statement, and the table.

An explanation (:class:`projections.explanation.Explanation`) says what it says
as statements, a message key and its values; :data:`WORDS` holds the English
of each key, beside the one renderer, :func:`explanation_text`, which has no
branch on the system: which statements, which columns and how a column's cells
are printed are the value's.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, cast

from commands import output
from projections.explanation import TABLE, Explanation, Statement, Terms, Value
from projections.rules.common import Cell

RESULT = {2: "1", 1: "½", 0: "0"}
"""A score in half points, as a game line prints it."""

WORDS: dict[str, str] = {
    "blank": "",
    # The systems of issue 5 (their clauses are in their own notes and columns).
    "before": "before: {terms}",
    "before.not_rated": "before: not rated",
    "no_rated_games": "no rated games in the period",
    "period_terms": "terms: {terms}",
    "after": "after: {terms}",
    "after.not_rated": "after: not rated",
    "note": "note: {text}",
    # The IECG Rating Rules, 1.0–1.7.
    "iecg.not_rated": "Not rated yet: no rated game up to this period.",
    "iecg.no_games": "No rated games in {period}: the rating is unchanged.",
    "iecg.new_player": "New player: starts from his registered starting rating {rating} (IECG §VII).",
    "iecg.restart": (
        "Last rated game 30 or more periods ago: starts again from his starting rating {rating} (IECG §VIII.5)."
    ),
    "iecg.before": "Before the run: {status}",
    "iecg.established": "established, rating {rating}, TER {ter}, Pn {pn}",
    "iecg.provisional": (
        "provisional, {games} rated games, rating {rating}, TER {ter}, starting rating {starting_rating}"
    ),
    "iecg.k": "k = r·p = {r:g} × {p:g} = {k:g}  (r from Ro = {ro}, p from Pn = {pn}; IECG §V.3)",
    "iecg.new_rating": "Rn = Ro + ΣdR = {ro} {change:+.2f} = {rn:.2f} (IECG §V.4)",
    "iecg.provisional_rating": (
        "Over all {games} rated games (IECG §IV.1): Rc = {rc:.2f}, p = {p:.4f}, "
        "D(p) = {d:+.2f}, F = {f:.4f}, Rp = Rc + D(p)·F = {rp:.2f}"
    ),
    "iecg.becomes_established": "{games} rated games: the rating becomes established (IECG §IV.4).",
    "iecg.rating": "Old rating {old} → new rating {new} ({status})",
    # The Irish Chess Union's grading, 1980 (the run's own lines are still worded by its rules module).
    "icu.no_games": "No graded games in {period}: {state}, unchanged.",
    "icu.line": "{text}",
    "icu.adjusted": "Adjusted by the grading committee: {text}",
    "icu.after": "After the run: {state}",
    "icu.ungraded": "ungraded",
    "icu.published": "{status} {shown}",
    "icu.unpublished": "{status} {grade} (not published: fewer than {games} games)",
}
"""The English of each statement: a :meth:`str.format` template over the statement's values."""


def cell(value: Cell) -> str:
    """A value as printed: nothing for None, a float as the system rounded it (no trailing zeros)."""
    if value is None:
        return ""
    if isinstance(value, float):
        text = f"{value:.6f}".rstrip("0").rstrip(".")
        return "0" if text == "-0" else text
    return str(value)


def terms(pairs: Sequence[tuple[str, Cell]]) -> str:
    """``name value`` pairs on one line."""
    return ", ".join(f"{name} {cell(value)}" for name, value in pairs)


STYLES: dict[str, Callable[[Any], Cell]] = {
    "figure": cell,
    "plain": lambda value: value,
    "expected": lambda value: f"{value:.4f}",
    "change": lambda value: f"{value:+.2f}",
    "result": lambda points2: RESULT[points2],
    "iecg.cut_off": lambda cut: "yes (§III.8)" if cut else "no",
}
"""How a column's cells are printed (:class:`projections.explanation.Column`): text is aligned left,
numbers (``plain``) right."""


def _value(value: Value) -> Any:
    """A statement's value as its template takes it: a statement said, named figures on one line."""
    if isinstance(value, Statement):
        return say(value)
    if isinstance(value, tuple):
        return terms(cast(Terms, value))
    return value


def say(statement: Statement) -> str:
    """One statement in words.

    >>> say(Statement("iecg.new_player", (("rating", 1500),)))
    'New player: starts from his registered starting rating 1500 (IECG §VII).'
    """
    return WORDS[statement.key].format_map({name: _value(value) for name, value in statement.values})


def table(x: Explanation) -> str:
    """The table of ``x``, a row a line, each cell printed in its column's style."""
    headings = [column.heading for column in x.columns]
    rows = [
        {column.heading: STYLES[column.style](value) for column, value in zip(x.columns, row, strict=True)}
        for row in x.rows
    ]
    return output.table(rows, headings).rstrip("\n")


def explanation_text(x: Explanation, name: str) -> str:
    """Everything ``explain`` prints: a heading, then each statement, the table where it stands."""
    out = [f"{x.player} {name}: {x.rules}, period {x.period}"]
    out += [table(x) if statement == TABLE else say(statement) for statement in x.statements]
    return "\n".join(out) + "\n"
