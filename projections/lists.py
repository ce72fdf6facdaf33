"""Rating lists: who is on the list of a period, in which order, and its canonical JSON."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ledger.values import Registration
from projections.collector import paused
from projections.rules.iecg import IecgParams, PlayerState, is_listed, rating_class

LIST_KEYS = (
    "position",
    "class_position",
    "player",
    "name",
    "country",
    "rating",
    "ter",
    "class",
    "status",
    "games",
    "wins",
    "draws",
    "losses",
)
"""The keys of a list row, in the order they are printed (foundation issue §3)."""


@dataclass(frozen=True)
class RatingList:
    """The rating list of one rules version and period."""

    rules: str
    period: str
    rows: tuple[dict[str, Any], ...]

    def as_json(self) -> str:
        """The canonical JSON of the list: the same bytes for the same list, every time.

        Exactly ``json.dumps(document, ensure_ascii=False, indent=2) + "\\n"``, with every row
        written in one call of the C encoder (``indent`` alone falls back to the pure-Python one,
        three times slower on a list of 20,000 players): :data:`_ROWS` puts each key of a row on a
        line of its own, and the text between two rows, ``},`` a line break ``{``, is then given the
        indentation of the rows. Nothing else in the text can read so: a row's values are numbers,
        text or null, and JSON writes no line break inside text.
        """
        head = json.dumps({"rules": self.rules, "period": self.period}, ensure_ascii=False, indent=2)[:-2]
        if not self.rows:
            return head + ',\n  "players": []\n}\n'
        with paused():  # the encoder makes a (key, value) pair of every field of every row
            rows = _ROWS(self.rows)[2:-2].replace("},\n      {", "\n    },\n    {\n      ")
        return head + ',\n  "players": [\n    {\n      ' + rows + "\n    }\n  ]\n}\n"


_ROWS = json.JSONEncoder(ensure_ascii=False, separators=(",\n      ", ": ")).encode
"""Flat list rows as JSON, one key a line (:meth:`RatingList.as_json` sets the brackets and the breaks between rows)."""


def build_rows(
    params: IecgParams,
    period: int,
    states: Mapping[str, PlayerState],
    players: Mapping[str, Registration],
    inactive: Callable[[str], bool],
) -> list[dict[str, Any]]:
    """The rows of the list of ``period`` from the state after its run.

    §III.3, §VIII.5: who is listed; a player marked inactive at the end of the
    period is left off. Order (foundation issue §4): rating descending, then
    player id ascending; ``class_position`` counts within the class
    (IECG Rules 5.1a §D.2.4a) in the same order.
    """
    with paused():
        listed = [
            (-state.rating, player, state)
            for player, state in states.items()
            if is_listed(params, period, state) and not inactive(player)
        ]
        listed.sort()  # rating descending, then player id (player ids are unique: states are never compared)
        rows: list[dict[str, Any]] = []
        append = rows.append
        in_class: dict[str, int] = {}
        for position, (_, player, state) in enumerate(listed, start=1):
            klass = rating_class(state.ter)
            in_class[klass] = in_class.get(klass, 0) + 1
            reg = players[player]
            append(
                {
                    "position": position,
                    "class_position": in_class[klass],
                    "player": player,
                    "name": reg.name,
                    "country": reg.country,
                    "rating": state.rating,
                    "ter": state.ter,
                    "class": klass,
                    "status": "established" if state.established else "provisional",
                    "games": state.games,
                    "wins": state.wins,
                    "draws": state.draws,
                    "losses": state.losses,
                }
            )
    return rows


def rows_to_list(
    rules: str, period: str, rows: Sequence[Mapping[str, Any]], keys: tuple[str, ...] = LIST_KEYS
) -> RatingList:
    """The list of ``rows``, each with exactly ``keys`` in that order (a dict that has them so already,
    as :func:`build_rows` and the cache make them, is taken as it is: nothing changes a list's rows)."""
    with paused():
        return RatingList(
            rules,
            period,
            tuple(row if type(row) is dict and tuple(row) == keys else {key: row[key] for key in keys} for row in rows),
        )
