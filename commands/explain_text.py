"""The text of ``ratings explain``: one player's run of one period, game by game."""

from __future__ import annotations

from typing import Any

from commands import output
from projections.explain import Explanation
from projections.rules.iecg import PlayerState

RESULT = {2: "1", 1: "½", 0: "0"}


def _status(state: PlayerState) -> str:
    if state.established:
        return f"established, rating {state.rating}, TER {state.ter}, Pn {state.pn}"
    return (
        f"provisional, {state.games} rated games, rating {state.rating}, TER {state.ter}, "
        f"starting rating {state.starting_rating}"
    )


def explanation_text(x: Explanation, name: str) -> str:
    """Everything ``explain`` prints."""
    out = [f"{x.player} {name}: {x.rules}, period {x.period}"]
    before, after, start = x.before, x.after, x.start
    if before is None and start is None:
        out.append("Not rated yet: no rated game up to this period.")
        return "\n".join(out) + "\n"
    if not x.lines:
        assert before is not None
        out.append(f"No rated games in {x.period}: the rating is unchanged.")
        out.append(f"Old rating {before.rating} → new rating {before.rating} ({_status(before)})")
        return "\n".join(out) + "\n"
    assert start is not None and after is not None
    if before is None:
        out.append(f"New player: starts from his registered starting rating {start.rating} (IECG §VII).")
    elif start is not before and start != before:
        out.append(
            f"Last rated game 30 or more periods ago: starts again from his starting rating "
            f"{start.rating} (IECG §VIII.5)."
        )
    out.append(f"Before the run: {_status(start)}")
    rows: list[dict[str, Any]] = []
    for line in x.lines:
        e = line.entry
        row: dict[str, Any] = {
            "game": e.game,
            "opponent": e.opponent,
            "opp TER": e.opponent_ter,
            "used": e.used,
            "cut-off": "yes (§III.8)" if line.cut else "no",
            "result": RESULT[e.points2],
        }
        if start.established:
            row["We"] = f"{line.expected:.4f}"
            row["dR"] = f"{line.change:+.2f}"
        rows.append(row)
    columns = list(rows[0])
    out.append("")
    out.append(output.table(rows, columns).rstrip("\n"))
    out.append("")
    if start.established:
        first = x.lines[0]
        assert first.k is not None and first.r is not None and first.p is not None
        total = sum(line.change or 0.0 for line in x.lines)
        out.append(
            f"k = r·p = {first.r:g} × {first.p:g} = {first.k:g}  "
            f"(r from Ro = {start.rating}, p from Pn = {start.pn}; IECG §V.3)"
        )
        out.append(f"Rn = Ro + ΣdR = {start.rating} {total:+.2f} = {start.rating + total:.2f} (IECG §V.4)")
    else:
        t = x.provisional
        assert t is not None
        out.append(
            f"Over all {t.games} rated games (IECG §IV.1): Rc = {t.rc:.2f}, p = {t.p:.4f}, "
            f"D(p) = {t.d:+.2f}, F = {t.f:.4f}, Rp = Rc + D(p)·F = {t.rp:.2f}"
        )
        if after.established:
            out.append(f"{after.games} rated games: the rating becomes established (IECG §IV.4).")
    old = before.rating if before is not None else start.rating
    out.append(f"Old rating {old} → new rating {after.rating} ({_status(after)})")
    return "\n".join(out) + "\n"
