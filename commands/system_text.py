"""What ``list``, ``explain`` and ``history`` print for the rating systems of issue 5."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from commands import output
from projections.rules.common import Cell, Explanation


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


def system_table(rows: Sequence[dict[str, Any]], keys: Sequence[str]) -> str:
    """The list as a table, one column a key (``position`` printed as ``#``)."""
    headers = ["#" if key == "position" else key for key in keys]
    return output.table(rows, keys, headers)


def system_explanation_text(explanation: Explanation, player: str, name: str, rules: str, period: str) -> str:
    """One player's part of a period's run: his terms before, a line a game, the period's terms, after."""
    out = [f"{player} {name}: {rules}, period {period}"]
    out.append(f"before: {terms(explanation.before) or 'not rated'}")
    if explanation.lines:
        rows = [
            {column: cell(value) for column, value in zip(explanation.columns, line, strict=True)}
            for line in explanation.lines
        ]
        out.append(output.table(rows, explanation.columns).rstrip("\n"))
    else:
        out.append("no rated games in the period")
    if explanation.terms:
        out.append(f"terms: {terms(explanation.terms)}")
    out.append(f"after: {terms(explanation.after) or 'not rated'}")
    out.extend(f"note: {note}" for note in explanation.notes)
    return "\n".join(out) + "\n"
