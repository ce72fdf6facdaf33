"""The one explanation: why a player has his rating after one period, under any system.

One frozen value of plain values for every rules system: the player's terms
before the period, a table (a line a game), the period's summary terms, his
terms after it, and what is said about the run, in order, as *statements*: a
message key and its values (``Statement("iecg.new_player", (("rating", 1500),))``).
The words of each key live beside the renderer (:mod:`commands.explanation_text`),
not here and not in the rating run; so a rules module may build this value
without a word of English, and this module imports no rules module but the
shared :data:`Cell`.

The renderer prints the statements in order, one line each, and the table
where a :data:`TABLE` statement stands; what differs between systems (which
statements, which columns, how a column's cells are printed) is carried by the
value, never by a branch on the system.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from projections.rules import common
from projections.rules.common import Cell, Statement, Terms, Value

__all__ = [
    "BLANK",
    "OPPONENT",
    "TABLE",
    "Cell",
    "Column",
    "Explanation",
    "Statement",
    "Terms",
    "Value",
    "from_system",
    "with_names",
]

TABLE = Statement("table")
"""Where the table (:attr:`Explanation.columns`, :attr:`Explanation.rows`) is printed."""

BLANK = Statement("blank")
"""An empty line."""


class Column(NamedTuple):
    """A column of the table: its heading, and how its cells are printed (``style``).

    The styles (the renderer's): ``figure``, as the system rounded it (None
    nothing, a float without trailing zeros), aligned left; ``plain``, as it
    is, numbers aligned right; ``expected``, four decimals; ``change``, signed,
    two decimals; ``result``, half points 2, 1, 0 as ``1``, ``½``, ``0``;
    ``iecg.cut_off``, whether the IECG 1.7 §III.8 cut-off applied.
    """

    heading: str
    style: str = "figure"


class Explanation(NamedTuple):
    """Why ``player`` has his rating on the list of ``period`` under ``rules``, in the system's own terms."""

    rules: str
    period: str
    player: str
    before: Terms
    """His terms on the list before the period (empty: not rated)."""
    columns: tuple[Column, ...]
    """The table's columns (a game a row): ("game", "opponent", "R(opp)", "used", "score", "We", "Δ")..."""
    rows: tuple[tuple[Cell, ...], ...]
    """One row a game (or a made-up game), one cell a column."""
    terms: Terms
    """The period's summary terms: ("K", 20), ("Σ(W−We)", -0.42)..."""
    after: Terms
    """His terms after the period, as published."""
    statements: tuple[Statement, ...]
    """What is said, in order, a line each (:data:`TABLE` where the table goes)."""
    names: tuple[tuple[str, str], ...] = ()
    """The name of each opponent of the table (its ``opponent`` column) the ledger knows, by id, sorted: what the
    reader of the explanation adds to his id (:func:`with_names`); empty as the rules module gives it."""


OPPONENT = "opponent"
"""The heading of the column of a table that names a game's opponent, by id, in every system."""


def with_names(x: Explanation, name_of: Callable[[str], str | None]) -> Explanation:
    """``x`` with the names of the opponents of its table (``name_of``: a player's name, or None for an id the
    ledger does not know, as a made-up game's).

    >>> x = Explanation("r", "2024-01", "A", (), (Column("game"), Column("opponent")), (("G1", "B"), ("G2", "Z")),
    ...                 (), (), ())
    >>> with_names(x, {"B": "Bob Byrne"}.get).names
    (('B', 'Bob Byrne'),)
    """
    headings = [c.heading for c in x.columns]
    if OPPONENT not in headings:
        return x
    column = headings.index(OPPONENT)
    found = {}
    for row in x.rows:
        opponent = row[column]
        if isinstance(opponent, str) and opponent not in found:
            name = name_of(opponent)
            if name is not None:
                found[opponent] = name
    return x._replace(names=tuple(sorted(found.items())))


def from_system(x: common.Working, rules: str, period: str, player: str) -> Explanation:
    """A system's explanation: his terms before, a line a game, the period's terms, after, the notes."""
    said = [Statement("before", (("terms", x.before),)) if x.before else Statement("before.not_rated")]
    said.append(TABLE if x.lines else Statement("no_rated_games"))
    if x.terms:
        said.append(Statement("period_terms", (("terms", x.terms),)))
    said.append(Statement("after", (("terms", x.after),)) if x.after else Statement("after.not_rated"))
    said += [Statement("note", (("text", note),)) for note in x.notes]
    columns = tuple(Column(heading) for heading in x.columns)
    return Explanation(rules, period, player, x.before, columns, x.lines, x.terms, x.after, tuple(said))
