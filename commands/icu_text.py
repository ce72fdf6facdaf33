"""What ``list``, ``explain`` and ``history`` print for the Irish Chess Union's grading (``icu-1980``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from commands import output
from projections.icu_lists import ICU_LIST_KEYS, IcuPeriod, unanchored_text
from projections.rules.icu import IcuState, published

ICU_HEADERS = ["#", "player", "name", "country", "grade", "published", "status", "games"]


def icu_table(rows: Sequence[dict[str, Any]]) -> str:
    """The list as a table: the grading, and as published (``835/6`` while provisional)."""
    return output.table(rows, ICU_LIST_KEYS, ICU_HEADERS)


def not_graded_notice(done: IcuPeriod) -> str:
    """The groups of ungraded players the run could not grade, named (ICU 1980, "Playing Unrated Players")."""
    if not done.run.unanchored:
        return ""
    return (
        "not graded: no graded opponent, directly or through other ungraded players "
        f"(ICU 1980, Playing Unrated Players): {unanchored_text(done.run.unanchored)}\n"
    )


def _state(state: IcuState | None) -> str:
    if state is None or state.grade is None:
        return "ungraded"
    shown = published(state) or f"{state.grade} (not published: fewer than 5 games)"
    return f"{state.status} {shown}"


def icu_explanation_text(done: IcuPeriod, before: IcuState | None, player: str, name: str, period: str) -> str:
    """One player's part of a grading run, line by line, with the committee's adjustments."""
    out = [f"{player} {name}: icu-1980, period {period}"]
    explanation = done.run.explanations.get(player)
    adjusted = done.adjusted.get(player, ())
    after = done.changed.get(player, before)
    if explanation is None and not adjusted:
        out.append(f"No graded games in {period}: {_state(before)}, unchanged.")
        return "\n".join(out) + "\n"
    if explanation is not None:
        out.extend(explanation.lines)
    out.extend(f"Adjusted by the grading committee: {line}" for line in adjusted)
    out.append(f"After the run: {_state(after)}")
    return "\n".join(out) + "\n"


def icu_history_rows(history: Sequence[tuple[str, IcuState]]) -> str:
    """A player's grading after each run he was graded in."""
    rows = [
        {"period": period, "grade": s.grade, "published": published(s) or "-", "status": s.status, "games": s.games}
        for period, s in history
    ]
    return output.table(rows, ["period", "grade", "published", "status", "games"])
